// view.h — what a module's view implements, and the drawing helpers it uses.
//
// How to write a view (src/app/gui/view_<module>.c):
//   1. Define `const al_view al_view_<module> = {.module = "<module>", ...};`
//      with at least .draw. Every other field may be left zero.
//   2. List it in src/app/gui/views.c: an `extern const al_view al_view_<module>;`
//      line and `&al_view_<module>,` in views[] (a one-line edit each).
//   3. draw(ctx, c): draw the module's state (ctx->mod, read only) into the
//      world view with the al_draw_* helpers, which take WORLD coordinates and
//      do the world->screen transform. For many agents, fill the canvas's
//      shared batch c->batch with al_batch_tri / al_batch_disc / al_batch_line
//      and call al_batch_draw(c) once: one SDL_RenderGeometry call draws
//      20,000 triangles. Never step the module while drawing.
//   4. panel(ctx, p): add the module's own lines to the side panel (the shell
//      already shows the title, status, keys, parameters, last generations
//      and the plot of best/mean). Use al_panel_heading / al_panel_text /
//      al_panel_kv / al_panel_chars (per-character colours, monospaced) /
//      al_panel_textinput / al_panel_area (a rectangle to draw into yourself).
//   5. event(ctx, e, c): mouse and keys. Return true when the view used the
//      event (the shell then ignores it: e.g. '1' typed into a text box does
//      not switch the mode). Views see events first, so leave the shell's
//      keys (1 2 3 Space N + - F R H F1 F12 Esc) alone unless a text box
//      has the keyboard. Convert mouse positions with al_canvas_to_world.
//      To rebuild the run with a changed key (e.g. a new estrings target),
//      call al_view_request_restart(ctx, "estrings.target=Hi"): the shell
//      closes the session and opens a new one with that override after the
//      event returns (and keeps it for R and for coming back to the mode); a
//      bad value leaves the run as it was and shows the config error.
//   6. update(ctx, ticks), optional, runs once per frame in the update phase:
//      advance the view's own animations there (a replay), never in draw.
//   7. Optional state (toggles, selection, text box): create() returns it,
//      destroy() frees it; it lives as long as one session (R, mode switch
//      and restart requests make a new one). It is ctx->state. Read current
//      values from the session's config in create, e.g.
//      alConfig_String(ctx->session->cfg, "estrings.target").
//   8. Plot extras: .plot_figures names alGenStats figures drawn as dashed
//      reference lines (e.g. "baseline_mean"); .plot_y / .plot_x title axes.
// The shell owns the window, the renderer, the fonts and the batch; views
// never create SDL objects of their own except through these helpers.
// Coordinates: world units, origin top-left, y down (alife/world.h).
#ifndef ALIFE_GUI_VIEW_H
#define ALIFE_GUI_VIEW_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "alife/module.h"
#include "alife/vec2.h"
#include "alife/world.h"
#include "name_cut.h" // AL_ELLIPSIS, the one sign of a cut
#include "session.h"

// ---- colours (dark theme) ---------------------------------------------------
#define AL_RGBA(r, g, b, a) ((SDL_Color){(Uint8)(r), (Uint8)(g), (Uint8)(b), (Uint8)(a)})
#define AL_RGB(r, g, b) AL_RGBA(r, g, b, 255)
#define AL_COL_BG AL_RGB(18, 20, 26)        ///< window background
#define AL_COL_WORLD AL_RGB(28, 32, 40)     ///< inside the world rectangle
#define AL_COL_BORDER AL_RGB(80, 88, 104)   ///< world rectangle, panel rules
#define AL_COL_PANEL AL_RGB(24, 27, 34)     ///< side panel background
#define AL_COL_TEXT AL_RGB(226, 230, 238)   ///< ordinary text
#define AL_COL_DIM AL_RGB(140, 148, 164)    ///< labels, secondary text
#define AL_COL_ACCENT AL_RGB(110, 180, 255) ///< headings, selection
#define AL_COL_GOOD AL_RGB(110, 220, 120)   ///< food, correct characters
#define AL_COL_BAD AL_RGB(240, 90, 90)      ///< mines, errors
#define AL_COL_WARN AL_RGB(250, 210, 90)    ///< numbers, highlights
#define AL_COL_BEST AL_RGB(255, 170, 60)    ///< plot: best per generation
#define AL_COL_MEAN AL_RGB(90, 200, 230)    ///< plot: mean per generation
#define AL_COL_AGENT AL_RGB(200, 210, 230)  ///< default agent colour
// Every network drawing (XOR, the pole's controller, an ant's brain) colours
// its links so, and every legend says it with AL_LINK_LEGEND (one scheme:
// the trial found blue/red in one view and green/red in two).
#define AL_COL_LINK_POS AL_COL_MEAN         ///< a link of positive weight (blue)
#define AL_COL_LINK_NEG AL_COL_BAD          ///< a link of negative weight (red)
#define AL_LINK_LEGEND "blue / red links  positive / negative weights (thicker: larger)"

