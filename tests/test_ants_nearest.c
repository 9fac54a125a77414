// The ants' full look-up (src/evolve/ants_nearest.h) gives the shared core's
// answer: the same k nearest items in the same order (ties to the lower
// index, which duplicated positions force here) as the brute-force
// reference, and the same (k+1)-th squared distance as alWorld_NearestK, for
// every edge policy, item count and k it serves.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "alife/grid.h"
#include "alife/rng.h"
#include "../src/evolve/ants_nearest.h"

static void the_look_up_equals_the_brute_force_reference(void **state)
{
    (void)state;
    alRng r = alRng_Stream(5, 9);
    float x[AL_ANTS_NEAREST_MAX_N], y[AL_ANTS_NEAREST_MAX_N];
    int checked = 0, ties = 0;
    for (int edge = 0; edge < 3; ++edge) {
        alWorld w = {.width = 400, .height = 300, .edge = (alEdgePolicy)edge};
        const float far = 2.0f * (w.width + w.height);
        for (int it = 0; it < 20000; ++it) {
            int n = 1 + it % AL_ANTS_NEAREST_MAX_N, k = 1 + it % (AL_ANTS_NEAREST_MAX_K - 1);
            for (int j = 0; j < n; ++j) {
                x[j] = alRng_Float(&r) * w.width;
                y[j] = alRng_Float(&r) * w.height;
            }
            if (n > 2 && it % 3 == 0) { // equal distances: the lower index first
                x[n - 1] = x[0];
                y[n - 1] = y[0];
                ++ties;
            }
            alVec2 p = alV2(alRng_Float(&r) * w.width, alRng_Float(&r) * w.height);
            if (it % 7 == 0) p = alV2(x[0], y[0]); // at an item: distance 0
            int want[AL_GRID_MAX_K + 1], got[AL_ANTS_NEAREST_MAX_K];
            float next_want = 0, next_got = 0, d2[AL_GRID_MAX_K + 1];
            int nw = alGrid_BruteNearestK(&w, x, y, n, p, far, -1, k + 1 <= n ? k + 1 : n, want, d2);
            int nk = alWorld_NearestK(&w, x, y, n, p, far, k, NULL, NULL, &next_want);
            int ng = al_ants_nearest(&w, x, y, n, p, k, got, &next_got);
            assert_int_equal(ng, nk);
            assert_int_equal(ng, nw < k ? nw : k);
            for (int q = 0; q < ng; ++q) assert_int_equal(got[q], want[q]);
            assert_memory_equal(&next_got, &next_want, sizeof next_got);
            if (nw == k + 1) assert_true(next_got == d2[k]);
            else assert_true(isinf(next_got));
            ++checked;
        }
    }
    assert_int_equal(checked, 60000);
    assert_true(ties > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_look_up_equals_the_brute_force_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
