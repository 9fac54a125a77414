// The GUI's compare view: a run picker over the database and the ticked runs'
// curves on the side panel's plot. See compare_view.h.
#include "compare_view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/runquery.h"
#include "compare_series.h"
#include "compare_differs.h"
#include "compare_model.h"
#include "db_cli.h"
#include "number_text.h"
#include "name_cut.h"
#include "options.h"

#define REFRESH_S 2.0

// The picker's columns: run, name, seed, status, gens, best, group and
// what differs from the other runs listed (compare_differs.h). Drawn at
// fixed x offsets: padding with spaces in a proportional font shifted gens
// and best between "interrupted" and "finished" rows.
enum { NCOLS = 8, DIFFERS_MOST = 12 }; // differs: as many as fit the row (fit_words)
enum { NAME_CHARS = 40 }; // a run name's column at most, characters (name_cut.h)

typedef struct entry {
    int64_t id;
    int64_t gens;   // generations stored (0: nothing to draw)
    char col[NCOLS][168]; // the picker's columns, each drawn at its own x (fixed columns)
    char drawn[400];      // its columns as last drawn (cut to the row), joined by two spaces
    bool drawn_over;      // the last drawn column ran past the row's right edge
    bool ticked;
} entry;

struct al_compare_view {
    bool open;
    char db[512], module[32];
    entry *list; // newest first
    int nlist, cursor, scroll;
    bool grouped;
    bool all;    // list every run, also the empty and interrupted window sessions
    int hidden;  // runs not listed (without all)
    int hidden_empty; // of them, runs with no stored generation
    int extra;   // runs listed only because of all (empty or left)
    char a_said[200]; // what the last A did ("" none since the picker opened)
    int skipped; // ticked runs left off the plot (no generation stored)
    al_compare_model model;
    bool have_model;
    char note[1100]; // why nothing is shown (no database, a group of one run, ...)
    char counts[400]; // the line of counts as last drawn ("1 run, 0 ticked; curves: ...")
    double last_read;
    int64_t current; // the window's own run: not offered (0: none)
    int col_x[NCOLS], col_w[NCOLS]; // the columns as last drawn: x from the row's text start, widest text
};

al_compare_view *al_create_compare_view(void) { return calloc(1, sizeof(al_compare_view)); }

void al_destroy_compare_view(al_compare_view *v)
{
    if (!v) return;
    if (v->have_model) al_compare_free(&v->model);
    free(v->list);
    free(v);
}

bool al_compare_view_open(const al_compare_view *v) { return v && v->open; }

void al_compare_view_set_current(al_compare_view *v, int64_t run_id)
{
    if (!v || v->current == run_id) return;
    v->current = run_id;
    v->last_read = 0; // the list without it at the next refresh
}

int al_compare_view_listed(const al_compare_view *v, int *hidden)
{
    if (hidden) *hidden = v ? v->hidden : 0;
    return v ? v->nlist : 0;
}

const char *al_compare_view_note(const al_compare_view *v, int *skipped)
{
    if (skipped) *skipped = v ? v->skipped : 0;
    return v ? v->note : "";
}

int al_compare_view_columns(const al_compare_view *v, int *x, int *w)
{
    for (int c = 0; v && c < NCOLS; ++c) {
        x[c] = v->col_x[c];
        w[c] = v->col_w[c];
    }
    return v ? NCOLS : 0;
}

const char *al_compare_view_row(const al_compare_view *v, int i, bool *over)
{
    if (!v || i < 0 || i >= v->nlist) return NULL;
    if (over) *over = v->list[i].drawn_over;
    return v->list[i].drawn;
}

const char *al_compare_view_row_name(const al_compare_view *v, int i)
{
    return v && i >= 0 && i < v->nlist ? v->list[i].col[1] : NULL;
}

int al_compare_view_count(const al_compare_view *v, const char *module)
{
    if (!v || !v->have_model || strcmp(v->module, module) != 0) return 0;
    return v->model.set.n;
}

// Whether run r stored as many generations as its run.generations asks
// (0, no limit: never).
static bool reached_limit(const alRunInfo *r)
{
    for (int q = 0; q < r->param_count; ++q)
        if (strcmp(r->params[q].key, "run.generations") == 0) {
            long long lim = atoll(r->params[q].value);
            return lim > 0 && r->generation_count >= lim;
        }
    return false;
}