/// What a brain file's window is (alife gui --brain), where a run's
/// generations would be: the table, the plot and the species plot say it.
#define AL_BRAIN_NO_GENERATIONS "one brain file's generation replayed"

// ---- text ---------------------------------------------------------------------
/// A font at one size, rendered once into a glyph atlas (printable ASCII,
/// Latin-1 and Latin Extended-A from UTF-8; other characters show as '?',
/// or, in fitted text, by their code: al_text_spell).
/// Owned by the shell.
typedef struct al_font al_font;

/// Line height in pixels.
int al_font_height(const al_font *f);
/// Width in pixels of text (UTF-8; characters the atlas lacks count as '?').
int al_text_width(const al_font *f, const char *text);
/// Text with every character f has no glyph for named by its code in
/// brackets ("Ab[U+2603]cdef") instead of drawn as '?' (one alone in quotes,
/// 'X', is named without quotes or brackets: "U+2603"): out (cap
/// bytes, cut at a character when it is too small), or text itself when f
/// draws all of it. The text fitting (al_text_wrap, al_panel_wrap) uses it.
const char *al_text_spell(const al_font *f, const char *text, char *out, size_t cap);
/// Cuts text (UTF-8, in a buffer of cap bytes) to at most width pixels,
/// ending it with "…" at a character boundary; returns whether it was cut.
bool al_text_fit(const al_font *f, char *buf, size_t cap, int width);
/// Draws text with its top-left corner at (x, y) pixels; returns its width.
int al_draw_text_px(SDL_Renderer *r, const al_font *f, float x, float y, SDL_Color col,
                    const char *text);

// ---- the world view -------------------------------------------------------------
/// Vertices of triangles to draw in one SDL_RenderGeometry call. Grows as
/// needed (amortised; no allocation once it has reached its working size).
typedef struct al_batch {
    SDL_Vertex *v;
    int count, cap; ///< vertices (three per triangle)
    bool failed;    ///< an allocation failed: some shapes were dropped
} al_batch;

/// The world view: a rectangle of the window showing the whole world,
/// scaled to fit with its aspect ratio kept. Valid during one draw/event call.
typedef struct al_canvas {
    SDL_Renderer *r;
    SDL_Rect rect;        ///< the view's area of the window, pixels
    SDL_FRect world_px;   ///< where the world rectangle lands on screen, pixels
    alWorld world;        ///< the session's world
    float scale;          ///< pixels per world unit
    const al_font *font;  ///< 15 px sans
    const al_font *small; ///< 13 px sans
    const al_font *mono;  ///< 14 px monospaced
    al_batch *batch;      ///< shared, empty at the start of draw
    struct al_canvas_texts *texts; ///< where al_canvas_text records what it drew (may be NULL)
    int *marks_outside; ///< where the drawing helpers count marks that reached past the world
                        ///< rectangle unclipped (`state`'s "world_marks_outside"; may be NULL)
} al_canvas;

/// World point -> window pixels.
static inline SDL_FPoint al_canvas_to_screen(const al_canvas *c, alVec2 w)
{
    return (SDL_FPoint){c->world_px.x + w.x * c->scale, c->world_px.y + w.y * c->scale};
}
/// Window pixels -> world point (may lie outside the world).
static inline alVec2 al_canvas_to_world(const al_canvas *c, float sx, float sy)
{
    return alV2((sx - c->world_px.x) / c->scale, (sy - c->world_px.y) / c->scale);
}
/// Whether window pixel (sx, sy) lies on the world rectangle.
bool al_canvas_hit(const al_canvas *c, int sx, int sy);
/// Clips the renderer to the world rectangle (within the view's area): what
/// is drawn after it stays on the world. Returns false when nothing of the
/// world is on screen. Undo with SDL_RenderSetClipRect(c->r, &c->rect).
bool al_canvas_clip_world(al_canvas *c);

