// The 3 x 3 block query (grid_nearest_k_block, AVX-512 where the CPU has
// it) returns exactly what the brute-force scan returns: clumps from a few
// agents to hundreds in a cell (each of its ways to a bound: all of them,
// one register, four bounds, sixteen, sixteen again), stacked agents (exact
// ties, decided by the agent), clumps across the torus' seams, k from 1 to
// AL_GRID_MAX_K, and any hint (alGrid_NearestKHint).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>

#include "alife/grid.h"
#include "alife/rng.h"
#include "../src/core/grid_internal.h"

enum { MAXN = 3000 };

static int clumps(alRng *rng, const alWorld *w, float *x, float *y)
{
    int n = 0;
    while (n < MAXN - 400) {
        float cx = alRng_Bounded(rng, 4) == 0 ? 0.2f : alRng_Range(rng, 0, w->width);
        float cy = alRng_Bounded(rng, 4) == 0 ? w->height - 0.3f : alRng_Range(rng, 0, w->height);
        float spread = alRng_Range(rng, 0.1f, 3.0f);
        int size = 1 + (int)alRng_Bounded(rng, 300);
        for (int i = 0; i < size; ++i, ++n) {
            if (n > 0 && alRng_Bounded(rng, 12) == 0) { // stacked: exact ties
                int j = (int)alRng_Bounded(rng, (uint32_t)n);
                x[n] = x[j], y[n] = y[j];
                continue;
            }
            alVec2 v = {cx + spread * (float)alRng_Normal(rng), cy + spread * (float)alRng_Normal(rng)};
            alWorld_Confine(w, &v, NULL);
            x[n] = v.x, y[n] = v.y;
        }
    }
    return n;
}

// The cells reach cells around p's (unwrapped on the torus, clamped to the
// grid otherwise), as alGrid_NearestK finds them: columns a..b, rows c..d.
static void block_around(const alGrid *g, const alWorld *w, alVec2 p, int reach, int *a, int *b, int *c, int *d)
{
    bool wrap = w->edge == AL_EDGE_WRAP;
    int cx = cell_coord(p.x, g->inv_w, g->cols, w->width, wrap);
    int cy = cell_coord(p.y, g->inv_h, g->rows, w->height, wrap);
    *a = cx - reach, *b = cx + reach, *c = cy - reach, *d = cy + reach;
    if (!wrap) {
        *a = *a < 0 ? 0 : *a, *c = *c < 0 ? 0 : *c;
        *b = *b >= g->cols ? g->cols - 1 : *b, *d = *d >= g->rows ? g->rows - 1 : *d;
    }
}

// k for a query: mostly up to 16, a third of the time up to AL_GRID_MAX_K.
static int random_k(alRng *rng)
{
    return alRng_Bounded(rng, 3) == 0 ? 1 + (int)alRng_Bounded(rng, AL_GRID_MAX_K) : 1 + (int)alRng_Bounded(rng, 16);
}

// The grid's answer (nk slots ks of g, their distances ds unless NULL) is
// the brute-force scan's (nkb agents kb at db).
static void assert_same(const alGrid *g, int nk, const int *ks, const float *ds, int nkb, const int *kb,
                        const float *db)
{
    assert_int_equal(nk, nkb);
    for (int i = 0; i < nk; ++i) {
        assert_int_equal(g->order[ks[i]], kb[i]);
        if (ds) assert_memory_equal(&ds[i], &db[i], sizeof(float));
    }
}

// The queries were dense enough for more than a register, and where the CPU
// has AVX-512 the block query answered nearly all of them (it declines only
// a block of over a thousand candidates).
static void assert_answered(const char *what, long answered, long queries, long long_lists)
{
    print_message("%ld of %ld %squeries answered by the block query, %ld lists over 16\n", answered, queries, what,
                  long_lists);
    assert_true(long_lists > queries / 20);
#if defined(__x86_64__) && !defined(__clang__)
    if (__builtin_cpu_supports("avx512f")) assert_true(answered > queries * 9 / 10);
#endif
}

