// The GUI shell's layout and drawing: the world view on the left, the side
// panel on the right (title, status, last generations, the view's own lines,
// parameters, keys, flowing down above the plot anchored at the bottom) and
// F12 screenshots; the help overlay is help_overlay.c. Drawing never steps
// the simulation.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "alife/counted.h"
#include "alife/world.h"
#include "figure_names.h"
#include "number_text.h"
#include "plot.h"
#include "png_write.h"
#include "shell.h"

// ---- layout -------------------------------------------------------------------------
void al_shell_output_size(const al_gui *g, int *w, int *h)
{
    if (SDL_GetRendererOutputSize(g->r, w, h) != 0) *w = *h = 0;
}

void al_gui_layout(const al_gui *g, SDL_Rect *world, SDL_Rect *panel)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    int pw = (int)(0.34 * w);
    if (pw < 360) pw = 360;
    if (pw > 480) pw = 480;
    if (pw > w - 200) pw = w > 400 ? w / 2 : w;
    if (world) *world = (SDL_Rect){0, 0, w - pw, h};
    if (panel) *panel = (SDL_Rect){w - pw, 0, pw, h};
}

static int banner_room(const al_canvas *c);
static int banner_lines(al_gui *g, int maxw);

// The canvas with a band of top pixels above the world.
static void canvas_with_top(al_gui *g, al_canvas *c, SDL_Rect area, int top)
{
    const int margin = 14;
    const int bottom = g->small ? al_font_height(g->small) + 8 : 0;
    alWorld world = alWorld_FromConfig(g->cfg);
    float aw = (float)(area.w - 2 * margin), ah = (float)(area.h - 2 * margin - top - bottom);
    if (aw < 1) aw = 1;
    if (ah < 1) ah = 1;
    float scale = fminf(aw / world.width, ah / world.height);
    float ww = world.width * scale, wh = world.height * scale;
    if (g->view && g->view->text_area) ww = aw, wh = ah; // lines of text: all the room there is
    *c = (al_canvas){
        .r = g->r,
        .rect = area,
        .world_px = {(float)area.x + 0.5f * ((float)area.w - ww),
                     (float)(area.y + top) + 0.5f * ((float)(area.h - top - bottom) - wh), ww, wh},
        .world = world,
        .scale = scale,
        .font = g->font,
        .small = g->small,
        .mono = g->mono,
        .batch = &g->batch,
        .texts = &g->world_texts,
    };
}

void al_shell_canvas(al_gui *g, al_canvas *c)
{
    SDL_Rect area;
    al_gui_layout(g, &area, NULL);
    // A band above the world for the state badges (PAUSED, LIMIT, ...) and
    // one below for its caption, so neither hides anything of the world.
    int fh = g->font ? al_font_height(g->font) : 0;
    canvas_with_top(g, c, area, g->font ? fh + 10 : 0);
    // A banner wrapped over more lines (a narrow window) takes more of the
    // band; the world shrinks only when the room above it is too little,
    // so it does not move when the banner appears (and once more if the
    // narrower world wraps the banner again).
    for (int i = 0, lines = 1; i < 2 && g->font && g->cfg; ++i) {
        int n = banner_lines(g, banner_room(c));
        if (n <= lines || (int)c->world_px.y - (n * fh + 6 + 3) >= area.y + 4) break;
        canvas_with_top(g, c, area, n * fh + 10);
        lines = n;
    }
}

// The status line's forms, longest first, each shorter than the one before
// and never a number cut: the less telling parts go first (the tick of an
// evolving run, the state's words, which the badge above the world and the
// line's colour also say), then the words shorten. Returns how many.
enum { STATUS_FORMS = 4, STATUS_LEN = 256 }; // (room for the longest state, gens and tick: 207)
static int status_forms(al_gui *g, char forms[STATUS_FORMS][STATUS_LEN], SDL_Color *col)
{
    if (!g->have_session) {
        snprintf(forms[0], STATUS_LEN, "empty world: module not in this build");
        snprintf(forms[1], STATUS_LEN, "module not in this build");
        if (col) *col = AL_COL_DIM;
        return 2;
    }
    int64_t rgen;
    int rtick, rticks;
    if (g->view && g->view->shown && !g->fast && g->view->shown(&g->ctx, &rgen, &rtick, &rticks)) {
        // A replay is drawn: the line says which generation and its tick (the
        // run's own state is in the badge above the world and the table).
        long long gn = (long long)rgen;
        if (col) *col = AL_COL_WARN;
        if (g->done && rgen == g->s.gens) { // the run's population, kept alive
            snprintf(forms[0], STATUS_LEN, "gen %lld's population, not evaluated   tick %d of %d", gn, rtick, rticks);
            snprintf(forms[1], STATUS_LEN, "gen %lld's population   tick %d of %d", gn, rtick, rticks);
            snprintf(forms[2], STATUS_LEN, "gen %lld alive   tick %d of %d", gn, rtick, rticks);
            snprintf(forms[3], STATUS_LEN, "tick %d of %d", rtick, rticks);
        } else {
            snprintf(forms[0], STATUS_LEN, "replay of gen %lld   tick %d of %d", gn, rtick, rticks);
            snprintf(forms[1], STATUS_LEN, "replay gen %lld   tick %d of %d", gn, rtick, rticks);
            snprintf(forms[2], STATUS_LEN, "replay gen %lld   tick %d", gn, rtick);
            snprintf(forms[3], STATUS_LEN, "tick %d of %d", rtick, rticks);
        }
        return 4;
    }
    const char *why = g->done ? al_session_stop_reason(&g->s, "finished") : NULL;
    bool stalled = why && strcmp(why, "stalled") == 0;
    bool past = al_session_past_limit(&g->s); // J took it past its limit: to a target, the limit unchanged
    const char *state = g->done               ? (stalled     ? "stalled (goal not reached)"
                                                 : g->s.goal ? "goal reached"
                                                 : past      ? "target reached"
                                                 : why && strcmp(why, "limit_again") == 0 ? "ended by E, past the limit"
                                                             : "at the limit")
                        : g->jump_to && past  ? "evolving on past the limit"
                        : g->fast             ? "fast-forward"
                        : g->jump_to          ? "jumping"
                        : g->paused           ? "paused"
                                              : "running";
    const char *brief = g->done               ? (stalled ? "stalled" : g->s.goal ? "goal" : past ? "target" : "limit")
                        : g->jump_to && past  ? "evolving on"
                        : g->fast             ? "fast"
                                              : state;
    if (col) *col = g->done ? AL_COL_GOOD : g->paused ? AL_COL_WARN : AL_COL_TEXT;
    long long t = (long long)g->s.ticks;
    if (g->view && g->view->no_table && g->cfg && alConfig_Text(g->cfg, "steering.dt")) {
        // Steering has no generations (its report periods only measure):
        // the simulated time and ticks.
        double secs = (double)g->s.ticks * alConfig_Float(g->cfg, "steering.dt");
        snprintf(forms[0], STATUS_LEN, "%s   tick %lld   time %.1f s", state, t, secs);
        snprintf(forms[1], STATUS_LEN, "%s   tick %lld   %.1f s", brief, t, secs);
        snprintf(forms[2], STATUS_LEN, "tick %lld   %.1f s", t, secs);
        snprintf(forms[3], STATUS_LEN, "tick %lld", t);
        return 4;
    }
    char gens[112];
    bool tick_is_gen = g->view && g->view->tick_is_generation; // "tick" would say the generation again
    if (g->done) {
        // Counted as the banner and the table: generations done, none under
        // way, at the goal and at the limit or target alike ("at the limit
        // gen 40 of 40" stood beside "40 not evaluated", "gen 3 of 2000"
        // beside the goal's "3 not run").
        char done[48];
        alCounted(done, sizeof done, (long long)g->s.gens, "generation", NULL);
        if (g->s.max_gens == INT64_MAX) snprintf(gens, sizeof gens, "after %s (no limit)", done);
        else if (past)
            snprintf(gens, sizeof gens, "after %s (target %lld, limit %lld)", done, (long long)g->s.target,
                     (long long)g->s.max_gens);
        else if (g->s.gens > g->s.max_gens) // (the goal ended a jump past it, or E off came past it)
            snprintf(gens, sizeof gens, "after %s (past the limit of %lld)", done, (long long)g->s.max_gens);
        else snprintf(gens, sizeof gens, "after %s (limit %lld)", done, (long long)g->s.max_gens);
        tick_is_gen = true; // no tick: nothing is under way
    } else if (g->s.max_gens == INT64_MAX)
        snprintf(gens, sizeof gens, "gen %lld, no limit", (long long)g->s.gens);
    else if (past)
        snprintf(gens, sizeof gens, "gen %lld, target %lld (limit %lld)", (long long)g->s.gens,
                 (long long)g->s.target, (long long)g->s.max_gens);
    else
        snprintf(gens, sizeof gens, "gen %lld of %lld", (long long)g->s.gens, (long long)g->s.max_gens);
    if (tick_is_gen) {
        snprintf(forms[0], STATUS_LEN, "%s   %s", state, gens);
        snprintf(forms[1], STATUS_LEN, "%s   %s", brief, gens);
    } else {
        // The tick within the generation under way, as a replay counts its
        // own (it counted from the run's start, and in a --from run from the
        // window's opening).
        char tick[64];
        al_shell_gen_tick(g, tick, sizeof tick);
        snprintf(forms[0], STATUS_LEN, "%s   %s   %s", state, gens, tick);
        snprintf(forms[1], STATUS_LEN, "%s   %s   %s", brief, gens, tick);
    }
    snprintf(forms[2], STATUS_LEN, "%s   %s", brief, gens);
    snprintf(forms[3], STATUS_LEN, "%s", gens);
    return 4;
}

