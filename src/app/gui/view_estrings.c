// The EStrings view: the target, the best string of every generation
// (newest on top, as in the seed article's screenshot), the current top
// strings with their correct characters highlighted, and how many
// generations the target took. The side panel holds the target's text box:
// T (or a click) to type, Enter to restart the evolution with it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/estrings.h"
#include "text_fit.h"
#include "view.h"

enum { TOP_N = 64 }; // the current best strings asked for: as many as rows can show (8 left half the world empty)

typedef struct view_state {
    al_textinput box;
    bool drop_t; // the T that opened the box will also arrive as text
    char say[AL_SAY_MAX]; // what was wrong with the last target typed, whole
    int64_t say_gen; // the generations done when it was said
    int line;      // what the line under the target box said last (target_line)
    // The lists as last drawn: rows shown and left out (for `state`).
    int top_shown, top_hidden, hist_shown, hist_hidden;
    int lists_bottom; // pixels: where the lower list's last row ends
    int top_y, hist_y; // pixels: where each list's heading is (the history's first or beside)
} view_state;

// The error stays while it is news: until the target is edited again or the
// edit cancelled, or the run has moved on SAY_GENS generations (5 s at the
// opening speed; at once after J 50).
enum { SAY_GENS = 20 };
static void say_moved_on(al_view_ctx *ctx)
{
    view_state *st = ctx->state;
    if (st && st->say[0] && ctx->session->gens >= st->say_gen + SAY_GENS) st->say[0] = '\0';
}

static void *create(const al_view_ctx *ctx)
{
    view_state *st = calloc(1, sizeof *st);
    if (st) al_textinput_set(&st->box, alConfig_String(ctx->session->cfg, "estrings.target"));
    return st;
}

static void destroy(void *state)
{
    free(state);
}

// Colour of character c against the target's t: right, close (a few creep
// steps away), or wrong.
static SDL_Color char_colour(uint8_t c, uint8_t t)
{
    int d = c > t ? c - t : t - c;
    if (d == 0) return AL_COL_GOOD;
    if (d <= 4) return AL_COL_WARN;
    return AL_COL_DIM;
}

// The sign drawn for a code with no printable character (the seed
// alphabet's 127..141): the middle dot, which is in no alphabet, so it is
// never one of the string's own characters.
#define UNPRINTABLE "\xc2\xb7"

// One gene code as the window shows it (UTF-8): the character itself, a
// backslash as one backslash, or UNPRINTABLE; returns its bytes.
static int shown_char(uint8_t c, char out[4])
{
    if (c >= 32 && c <= 126) {
        out[0] = (char)c;
        out[1] = '\0';
        return 1;
    }
    if (c >= 160) return (int)alEStrings_Format(&c, 1, out, 4); // Latin-1, as typed
    memcpy(out, UNPRINTABLE, sizeof UNPRINTABLE);
    return (int)sizeof UNPRINTABLE - 1;
}

// A string as the window shows it, exactly its characters (the CLI's
// alEStrings_Format escapes for a terminal: a backslash doubled, \xNN),
// cut at a character to fit cap; returns whether all of it fitted.
static bool shown_text(const uint8_t *s, int n, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; ++i) {
        char ch[4];
        int w = shown_char(s[i], ch);
        if (o + (size_t)w >= cap) return false;
        memcpy(buf + o, ch, (size_t)w);
        buf[o += (size_t)w] = '\0';
    }
    return true;
}

// Draws at most maxc characters of s (gene codes, against the target's)
// monospaced at (x, y) pixels, each in its colour; AL_ELLIPSIS in the last cell when cut.
// Returns the width drawn.
static int draw_string(al_canvas *c, float x, float y, const uint8_t *s, const uint8_t *target,
                       int len, int maxc)
{
    const al_font *f = c->mono;
    int adv = al_text_width(f, "M");
    int n = len <= maxc ? len : (maxc > 1 ? maxc - 1 : maxc);
    for (int j = 0; j < n; ++j) {
        char ch[4];
        shown_char(s[j], ch); // Latin-1 letters as typed; unprintable codes as a middle dot
        al_draw_text_px(c->r, f, x + (float)(j * adv), y, char_colour(s[j], target[j]), ch);
    }
    if (n < len) al_draw_text_px(c->r, f, x + (float)(n * adv), y, AL_COL_DIM, AL_ELLIPSIS);
    return (n < len ? n + 1 : n) * adv;
}

