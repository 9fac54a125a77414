// The lesson overlay (L): the lesson file's opening paragraph and the marks
// the running config draws, wrapped to the box and scrolled by the wheel,
// Up/Down and PgUp/PgDn, with a sign when there is more above or below.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure_names.h"
#include "overlay_scroll.h"

static bool on(const char *v)
{
    if (!v || !v[0]) return false;
    if (strcmp(v, "false") == 0 || strcmp(v, "off") == 0 || strcmp(v, "no") == 0) return false;
    char *end;
    double d = strtod(v, &end);
    return end == v || d != 0;
}

// Whether one condition ("key", "!key" or "key=a|b", n bytes at s) holds
// for cfg.
static bool condition_holds(const alConfig *cfg, const char *s, size_t n)
{
    char cond[200];
    snprintf(cond, sizeof cond, "%.*s", (int)n, s);
    bool negated = cond[0] == '!';
    char *key = cond + (negated ? 1 : 0), *eq = strchr(key, '=');
    if (eq) *eq = '\0';
    const char *v = cfg ? alConfig_Text(cfg, key) : NULL;
    bool holds = false;
    if (!eq) {
        holds = on(v);
    } else if (v) {
        for (char *alt = eq + 1; alt && !holds;) {
            char *bar = strchr(alt, '|');
            if (bar) *bar = '\0';
            holds = strcmp(alt, v) == 0;
            alt = bar ? bar + 1 : NULL;
        }
    }
    return holds != negated;
}

// Whether a legend line's conditions (each "[...]", s at the first '[')
// all hold for cfg; *rest is set past them and the spaces after.
static bool legend_line_shown(const alConfig *cfg, const char *s, size_t n, const char **rest)
{
    const char *end = s + n;
    bool shown = true;
    while (s < end && *s == '[') {
        const char *close = memchr(s, ']', (size_t)(end - s));
        if (!close) break;
        shown = shown && condition_holds(cfg, s + 1, (size_t)(close - s - 1));
        s = close + 1;
        while (s < end && *s == ' ')
            s++;
    }
    *rest = s;
    return shown;
}

void al_legend_for(const char *legend, const alConfig *cfg, char *out, size_t cap)
{
    size_t n = 0;
    if (cap) out[0] = '\0';
    for (const char *s = legend; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        const char *text = s;
        bool shown = legend_line_shown(cfg, s, len, &text);
        len -= (size_t)(text - s);
        if (shown && n + len + 2 < cap) {
            if (n) out[n++] = '\n';
            memcpy(out + n, text, len);
            n += len;
            out[n] = '\0';
        }
        s = nl ? nl + 1 : s + strlen(s);
    }
}

void al_lesson_marks(al_gui *g, char *out, size_t cap)
{
    // Every view holds its legend; the lines it draws follow the config.
    const al_view *v = g->view ? g->view : al_view_find(mode_names[g->mode]);
    if (v && v->marks && g->view && g->have_session)
        v->marks(&g->ctx, out, cap);
    else
        al_legend_for(v ? v->legend : NULL, g->cfg, out, cap);
}

// One laid-out row of the overlay.
enum row_kind { ROW_TEXT, ROW_KEY, ROW_HEAD, ROW_MARK, ROW_GAP };
typedef struct row {
    const char *s; ///< into the text (not 0-terminated)
    int n;
    const char *what; ///< ROW_MARK: the explanation
    int what_n;
    int kind;
    int label_n; ///< ROW_KEY: the bytes of its label ("What to watch:"), drawn highlighted
} row;

enum { MAX_ROWS = 600 };