void al_shell_gen_tick(const al_gui *g, char *out, size_t cap)
{
    int64_t n = g->view && g->view->generation_ticks ? g->view->generation_ticks(&g->ctx) : 0;
    long long t = (long long)(g->s.ticks - g->s.gen_tick0);
    if (n > 0) snprintf(out, cap, "tick %lld of %lld", t, (long long)n);
    else snprintf(out, cap, "tick %lld", t);
}

void al_shell_status(al_gui *g, char *out, size_t cap, SDL_Color *col)
{
    char forms[STATUS_FORMS][STATUS_LEN];
    status_forms(g, forms, col);
    snprintf(out, cap, "%s", forms[0]);
}

bool al_shell_status_fit(al_gui *g, const al_font *f, int width, char *out, size_t cap, SDL_Color *col)
{
    char forms[STATUS_FORMS][STATUS_LEN];
    int n = status_forms(g, forms, col), k = 0;
    while (k + 1 < n && al_text_width(f, forms[k]) > width)
        k++;
    snprintf(out, cap, "%.199s", forms[k]);
    return al_text_fit(f, out, cap, width); // only when even the shortest is too wide
}

// A run id is said only once a generation is stored: a session that stores
// none is deleted when it closes (end_session), and its id would be given
// again (also one started at a stored generation, --from RUN:GEN). A closed
// log with generations stored is the goal's end (done), else a database
// failure: what was stored stays, the rest is not.
al_log_state al_shell_log_state(const al_gui *g)
{
    const al_session *s = &g->s;
    if (!g->have_session) return AL_LOG_OFF;
    // A --from run logs from log_from on: the generation it ran there from
    // the stored one before (first_gen) is the stored run's, not its own
    // (it said "run 3 logged" with nothing stored, and Esc deleted run 3).
    int64_t own = s->first_gen > s->log_from ? s->first_gen : s->log_from;
    if (s->log) return s->gens > own ? AL_LOG_ON : AL_LOG_WAITING;
    if (al_shell_brain_replay(g)) return AL_LOG_BRAIN;
    if (g->db_path && s->run_id > 0 && s->gens > 0) return g->done ? AL_LOG_STORED : AL_LOG_STOPPED;
    return AL_LOG_OFF;
}

// The speed line's forms, longest first, the same ladder in every mode: the
// fps goes first, then the words shorten ("speed 10 ticks/frame" to "10
// ticks/frame", a held view's "(each best plays out)" with them, "run 12
// logged" to "run 12"), and only then the seed, from the form *drop on,
// with AL_ELLIPSIS where it was (pole dropped it before its play words,
// with no sign). The run id and the E hint stay in every form (the run id
// was dropped at 720x480, the E hint cut to "E: evo..." before). Also
// writes g->logging. Returns how many.
enum { SPEED_FORMS = 9, SPEED_LEN = 256 };
static int speed_forms(al_gui *g, char forms[SPEED_FORMS][SPEED_LEN], int *drop)
{
    char fps[32] = "", speed[112], brief[112];
    if (g->win) snprintf(fps, sizeof fps, "   %.0f fps", g->fps);
    const char *per = g->view && g->view->no_table ? "report periods" : "generations";
    bool plays = false;
    // F (or J's jump): as fast as the machine goes, not the rung's pace
    // (strings said "1 gen/15 frames"), and at what rate once measured
    // (no ticks a frame: nothing is drawn)
    if (g->fast && g->jump_to > 0) {
        snprintf(speed, sizeof speed, "fastest, the world not drawn (J: to generation %lld)", (long long)g->jump_to);
        snprintf(brief, sizeof brief, "fastest");
    } else if (g->fast && g->fast_rate < 0) {
        snprintf(speed, sizeof speed, "fast-forward at the fastest (measuring %s/s)", per);
        snprintf(brief, sizeof brief, "fastest");
    } else if (g->fast) {
        snprintf(speed, sizeof speed, "fast-forward, %.3g %s/s, the fastest", g->fast_rate, per);
        snprintf(brief, sizeof brief, "fastest %.3g %s/s", g->fast_rate, g->view && g->view->no_table ? "periods" : "gens");
    } else { // the rung's words, the same from either side (speed_ladder.c)
        plays = al_shell_rung_words(g, al_shell_rung(g), speed, brief, sizeof brief);
    }
    // A run id only once a generation is stored (al_shell_log_state).
    char short_log[sizeof g->logging];
    switch (al_shell_log_state(g)) {
    case AL_LOG_ON:
        snprintf(g->logging, sizeof g->logging, "run %lld logged", (long long)g->s.run_id);
        snprintf(short_log, sizeof short_log, "run %lld", (long long)g->s.run_id);
        break;
    case AL_LOG_WAITING:
        snprintf(g->logging, sizeof g->logging, "logging from the first %s",
                 g->mode == MODE_STEERING ? "report" : "generation");
        snprintf(short_log, sizeof short_log, "logging");
        break;
    case AL_LOG_BRAIN: // a file's generation again: nothing to log
        snprintf(g->logging, sizeof g->logging, "brain file: not logged");
        snprintf(short_log, sizeof short_log, "not logged");
        break;
    case AL_LOG_STORED:
    case AL_LOG_STOPPED: // its log closed: the run is in the database
        snprintf(g->logging, sizeof g->logging, g->done ? "run %lld stored, finished" : "run %lld: logging stopped",
                 (long long)g->s.run_id);
        snprintf(short_log, sizeof short_log, "run %lld", (long long)g->s.run_id);
        break;
    case AL_LOG_OFF:
        snprintf(g->logging, sizeof g->logging, "not logged");
        snprintf(short_log, sizeof short_log, "%s", g->logging);
        break;
    }
    bool limit = g->done && !g->s.goal;
    // (a brain file's replay refuses E: R is what starts evolving there)
    const char *e_hint = g->forever                 ? "   no limit (E)"
                         : al_shell_brain_replay(g) ? "   R: a new run"
                         : limit                    ? "   E: evolve on"
                                                    : "";
    const char *log = g->logging;
    snprintf(forms[0], SPEED_LEN, "speed %s%s   seed %llu   %s%s", speed, fps,
             (unsigned long long)g->s.seed, log, e_hint);
    // The seed goes after the fps and before the logging words (it was left
    // out until the first generation was stored: after R the new seed was
    // not to be seen, in ants for all of generation 0).
    snprintf(forms[1], SPEED_LEN, "speed %s   seed %llu   %s%s", speed, (unsigned long long)g->s.seed, log,
             e_hint);
    int n = 2;
    if (plays) // what a held view's play does, while it fits with the seed
        snprintf(forms[n++], SPEED_LEN, "%s  seed %llu  %s%s", speed, (unsigned long long)g->s.seed, log, e_hint);
    snprintf(forms[n++], SPEED_LEN, "%s  seed %llu  %s%s", brief, (unsigned long long)g->s.seed, log, e_hint);
    snprintf(forms[n++], SPEED_LEN, "%s   seed %llu   %s%s", brief, (unsigned long long)g->s.seed, short_log,
             e_hint);
    *drop = n;
    snprintf(forms[n++], SPEED_LEN, "%s   " AL_ELLIPSIS "   %s%s", brief, log, e_hint);
    snprintf(forms[n++], SPEED_LEN, "%s   " AL_ELLIPSIS "   %s%s", brief, short_log, e_hint);
    return n;
}

bool al_shell_speed_fit(al_gui *g, const al_font *f, int width, char *out, size_t cap)
{
    char forms[SPEED_FORMS][SPEED_LEN];
    int drop = SPEED_FORMS, n = speed_forms(g, forms, &drop), k = 0;
    while (k + 1 < n && al_text_width(f, forms[k]) > width)
        k++;
    snprintf(g->speed_full, sizeof g->speed_full, "%.*s", (int)sizeof g->speed_full - 1, forms[0]);
    snprintf(out, cap, "%.*s", SPEED_LEN - 1, forms[k]);
    bool cut = al_text_fit(f, out, cap, width); // only when even the shortest is too wide
    return cut || k >= drop; // the seed dropped is a cut too, with its sign
}

// ---- drawing ------------------------------------------------------------------------
static void fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

// A notice over the world: its lines centred in the world rectangle wr,
// the first in the title font and the second under it, each wrapped to the
// rectangle (al_canvas_text) and the pair centred on it as a block.
static void notice(al_canvas *c, al_gui *g, SDL_Rect wr, SDL_Color col, const char *first,
                   const char *second)
{
    al_fitted a, b;
    int inner = wr.w - 16 > 1 ? wr.w - 16 : 1;
    al_text_wrap(g->title, first, inner, 3, &a);
    al_text_wrap(g->font, second, inner, 4, &b);
    int y = wr.y + (wr.h - a.h - 8 - b.h) / 2;
    if (y < wr.y) y = wr.y;
    SDL_Rect box = {wr.x + 8, y, inner, a.h};
    al_canvas_text(c, g->title, box, 0, col, first);
    box.y += a.h + 8;
    box.h = wr.y + wr.h - box.y > 0 ? wr.y + wr.h - box.y : 0;
    if (box.h > b.h) box.h = b.h;
    al_canvas_text(c, g->font, box, 0, AL_COL_DIM, second);
}

// Whether the message strip at t keeps off cover (w 0: nothing) and the
// badges drawn this frame (the jump prompt among them).
static bool strip_clear(const al_gui *g, SDL_Rect t, SDL_Rect cover)
{
    if (cover.w > 0 && SDL_HasIntersection(&t, &cover)) return false;
    for (int i = 0; i < g->nbadges; ++i)
        if (SDL_HasIntersection(&t, &g->badges[i])) return false;
    return true;
}

