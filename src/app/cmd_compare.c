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
        "or groups (only those), and with two groups a Mann-Whitney U test.\n"
        "\n"
        "selection (one of):\n"
        "  RUN...               run ids (any status), as listed by 'alife runs'\n"
        "      --sweep SWEEP    the finished runs of a sweep (see alife sweep), grouped\n"
        "                       by their sweep group (run.group) unless --group-by\n"
        "      --where KEY=VAL  finished runs whose KEY equals VAL (repeatable, all must\n"
        "                       hold); KEY is a config key (ga.mutation_rate, numbers\n"
        "                       compare as numbers) or a run column: id, uuid, module,\n"
        "                       name, seed, status. Combines with --sweep.\n"
        "      --include-unfinished  with --sweep/--where, also interrupted, failed and\n"
        "                       running runs (left out by default, with a note)\n"
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
        "exit status: 0 ok, 1 a file could not be written, 2 usage error, unknown run,\n"
        "nothing matched, mixed modules, a group of one run, or a bad database.\n");
}

static const char *g4(char *buf, size_t cap, double v)
{
    if (isnan(v)) snprintf(buf, cap, "-");
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

typedef struct diff_key {
    const char *key;
    bool within; // varies within some group
} diff_key;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *param_or_unset(const alRunRecord *r, const char *key)
{
    const char *v = alRunRecord_Param(r, key);
    return v ? v : "(unset)";
}

// The sorted union of the runs' param keys whose values differ; *n of them.
static diff_key *differing(const al_compare_model *m, int *n)
{
    int total = 0;
    for (int i = 0; i < m->set.n; ++i) total += m->set.runs[i].nparams;
    const char **keys = malloc((size_t)(total + 1) * sizeof *keys);
    diff_key *out = malloc((size_t)(total + 1) * sizeof *out);
    *n = 0;
    if (!keys || !out) {
        free(keys);
        free(out);
        return NULL;
    }
    int k = 0;
    for (int i = 0; i < m->set.n; ++i)
        for (int j = 0; j < m->set.runs[i].nparams; ++j) keys[k++] = m->set.runs[i].keys[j];
    qsort(keys, (size_t)k, sizeof *keys, cmp_str);
    for (int i = 0; i < k; ++i) {
        if (i > 0 && strcmp(keys[i], keys[i - 1]) == 0) continue;
        const char *first = param_or_unset(&m->set.runs[0], keys[i]);
        bool differs = false;
        for (int r = 1; r < m->set.n && !differs; ++r)
            differs = strcmp(first, param_or_unset(&m->set.runs[r], keys[i])) != 0;
        if (!differs) continue;
        bool within = false;
        for (int g = 0; g < m->ngroups && !within; ++g) {
            const al_compare_group *G = &m->groups[g];
            const char *v0 = param_or_unset(m->runs[G->members[0]].rec, keys[i]);
            for (int j = 1; j < G->n && !within; ++j)
                within = strcmp(v0, param_or_unset(m->runs[G->members[j]].rec, keys[i])) != 0;
        }
        out[(*n)++] = (diff_key){keys[i], within};
    }
    free(keys);
    return out;
}

// ---- text ------------------------------------------------------------------

static void print_header(const al_compare_model *m, const char *db)
{
    int unfinished = m->set.skipped_unfinished, empty = m->set.skipped_empty;
    printf("%d run%s of module %s from %s; metric %s (%s is better%s)", m->set.n,
           m->set.n == 1 ? "" : "s", m->module, db, m->opts.metric,
           m->lower_is_better ? "lower" : "higher",
           m->module_known ? "" : ", module not in this build: assumed");
    if (m->grouped) printf("; %d groups by %s", m->ngroups, m->opts.group_by);
    printf("\n");
    if (unfinished || empty)
        printf("(left out: %d unfinished run%s, %d without generations; --include-unfinished "
               "to include unfinished runs)\n",
               unfinished, unfinished == 1 ? "" : "s", empty);
    printf("runs that stopped early are held at their last value up to generation %g\n",
           m->horizon);
    if (m->opts.use_threshold)
        printf("threshold: %s %s %g (runs that never reach it are censored, not dropped)\n",
               m->opts.metric, m->lower_is_better ? "<=" : ">=", m->opts.threshold);
    printf("\n");
}

static void print_runs(const al_compare_model *m)
{
    bool extra = !metric_is_builtin(m->opts.metric);
    char h[64];
    printf("%6s  %-16s %8s  %-11s %5s  %11s %11s", "run", "name", "seed", "status", "gens",
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
        printf("%6lld  %-16.16s %8lld  %-11s %5d  %11s %11s", (long long)r->rec->id,
               r->rec->name, (long long)r->rec->seed, r->rec->status, r->rec->ngens,
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
    int lw = 5;
    for (int g = 0; g < m->ngroups; ++g) {
        int l = (int)strlen(m->groups[g].label);
        if (l > lw) lw = l;
    }
    if (lw > 60) lw = 60;
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
        printf("%-*.*s %4d  %-26s %-26s", lw, lw, G->label, G->n, a, b);
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

static void print_diff(const al_compare_model *m)
{
    int nd;
    diff_key *d = differing(m, &nd);
    if (!d) return;
    if (nd == 0) {
        printf("\nparams: all runs have the same config\n");
        free(d);
        return;
    }
    printf("\nparams that differ between the %s:\n", m->grouped ? "groups" : "runs");
    int within = 0;
    for (int i = 0; i < nd; ++i) {
        if (m->grouped && d[i].within) {
            ++within;
            continue;
        }
        printf("  %-28s", d[i].key);
        for (int g = 0; g < m->ngroups; ++g)
            printf("%s%s", g ? " | " : " ",
                   param_or_unset(m->runs[m->groups[g].members[0]].rec, d[i].key));
        printf("\n");
    }
    if (within) {
        printf("  differ within groups (e.g. between seeds):");
        for (int i = 0; i < nd; ++i)
            if (d[i].within) printf(" %s", d[i].key);
        printf("\n");
    }
    free(d);
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
    if (m->ngroups != 2) {
        if (m->ngroups > 2)
            printf("\nno test: the Mann-Whitney U test compares two groups; pick two with "
                   "--where\n");
        return;
    }
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

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static int write_csv(const al_compare_model *m, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "alife: %s: cannot write: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(f, "run,group,gen,metric,value\n");
    const char *names[3] = {"best", "mean", m->opts.metric};
    int nm = metric_is_builtin(m->opts.metric) ? 2 : 3;
    for (int i = 0; i < m->set.n; ++i) {
        const alRunRecord *r = m->runs[i].rec;
        const double *cols[3] = {r->best, r->mean, r->metric};
        for (int k = 0; k < nm; ++k)
            for (int j = 0; j < r->ngens; ++j) {
                fprintf(f, "%lld,", (long long)r->id);
                csv_field(f, m->groups[m->runs[i].group].label);
                fprintf(f, ",%lld,", (long long)r->gen[j]);
                csv_field(f, names[k]);
                fprintf(f, ",%.17g\n", cols[k][j]);
            }
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "alife: %s: cannot write: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

// ---- JSON ------------------------------------------------------------------

static void js_str(const char *s)
{
    putchar('"');
    for (; *s; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') printf("\\n");
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static void js_num(double v)
{
    if (isfinite(v)) printf("%.17g", v);
    else printf("null");
}

static void js_summary(const char *name, const alSummary *s)
{
    printf("\"%s\": {\"n\": %d, \"median\": ", name, s->n);
    js_num(s->n ? s->median : NAN);
    printf(", \"q1\": ");
    js_num(s->n ? s->q1 : NAN);
    printf(", \"q3\": ");
    js_num(s->n ? s->q3 : NAN);
    printf(", \"mean\": ");
    js_num(s->n ? s->mean : NAN);
    printf(", \"ci95\": [");
    js_num(s->n > 1 ? s->ci_lo : NAN);
    printf(", ");
    js_num(s->n > 1 ? s->ci_hi : NAN);
    printf("]}");
}

static void print_json(const al_compare_model *m, const char *db)
{
    printf("{\"db\": ");
    js_str(db);
    printf(", \"module\": ");
    js_str(m->module);
    printf(", \"metric\": ");
    js_str(m->opts.metric);
    printf(", \"lower_is_better\": %s, \"horizon\": %g", m->lower_is_better ? "true" : "false",
           m->horizon);
    printf(", \"threshold\": ");
    js_num(m->opts.use_threshold ? m->opts.threshold : NAN);
    printf(", \"group_by\": ");
    if (m->grouped) js_str(m->opts.group_by);
    else printf("null");
    printf(", \"skipped_unfinished\": %d, \"skipped_empty\": %d,\n \"runs\": [",
           m->set.skipped_unfinished, m->set.skipped_empty);
    for (int i = 0; i < m->set.n; ++i) {
        const al_compare_run *r = &m->runs[i];
        printf("%s\n  {\"id\": %lld, \"uuid\": ", i ? "," : "", (long long)r->rec->id);
        js_str(r->rec->uuid);
        printf(", \"name\": ");
        js_str(r->rec->name);
        printf(", \"seed\": %lld, \"status\": ", (long long)r->rec->seed);
        js_str(r->rec->status);
        printf(", \"group\": ");
        js_str(m->groups[r->group].label);
        printf(", \"generations\": %d, \"final_best\": ", r->rec->ngens);
        js_num(r->final_best);
        printf(", \"final_mean\": ");
        js_num(r->final_mean);
        printf(", \"final\": ");
        js_num(r->m.final);
        printf(", \"auc\": ");
        js_num(r->m.auc);
        printf(", \"reached_at\": ");
        js_num(r->m.reach >= 0 ? r->m.reach : NAN);
        printf("}");
    }
    printf("],\n \"groups\": [");
    for (int g = 0; g < m->ngroups; ++g) {
        const al_compare_group *G = &m->groups[g];
        printf("%s\n  {\"label\": ", g ? "," : "");
        js_str(G->label);
        printf(", \"runs\": [");
        for (int i = 0; i < G->n; ++i)
            printf("%s%lld", i ? ", " : "", (long long)m->runs[G->members[i]].rec->id);
        printf("], ");
        js_summary("final_best", &G->final_best);
        printf(", ");
        js_summary("final_mean", &G->final_mean);
        printf(", ");
        js_summary("final", &G->final_metric);
        printf(", ");
        js_summary("auc", &G->auc);
        if (m->opts.use_threshold) {
            printf(", \"reached\": %d, \"km_median\": ", G->reached);
            js_num(G->km_median >= 0 ? G->km_median : NAN);
        }
        printf("}");
    }
    printf("],\n \"differing_params\": {");
    int nd;
    diff_key *d = differing(m, &nd);
    for (int i = 0; d && i < nd; ++i) {
        printf("%s\n  ", i ? "," : "");
        js_str(d[i].key);
        printf(": {\"within_groups\": %s, \"values\": [", d[i].within ? "true" : "false");
        for (int r = 0; r < m->set.n; ++r) {
            printf("%s", r ? ", " : "");
            js_str(param_or_unset(&m->set.runs[r], d[i].key));
        }
        printf("]}");
    }
    free(d);
    printf("},\n \"test\": ");
    alMannWhitney t;
    if (m->grouped && m->ngroups == 2 && al_compare_test_groups(m, 0, 1, &t)) {
        printf("{\"on\": \"%s\", \"u\": %g, \"u1\": %g, \"u2\": %g, \"n1\": %d, \"n2\": %d, "
               "\"p\": ",
               m->opts.test == AL_TEST_AUC ? "auc" : "final", t.u, t.u1, t.u2, t.n1, t.n2);
        js_num(t.p);
        printf(", \"exact\": %s, \"ties\": %s, \"z\": ", t.exact ? "true" : "false",
               t.ties ? "true" : "false");
        js_num(t.z);
        printf(", \"cliffs_delta\": ");
        js_num(t.cliffs_delta);
        printf(", \"a12\": ");
        js_num(t.a12);
        printf(", \"effect\": \"%s\"}", al_compare_effect_label(t.cliffs_delta));
    } else {
        printf("null");
    }
    printf("\n}\n");
}

// ---- the command -------------------------------------------------------------

int cmd_compare(int argc, char **argv)
{
    enum { O_DB = 1000, O_SWEEP, O_WHERE, O_GROUP, O_METRIC, O_THRESH, O_BELOW, O_TEST, O_PLOT,
           O_CSV, O_JSON, O_UNFIN };
    static const struct option opts[] = {
        {"db", required_argument, 0, O_DB},         {"sweep", required_argument, 0, O_SWEEP},
        {"where", required_argument, 0, O_WHERE},   {"group-by", required_argument, 0, O_GROUP},
        {"metric", required_argument, 0, O_METRIC}, {"threshold", required_argument, 0, O_THRESH},
        {"below", no_argument, 0, O_BELOW},         {"test", required_argument, 0, O_TEST},
        {"plot", required_argument, 0, O_PLOT},     {"csv", required_argument, 0, O_CSV},
        {"json", no_argument, 0, O_JSON},           {"include-unfinished", no_argument, 0, O_UNFIN},
        {"help", no_argument, 0, 'h'},              {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *plot = NULL, *csv = NULL;
    bool json = false;
    al_compare_opts o = {.metric = "best"};
    alRunQuery q = {0};
    al_sets where = {0};
    int64_t *ids = NULL;
    int rc = 2;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
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
        case 'h': help(); rc = 0; goto out;
        default: rc = cli_usage_error("compare", "bad option"); goto out;
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
    ids = malloc((size_t)(nids + 1) * sizeof *ids);
    for (int i = 0; i < nids; ++i)
        if (!al_parse_int(argv[optind + i], 1, INT64_MAX, &ids[i])) {
            rc = cli_usage_error("compare", "'%s' is not a run id (a whole number >= 1)",
                                 argv[optind + i]);
            goto out;
        }
    if (plot) {
        size_t l = strlen(plot);
        if (l < 5 || strcmp(plot + l - 4, ".png") != 0) {
            rc = cli_usage_error("compare", "--plot '%s': the file name must end in .png", plot);
            goto out;
        }
    }
    q.ids = ids;
    q.id_count = nids;
    q.where = (const char *const *)where.items;
    q.where_count = where.count;
    if (q.sweep && !o.group_by) o.group_by = "run.group";

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
    if (json) {
        print_json(&m, db);
    } else {
        print_header(&m, db);
        if (m.grouped) print_groups(&m);
        else print_runs(&m);
        print_diff(&m);
        print_test(&m);
    }
    rc = 0;
    if (csv && write_csv(&m, csv) != 0) rc = 1;
    if (csv && rc == 0 && !json) printf("\ncurves written to %s\n", csv);
    if (plot) {
        if (al_compare_plot(&m, plot, &err) != AL_OK) {
            fprintf(stderr, "alife compare: %s\n", err.msg);
            rc = 1;
        } else if (!json) {
            printf("plot written to %s\n", plot);
        }
    }
    al_compare_free(&m);
out:
    free(ids);
    al_sets_free(&where);
    return rc;
}
