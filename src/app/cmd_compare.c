// alife compare: runs side by side, per run or per group (a sweep's groups,
// or any param), as a table, CSV, JSON and a plot. The numbers come from
// compare_model.c; this file parses options and writes them out.
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/runlog.h"
#include "cli.h"
#include "compare_model.h"
#include "compare_plot.h"
#include "db_cli.h"
#include "json_out.h"
#include "name_cut.h"
#include "options.h"

static void help(void)
{
    printf(
        "usage: alife compare RUN... [options]\n"
        "       alife compare --sweep SWEEP [options]\n"
        "       alife compare --where KEY=VALUE... [--group-by KEY] [options]\n"
        "\n"
        "Compares runs from the database: a table per run, or per group of runs (the\n"
        "groups of a sweep, or runs grouped by any config key), with the final best\n"
        "and mean fitness, the generations to reach a threshold, and the area under\n"
        "the metric's curve; per group the median and interquartile range [q1, q3]\n"
        "over its runs (seeds). Then the config params that differ between the runs\n"
        "or groups (only those), and a Mann-Whitney U test of two groups (of each pair,\n"
        "Holm-adjusted, for more).\n"
        "\n"
        "selection (one of):\n"
        "  RUN...               runs by id or uuid prefix (any status), as listed by\n"
        "                       'alife runs'; each at most once\n"
        "      --sweep SWEEP    the finished runs of a sweep (see alife sweep), grouped\n"
        "                       by their sweep group (run.group) unless --group-by\n"
        "      --where KEY=VAL  finished runs whose KEY equals VAL (repeatable, all must\n"
        "                       hold); KEY is a config key (ga.mutation_rate, numbers\n"
        "                       compare as numbers) or a run column: id, uuid, module,\n"
        "                       name, seed, status. KEY=V1,V2 matches any of the\n"
        "                       values (e.g. two groups of a sweep), except for name and\n"
        "                       text keys, whose values may hold commas. Combines with\n"
        "                       --sweep.\n"
        "      --include-unfinished  with --sweep/--where, also interrupted, failed and\n"
        "                       running runs (left out by default, with a note)\n"
        "      --include-edited also runs changed by hand in the window while they ran\n"
        "                       (their results do not follow from their config: left out\n"
        "                       of --sweep/--where by default, with a note; naming one\n"
        "                       is an error without this option)\n"
        "      --keep-duplicates  grouped, count every run; by default the runs of one\n"
        "                       group with the same seed and config (both copies after\n"
        "                       'db merge' of databases that ran overlapping seeds) count\n"
        "                       once, the lowest id, with a note naming the others\n"
        "\n"
        "options:\n"
        "      --group-by KEY   one group per value of KEY (config key or run column)\n"
        "      --metric M       best (default), mean, worst, stddev, or a figure the\n"
        "                       module logs (see alife show RUN)\n"
        "      --threshold X    report the generation at which the metric first\n"
        "                       reaches X; runs that never do are censored: the table\n"
        "                       shows 'reached n/N' and the Kaplan-Meier median\n"
        "      --below          a figure metric is better when lower (best, mean and\n"
        "                       worst follow the module: strings minimise their error)\n"
        "      --test final|auc compare the groups on the metric's final value\n"
        "                       (default) or on the area under its curve\n"
        "      --plot FILE.png  curves overlaid: one line per run, or per group the mean\n"
        "                       with its 95%% confidence band\n"
        "      --csv FILE       the curves in long form: run,group,gen,metric,value\n"
        "                       (best, mean and the metric per run; grouped, also per\n"
        "                       group and generation, with an empty run field, what the\n"
        "                       plot draws: METRIC_group_mean, METRIC_ci95_lo and _hi);\n"
        "                       FILE '-' is stdout, and the table is then not printed\n"
        "      --json           print JSON instead of the table (for scripts)\n"
        "      --db PATH        run database (default " AL_DEFAULT_DB ")\n"
        "  -h, --help           this help\n"
        "\n"
        "Definitions. Runs of different lengths (a string run stops when solved) are\n"
        "held at their last value up to the longest run's last generation G. AUC is\n"
        "the trapezoid area under the metric's curve over generations 0..G. The band\n"
        "is mean +- t(0.975, n-1) * sd / sqrt(n) over the group's runs at each\n"
        "generation. The U test is two-sided: exact when there are no ties and at most\n"
        "50 runs, else the normal approximation with tie correction and continuity\n"
        "correction; the effect size is Cliff's delta (= rank-biserial correlation;\n"
        "> 0: the first group's values are larger) with A12 = P(first > second).\n"
        "\n"
        "A group of one run keeps its row (its quartiles are that run's value) with a\n"
        "note that it has no spread; add seeds to it for a fair comparison.\n"
        "\n"
        "exit status: 0 ok, 1 a file could not be written, 2 usage error, unknown run,\n"
        "nothing matched, mixed modules, a missing database or a file that is not a\n"
        "usable alife run database (damaged too). Reading never changes the database.\n");
}