// Re-reads the module's runs, keeping the ticks (by id).
static void read_list(al_compare_view *v)
{
    alRunLog *log = NULL;
    alRunList *runs = NULL;
    alError err = {0};
    if (alRunLog_OpenReadOnly(v->db, &log, &err) != AL_OK ||
        alRunLog_ListRuns(log, v->module, &runs, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "%s", err.msg);
        alRunLog_Close(log);
        return;
    }
    int n = alRunList_Count(runs);
    entry *list = calloc((size_t)n + 1, sizeof *list);
    const alRunInfo **listed = calloc((size_t)n + 1, sizeof *listed);
    if (!listed) free(list), list = NULL;
    if (list && listed) {
        int k = 0;
        v->hidden = 0;
        v->hidden_empty = 0;
        v->extra = 0;
        for (int i = 0; i < n; ++i) {
            const alRunInfo *r = alRunList_Get(runs, n - 1 - i); // newest first
            // The window's own run is the live curve already: ticking it
            // drew its curve exactly under the "now" one.
            if (v->current > 0 && r->id == v->current) continue;
            // A window session that never finished a generation, or was left
            // (a scenario switch, a restart) after a few, is not worth a line.
            bool ticked_before = false;
            for (int j = 0; j < v->nlist; ++j)
                if (v->list[j].id == r->id) ticked_before = v->list[j].ticked;
            bool window_run = strncmp(r->name, "gui-", 4) == 0;
            // "A few": a window closed after 170 generations is a run to
            // compare (the last trial found such runs hidden). A steering
            // run closed in the window is finished (stop reason "closed"),
            // whatever its length: left after a few report periods all the same.
            // An evolving run closed after E took it past its limit is
            // finished there, not left: it reached run.generations (trial:
            // such runs were hidden until A).
            bool closed = r->stop_reason && strcmp(r->stop_reason, "closed") == 0 && !reached_limit(r);
            bool left = (strcmp(r->status, "interrupted") == 0 || closed) && window_run && r->generation_count < 10;
            bool empty = r->generation_count == 0 && strcmp(r->status, "running") != 0;
            if (!ticked_before && (empty || left)) {
                if (v->all) {
                    v->extra++;
                } else {
                    v->hidden++;
                    v->hidden_empty += empty;
                    continue;
                }
            }
            listed[k] = r;
            entry *e = &list[k++];
            e->id = r->id;
            e->gens = r->generation_count;
            for (int j = 0; j < v->nlist; ++j)
                if (v->list[j].id == r->id) e->ticked = v->list[j].ticked;
            const char *grp = "";
            for (int q = 0; q < r->param_count; ++q)
                if (strcmp(r->params[q].key, "run.group") == 0) grp = r->params[q].value;
            char best[32] = "-";
            // The run's best over all its generations, as 'alife runs' says
            // "best" (it was the last generation's: two meanings, one word).
            if (r->has_last) al_number_cell(best, sizeof best, db_cli_run_best(r)); // as the table writes it
            snprintf(e->col[0], sizeof e->col[0], "run %lld", (long long)r->id);
            // the name whole (it was cut at 14: "gui-ants-defau", trial
            // issue 10), a very long one cut in the middle, its end kept
            al_name_cut(e->col[1], sizeof e->col[1], r->name, NAME_CHARS);
            snprintf(e->col[2], sizeof e->col[2], "seed %llu", (unsigned long long)r->seed);
            snprintf(e->col[3], sizeof e->col[3], "%s", r->status);
            alCounted(e->col[4], sizeof e->col[4], (long long)r->generation_count, "gen", NULL);
            snprintf(e->col[5], sizeof e->col[5], "best %s", best);
            snprintf(e->col[6], sizeof e->col[6], "%s", grp);
        }
        for (int i = 0; i < k; ++i) { // what tells each apart from the others listed
            entry *e = &list[i];
            al_compare_differs(listed, k, i, DIFFERS_MOST, e->col[7], sizeof e->col[7]);
        }
        free(v->list);
        v->list = list;
        v->nlist = k;
        n = k;
        if (v->cursor >= n) v->cursor = n > 0 ? n - 1 : 0;
    }
    free(listed);
    alDestroyRunList(runs);
    alRunLog_Close(log);
}

