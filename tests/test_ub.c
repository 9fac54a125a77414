// Undefined behaviour and races found in review, each pinned by a test:
// - the grid cast floorf of huge, infinite or NaN coordinates to int (UBSan's
//   float-cast-overflow, and agents far off a bounded grid landed in cell 0);
// - the compare model sized stack arrays by a group's run count (a group of
//   100,000 seeds overflows a thread's stack);
// - the schema lookup rewrote a global array on every call, and the steering
//   figures rebuilt a const state's grid: two readers in two threads raced
//   (ThreadSanitizer, `make test-tsan`, reports both on the old code).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/grid.h"
#include "alife/steering.h"
#include "compare_model.h"

// ---- grid -----------------------------------------------------------------

static int cell_of(const alGrid *g, int agent)
{
    for (int c = 0; c < g->cols * g->rows; ++c)
        for (int k = g->cell_start[c]; k < g->cell_start[c + 1]; ++k)
            if (g->order[k] == agent) return c;
    return -1;
}

static void test_grid_clamps_huge_and_nan_coordinates_into_border_cells(void **s)
{
    (void)s;
    alWorld w = {.width = 800, .height = 600, .edge = AL_EDGE_BOUNCE};
    alGrid *g;
    alCreateGrid(&(alGridDef){w, 50}, &g, NULL);
    assert_non_null(g);
    const float x[] = {1e15f, -1e15f, INFINITY, NAN, 400, 5e9f};
    const float y[] = {300, 300, -INFINITY, 300, 1e38f, 300};
    assert_true(alGrid_Build(g, x, y, 6));
    int cols = g->cols, row300 = 300 / 50;
    assert_int_equal(cell_of(g, 0), row300 * cols + cols - 1); // far right: last column
    assert_int_equal(cell_of(g, 1), row300 * cols);            // far left: first column
    assert_int_equal(cell_of(g, 2), cols - 1);                 // +inf x, -inf y: top right
    assert_int_equal(cell_of(g, 3), row300 * cols);            // NaN x: first column
    assert_int_equal(cell_of(g, 4), (g->rows - 1) * cols + 8); // huge y: last row
    assert_int_equal(cell_of(g, 5), row300 * cols + cols - 1);
    // Queries from far off the grid find what brute force finds.
    float d2 = 0;
    assert_int_equal(alGrid_Nearest(g, alV2(2e15f, 300), 1e16f, -1, &d2), 0);
    assert_int_equal(alGrid_Nearest(g, alV2(-3e15f, 310), INFINITY, -1, &d2), 1);
    int out[8];
    assert_int_equal(alGrid_Query(g, alV2(1e15f, 300), 1e10f, -1, out, 8), 1);
    assert_int_equal(out[0], 0);
    assert_int_equal(alGrid_Query(g, alV2(NAN, NAN), 1e10f, -1, out, 8), 0);
    int slot[4];
    assert_int_equal(alGrid_NearestK(g, alV2(5e9f, 300), 1e20f, -1, 1, slot, NULL), 1);
    assert_int_equal(g->order[slot[0]], 5);
    alDestroyGrid(g);

    alWorld t = {.width = 800, .height = 600, .edge = AL_EDGE_WRAP};
    alCreateGrid(&(alGridDef){t, 50}, &g, NULL);
    assert_true(alGrid_Build(g, x, y, 6));
    for (int i = 0; i < 6; ++i) assert_true(cell_of(g, i) >= 0);
    assert_int_equal(alGrid_Query(g, alV2(NAN, 1e30f), 100, -1, out, 8), 0);
    assert_true(alGrid_NearestK(g, alV2(1e30f, -1e30f), INFINITY, -1, 4, slot, NULL) >= 0);
    (void)alGrid_Nearest(g, alV2(INFINITY, 0), 1e30f, -1, &d2);
    alDestroyGrid(g);
}

// ---- compare model --------------------------------------------------------

enum { BIG_GROUP = 40000 }; // 320 KB of doubles per group: more than the stack below

typedef struct compare_job {
    al_compare_model *m;
    alSummary at;
    alMannWhitney mw;
    bool ok;
} compare_job;

static void *compare_on_small_stack(void *arg)
{
    compare_job *j = arg;
    j->at = al_compare_at(j->m, 0, 0.0);
    j->ok = al_compare_test_groups(j->m, 0, 1, &j->mw);
    return NULL;
}