static const char *g4(char *buf, size_t cap, double v)
{
    if (isnan(v)) snprintf(buf, cap, "-");
    else if (fabs(v) >= 1e4 && fabs(v) < 1e9) snprintf(buf, cap, "%.0f", v); // areas: no 1.04e+04
    else snprintf(buf, cap, "%.4g", v);
    return buf;
}

static void med_iqr(char *buf, size_t cap, const alSummary *s)
{
    char a[32], b[32], c[32];
    if (s->n == 0) snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%s [%s, %s]", g4(a, sizeof a, s->median), g4(b, sizeof b, s->q1),
                 g4(c, sizeof c, s->q3));
}

static bool metric_is_builtin(const char *m)
{
    return strcmp(m, "best") == 0 || strcmp(m, "mean") == 0;
}

// ---- params that differ ----------------------------------------------------

// The params that differ come from the store's comparison (alComparison);
// here they are only split into those that differ between groups and those
// that vary within a group (e.g. run.seed between seeds).

static const char *diff_value(const al_compare_model *m, int run, int k)
{
    const alComparison *c = m->set.cmp;
    const char *v = c->diff_values[run * c->diff_count + k];
    return v ? v : "(unset)";
}

static bool varies_within_groups(const al_compare_model *m, int k)
{
    for (int g = 0; g < m->ngroups; ++g) {
        const al_compare_group *G = &m->groups[g];
        for (int j = 1; j < G->n; ++j)
            if (strcmp(diff_value(m, G->members[0], k), diff_value(m, G->members[j], k)) != 0)
                return true;
    }
    return false;
}

// ---- text ------------------------------------------------------------------

static void print_header(const al_compare_model *m, const char *db)
{
    int unfinished = m->set.skipped_unfinished, empty = m->set.skipped_empty;
    printf("%d run%s of module %s from %s; metric %s (%s is better%s)", m->set.n,
           m->set.n == 1 ? "" : "s", m->module, db, m->opts.metric,
           m->lower_is_better ? "lower" : "higher",
           m->module_known ? "" : ", module not in this build: assumed");
    if (m->grouped)
        printf("; %d group%s by %s", m->ngroups, m->ngroups == 1 ? "" : "s", m->opts.group_by);
    printf("\n");
    if (unfinished || empty)
        printf("(left out: %d unfinished run%s, %d without generations; --include-unfinished "
               "to include unfinished runs)\n",
               unfinished, unfinished == 1 ? "" : "s", empty);
    if (m->set.skipped_edited) {
        printf("(left out: %d run%s changed by hand in the window:", m->set.skipped_edited,
               m->set.skipped_edited == 1 ? "" : "s");
        for (int i = 0; i < m->set.skipped_edited; ++i)
            printf(" %lld", (long long)m->set.edited_ids[i]);
        printf("; --include-edited to include them)\n");
    }
    if (m->set.skipped_duplicates) {
        printf("(each group and seed counted once: %d duplicate run%s left out, same group, "
               "seed and config as a kept run:",
               m->set.skipped_duplicates, m->set.skipped_duplicates == 1 ? "" : "s");
        for (int i = 0; i < m->set.skipped_duplicates; ++i)
            printf(" %lld (= %lld)", (long long)m->set.duplicate_ids[i],
                   (long long)m->set.duplicate_of[i]);
        printf("; --keep-duplicates to count every run)\n");
    }
    printf("runs that stopped early are held at their last value up to generation %g\n",
           m->horizon);
    for (int i = 0; i < m->set.n; ++i) { // alife gui --from: its own generations only
        const alRunInfo *info = m->runs[i].rec->info;
        if (info->from_run > 0)
            printf("run %lld continues run %lld from generation %lld: its curve and AUC start "
                   "there, not at generation 0\n",
                   (long long)info->id, (long long)info->from_run, (long long)info->from_gen);
    }
    for (int g = 0; g < m->ngroups && m->grouped; ++g)
        if (m->groups[g].n == 1)
            printf("group '%s' has a single run (run %lld): its quartiles are that run's value,"
                   " with no spread or confidence band; add seeds to it (alife sweep ..."
                   " --seeds 1-10) for a fair comparison\n",
                   m->groups[g].label, (long long)m->runs[m->groups[g].members[0]].rec->info->id);
    if (m->opts.use_threshold)
        printf("threshold: %s %s %g (runs that never reach it are censored, not dropped)\n",
               m->opts.metric, m->lower_is_better ? "<=" : ">=", m->opts.threshold);
    printf("\n");
}

