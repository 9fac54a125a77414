// The help overlay (H, F1): every shell key from shell_keys (the table the
// key handler reads, so the two cannot drift), then the view's own keys,
// each description wrapped whole under itself (text_fit.h); one column or
// two, and in a window too small for either one column that scrolls.
#include <stdio.h>
#include <string.h>

#include "figure_names.h"
#include "overlay_scroll.h"

// The help's rows: each key's description wrapped in its column (under
// itself, right of the key), the view's heading and the gap before it.
enum { HELP_MAX_ROWS = 200, HELP_MAX_VIEW_KEYS = 40 };
typedef struct help_row {
    char label[32];          ///< the key, on an entry's first row ("" on the others)
    char text[AL_FIT_LINE];  ///< a line of its description (or the heading)
    int keyw;                ///< the text's offset from the column's left
    bool head;               ///< the view's heading
    int entry;               ///< which entry (key) it belongs to
    bool off;                ///< its key does nothing now (after the goal), drawn dim
} help_row;

typedef struct help_entry {
    char label[32];
    const char *text;
    size_t text_n;
    int keyw;
    bool head;
    bool off; ///< the key does nothing now: its text says why (al_shell_after_goal_words)
} help_entry;

// Esc's line: what quitting does to the run shown, said from the rules that
// end it (al_shell_log_state, al_shell_close_finishes), so the help cannot
// say "interrupted" of a run the window logs finished, nor "not logged" of
// one stored at its goal.
static const char *quit_help(const al_gui *g, const char *base, char *buf, size_t cap)
{
    const al_session *s = &g->s;
    long long id = (long long)s->run_id;
    switch (al_shell_log_state(g)) {
    case AL_LOG_OFF:
        if (!g->have_session) snprintf(buf, cap, "%s", base);
        else snprintf(buf, cap, "%s (this run is not logged%s)", base, g->db_path ? "" : ": --no-log");
        break;
    case AL_LOG_BRAIN: snprintf(buf, cap, "%s (a brain file's replay: nothing of it is logged)", base); break;
    case AL_LOG_WAITING:
        snprintf(buf, cap, "%s (no %s of this run is stored yet: closing now leaves no run in the database)", base,
                 g->view && g->view->no_table ? "report period" : "generation");
        break;
    case AL_LOG_STORED:
        snprintf(buf, cap, "%s (run %lld is stored, finished, stop reason '%s': closing leaves it so)", base, id,
                 al_session_stop_reason(s, "finished"));
        break;
    case AL_LOG_STOPPED:
        snprintf(buf, cap, "%s (run %lld's logging stopped on a database error: what was stored stays)", base, id);
        break;
    case AL_LOG_ON:
        if (g->done) snprintf(buf, cap, "%s (this run, at its end, is logged finished)", base);
        else if (al_shell_close_finishes(s))
            snprintf(buf, cap, "%s (this run %s: it is logged finished, stop reason 'closed')", base,
                     s->cls == alModule_Find("steering") ? "has no end in the window"
                     : s->max_gens == INT64_MAX           ? "evolves without a limit"
                                                          : "has evolved past its limit");
        else
            snprintf(buf, cap, "%s (this run, %lld of its %lld generations done, is logged interrupted)", base,
                     (long long)s->gens, (long long)s->max_gens);
        break;
    }
    return buf;
}

// The foot's line on logging, true of what is shown: a brain file's replay
// logs nothing (its banner says so; the foot said "Runs are logged like
// 'alife run' ones"), though a new run from it (R) is logged as any other.
static const char *log_foot(const al_gui *g)
{
    if (al_shell_log_state(g) == AL_LOG_BRAIN)
        return g->db_path ? "Nothing of this brain file's replay is logged; a new run (R) is logged like 'alife run' ones."
                          : "Nothing of this brain file's replay is logged, nor of a new run: --no-log.";
    return g->db_path ? "Runs are logged like 'alife run' ones: see them with 'alife runs'."
                      : "This window is not logging: start it without --no-log to store runs.";
}

