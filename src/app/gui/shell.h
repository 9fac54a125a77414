// shell.h — the GUI shell's private parts, shared by app.c (sessions,
// events, update) and shell_draw.c (layout and drawing). Not for views.
#ifndef ALIFE_GUI_SHELL_H
#define ALIFE_GUI_SHELL_H

#include "alife/steering.h"
#include "compare_view.h"
#include "gui.h"
#include "options.h"
#include "session.h"
#include "text_fit.h"
#include "view.h"

enum { NMODES = 5, MAXFIG = 4 };
/// The modes, in the order of the 1 .. 5 keys and of mode_names.
enum { MODE_STEERING, MODE_ESTRINGS, MODE_ANTS, MODE_XOR, MODE_POLE };
static const char *const mode_names[NMODES] = {"steering", "estrings", "ants", "xor", "pole"};
/// The first lesson (under experiments/) each mode opens with when no CONFIG
/// of its module was given, and that L shows; NULL: steering, whose lesson
/// is its scenario's (steering/<scenario>.ini).
static const char *const mode_lessons[NMODES] = {NULL, "estrings/hello.ini", "ants/default.ini",
                                                 "xor/xor.ini", "pole/single.ini"};
static const char *const mode_titles[NMODES] = {"Steering playground", "String evolution (GA)",
                                                "Neural ant foragers", "XOR (NEAT)", "Pole balancing (CMA-ES)"};
/// A rung of the speed ladder that + and - climb: ticks a frame (-k: one
/// tick every k frames: at 60 frames a second, -30 is 2 ticks a second, -60
/// one a second: XOR's generations, for a class to watch), the control
/// steps a frame of a held view's play (al_view.hold, pole: the run waits
/// while each generation's best plays out at that pace; 0: it does not wait),
/// and whole generations a frame (gens > 0, then ticks is gens times the
/// view's al_view.generation_ticks: the frame ends three quarters into a
/// generation, never on its empty first tick).
typedef struct speed_rung {
    int ticks;
    int steps;
    int gens;
} speed_rung;
enum { AL_RUNGS_MAX = 40 };
/// The ladder of g's view into out (slowest first); returns its length:
/// one tick every 60 frames (a second) to 10,000 ticks a frame. Where a
/// generation is gen_ticks ticks (ants), the rungs from half a generation a
/// frame up are whole generations (1, 2, 5 ... up to 10,000 ticks' worth):
/// one rung, one label, before and after a generation was seen (not in a
/// brain file's replay, which loops its one generation: its top rung is the
/// fastest of ticks a frame). A view that
/// holds plays each best at 1 control step a frame at 1 tick a frame and
/// slower, then climbs through more control steps a frame (as steering
/// climbs through more ticks a frame) before a generation a frame; elsewhere
/// the rungs up to 1 tick a frame have steps 1 (speed_ladder.c).
int al_shell_ladder(const al_gui *g, speed_rung out[AL_RUNGS_MAX]);
/// The rung g runs at.
speed_rung al_shell_rung(const al_gui *g);
/// The speed in effect (al_gui_speed): ticks a frame (below 1: one tick
/// every few frames), or a held view's replay once done, its control steps
/// a frame.
double al_shell_speed_now(const al_gui *g);
/// The ticks of each generation of g's run when fixed and more than one
/// (al_view.generation_ticks, ants.ticks), else 0.
int64_t al_shell_gen_ticks(const al_gui *g);
/// Whether + and - stop at rung i of ladder l (g's, al_shell_ladder): all
/// but, once a held view's run is done, the generation rungs whose replay
/// would go slower than its top control-step rung.
bool al_shell_rung_stops(const al_gui *g, const speed_rung *l, int i);
/// + (way 1) or - (-1): the next rung + and - stop at that way, or at
/// either end the strip says so ("fastest speed: ...").
void al_shell_speed_step(al_gui *g, int way);
/// The run just finished: a held view's replay goes at the rung's control
/// steps, and a rung + and - no longer stop at (a generation rung slower
/// than the top control-step one) gives way to the one of the same pace,
/// so the next + or - goes on from there (from "10 control steps a frame" at
/// 10 generations a frame, + went to 200).
void al_shell_speed_settle(al_gui *g);
/// Rung r's words as the speed line says them: *speed whole, *brief short
/// (each cap bytes); returns whether they are a held view's play words
/// ("(each best plays out)", "(the best's replay)").
bool al_shell_rung_words(const al_gui *g, speed_rung r, char *speed, char *brief, size_t cap);
/// The + - line of the help, drawn from the ladder (its ends, and a held
/// view's play and replay rungs), into out.
void al_shell_speed_help(const al_gui *g, char *out, size_t cap);