// The width of a name column: its longest name (at least the heading's
// width), narrowed only to fit a terminal too narrow for a line of width
// rest + the column, to min characters at least. Names are then printed whole
// or cut in the middle with a sign (al_name_cut): the table cut them at 16
// bytes with none ("gui-ants-from-33:3" read "gui-ants-from-33").
static int name_width(int longest, int heading, int rest, int min)
{
    int whole = longest > heading ? longest : heading, w = whole, cols = db_cli_terminal_columns();
    if (cols > 0 && rest + w > cols) w = cols - rest > min ? cols - rest : min;
    return w < whole ? w : whole;
}

// Prints name in a column of w characters (UTF-8: padded by characters).
static void print_name(const char *name, int w)
{
    char text[1024], cut[1024];
    al_name_cut(cut, sizeof cut, db_cli_text(text, sizeof text, name), w);
    int pad = w - al_name_chars(cut);
    printf("%s%*s", cut, pad > 0 ? pad : 0, "");
}

static void print_runs(const al_compare_model *m)
{
    bool extra = !metric_is_builtin(m->opts.metric);
    char h[64];
    int longest = 0;
    for (int i = 0; i < m->set.n; ++i) {
        int n = al_name_chars(m->runs[i].rec->info->name);
        if (n > longest) longest = n;
    }
    // run, seed, status, gens, best, mean, AUC and their gaps: 74 columns; extra, reached: 12, 11
    int wname = name_width(longest, 4, 74 + (extra ? 12 : 0) + (m->opts.use_threshold ? 11 : 0), 16);
    printf("%6s  %-*s %8s  %-11s %5s  %11s %11s", "run", wname, "name", "seed", "status", "gens",
           "final best", "final mean");
    if (extra) {
        snprintf(h, sizeof h, "final %s", m->opts.metric);
        printf(" %11.11s", h);
    }
    if (m->opts.use_threshold) printf("  %9s", "reached at");
    snprintf(h, sizeof h, "AUC %s", m->opts.metric);
    printf("  %11.11s\n", h);
    for (int i = 0; i < m->set.n; ++i) {
        const al_compare_run *r = &m->runs[i];
        char a[32], b[32], c[32], d[32];
        printf("%6lld  ", (long long)r->rec->info->id);
        print_name(r->rec->info->name, wname);
        printf(" %8llu  %-11s %5d  %11s %11s", (unsigned long long)r->rec->info->seed,
               r->rec->info->status, r->rec->ngens,
               g4(a, sizeof a, r->final_best), g4(b, sizeof b, r->final_mean));
        if (extra) printf(" %11s", g4(c, sizeof c, r->m.final));
        if (m->opts.use_threshold) {
            if (r->m.reach >= 0) printf("  %9g", r->m.reach);
            else printf("  %9s", "never");
        }
        printf("  %11s\n", g4(d, sizeof d, r->m.auc));
    }
}

static void print_groups(const al_compare_model *m)
{
    bool extra = !metric_is_builtin(m->opts.metric);
    int longest = 0;
    for (int g = 0; g < m->ngroups; ++g) {
        int l = al_name_chars(m->groups[g].label);
        if (l > longest) longest = l;
    }
    // runs, final best, final mean, AUC (26 each) and their gaps: 87 columns; extra, reached: 27, 19
    int lw = name_width(longest, 5, 87 + (extra ? 27 : 0) + (m->opts.use_threshold ? 19 : 0), 24);
    char h[64];
    printf("%-*s %4s  %-26s %-26s", lw, "group", "runs", "final best", "final mean");
    if (extra) {
        snprintf(h, sizeof h, "final %s", m->opts.metric);
        printf(" %-26s", h);
    }
    if (m->opts.use_threshold) printf(" %-8s %-9s", "reached", "KM median");
    snprintf(h, sizeof h, "AUC %s", m->opts.metric);
    printf(" %s\n", h);
    printf("%-*s %4s  %-26s %-26s", lw, "", "", "median [q1, q3]", "median [q1, q3]");
    if (extra) printf(" %-26s", "median [q1, q3]");
    if (m->opts.use_threshold) printf(" %-8s %-9s", "n/N", "gen");
    printf(" median [q1, q3]\n");
    for (int g = 0; g < m->ngroups; ++g) {
        const al_compare_group *G = &m->groups[g];
        char a[112], b[112], c[112], d[112], e[32];
        med_iqr(a, sizeof a, &G->final_best);
        med_iqr(b, sizeof b, &G->final_mean);
        print_name(G->label, lw);
        printf(" %4d  %-26s %-26s", G->n, a, b);
        if (extra) {
            med_iqr(c, sizeof c, &G->final_metric);
            printf(" %-26s", c);
        }
        if (m->opts.use_threshold) {
            snprintf(e, sizeof e, "%d/%d", G->reached, G->n);
            char km[32];
            if (G->km_median >= 0) snprintf(km, sizeof km, "%g", G->km_median);
            else snprintf(km, sizeof km, "not reached");
            printf(" %-8s %-9s", e, km);
        }
        med_iqr(d, sizeof d, &G->auc);
        printf(" %s\n", d);
    }
}