// The help's entries: every shell key with a help text from shell_keys (the
// table the handler reads), then the view's own keys under its heading.
static int help_entries(al_gui *g, const al_font *f, help_entry *e, int cap, char *head, size_t head_cap)
{
    int n = 0, keyw = al_text_width(f, "PgUp PgDn") + 14;
    static char quit[200], renew[240], speed[400], after_goal[NSHELLKEYS][AL_SAY_MAX];
    for (int i = 0; i < NSHELLKEYS && n < cap; ++i) {
        const shell_key *k = &shell_keys[i];
        const char *brief, *help;
        al_shell_key_words(g->view, al_shell_brain_replay(g), k, &brief, &help);
        if (!help[0]) continue;
        if (k->act == K_QUIT) help = quit_help(g, help, quit, sizeof quit);
        if (k->act == K_FASTER) { // the ladder's own rungs (speed_ladder.c)
            al_shell_speed_help(g, speed, sizeof speed);
            help = speed;
        }
        if (k->act == K_NEWRUN) { // whether it asks first (confirm.c)
            char ask[160];
            al_shell_confirm_words(g, ask, sizeof ask);
            snprintf(renew, sizeof renew, "%s%s", help, ask);
            help = renew;
        }
        bool off = al_shell_key_after_goal(g, k->act), at_limit = al_shell_key_at_limit(g, k->act);
        if (off) { // what it would do is gone with the goal: what pressing it says
            al_shell_after_goal_words(g, NULL, after_goal[i], sizeof after_goal[i]);
            help = after_goal[i];
        } else if (at_limit) { // F and Shift+N at the limit: what pressing them says
            al_shell_at_limit_words(g, NULL, after_goal[i], sizeof after_goal[i]);
            help = after_goal[i];
            off = true;
        }
        e[n] = (help_entry){"", help, strlen(help), keyw, false, off};
        snprintf(e[n++].label, sizeof e[0].label, "%s", k->label);
    }
    const char *vk = g->view ? g->view->keys_help : NULL;
    if (vk && al_shell_brain_replay(g) && g->view->brain_keys_help) vk = g->view->brain_keys_help;
    if (vk && vk[0] && n < cap) {
        snprintf(head, head_cap, "%s view", mode_names[g->mode]);
        e[n++] = (help_entry){"", head, strlen(head), 0, true, false};
    }
    for (const char *k = vk ? vk : ""; *k && n < cap;) {
        const char *eol = strchr(k, '\n'), *gap = strstr(k, "  ");
        size_t len = eol ? (size_t)(eol - k) : strlen(k);
        help_entry *h = &e[n++];
        *h = (help_entry){"", k, len, keyw + 30, false, false};
        if (gap && (size_t)(gap - k) < len) { // "K  what": the key, then its text
            snprintf(h->label, sizeof h->label, "%.*s", (int)(gap - k), k);
            const char *what = gap;
            while (what < k + len && *what == ' ')
                what++;
            h->text = what;
            h->text_n = len - (size_t)(what - k);
        } else {
            h->keyw = 0;
        }
        k += len + (eol ? 1 : 0);
    }
    return n;
}

// Lays the entries out in a column colw wide; returns the rows, *cut the
// entries whose text was cut even so (more than AL_FIT_MAX_LINES lines).
static int help_rows(const al_font *f, const help_entry *e, int ne, int colw, help_row *rows, int *cut)
{
    int nr = 0;
    *cut = 0;
    for (int i = 0; i < ne && nr < HELP_MAX_ROWS; ++i) {
        if (e[i].head && nr > 0 && nr < HELP_MAX_ROWS) rows[nr++] = (help_row){"", "", 0, false, i, false};
        char raw[600], text[600];
        snprintf(raw, sizeof raw, "%.*s", (int)e[i].text_n, e[i].text);
        al_figure_words_in(raw, text, sizeof text); // figures in the plot's words
        al_fitted ft;
        int width = colw - e[i].keyw - 8;
        *cut += al_text_wrap(f, text, width > 40 ? width : 40, AL_FIT_MAX_LINES, &ft);
        for (int k = 0; k < ft.n && nr < HELP_MAX_ROWS; ++k) {
            help_row *r = &rows[nr++];
            *r = (help_row){"", "", e[i].keyw, e[i].head, i, e[i].off};
            if (k == 0) snprintf(r->label, sizeof r->label, "%.31s", e[i].label);
            snprintf(r->text, sizeof r->text, "%s", ft.line[k]);
        }
    }
    return nr;
}

// The row where a second column starts: the first entry's first row at or
// after half of them (an entry is never split between the columns).
static int help_split(const help_row *rows, int nr)
{
    int k = (nr + 1) / 2;
    while (k < nr && k > 0 && rows[k].entry == rows[k - 1].entry)
        k++;
    return k;
}

static void help_row_draw(al_gui *g, const al_font *f, int x, int y, const help_row *r)
{
    if (r->label[0]) al_draw_text_px(g->r, f, (float)x, (float)y, r->off ? AL_COL_DIM : AL_COL_WARN, r->label);
    al_draw_text_px(g->r, f, (float)(x + r->keyw), (float)y,
                    r->head ? AL_COL_ACCENT : r->off ? AL_COL_DIM : AL_COL_TEXT, r->text);
    size_t n = strlen(g->help_shown); // for `state`: "key\ttext" a row
    snprintf(g->help_shown + n, sizeof g->help_shown - n, "%s%s\t%s", n ? "\n" : "", r->label, r->text);
}

