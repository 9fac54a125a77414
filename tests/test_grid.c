// The grid returns exactly what brute force returns, over many random worlds:
// radius queries, the nearest agent and the k nearest.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/grid.h"
#include "alife/rng.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int brute_query(const alWorld *w, const float *x, const float *y, int n, alVec2 p, float r,
                       int exclude, int *out)
{
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (i != exclude && alWorld_DistSq(w, p, alV2(x[i], y[i])) <= r * r) out[k++] = i;
    return k;
}

static int brute_nearest(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                         float r, int exclude)
{
    int best = -1;
    float bd = 0;
    for (int i = 0; i < n; ++i) {
        if (i == exclude) continue;
        float d = alWorld_DistSq(w, p, alV2(x[i], y[i]));
        if (d <= r * r && (best < 0 || d < bd)) {
            best = i;
            bd = d;
        }
    }
    return best;
}

// Positions that stress the edges: exactly on 0, on the far edge, on cell
// borders, stacked on one point, and (bounded worlds) slightly outside.
static float tricky(alRng *rng, float size, float cell, bool wrap)
{
    switch (alRng_Bounded(rng, 8)) {
    case 0: return 0.0f;
    case 1: return wrap ? size - 1e-3f : size;
    case 2: return cell * (float)alRng_Bounded(rng, (uint32_t)(size / cell) + 1) * 0.999999f;
    case 3: return size * 0.5f;
    case 4: return wrap ? alRng_Range(rng, 0, size) : alRng_Range(rng, -2.0f, size + 2.0f);
    default: return alRng_Range(rng, 0, size);
    }
}

static void run_worlds(alEdgePolicy edge, int worlds)
{
    alRng rng = alRng_Stream(2024, (uint64_t)edge);
    int *got = malloc(4000 * sizeof *got), *want = malloc(4000 * sizeof *want);
    long total = 0, nearest_found = 0, nearest_k_found = 0;
    for (int t = 0; t < worlds; ++t) {
        alWorld w = {alRng_Range(&rng, 20, 400), alRng_Range(&rng, 20, 400), edge};
        float cell = alRng_Range(&rng, 3, 60);
        int n = (int)alRng_Bounded(&rng, 400);
        float *x = malloc(((size_t)n + 1) * sizeof *x), *y = malloc(((size_t)n + 1) * sizeof *y);
        bool wrap = edge == AL_EDGE_WRAP;
        for (int i = 0; i < n; ++i) {
            x[i] = tricky(&rng, w.width, cell, wrap);
            y[i] = tricky(&rng, w.height, cell, wrap);
        }
        alGrid *g;
        alCreateGrid(&(alGridDef){w, cell}, &g, NULL);
        assert_non_null(g);
        assert_true(alGrid_Build(g, x, y, n));
        for (int q = 0; q < 40; ++q) {
            alVec2 p = alV2(tricky(&rng, w.width, cell, wrap), tricky(&rng, w.height, cell, wrap));
            // radii below, on and across cell edges, and larger than the world
            float r = alRng_Bounded(&rng, 10) == 0 ? alRng_Range(&rng, 200, 900)
                                                   : alRng_Range(&rng, 0, 2.5f * cell);
            int exclude = n > 0 && alRng_Bounded(&rng, 2) ? (int)alRng_Bounded(&rng, (uint32_t)n)
                                                         : -1;
            int ng = alGrid_Query(g, p, r, exclude, got, 4000);
            int nb = brute_query(&w, x, y, n, p, r, exclude, want);
            qsort(got, (size_t)ng, sizeof *got, cmp_int);
            assert_int_equal(ng, nb);
            total += ng;
            for (int i = 0; i < ng; ++i) assert_int_equal(got[i], want[i]);
            float d2;
            int gn = alGrid_Nearest(g, p, r, exclude, &d2);
            int bn = brute_nearest(&w, x, y, n, p, r, exclude);
            if (bn < 0) {
                assert_int_equal(gn, -1);
            } else {
                assert_true(gn >= 0);
                nearest_found++;
                // ties may pick another agent at the same distance: compare distances
                float bd = alWorld_DistSq(&w, p, alV2(x[bn], y[bn]));
                assert_true(d2 == bd);
                assert_int_equal(gn, bn); // both break ties to the lower index
            }
            // The k nearest: the same agents, in the same order, at the same
            // distances (bit for bit) as the scan of everyone.
            int k = alRng_Bounded(&rng, 4) == 0 ? 1 + (int)alRng_Bounded(&rng, AL_GRID_MAX_K)
                                                : 1 + (int)alRng_Bounded(&rng, 12);
            int ks[AL_GRID_MAX_K], kb[AL_GRID_MAX_K];
            float ds[AL_GRID_MAX_K], db[AL_GRID_MAX_K];
            int nk = alGrid_NearestK(g, p, r, exclude, k, ks, ds);
            int nkb = alGrid_BruteNearestK(&w, x, y, n, p, r, exclude, k, kb, db);
            assert_int_equal(nk, nkb);
            nearest_k_found += nk;
            for (int i = 0; i < nk; ++i) {
                assert_int_equal(g->order[ks[i]], kb[i]);
                assert_true(ds[i] == db[i]);
            }
        }
        alDestroyGrid(g);
        free(x);
        free(y);
    }
    free(got);
    free(want);
    // The comparison must have had something to compare.
    assert_true(total > 50L * worlds);
    assert_true(nearest_found > 10L * worlds);
    assert_true(nearest_k_found > 50L * worlds);
}