static void test_compare_of_big_groups_needs_no_big_stack(void **s)
{
    (void)s;
    int n = 2 * BIG_GROUP;
    al_compare_model m;
    memset(&m, 0, sizeof m);
    alRunRecord *recs = calloc((size_t)n, sizeof *recs);
    double *vals = malloc((size_t)n * sizeof *vals), zero = 0.0;
    m.runs = calloc((size_t)n, sizeof *m.runs);
    al_compare_group groups[2];
    memset(groups, 0, sizeof groups);
    int *members = malloc((size_t)n * sizeof *members);
    assert_true(recs && vals && m.runs && members);
    for (int i = 0; i < n; ++i) {
        vals[i] = (double)(i % BIG_GROUP) + (i < BIG_GROUP ? 0.0 : 0.5);
        recs[i].ngens = 1;
        recs[i].gen = &zero;
        recs[i].metric = &vals[i];
        m.runs[i].rec = &recs[i];
        m.runs[i].m.final = vals[i];
        members[i] = i;
    }
    groups[0].members = members;
    groups[0].n = BIG_GROUP;
    groups[1].members = members + BIG_GROUP;
    groups[1].n = BIG_GROUP;
    m.groups = groups;
    m.ngroups = 2;
    m.opts.test = AL_TEST_FINAL;

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024); // ASan's frames want some room
    compare_job job = {.m = &m};
    pthread_t th;
    assert_int_equal(pthread_create(&th, &attr, compare_on_small_stack, &job), 0);
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    assert_int_equal(job.at.n, BIG_GROUP);
    assert_true(job.at.mean == (BIG_GROUP - 1) / 2.0);
    assert_true(job.ok);
    assert_int_equal(job.mw.n1, BIG_GROUP);
    assert_true(job.mw.u1 + job.mw.u2 == (double)BIG_GROUP * BIG_GROUP);
    free(members);
    free(m.runs);
    free(vals);
    free(recs);
}

// ---- readers in two threads -----------------------------------------------

static void *find_keys(void *arg)
{
    int *found = arg;
    for (int i = 0; i < 2000; ++i) *found += alSchema_Find("ga.mutation_rate") != NULL;
    return NULL;
}

static void test_schema_lookup_from_two_threads(void **s)
{
    (void)s;
    int a = 0, b = 0;
    pthread_t t1, t2;
    pthread_create(&t1, NULL, find_keys, &a);
    pthread_create(&t2, NULL, find_keys, &b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert_int_equal(a, 2000);
    assert_int_equal(b, 2000);
}

// Field by field: the struct's padding is not part of the value.
static bool same_figures(alSteeringFigures a, alSteeringFigures b)
{
    return memcmp(&a.order, &b.order, sizeof a.order) == 0 &&
           memcmp(&a.mean_speed, &b.mean_speed, sizeof a.mean_speed) == 0 &&
           memcmp(&a.nn_distance, &b.nn_distance, sizeof a.nn_distance) == 0 && a.groups == b.groups;
}

typedef struct figures_job {
    const alSteering *s;
    alSteeringFigures f;
} figures_job;

static void *read_figures(void *arg)
{
    figures_job *j = arg;
    j->f = alSteering_Figures(j->s);
    return NULL;
}

static void test_steering_figures_of_a_shared_const_state(void **s)
{
    (void)s;
    alSteeringDef def = alDefaultSteeringDef();
    def.vehicles = 400;
    def.threads = 1;
    alError err;
    alSteering *sim;
    alCreateSteering(&def, 3, &sim, &err);
    assert_non_null(sim);
    for (int round = 0; round < 20; ++round) {
        alSteering_Step(sim); // the grid is stale after a step
        figures_job a = {.s = sim}, b = {.s = sim};
        pthread_t t1, t2;
        pthread_create(&t1, NULL, read_figures, &a);
        pthread_create(&t2, NULL, read_figures, &b);
        pthread_join(t1, NULL);
        pthread_join(t2, NULL);
        assert_true(same_figures(a.f, b.f));
        assert_true(a.f.groups >= 1 && a.f.nn_distance > 0);
        alSteeringFigures again = alSteering_Figures(sim);
        assert_true(same_figures(a.f, again));
    }
    alDestroySteering(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_clamps_huge_and_nan_coordinates_into_border_cells),
        cmocka_unit_test(test_compare_of_big_groups_needs_no_big_stack),
        cmocka_unit_test(test_schema_lookup_from_two_threads),
        cmocka_unit_test(test_steering_figures_of_a_shared_const_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