// A cell of the params table: the group's value, printable, "(empty)" for "".
static const char *param_cell(char *buf, size_t cap, const al_compare_model *m, int g, int k)
{
    const char *v = diff_value(m, m->groups[g].members[0], k);
    if (!*v) return "(empty)";
    return db_cli_text(buf, cap, v);
}

// Columns a text takes on a terminal: its UTF-8 code points.
static int text_columns(const char *s)
{
    int n = 0;
    for (; *s; ++s) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

// One cell, padded to its column's width (the last one is not padded).
static void print_cell(int g, const char *s, int width, bool last)
{
    int pad = last ? 0 : width - text_columns(s);
    printf("%s%s%*s", g ? " | " : " ", s, pad > 0 ? pad : 0, "");
}

static void print_diff(const al_compare_model *m)
{
    const alComparison *c = m->set.cmp;
    if (c->diff_count == 0) {
        printf("\nparams: all runs have the same config\n");
        return;
    }
    int within = 0, between = 0;
    for (int k = 0; k < c->diff_count; ++k)
        if (m->grouped && varies_within_groups(m, k)) ++within;
        else ++between;
    if (between == 0) // all of them vary between seeds of one group: no heading over nothing
        printf("\nparams that differ between the groups: none\n");
    else
        printf("\nparams that differ between the %s:\n", m->grouped ? "groups" : "runs");
    within = 0;
    // Columns as wide as their widest cell, so the values of a run stand
    // under its label; an empty value is named, not left as a blank.
    enum { MAX_COLS = 64 };
    int ncols = m->ngroups < MAX_COLS ? m->ngroups : MAX_COLS;
    int colw[MAX_COLS] = {0}, keyw = 28;
    char text[128];
    if (!m->grouped)
        for (int g = 0; g < ncols; ++g) colw[g] = text_columns(m->groups[g].label);
    for (int k = 0; k < c->diff_count; ++k) {
        if (m->grouped && varies_within_groups(m, k)) continue;
        int kw = text_columns(c->diff_keys[k]);
        if (kw > keyw) keyw = kw;
        for (int g = 0; g < ncols; ++g) {
            int w = text_columns(param_cell(text, sizeof text, m, g, k));
            if (w > colw[g]) colw[g] = w;
        }
    }
    if (!m->grouped && between) {
        printf("  %-*s", keyw, "");
        for (int g = 0; g < ncols; ++g) print_cell(g, m->groups[g].label, colw[g], g + 1 == ncols);
        printf("\n");
    }
    for (int k = 0; k < c->diff_count; ++k) {
        if (m->grouped && varies_within_groups(m, k)) {
            ++within;
            continue;
        }
        printf("  %-*s", keyw, c->diff_keys[k]);
        for (int g = 0; g < ncols; ++g)
            print_cell(g, param_cell(text, sizeof text, m, g, k), colw[g], g + 1 == ncols);
        printf("\n");
    }
    if (within) {
        printf("  differ within groups (e.g. between seeds):");
        for (int k = 0; k < c->diff_count; ++k)
            if (varies_within_groups(m, k)) printf(" %s", c->diff_keys[k]);
        printf("\n");
    }
}

// More than two groups: the U test of every pair, its p adjusted for the
// number of pairs by Holm's step-down method (so a 'p < 0.05' still means
// one chance in twenty over all the pairs together).
enum { MAX_PAIRS = 120 };
static void print_pairwise_tests(const al_compare_model *m, const char *what)
{
    int pa[MAX_PAIRS], pb[MAX_PAIRS], n = 0;
    alMannWhitney t[MAX_PAIRS];
    for (int a = 0; a < m->ngroups; ++a)
        for (int b = a + 1; b < m->ngroups && n < MAX_PAIRS; ++b)
            if (al_compare_test_groups(m, a, b, &t[n])) pa[n] = a, pb[n] = b, n++;
    if (n == 0) return;
    // Holm: the k-th smallest p (from 0) times (n - k), never below the one before, at most 1.
    int order[MAX_PAIRS];
    double adj[MAX_PAIRS];
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = 1; i < n; ++i)
        for (int j = i; j > 0 && t[order[j]].p < t[order[j - 1]].p; --j) {
            int x = order[j];
            order[j] = order[j - 1], order[j - 1] = x;
        }
    double run = 0;
    for (int k = 0; k < n; ++k) {
        double v = t[order[k]].p * (double)(n - k);
        if (v > 1) v = 1;
        if (v < run) v = run;
        adj[order[k]] = run = v;
    }
    printf("\nMann-Whitney U on %s %s, each pair of the %d groups (p Holm-adjusted for %d pairs):\n", what,
           m->opts.metric, m->ngroups, n);
    for (int i = 0; i < n; ++i)
        printf("  '%s' (n=%d) vs '%s' (n=%d): U = %g, p = %.4g, adjusted p = %.4g, Cliff's delta = %.3f (%s)\n",
               m->groups[pa[i]].label, t[i].n1, m->groups[pb[i]].label, t[i].n2, t[i].u, t[i].p, adj[i],
               t[i].cliffs_delta, al_compare_effect_label(t[i].cliffs_delta));
}