// The words of text (space separated "key=value"s, maybe ending in "+k
// more") that fit maxw pixels, the others counted in a last "+k more"
// (a bare "+3" read as a value), into out.
static const char *fit_words(const al_font *f, const char *text, int maxw, char *out, size_t cap)
{
    snprintf(out, cap, "%s", text);
    int dropped = 0;
    char *plus = strstr(out, " +");
    if (plus) dropped = atoi(plus + 2), *plus = '\0';
    size_t len = strlen(out);
    for (;;) {
        char tail[24] = "";
        if (dropped) snprintf(tail, sizeof tail, " +%d more", dropped);
        if (len + strlen(tail) < cap) memcpy(out + len, tail, strlen(tail) + 1);
        if (al_text_width(f, out) <= maxw || len == 0) return out;
        char *sp = strrchr((out[len] = '\0', out), ' ');
        len = sp ? (size_t)(sp - out) : 0;
        out[len] = '\0';
        dropped++;
    }
}

// Loads the ticked runs into the compare model (grouped by run.group if asked).
static void read_model(al_compare_view *v)
{
    if (v->have_model) al_compare_free(&v->model);
    v->have_model = false;
    // A ticked run without a generation (an interrupted window run) has no
    // curve: it is left out, and said, so the others are still drawn.
    if (v->skipped) v->note[0] = '\0'; // the last note was this function's
    int n = 0, nempty = 0;
    char empty[200] = "";
    for (int i = 0; i < v->nlist; ++i) {
        if (!v->list[i].ticked) continue;
        if (v->list[i].gens > 0) {
            n++;
            continue;
        }
        size_t len = strlen(empty);
        if (nempty++ < 6 && len + 24 < sizeof empty)
            snprintf(empty + len, sizeof empty - len, "%s%lld", len ? ", " : "", (long long)v->list[i].id);
    }
    v->skipped = nempty;
    if (nempty)
        snprintf(v->note, sizeof v->note, "run%s %s%s: no generation stored, no curve to draw",
                 nempty > 1 ? "s" : "", empty, nempty > 6 ? ", " AL_ELLIPSIS : "");
    if (n == 0) return;
    char(*ids)[24] = calloc((size_t)n, sizeof *ids);
    const char **refs = calloc((size_t)n, sizeof *refs);
    if (!ids || !refs) {
        free(ids);
        free(refs);
        return;
    }
    // Oldest first, like alife compare.
    for (int i = v->nlist - 1, k = 0; i >= 0; --i)
        if (v->list[i].ticked && v->list[i].gens > 0) {
            snprintf(ids[k], sizeof ids[k], "%lld", (long long)v->list[i].id);
            refs[k] = ids[k];
            ++k;
        }
    alRunQuery q = {.refs = refs, .ref_count = n};
    al_compare_opts o = {.metric = "best", .group_by = v->grouped ? "run.group" : NULL};
    alError err = {0};
    if (al_compare_build(&v->model, v->db, &q, &o, &err) == AL_OK) {
        v->have_model = true;
        if (!nempty) v->note[0] = '\0';
    } else {
        snprintf(v->note, sizeof v->note, "%s", err.msg);
        al_compare_free(&v->model);
    }
    free(ids);
    free(refs);
}

void al_compare_view_toggle(al_compare_view *v, const char *db_path, const char *module)
{
    if (!v) return;
    if (v->open) {
        v->open = false;
        return;
    }
    v->open = true;
    v->note[0] = '\0';
    v->a_said[0] = '\0';
    snprintf(v->module, sizeof v->module, "%s", module);
    if (!db_path) {
        snprintf(v->note, sizeof v->note, "this window is not logging: start it without --no-log to store runs "
                                          "(or with --db PATH to compare the runs stored there)");
        return;
    }
    if (strcmp(v->db, db_path) != 0 || strcmp(v->module, module) != 0) {
        // Another database or module: start afresh.
        free(v->list);
        v->list = NULL;
        v->nlist = v->cursor = v->scroll = 0;
        if (v->have_model) al_compare_free(&v->model);
        v->have_model = false;
    }
    snprintf(v->db, sizeof v->db, "%s", db_path);
    snprintf(v->module, sizeof v->module, "%s", module);
    read_list(v);
    read_model(v);
    v->last_read = al_now();
}