// A rounded-looking badge with text, e.g. "PAUSED", recorded for `state`,
// at most maxw pixels wide, its text wrapped whole over up to BADGE_LINES
// lines (al_canvas_text) and its bottom edge at y; returns its width.
enum { BADGE_LINES = 3 };
static int badge(al_gui *g, al_canvas *c, int x, int bottom, int maxw, SDL_Color bg, const char *s)
{
    al_fitted ft;
    if (maxw < 17) maxw = 17;
    al_text_wrap(g->font, s, maxw - 16, BADGE_LINES, &ft);
    int w = ft.w + 16, h = (ft.n > 0 ? ft.n : 1) * al_font_height(g->font) + 6;
    int y = bottom - h > c->rect.y ? bottom - h : c->rect.y;
    fill(g->r, (SDL_Rect){x, y, w, h}, bg);
    al_canvas_text(c, g->font, (SDL_Rect){x + 8, y + 3, w - 16, h - 6}, -1, AL_RGB(16, 18, 22), s);
    if (g->nbadges == 0) snprintf(g->banner, sizeof g->banner, "%s", s);
    if (g->nbadges < (int)(sizeof g->badges / sizeof g->badges[0])) {
        g->badge_cut[g->nbadges] = ft.cut;
        g->badges[g->nbadges++] = (SDL_Rect){x, y, w, h};
    }
    return w;
}

// The banner's head at the end of the run: its limit (run.generations), or
// the target J took it to past that limit, with the generations done
// (range: numbered, "(0 to N-1)"; brief: the count alone, for a narrow world).
static void stop_head_words(const al_gui *g, char *s, size_t cap, bool range, bool brief);

// Paused there (Space), the head says so first, as a paused run's banner
// does ("PAUSED - Space to run"): paused at the limit showed no sign.
// Only where the world lives on past the end (world: the ants' loop, which
// Space runs); elsewhere nothing moves there and Space does nothing.
static void stop_head(const al_gui *g, char *s, size_t cap, bool range, bool brief)
{
    char words[160];
    stop_head_words(g, words, sizeof words, range, brief);
    if (g->paused && range) snprintf(s, cap, "PAUSED (Space: run)  -  %s", words);
    else snprintf(s, cap, "%s", words);
}

static void stop_head_words(const al_gui *g, char *s, size_t cap, bool range, bool brief)
{
    long long n = (long long)g->s.gens;
    char done[96];
    char gens[40];
    alCounted(gens, sizeof gens, n, "generation", NULL); // "1 generation", "2 generations"
    if (brief) snprintf(done, sizeof done, "%s", gens);
    else if (range && n > 1) snprintf(done, sizeof done, "%s (0 to %lld)", gens, n - 1);
    else snprintf(done, sizeof done, "%s%s", gens, range ? " (0)" : " done");
    bool again = g->s.end_why && strcmp(g->s.end_why, "limit_again") == 0;
    if (again && brief)
        snprintf(s, cap, "ENDED BY E: %s (limit %lld)", done, (long long)g->s.max_gens);
    else if (again)
        snprintf(s, cap, "ENDED BY E: %s; E brought back the limit of %lld", done, (long long)g->s.max_gens);
    else if (al_session_past_limit(&g->s) && brief)
        snprintf(s, cap, "TARGET REACHED: %s (limit %lld)", done, (long long)g->s.max_gens);
    else if (al_session_past_limit(&g->s))
        snprintf(s, cap, "TARGET REACHED: %s, past the limit of %lld", done, (long long)g->s.max_gens);
    else
        snprintf(s, cap, "LIMIT: %s", done);
}

// Whether banner text s wraps whole into badge's lines of maxw pixels
// (maxw 0: any text does).
static bool banner_fits(const al_gui *g, const char *s, int maxw)
{
    if (maxw <= 0 || !g->font) return true;
    al_fitted ft;
    al_text_wrap(g->font, s, (maxw < 17 ? 17 : maxw) - 16, BADGE_LINES, &ft);
    return !ft.cut;
}

// The first badge's words, whole (badge wraps them; a small window once
// dropped "B: generation N's population, E: evolve on" with no sign): the run at its
// limit or goal, or paused; "" when there is none. Its colour in *bg. At
// the run's end, in the longest form that fits maxw pixels: what the world
// shows goes first (the status line says it too), then the head shortens;
// the keys it offers stay (at 720x480 "TARGET REACHED ..." lost "E: evolve on").
static void banner_text(al_gui *g, char *s, size_t cap, SDL_Color *bg, int maxw)
{
    s[0] = '\0';
    if (g->done) {
        int64_t rgen;
        int rtick, rticks;
        const char *why = al_session_stop_reason(&g->s, "finished");
        *bg = AL_COL_GOOD;
        char gens[48];
        alCounted(gens, sizeof gens, (long long)g->s.gens, "generation", NULL);
        if (why && strcmp(why, "stalled") == 0)
            snprintf(s, cap, "STALLED (goal not reached) after %s  -  R: new run", gens);
        else if (g->s.goal) // counted as the status line ("gen 62 of 100") and the CLI count: generations done
            snprintf(s, cap, "GOAL REACHED after %s  -  R: new run", gens);
        else if (g->brain && g->view && g->view->shown && g->view->shown(&g->ctx, &rgen, &rtick, &rticks) &&
                 rgen == g->brain_gen) { // alife gui --brain: only the file's generation, again
            if (g->paused) { // paused as in every other window (Space)
                *bg = AL_COL_WARN;
                snprintf(s, cap, "PAUSED  -  Space to run, N one tick  -  brain file: generation %lld replayed",
                         (long long)rgen);
            } else
                snprintf(s, cap, "BRAIN FILE: generation %lld replayed exactly  -  nothing evolves, nothing is logged",
                         (long long)rgen);
        }
        else if (g->view && g->view->shown && g->view->shown(&g->ctx, &rgen, &rtick, &rticks)) {
            // what the world shows past the limit: a replay or the population
            // (the ants view's B switches). Numbered as stored, as the table
            // and the CLI number them: generations 0 .. N-1 are done and
            // stored; N is the population bred from N-1, not evaluated.
            long long n = (long long)g->s.gens, last = n - 1;
            char head[192], what[72], keys[72];
            if (rgen == g->s.gens) {
                snprintf(what, sizeof what, "generation %lld's population, not evaluated", n);
                snprintf(keys, sizeof keys, "B: replay of %lld, E: evolve on", last);
            } else {
                snprintf(what, sizeof what, "replay of generation %lld, not evolving", (long long)rgen);
                snprintf(keys, sizeof keys, "B: generation %lld's population, E: evolve on", n);
            }
            stop_head(g, head, sizeof head, true, false);
            snprintf(s, cap, "%s  -  %s  -  %s", head, what, keys);
            if (!banner_fits(g, s, maxw)) snprintf(s, cap, "%s  -  %s", head, keys);
            if (!banner_fits(g, s, maxw)) {
                stop_head(g, head, sizeof head, true, true);
                snprintf(s, cap, "%s  -  %s", head, keys);
            }
        } else {
            char head[192];
            stop_head(g, head, sizeof head, false, false);
            snprintf(s, cap, "%s  -  E: evolve on, R: new run", head);
            if (!banner_fits(g, s, maxw)) {
                stop_head(g, head, sizeof head, false, true);
                snprintf(s, cap, "%s  -  E: evolve on, R: new run", head);
            }
        }
        if (strncmp(s, "PAUSED", 6) == 0) *bg = AL_COL_WARN; // paused: the colour of PAUSED
    } else if (g->paused && g->have_session) {
        *bg = AL_COL_WARN;
        snprintf(s, cap, "PAUSED  -  Space to run, %s",
                 g->view && g->view->tick_is_generation ? "N one generation"
                 : g->view && g->view->no_table        ? "N one tick, Shift+N one report period"
                                                       : "N one tick, Shift+N one generation");
    }
}

// The first badge's room: from its left (14 pixels into the area) to the
// world's right edge, or to the area's when the world is too narrow.
static int banner_room(const al_canvas *c)
{
    int bx = c->rect.x + 14, room = (int)(c->world_px.x + c->world_px.w) - bx;
    return room >= 200 ? room : c->rect.x + c->rect.w - bx - 4;
}

// How many lines the banner takes in maxw pixels (badge's wrap), 1 when
// there is none.
static int banner_lines(al_gui *g, int maxw)
{
    char s[352];
    SDL_Color bg;
    banner_text(g, s, sizeof s, &bg, maxw);
    if (!s[0] || !g->font) return 1;
    al_fitted ft;
    al_text_wrap(g->font, s, (maxw < 17 ? 17 : maxw) - 16, BADGE_LINES, &ft);
    return ft.n > 1 ? ft.n : 1;
}

// Whether text wraps whole into STRIP_LINES lines of maxw pixels.
enum { STRIP_LINES = 3 };
static bool strip_fits(const al_font *f, const char *text, int maxw)
{
    static al_fitted m; // drawing is single-threaded; it is large for the stack
    return !al_text_wrap(f, text, maxw, STRIP_LINES, &m);
}

// The longest text made by make(k) for k in 0..n that fits the strip
// (k 0 must fit or nothing does), written into out.
static void strip_longest(const al_font *f, int maxw, int n, char *out, size_t cap,
                          void (*make)(const char *a, const char *b, int k, char *out, size_t cap),
                          const char *a, const char *b)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        make(a, b, mid, out, cap);
        if (strip_fits(f, out, maxw)) lo = mid;
        else hi = mid - 1;
    }
    make(a, b, lo, out, cap);
}

// The kept tail b cut in its middle to k characters (al_name_cut).
static void make_tail(const char *a, const char *b, int k, char *out, size_t cap)
{
    (void)a;
    al_name_cut(out, cap, b, k < 5 ? 5 : k);
}

// The head a cut to k characters and the mark, then the kept tail b.
static void make_both(const char *a, const char *b, int k, char *out, size_t cap)
{
    size_t at = 0;
    for (int n = 0; a[at] && n <= k; ++at)
        if (((unsigned char)a[at] & 0xC0) != 0x80 && n++ == k) break;
    while (at > 0 && a[at - 1] == ' ')
        at--;
    if (snprintf(out, cap, "%.*s" AL_ELLIPSIS " %s", (int)at, a, b) >= (int)cap) out[cap - 1] = '\0'; // cut at cap
}