/// A line from a to b (world units), 1 px wide.
void al_draw_line(al_canvas *c, alVec2 a, alVec2 b, SDL_Color col);
/// A circle outline of radius r (world units).
void al_draw_circle(al_canvas *c, alVec2 centre, float r, SDL_Color col);
/// A filled circle of radius r (world units), at least 1.5 px.
void al_draw_disc(al_canvas *c, alVec2 centre, float r, SDL_Color col);
/// Text centred on a world point, in the small font; printf-style. It stays
/// on the world rectangle: shifted in from its edges, wrapped when wider
/// (al_canvas_text).
void al_draw_text(al_canvas *c, alVec2 at, SDL_Color col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/// Text in font f fitted into box (pixels), the one way to write words in
/// the world area (captions, notices, headlines): wrapped to the box's width
/// over as many lines as its height holds, the last cut with "…" when it
/// does not all fit (text_fit.h); each line left-aligned (align < 0),
/// centred (0) or right-aligned (> 0) in the box, from its top. Recorded for
/// `state`'s "world_texts". Returns what the lines cover (w 0: none fitted).
SDL_Rect al_canvas_text(al_canvas *c, const al_font *f, SDL_Rect box, int align, SDL_Color col,
                        const char *text);

/// Makes room for n more vertices (optional; the add functions grow too).
void al_batch_reserve(al_batch *b, int n);
/// An isosceles triangle pointing along heading (need not be unit length):
/// nose at pos + size/2 along heading, length size and width 0.6*size
/// (world units, drawn at least 5 px long so tiny agents stay visible).
void al_batch_tri(al_batch *b, const al_canvas *c, alVec2 pos, alVec2 heading, float size,
                  SDL_Color col);
/// A filled circle of radius r (world units) as a fan of segments (3..64).
void al_batch_disc(al_batch *b, const al_canvas *c, alVec2 centre, float r, int segments,
                   SDL_Color col);
/// A line from a to b (world units) width_px pixels wide (a thin quad).
void al_batch_line(al_batch *b, const al_canvas *c, alVec2 a, alVec2 b2, float width_px,
                   SDL_Color col);
/// Draws the canvas's batch in one SDL_RenderGeometry call and empties it.
void al_batch_draw(al_canvas *c);
/// Frees the vertices; the struct may be reused.
void al_batch_free(al_batch *b);

// ---- the side panel -------------------------------------------------------------
/// The side panel, laid out top to bottom from a cursor. Lines that do not fit
/// above p->bottom are skipped (the plot sits below it). Valid during one call.
typedef struct al_panel {
    SDL_Renderer *r;
    SDL_Rect rect;        ///< the panel's area
    int x, y;             ///< cursor: top-left of the next line
    int width;            ///< usable width from x
    int bottom;           ///< nothing is drawn at or below this y
    const al_font *font;  ///< 15 px sans
    const al_font *small; ///< 13 px sans
    const al_font *mono;  ///< 14 px monospaced
    const al_font *title; ///< 20 px bold sans
    struct al_panel_sections *sections; ///< where headings record their sections (may be NULL)
} al_panel;

/// A panel section as last drawn: from its heading to the next one. For
/// `state` in the --script harness and for the shell's "more below" sign.
typedef struct al_panel_section {
    char name[48];  ///< the heading up to " (" ("Scenario", "Flock", ...)
    SDL_Rect rect;  ///< pixels; h is 0 when the section did not fit at all
    bool cut;       ///< some of its lines did not fit or are scrolled out of view
    bool collapsed; ///< folded to its heading (a click opens it)
} al_panel_section;
enum { AL_PANEL_MAX_SECTIONS = 24 };
enum { AL_PANEL_MAX_HOT = 32 };
typedef struct al_panel_sections {
    al_panel_section s[AL_PANEL_MAX_SECTIONS];
    int n;
    /// Values the mouse changes (al_panel_hotkey), as last drawn.
    struct al_panel_hot {
        SDL_Rect r;
        SDL_Keycode key;  ///< pressed for more (wheel up, drag right)
        SDL_Keycode less; ///< pressed for less; 0: Shift+key
        char name[24];    ///< for the `state` JSON ("" : not listed there)
        double value;     ///< the value shown, as last drawn
    } hot[AL_PANEL_MAX_HOT];
    int nhot;
    /// The lines that wrapped text went on to, past each text's first
    /// ('\n' after each), as last drawn: `state` shows where lines broke.
    char wrapped_on[1024];
    /// Each label / value row (al_panel_kv) as last drawn, "section\tlabel\tvalue\n"
    /// (the label as drawn, the value whole): `state` shows which is which.
    char rows[2048];
} al_panel_sections;

/// A section heading in the accent colour, with a little space above; when
/// not even one line fits under it, nothing is drawn and the panel is full.
void al_panel_heading(al_panel *p, const char *text);
/// One line of text; printf-style; wrapped at spaces over up to three lines
/// when too wide, the third cut with "…" (the section then says cut).
void al_panel_text(al_panel *p, SDL_Color col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// One line of text in font f that never wraps (cut with "…", the section
/// then says cut): for lines whose height must not change as their text
/// grows, such as the status line, so nothing below moves.
void al_panel_line(al_panel *p, const al_font *f, SDL_Color col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/// One line of small dim text (wrapped as al_panel_text).
void al_panel_note(al_panel *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// "label    value": the label dim on the left, the value on the right half,
/// a long value wrapped under itself over up to three lines.
void al_panel_kv(al_panel *p, const char *label, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// Text in font f wrapped at spaces (and '/') over at most max_lines lines;
/// the last one is cut with "…" if text is longer still.
void al_panel_wrap(al_panel *p, const al_font *f, SDL_Color col, const char *text, int max_lines);
/// The lines text takes in the panel's width in font f, wrapped as al_panel_wrap does.
int al_panel_wrap_lines(const al_panel *p, const al_font *f, const char *text);
/// Monospaced text with one colour per byte (colours[i] for text[i]); n
/// colours, bytes past n use AL_COL_TEXT. For highlighting characters.
void al_panel_chars(al_panel *p, const char *text, const SDL_Color *colours, int n);
/// Reserves a block height pixels tall and the panel's width for custom
/// drawing; returns it, or a rectangle of height 0 when it does not fit.
SDL_Rect al_panel_area(al_panel *p, int height);
/// Sections for the shell's own blocks (the plot): begin one named name
/// (fits false: none of it is shown), end the current one at the cursor, or
/// mark it cut (part of it is not shown).
void al_panel_section_begin(al_panel *p, const char *name, bool fits);
void al_panel_section_end(al_panel *p);
void al_panel_section_cut(al_panel *p);
/// Makes the lines drawn since y0 (the cursor before them) a value the
/// mouse changes like a slider: a wheel notch up or a drag right over them
/// is a press of key, down or left a Shift+key, through SDL's queue, so the
/// view's own key handling does the change (e.g. S: more max speed).
void al_panel_hotkey(al_panel *p, int y0, SDL_Keycode key);
/// A parameter's line (printf-style, as al_panel_text) that the mouse
/// changes like a slider, the one way every view offers one: the wheel over
/// it or a drag right presses more, down or left presses less (0: Shift+more),
/// so the view's key handler makes the change and the keys keep working.
/// name and value (the number shown) are listed in the `state` JSON's
/// "values" with the line's rectangle.
void al_panel_value(al_panel *p, SDL_Color col, const char *name, double value, SDL_Keycode more,
                    SDL_Keycode less, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/// The same as a "label    value" line (al_panel_kv).
void al_panel_value_kv(al_panel *p, const char *name, double value, SDL_Keycode more,
                       SDL_Keycode less, const char *label, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/// Vertical space of px pixels.
void al_panel_space(al_panel *p, int px);
/// Whether another line of font f fits.
bool al_panel_fits(const al_panel *p, const al_font *f);

// ---- a one-line text box -------------------------------------------------------
#define AL_TEXTINPUT_MAX 4096
/// Room for a message to the user (al_view_say, a view's note): one that
/// quotes a whole text box and says what is wrong with it, never cut.
#define AL_SAY_MAX (AL_TEXTINPUT_MAX + 2048)

/// An editable line of ASCII text (e.g. the estrings target). Zero-initialise.
typedef struct al_textinput {
    char text[AL_TEXTINPUT_MAX + 1];
    int len;
    bool active;    ///< has the keyboard (click it, or set it yourself)
    bool submitted; ///< set by Enter; the view clears it after reading text
    SDL_Rect rect;  ///< where it was last drawn (for clicks)
    /// What it drew last: the tail of text that fits, each character the
    /// font lacks named by its code (al_text_spell: "Ab[U+2603]"), not '?'.
    char shown[512];
} al_textinput;

/// Sets the text (cut at AL_TEXTINPUT_MAX bytes).
void al_textinput_set(al_textinput *t, const char *text);
/// Handles an event: a click on it activates it, a click elsewhere
/// deactivates; while active, typed text is appended, Backspace deletes,
/// Enter submits (active = false, submitted = true), Esc cancels. Returns true
/// when the event was used (keys are swallowed while active).
bool al_textinput_event(al_textinput *t, const SDL_Event *e);
/// Draws the box with label above it; the caret shows while active.
void al_panel_textinput(al_panel *p, al_textinput *t, const char *label);

// ---- the view interface -------------------------------------------------------
/// What a view gets in every call.
typedef struct al_view_ctx {
    void *mod;                               ///< the module instance (session->mod)
    const alModuleClass *cls;                ///< its class
    const al_session *session;               ///< ticks, gens, last stats, cfg, run_id
    void *state;                             ///< the view's own state from create(), or NULL
    const char *db_path;                     ///< run database, or NULL when not logging
    bool paused;                             ///< the shell is paused
    bool fast;                               ///< the run goes on in fast-forward (F, J): its
                                             ///< world is not drawn tick by tick
    bool done;                               ///< the run reached its goal or limit (the
                                             ///< view may keep its world alive, e.g. a replay)
    bool holds;                              ///< the run waits on the view's .hold (normal
                                             ///< speed), as of the last frame simulated
    int play_steps;                          ///< while it holds: the control steps a frame
                                             ///< its play goes at (the speed's; 1 at normal)
    char restart_set[AL_TEXTINPUT_MAX + 64]; ///< pending restart overrides, one a line ("" = none)
    bool restart;                            ///< a restart was requested
    char edit[64];                           ///< pending live edit ("" = none), al_view_mark_edited
    char say[AL_SAY_MAX];                    ///< a message for the strip ("" = none), al_view_say
    bool unsay;                              ///< al_view_unsay: the view's note is gone
    int say_keep;                            ///< bytes of say before what the strip keeps in sight (al_view_say_keep)
    char say_section[48]; ///< the panel section that says the shown message too ("" none), al_view_say_in;
                          ///< kept while that message is the strip's
    SDL_Rect cover; ///< what draw last put over the world that the message strip keeps clear of
                    ///< (the ants brain inspector; w 0: none), set by draw
    SDL_Rect strip; ///< where the message strip goes over the world this frame (w 0: none), set
                    ///< before draw: a view of lines of text (strings) ends them above it
    /// A brain to replay from the start (alife gui --brain FILE), or NULL:
    /// the stored blob (brain_n bytes) of generation brain_gen of a run
    /// seeded brain_seed, its best ant's logged fitness brain_fitness.
    const unsigned char *brain;
    size_t brain_n;
    uint64_t brain_seed;
    int64_t brain_gen;
    double brain_fitness;
    /// The stored run this one continues (alife gui --from), 0: none; its
    /// generations below session->log_from are that run's (from_run.h).
    int64_t from_run;
} al_view_ctx;

/// What the --script harness's `state` says about a view, filled by the
/// shell (figures from the last generation's statistics, agents from the
/// config) and then by the view's optional .report, which adds or replaces.
enum { AL_REPORT_MAX_FIGURES = 64 };
typedef struct al_view_report {
    char scenario[64]; ///< the scenario or lesson shown ("" none)
    int agents;        ///< agents in the world (-1 unknown)
    int selected;      ///< the selected agent, -1 none
    int food;          ///< food items in the drawn world; -1: the module has no food
    bool replaying;    ///< a stored generation is being replayed
    char overlay[32];  ///< the view's open overlay ("brain"), "" none
    char note[AL_SAY_MAX]; ///< what the view says to the user now (e.g. why a target was refused)
    char box[512];         ///< what its text box drew last (al_textinput.shown), "" none
    char marks[512];   ///< the panel's Marks legend as last drawn, "label: swatch" lines ("" none)
    char species[160]; ///< the species plot's caption, or what it says with no columns ("" no plot)
    int nfig;
    char fig_name[AL_REPORT_MAX_FIGURES][32];
    double fig[AL_REPORT_MAX_FIGURES];
} al_view_report;
/// Sets figure name to value (replacing an earlier value of the same name).
void al_view_report_figure(al_view_report *r, const char *name, double value);

/// Asks the shell to re-create the session with one more "section.key=value"
/// override (after the current event); a config error is shown in the panel.
/// Called again in the same event it adds another (a target and the
/// alphabet it needs), the first said in an error.
void al_view_request_restart(al_view_ctx *ctx, const char *assignment);

/// Tells the shell the user just changed the running simulation by hand (the
/// first vehicle's variables, the vehicle count, the target, an obstacle, the
/// path), in a few words ("target moved"): after the event the shell marks
/// the run edited in the database (al_session_mark_edited: generation, tick,
/// what), so compare leaves it out and replay refuses it. Call it at every
/// place that changes what the run computes, and nowhere else.
void al_view_mark_edited(al_view_ctx *ctx, const char *what);

/// Says a message (printf-style, up to AL_SAY_MAX bytes) on the shell's message
/// strip, in the warning colour, once the view's .event returns: for what a
/// key did or why it could not act (a refused target, B without a database),
/// which the view's own panel section may have scrolled out of sight. Call
/// it from .event; said from elsewhere it is dropped at the next event.
void al_view_say(al_view_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// The view's note is gone (its moment ended): the strip drops the message
/// the view said last, unless the shell has said another since.
void al_view_unsay(al_view_ctx *ctx);
/// The part of the message said from tail on (its last occurrence: e.g.
/// "You typed '...'") stays in sight when the strip has to cut the message:
/// the words before it are cut with AL_ELLIPSIS first, then, if need be, tail
/// itself in its middle. Call it after al_view_say.
void al_view_say_keep(al_view_ctx *ctx, const char *tail);
/// The message is said in the panel section named section too (a refused
/// target under its box): the strip stays silent while that section is in
/// sight whole (drawn, not cut, not folded), and says it when the section is
/// scrolled or folded out of sight, so it is seen once. Call it after al_view_say.
void al_view_say_in(al_view_ctx *ctx, const char *section);

/// The lines of a legend ("mark  what", '\n'-separated) that cfg draws: a
/// line "[key] ..." only when key is on, "[!key] ..." only when it is not,
/// "[key=a|b] ..." only when key is a or b, "[c1][c2] ..." when both hold
/// (the conditions are not copied); cfg NULL: no key is set.
/// (lesson_overlay.c; a view's .marks may start from it.)
void al_legend_for(const char *legend, const alConfig *cfg, char *out, size_t cap);

/// A module's view. Only module and draw are required.
typedef struct al_view {
    const char *module;              ///< the alModuleClass name it draws
    int ticks_per_frame;             ///< starting speed (0: 1 tick per frame; -n: one
                                     ///< tick every n frames, for a class to watch)
    const char *const *plot_figures; ///< alGenStats figure names also plotted
                                     ///< (e.g. "baseline_mean"), NULL-terminated; may be NULL
    bool plot_figures_on_scale;      ///< those lines are yardsticks: the plot's axis takes them in
                                     ///< (false: one beyond the data is labelled "off the scale")
    const char *keys_help;           ///< the view's own keys for the panel and help,
                                     ///< lines "K  what it does" separated by '\n'; may be NULL
    const char *brain_keys_help;     ///< the same while it replays a brain file (ctx.brain,
                                     ///< alife gui --brain): only the keys that work there;
                                     ///< NULL: keys_help
    const char *plot_y;              ///< the plot's y title (NULL: "fitness per generation",
                                     ///< or "error per generation" when lower is better)
    const char *plot_x;              ///< the plot's x title (NULL: "generation")
    bool tick_is_generation;         ///< one tick of the module is one generation (strings,
                                     ///< XOR, pole): the status line, the speed (unless .hold
                                     ///< plays a trial at it) and the keys say generations
    bool no_world;                   ///< the module has no 2D world (strings): the shell
                                     ///< draws no world caption under the view
    bool text_area;                  ///< the view draws lines of text, not a world (strings):
                                     ///< its rectangle is the whole world area, not one of
                                     ///< the world's aspect
    void *(*create)(const al_view_ctx *ctx); ///< optional: the view's state
    void (*destroy)(void *state);            ///< optional; called with state (may be NULL)
    /// optional: once per frame after the shell simulated ticks ticks (0 when
    /// paused or finished); the place to advance the view's own animations,
    /// e.g. a replay of a stored genome. Never simulate in draw.
    void (*update)(al_view_ctx *ctx, int64_t ticks);
    void (*draw)(al_view_ctx *ctx, al_canvas *c);
    void (*panel)(al_view_ctx *ctx, al_panel *p);                            ///< optional
    bool (*event)(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c); ///< optional
    /// optional: the user asked the run to evolve on (F fast-forward, J or
    /// Shift+N a jump, + faster), called before the shell acts on the key:
    /// what the view draws instead of the live run (a replay of a stored
    /// generation) ends, so the world, header and panel show the run that
    /// moves. What it says with al_view_say goes on the message strip.
    void (*run_on)(al_view_ctx *ctx);
    /// optional: true holds the run at 1 tick a frame or slower (not when
    /// fast-forwarding or stepping), e.g. while the view plays the last
    /// generation's best trial for the class to watch.
    bool (*hold)(al_view_ctx *ctx);
    /// optional: the figure the plot shows first (a name from the module's
    /// statistics, e.g. "order"; NULL: best and mean fitness). Tab cycles.
    const char *plot_default;
    /// optional: the same chosen when the session opens (e.g. the lesson's
    /// steering.plot); its answer, when not NULL, wins over plot_default.
    const char *(*plotted)(al_view_ctx *ctx);
    /// optional: what the marks in the world mean, lines "mark  meaning"
    /// separated by '\n', for the lesson overlay (L). A line that starts
    /// with conditions "[key]", "[!key]" or "[key=a|b]" (several: all must
    /// hold) is shown only when the config's values meet them (al_legend_for).
    const char *legend;
    /// optional: the ticks a generation of the live run lasts (ants.ticks),
    /// for the status line's "tick 60 of 2000" (NULL or 0: not said).
    int64_t (*generation_ticks)(const al_view_ctx *ctx);
    /// optional: the legend made from what the world shows now, in legend's
    /// form (no conditions); when set, it is used instead of legend.
    void (*marks)(al_view_ctx *ctx, char *out, size_t cap);
    /// optional: the module has no generations worth a table (steering's
    /// report periods): the shell shows no "Last generations" table.
    bool no_table;
    /// optional: what `state` reports (scenario, selected agent, food, live
    /// figures); called between frames, never while drawing.
    void (*report)(al_view_ctx *ctx, al_view_report *r);
    /// optional: what the world shows when it is not the live run (a stored
    /// generation replayed): that generation, its tick and ticks per
    /// generation; false: the live run. The shell's status line says it.
    /// gen equal to the run's generations done: the run's own population,
    /// kept alive past its limit without evolving.
    bool (*shown)(al_view_ctx *ctx, int64_t *gen, int *tick, int *ticks);
    /// optional: a few words the shell writes under the world, before its
    /// size and edges (e.g. whose world is drawn); never over the world.
    void (*caption)(al_view_ctx *ctx, char *out, size_t cap);
    /// optional: called at the end of every generation, as soon as it ends,
    /// also for the generations a fast frame runs through (update sees only
    /// the last of those): e.g. to record each generation's species.
    void (*generation)(al_view_ctx *ctx);
    /// optional: the summary under the generations table in the window's
    /// words (e.g. a string shown exactly as drawn, not escaped for a
    /// terminal); NULL: the module's describe, as the CLI prints it.
    void (*describe)(al_view_ctx *ctx, char *out, size_t cap);
} al_view;

/// The view of module, or NULL (src/app/gui/views.c).
const al_view *al_view_find(const char *module);

#endif