void al_compare_view_refresh(al_compare_view *v)
{
    if (!v || !v->db[0] || (!v->open && !v->have_model)) return;
    double now = al_now();
    if (now - v->last_read < REFRESH_S) return;
    v->last_read = now;
    read_list(v);
    read_model(v);
}

bool al_compare_view_event(al_compare_view *v, const SDL_Event *e)
{
    if (!v || !v->open) return false;
    if (e->type == SDL_MOUSEWHEEL) {
        v->cursor -= e->wheel.y * 3;
    } else if (e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_UP: v->cursor--; break;
        case SDLK_DOWN: v->cursor++; break;
        case SDLK_PAGEUP: v->cursor -= 10; break;
        case SDLK_PAGEDOWN: v->cursor += 10; break;
        case SDLK_HOME: v->cursor = 0; break;
        case SDLK_END: v->cursor = v->nlist - 1; break;
        case SDLK_SPACE:
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
            if (v->cursor >= 0 && v->cursor < v->nlist) {
                v->list[v->cursor].ticked = !v->list[v->cursor].ticked;
                read_model(v);
            }
            break;
        case SDLK_g:
            v->grouped = !v->grouped;
            read_model(v);
            break;
        case SDLK_a: { // what A widens (runs of this module only): the empty and left ones, said
            v->all = !v->all;
            read_list(v);
            char n[64];
            const char *m = v->module[0] ? v->module : "-";
            if (v->all && v->extra == 0)
                snprintf(v->a_said, sizeof v->a_said,
                         "A: nothing more to show: no other %s run here is empty or was left after a few "
                         "generations%s",
                         m, v->current > 0 ? " (this window's own run is the live curve, not listed)" : "");
            else if (v->all)
                snprintf(v->a_said, sizeof v->a_said, "A: %s listed too (A again: hide them)",
                         alCounted(n, sizeof n, v->extra, "empty or left run", NULL));
            else
                snprintf(v->a_said, sizeof v->a_said, "A: empty and left runs hidden again (%s)",
                         v->hidden ? alCounted(n, sizeof n, v->hidden, "run", NULL) : "none here");
            break;
        }
        case SDLK_c:
        case SDLK_ESCAPE: v->open = false; break;
        default: break;
        }
    } else if (e->type != SDL_TEXTINPUT && e->type != SDL_KEYUP) {
        return false; // mouse motion, window events: the shell's
    }
    if (v->cursor >= v->nlist) v->cursor = v->nlist - 1;
    if (v->cursor < 0) v->cursor = 0;
    return true;
}

// A sweep group ("ga.mutation_rate=0.05,ants.count=20") without its keys'
// sections ("mutation_rate=0.05,count=20"), for the legend.
static void short_group(const char *grp, char *out, size_t cap)
{
    out[0] = '\0';
    for (const char *part = grp ? grp : ""; *part;) {
        size_t n = strcspn(part, ","), used = strlen(out);
        const char *eq = memchr(part, '=', n), *from = part;
        for (const char *c = part; eq && c < eq; ++c)
            if (*c == '.') from = c + 1;
        snprintf(out + used, cap - used, "%s%.*s", used ? "," : "", (int)(n - (size_t)(from - part)), from);
        part += n + (part[n] == ',');
    }
}