static void print_test(const al_compare_model *m)
{
    const char *what = m->opts.test == AL_TEST_AUC ? "AUC" : "final";
    if (!m->grouped) {
        if (m->set.n >= 2)
            printf("\nno test: one run per group; group runs (--sweep, --group-by) to test "
                   "a difference over seeds\n");
        return;
    }
    if (m->ngroups > 2) {
        print_pairwise_tests(m, what);
        return;
    }
    if (m->ngroups != 2) return;
    alMannWhitney t;
    if (!al_compare_test_groups(m, 0, 1, &t)) return;
    printf("\nMann-Whitney U on %s %s, '%s' (n=%d) vs '%s' (n=%d):\n", what, m->opts.metric,
           m->groups[0].label, t.n1, m->groups[1].label, t.n2);
    printf("  U = %g (U1 = %g, U2 = %g), p = %.4g (two-sided, %s%s)\n", t.u, t.u1, t.u2, t.p,
           t.exact ? "exact" : "normal approximation",
           t.ties ? ", tie-corrected" : "");
    printf("  Cliff's delta = %.3f (%s), A12 = %.3f: the first group's values are %s\n",
           t.cliffs_delta, al_compare_effect_label(t.cliffs_delta), t.a12,
           t.cliffs_delta > 0 ? "larger" : t.cliffs_delta < 0 ? "smaller" : "neither larger nor smaller");
}

// ---- CSV -------------------------------------------------------------------

static bool write_csv(FILE *f, const void *ctx)
{
    const al_compare_model *m = ctx;
    fputs("run,group,gen,metric,value\r\n", f);
    const char *names[3] = {"best", "mean", m->opts.metric};
    int nm = metric_is_builtin(m->opts.metric) ? 2 : 3;
    for (int i = 0; i < m->set.n; ++i) {
        const alRunRecord *r = m->runs[i].rec;
        const double *cols[3] = {r->best, r->mean, r->metric};
        for (int k = 0; k < nm; ++k)
            for (int j = 0; j < r->ngens; ++j) {
                fprintf(f, "%lld,", (long long)r->info->id);
                csv_field(f, m->groups[m->runs[i].group].label);
                fprintf(f, ",%lld,", (long long)r->gen[j]);
                csv_field(f, names[k]);
                fputc(',', f);
                csv_number(f, cols[k][j]);
                fputs("\r\n", f);
            }
    }
    // Grouped: what the plot draws too, the group's mean of the metric and its
    // 95% band at every generation (run field empty).
    char name[3][80];
    snprintf(name[0], sizeof name[0], "%s_group_mean", m->opts.metric);
    snprintf(name[1], sizeof name[1], "%s_ci95_lo", m->opts.metric);
    snprintf(name[2], sizeof name[2], "%s_ci95_hi", m->opts.metric);
    for (int g = 0; m->grouped && g < m->ngroups; ++g)
        for (int gen = 0; gen <= (int)m->horizon; ++gen) {
            alSummary s = al_compare_at(m, g, gen);
            const double v[3] = {s.mean, s.ci_lo, s.ci_hi};
            for (int k = 0; k < 3; ++k) {
                fputc(',', f);
                csv_field(f, m->groups[g].label);
                fprintf(f, ",%d,", gen);
                csv_field(f, name[k]);
                fputc(',', f);
                csv_number(f, v[k]);
                fputs("\r\n", f);
            }
        }
    return !ferror(f);
}

// ---- JSON ------------------------------------------------------------------

static void js_summary(FILE *o, const char *name, const alSummary *s, int *first)
{
    json_key(o, name, first);
    int f = 1;
    fputc('{', o);
    json_field_int(o, "n", s->n, &f);
    const char *keys[] = {"median", "q1", "q3", "mean"};
    const double vals[] = {s->median, s->q1, s->q3, s->mean};
    for (int i = 0; i < 4; ++i) {
        json_field_number(o, keys[i], s->n ? vals[i] : NAN, &f);
    }
    json_key(o, "ci95", &f);
    fputc('[', o);
    json_number(o, s->n > 1 ? s->ci_lo : NAN);
    fputc(',', o);
    json_number(o, s->n > 1 ? s->ci_hi : NAN);
    fputs("]}", o);
}