static void test_grid_equals_brute_force_wrapped(void **state)
{
    (void)state;
    run_worlds(AL_EDGE_WRAP, 300);
}

static void test_grid_equals_brute_force_bounce(void **state)
{
    (void)state;
    run_worlds(AL_EDGE_BOUNCE, 300);
}

static void test_grid_equals_brute_force_contain(void **state)
{
    (void)state;
    run_worlds(AL_EDGE_CONTAIN, 300);
}

// On a torus, a coordinate a float below the far edge whose product with
// 1 / cell size rounds up to the number of cells belongs to the last cell;
// put in cell 0 it sat a world away from its neighbours and every query
// missed it (one world size in seven here). Agents there, queries from
// across the edge and from beside them: all equal brute force.
static void test_agents_a_float_below_the_torus_edge_are_found(void **state)
{
    (void)state;
    int rounded = 0;
    for (int t = 0; t < 700; ++t) {
        float side = 100.0f + 0.37f * (float)t;
        alWorld w = {side, side * 0.75f, AL_EDGE_WRAP};
        float ex = nextafterf(w.width, 0), ey = nextafterf(w.height, 0);
        float x[4] = {ex, 0.05f, ex, side * 0.5f}, y[4] = {10, 10, ey, 0.02f};
        alGrid *g;
        alCreateGrid(&(alGridDef){w, 7.0f}, &g, NULL);
        assert_non_null(g);
        assert_true(alGrid_Build(g, x, y, 4));
        rounded += ex * g->inv_w >= (float)g->cols || ey * g->inv_h >= (float)g->rows;
        alVec2 from[4] = {alV2(0.05f, 10), alV2(ex, 10), alV2(ex, 0.01f), alV2(1.0f, ey)};
        for (int q = 0; q < 4; ++q) {
            int ks[4], kb[4], got[4], want[4];
            float ds[4], db[4];
            int nk = alGrid_NearestK(g, from[q], 7, -1, 4, ks, ds);
            int nkb = alGrid_BruteNearestK(&w, x, y, 4, from[q], 7, -1, 4, kb, db);
            assert_int_equal(nk, nkb);
            for (int i = 0; i < nk; ++i) assert_int_equal(g->order[ks[i]], kb[i]);
            int ng = alGrid_Query(g, from[q], 7, -1, got, 4);
            assert_int_equal(ng, brute_query(&w, x, y, 4, from[q], 7, -1, want));
            assert_int_equal(alGrid_Nearest(g, from[q], 7, -1, NULL), brute_nearest(&w, x, y, 4, from[q], 7, -1));
        }
        alDestroyGrid(g);
    }
    assert_true(rounded > 50); // the case came up
}

static void test_query_cap_limits_and_is_deterministic(void **state)
{
    (void)state;
    alWorld w = {100, 100, AL_EDGE_WRAP};
    float x[50], y[50];
    for (int i = 0; i < 50; ++i) {
        x[i] = 50.0f + (float)(i % 5);
        y[i] = 50.0f + (float)(i / 5) * 0.5f;
    }
    alGrid *g;
    alCreateGrid(&(alGridDef){w, 10}, &g, NULL);
    assert_true(alGrid_Build(g, x, y, 50));
    int a[10], b[10];
    int na = alGrid_Query(g, alV2(52, 52), 20, 3, a, 10);
    int nb = alGrid_Query(g, alV2(52, 52), 20, 3, b, 10);
    assert_int_equal(na, 10);
    assert_int_equal(nb, 10);
    assert_memory_equal(a, b, sizeof a);
    for (int i = 0; i < 10; ++i) assert_true(a[i] != 3);
    assert_int_equal(alGrid_Query(g, alV2(52, 52), 20, -1, a, 0), 0);
    alDestroyGrid(g);
}