al_plot_drawn al_compare_view_draw_plot(al_compare_view *v, SDL_Renderer *r, const al_font *font,
                                        SDL_Rect area, const char *ytitle, const al_series *live,
                                        int nlive)
{
    al_plot_drawn drawn = {{0, 0, 0, 0}, {0, 0, 0, 0}, 0, 0, 0, 0, 0, {{0, 0, 0, 0}}, NULL, 0, NULL};
    const al_compare_model *m = &v->model;
    int npts = (int)m->horizon + 1;
    for (int i = 0; i < nlive; ++i)
        if (live[i].n > npts) npts = live[i].n;
    int ns = m->ngroups + nlive;
    al_series *se = calloc((size_t)ns, sizeof *se);
    al_band *bands = calloc((size_t)ns, sizeof *bands);
    double *buf = malloc((size_t)m->ngroups * 3 * (size_t)npts * sizeof *buf);
    char(*names)[300] = calloc((size_t)ns, sizeof *names);
    if (!se || !bands || !buf || !names) goto done;
    // Colour 0 (orange) is close to the live best's: start at 1.
    al_compare_fill_series(m, npts, 1, se, bands, buf, names);
    // The panel's legend is a line or two: a run is "run 4" (with its sweep
    // group, if any); the seed and the rest are in the picker's list.
    // A group all the runs share tells none apart: left out.
    bool same = true;
    for (int g = 1; !m->grouped && g < m->ngroups; ++g) {
        const char *a = alRunRecord_Param(m->runs[m->groups[0].members[0]].rec, "run.group"),
                   *b = alRunRecord_Param(m->runs[m->groups[g].members[0]].rec, "run.group");
        if (strcmp(a ? a : "", b ? b : "") != 0) same = false;
    }
    for (int g = 0; !m->grouped && g < m->ngroups; ++g) {
        const alRunRecord *rec = m->runs[m->groups[g].members[0]].rec;
        const char *grp = alRunRecord_Param(rec, "run.group");
        char shortg[120] = "";
        if (!same || m->ngroups == 1) short_group(grp, shortg, sizeof shortg);
        snprintf(names[g], sizeof names[0], shortg[0] ? "run %lld (%s)" : "run %lld", (long long)rec->info->id,
                 shortg);
    }
    for (int i = 0; i < nlive; ++i) {
        se[m->ngroups + i] = live[i];
        snprintf(names[m->ngroups + i], sizeof names[0], "now: %s", live[i].name);
        se[m->ngroups + i].name = names[m->ngroups + i];
    }
    drawn = al_plot_draw_banded(r, font, area, "generation", ytitle, se, bands, ns);
done:
    free(names);
    free(buf);
    free(bands);
    free(se);
    return drawn;
}

static void fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

// What a curve of the module is: steering's stored "generations" are report
// periods, their best the highest order parameter in the period.
static const char *curve_words(const al_compare_view *v)
{
    return strcmp(v->module, "steering") == 0 ? "highest order (flock alignment, 0..1) of each report period"
                                              : "best of each generation";
}

const char *al_compare_view_counts(const al_compare_view *v) { return v && v->open ? v->counts : ""; }

const char *al_compare_view_a_key(const al_compare_view *v)
{
    // A widens to the empty runs and those left after a few generations
    // (read_list), of this module only: "A all runs" made the trial look
    // for other configs' runs, and 0 runs before and after said nothing.
    return v && v->all ? "A hide empty and left runs   C or Esc close"
                       : "A also list empty and left runs   C or Esc close";
}

const char *al_compare_view_a_said(const al_compare_view *v) { return v && v->open ? v->a_said : ""; }

const char *al_compare_view_why_empty(const al_compare_view *v)
{
    static char why[1000];
    why[0] = '\0';
    if (!v || !v->open || v->nlist > 0 || !v->db[0]) return why; // no database: the note says so
    const char *m = v->module[0] ? v->module : "-";
    bool steering = strcmp(m, "steering") == 0;
    if (v->hidden > v->hidden_empty)
        snprintf(why, sizeof why,
                 "nothing to pick: the %d %s run%s here %s empty or left by a window after a few %ss"
                 " (A lists them). A run to compare: alife run experiments/%s/%s --db %s",
                 v->hidden, m, v->hidden > 1 ? "s" : "", v->hidden > 1 ? "are" : "is",
                 steering ? "report period" : "generation", m, steering ? "boids.ini" : "LESSON.ini", v->db);
    else if (v->hidden > 0)
        snprintf(why, sizeof why,
                 "nothing to pick: the %d %s run%s here stored no %s (A lists them). A run to compare: "
                 "alife run experiments/%s/%s --db %s",
                 v->hidden, m, v->hidden > 1 ? "s" : "", steering ? "report period" : "generation", m,
                 steering ? "boids.ini" : "LESSON.ini", v->db);
    else
        snprintf(why, sizeof why,
                 "nothing to pick: no other %s run with stored %s in this database. "
                 "A run to compare: alife run experiments/%s/%s --db %s",
                 m, steering ? "report periods" : "generations", m, steering ? "boids.ini" : "LESSON.ini", v->db);
    return why;
}