/// What a shell key does.
typedef enum shell_action {
    K_MODE1,
    K_MODE2,
    K_MODE3,
    K_MODE4,
    K_MODE5,
    K_PAUSE,
    K_TICK,
    K_GENERATION,
    K_FASTER,
    K_SLOWER,
    K_FAST,
    K_FOREVER,
    K_JUMP,
    K_NEWRUN,
    K_COMPARE,
    K_PLOT,
    K_LESSON,
    K_HELP,
    K_SCROLL_UP,
    K_SCROLL_DOWN,
    K_LINE_UP,
    K_LINE_DOWN,
    K_SHOT,
    K_QUIT,
} shell_action;

/// The shell's keys: the handler looks keys up here, and the panel's key
/// line and the help overlay are drawn from it, so they cannot drift.
/// shift: 0 either, 1 only with Shift, -1 only without.
typedef struct shell_key {
    shell_action act;
    SDL_Keycode sym[4]; ///< keys that do it (0-terminated)
    int shift;
    const char *label;  ///< as shown ("Shift+N")
    const char *brief;  ///< for the panel's key line ("" : help only)
    const char *help;   ///< for the help overlay
} shell_key;

static const shell_key shell_keys[] = {
    {K_MODE1, {SDLK_1, SDLK_KP_1}, 0, "1", "", "steering playground (its run is kept)"},
    {K_MODE2, {SDLK_2, SDLK_KP_2}, 0, "2", "", "string evolution (its run is kept)"},
    {K_MODE3, {SDLK_3, SDLK_KP_3}, 0, "3", "", "neural ants (its run is kept)"},
    {K_MODE4, {SDLK_4, SDLK_KP_4}, 0, "4", "", "XOR with NEAT (its run is kept)"},
    {K_MODE5, {SDLK_5, SDLK_KP_5}, 0, "5", "", "pole balancing (its run is kept)"},
    {K_PAUSE, {SDLK_SPACE}, 0, "Space", "pause / run", "pause or run the simulation"},
    {K_TICK, {SDLK_n}, -1, "N", "one tick", "simulate one tick (pauses first)"},
    {K_GENERATION, {SDLK_n}, 1, "Shift+N", "one generation",
     "simulate to the end of this generation, then pause"},
    {K_FASTER, {SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS}, 0, "+ -", "speed",
     "faster / slower" /* its rungs: al_shell_speed_help */},
    {K_SLOWER, {SDLK_MINUS, SDLK_KP_MINUS}, 0, "-", "", ""},
    {K_FAST, {SDLK_f}, 0, "F", "fast-forward",
     "simulate without drawing the world; the panel keeps updating"},
    {K_FOREVER, {SDLK_e}, 0, "E", "evolve on",
     "evolve on: no generation limit, also past the end (E again: the limit)"},
    {K_JUMP, {SDLK_j}, 0, "J", "jump to gen",
     "type a generation number, Enter: fast-forward to it"},
    {K_NEWRUN, {SDLK_r}, 0, "R", "new run", "throw this mode's run away: a new one with seed + 1"},
    {K_COMPARE, {SDLK_c}, 0, "C", "compare",
     "pick runs from the database: their curves join the plot"},
    {K_PLOT, {SDLK_TAB}, 0, "Tab", "plot", "plot the next figure (fitness, the module's figures)"},
    {K_LESSON, {SDLK_l}, 0, "L", "lesson", "the lesson: what to watch, what to try, the marks"},
    // ? is Shift+/ on most keyboards: both / and ? open it (/ means nothing else)
    {K_HELP, {SDLK_h, SDLK_F1, SDLK_QUESTION, SDLK_SLASH}, 0, "H F1 ?", "help", "this help"},
    {K_SCROLL_UP, {SDLK_PAGEUP}, 0, "PgUp PgDn", "scroll panel",
     "scroll the side panel (or the mouse wheel over it); this help or the lesson when open"},
    {K_SCROLL_DOWN, {SDLK_PAGEDOWN}, 0, "PgDn", "", ""},
    {K_LINE_UP, {SDLK_UP}, 0, "Up Down", "",
     "scroll this help or the lesson (L) a line; PgUp PgDn a page, the wheel 3 lines"},
    {K_LINE_DOWN, {SDLK_DOWN}, 0, "Down", "", ""},
    {K_SHOT, {SDLK_F12}, 0, "F12", "screenshot", "save the window as a PNG into results/"},
    {K_QUIT, {SDLK_ESCAPE}, 0, "Esc", "quit", "close an overlay, else quit"}, // the help adds
                                                                        // how the run is logged (quit_help)
};
enum { NSHELLKEYS = (int)(sizeof shell_keys / sizeof shell_keys[0]) };

