// The compare model (what alife compare prints and plots) against the same
// figures computed here independently from the raw rows of the database,
// plus its refusals: mixed modules, a group of one run, nothing matching.
#include "store_fixtures.h"

#include <math.h>
#include <sqlite3.h>

#include "alife/stats.h"
#include "compare_model.h"
#include "compare_plot.h"
#ifdef ALIFE_HAVE_GUI
#include "gui/compare_series.h"
#include "png_count.h"
#endif

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) <= 1e-9 * (1.0 + fabs((double)(b))))

// Sweep "s": group A (tags 1..5, lengths 6..10) and group B (tags 2..6,
// lengths 8, 8, 9, 9, 12); module "ants" (not in this build: higher is better).
static void make_sweep_db(void)
{
    alRunLog *log;
    alError err = {0};
    assert_int_equal(alRunLog_Open(fx_path("runs.db"), &log, &err), AL_OK);
    const int lenb[5] = {8, 8, 9, 9, 12};
    for (int i = 0; i < 5; ++i) {
        alConfig *a = fx_config("ants", "run.sweep=s", "run.group=A", "world.width=500", NULL);
        fx_log_run(log, a, "a", (uint64_t)i + 1, i + 1, 6 + i, "finished");
        alDestroyConfig(a);
        alConfig *b = fx_config("ants", "run.sweep=s", "run.group=B", "world.width=700", NULL);
        fx_log_run(log, b, "b", (uint64_t)i + 1, 2 + i, lenb[i], "finished");
        alDestroyConfig(b);
    }
    // An interrupted run of the sweep (left out by default) and a run of
    // another module outside it.
    alConfig *c = fx_config("ants", "run.sweep=s", "run.group=A", NULL);
    fx_log_run(log, c, "cut", 9, 9, 3, "interrupted");
    alDestroyConfig(c);
    alConfig *e = fx_config("estrings", NULL);
    fx_log_run(log, e, "e", 1, 1, 4, "finished");
    alDestroyConfig(e);
    alRunLog_Close(log);
}

// Raw rows: the values of column col ("best", "mean") of every run of group,
// per generation, straight from SQLite. runs[r][g], lens[r]; returns #runs.
static int raw_group(const char *group, const char *col, double runs[8][16], int lens[8])
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(fx_path("runs.db"), &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    char sql[400];
    snprintf(sql, sizeof sql,
             "SELECT g.run, g.gen, g.%s FROM generations g JOIN runs r ON r.id = g.run"
             " JOIN params p ON p.run = g.run AND p.key = 'run.group' AND p.value = ?"
             " WHERE r.status = 'finished' ORDER BY g.run, g.gen",
             col);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_text(st, 1, group, -1, SQLITE_STATIC);
    int n = -1;
    int64_t last = -1;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int64_t run = sqlite3_column_int64(st, 0);
        if (run != last) {
            ++n;
            lens[n] = 0;
            last = run;
        }
        runs[n][lens[n]++] = sqlite3_column_double(st, 2);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n + 1;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// Type-7 quantile, written out again here rather than taken from stats.c.
static double q7(double *v, int n, double p)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    double h = (n - 1) * p;
    int lo = (int)h;
    return lo >= n - 1 ? v[n - 1] : v[lo] + (h - lo) * (v[lo + 1] - v[lo]);
}

static void build(al_compare_model *m, const char *sweep, const char *group_by,
                  al_compare_opts *o)
{
    alRunQuery q = {0};
    q.sweep = sweep;
    o->group_by = group_by;
    alError err = {0};
    if (al_compare_build(m, fx_path("runs.db"), &q, o, &err) != AL_OK) fail_msg("%s", err.msg);
}