// The message as the strip shows it: whole when it fits its lines, else,
// when part of it is to stay in sight (g->message_keep: what the user
// typed), the words before that cut first, then that part in its middle;
// else cut at its end by the wrapping. Returns g->message or a static buffer.
static const char *strip_words(const al_gui *g, int maxw)
{
    if (g->message_keep <= 0 || (size_t)g->message_keep >= strlen(g->message) ||
        strip_fits(g->small, g->message, maxw))
        return g->message;
    static char head[AL_SAY_MAX], tail[AL_SAY_MAX], out[AL_SAY_MAX];
    snprintf(head, sizeof head, "%.*s", g->message_keep, g->message);
    snprintf(tail, sizeof tail, "%s", g->message + g->message_keep);
    // The tail in at most two of the lines (the head gets the rest)...
    static al_fitted m;
    if (al_text_wrap(g->small, tail, maxw, STRIP_LINES - 1, &m)) {
        char two[AL_SAY_MAX];
        int lo = 5, hi = al_name_chars(tail);
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            al_name_cut(two, sizeof two, tail, mid);
            if (!al_text_wrap(g->small, two, maxw, STRIP_LINES - 1, &m)) lo = mid;
            else hi = mid - 1;
        }
        al_name_cut(two, sizeof two, tail, lo);
        snprintf(tail, sizeof tail, "%s", two);
    }
    // ... and the head as long as the lines hold.
    strip_longest(g->small, maxw, al_name_chars(head), out, sizeof out, make_both, head, tail);
    if (!strip_fits(g->small, out, maxw)) // even the bare tail does not fit: cut it more
        strip_longest(g->small, maxw, al_name_chars(tail), out, sizeof out, make_tail, head, tail);
    return out;
}

// Where the message strip goes this frame (w 0: no message), in the world
// area, never in the panel (which would move everything under them): under
// the world's caption when there is room, else on an opaque strip over the
// world's bottom edge, above the caption (it was drawn half-transparent over
// both: text on text), and clear of cover, what the view put over the world;
// *lines gets its lines of text.
// Whether the message is said in a panel section in sight (al_view_say_in),
// as last drawn: the strip then stays silent.
static bool message_in_panel(const al_gui *g)
{
    if (!g->message[0] || !g->ctx.say_section[0]) return false;
    for (int i = 0; i < g->sections.n; ++i) {
        const al_panel_section *s = &g->sections.s[i];
        if (strcmp(s->name, g->ctx.say_section) == 0) return s->rect.h > 0 && !s->cut && !s->collapsed;
    }
    return false;
}

static SDL_Rect message_strip(al_gui *g, const al_canvas *c, SDL_Rect cover, int *lines)
{
    *lines = 0;
    g->message_in_panel = message_in_panel(g); // for `state`: what this frame draws
    if (!g->message[0] || al_shell_now(g) >= g->message_until || g->message_in_panel)
        return (SDL_Rect){0, 0, 0, 0};
    SDL_Rect wr = {(int)c->world_px.x, (int)c->world_px.y, (int)c->world_px.w, (int)c->world_px.h};
    int mh = al_font_height(g->small), sx = wr.x + 1, sw = wr.w - 2;
    if (sw < 200) sx = c->rect.x + 4, sw = c->rect.w - 8; // a tiny world: the area's width
    int maxw = sw - 12 > 1 ? sw - 12 : 1;
    static al_fitted m; // drawing is single-threaded; it is large for the stack
    al_text_wrap(g->small, strip_words(g, maxw), maxw, STRIP_LINES, &m);
    int n = m.n > 0 ? m.n : 1;
    int hgt = n * mh + 10;
    int below = wr.y + wr.h + 1 + mh + 8; // the caption's band ends here
    int y0 = c->rect.y + c->rect.h - below >= hgt + 4 ? below + 2 : wr.y + wr.h - 1 - hgt;
    if (y0 < c->rect.y) y0 = c->rect.y;
    SDL_Rect strip = {sx, y0, sw, hgt};
    // Clear of what the view put over the world (an ants replay's P
    // message hid the brain inspector's bottom row) and of the badges
    // (the jump prompt drops onto the world's top edge beside a long
    // banner, where the strip went for the inspector: trial, issue 10):
    // over the world's top edge instead, under the badges, just under or
    // over the inspector, else the first clear row from the top.
    if (!strip_clear(g, strip, cover)) {
        int badges_bottom = wr.y + 1;
        for (int i = 0; i < g->nbadges; ++i) {
            int under = g->badges[i].y + g->badges[i].h + 2;
            if (under > badges_bottom) badges_bottom = under;
        }
        int tries[4] = {wr.y + 1, badges_bottom, cover.y + cover.h + 2, cover.y - 2 - hgt};
        bool found = false;
        for (int i = 0; i < 4 + c->rect.h / 4 && !found; ++i) {
            SDL_Rect t = {sx, i < 4 ? tries[i] : c->rect.y + 4 * (i - 4), sw, hgt};
            if (t.y >= c->rect.y && t.y + hgt <= c->rect.y + c->rect.h && strip_clear(g, t, cover)) {
                strip = t;
                found = true;
            }
        }
    }
    *lines = n;
    return strip;
}

static void draw_world(al_gui *g)
{
    al_canvas c;
    al_shell_canvas(g, &c);
    SDL_Rect wr = {(int)c.world_px.x, (int)c.world_px.y, (int)c.world_px.w, (int)c.world_px.h};
    fill(g->r, wr, AL_COL_WORLD);
    g->world_texts.n = g->world_texts.dropped = 0;
    int lines = 0;
    if (!g->have_session) {
        char line[160];
        snprintf(line, sizeof line, "module '%s' not in this build", mode_names[g->mode]);
        notice(&c, g, wr, AL_COL_DIM, line, "nothing is simulated here; press 1 .. 5 for another mode");
    } else if (g->fast) {
        char line[160];
        al_shell_fast_line(g, line, sizeof line);
        notice(&c, g, wr, AL_COL_WARN, line, "simulating without drawing the world; F to watch again");
    } else if (g->view && g->view->draw) {
        SDL_RenderSetClipRect(g->r, &c.rect);
        g->ctx.paused = g->paused;
        g->ctx.cover = (SDL_Rect){0, 0, 0, 0};
        g->marks_outside = 0;
        c.marks_outside = &g->marks_outside;
        g->ctx.strip = message_strip(g, &c, g->ctx.cover, &lines); // before cover is known
        g->view->draw(&g->ctx, &c);
        al_batch_draw(&c); // in case the view left shapes in the batch
        SDL_RenderSetClipRect(g->r, NULL);
    } else {
        char line[160];
        snprintf(line, sizeof line, "module '%s' runs, but this build has no view for it",
                 mode_names[g->mode]);
        notice(&c, g, wr, AL_COL_DIM, line, "");
    }
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawRect(g->r, &wr);
    // What the rectangle is, under it in the band kept for it: the view's
    // words first (whose world), then the size and edges when they fit.
    g->nbadges = 0;
    g->banner[0] = '\0';
    g->caption_rect = (SDL_Rect){0, 0, 0, 0};
    if (!(g->view && g->view->no_world)) {
        char size[160], cap[420], own[240] = "";
        snprintf(size, sizeof size, "world %g x %g, edges %s", (double)c.world.width,
                 (double)c.world.height,
                 c.world.edge == AL_EDGE_WRAP ? "wrap around" : alEdgePolicy_Name(c.world.edge));
        if (g->have_session && g->view && g->view->caption && !g->fast)
            g->view->caption(&g->ctx, own, sizeof own);
        if (own[0]) snprintf(cap, sizeof cap, "%s   (%s)", own, size);
        else snprintf(cap, sizeof cap, "%s", size);
        if (own[0] && al_text_width(g->small, cap) > c.rect.x + c.rect.w - wr.x)
            snprintf(cap, sizeof cap, "%s", own);
        // One line in the band under the world, cut with "..." when even the
        // view's words alone are wider than the band.
        int bh = c.rect.y + c.rect.h - (wr.y + wr.h + 4);
        SDL_Rect band = {wr.x, wr.y + wr.h + 4, c.rect.x + c.rect.w - wr.x - 4,
                         bh < al_font_height(g->small) ? bh : al_font_height(g->small)};
        g->caption_rect = al_canvas_text(&c, g->small, band, -1, AL_COL_DIM, cap);
    }

    // State badges in the band above the world, side by side, their
    // bottoms 3 pixels above it.
    int bx = c.rect.x + 14, bottom = wr.y - 3;
    const int step = 8;
    SDL_RenderSetClipRect(g->r, &c.rect);
    char s[352];
    SDL_Color bg = AL_COL_GOOD;
    banner_text(g, s, sizeof s, &bg, banner_room(&c));
    if (s[0]) bx += badge(g, &c, bx, bottom, banner_room(&c), bg, s) + step;
    if (g->jump_typing || g->jump_to > 0) {
        if (g->jump_typing)
            snprintf(s, sizeof s, "jump to generation: %s_   (Enter: go, Esc: cancel)", g->jump_text);
        else
            snprintf(s, sizeof s, "to generation %lld " AL_ELLIPSIS, (long long)g->jump_to);
        // Beside the banner when it fits there whole, else on its own line
        // over the world's top edge (beside a LIMIT banner at 1280x800 it
        // showed "ju..." and not the digits typed).
        // Over the world it keeps clear of what the view put there (the
        // brain inspector near the top hid it, and it the inspector's
        // title): at the top edge, else the bottom one, else under or over
        // the inspector.
        int room = c.rect.x + c.rect.w - bx - 4;
        if (al_text_width(g->font, s) + 16 > room) {
            bx = c.rect.x + 14;
            room = banner_room(&c);
            al_fitted ft;
            al_text_wrap(g->font, s, room - 16, BADGE_LINES, &ft);
            int bh = (ft.n > 0 ? ft.n : 1) * al_font_height(g->font) + 6, bw = ft.w + 16;
            SDL_Rect cover = g->fast ? (SDL_Rect){0, 0, 0, 0} : g->ctx.cover;
            int tries[4] = {wr.y + 4 + bh, wr.y + wr.h - 4, cover.y + cover.h + 4 + bh, cover.y - 4};
            bottom = tries[0];
            for (int i = 0; i < 4; ++i) {
                SDL_Rect t = {bx, tries[i] - bh, bw, bh};
                if (t.y < wr.y || tries[i] > wr.y + wr.h) continue;
                if (cover.w <= 0 || !SDL_HasIntersection(&t, &cover)) {
                    bottom = tries[i];
                    break;
                }
            }
        }
        badge(g, &c, bx, bottom, room, AL_COL_ACCENT, s);
    }
    SDL_RenderSetClipRect(g->r, NULL);
    // The message, on its strip (message_strip).
    g->message_rect = message_strip(g, &c, g->fast ? (SDL_Rect){0, 0, 0, 0} : g->ctx.cover, &lines);
    if (g->message_rect.w > 0) {
        SDL_Rect strip = g->message_rect;
        SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
        fill(g->r, strip, AL_RGB(10, 12, 16));
        SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
        SDL_RenderDrawRect(g->r, &strip);
        const char *words = strip_words(g, strip.w - 12 > 1 ? strip.w - 12 : 1);
        al_canvas_text(&c, g->small, (SDL_Rect){strip.x + 6, strip.y + 5, strip.w - 12, lines * al_font_height(g->small)},
                       -1, g->message_col, words);
        struct al_canvas_text_rec *t = g->world_texts.n > 0 ? &g->world_texts.t[g->world_texts.n - 1] : NULL;
        if (words != g->message && t && strncmp(t->text, words, 32) == 0) { // recorded as the message, cut
            snprintf(t->text, sizeof t->text, "%s", g->message);
            t->cut = true;
        }
    }
}