// Per-generation history for the plot and the "last generations" list.
typedef struct history {
    double *best, *mean, *worst;
    double *fig[MAXFIG]; ///< the view's dashed reference figures
    const char *fig_name[MAXFIG];
    int nfig;
    double *all[AL_MAX_FIGURES]; ///< every figure of the module's statistics (Tab plots one)
    char all_name[AL_MAX_FIGURES][32];
    int nall;
    int n, cap;
    /// Steering's plot: x = 0 (t = 0 s) still to be put, empty, before the
    /// first report (each report drawn at its time, k + 1 periods).
    bool start_known;
} history;

struct al_gui {
    // options, copied
    char *config_path;
    char *config_text;      ///< the config's INI text, when given as text (a brain file's)
    char config_module[16]; ///< module of config_path ("" without one)
    unsigned char *brain;   ///< --brain: the stored blob to replay in the ants view (owned;
                            ///< NULL once a new run replaced the replay)
    size_t brain_n;         ///< its bytes
    uint64_t brain_seed;
    int64_t brain_gen;
    double brain_fitness;
    bool brain_file;        ///< opened with --brain (config_path names the file), also after a new run
    al_sets sets;           ///< --set overrides, for sets_mode's sessions
    int sets_mode;
    al_sets extra[NMODES];    ///< overrides asked for by views, per mode
    int64_t seed_for[NMODES]; ///< seed of the next session of each mode (-1: config's)
    char *db_path;
    char *read_db; ///< al_gui_opts.read_db, else db_path: what C lists
    char shot_dir[512];
    bool offscreen;
    bool script_clock; ///< al_gui_opts.script_clock: al_shell_now counts frames
    const alModuleClass *const *modules; ///< tests' own classes (NULL: the build's)
    const al_view *const *views;         ///< with modules: the views to use

    SDL_Window *win;
    SDL_Surface *surface; ///< offscreen target
    SDL_Renderer *r;
    al_font *font, *small, *mono, *title;
    al_batch batch;
    al_compare_view *cmpv; ///< the compare view (C): runs from the database on the plot

    int mode;
    alConfig *cfg; ///< the current mode's resolved config (for display)
    al_session s;
    bool have_session;
    const al_view *view;
    al_view_ctx ctx;
    history hist;