static void group_figures_match_raw_rows(void **state)
{
    make_sweep_db();
    fx_snapshot before = fx_snap(fx_path("runs.db"));
    al_compare_model m;
    al_compare_opts o = {.metric = "best", .use_threshold = true, .threshold = 3010};
    build(&m, "s", "run.group", &o);
    assert_int_equal(m.set.n, 10);
    assert_int_equal(m.set.skipped_unfinished, 1);
    assert_int_equal(m.ngroups, 2);
    assert_string_equal(m.groups[0].label, "A");
    assert_string_equal(m.groups[1].label, "B");
    assert_false(m.lower_is_better);
    NEAR(m.horizon, 11); // longest run: 12 generations

    const char *labels[2] = {"A", "B"};
    for (int g = 0; g < 2; ++g) {
        double runs[8][16], mean_runs[8][16];
        int lens[8], lens2[8];
        int n = raw_group(labels[g], "best", runs, lens);
        assert_int_equal(raw_group(labels[g], "mean", mean_runs, lens2), n);
        assert_int_equal(n, 5);
        assert_int_equal(m.groups[g].n, 5);
        double fin[8], finm[8], auc[8];
        int reached = 0;
        for (int r = 0; r < n; ++r) {
            fin[r] = runs[r][lens[r] - 1];
            finm[r] = mean_runs[r][lens[r] - 1];
            // Area: trapezoids over the run, then its last value held to gen 11.
            auc[r] = 0;
            for (int i = 0; i + 1 < lens[r]; ++i) auc[r] += 0.5 * (runs[r][i] + runs[r][i + 1]);
            auc[r] += runs[r][lens[r] - 1] * (11 - (lens[r] - 1));
            for (int i = 0; i < lens[r]; ++i)
                if (runs[r][i] >= 3010) {
                    ++reached;
                    break;
                }
        }
        const al_compare_group *G = &m.groups[g];
        double tmp[8];
        memcpy(tmp, fin, sizeof tmp);
        NEAR(G->final_best.median, q7(tmp, n, 0.5));
        NEAR(G->final_best.q1, q7(tmp, n, 0.25));
        NEAR(G->final_best.q3, q7(tmp, n, 0.75));
        memcpy(tmp, finm, sizeof tmp);
        NEAR(G->final_mean.median, q7(tmp, n, 0.5));
        memcpy(tmp, auc, sizeof tmp);
        NEAR(G->auc.median, q7(tmp, n, 0.5));
        NEAR(G->auc.q3, q7(tmp, n, 0.75));
        assert_int_equal(G->reached, reached);
        // The band at every generation: mean and t-interval (t(0.975, 4) =
        // 2.7764451051977934 from the table) over the runs held at their end.
        for (int gen = 0; gen <= 11; ++gen) {
            double v[8], s = 0, ss = 0;
            for (int r = 0; r < n; ++r) {
                v[r] = runs[r][gen < lens[r] ? gen : lens[r] - 1];
                s += v[r];
            }
            double mean = s / n;
            for (int r = 0; r < n; ++r) ss += (v[r] - mean) * (v[r] - mean);
            double half = 2.7764451051977934 * sqrt(ss / (n - 1)) / sqrt((double)n);
            alSummary at = al_compare_at(&m, g, gen);
            NEAR(at.mean, mean);
            assert_true(fabs(at.ci_hi - (mean + half)) < 1e-8);
            assert_true(fabs(at.ci_lo - (mean - half)) < 1e-8);
        }
    }
    // Threshold 3010, best = tag*1000 + g + 0.25: group A (tags 1..5) reaches
    // it with tags 4 and 5 at gen 0; tag 3 (8 generations, up to 3007.25)
    // never. Kaplan-Meier: S(0) = 1 - 2/5 = 0.6 and no later event, so the
    // median is not reached, although 2 of 5 did reach it.
    assert_int_equal(m.groups[0].reached, 2);
    assert_true(m.groups[0].km_median < 0);
    // Group B (tags 2..6): tags 4, 5 and 6 at gen 0: S(0) = 2/5 -> median 0.
    assert_int_equal(m.groups[1].reached, 3);
    NEAR(m.groups[1].km_median, 0);

    // Mann-Whitney on the final best, against pair counting.
    alMannWhitney t;
    assert_true(al_compare_test_groups(&m, 0, 1, &t));
    double u1 = 0;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            double a = m.runs[m.groups[0].members[i]].final_best;
            double b = m.runs[m.groups[1].members[j]].final_best;
            u1 += a > b ? 1 : a == b ? 0.5 : 0;
        }
    NEAR(t.u1, u1);
    assert_int_equal(t.n1, 5);
    // The params that differ: world.width and run.group, and only those (the
    // fixture passes seeds to BeginRun, not through run.seed).
    const alComparison *c = m.set.cmp;
    assert_int_equal(c->diff_count, 2);
    bool width = false, group = false;
    for (int k = 0; k < c->diff_count; ++k) {
        width |= strcmp(c->diff_keys[k], "world.width") == 0;
        group |= strcmp(c->diff_keys[k], "run.group") == 0;
    }
    assert_true(width && group);
    al_compare_free(&m);
    fx_assert_unchanged(fx_path("runs.db"), &before);
}