// Adds the wrapped rows of one line (n bytes at s), each as long as fits
// maxw (al_text_head, the window's one way of breaking lines).
static void add_wrapped(row *rows, int *nr, const al_font *f, int maxw, const char *s, int n,
                        int kind)
{
    if (n == 0 && *nr < MAX_ROWS) rows[(*nr)++] = (row){s, 0, NULL, 0, kind, 0};
    for (int first = *nr; n > 0 && *nr < MAX_ROWS;) {
        char rest[600], part[600];
        snprintf(rest, sizeof rest, "%.*s", n, s);
        int k = (int)al_text_head(f, rest, maxw, part, sizeof part);
        // a key paragraph highlights its label, in its first row only
        int kd = *nr == first || kind != ROW_KEY ? kind : ROW_TEXT;
        rows[(*nr)++] = (row){s, k, NULL, 0, kd, 0};
        s += k, n -= k;
        while (n > 0 && *s == ' ')
            s++, n--;
    }
}

// The label of a paragraph that opens with one (al_lesson_opens_paragraph):
// through its colon when that comes early ("Try (from the seed):"), else
// its opening words ("What to try", "Watch").
static int label_bytes(const char *s, int n)
{
    const char *colon = memchr(s, ':', (size_t)(n < 28 ? n : 28));
    if (colon) return (int)(colon - s) + 1;
    int words = strncmp(s, "What ", 5) == 0 || strncmp(s, "In the", 6) == 0 ? 3 : 1, k = 0;
    for (int seen = 0; k < n; ++k)
        if (s[k] == ' ' && ++seen == words) break;
    return k;
}

static void draw_row(al_gui *g, const al_font *f, int x, int y, int keyw, const row *rw, char *last,
                     size_t lcap)
{
    char line[600];
    snprintf(line, sizeof line, "%.*s", rw->n, rw->s);
    SDL_Color col = rw->kind == ROW_HEAD ? AL_COL_ACCENT : rw->kind == ROW_MARK ? AL_COL_GOOD : AL_COL_TEXT;
    if (rw->kind == ROW_KEY) { // the label highlighted, the rest as text
        char label[600];
        int ln = label_bytes(rw->s, rw->n);
        snprintf(label, sizeof label, "%.*s", ln, rw->s);
        int lw = al_draw_text_px(g->r, f, (float)x, (float)y, AL_COL_WARN, label);
        al_draw_text_px(g->r, f, (float)(x + lw), (float)y, AL_COL_TEXT, line + ln);
    } else {
        al_draw_text_px(g->r, f, (float)x, (float)y, col, line);
    }
    if (rw->kind == ROW_MARK && rw->what) {
        char what[600];
        snprintf(what, sizeof what, "%.*s", rw->what_n, rw->what);
        al_draw_text_px(g->r, f, (float)(x + keyw), (float)y, AL_COL_TEXT, what);
        size_t k = (size_t)snprintf(last, lcap, "%.200s", line);
        if (k + 2 < lcap) snprintf(last + k, lcap - k, "  %.390s", what);
    } else {
        snprintf(last, lcap, "%s", line);
    }
}