// One line of words at (x, y), fitted to the world's right and bottom edges.
static void label(al_canvas *c, const al_font *f, SDL_Color col, float x, float y, const char *text)
{
    const SDL_FRect w = c->world_px;
    int lh = al_font_height(f), room = (int)(w.y + w.h - y);
    SDL_Rect box = {(int)x, (int)y, (int)(w.x + w.w - x) - 8, room < 0 ? 0 : room < lh ? room : lh};
    al_canvas_text(c, f, box, -1, col, text);
}

static void heading(al_canvas *c, float x, float y, const char *text)
{
    label(c, c->font, AL_COL_ACCENT, x, y, text);
}

// Words under the target (the headline, the colours' legend) wrapped to
// the world's width over up to two lines in the rows left; returns their height.
static float words(al_canvas *c, const al_font *f, float x, float y, SDL_Color col, const char *text)
{
    const SDL_FRect w = c->world_px;
    int lh = al_font_height(f), room = (int)(w.y + w.h - y);
    SDL_Rect box = {(int)x, (int)y, (int)(w.x + w.w - x) - 8, room < 0 ? 0 : room < 2 * lh ? room : 2 * lh};
    SDL_Rect drawn = al_canvas_text(c, f, box, -1, col, text);
    return (float)(drawn.w > 0 ? drawn.h : 0);
}

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    const alEStrings *es = ctx->mod;
    const uint8_t *target = alEStrings_TargetCodes(es);
    int len = alEStrings_Length(es);
    const SDL_FRect w = c->world_px;
    const float pad = 16, x0 = w.x + pad;
    float y = w.y + 12;
    const int adv = al_text_width(c->mono, "M") > 0 ? al_text_width(c->mono, "M") : 8;
    const int lh = al_font_height(c->mono) + 3;

    // The target and the headline.
    heading(c, x0, y, "Target");
    y += (float)al_font_height(c->font) + 2;
    int maxc_full = (int)((w.w - 2 * pad) / (float)adv);
    draw_string(c, x0, y, target, target, len, maxc_full);
    y += (float)lh + 4;
    alGaStats st;
    bool have = alEStrings_LastStats(es, &st);
    char line[256];
    SDL_Color lc = AL_COL_TEXT;
    if (alEStrings_Solved(es)) {
        // Counted as the header and the CLI count them: generations done,
        // the random first one (generation 0) included.
        char gens[48];
        snprintf(line, sizeof line, "Solved after %s (%lld strings evaluated)",
                 alCounted(gens, sizeof gens, (long long)alEStrings_SolvedAt(es) + 1, "generation", NULL),
                 (long long)alEStrings_SolvedEvaluations(es));
        lc = AL_COL_GOOD;
    } else if (alEStrings_Stalled(es)) {
        char gens[48];
        snprintf(line, sizeof line, "Stopped: no better string for %s (best error %g)",
                 alCounted(gens, sizeof gens, (long long)st.stalled, "generation", NULL), st.best);
        lc = AL_COL_BAD;
    } else if (have) {
        snprintf(line, sizeof line,
                 "Generation %lld: best error %g, mean %.1f, %lld strings evaluated",
                 (long long)st.gen, st.best, st.mean, (long long)st.evaluations);
    } else {
        snprintf(line, sizeof line, "Generation 0: random strings, not evaluated yet");
        lc = AL_COL_DIM;
    }
    y += words(c, c->font, x0, y, lc, line) + 4;
    y += words(c, c->small, x0, y, AL_COL_DIM, "green: right character   yellow: within 4 codes   grey: further off") +
         10;
    view_state *vs = ctx->state;
    if (vs) vs->top_shown = vs->top_hidden = vs->hist_shown = vs->hist_hidden = vs->lists_bottom = vs->top_y = vs->hist_y = 0;
    if (!have) return;

    // Two columns when the strings fit side by side, else one under the other.
    const float numw = (float)(adv * 6); // "12345 "
    static const char *const hist_title = "Best of each generation, newest on top";
    float col_w = numw * 2 + (float)(adv * (len < 8 ? 8 : len));
    float title_w = (float)al_text_width(c->font, hist_title) + pad;
    if (col_w < title_w) col_w = title_w;
    bool two = 2 * col_w + pad * 3 <= w.w;
    float top_x = two ? x0 + col_w + pad * 2 : x0;
    float hist_x = x0;
    int maxc = (int)(((two ? col_w : w.w - 2 * pad) - numw * 2) / (float)adv);
    if (maxc < 4) maxc = 4;
    // Above the message strip when it lies over the lists (at 720x480 it
    // hid the history's rows with no sign): the rows left out are then said.
    float bottom = w.y + w.h - 8;
    if (ctx->strip.w > 0 && (float)ctx->strip.y - 4 < bottom && ctx->strip.y > w.y) bottom = (float)ctx->strip.y - 4;

    // The rows each list gets: side by side all there is; one under the
    // other, the history at least half (a small window showed the current
    // best strings and no history at all, with no sign).
    const float head_h = (float)(al_font_height(c->font) + 4 + al_font_height(c->small) + 2);
    alEStringsEntry top[TOP_N];
    int nt = alEStrings_Top(es, TOP_N, top), nh = alEStrings_HistoryCount(es);
    // The population's other strings are said too (it showed 8 of 24 with
    // no sign): the list wants a row for that.
    int npop = (int)alConfig_Int(ctx->session->cfg, "estrings.population");
    if (npop < nt) npop = nt;
    int want = nt + (npop > nt ? 1 : 0);
    int top_rows, hist_rows;
    if (two) {
        int rows = (int)((bottom - y - head_h) / (float)lh);
        top_rows = hist_rows = rows > 0 ? rows : 0;
    } else {
        int rows = (int)((bottom - y - 2 * head_h - 12) / (float)lh);
        if (rows < 0) rows = 0;
        hist_rows = rows - want > (rows + 1) / 2 ? rows - want : (rows + 1) / 2;
        if (hist_rows > nh) hist_rows = nh;
        top_rows = rows - hist_rows < want ? rows - hist_rows : want;
        hist_rows = rows - top_rows;
    }
    // A list longer than its rows: its last row (or, with none, the column
    // labels' line) says how many are left out.
    int top_n = want <= top_rows ? nt : top_rows > 0 ? top_rows - 1 : 0;
    int hist_n = nh <= hist_rows ? nh : hist_rows > 0 ? hist_rows - 1 : 0;

    // The current best strings: beside the history, or under it (a long
    // target put them above it, swapping the lists' order: trial8).
    float ty = two ? y : y + head_h + (float)hist_rows * (float)lh + 12;
    heading(c, top_x, ty, "Current best strings");
    ty += (float)al_font_height(c->font) + 4;
    char more[96] = "";
    if (top_n < npop) snprintf(more, sizeof more, AL_ELLIPSIS " %d more of the %d strings not shown", npop - top_n, npop);
    label(c, c->small, AL_COL_DIM, top_x, ty, top_rows == 0 && more[0] ? more : "error");
    ty += (float)al_font_height(c->small) + 2;
    for (int i = 0; i < top_n; ++i) {
        snprintf(line, sizeof line, "%5g", top[i].error);
        al_draw_text_px(c->r, c->mono, top_x, ty, top[i].error == 0 ? AL_COL_GOOD : AL_COL_WARN,
                        line);
        draw_string(c, top_x + numw, ty, top[i].text, target, top[i].length, maxc);
        ty += (float)lh;
    }
    if (more[0] && top_rows > 0) {
        label(c, c->small, AL_COL_DIM, top_x, ty, more);
        ty += (float)lh;
    }

    // Each generation's best, newest on top.
    float hy = y;
    heading(c, hist_x, hy, hist_title);
    hy += (float)al_font_height(c->font) + 4;
    more[0] = '\0';
    if (hist_n < nh)
        snprintf(more, sizeof more, AL_ELLIPSIS " %d older generation%s not shown", nh - hist_n, nh - hist_n == 1 ? "" : "s");
    label(c, c->small, AL_COL_DIM, hist_x, hy, hist_rows == 0 && more[0] ? more : "gen        error");
    hy += (float)al_font_height(c->small) + 2;
    int k = 0;
    for (; k < hist_n; ++k) {
        alEStringsEntry e;
        if (!alEStrings_History(es, k, &e)) break;
        snprintf(line, sizeof line, "%5lld", (long long)e.gen);
        al_draw_text_px(c->r, c->mono, hist_x, hy, AL_COL_DIM, line);
        snprintf(line, sizeof line, "%5g", e.error);
        al_draw_text_px(c->r, c->mono, hist_x + numw, hy, e.error == 0 ? AL_COL_GOOD : AL_COL_WARN,
                        line);
        draw_string(c, hist_x + numw * 2, hy, e.text, target, e.length, maxc);
        hy += (float)lh;
    }
    if (more[0] && hist_rows > 0) {
        label(c, c->small, AL_COL_DIM, hist_x, hy, more);
        hy += (float)lh;
    }
    if (vs) {
        vs->lists_bottom = (int)(ty > hy ? ty : hy);
        vs->top_y = (int)(two ? y : y + head_h + (float)hist_rows * (float)lh + 12);
        vs->hist_y = (int)y;
        vs->top_shown = top_n;
        vs->top_hidden = npop - top_n;
        vs->hist_shown = k;
        vs->hist_hidden = nh - k;
    }
}