    bool paused, fast, help, done, quit, step_once, shot_pending;
    bool fast_paused; ///< the run was paused when F turned fast-forward on (F off pauses it again)
    int signalled;    ///< the signal (SIGINT, SIGTERM) that closed the window, 0 none
    int interrupted;  ///< logged runs ended interrupted (end_session)
    /// What a brain file's replay shows, as of the last update (the view's
    /// .shown): `state` and a script's `at tick` / `at gen` follow it.
    int64_t replay_gen, replay_tick;
    int64_t replay_ticks; ///< the replayed generation's ticks (its tick runs 0 .. replay_ticks-1)
    bool replay_known;
    bool lesson;      ///< the lesson overlay (L) is open
    bool forever;     ///< no generation limit (E)
    bool forever_opt; ///< --forever: every run starts without a limit
    int64_t jump_to;  ///< simulate until this generation (J, Shift+N); 0 none
    int64_t frame_gen_stop; ///< a frame's simulation stops when this generation is reached
                            ///< (a script's next `at gen N`); 0 none
    int64_t frame_tick_stop; ///< a brain file's replay stops a frame at this tick (a script's
                             ///< next `at tick N`); 0 none
    bool jump_pause;  ///< pause when jump_to is reached (Shift+N)
    bool jump_message; ///< the strip shows what the jump under way does (it goes when the jump ends)
    bool jump_typing; ///< J: digits typed go to jump_text
    bool jump_drop_j; ///< the 'j' text event of the key that opened the prompt is not a digit
    char jump_text[24];     ///< the digits typed (al_jump_prompt_type)
    char jump_left_out[32]; ///< what else was typed into the prompt: left out, and said so
    bool from_check;  ///< at jump_to, compare the last generation with from_best / from_mean
    double from_best, from_mean;
    char from_label[160];
    char from_how[384]; ///< how generation gen - 1 was reached: "from the seed (...)", ...
    int speed_idx;    ///< the rung of al_shell_ladder(g) it runs at
    int64_t frame;    ///< frames drawn (slow speeds tick every k frames)
    int plot_fig;     ///< what the plot shows: 0 fitness, k: figure k-1 of the last stats
    int scroll;       ///< the panel's scroll offset, pixels
    int scroll_max;   ///< how far it can scroll, as of the last frame
    int64_t input_frames; ///< frames whose input was read (paused ones too)
    /// The wheel's last gesture over the panel: whether it scrolled (else it
    /// changed a value), the input frame and mouse position of its last notch.
    bool wheel_scrolled;
    int64_t wheel_frame;
    int wheel_x, wheel_y;
    /// A wheel or drag gesture on a panel value is one edit of the run
    /// (al_session_mark_edited): its number (0: none yet), and how many of
    /// the key presses it pushed are still in SDL's queue.
    int64_t gesture;
    int gesture_keys;
    /// A key that would throw away an evolved run, pressed once (confirm.c):
    /// the key and Shift, and until when (al_shell_now) a second press does it.
    SDL_Keycode confirm_sym;
    bool confirm_shift;
    double confirm_until;
    int64_t piece; ///< ticks per al_session_advance call in a frame (adapted to ~5 ms)
    double tick_s;   ///< seconds a tick took in the last piece (0: not measured)
    double update_s; ///< seconds the last frame's ticks took (for `state`)
    int64_t frames_cut; ///< frames whose ticks the wall-time budget cut short (for `state`)
    double fps, last_frame;
    /// F's rate, for the speed line: generations (steering: report periods)
    /// a second of wall time, measured over about a second (fast_rate < 0:
    /// not measured yet), from fast_t0 and fast_g0 at the window's start.
    double fast_rate, fast_t0;
    int64_t fast_g0;
    bool fast_was; ///< fast as of the last update (a new F starts measuring)
    /// Each mode's run while another mode is shown (1 2 3 keep them).
    struct parked {
        bool used;
        alConfig *cfg;
        al_session s;
        bool have_session, done, paused, forever;
        const al_view *view;
        al_view_ctx ctx;
        history hist;
        int speed_idx;
        int scroll;               ///< its panel's scroll offset (each mode keeps its own)
        char message[AL_SAY_MAX]; ///< the mode's message, shown again with it
        int message_keep;
        SDL_Color message_col;
        double message_until;
    } parked[NMODES];
    alError store_err; ///< the first store failure (al_gui_end_runs reports it)
    char message[AL_SAY_MAX];
    /// Bytes of message before the part the strip keeps in sight when it must
    /// cut (what the user typed: al_view_say_keep); 0: the end is cut.
    int message_keep;
    SDL_Color message_col;
    double message_until;
    bool message_from_view; ///< the strip's message is the view's (al_view_say), which al_view_unsay takes back
    /// The state badges and the world caption as last drawn (for `state`):
    /// beside the world rectangle (the jump prompt over its top edge when
    /// it has no room beside the banner).
    SDL_Rect badges[4];
    bool badge_cut[4]; ///< its text shortened with "…"
    int nbadges;
    char banner[320]; ///< the first badge's text ("" none)
    char status_shown[200]; ///< the status line as last drawn (a form of al_shell_status)
    SDL_Rect status_rect;   ///< where, its width the text's
    bool status_cut;        ///< it had to be cut with "…" (even its shortest form was too wide)
    struct al_canvas_texts world_texts; ///< the world area's words as last drawn (for `state`)
    int marks_outside; ///< the world's marks last drawn past its rectangle (al_canvas.marks_outside)
    SDL_Rect caption_rect; ///< the world's caption as last drawn (w 0: none)
    SDL_Rect message_rect; ///< the message strip as last drawn (w 0: none)
    char last_shot[600];