static void test_rebuild_with_more_agents_grows(void **state)
{
    (void)state;
    alWorld w = {64, 64, AL_EDGE_BOUNCE};
    alGrid *g;
    alCreateGrid(&(alGridDef){w, 8}, &g, NULL);
    float x[1000], y[1000];
    for (int i = 0; i < 1000; ++i) {
        x[i] = (float)(i % 64);
        y[i] = (float)(i / 16);
    }
    assert_true(alGrid_Build(g, x, y, 3));
    assert_true(alGrid_Build(g, x, y, 1000));
    assert_int_equal(g->count, 1000);
    assert_int_equal(g->cell_start[g->cols * g->rows], 1000);
    assert_true(alGrid_Build(g, x, y, 0));
    int out[4];
    assert_int_equal(alGrid_Query(g, alV2(1, 1), 100, -1, out, 4), 0);
    assert_int_equal(alGrid_Nearest(g, alV2(1, 1), 100, -1, NULL), -1);
    alDestroyGrid(g);
    alDestroyGrid(NULL);
}

// The k nearest in tight clumps, as the boids form them: hundreds of agents
// per cell (so the query buffers, bounds and picks many candidates, more
// than one buffer's worth at large radii), clumps across the torus edge and
// in corners, exact ties from stacked agents, queries from the agents
// themselves (excluded) and from points between clumps, k from 1 to
// AL_GRID_MAX_K: always the brute-force answer, bit for bit.
static void run_clumps(alEdgePolicy edge, int worlds)
{
    alRng rng = alRng_Stream(77, (uint64_t)edge);
    enum { MAXN = 3000 };
    float *x = malloc(MAXN * sizeof *x), *y = malloc(MAXN * sizeof *y);
    long found = 0, queries = 0;
    for (int t = 0; t < worlds; ++t) {
        alWorld w = {alRng_Range(&rng, 40, 200), alRng_Range(&rng, 40, 200), edge};
        bool wrap = edge == AL_EDGE_WRAP;
        int n = 0, clumps = 1 + (int)alRng_Bounded(&rng, 8);
        for (int c = 0; c < clumps && n < MAXN; ++c) {
            // Centres anywhere, often on an edge or a corner.
            float cx = alRng_Bounded(&rng, 3) == 0 ? 0.0f : alRng_Range(&rng, 0, w.width);
            float cy = alRng_Bounded(&rng, 3) == 0 ? w.height - 0.5f : alRng_Range(&rng, 0, w.height);
            float spread = alRng_Range(&rng, 0.2f, 4.0f);
            int size = 20 + (int)alRng_Bounded(&rng, 500);
            for (int i = 0; i < size && n < MAXN; ++i, ++n) {
                if (n > 0 && alRng_Bounded(&rng, 20) == 0) { // stacked: exact ties
                    int j = (int)alRng_Bounded(&rng, (uint32_t)n);
                    x[n] = x[j], y[n] = y[j];
                    continue;
                }
                alVec2 v = {cx + spread * (float)alRng_Normal(&rng), cy + spread * (float)alRng_Normal(&rng)};
                alWorld_Confine(&w, &v, NULL);
                x[n] = v.x, y[n] = v.y;
            }
        }
        alGrid *g;
        alCreateGrid(&(alGridDef){w, alRng_Range(&rng, 2, 12)}, &g, NULL);
        assert_non_null(g);
        assert_true(alGrid_Build(g, x, y, n));
        for (int q = 0; q < 60; ++q) {
            int self = (int)alRng_Bounded(&rng, (uint32_t)n);
            bool from_agent = alRng_Bounded(&rng, 4) != 0;
            alVec2 p = from_agent ? alV2(x[self], y[self])
                                  : alV2(alRng_Range(&rng, 0, w.width), alRng_Range(&rng, 0, w.height));
            if (!wrap && !from_agent && alRng_Bounded(&rng, 4) == 0) p.x = -3.0f; // outside
            int exclude = from_agent ? self : -1;
            float r = alRng_Bounded(&rng, 8) == 0 ? alRng_Range(&rng, 20, 300)
                                                  : alRng_Range(&rng, 0.5f, 3.0f * g->cell_w);
            int k = alRng_Bounded(&rng, 3) == 0 ? 1 + (int)alRng_Bounded(&rng, AL_GRID_MAX_K)
                                                : 1 + (int)alRng_Bounded(&rng, 16);
            int ks[AL_GRID_MAX_K], kb[AL_GRID_MAX_K];
            float ds[AL_GRID_MAX_K], db[AL_GRID_MAX_K];
            int nk = alGrid_NearestK(g, p, r, exclude, k, ks, ds);
            int nkb = alGrid_BruteNearestK(&w, x, y, n, p, r, exclude, k, kb, db);
            assert_int_equal(nk, nkb);
            for (int i = 0; i < nk; ++i) {
                assert_int_equal(g->order[ks[i]], kb[i]);
                assert_memory_equal(&ds[i], &db[i], sizeof(float));
            }
            found += nk;
            queries++;
        }
        alDestroyGrid(g);
    }
    free(x);
    free(y);
    // Clumps this dense fill most lists.
    assert_true(found > 5 * queries);
}

