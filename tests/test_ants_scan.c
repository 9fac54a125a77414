// The ants' one-point look-up (src/evolve/ants_scan.h), which every ant's
// nearest comes from when it looks again, gives the shared core's answer:
// the nearest item as alGrid_BruteNearestK finds it (ties to the lower
// index, which duplicated positions force here), and as the bound on every
// other item the runner-up's squared distance, alWorld_Delta's bits.
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

enum { MAXN = AL_ANTS_SCAN_MAX };

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

// The runner-up's squared distance by brute force (INFINITY for one item).
static float reference_second(const alWorld *w, const float *ix, const float *iy, int n, alVec2 p)
{
    int want[2];
    float dd[2];
    int found = alGrid_BruteNearestK(w, ix, iy, n, p, 2.0f * (w->width + w->height), -1, 2, want, dd);
    if (found < 2) return INFINITY;
    alVec2 d = alWorld_Delta(w, p, alV2(ix[want[1]], iy[want[1]]));
    return d.x * d.x + d.y * d.y;
}

typedef int (*nearest1_fn)(const alWorld *w, const float *ix, const float *iy, int n, float x,
                           float y, float *second2);

static int nearest1_base(const alWorld *w, const float *ix, const float *iy, int n, float x, float y,
                         float *second2)
{
    return al_scan_nearest2(w, ix, iy, n, x, y, second2);
}

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target("avx2"))) static int nearest1_avx2(const alWorld *w, const float *ix,
                                                         const float *iy, int n, float x, float y,
                                                         float *second2)
{
    return al_scan_nearest2(w, ix, iy, n, x, y, second2);
}
__attribute__((target("avx512f"))) static int nearest1_avx512(const alWorld *w, const float *ix,
                                                              const float *iy, int n, float x,
                                                              float y, float *second2)
{
    return al_scan_nearest2(w, ix, iy, n, x, y, second2);
}
#endif

// The one-ant look-up (al_scan_nearest2): every count up to the most, ties
// (a duplicated item: the lower index, and the other one the runner-up at
// the same distance), an ant at an item and, wrapped, items exactly half the
// world away (where the wrapped distance's minimum meets its select).
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
            }
            if (it % 7 == 0) { // half a world away from item 0, in x or in y
                x = fmodf(ix[0] + 0.5f * w.width, w.width);
                if (it % 2) y = fmodf(iy[0] + 0.5f * w.height, w.height);
            }
            if (it % 11 == 0) { // at an item
                x = ix[n / 2];
                y = iy[n / 2];
            }
            float d2, second2, want2 = reference_second(&w, ix, iy, n, alV2(x, y));
            assert_int_equal(nearest(&w, ix, iy, n, x, y, &second2),
                             reference(&w, ix, iy, n, alV2(x, y), &d2));
            assert_memory_equal(&second2, &want2, sizeof want2);
            ties += second2 == d2; // the nearest duplicated: its twin is the runner-up
            ++checked;
        }
    }
    assert_int_equal(checked, 6000);
    assert_true(ties > 50); // nearest and runner-up tied
}

static void the_nearest_and_its_runner_up_equal_the_brute_force_reference(void **state)
{
    (void)state;
    check_nearest1(nearest1_base);
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) check_nearest1(nearest1_avx2);
    if (__builtin_cpu_supports("avx512f")) check_nearest1(nearest1_avx512);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_nearest_and_its_runner_up_equal_the_brute_force_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