void al_shell_fast_line(const al_gui *g, char *buf, size_t cap)
{
    // Steering has report periods (its plot's x axis), not generations.
    if (g->view && g->view->plot_x)
        snprintf(buf, cap, "fast-forward: %lld %s", (long long)g->s.gens, g->view->plot_x);
    else
        snprintf(buf, cap, "fast-forward: generation %lld", (long long)g->s.gens);
}

// The value under the mouse (al_panel_hotkey), or -1.
static int hot_at(const al_gui *g, int x, int y)
{
    SDL_Point pt = {x, y};
    SDL_Rect pr;
    al_gui_layout(g, NULL, &pr);
    for (int i = 0; i < g->sections.nhot; ++i)
        if (SDL_PointInRect(&pt, &g->sections.hot[i].r)) return i;
    return -1;
}

// A press of the value's key for more or less (its less key, else Shift+key)
// through SDL's queue, as the keyboard's.
static void push_value_key(al_gui *g, SDL_Keycode key, SDL_Keycode less_key, bool less)
{
    if (key == SDLK_PLUS && less) key = SDLK_MINUS, less = false; // the speed: + and -
    if (less && less_key) key = less_key, less = false;
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = less ? KMOD_LSHIFT : 0;
    if (SDL_PushEvent(&e) == 1) g->gesture_keys++; // al_gui_handle_events gives it the gesture's number
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
}

bool al_shell_panel_wheel(al_gui *g, const SDL_Event *e)
{
    int h = hot_at(g, g->mouse_x, g->mouse_y);
    if (h < 0 || e->wheel.y == 0) return false;
    int n = e->wheel.y > 0 ? e->wheel.y : -e->wheel.y;
    for (int i = 0; i < n && i < 20; ++i)
        push_value_key(g, g->sections.hot[h].key, g->sections.hot[h].less, e->wheel.y < 0);
    return true;
}

void al_shell_panel_mouse(al_gui *g, const SDL_Event *e)
{
    if (e->type == SDL_MOUSEBUTTONUP) {
        g->drag_hot = -1;
        return;
    }
    if (e->type == SDL_MOUSEMOTION) {
        // Dragging a value: every 12 pixels right is one more, left one less.
        if (g->drag_hot < 0 || g->drag_hot >= g->sections.nhot) return;
        int steps = (e->motion.x - g->drag_x) / 12;
        for (int i = 0; i < (steps > 0 ? steps : -steps) && i < 20; ++i)
            push_value_key(g, g->drag_key, g->drag_less, steps < 0);
        g->drag_x += steps * 12;
        return;
    }
    if (e->type != SDL_MOUSEBUTTONDOWN || e->button.button != SDL_BUTTON_LEFT) return;
    SDL_Point pt = {e->button.x, e->button.y};
    for (int i = 0; i < g->nfolds; ++i)
        if (SDL_PointInRect(&pt, &g->folds[i].heading)) {
            *g->folds[i].closed = !*g->folds[i].closed;
            return;
        }
    int h = hot_at(g, e->button.x, e->button.y);
    if (h >= 0) {
        g->drag_hot = h;
        g->drag_key = g->sections.hot[h].key;
        g->drag_less = g->sections.hot[h].less;
        g->drag_x = e->button.x;
        g->gesture++; // a drag: one edit
    }
}

int al_gui_param_group(const al_gui *g, const char *key)
{
    static const char *const algorithms[] = {"ga.", "neat.", "cmaes."};
    if (strcmp(key, "run.module") == 0 || strcmp(key, "run.name") == 0 || strcmp(key, "run.threads") == 0 ||
        strcmp(key, "run.sweep") == 0 || strcmp(key, "run.group") == 0 || strcmp(key, "run.algorithm") == 0)
        return -1;
    if (strncmp(key, "run.", 4) == 0) return 2;
    if (strncmp(key, "world.", 6) == 0) return g->view && g->view->no_world ? -1 : 3;
    const char *running = g->cfg ? alConfig_Text(g->cfg, "run.algorithm") : NULL;
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; ++i) {
        size_t n = strlen(algorithms[i]);
        if (strncmp(key, algorithms[i], n) != 0) continue;
        return running && strlen(running) == n - 1 && strncmp(running, algorithms[i], n - 1) == 0 ? 1 : -1;
    }
    return 0;
}

typedef struct param_ctx {
    al_panel *p;
    const al_gui *g;
    int pass; ///< al_gui_param_group: 0 the module's own, 1 its algorithm's, 2 run.*, 3 world.*
    int col, shown, skipped, rows, max_rows;
    int colw;
} param_ctx;

static void param_line(const char *key, const char *value, void *vctx)
{
    param_ctx *pc = vctx;
    al_panel *p = pc->p;
    if (al_gui_param_group(pc->g, key) != pc->pass) return;
    int lh = al_font_height(p->small);
    if (pc->rows >= pc->max_rows || p->y + lh > p->bottom) {
        pc->skipped++;
        return;
    }
    char buf[200];
    const char *short_key = key;
    // "ga.population" reads fine; "run.seed" as "seed".
    if (strncmp(key, "run.", 4) == 0) short_key = key + 4;
    snprintf(buf, sizeof buf, "%s", short_key);
    int x = p->x + pc->col * pc->colw;
    int kw = al_text_width(p->small, buf);
    char val[120];
    snprintf(val, sizeof val, "%s", value[0] ? value : "\"\"");
    int maxv = pc->colw - kw - 16;
    if (al_text_width(p->small, val) > maxv) { // long strings (a target): show the start
        size_t n = strlen(val);
        while (n > 0 && al_text_width(p->small, val) > maxv - al_text_width(p->small, ".."))
            val[--n] = '\0';
        snprintf(val + n, sizeof val - n, "..");
    }
    al_draw_text_px(p->r, p->small, (float)x, (float)p->y, AL_COL_DIM, buf);
    al_draw_text_px(p->r, p->small, (float)(x + kw + 6), (float)p->y, AL_COL_TEXT, val);
    pc->shown++;
    if (++pc->col == 2) {
        pc->col = 0;
        p->y += lh;
        pc->rows++;
    }
}

// Rows of the generations table: fixed for a window height, so nothing
// below it moves while the table fills.
static int table_rows(int panel_h)
{
    // (4 below 760 px pushed ants/neat.ini's panel past 1280x800: with
    // rows left out, the last row says how many, the summary under the
    // table the newest in words)
    return panel_h >= 760 ? 5 : 3;
}

// The table's first rows take the room the empty table did not (panel_stats):
// with the mouse over the panel below the table, the page scrolls on by
// that much, so what is under the mouse stays put while the rows come in.
static void table_grew(al_gui *g, SDL_Rect view)
{
    if (g->table_saved == 0 || g->hist.n == 0) return;
    SDL_Point m = {g->mouse_x, g->mouse_y};
    if (SDL_PointInRect(&m, &view) && m.y > g->table_saved_y) {
        g->scroll += g->table_saved;
        g->scroll_max += g->table_saved;
    }
    g->table_saved = 0;
}

enum { SUMMARY_GAP = 4 }; // px between the table's last row and the summary under it

