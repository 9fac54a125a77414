// The shared world's full scan (src/evolve/ants_scan.h) gives the shared
// core's answer for every ant in its lanes: the nearest item as
// alGrid_BruteNearestK finds it (ties to the lower index, which duplicated
// positions force here), alWorld_Delta's squared distance bits and the
// cached path's unit vector; and after items move, the update keeps every
// ant's nearest a full scan's answer.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "alife/grid.h"
#include "alife/rng.h"
#include "../src/evolve/ants_scan.h"

enum { U = 32, MAXN = AL_ANTS_SCAN_MAX };

static void place(alRng *r, const alWorld *w, float *x, float *y, int n)
{
    for (int j = 0; j < n; ++j) {
        x[j] = alRng_Float(r) * w->width;
        y[j] = alRng_Float(r) * w->height;
    }
}

// The reference: brute force nearest, alWorld_Delta's vector.
static int reference(const alWorld *w, const float *ix, const float *iy, int n, alVec2 p, float *d2)
{
    int want;
    float dd;
    int found = alGrid_BruteNearestK(w, ix, iy, n, p, 2.0f * (w->width + w->height), -1, 1, &want, &dd);
    assert_int_equal(found, 1);
    alVec2 d = alWorld_Delta(w, p, alV2(ix[want], iy[want]));
    *d2 = d.x * d.x + d.y * d.y;
    return want;
}

typedef void (*scan_fn)(const alWorld *w, const float *ix, const float *iy, int n, const float *x,
                        const float *y, int *near, float *nd2, float *ux, float *uy, float *dist,
                        int lanes);

static void scan_base(const alWorld *w, const float *ix, const float *iy, int n, const float *x,
                      const float *y, int *near, float *nd2, float *ux, float *uy, float *dist,
                      int lanes)
{
    if (lanes == U) al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, U);
    else al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, 16);
}

// Each instruction set the ants' tick is cloned for gets its own copy here.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target("avx2"))) static void scan_avx2(const alWorld *w, const float *ix,
                                                      const float *iy, int n, const float *x,
                                                      const float *y, int *near, float *nd2,
                                                      float *ux, float *uy, float *dist, int lanes)
{
    if (lanes == U) al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, U);
    else al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, 16);
}
__attribute__((target("avx512f"))) static void scan_avx512(const alWorld *w, const float *ix,
                                                           const float *iy, int n, const float *x,
                                                           const float *y, int *near, float *nd2,
                                                           float *ux, float *uy, float *dist,
                                                           int lanes)
{
    if (lanes == U) al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, U);
    else al_ants_scan(w, ix, iy, n, x, y, near, nd2, ux, uy, dist, 16);
}
#endif

typedef int (*nearest1_fn)(const alWorld *w, const float *ix, const float *iy, int n, float x,
                           float y);

static int nearest1_base(const alWorld *w, const float *ix, const float *iy, int n, float x, float y)
{
    return al_scan_nearest1(w, ix, iy, n, x, y);
}

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target("avx2"))) static int nearest1_avx2(const alWorld *w, const float *ix,
                                                         const float *iy, int n, float x, float y)
{
    return al_scan_nearest1(w, ix, iy, n, x, y);
}
__attribute__((target("avx512f"))) static int nearest1_avx512(const alWorld *w, const float *ix,
                                                              const float *iy, int n, float x,
                                                              float y)
{
    return al_scan_nearest1(w, ix, iy, n, x, y);
}
#endif

// The one-ant look-up of the shared world's rescans (al_scan_nearest1):
// every count up to the most, ties (a duplicated item: the lower index),
// an ant at an item and, wrapped, items exactly half the world away (where
// the wrapped distance's minimum meets its select).
static void check_nearest1(nearest1_fn nearest)
{
    alRng r = alRng_Stream(9, 3);
    float ix[MAXN], iy[MAXN];
    int checked = 0, ties = 0;
    for (int edge = 0; edge < 3; ++edge) {
        alWorld w = {.width = 400, .height = 300, .edge = (alEdgePolicy)edge};
        for (int it = 0; it < 2000; ++it) {
            int n = 1 + it % MAXN;
            place(&r, &w, ix, iy, n);
            float x = alRng_Float(&r) * w.width, y = alRng_Float(&r) * w.height;
            if (n > 2 && it % 3 == 0) {
                ix[n - 1] = ix[it % (n - 1)];
                iy[n - 1] = iy[it % (n - 1)];
                ++ties;
            }
            if (it % 7 == 0) { // half a world away from item 0, in x or in y
                x = fmodf(ix[0] + 0.5f * w.width, w.width);
                if (it % 2) y = fmodf(iy[0] + 0.5f * w.height, w.height);
            }
            if (it % 11 == 0) { // at an item
                x = ix[n / 2];
                y = iy[n / 2];
            }
            float d2;
            assert_int_equal(nearest(&w, ix, iy, n, x, y), reference(&w, ix, iy, n, alV2(x, y), &d2));
            ++checked;
        }
    }
    assert_int_equal(checked, 6000);
    assert_true(ties > 1000);
}