static void print_json(const al_compare_model *m, const char *db)
{
    FILE *o = stdout;
    const alComparison *c = m->set.cmp;
    int first = 1;
    fputc('{', o);
    json_field_string(o, "db", db, &first);
    json_field_string(o, "module", m->module, &first);
    json_field_string(o, "metric", m->opts.metric, &first);
    json_field_bool(o, "lower_is_better", m->lower_is_better, &first);
    json_field_number(o, "horizon", m->horizon, &first);
    json_field_number(o, "threshold", m->opts.use_threshold ? m->opts.threshold : NAN, &first);
    json_field_string(o, "group_by", m->grouped ? m->opts.group_by : NULL, &first);
    json_field_int(o, "skipped_unfinished", m->set.skipped_unfinished, &first);
    json_field_int(o, "skipped_empty", m->set.skipped_empty, &first);
    json_key(o, "left_out_edited", &first);
    fputc('[', o);
    for (int i = 0; i < m->set.skipped_edited; ++i)
        fprintf(o, "%s%lld", i ? "," : "", (long long)m->set.edited_ids[i]);
    fputc(']', o);
    json_key(o, "left_out_duplicates", &first);
    fputc('[', o);
    for (int i = 0; i < m->set.skipped_duplicates; ++i)
        fprintf(o, "%s{\"id\":%lld,\"same_as\":%lld}", i ? "," : "",
                (long long)m->set.duplicate_ids[i], (long long)m->set.duplicate_of[i]);
    fputc(']', o);
    json_key(o, "runs", &first);
    fputc('[', o);
    for (int i = 0; i < m->set.n; ++i) {
        const al_compare_run *r = &m->runs[i];
        const alRunInfo *info = r->rec->info;
        int f = 0; // the run's own fields come first, as in alife runs --json
        fputs(i ? ",\n{" : "\n{", o);
        db_cli_json_run_fields(o, info);
        json_field_string(o, "group", m->groups[r->group].label, &f);
        json_field_int(o, "generations", r->rec->ngens, &f);
        json_field_number(o, "final_best", r->final_best, &f);
        json_field_number(o, "final_mean", r->final_mean, &f);
        json_field_number(o, "final", r->m.final, &f);
        json_field_number(o, "auc", r->m.auc, &f);
        json_field_number(o, "reached_at", r->m.reach >= 0 ? r->m.reach : NAN, &f);
        json_key(o, "differing", &f);
        fputc('{', o);
        int g = 1;
        for (int k = 0; k < c->diff_count; ++k) {
            json_field_string(o, c->diff_keys[k], c->diff_values[i * c->diff_count + k], &g);
        }
        fputs("}}", o);
    }
    fputs("]\n", o);
    json_key(o, "groups", &first);
    fputc('[', o);
    for (int g = 0; g < m->ngroups; ++g) {
        const al_compare_group *G = &m->groups[g];
        int f = 1;
        fputs(g ? ",\n{" : "\n{", o);
        json_field_string(o, "label", G->label, &f);
        json_key(o, "runs", &f);
        fputc('[', o);
        for (int i = 0; i < G->n; ++i)
            fprintf(o, "%s%lld", i ? "," : "", (long long)m->runs[G->members[i]].rec->info->id);
        fputc(']', o);
        js_summary(o, "final_best", &G->final_best, &f);
        js_summary(o, "final_mean", &G->final_mean, &f);
        js_summary(o, "final", &G->final_metric, &f);
        js_summary(o, "auc", &G->auc, &f);
        if (m->opts.use_threshold) {
            json_field_int(o, "reached", G->reached, &f);
            json_field_number(o, "km_median", G->km_median >= 0 ? G->km_median : NAN, &f);
        }
        fputc('}', o);
    }
    fputs("]\n", o);
    json_key(o, "differing_keys", &first);
    fputc('[', o);
    for (int k = 0; k < c->diff_count; ++k) {
        if (k) fputc(',', o);
        json_string(o, c->diff_keys[k]);
    }
    fputc(']', o);
    json_key(o, "varying_within_groups", &first);
    fputc('[', o);
    for (int k = 0, n = 0; m->grouped && k < c->diff_count; ++k)
        if (varies_within_groups(m, k)) {
            if (n++) fputc(',', o);
            json_string(o, c->diff_keys[k]);
        }
    fputs("]\n", o);
    json_key(o, "test", &first);
    alMannWhitney t;
    if (m->grouped && m->ngroups == 2 && al_compare_test_groups(m, 0, 1, &t)) {
        int f = 1;
        fputc('{', o);
        json_field_string(o, "on", m->opts.test == AL_TEST_AUC ? "auc" : "final", &f);
        json_field_number(o, "u", t.u, &f);
        json_field_number(o, "u1", t.u1, &f);
        json_field_number(o, "u2", t.u2, &f);
        json_field_int(o, "n1", t.n1, &f);
        json_field_int(o, "n2", t.n2, &f);
        json_field_number(o, "p", t.p, &f);
        json_field_bool(o, "exact", t.exact, &f);
        json_field_bool(o, "ties", t.ties, &f);
        json_field_number(o, "z", t.z, &f);
        json_field_number(o, "cliffs_delta", t.cliffs_delta, &f);
        json_field_number(o, "a12", t.a12, &f);
        json_field_string(o, "effect", al_compare_effect_label(t.cliffs_delta), &f);
        fputc('}', o);
    } else {
        fputs("null", o);
    }
    fputs("}\n", o);
}