static void check_block(alEdgePolicy edge)
{
    alRng rng;
    alRng_Seed(&rng, 77 + (uint64_t)edge, 3);
    float *x = malloc(MAXN * sizeof *x), *y = malloc(MAXN * sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    long answered = 0, queries = 0, long_lists = 0, short_hints = 0;
    for (int world = 0; world < 12; ++world) {
        alWorld w = {alRng_Range(&rng, 60, 160), alRng_Range(&rng, 60, 160), edge};
        int n = clumps(&rng, &w, x, y);
        alGrid *g;
        alCreateGrid(&(alGridDef){w, alRng_Range(&rng, 6, 10)}, &g, NULL);
        assert_non_null(g);
        assert_true(alGrid_Build(g, x, y, n));
        for (int q = 0; q < 400; ++q) {
            int self = (int)alRng_Bounded(&rng, (uint32_t)n);
            alVec2 p = alV2(x[self], y[self]);
            float r = alRng_Range(&rng, 0.2f, 0.999f) * (g->cell_w < g->cell_h ? g->cell_w : g->cell_h);
            int k = random_k(&rng);
            int exclude = alRng_Bounded(&rng, 4) ? self : -1;
            bool with_d2 = alRng_Bounded(&rng, 4) != 0;
            int a, b, c, d; // p's cell and the 3 x 3 block around it
            block_around(g, &w, p, 1, &a, &b, &c, &d);
            int ks[AL_GRID_MAX_K], kb[AL_GRID_MAX_K];
            float ds[AL_GRID_MAX_K], db[AL_GRID_MAX_K];
            int nkb = alGrid_BruteNearestK(&w, x, y, n, p, r, exclude, k, kb, db);
            int nk = grid_nearest_k_block(g, p, r * r, INFINITY, exclude, k, a, b, c, d, ks, with_d2 ? ds : NULL);
            queries++;
            if (nk >= 0) {
                answered++;
                assert_same(g, nk, ks, with_d2 ? ds : NULL, nkb, kb, db);
            }
            // The public query (which takes this path) agrees as well.
            nk = alGrid_NearestK(g, p, r, exclude, k, ks, ds);
            assert_same(g, nk, ks, ds, nkb, kb, db);
            long_lists += nkb > 16;
            // So does the hinted query, and the block query it takes, for
            // any hint: the k-th nearest's d2 times 0 to 4 (too few within
            // it: the second look; exactly k; a few over; over a register),
            // none (INFINITY, NaN) or a nonsense one (negative).
            float kth = nkb > 0 ? db[nkb - 1] : r * r;
            const float hints[] = {0.0f, 0.5f * kth, 0.99f * kth, kth, 1.25f * kth, 2.0f * kth, 4.0f * kth,
                                   INFINITY, NAN, -1.0f};
            for (size_t h = 0; h < sizeof hints / sizeof hints[0]; ++h) {
                nk = alGrid_NearestKHint(g, p, r, exclude, k, hints[h], ks, ds);
                assert_same(g, nk, ks, ds, nkb, kb, db);
                nk = grid_nearest_k_block(g, p, r * r, hints[h], exclude, k, a, b, c, d, ks, ds);
                if (nk >= 0) assert_same(g, nk, ks, ds, nkb, kb, db);
                short_hints += nk >= 0 && nkb == k && hints[h] < kth;
            }
        }
        alDestroyGrid(g);
    }
    free(x);
    free(y);
    assert_answered("", answered, queries, long_lists);
    print_message("%ld hints with fewer than k within them\n", short_hints);
    assert_true(short_hints > queries); // the second look was taken
}

static void test_block_query_equals_brute_force_wrapped(void **state)
{
    (void)state;
    check_block(AL_EDGE_WRAP);
}

static void test_block_query_equals_brute_force_bounded(void **state)
{
    (void)state;
    check_block(AL_EDGE_BOUNCE);
}

// A grid finer than the radius (1 to 2 cells: a block of up to 5 x 5 cells)
// takes the block query twice: on the 3 x 3 cells limited to what no cell
// beyond can beat, then, when that holds fewer than k, on the whole block.
// Both, and the block query on 5 rows directly, equal the brute-force scan.
static void check_finer_grid(alEdgePolicy edge)
{
    alRng rng;
    alRng_Seed(&rng, 91 + (uint64_t)edge, 5);
    float *x = malloc(MAXN * sizeof *x), *y = malloc(MAXN * sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    long answered = 0, queries = 0, long_lists = 0;
    for (int world = 0; world < 10; ++world) {
        alWorld w = {alRng_Range(&rng, 60, 160), alRng_Range(&rng, 60, 160), edge};
        int n = clumps(&rng, &w, x, y);
        alGrid *g;
        alCreateGrid(&(alGridDef){w, alRng_Range(&rng, 2, 6)}, &g, NULL);
        assert_non_null(g);
        assert_true(alGrid_Build(g, x, y, n));
        float cs = g->cell_w < g->cell_h ? g->cell_w : g->cell_h;
        for (int q = 0; q < 400; ++q) {
            int self = (int)alRng_Bounded(&rng, (uint32_t)n);
            alVec2 p = alV2(x[self], y[self]);
            float r = alRng_Range(&rng, 1.0f, 1.999f) * cs;
            int k = random_k(&rng);
            int exclude = alRng_Bounded(&rng, 4) ? self : -1;
            int ks[AL_GRID_MAX_K], kb[AL_GRID_MAX_K];
            float ds[AL_GRID_MAX_K], db[AL_GRID_MAX_K];
            int nkb = alGrid_BruteNearestK(&w, x, y, n, p, r, exclude, k, kb, db);
            int nk = alGrid_NearestK(g, p, r, exclude, k, ks, ds);
            assert_same(g, nk, ks, ds, nkb, kb, db);
            int a, b, c, d; // the 5 x 5 cells around p's, straight to the block query
            block_around(g, &w, p, 2, &a, &b, &c, &d);
            nk = grid_nearest_k_block(g, p, r * r, INFINITY, exclude, k, a, b, c, d, ks, ds);
            queries++;
            if (nk >= 0) {
                answered++;
                assert_same(g, nk, ks, ds, nkb, kb, db);
            }
            long_lists += nkb > 16;
        }
        alDestroyGrid(g);
    }
    free(x);
    free(y);
    assert_answered("5 x 5 ", answered, queries, long_lists);
}

static void test_finer_grid_query_equals_brute_force_wrapped(void **state)
{
    (void)state;
    check_finer_grid(AL_EDGE_WRAP);
}

static void test_finer_grid_query_equals_brute_force_bounded(void **state)
{
    (void)state;
    check_finer_grid(AL_EDGE_BOUNCE);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_block_query_equals_brute_force_wrapped),
        cmocka_unit_test(test_block_query_equals_brute_force_bounded),
        cmocka_unit_test(test_finer_grid_query_equals_brute_force_wrapped),
        cmocka_unit_test(test_finer_grid_query_equals_brute_force_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