static void the_single_nearest_equals_the_brute_force_reference(void **state)
{
    (void)state;
    check_nearest1(nearest1_base);
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) check_nearest1(nearest1_avx2);
    if (__builtin_cpu_supports("avx512f")) check_nearest1(nearest1_avx512);
#endif
}

static void check_scan(scan_fn scan)
{
    alRng r = alRng_Stream(7, 2);
    float ix[MAXN], iy[MAXN], x[U], y[U], nd2[U], ux[U], uy[U], dist[U];
    int near[U], checked = 0, ties = 0;
    for (int edge = 0; edge < 3; ++edge) {
        alWorld w = {.width = 400, .height = 300, .edge = (alEdgePolicy)edge};
        for (int it = 0; it < 600; ++it) {
            int n = 1 + it % MAXN;
            place(&r, &w, ix, iy, n);
            place(&r, &w, x, y, U);
            if (n > 2 && it % 3 == 0) { // equal distances: the lower index
                ix[n - 1] = ix[1];
                iy[n - 1] = iy[1];
                ++ties;
            }
            x[3] = ix[0]; // at an item: distance 0, a zero vector
            y[3] = iy[0];
            x[5] = fmodf(ix[n / 2] + 0.5f * w.width, w.width); // half a world away in x
            y[6] = fmodf(iy[n / 2] + 0.5f * w.height, w.height); // and in y
            scan(&w, ix, iy, n, x, y, near, nd2, ux, uy, dist, it % 2 ? U : 16);
            for (int l = 0; l < (it % 2 ? U : 16); ++l) {
                float d2;
                int want = reference(&w, ix, iy, n, alV2(x[l], y[l]), &d2);
                assert_int_equal(near[l], want);
                assert_memory_equal(&nd2[l], &d2, sizeof d2);
                alVec2 d = alWorld_Delta(&w, alV2(x[l], y[l]), alV2(ix[want], iy[want]));
                float len = sqrtf(d2), inv = len > 1e-6f ? 1.0f / len : 0.0f;
                float wx = d.x * inv, wy = d.y * inv;
                assert_memory_equal(&ux[l], &wx, sizeof wx);
                assert_memory_equal(&uy[l], &wy, sizeof wy);
                assert_memory_equal(&dist[l], &len, sizeof len);
                ++checked;
            }
            assert_true(ux[3] == 0.0f && uy[3] == 0.0f && near[3] == 0);
        }
    }
    assert_int_equal(checked, 3 * 300 * (U + 16));
    assert_true(ties > 100);
}

static void the_scan_equals_the_brute_force_reference(void **state)
{
    (void)state;
    check_scan(scan_base);
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) check_scan(scan_avx2);
    if (__builtin_cpu_supports("avx512f")) check_scan(scan_avx512);
#endif
}

static void after_items_move_every_nearest_is_a_full_scans(void **state)
{
    (void)state;
    alRng r = alRng_Stream(8, 4);
    float ix[MAXN], iy[MAXN], x[U], y[U], nd2[U], ux[U], uy[U], dist[U];
    int near[U], moved[4], updated = 0, rescanned = 0;
    int changed[U];
    for (int edge = 0; edge < 3; ++edge) {
        alWorld w = {.width = 400, .height = 300, .edge = (alEdgePolicy)edge};
        for (int it = 0; it < 600; ++it) {
            int n = 5 + it % (MAXN - 4);
            place(&r, &w, ix, iy, n);
            place(&r, &w, x, y, U);
            al_ants_scan(&w, ix, iy, n, x, y, near, nd2, ux, uy, dist, U);
            int nmoved = 1 + it % 4;
            for (int q = 0; q < nmoved; ++q) {
                // the nearest of some ant (it must scan again), or any item
                moved[q] = q == 0 ? near[it % U] : (q * 7 + it) % n;
                for (int p = 0; p < q; ++p)
                    if (moved[p] == moved[q]) moved[q] = -1;
            }
            int m = 0;
            for (int q = 0; q < nmoved; ++q)
                if (moved[q] >= 0) moved[m++] = moved[q];
            for (int q = 0; q < m; ++q) {
                ix[moved[q]] = alRng_Float(&r) * w.width;
                iy[moved[q]] = alRng_Float(&r) * w.height;
            }
            if (it % 5 == 0 && m > 1) { // a moved item at another one's place: a tie
                ix[moved[1]] = ix[moved[0]];
                iy[moved[1]] = iy[moved[0]];
            }
            int before[U];
            memcpy(before, near, sizeof before);
            al_ants_scan_moved(&w, ix, iy, n, moved, m, x, y, 0, U, U, near, nd2, changed);
            for (int l = 0; l < U; ++l) {
                float d2;
                int want = reference(&w, ix, iy, n, alV2(x[l], y[l]), &d2);
                assert_int_equal(near[l], want);
                assert_memory_equal(&nd2[l], &d2, sizeof d2);
                if (near[l] != before[l]) assert_true(changed[l]);
                updated += changed[l] == 1;
                rescanned += changed[l] >= 2;
            }
        }
    }
    assert_true(updated > 100 && rescanned > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_scan_equals_the_brute_force_reference),
        cmocka_unit_test(after_items_move_every_nearest_is_a_full_scans),
        cmocka_unit_test(the_single_nearest_equals_the_brute_force_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