// ---- --sweep NAME: the sweep's full name, or a unique prefix of it ----------

// Sweeps get names like "hello-5e1c80f0" (the config's stem and a hash), so
// --sweep hello names the one sweep whose name starts with it. Writes the
// full name to out and returns true, or prints why not (none, or several:
// they are listed) and returns false. A database that cannot be read is
// left to al_compare_build, which says why.
static bool resolve_sweep(const char *db, const char *want, char *out, size_t cap)
{
    snprintf(out, cap, "%s", want);
    alRunLog *log = NULL;
    alRunList *list = NULL;
    alError err = {0};
    if (alRunLog_OpenReadOnly(db, &log, &err) != AL_OK ||
        alRunLog_ListRuns(log, NULL, &list, &err) != AL_OK) {
        alRunLog_Close(log);
        return true;
    }
    enum { MAXN = 64 };
    const char *names[MAXN];
    int n = 0, more = 0, hits = 0;
    const char *hit = NULL;
    bool exact = false;
    for (int i = 0; i < alRunList_Count(list) && !exact; ++i) {
        const alRunInfo *r = alRunList_Get(list, i);
        const char *s = NULL;
        for (int k = 0; k < r->param_count && !s; ++k)
            if (strcmp(r->params[k].key, "run.sweep") == 0) s = r->params[k].value;
        if (!s || !s[0]) continue;
        int j = 0;
        while (j < n && strcmp(names[j], s) != 0) ++j;
        if (j < n) continue; // seen
        if (n < MAXN) names[n++] = s;
        else ++more;
        if (strcmp(s, want) == 0) exact = true, hit = s;
        else if (strncmp(s, want, strlen(want)) == 0) ++hits, hit = hits == 1 ? s : hit;
    }
    bool ok = exact || hits == 1;
    if (ok) {
        snprintf(out, cap, "%s", hit);
    } else {
        char listed[2048] = "";
        size_t len = 0;
        for (int j = 0; j < n && len < sizeof listed; ++j)
            if (hits == 0 || strncmp(names[j], want, strlen(want)) == 0)
                len += (size_t)snprintf(listed + len, sizeof listed - len, "%s%s", len ? ", " : "",
                                        names[j]);
        if (more && len < sizeof listed)
            snprintf(listed + len, sizeof listed - len, " and %d more", more);
        if (hits > 1)
            fprintf(stderr,
                    "alife compare: --sweep %s: %d sweeps in %s start with '%s': %s; give more "
                    "of the name\n",
                    want, hits, db, want, listed);
        else if (n == 0)
            fprintf(stderr, "alife compare: --sweep %s: %s holds no sweep (alife sweep makes one)\n",
                    want, db);
        else
            fprintf(stderr, "alife compare: --sweep %s: no sweep in %s is named so or starts so; "
                            "the sweeps there: %s\n",
                    want, db, listed);
    }
    alDestroyRunList(list);
    alRunLog_Close(log);
    return ok;
}

// ---- the command -------------------------------------------------------------