    al_panel_sections sections; ///< the panel's sections as last drawn
    struct fold {
        SDL_Rect heading; ///< where a foldable heading was drawn (clicks)
        bool *closed;
    } folds[4];
    int nfolds;
    SDL_Rect tabs[NMODES]; ///< where the mode tabs were drawn (a click switches mode like 1..5)
    int drag_hot;         ///< the panel value being dragged, -1 none
    SDL_Keycode drag_key; ///< its key
    SDL_Keycode drag_less; ///< its key for less (0: Shift+key)
    int drag_x;           ///< where the drag last stepped
    bool fold_params, fold_keys; ///< the Parameters / Keys sections are folded
    bool more_above, more_below; ///< the panel shows a "more" sign
    char help_title[80];         ///< the help overlay's title as last drawn
    char help_foot[160];         ///< its last line as drawn: which keys close it
    char help_note[160];         ///< the line above it as drawn: what is logged, or that lines are cut ("": a "more" sign)
    bool message_in_panel;       ///< the last frame left the message to its panel section (al_view_say_in)
    char overlay_note[80];       ///< what the open overlay said of the run behind it (al_overlay_run_note)
    char help_drawn[1024];       ///< the key labels the help overlay drew last
    char keys_drawn[512];        ///< the key labels the panel's Keys line drew last ('\n' between)
    int help_cut;                ///< keys whose description was cut with "…" (too long even wrapped)
    int help_top;                ///< the help's first row shown (it scrolls in a small window)
    int help_rows, help_visible; ///< its rows (a column's) and how many fit, as last drawn
    bool help_more_above, help_more_below; ///< its "more" signs, as last drawn
    char help_shown[6144];       ///< the rows drawn, "key\ttext" each ('\n' between; key "" under a key)
    char lesson_drawn[1024];     ///< the lesson file the lesson overlay showed last
    int lesson_top;              ///< the lesson overlay's first row shown (its scroll)
    int lesson_rows, lesson_visible; ///< its rows (wrapped) and how many fit, as last drawn
    bool lesson_more_above, lesson_more_below; ///< its "more" signs, as last drawn
    SDL_Rect sign_panel, sign_lesson; ///< where al_shell_more_sign last drew each (w 0: none)
    char summary[256];    ///< the module's summary under the table, as last drawn
    /// The empty table's room (panel_stats): the pixels of its full height
    /// it did not take last frame (0: it took them), the page's top then
    /// (window y), and whether the page fits its view with them taken.
    int table_saved, table_saved_y;
    bool table_room;
    int table_n;          ///< the table's generation numbers as last drawn, newest first:
    long long table_gen[8]; ///< [0] the generation under way (or next), then those finished
    const char *table_top;  ///< what the top row says of table_gen[0] ("under way", ...)
    long long table_earlier; ///< finished generations older than the table's rows, left out
                             ///< (its last row says so: "... 3 earlier rows")
    int summary_lines;    ///< the lines it took
    bool summary_cut;     ///< it was cut with "…" (more lines than its room)
    int table_end_y;      ///< window y below the table's last row as last drawn
    int summary_y;        ///< window y of the summary's first line (0: none drawn)
    char lesson_last[600];       ///< the last row it drew (for `state`)
    char lesson_text[8192];      ///< the lesson's text as it showed it, a paragraph a line (for `state`)
    char lesson_marks[512];      ///< the legend's marks the lesson overlay drew last ('\n' between)
    bool lesson_cut;             ///< the lesson overlay could not show all of its lines
    char plotted[64];           ///< the plotted figure's name, as last drawn
    char logging[80];           ///< what the speed line says of logging, as last drawn
    char speed_shown[256];      ///< the speed line as last drawn (a form of al_shell_speed_fit)
    char speed_full[256];       ///< its longest form
    bool speed_cut;             ///< it dropped the seed or had to be cut, with "…" (al_shell_speed_fit)
    char plot_title[160]; ///< the plot's title as last drawn (for `state`)
    char plot_title_full[240]; ///< the whole title (plot_title may be shortened to fit)
    bool plot_title_cut;       ///< plot_title is cut with "…" (even without its hint it did not fit)
    SDL_Rect plot_title_rect;  ///< where the title was drawn, its width the text's
    SDL_Rect plot_rect;        ///< the plot's area
    al_plot_drawn plot_drawn;  ///< what the plot drew there: its axes, legend rows, series left out
    double plot_lo, plot_hi;   ///< its y range as last drawn (al_plot_range)
    int plot_nlines;           ///< its lines as last drawn: legend words, dashed or not
    struct { char name[64]; bool dashed; } plot_lines[2 + MAXFIG];
    int plotted_index;          ///< and its index (0 fitness, k figure k-1)
    int mouse_x, mouse_y;       ///< the mouse, from the last motion or button event
};