// What the line under the target box says (for `state`'s target_line).
enum { LINE_REFUSED = 0, LINE_SOLVED = 1, LINE_STALLED = 2, LINE_EVOLVING = 3, LINE_RANDOM = 4 };
static int target_line(al_view_ctx *ctx)
{
    const view_state *st = ctx->state;
    const alEStrings *es = ctx->mod;
    alGaStats last;
    return st->say[0]                       ? LINE_REFUSED
           : alEStrings_Solved(es)          ? LINE_SOLVED
           : alEStrings_Stalled(es)         ? LINE_STALLED
           : alEStrings_LastStats(es, &last) ? LINE_EVOLVING
                                             : LINE_RANDOM;
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    view_state *st = ctx->state;
    const alEStrings *es = ctx->mod;
    if (!st) return;
    al_panel_heading(p, "Target");
    al_panel_textinput(p, &st->box,
                       st->box.active ? "typing: Enter restarts with this target, Esc cancels"
                                      : "T or click to type a new target");
    // One line, always there (nothing below moves): a problem with the
    // target typed, else when it appeared ("at generation N": the table's
    // and the CLI's numbering, 0 being the first).
    alGaStats last = {0};
    alEStrings_LastStats(es, &last);
    switch ((st->line = target_line(ctx))) {
    case LINE_REFUSED: al_panel_wrap(p, p->font, AL_COL_BAD, st->say, AL_FIT_MAX_LINES); break;
    case LINE_SOLVED: // numbered as the table and the CLI number it, 0 the first
        al_panel_text(p, AL_COL_GOOD, "'%s' appeared in generation %lld", alEStrings_Target(es),
                      (long long)alEStrings_SolvedAt(es));
        break;
    case LINE_STALLED: al_panel_text(p, AL_COL_BAD, "not reached: no better string for a while"); break;
    case LINE_EVOLVING:
        al_panel_text(p, AL_COL_TEXT, "evolving: best error %g in generation %lld", last.best,
                      (long long)last.gen);
        break;
    default: al_panel_text(p, AL_COL_DIM, "generation 0 under way: random strings"); break;
    }
    // The GA's key parameters: keys, the wheel or a drag (al_panel_value).
    const alConfig *cfg = ctx->session->cfg;
    double rate = alConfig_Float(cfg, "ga.mutation_rate");
    long long pop = (long long)alConfig_Int(cfg, "estrings.population");
    al_panel_heading(p, "Evolution (key: more, Shift+key: less; a new run)");
    al_panel_value_kv(p, "mutation_rate", rate, SDLK_m, 0, "M mutation rate", "%.3g", rate);
    al_panel_value_kv(p, "population", (double)pop, SDLK_p, 0, "P population", "%lld", pop);
}