int cmd_compare(int argc, char **argv)
{
    enum { O_DB = 1000, O_SWEEP, O_WHERE, O_GROUP, O_METRIC, O_THRESH, O_BELOW, O_TEST, O_PLOT,
           O_CSV, O_JSON, O_UNFIN, O_EDITED, O_DUPS };
    static const struct option opts[] = {
        {"db", required_argument, 0, O_DB},         {"sweep", required_argument, 0, O_SWEEP},
        {"where", required_argument, 0, O_WHERE},   {"group-by", required_argument, 0, O_GROUP},
        {"metric", required_argument, 0, O_METRIC}, {"threshold", required_argument, 0, O_THRESH},
        {"below", no_argument, 0, O_BELOW},         {"test", required_argument, 0, O_TEST},
        {"plot", required_argument, 0, O_PLOT},     {"csv", required_argument, 0, O_CSV},
        {"json", no_argument, 0, O_JSON},           {"include-unfinished", no_argument, 0, O_UNFIN},
        {"include-edited", no_argument, 0, O_EDITED},
        {"keep-duplicates", no_argument, 0, O_DUPS},
        {"help", no_argument, 0, 'h'},              {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *plot = NULL, *csv = NULL;
    bool json = false;
    al_compare_opts o = {.metric = "best"};
    alRunQuery q = {0};
    al_sets where = {0};
    int rc = 2;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB: db = optarg; break;
        case O_SWEEP: q.sweep = optarg; break;
        case O_WHERE: al_sets_add(&where, optarg); break;
        case O_GROUP: o.group_by = optarg; break;
        case O_METRIC: o.metric = optarg; break;
        case O_THRESH: {
            char *end;
            errno = 0;
            o.threshold = strtod(optarg, &end);
            if (end == optarg || *end || errno || !isfinite(o.threshold)) {
                rc = cli_usage_error("compare", "--threshold '%s': expected a number", optarg);
                goto out;
            }
            o.use_threshold = true;
            break;
        }
        case O_BELOW: o.below = true; break;
        case O_TEST:
            if (strcmp(optarg, "final") == 0) o.test = AL_TEST_FINAL;
            else if (strcmp(optarg, "auc") == 0) o.test = AL_TEST_AUC;
            else {
                rc = cli_usage_error("compare", "--test '%s': expected final or auc", optarg);
                goto out;
            }
            break;
        case O_PLOT: plot = optarg; break;
        case O_CSV: csv = optarg; break;
        case O_JSON: json = true; break;
        case O_UNFIN: q.include_unfinished = true; break;
        case O_EDITED: q.include_edited = true; break;
        case O_DUPS: q.keep_duplicates = true; break;
        case 'h': help(); rc = 0; goto out;
        default: rc = cli_option_error("compare", argv, c); goto out;
        }
    }
    int nids = argc - optind;
    if (nids > 0 && (q.sweep || where.count)) {
        rc = cli_usage_error("compare", "give run ids, or --sweep/--where, not both");
        goto out;
    }
    if (nids == 0 && !q.sweep && where.count == 0) {
        rc = cli_usage_error("compare", "which runs? give run ids (alife runs lists them), "
                                        "--sweep SWEEP or --where KEY=VALUE");
        goto out;
    }
    q.refs = (const char *const *)argv + optind;
    q.ref_count = nids;
    q.where = (const char *const *)where.items;
    q.where_count = where.count;
    if (q.sweep && !o.group_by) o.group_by = "run.group";
    char sweep_name[512];
    if (q.sweep) {
        if (!resolve_sweep(db, q.sweep, sweep_name, sizeof sweep_name)) goto out; // rc 2
        q.sweep = sweep_name;
    }

    al_compare_model m;
    alError err = {0};
    alResult r = al_compare_build(&m, db, &q, &o, &err);
    if (r != AL_OK) {
        fprintf(stderr, "alife compare: %s\n", err.msg);
        // Everything that can go wrong here is in the input (exit 2), except
        // running out of memory.
        rc = r == AL_ERR_NOMEM ? 1 : 2;
        al_compare_free(&m);
        goto out;
    }
    // The plot's name is checked once the runs are found: a missing run is
    // the first thing to hear of.
    if (plot) {
        size_t l = strlen(plot);
        if (l < 5 || strcmp(plot + l - 4, ".png") != 0) {
            rc = cli_usage_error("compare", "--plot '%s': the file name must end in .png", plot);
            al_compare_free(&m);
            goto out;
        }
    }
    if (m.set.warning[0]) fprintf(stderr, "alife compare: warning: %s\n", m.set.warning);
    bool csv_stdout = csv && strcmp(csv, "-") == 0;
    if (json && !csv_stdout) {
        print_json(&m, db);
    } else if (!csv_stdout) {
        print_header(&m, db);
        if (m.grouped) print_groups(&m);
        else print_runs(&m);
        print_diff(&m);
        print_test(&m);
    }
    rc = 0;
    if (csv && !db_cli_write_file(csv, write_csv, &m)) {
        fprintf(stderr, "alife compare: cannot write %s: %s\n", csv, strerror(errno));
        rc = 1;
    }
    if (csv && rc == 0 && !json && !csv_stdout) printf("\ncurves written to %s\n", csv);
    if (plot) {
        if (al_compare_plot(&m, plot, &err) != AL_OK) {
            fprintf(stderr, "alife compare: %s\n", err.msg);
            rc = 1;
        } else if (!json && !csv_stdout) {
            printf("plot written to %s\n", plot);
        }
    }
    al_compare_free(&m);
out:
    al_sets_free(&where);
    return rc;
}