/// At a rung of whole generations (speed_rung.gens), the frame runs that
/// many and ends three quarters into one (never on a generation's first
/// tick, where the world is empty): how many a frame, 0 when speeds are
/// plain ticks (app.c).
int64_t al_shell_gens_per_frame(const al_gui *g);
/// Whether the shown run is the replay of alife gui --brain FILE (the ants
/// mode, before a new run replaced it): nothing evolves, nothing is logged.
bool al_shell_brain_replay(const al_gui *g);
/// Whether key press k may throw away the shown run for a new one with
/// the override assignment (NULL: R's seed + 1): yes at once while the
/// run has evolved no generation (or is finished, or a replay); else the
/// first press only says so on the strip, and a second press of the same
/// key within a few seconds says yes (confirm.c). Any other key forgets
/// the first press (al_shell_confirm_other).
bool al_shell_confirm_new_run(al_gui *g, const SDL_KeyboardEvent *k, const char *assignment);
/// Why a new run now is not asked first, for the strip to say when it
/// starts at once ("no generation of its run was done yet", ...); NULL when
/// it is asked (al_shell_run_at_stake) or nothing needs saying (steering, a
/// brain file's replay).
const char *al_shell_unasked_why(const al_gui *g);
/// What an override changes, in words ("the ant count"; NULL: "the seed").
void al_shell_change_words(const char *assignment, char *out, size_t cap);
/// Whether a new run now would throw away an evolved run (and so is asked first).
bool al_shell_run_at_stake(const al_gui *g);
/// A key press that is not a confirmation: forgets a pending first press.
void al_shell_confirm_other(al_gui *g, const SDL_KeyboardEvent *k);
/// Whether the user's closing (Esc, the window, a mode or scenario switch,
/// R) logs the run s, not done, finished with stop reason "closed" (true)
/// or interrupted (false): the one rule the window ends runs by.
bool al_shell_close_finishes(const al_session *s);
/// Whether shell key act does nothing under view v (NULL: none), brain true
/// in a brain file's replay (al_shell_brain_replay): steering has no
/// generations to evolve on (E) or jump to (J); in a brain file's replay
/// (alife gui --brain) nothing evolves, so there is no generation to step
/// to (Shift+N), fast-forward (F), evolve on (E), jump to (J) or plot (Tab).
/// The help and the panel's key line leave such a key out, and the handler
/// says why it does nothing (app.c).
bool al_shell_key_idle(const al_view *v, bool brain, shell_action act);
/// J's prompt (jump_prompt.c). _open: empty, typing. _type: typed text;
/// its digits are kept, anything else is left out and the strip says so
/// ("J takes digits only"), as it says a number past al_jump_max. _take
/// (Enter): closes it; true with the generation typed in *gen, false when
/// there is none or it is too large (the strip says why: nothing is cut
/// to fit). al_jump_max: the largest generation J goes to, the most
/// run.generations takes (1,000,000,000).
void al_jump_prompt_open(al_gui *g);
void al_jump_prompt_type(al_gui *g, const char *text);
bool al_jump_prompt_take(al_gui *g, int64_t *gen);
int64_t al_jump_max(void);
/// Whether shell key act has nothing left to do because the shown run
/// ended at its goal or stalled (al_session.goal): no generation to step to
/// (Shift+N; N where a tick is a generation),
/// fast-forward (F), evolve on (E) or jump to (J). The help marks such a
/// key and the handler refuses it, both in al_shell_after_goal_words
/// (goal_keys.c).
bool al_shell_key_after_goal(const al_gui *g, shell_action act);
/// The one way the window says such a key does nothing: "<label> does
/// nothing now: the goal is reached after N generations, ... (R: a new
/// run)"; label NULL: the words without it (the help overlay's).
void al_shell_after_goal_words(const al_gui *g, const char *label, char *out, size_t cap);
/// True for a key a run stopped at its limit or target (not its goal) has
/// no use for: F and Shift+N run the generation under way, and there is
/// none (Shift+N there ran a generation past the limit as J does, and the
/// run's record said "the target jumped to"). E and J evolve on.
bool al_shell_key_at_limit(const al_gui *g, shell_action act);
/// The folded Keys section's one line: what Space does now ("Space: run"
/// while paused; it said "Space: pause" there).
const char *al_shell_keys_folded_note(const al_gui *g);
/// What such a key says when pressed: "F does nothing now: the run is at
/// its limit (E: evolve on, J: jump on)".
void al_shell_at_limit_words(const al_gui *g, const char *label, char *out, size_t cap);
/// What R's help adds, by the rule al_shell_confirm_new_run asks by: that
/// it asks first while the run shown is at stake, or that it does it at once
/// (confirm.c); "" where neither needs saying (steering, a brain file's replay).
void al_shell_confirm_words(const al_gui *g, char *out, size_t cap);
/// What the window logs of the run shown: the speed line and the help's Esc
/// line say it from here (shell_draw.c).
typedef enum al_log_state {
    AL_LOG_OFF,     ///< no database (--no-log) or no session: nothing is logged
    AL_LOG_BRAIN,   ///< a brain file's replay: nothing of it is logged
    AL_LOG_WAITING, ///< logging, no generation (steering: report) stored yet: closing now leaves no run
    AL_LOG_ON,      ///< logging as run s.run_id
    AL_LOG_STORED,  ///< its log closed at its end (a goal): stored, finished
    AL_LOG_STOPPED, ///< its log closed by a database failure: what was stored stays
} al_log_state;
al_log_state al_shell_log_state(const al_gui *g);
/// A shell key's words under view v (NULL: none), brain true in a brain
/// file's replay (*brief for the panel's key line, *help for the help
/// overlay; both "" for a key that does nothing there, al_shell_key_idle):
/// the table's, but where one tick is one generation
/// (al_view.tick_is_generation) N is one generation and Shift+N the same, so
/// neither says "tick" (the help's + - line is al_shell_speed_help's).
void al_shell_key_words(const al_view *v, bool brain, const shell_key *k, const char **brief, const char **help);
/// The shell's clock in seconds: al_now(), or with a script (script_clock)
/// its input frames at 60 a second, so what lives "ten seconds" lives 600
/// frames however long they take.
double al_shell_now(const al_gui *g);
/// Shows a message in the panel for ten seconds of al_shell_now (printf-style).
void al_shell_say(al_gui *g, SDL_Color col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// The renderer's output size in pixels.
void al_shell_output_size(const al_gui *g, int *w, int *h);
/// The shell_keys entry of a key press, or NULL (app.c).
const shell_key *al_shell_key_of(SDL_Keycode sym, Uint16 mod);
/// The mouse on the panel's values (shell_draw.c): a wheel notch or a drag
/// over a key parameter's value changes it; returns true when used.
bool al_shell_panel_wheel(al_gui *g, const SDL_Event *e);
/// The line drawn over the world while fast-forwarding (F), counting what
/// the view's plot counts (steering: report periods, not generations).
void al_shell_fast_line(const al_gui *g, char *buf, size_t cap);
/// The "more above / more below" sign of a scrolled page (the panel, the
/// lesson overlay): a strip sh + 4 px tall whose top left is (x, y) and
/// width w, with a triangle for each way there is more and "more below:
/// how"; returns the strip drawn.
SDL_Rect al_shell_more_sign(al_gui *g, int x, int y, int w, bool above, bool below, const char *how);
void al_shell_panel_mouse(al_gui *g, const SDL_Event *e);
/// Finds a lesson file by its path under experiments/ ("steering/boids.ini"):
/// $ALIFE_EXPERIMENTS, ./experiments, next to the program, the source tree.
bool al_lesson_find(const char *rel, char *out, size_t cap);
/// The opening comment of a lesson file (its ';' lines before the first key,
/// markers stripped), lines separated by '\n'; returns its lines, -1 when
/// the file cannot be read.
int al_lesson_text(const char *path, char *out, size_t cap);
/// Whether a lesson line opens a paragraph of its own by its first words
/// ("What to watch", "Watch", "Try", "Run:", "In the window", ...).
bool al_lesson_opens_paragraph(const char *line);
/// Joins, in place, the lines of each paragraph of a lesson text (from
/// al_lesson_text) into one line, so the overlay wraps it to its own width:
/// a paragraph ends at an empty line, before a line that opens one
/// (al_lesson_opens_paragraph) and around an indented line (a command or a
/// formula, kept as written); the first line (the title) stands alone.
/// Returns the lines left.
int al_lesson_paragraphs(char *text);
/// The lesson overlay (lesson_overlay.c): draws it, scrolled to
/// g->lesson_top (clamped); scrolls it by rows (negative: up).
void al_lesson_overlay_draw(al_gui *g);
void al_lesson_overlay_scroll(al_gui *g, int rows);
/// The help overlay (help_overlay.c): draws it, scrolled to g->help_top
/// (clamped) when it does not fit; scrolls it by rows (negative: up).
void al_help_overlay_draw(al_gui *g);
void al_shell_help_scroll(al_gui *g, int rows);
/// What the marks mean, for the running config (the lesson overlay's list).
void al_lesson_marks(al_gui *g, char *out, size_t cap);
/// Appends the first column (up to two spaces) of each "key  text" line of s
/// to dst, '\n' between (what the help and the lesson drew, for `state`).
void al_first_columns(char *dst, size_t cap, const char *s);
/// The lesson file of what is shown, or "" (shell_draw.c).
void al_shell_lesson_path(al_gui *g, char *out, size_t cap);
/// What `state` reports of the current view (shell_state.c).
void al_shell_report(al_gui *g, al_view_report *r);
/// The status line: what the world shows (the live run's state, tick and
/// generations, or the replayed generation and its tick); its colour in
/// *col when col is not NULL (shell_draw.c).
void al_shell_status(al_gui *g, char *out, size_t cap, SDL_Color *col);
/// The same in the longest form that fits width pixels in font f (shorter
/// forms drop the tick, then the state's words; numbers are never cut);
/// true only when even the shortest had to be cut with "…".
bool al_shell_status_fit(al_gui *g, const al_font *f, int width, char *out, size_t cap, SDL_Color *col);
/// The status line's tick of the live run: within the generation under way
/// ("tick 60 of 2000", as a replay's is), never since the run or the window
/// began.
void al_shell_gen_tick(const al_gui *g, char *out, size_t cap);
/// The speed line under it (speed, fps, seed, logging with the run id, the
/// E hint) in the longest form that fits width pixels in font f, the same
/// ladder in every mode: the fps goes first, then the words shorten, then
/// the seed, leaving AL_ELLIPSIS where it was; the run id and the E hint are
/// in every form. Writes g->logging and g->speed_full (the longest); true
/// when something was dropped with a sign: the seed, or even the shortest
/// form cut with "…".
bool al_shell_speed_fit(al_gui *g, const al_font *f, int width, char *out, size_t cap);
/// The world view's canvas for the current size and session.
void al_shell_canvas(al_gui *g, al_canvas *c);
/// Where the Parameters section lists key: 0 the module's own, 1 the
/// running algorithm's (run.algorithm; other algorithms' keys are not
/// listed), 2 run.*, 3 world.* (none for a view without a world); -1 not
/// listed (shell_draw.c).
int al_gui_param_group(const al_gui *g, const char *key);

#endif