// M and P: the mutation rate and the population, 15% a press, each a new
// run with the new value (the strings take seconds; the table compares).
static bool change_ga(al_view_ctx *ctx, SDL_Keycode k, bool less)
{
    const alConfig *cfg = ctx->session->cfg;
    char set[64];
    if (k == SDLK_m) {
        double r = alConfig_Float(cfg, "ga.mutation_rate"), nr = less ? r / 1.15 : r * 1.15;
        if (r == 0 && !less) nr = 0.001;
        nr = nr < 0.001 ? 0.001 : nr > 1 ? 1 : nr;
        if (nr == r) return true;
        snprintf(set, sizeof set, "ga.mutation_rate=%.4g", nr);
    } else {
        // At least one more than the elites' copies and the tournament.
        long long n = (long long)alConfig_Int(cfg, "estrings.population");
        long long lo = (long long)(alConfig_Int(cfg, "ga.elites") * alConfig_Int(cfg, "ga.elite_copies")) + 1;
        long long k2 = (long long)alConfig_Int(cfg, "ga.tournament_k");
        if (k2 > lo) lo = k2;
        if (lo < 2) lo = 2;
        long long nn = less ? (long long)((double)n / 1.15) : (long long)((double)n * 1.15 + 0.5);
        if (nn == n) nn = less ? n - 1 : n + 1;
        nn = nn < lo ? lo : nn > 1000000 ? 1000000 : nn;
        if (nn == n) return true;
        snprintf(set, sizeof set, "estrings.population=%lld", nn);
    }
    al_view_request_restart(ctx, set);
    return true;
}