static void panel_stats(al_gui *g, al_panel *p)
{
    const history *h = &g->hist;
    bool lower = g->have_session && g->s.cls->lower_is_better;
    al_panel_heading(p, lower ? "Last generations (error: lower is better)" : "Last generations");
    int rows = table_rows(p->rect.h);
    int mono = al_font_height(p->mono), line_h = al_font_height(p->font);
    bool describe = g->have_session && g->s.cls->describe;
    // The block's height is the same empty or full (header, rows, summary):
    // the summary's two lines, SUMMARY_GAP px below the rows (under a full
    // table its "... N earlier rows" line touched the summary: trial,
    // double.ini), or three of the small font when two do not hold it
    // (below the rows by what of the gap the block has room for).
    int small_h = al_font_height(p->small);
    int desc_h = SUMMARY_GAP + 2 * line_h > 3 * small_h ? SUMMARY_GAP + 2 * line_h : 3 * small_h;
    int y_end = p->y + mono * (rows + 1) + (describe ? desc_h : 0);
    g->table_n = 0;
    g->table_earlier = 0;
    g->table_end_y = g->summary_y = 0;
    g->table_saved = 0;
    if (h->n == 0) {
        // A brain file's replay has none to come (it said "none finished
        // yet" for the whole replay): it says what the window is.
        al_panel_note(p, "%s",
                      !g->have_session           ? "no module, no generations"
                      : al_shell_brain_replay(g) ? "none: " AL_BRAIN_NO_GENERATIONS
                                                   ", nothing evolves"
                                                 : "none finished yet");
        // Where the page does not fit its view anyway (720x480), the empty
        // table takes this one line, not its full height of blank: the
        // sections below it in sight (table_grew keeps them in place).
        if (!g->table_room && p->y < y_end) {
            g->table_saved = y_end - p->y;
            g->table_saved_y = p->y;
            y_end = p->y;
        }
    } else {
        char line[160];
        snprintf(line, sizeof line, "%6s %10s %10s %10s", "gen", "best", "mean", "worst");
        SDL_Color dim[64];
        for (int i = 0; i < 64; ++i)
            dim[i] = AL_COL_DIM;
        al_panel_chars(p, line, dim, 64);
        int64_t first_gen = g->s.gens - h->n; // history covers the session's last h->n generations
        // The top row is the generation under way (or next, once the run
        // stopped), numbered as the header's "gen N" counts: generations
        // 0 .. N-1 are done, N is the one on screen; the rows under it
        // are those finished, as the CLI and the database number them.
        const char *top = !g->done                       ? "  under way"
                          : g->s.goal                    ? "  not run: goal reached"
                          : al_shell_brain_replay(g)     ? "  not run: brain file"
                          : al_session_past_limit(&g->s)  ? "  not evaluated: target reached"
                                                         : "  not evaluated: limit reached";
        snprintf(line, sizeof line, "%6lld %s", (long long)g->s.gens, top);
        g->table_top = top + 2;
        al_panel_chars(p, line, dim, 64);
        g->table_gen[g->table_n++] = (long long)g->s.gens;
        // More finished generations than rows: the last row says how many
        // earlier ones are left out (720x480 dropped generation 0 unsaid).
        int shown = h->n <= rows - 1 ? h->n : rows - 2;
        g->table_earlier = first_gen + h->n - shown;
        for (int k = 0; k < shown; ++k) {
            int i = h->n - 1 - k;
            if (g->table_n < 8) g->table_gen[g->table_n++] = (long long)(first_gen + i);
            char b[16], m[16], w[16];
            snprintf(line, sizeof line, "%6lld %10s %10s %10s", (long long)(first_gen + i),
                     al_number_cell(b, sizeof b, h->best[i]), al_number_cell(m, sizeof m, h->mean[i]),
                     al_number_cell(w, sizeof w, h->worst[i]));
            SDL_Color cols[64];
            for (int j = 0; j < 64; ++j)
                cols[j] = k == 0 ? AL_COL_TEXT : AL_COL_DIM;
            for (int j = 7; j < 18; ++j)
                cols[j] = k == 0 ? AL_COL_BEST : AL_RGB(170, 130, 80);
            al_panel_chars(p, line, cols, 64);
        }
        if (g->table_earlier > 0) {
            snprintf(line, sizeof line, "     " AL_ELLIPSIS " %lld earlier row%s", g->table_earlier,
                     g->table_earlier > 1 ? "s" : "");
            al_panel_chars(p, line, dim, 64);
        }
        g->table_end_y = p->y;
        p->y = p->y > y_end - (describe ? desc_h : 0) ? p->y : y_end - (describe ? desc_h : 0);
        if (describe && g->s.have_last) {
            char desc[256] = "";
            if (g->view && g->view->describe)
                g->view->describe(&g->ctx, desc, sizeof desc);
            else
                g->s.cls->describe(g->s.mod, desc, sizeof desc);
            // The regular font when two lines hold it, else the small one:
            // the summary is never cut with "..." in a narrow panel.
            const al_font *f = al_panel_wrap_lines(p, p->font, desc) <= 2 ? p->font : p->small;
            int most = f == p->font ? 2 : desc_h / small_h;
            g->summary_lines = al_panel_wrap_lines(p, f, desc);
            int used = (g->summary_lines < most ? g->summary_lines : most) * al_font_height(f);
            p->y += used + SUMMARY_GAP <= desc_h ? SUMMARY_GAP : desc_h > used ? desc_h - used : 0;
            g->summary_cut = g->summary_lines > most;
            snprintf(g->summary, sizeof g->summary, "%s", desc);
            g->summary_y = desc[0] ? p->y : 0;
            if (desc[0]) al_panel_wrap(p, f, AL_COL_TEXT, desc, most);
        }
    }
    if (p->y < y_end) p->y = y_end;
}

void al_shell_key_words(const al_view *v, bool brain, const shell_key *k, const char **brief, const char **help)
{
    *brief = k->brief;
    *help = k->help;
    if (al_shell_key_idle(v, brain, k->act)) {
        *brief = *help = "";
        return;
    }
    if (k->act == K_NEWRUN && brain) {
        *help = "end the brain file's replay: a new run of its world (seed + 1) that evolves";
        return;
    }
    if (v && v->no_table && k->act == K_GENERATION) { // steering: report periods, no generations
        *brief = "one period";
        *help = "simulate to the end of this report period, then pause";
    }
    if (!(v && v->tick_is_generation)) return;
    if (k->act == K_TICK) {
        *brief = "one generation";
        *help = "simulate one generation (pauses first)";
    } else if (k->act == K_GENERATION) {
        *brief = "";
        *help = "the same as N here: one generation, then pause";
    }
}

// The shell's keys with a short text flowing left to right ("Space pause /
// run   N one tick ..."), from the same table the key handler reads,
// wrapping as needed; with draw false it only counts the lines. Only keys
// that act now: after the goal F, E, J and Shift+N refuse (the line listed
// them after "strings solved"), and at the limit F and Shift+N do nothing
// (E and J evolve on).
static int keys_layout(al_gui *g, al_panel *p, int width, bool draw)
{
    int x = 0, lines = 1, sh = al_font_height(g->small);
    int gap = al_text_width(g->small, "   "), sp = al_text_width(g->small, " ");
    if (draw) g->keys_drawn[0] = '\0';
    for (int i = 0; i < NSHELLKEYS; ++i) {
        const char *brief, *help;
        al_shell_key_words(g->view, al_shell_brain_replay(g), &shell_keys[i], &brief, &help);
        if (!brief[0]) continue;
        if (al_shell_key_after_goal(g, shell_keys[i].act) || al_shell_key_at_limit(g, shell_keys[i].act)) continue;
        if (draw) {
            size_t n = strlen(g->keys_drawn);
            snprintf(g->keys_drawn + n, sizeof g->keys_drawn - n, "%s%s", n ? "\n" : "", shell_keys[i].label);
        }
        int kw = al_text_width(g->small, shell_keys[i].label);
        int w = kw + sp + al_text_width(g->small, brief);
        if (x > 0 && x + w > width) {
            x = 0;
            lines++;
        }
        if (draw) {
            float px = (float)(p->x + x), py = (float)(p->y + (lines - 1) * sh);
            al_draw_text_px(g->r, g->small, px, py, AL_COL_WARN, shell_keys[i].label);
            al_draw_text_px(g->r, g->small, px + (float)(kw + sp), py, AL_COL_TEXT, brief);
        }
        x += w + gap;
    }
    return lines;
}

// A section heading that a click opens and closes: "+" closed, "-" open.
static bool fold_heading(al_gui *g, al_panel *p, const char *name, bool *closed)
{
    // The longest form that fits the panel: at 720x480 "Keys (+ click to
    // open; H: all, the view's too)" was cut to "... the view's t" (trial8).
    static const char *const keys_tail[] = {"; H: all, the view's too", "; H: all", ""};
    bool keys = strcmp(name, "Keys") == 0;
    char text[96];
    for (int i = 0; i < (keys ? 3 : 1); ++i) {
        snprintf(text, sizeof text, "%s (%s click to %s%s)", name, *closed ? "+" : "-",
                 *closed ? "open" : "close", keys ? keys_tail[i] : "");
        if (al_text_width(p->font, text) <= p->width) break;
    }
    int y0 = p->y;
    al_panel_heading(p, text);
    if (g->nfolds < (int)(sizeof g->folds / sizeof g->folds[0]))
        g->folds[g->nfolds++] = (struct fold){{p->x, y0, p->width, p->y - y0}, closed};
    if (*closed && p->sections && p->sections->n > 0)
        p->sections->s[p->sections->n - 1].collapsed = true;
    return !*closed;
}

const char *al_shell_keys_folded_note(const al_gui *g)
{
    return g->paused ? "H: every key   L: the lesson   Space: run" : "H: every key   L: the lesson   Space: pause";
}

static void keys_flow(al_gui *g, al_panel *p)
{
    int sh = al_font_height(g->small);
    if (!fold_heading(g, p, "Keys", &g->fold_keys)) {
        al_panel_note(p, al_shell_keys_folded_note(g));
        return;
    }
    int lines = keys_layout(g, NULL, p->width, false);
    keys_layout(g, p, p->width, true);
    p->y += lines * sh;
}

// The figure the view (its lesson) plots until Tab is pressed, or NULL.
static const char *wanted_figure(al_gui *g)
{
    const char *want = g->view && g->view->plotted && g->have_session ? g->view->plotted(&g->ctx) : NULL;
    if (!want && g->view) want = g->view->plot_default;
    return want;
}

// The plotted figure: 0 best and mean fitness, k >= 1 the module's figure k-1.
static int plotted_figure(al_gui *g)
{
    const history *h = &g->hist;
    if (g->plot_fig < 0) { // the view's default, once the figures are known
        const char *want = wanted_figure(g);
        if (!want) return 0;
        for (int i = 0; i < h->nall; ++i)
            if (strcmp(h->all_name[i], want) == 0) return i + 1;
        return 0;
    }
    return h->nall > 0 ? g->plot_fig % (h->nall + 1) : 0;
}