void al_compare_view_draw_picker(al_compare_view *v, SDL_Renderer *r, const al_font *font,
                                 const al_font *small, const al_font *title, int w, int h)
{
    if (!v || !v->open) return;
    fill(r, (SDL_Rect){0, 0, w, h}, AL_RGBA(0, 0, 0, 170));
    int lh = al_font_height(small) + 4;
    int bw = w - 80 < 980 ? w - 80 : 980, bh = h - 80;
    SDL_Rect box = {(w - bw) / 2, 40, bw, bh};
    fill(r, box, AL_RGB(30, 34, 44));
    SDL_SetRenderDrawColor(r, AL_COL_ACCENT.r, AL_COL_ACCENT.g, AL_COL_ACCENT.b, 255);
    SDL_RenderDrawRect(r, &box);
    int x = box.x + 20, y = box.y + 14;
    char line[700];
    snprintf(line, sizeof line, "Compare runs: %s in %s", v->module[0] ? v->module : "-",
             v->db[0] ? v->db : "(no database)");
    al_draw_text_px(r, title, (float)x, (float)y, AL_COL_TEXT, line);
    y += al_font_height(title) + 6;
    // Everything inside the box: the key hints take two lines when one is
    // too wide (720x480), and nothing is drawn past the box's edge.
    SDL_Rect inner = {box.x + 1, box.y + 1, box.w - 2, box.h - 2};
    SDL_RenderSetClipRect(r, &inner);
    const char *keys1 = "Up/Down move   Space tick   G group by sweep group (mean + 95% band)",
               *keys2 = al_compare_view_a_key(v);
    snprintf(line, sizeof line, "%s   %s", keys1, keys2);
    if (al_text_width(small, line) <= bw - 40) {
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_DIM, line);
    } else {
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_DIM, keys1);
        y += lh;
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_DIM, keys2);
    }
    y += lh;
    int ticked = 0;
    for (int i = 0; i < v->nlist; ++i) ticked += v->list[i].ticked;
    char hid[96] = "", runs[48], left[64];
    if (v->hidden)
        snprintf(hid, sizeof hid, " (%s not listed: A)",
                 alCounted(left, sizeof left, v->hidden, "empty or left window run", NULL));
    alCounted(runs, sizeof runs, v->nlist, "run", NULL); // "1 run", "2 runs"
    snprintf(line, sizeof line, "%s%s, %d ticked; curves: %s%s%s", runs, hid, ticked, curve_words(v),
             v->grouped ? ", grouped by run.group" : "", v->note[0] ? ":" : "");
    snprintf(v->counts, sizeof v->counts, "%.*s", (int)sizeof v->counts - 1, line);
    if (al_text_width(small, line) > bw - 40) { // the same in two lines
        snprintf(line, sizeof line, "%s%s, %d ticked;", runs, hid, ticked);
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_WARN, line);
        y += lh;
        snprintf(line, sizeof line, "curves: %s%s%s", curve_words(v), v->grouped ? ", grouped by run.group" : "",
                 v->note[0] ? ":" : "");
    }
    al_draw_text_px(r, small, (float)x, (float)y, AL_COL_WARN, line);
    y += lh;
    if (v->note[0]) {
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_BAD, v->note);
        y += lh;
    }
    if (v->a_said[0]) {
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_TEXT, v->a_said);
        y += lh;
    }
    // An empty list says why, and how to make a run it can compare, broken
    // at spaces to the box's width.
    for (const char *q = al_compare_view_why_empty(v); *q;) {
        size_t take = strlen(q);
        if (take >= sizeof line) take = sizeof line - 1;
        for (;;) {
            snprintf(line, sizeof line, "%.*s", (int)take, q);
            if (take <= 1 || al_text_width(small, line) <= bw - 40) break;
            size_t sp = take - 1;
            while (sp > 0 && q[sp] != ' ')
                sp--;
            take = sp > 0 ? sp : take - 1;
        }
        al_draw_text_px(r, small, (float)x, (float)y, AL_COL_TEXT, line);
        y += lh;
        q += take;
        while (*q == ' ')
            q++;
    }
    y += 4;
    // The ticked runs' curves in the box's lower part, so a tick shows at
    // once (the panel's plot, where they join the live run, is under the
    // overlay); the list keeps at least three rows.
    int bottom = box.y + box.h - 12;
    SDL_Rect plot = {0, 0, 0, 0};
    if (v->have_model && v->model.ngroups > 0) {
        int ph = (bottom - y) / 2 < 320 ? (bottom - y) / 2 : 320;
        if (ph >= 100 && bottom - ph - 8 - y >= 3 * lh) {
            plot = (SDL_Rect){x - 6, bottom - ph, bw - 28, ph};
            bottom = plot.y - 8;
        }
    }
    int rows = (bottom - y) / lh;
    if (rows < 1) rows = 1;
    // Column x offsets from the widest text of each column over the list.
    // Four spaces between columns, two where that leaves what differs less
    // than half the row (720x480 showed one setting of four).
    for (int spaces = 4; spaces >= 2; spaces -= 2) {
        int gap = al_text_width(small, spaces == 4 ? "    " : "  ");
        for (int c = 0; c < NCOLS; ++c) {
            v->col_w[c] = 0;
            for (int i = 0; i < v->nlist; ++i) {
                int tw = al_text_width(small, v->list[i].col[c]);
                if (tw > v->col_w[c]) v->col_w[c] = tw;
            }
            // an empty column (no run in a group) takes no gap either
            v->col_x[c] = c == 0 ? 0 : v->col_x[c - 1] + v->col_w[c - 1] + (v->col_w[c - 1] ? gap : 0);
        }
        if (2 * (bw - 74 - v->col_x[NCOLS - 1]) >= bw - 74) break;
    }
    if (v->cursor < v->scroll) v->scroll = v->cursor;
    if (v->cursor >= v->scroll + rows) v->scroll = v->cursor - rows + 1;
    for (int i = v->scroll; i < v->nlist && i < v->scroll + rows; ++i, y += lh) {
        entry *e = &v->list[i];
        if (i == v->cursor) fill(r, (SDL_Rect){x - 6, y - 1, bw - 28, lh}, AL_RGB(46, 70, 110));
        SDL_Color col = e->ticked ? AL_COL_TEXT : AL_COL_DIM;
        al_draw_text_px(r, font, (float)x, (float)y - 2, e->ticked ? AL_COL_GOOD : AL_COL_DIM,
                        e->ticked ? "[x]" : "[ ]");
        for (int c = 0; c < NCOLS; ++c) {
            float cx = (float)(x + 34 + v->col_x[c]);
            if (c == 4) cx += (float)(v->col_w[c] - al_text_width(small, e->col[c])); // counts right-aligned
            char fit[sizeof e->col[c]];
            const char *t = e->col[c];
            if (c == NCOLS - 1) // what differs: the words that fit the row, "+k" the others
                t = fit_words(small, e->col[c], bw - 74 - v->col_x[c], fit, sizeof fit);
            al_draw_text_px(r, small, cx, (float)y, col, t);
            size_t used = strlen(e->drawn);
            if (c == 0) e->drawn[used = 0] = '\0';
            snprintf(e->drawn + used, sizeof e->drawn - used, "%s%s", c ? "  " : "", t);
            if (c == NCOLS - 1) e->drawn_over = cx + (float)al_text_width(small, t) > (float)(x - 6 + bw - 28);
        }
    }
    if (plot.w > 0) {
        char yt[96];
        snprintf(yt, sizeof yt, "best fitness (%s is better)", v->model.lower_is_better ? "lower" : "higher");
        al_compare_view_draw_plot(v, r, small, plot, yt, NULL, 0);
    }
    SDL_RenderSetClipRect(r, NULL);
}