// A target refused (st->say says why): the box stays open with what was
// typed, the caret at its end, so the user mends it and presses Enter (it
// closed, reset to the run's target, and T had to be pressed again); Esc
// cancels back to the run's target. The strip says it instead when the box
// is out of sight (al_view_say_in): the message shows once.
static void refuse(al_view_ctx *ctx)
{
    view_state *st = ctx->state;
    st->box.active = true;
    st->say_gen = ctx->session->gens;
    al_view_say(ctx, "%s", st->say);
    al_view_say_in(ctx, "Target"); // said once: under the box, or on the strip when that is out of sight
}

static bool event(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c)
{
    (void)c;
    view_state *st = ctx->state;
    if (!st) return false;
    if (!st->box.active && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_t &&
        !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        st->box.active = true;
        st->box.text[st->box.len = 0] = '\0'; // a fresh target; Esc keeps the old run
        st->drop_t = true;
        st->say[0] = '\0'; // an edit: the last target's error is old news
        return true;
    }
    if (!st->box.active && e->type == SDL_KEYDOWN &&
        (e->key.keysym.sym == SDLK_m || e->key.keysym.sym == SDLK_p) &&
        !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)))
        return change_ga(ctx, e->key.keysym.sym, (e->key.keysym.mod & KMOD_SHIFT) != 0);
    if (e->type == SDL_TEXTINPUT && st->drop_t) {
        st->drop_t = false;
        if (strcmp(e->text.text, "t") == 0 || strcmp(e->text.text, "T") == 0) return true;
    }
    int len_before = st->box.len;
    bool used = al_textinput_event(&st->box, e);
    if (st->say[0] && st->box.active && st->box.len != len_before)
        st->say[0] = '\0'; // the refused target edited: its error is old news
    if (st->box.submitted) {
        st->box.submitted = false;
        st->say[0] = '\0';
        // Checked here, against the run's alphabet, so that what is wrong
        // is said once, in words, under the box; the run goes on.
        alError err = {0};
        alEStringsAlphabet a = (alEStringsAlphabet)alConfig_Enum(ctx->session->cfg, "estrings.alphabet");
        if (st->box.len == 0) {
            snprintf(st->say, sizeof st->say,
                     "The target is empty: type at least one character, then Enter.");
            refuse(ctx);
            return true;
        }
        if (alEStrings_CheckTarget(st->box.text, a, &err) != AL_OK) {
            // The reason first, then the target once: the core quotes a
            // short one in the reason ("character 4 of 'José'"); a long
            // one is quoted after it, where a cut loses the least.
            const char *why = strstr(err.msg, ": "); // after "estrings.target"
            why = why ? why + 2 : err.msg;
            char quoted[AL_TEXTINPUT_MAX + 3];
            snprintf(quoted, sizeof quoted, "'%s'", st->box.text);
            if (strstr(why, quoted)) snprintf(st->say, sizeof st->say, "Target not used: %s", why);
            else snprintf(st->say, sizeof st->say, "Target not used: %s. You typed %s", why, quoted);
            refuse(ctx);
            al_view_say_keep(ctx, "You typed '"); // a small strip cuts the reason, not what was typed
            return true;
        }
        char set[AL_TEXTINPUT_MAX + 32];
        snprintf(set, sizeof set, "estrings.target=%s", st->box.text);
        al_view_request_restart(ctx, set);
    } else if (!st->box.active && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE &&
               used) {
        al_textinput_set(&st->box, alEStrings_Target(ctx->mod)); // cancelled: show the run's target
        st->say[0] = '\0';
    }
    return used;
}