// A filled triangle, for the "more above / below" signs.
static void triangle(SDL_Renderer *r, float x, float y, float s, bool down, SDL_Color c)
{
    SDL_Vertex v[3];
    float d = down ? 1.0f : -1.0f;
    v[0] = (SDL_Vertex){{x - s, y - d * s / 2}, c, {0, 0}};
    v[1] = (SDL_Vertex){{x + s, y - d * s / 2}, c, {0, 0}};
    v[2] = (SDL_Vertex){{x, y + d * s / 2}, c, {0, 0}};
    SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
}

SDL_Rect al_shell_more_sign(al_gui *g, int x, int y, int w, bool above, bool below, const char *how)
{
    int sh = al_font_height(g->small);
    SDL_Rect strip = {x, y, w, sh + 4};
    fill(g->r, strip, AL_RGB(40, 46, 60));
    float cx = (float)(strip.x + 14), cy = (float)(strip.y + strip.h / 2);
    if (above) triangle(g->r, cx, cy, 5, false, AL_COL_WARN);
    if (below) triangle(g->r, cx + 14, cy, 5, true, AL_COL_WARN);
    char more[200];
    snprintf(more, sizeof more, "more %s: %s", above && below ? "above and below" : below ? "below" : "above",
             how);
    al_draw_text_px(g->r, g->small, cx + 26, (float)(strip.y + 2), AL_COL_WARN, more);
    return strip;
}

static void draw_panel(al_gui *g)
{
    SDL_Rect pr;
    al_gui_layout(g, NULL, &pr);
    fill(g->r, pr, AL_COL_PANEL);
    SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawLine(g->r, pr.x, pr.y, pr.x, pr.y + pr.h);
    g->nfolds = 0;

    int plot_h = pr.h / 5;
    if (plot_h < 150) plot_h = 150;
    if (plot_h > 300) plot_h = 300;
    al_panel p = {
        .r = g->r,
        .rect = pr,
        .x = pr.x + 16,
        .y = pr.y + 12,
        .width = pr.w - 32,
        .bottom = pr.y + pr.h - plot_h - 6,
        .font = g->font,
        .small = g->small,
        .mono = g->mono,
        .title = g->title,
        .sections = &g->sections,
    };
    g->sections.n = 0;
    g->sections.nhot = 0;
    g->sections.wrapped_on[0] = '\0';
    g->sections.rows[0] = '\0';
    SDL_RenderSetClipRect(g->r, &pr);

    // Title and the mode tabs: fixed at the top.
    const char *title = g->have_session ? g->s.cls->title : mode_titles[g->mode];
    al_draw_text_px(g->r, g->title, (float)p.x, (float)p.y, AL_COL_TEXT, title);
    int tabs_w = 0;
    for (int i = 0; i < NMODES; ++i) {
        char tab[40];
        snprintf(tab, sizeof tab, "%d %s", i + 1, mode_names[i]);
        tabs_w += al_text_width(g->small, tab) + 20;
    }
    float tx = (float)p.x;
    if (al_text_width(g->title, title) + 24 + tabs_w <= p.width) { // the tabs beside the title
        tx = (float)(p.x + p.width - tabs_w + 20);
        p.y += (al_font_height(g->title) - al_font_height(g->small)) / 2;
    } else {
        p.y += al_font_height(g->title) + 2;
    }
    for (int i = 0; i < NMODES; ++i) {
        char tab[40];
        snprintf(tab, sizeof tab, "%d %s", i + 1, mode_names[i]);
        int w = al_text_width(g->small, tab);
        if (i == g->mode) {
            fill(g->r, (SDL_Rect){(int)tx - 5, p.y - 1, w + 10, al_font_height(g->small) + 2},
                 AL_RGB(46, 70, 110));
        }
        al_draw_text_px(g->r, g->small, tx, (float)p.y, i == g->mode ? AL_COL_TEXT : AL_COL_DIM,
                        tab);
        g->tabs[i] = (SDL_Rect){(int)tx - 5, p.y - 1, w + 10, al_font_height(g->small) + 2};
        tx += (float)w + 20;
    }
    p.y += al_font_height(g->small) + 6;

    // The scrolling part: from here to the plot. Lines are laid out on an
    // endless page shifted by the scroll offset and clipped to the view.
    SDL_Rect view = {pr.x, p.y, pr.w, p.bottom - p.y};
    if (view.h < 0) view.h = 0;
    int top = p.y;
    table_grew(g, view);
    if (g->scroll > g->scroll_max) g->scroll = g->scroll_max;
    p.y -= g->scroll;
    p.bottom = top + 100000;
    SDL_RenderSetClipRect(g->r, &view);

    // Status.
    al_panel_section_begin(&p, "Status", true);
    if (g->have_session) {
        char status[200];
        SDL_Color sc;
        // One line always, so the sections below stay put: the longest form
        // that fits the panel, never a number cut (al_shell_status_fit).
        g->status_cut = al_shell_status_fit(g, p.font, p.width, status, sizeof status, &sc);
        snprintf(g->status_shown, sizeof g->status_shown, "%s", status);
        g->status_rect = (SDL_Rect){p.x, p.y, al_text_width(p.font, status), al_font_height(p.font)};
        al_panel_line(&p, p.font, sc, "%s", status);
        int y_speed = p.y;
        // One line, so nothing below moves (al_shell_speed_fit).
        g->speed_cut = al_shell_speed_fit(g, p.small, p.width, g->speed_shown, sizeof g->speed_shown);
        al_panel_line(&p, p.small, AL_COL_DIM, "%s", g->speed_shown);
        al_panel_hotkey(&p, y_speed, SDLK_PLUS); // wheel/drag: faster, slower
    } else {
        al_panel_text(&p, AL_COL_DIM, "empty world: module not in this build");
    }

    if (!(g->view && g->view->no_table)) panel_stats(g, &p);

    if (g->have_session && g->view && g->view->panel) {
        g->ctx.paused = g->paused;
        g->ctx.done = g->done;
        g->view->panel(&g->ctx, &p);
    }

    // Parameters: the module's own first, the world last (least telling).
    if (fold_heading(g, &p, "Parameters", &g->fold_params)) {
        const char *algo = alConfig_Text(g->cfg, "run.algorithm");
        if (algo)
            al_panel_kv(&p, "algorithm", "%s", strcmp(algo, "cmaes") == 0  ? "CMA-ES (cmaes.*)"
                                               : strcmp(algo, "neat") == 0 ? "NEAT (neat.*)"
                                                                           : "genetic algorithm (ga.*)");
        param_ctx pc = {&p, g, 0, 0, 0, 0, 0, 8, p.width / 2};
        for (pc.pass = 0; pc.pass < 4; ++pc.pass)
            alConfig_Each(g->cfg, param_line, &pc);
        if (pc.col == 1) p.y += al_font_height(g->small);
        if (pc.skipped > 0)
            al_panel_note(&p, "%d more: alife config --list --module %s", pc.skipped,
                          mode_names[g->mode]);
    } else if (g->cfg && g->view && g->view->no_world) {
        al_panel_note(&p, "seed %lld", (long long)alConfig_Int(g->cfg, "run.seed"));
    } else if (g->cfg) {
        alWorld wd = alWorld_FromConfig(g->cfg);
        al_panel_note(&p, "world %g x %g, %s edges, seed %lld", (double)wd.width,
                      (double)wd.height, alEdgePolicy_Name(wd.edge),
                      (long long)alConfig_Int(g->cfg, "run.seed"));
    }
    keys_flow(g, &p);
    al_panel_section_end(&p);

    // How far the page goes past the view: the scroll range, and signs.
    int page_h = p.y + g->scroll - top;
    g->scroll_max = page_h > view.h ? page_h - view.h : 0;
    g->table_room = page_h + g->table_saved <= view.h; // the table's full height fits: keep it
    if (g->scroll > g->scroll_max) g->scroll = g->scroll_max;
    for (int i = 0; i < g->sections.n; ++i) { // what of each section the view shows
        al_panel_section *sec = &g->sections.s[i];
        SDL_Rect clip;
        if (sec->rect.w == 0) continue;
        if (!SDL_IntersectRect(&sec->rect, &view, &clip)) {
            sec->cut = true;
            sec->rect.h = 0;
        } else {
            if (clip.h < sec->rect.h) sec->cut = true;
            sec->rect = clip;
        }
    }
    SDL_RenderSetClipRect(g->r, &pr);
    g->sign_panel = (SDL_Rect){0, 0, 0, 0};
    g->more_above = g->scroll > 0;
    g->more_below = g->scroll < g->scroll_max;
    if (g->more_above || g->more_below) {
        // A strip over the view's bottom edge: which way there is more.
        int sh = al_font_height(g->small);
        g->sign_panel = al_shell_more_sign(g, view.x + 1, view.y + view.h - sh - 4, view.w - 1,
                                           g->more_above, g->more_below, "PgUp/PgDn or the wheel");
    }

    // The plot, anchored at the bottom.
    SDL_Rect area = {pr.x + 12, pr.y + pr.h - plot_h, pr.w - 24, plot_h - 8};
    p.y = area.y;
    p.bottom = area.y + area.h;
    al_panel_section_begin(&p, "Plot", true);
    p.y = area.y + area.h;
    al_panel_section_end(&p);
    const history *h = &g->hist;
    al_series series[2 + MAXFIG];
    int ns = 0;
    bool lower = g->have_session && g->s.cls->lower_is_better;
    const char *ytitle = lower ? "error per generation" : "fitness per generation";
    const char *xtitle = "generation";
    if (g->view && g->have_session && g->view->plot_y) ytitle = g->view->plot_y;
    if (g->view && g->have_session && g->view->plot_x) xtitle = g->view->plot_x;
    int pf = plotted_figure(g);
    g->plotted_index = pf;
    const char *hint = NULL; // said after the title when it fits
    const char *empty_says = NULL; // over a plot with nothing to draw (NULL: "no generations yet")
    const char *want = g->plot_fig < 0 && g->have_session ? wanted_figure(g) : NULL;
    // A figure is shown in words, its title saying what it measures
    // (figure_names.c); `plotted` keeps its name.
    char fig_title[160], fig_words[64];
    if (pf == 0 && want && h->nall == 0) {
        // Before the first report: the lesson's figure, with no points yet
        // (not "fitness", which this plot will not show).
        snprintf(fig_words, sizeof fig_words, "%s", al_figure_words(want));
        series[ns++] = (al_series){fig_words, AL_COL_BEST, NULL, 0, false, false};
        snprintf(g->plotted, sizeof g->plotted, "%s", want);
        ytitle = al_figure_title(want, fig_title, sizeof fig_title);
    } else if (pf > 0) {
        const char *name = h->all_name[pf - 1];
        snprintf(fig_words, sizeof fig_words, "%s", al_figure_words(name));
        series[ns++] = (al_series){fig_words, AL_COL_BEST, h->all[pf - 1], h->n, false, false};
        if (h->n > 0) empty_says = al_figure_none(name); // over the plot while none is measured
        snprintf(g->plotted, sizeof g->plotted, "%s", name);
        ytitle = al_figure_title(name, fig_title, sizeof fig_title);
        hint = "Tab: next figure";
    } else {
        series[ns++] = (al_series){"best", AL_COL_BEST, h->best, h->n, false, false};
        series[ns++] = (al_series){"mean", AL_COL_MEAN, h->mean, h->n, false, false};
        static const SDL_Color fig_cols[MAXFIG] = {
            {150, 230, 140, 255}, {230, 120, 200, 255}, {200, 200, 200, 255}, {240, 240, 120, 255}};
        static char words[MAXFIG][64];
        const bool on_scale = g->view && g->view->plot_figures_on_scale;
        for (int i = 0; i < h->nfig; ++i) {
            snprintf(words[i], sizeof words[i], "%s", al_figure_words(h->fig_name[i]));
            series[ns++] = (al_series){words[i], fig_cols[i], h->fig[i], h->n, true, on_scale};
        }
        snprintf(g->plotted, sizeof g->plotted, "%s", lower ? "error" : "fitness");
        if (h->nall > 0) hint = "Tab: next figure";
    }
    bool compare = pf == 0 && al_compare_view_count(g->cmpv, mode_names[g->mode]) > 0;
    char full[160];
    if (compare) {
        // Only best curves are compared: say so, and nothing of the live
        // plot's other lines (mean, the dashed food or baseline), not drawn now.
        snprintf(full, sizeof full, "best %s: picked runs (C) and now", lower ? "error" : "fitness");
        snprintf(g->plotted, sizeof g->plotted, "%s", "compare best");
        hint = NULL;
    } else {
        snprintf(full, sizeof full, "%s", ytitle);
    }
    // The title fits the plot's width (it ran past the window's edge at
    // 1600x1000 and 720x480): the Tab hint shortens or goes first (Tab is
    // in the Keys section and the help), then the title wraps to a second
    // line (the axes one row lower; the panel's sections stay where they
    // are), then it is cut with "...";
    // the whole of it is in `state`'s plot_title_full.
    if (hint)
        snprintf(g->plot_title_full, sizeof g->plot_title_full, "%s   (%s)", full, hint);
    else
        snprintf(g->plot_title_full, sizeof g->plot_title_full, "%s", full);
    g->plot_title_cut = al_plot_fit_title(g->small, full, hint, area.w, g->plot_title, sizeof g->plot_title);
    g->plot_rect = area;
    if (compare)
        g->plot_drawn = al_compare_view_draw_plot(g->cmpv, g->r, g->small, area, g->plot_title, series, 1);
    else
        g->plot_drawn =
            al_plot_draw_says(g->r, g->small, area, xtitle, g->plot_title, series, ns,
                              al_shell_brain_replay(g) ? AL_BRAIN_NO_GENERATIONS : empty_says);
    g->plot_title_rect = g->plot_drawn.title;
    al_plot_range(series, NULL, compare ? 1 : ns, &g->plot_lo, &g->plot_hi); // for `state`
    g->plot_nlines = compare ? 1 : ns;
    for (int i = 0; i < g->plot_nlines; ++i) {
        snprintf(g->plot_lines[i].name, sizeof g->plot_lines[i].name, "%s", series[i].name);
        g->plot_lines[i].dashed = series[i].dashed;
    }
    // `state` tells the truth: a plot with no room for its axes is cut.
    if (g->plot_drawn.axes.h == 0) al_panel_section_cut(&p);
    SDL_RenderSetClipRect(g->r, NULL);
}