// The help: every key, its description wrapped whole under itself. One
// column when it fits, else two; when even two do not fit (a small window)
// one column that scrolls (Up Down, PgUp PgDn, the wheel), with a sign.
void al_help_overlay_draw(al_gui *g)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    const al_font *f = h < 640 ? g->small : g->font;
    int lh = al_font_height(f);
    static help_entry e[NSHELLKEYS + HELP_MAX_VIEW_KEYS + 1];
    static help_row rows[HELP_MAX_ROWS];
    char head2[80];
    int ne = help_entries(g, f, e, (int)(sizeof e / sizeof e[0]), head2, sizeof head2);
    int head = 16 + al_font_height(g->title) + 10, foot = 2 * al_font_height(g->small) + 20;
    int room = h - 20 - head - foot;
    // As wide as its longest line needs (a column each), within the window.
    int need = 0;
    for (int i = 0; i < ne; ++i) {
        char raw[600], text[600];
        snprintf(raw, sizeof raw, "%.*s", (int)e[i].text_n, e[i].text);
        al_figure_words_in(raw, text, sizeof text); // figures in the plot's words
        int tw = e[i].keyw + al_text_width(f, text) + 8;
        if (tw > need) need = tw;
    }
    int cut = 0, cols = 1, nr = 0, split = 0, bw = 0;
    for (cols = 1; cols <= 2; ++cols) {
        bw = cols * need + 40;
        if (bw < 680) bw = 680;
        if (bw > w - 20) bw = w - 20;
        nr = help_rows(f, e, ne, (bw - 40) / cols, rows, &cut);
        split = cols == 2 ? help_split(rows, nr) : nr;
        int per_col = split > nr - split ? split : nr - split;
        if (per_col * lh <= room) break;
    }
    bool scrolls = cols > 2;
    if (scrolls) { // one column, scrolled
        cols = 1;
        bw = need + 40 < w - 20 ? (need + 40 > 680 ? need + 40 : 680) : w - 20;
        if (bw > w - 20) bw = w - 20;
        nr = help_rows(f, e, ne, bw - 40, rows, &cut);
        split = nr;
    }
    int per_col = split > nr - split ? split : nr - split;
    int visible = per_col;
    if (visible * lh > room) visible = room / lh > 1 ? room / lh : 1;
    al_overlay_clamp(&g->help_top, scrolls ? per_col : 0, visible);
    SDL_Rect box = al_overlay_box(g, bw, head + visible * lh + foot);
    int x0 = box.x + 20, y0 = box.y + 16;
    // Some keys differ from mode to mode (the view's own, N where a tick is a
    // generation) and a brain file's replay takes fewer: the title says whose.
    char title[80];
    if (al_shell_brain_replay(g)) snprintf(title, sizeof title, "alife - keys in this brain file's replay");
    else snprintf(title, sizeof title, "alife - keys in the %s mode", mode_names[g->mode]);
    int title_w = al_draw_text_px(g->r, g->title, (float)x0, (float)y0, AL_COL_TEXT, title);
    snprintf(g->help_title, sizeof g->help_title, "%s", title);
    al_overlay_run_note(g, box, title_w);
    y0 += al_font_height(g->title) + 10;
    int colw = (bw - 40) / cols;
    g->help_shown[0] = '\0';
    for (int c = 0; c < cols; ++c) {
        int first = c == 0 ? 0 : split, last = c == 0 ? split : nr;
        for (int k = first + g->help_top, y = y0; k < last && k < first + g->help_top + visible; ++k, y += lh)
            help_row_draw(g, f, x0 + c * colw, y, &rows[k]);
    }
    g->help_drawn[0] = '\0'; // every key laid out (seen at once or by scrolling), for `state`
    for (int i = 0; i < ne; ++i) {
        if (e[i].head || !e[i].label[0]) continue;
        size_t n = strlen(g->help_drawn);
        snprintf(g->help_drawn + n, sizeof g->help_drawn - n, "%s%s", n ? "\n" : "", e[i].label);
    }
    g->help_cut = cut;
    g->help_rows = per_col;
    g->help_visible = visible;
    g->help_more_above = g->help_top > 0;
    g->help_more_below = g->help_top + visible < per_col;
    int sh = al_font_height(g->small), fy = box.y + box.h - 2 * sh - 12;
    snprintf(g->help_note, sizeof g->help_note, "%s",
             cut ? "Lines ending in " AL_ELLIPSIS " are cut to fit: a larger window shows them whole." : log_foot(g));
    SDL_Rect sign = al_overlay_foot(g, box, fy, g->help_more_above, g->help_more_below, "Up Down, PgUp PgDn, the wheel",
                                    cut ? AL_COL_WARN : AL_COL_DIM, g->help_note);
    if (sign.w > 0) g->help_note[0] = '\0'; // the "more" sign stands there instead
    // The same words at every size (AL_OVERLAY_CLOSE_KEYS)
    snprintf(g->help_foot, sizeof g->help_foot, AL_OVERLAY_CLOSE_KEYS " closes this help.");
    al_draw_text_px(g->r, g->small, (float)x0, (float)(fy + sh + 2), AL_COL_DIM, g->help_foot);
    SDL_RenderSetClipRect(g->r, NULL);
}

void al_shell_help_scroll(al_gui *g, int rows)
{
    g->help_top += rows;
    al_overlay_clamp(&g->help_top, g->help_rows, g->help_visible);
}