static void test_nearest_k_in_dense_clumps_wrapped(void **state)
{
    (void)state;
    run_clumps(AL_EDGE_WRAP, 60);
}

static void test_nearest_k_in_dense_clumps_bounded(void **state)
{
    (void)state;
    run_clumps(AL_EDGE_BOUNCE, 30);
    run_clumps(AL_EDGE_CONTAIN, 30);
}

// alWorld_NearestK (the ants' food scan) against a plain reference: sort all
// points by (squared distance, index), keep those within radius. Both the
// small-k vector path (k <= 7, up to 64 points) and the insertion list, with
// duplicated points for exact ties, a radius that leaves some out, and fewer
// points than k.
static int ref_nearest_k(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                         float radius, int k, int *idx, float *d2, float *next)
{
    int order[200];
    float dd[200];
    int m = 0;
    for (int j = 0; j < n; ++j) {
        float v = alWorld_DistSq(w, p, alV2(x[j], y[j]));
        if (v > radius * radius) continue;
        int at = m++;
        while (at > 0 && v < dd[at - 1]) { // stable: equal distances keep index order
            dd[at] = dd[at - 1];
            order[at] = order[at - 1];
            --at;
        }
        dd[at] = v;
        order[at] = j;
    }
    int found = m < k ? m : k;
    for (int j = 0; j < found; ++j) {
        idx[j] = order[j];
        d2[j] = dd[j];
    }
    *next = m > k ? dd[k] : INFINITY;
    return found;
}

static void test_world_nearest_k_equals_sorted_reference(void **state)
{
    (void)state;
    alRng rng = alRng_Stream(11, 3);
    float x[200], y[200];
    const int counts[] = {1, 3, 8, 40, 63, 64, 65, 200};
    const int ks[] = {1, 2, 4, 7, 8, 12};
    for (int edge = 0; edge < 3; ++edge) {
        alWorld w = {.width = 400, .height = 300, .edge = (alEdgePolicy)edge};
        for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ++ci) {
            int n = counts[ci];
            for (int trial = 0; trial < 20; ++trial) {
                for (int j = 0; j < n; ++j) {
                    // Every fifth point repeats an earlier one: exact ties.
                    int src = j >= 5 && j % 5 == 0 ? (int)(alRng_Next(&rng) % (uint32_t)j) : -1;
                    x[j] = src >= 0 ? x[src] : alRng_Float(&rng) * w.width;
                    y[j] = src >= 0 ? y[src] : alRng_Float(&rng) * w.height;
                }
                alVec2 p = alV2(alRng_Float(&rng) * w.width, alRng_Float(&rng) * w.height);
                float radius = trial % 2 ? 1000.0f : 120.0f;
                for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ++ki) {
                    int k = ks[ki];
                    int gi[16], ri[16];
                    float gd[16], rd[16], gnext = -1, rnext = -2;
                    int gf = alWorld_NearestK(&w, x, y, n, p, radius, k, gi, gd, &gnext);
                    int rf = ref_nearest_k(&w, x, y, n, p, radius, k, ri, rd, &rnext);
                    assert_int_equal(gf, rf);
                    for (int j = 0; j < rf; ++j) {
                        assert_int_equal(gi[j], ri[j]);
                        assert_memory_equal(&gd[j], &rd[j], sizeof(float));
                    }
                    assert_memory_equal(&gnext, &rnext, sizeof(float));
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_equals_brute_force_wrapped),
        cmocka_unit_test(test_grid_equals_brute_force_bounce),
        cmocka_unit_test(test_grid_equals_brute_force_contain),
        cmocka_unit_test(test_nearest_k_in_dense_clumps_wrapped),
        cmocka_unit_test(test_nearest_k_in_dense_clumps_bounded),
        cmocka_unit_test(test_agents_a_float_below_the_torus_edge_are_found),
        cmocka_unit_test(test_query_cap_limits_and_is_deterministic),
        cmocka_unit_test(test_rebuild_with_more_agents_grows),
        cmocka_unit_test(test_world_nearest_k_equals_sorted_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