// Appends the first column (up to two spaces) of each "key  text" line of
// s to dst, '\n' between: what the help and the lesson drew, for `state`.
void al_first_columns(char *dst, size_t cap, const char *s)
{
    for (const char *k = s ? s : ""; *k;) {
        const char *eol = strchr(k, '\n'), *gap = strstr(k, "  ");
        size_t n = eol ? (size_t)(eol - k) : strlen(k);
        size_t kn = gap && (size_t)(gap - k) < n ? (size_t)(gap - k) : n;
        size_t used = strlen(dst);
        snprintf(dst + used, cap - used, "%s%.*s", used ? "\n" : "", (int)kn, k);
        k += n + (eol ? 1 : 0);
    }
}

// The lesson file of what is shown: the steering scenario's, the CONFIG
// given, or the module's first lesson.
void al_shell_lesson_path(al_gui *g, char *out, size_t cap)
{
    out[0] = '\0';
    if (!g->cfg) return;
    const char *sc = alConfig_Text(g->cfg, "steering.scenario");
    char rel[128];
    if (g->mode == MODE_STEERING && sc) {
        if (g->config_path && strcmp(g->config_module, "steering") == 0 &&
            strstr(g->config_path, sc) && !g->extra[0].count) {
            snprintf(out, cap, "%s", g->config_path);
            return;
        }
        snprintf(rel, sizeof rel, "steering/%s.ini", sc);
    } else if (g->config_path && strcmp(g->config_module, mode_names[g->mode]) == 0) {
        snprintf(out, cap, "%s", g->config_path);
        return;
    } else {
        if (!mode_lessons[g->mode]) return;
        snprintf(rel, sizeof rel, "%s", mode_lessons[g->mode]);
    }
    al_lesson_find(rel, out, cap);
}

static void save_shot(al_gui *g)
{
    g->shot_pending = false;
    if (mkdir(g->shot_dir, 0777) != 0 && errno != EEXIST) {
        al_shell_say(g, AL_COL_BAD, "cannot create %s: %s", g->shot_dir, strerror(errno));
        return;
    }
    char stamp[32], path[600];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(path, sizeof path, "%s/alife-%s-%s.png", g->shot_dir, mode_names[g->mode], stamp);
    struct stat st;
    for (int i = 2; stat(path, &st) == 0 && i < 1000; ++i) // two in one second
        snprintf(path, sizeof path, "%s/alife-%s-%s-%d.png", g->shot_dir, mode_names[g->mode],
                 stamp, i);
    int w, h;
    al_shell_output_size(g, &w, &h);
    uint8_t *px = malloc((size_t)w * (size_t)h * 4);
    alError err = {0};
    if (!px) {
        al_shell_say(g, AL_COL_BAD, "screenshot: out of memory");
        return;
    }
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0)
        al_shell_say(g, AL_COL_BAD, "screenshot: cannot read the frame: %s", SDL_GetError());
    else if (al_png_write(path, px, w, h, w * 4, &err) != AL_OK)
        al_shell_say(g, AL_COL_BAD, "screenshot: %s", err.msg);
    else {
        snprintf(g->last_shot, sizeof g->last_shot, "%s", path);
        al_shell_say(g, AL_COL_GOOD, "screenshot saved: %s", path);
        printf("alife: screenshot saved: %s\n", path);
        fflush(stdout);
    }
    free(px);
}

void al_gui_draw(al_gui *g)
{
    double now = al_now();
    if (g->last_frame > 0) {
        double dt = now - g->last_frame;
        if (dt > 0) g->fps = g->fps > 0 ? 0.9 * g->fps + 0.1 / dt : 1.0 / dt;
    }
    g->last_frame = now;
    SDL_SetRenderDrawColor(g->r, AL_COL_BG.r, AL_COL_BG.g, AL_COL_BG.b, 255);
    SDL_RenderClear(g->r);
    draw_world(g);
    draw_panel(g);
    int ow, oh;
    al_shell_output_size(g, &ow, &oh);
    al_compare_view_draw_picker(g->cmpv, g->r, g->font, g->small, g->title, ow, oh);
    if (g->help) al_help_overlay_draw(g);
    if (g->lesson) al_lesson_overlay_draw(g);
    if (g->shot_pending) {
        // Draw once more so the saved picture shows the path it was saved to? No:
        // the picture is the frame the user saw; the path shows from the next frame.
        save_shot(g);
    }
}

void al_gui_present(al_gui *g)
{
    if (g->win) SDL_RenderPresent(g->r);
}

alResult al_gui_save_png(al_gui *g, const char *path, alError *err)
{
    al_gui_draw(g);
    int w, h;
    al_shell_output_size(g, &w, &h);
    uint8_t *px = malloc((size_t)w * (size_t)h * 4);
    if (!px) return alError_Set(err, AL_ERR_NOMEM, "out of memory for a %dx%d image", w, h);
    alResult r = AL_OK;
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0)
        r = alError_Set(err, AL_ERR_IO, "cannot read the frame: %s", SDL_GetError());
    else
        r = al_png_write(path, px, w, h, w * 4, err);
    free(px);
    return r;
}