static void figure_metric_and_per_run_mode(void **state)
{
    make_sweep_db();
    al_compare_model m;
    al_compare_opts o = {.metric = "alpha", .below = true};
    build(&m, "s", NULL, &o);
    assert_false(m.grouped);
    assert_int_equal(m.ngroups, 10);
    assert_true(m.lower_is_better); // --below for a figure
    for (int i = 0; i < m.set.n; ++i) {
        const alRunRecord *r = m.runs[i].rec;
        NEAR(m.runs[i].m.final, 2.0 * (r->ngens - 1)); // alpha = 2 g
    }
    al_compare_free(&m);
    o = (al_compare_opts){.metric = "nosuch"};
    alRunQuery q = {.sweep = "s"};
    alError err = {0};
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_ERR_NOTFOUND);
    assert_non_null(strstr(err.msg, "no metric 'nosuch'"));
    assert_non_null(strstr(err.msg, "alpha, beta"));
    al_compare_free(&m);
}

static void bad_selections_are_refused(void **state)
{
    make_sweep_db();
    fx_snapshot before = fx_snap(fx_path("runs.db"));
    al_compare_model m;
    al_compare_opts o = {.metric = "best"};
    alError err = {0};
    // Runs of two modules (ants run 1, estrings run 12) on one metric.
    const char *refs[] = {"1", "12"};
    alRunQuery q = {.refs = refs, .ref_count = 2};
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_ERR_USAGE);
    assert_non_null(strstr(err.msg, "module ants"));
    assert_non_null(strstr(err.msg, "module estrings"));
    al_compare_free(&m);
    // A group of a single run.
    const char *w1[] = {"seed=1", "module=ants"};
    q = (alRunQuery){.where = w1, .where_count = 2};
    o.group_by = "run.group";
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_OK);
    for (int g = 0; g < m.ngroups; ++g) assert_int_equal(m.groups[g].n, 1);
    assert_true(m.ngroups >= 1);
    al_compare_free(&m);
    // Nothing matches; an unknown key; an unknown run.
    const char *w2[] = {"world.width=123"};
    q = (alRunQuery){.where = w2, .where_count = 1};
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_ERR_NOTFOUND);
    assert_non_null(strstr(err.msg, "no run in"));
    al_compare_free(&m);
    const char *w3[] = {"world.widht=1"};
    q = (alRunQuery){.where = w3, .where_count = 1};
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_ERR_USAGE);
    al_compare_free(&m);
    const char *r3[] = {"99"};
    q = (alRunQuery){.refs = r3, .ref_count = 1};
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_ERR_NOTFOUND);
    assert_non_null(strstr(err.msg, "no run 99"));
    al_compare_free(&m);
    // Numbers compare as numbers: 5e2 selects width 500 (group A, finished).
    const char *w4[] = {"world.width=5e2"};
    q = (alRunQuery){.where = w4, .where_count = 1};
    o.group_by = NULL;
    assert_int_equal(al_compare_build(&m, fx_path("runs.db"), &q, &o, &err), AL_OK);
    assert_int_equal(m.set.n, 5);
    al_compare_free(&m);
    fx_assert_unchanged(fx_path("runs.db"), &before);
}

#ifdef ALIFE_HAVE_GUI
static void plot_draws_each_group_in_its_colour(void **state)
{
    make_sweep_db();
    al_compare_model m;
    al_compare_opts o = {.metric = "best"};
    build(&m, "s", "run.group", &o);
    alError err = {0};
    if (al_compare_plot(&m, fx_path("c.png"), &err) != AL_OK) fail_msg("%s", err.msg);
    int w, h;
    int a = png_count_colour(fx_path("c.png"), NULL, al_compare_colour(0), 12, &w, &h);
    int b = png_count_colour(fx_path("c.png"), NULL, al_compare_colour(1), 12, &w, &h);
    int none = png_count_colour(fx_path("c.png"), NULL, al_compare_colour(2), 12, &w, &h);
    assert_int_equal(w, 1200);
    assert_int_equal(h, 760);
    // Each group's line (2 px thick across the plot) and legend swatch.
    if (a < 300 || b < 300) fail_msg("group colours: %d and %d pixels", a, b);
    assert_true(none < 20); // no third group
    al_compare_free(&m);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(group_figures_match_raw_rows, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(figure_metric_and_per_run_mode, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(bad_selections_are_refused, fx_setup, fx_teardown),
#ifdef ALIFE_HAVE_GUI
        cmocka_unit_test_setup_teardown(plot_draws_each_group_in_its_colour, fx_setup,
                                        fx_teardown),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