void al_lesson_overlay_draw(al_gui *g)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    char path[1024];
    static char file_text[8192], legend[4096];
    char *text = g->lesson_text;
    al_shell_lesson_path(g, path, sizeof path);
    int nl = path[0] ? al_lesson_text(path, file_text, sizeof file_text) : -1;
    if (nl < 0) snprintf(file_text, sizeof file_text, "No lesson file found for this run.");
    // In the plot's words: "mines per ant (mines_mean)", not "mines_mean".
    al_figure_words_in(file_text, text, sizeof g->lesson_text);
    al_lesson_paragraphs(text); // wrapped to the box below, not as the file breaks its lines
    al_lesson_marks(g, legend, sizeof legend);
    g->lesson_marks[0] = '\0'; // the marks' first column, for `state`
    al_first_columns(g->lesson_marks, sizeof g->lesson_marks, legend);
    int sh = al_font_height(g->small);
    int bw = w - 40 < 1100 ? w - 40 : 1100, tw = bw - 40;
    int keyw = 220 < tw / 3 ? 220 : tw / 3;
    int head_h = 16 + al_font_height(g->title) + 10, foot_h = sh + 14;

    // The regular font when the whole lesson fits in it, else the small one
    // (small windows start with it); what still does not fit scrolls.
    static row rows[MAX_ROWS];
    const al_font *f = h < 640 ? g->small : g->font;
    int nr = 0;
    for (int pass = 0; pass < 2; ++pass) {
        nr = 0;
        for (const char *s = text; *s;) {
            const char *e = strchr(s, '\n');
            int n = e ? (int)(e - s) : (int)strlen(s);
            bool key_line = al_lesson_opens_paragraph(s);
            add_wrapped(rows, &nr, f, tw, s, n, key_line ? ROW_KEY : ROW_TEXT);
            s += n + (e ? 1 : 0);
        }
        if (nr < MAX_ROWS) rows[nr++] = (row){"", 0, NULL, 0, ROW_GAP, 0};
        static const char head[] = "What the marks mean";
        if (nr < MAX_ROWS) rows[nr++] = (row){head, (int)strlen(head), NULL, 0, ROW_HEAD, 0};
        for (const char *s = legend; *s && nr < MAX_ROWS;) {
            const char *e = strchr(s, '\n');
            int n = e ? (int)(e - s) : (int)strlen(s);
            const char *gap = NULL;
            for (int k = 0; k + 1 < n; ++k)
                if (s[k] == ' ' && s[k + 1] == ' ') {
                    gap = s + k;
                    break;
                }
            if (gap) { // "mark  what": the explanation wraps in its own column
                const char *what = gap;
                while (what < s + n && *what == ' ')
                    what++;
                int first = nr, wn = (int)(s + n - what);
                add_wrapped(rows, &nr, f, tw - keyw, what, wn, ROW_MARK);
                for (int k = first; k < nr; ++k) {
                    rows[k].what = rows[k].s, rows[k].what_n = rows[k].n;
                    rows[k].s = k == first ? s : "", rows[k].n = k == first ? (int)(gap - s) : 0;
                }
            } else {
                add_wrapped(rows, &nr, f, tw, s, n, ROW_TEXT);
            }
            s += n + (e ? 1 : 0);
        }
        if (f == g->small || head_h + nr * al_font_height(f) + foot_h <= h - 20) break;
        f = g->small;
    }

    int lh = al_font_height(f);
    int bh = head_h + nr * lh + foot_h;
    if (bh > h - 20) bh = h - 20;
    int visible = (bh - head_h - foot_h) / lh;
    if (visible < 1) visible = 1;
    al_overlay_clamp(&g->lesson_top, nr, visible);
    SDL_Rect box = al_overlay_box(g, bw, bh);
    int x = box.x + 20, y = box.y + 16;
    const char *base = strrchr(path, '/');
    char title[1100];
    snprintf(title, sizeof title, "The lesson: %s", base ? base + 1 : path[0] ? path : "-");
    al_overlay_run_note(g, box, al_draw_text_px(g->r, g->title, (float)x, (float)y, AL_COL_TEXT, title));
    y = box.y + head_h;
    g->lesson_last[0] = '\0';
    for (int k = g->lesson_top; k < nr && k < g->lesson_top + visible; ++k, y += lh)
        draw_row(g, f, x, y, keyw, &rows[k], g->lesson_last, sizeof g->lesson_last);
    g->lesson_rows = nr;
    g->lesson_visible = visible;
    g->lesson_more_above = g->lesson_top > 0;
    g->lesson_more_below = g->lesson_top + visible < nr;
    g->lesson_cut = g->lesson_more_above || g->lesson_more_below; // not all of it in view at once
    g->sign_lesson = al_overlay_foot(g, box, box.y + box.h - sh - 7, g->lesson_more_above, g->lesson_more_below,
                                     "wheel, Up Down, PgUp PgDn   Esc: close", AL_COL_DIM,
                                     AL_OVERLAY_CLOSE_KEYS " closes this lesson.");
    snprintf(g->lesson_drawn, sizeof g->lesson_drawn, "%s", path);
    SDL_RenderSetClipRect(g->r, NULL);
}

void al_lesson_overlay_scroll(al_gui *g, int rows)
{
    g->lesson_top += rows;
    al_overlay_clamp(&g->lesson_top, g->lesson_rows, g->lesson_visible);
}