// The summary under the table: the module's, with the best string shown
// exactly (shown_text), as in the view and the text box.
static void describe(al_view_ctx *ctx, char *out, size_t cap)
{
    const alEStrings *es = ctx->mod;
    alEStringsEntry e;
    if (!alEStrings_History(es, 0, &e)) {
        snprintf(out, cap, "no generation yet");
        return;
    }
    char text[160];
    const char *more = shown_text(e.text, e.length, text, sizeof text) ? "" : AL_ELLIPSIS;
    if (alEStrings_Solved(es))
        snprintf(out, cap, "solved after %lld generations (%lld evaluations): '%s%s'",
                 (long long)alEStrings_SolvedAt(es) + 1, (long long)alEStrings_SolvedEvaluations(es),
                 text, more);
    else
        snprintf(out, cap, "best '%s%s' error %g in generation %lld", text, more, e.error,
                 (long long)e.gen);
}

static void report(al_view_ctx *ctx, al_view_report *r)
{
    const view_state *st = ctx->state;
    if (st) snprintf(r->note, sizeof r->note, "%s", st->say);
    if (st) snprintf(r->box, sizeof r->box, "%s", st->box.shown);
    // the line under the target box: 0 a target refused, 1 solved, 2 stalled,
    // 3 evolving, 4 generation 0 under way
    if (st) al_view_report_figure(r, "target_line", st->line);
    if (st) { // the target box: 1 while it has the keyboard, and the bytes typed in it
        al_view_report_figure(r, "typing", st->box.active);
        al_view_report_figure(r, "typed_bytes", st->box.len);
    }
    if (alEStrings_Solved(ctx->mod))
        al_view_report_figure(r, "solved_at", (double)alEStrings_SolvedAt(ctx->mod));
    if (st) { // the lists' rows as last drawn, and how many each left out (said under it)
        al_view_report_figure(r, "top_rows", st->top_shown);
        al_view_report_figure(r, "top_hidden", st->top_hidden);
        al_view_report_figure(r, "history_rows", st->hist_shown);
        al_view_report_figure(r, "history_hidden", st->hist_hidden);
        al_view_report_figure(r, "lists_bottom", st->lists_bottom);
        al_view_report_figure(r, "best_list_y", st->top_y);
        al_view_report_figure(r, "history_list_y", st->hist_y);
    }
}

const al_view al_view_estrings = {
    .module = "estrings",
    // The lesson's legend (L) in the colours the strings are drawn in (it
    // said "yellow: differ from the target" beside "grey: further off").
    .legend = "green characters  match the target\n"
              "yellow characters  within 4 codes of the target's\n"
              "grey characters  further off\n"
              "[estrings.alphabet=seed]\xc2\xb7  a code with no printable character (the AI Life article's alphabet: 127-141)\n"
              "yellow numbers  the error: how far the string is from the target",
    .ticks_per_frame = -15, // 4 generations a second: a class can watch the string form; + for faster
    .tick_is_generation = true,
    .keys_help = "T  type a new target (Enter restarts the evolution)\n"
                 "M P  mutation rate, population (Shift: less; a new run)",
    .plot_y = "error per generation (best, mean)",
    .no_world = true,
    .text_area = true,
    .create = create,
    .destroy = destroy,
    .draw = draw,
    .panel = panel,
    .event = event,
    .report = report,
    .generation = say_moved_on,
    .describe = describe,
};
