// PCG32 against the reference vectors of pcg32-demo, and the derived draws.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>

#include "alife/rng.h"

static void test_reference_vectors_first_six(void **state)
{
    (void)state;
    alRng r;
    alRng_Seed(&r, 42u, 54u);
    const uint32_t expect[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (int i = 0; i < 6; ++i) assert_int_equal(alRng_Next(&r), expect[i]);
}

static void test_reference_vectors_after_614_draws(void **state)
{
    (void)state;
    alRng r;
    alRng_Seed(&r, 42u, 54u);
    for (int i = 0; i < 6 + 614; ++i) (void)alRng_Next(&r);
    const uint32_t expect[6] = {0xfcef7cd6, 0x1b488b5a, 0xd0daf7ea,
                                0x1d9a70f7, 0x241a37cf, 0x9a3857b7};
    for (int i = 0; i < 6; ++i) assert_int_equal(alRng_Next(&r), expect[i]);
}

static void test_bounded_stays_in_range_and_hits_every_value(void **state)
{
    (void)state;
    alRng r = alRng_Stream(7, 1);
    int seen[7] = {0};
    for (int i = 0; i < 7000; ++i) {
        uint32_t v = alRng_Bounded(&r, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    // Each value expected 1000 times; 5 sigma is about +-150.
    for (int i = 0; i < 7; ++i) assert_in_range(seen[i], 850, 1150);
    assert_int_equal(alRng_Bounded(&r, 1), 0);
}

static void test_bounded_is_unbiased_for_a_large_bound(void **state)
{
    (void)state;
    // bound = 3 * 2^30: plain modulo would make the lower third twice as
    // likely as the rest (2/4 instead of 1/3 of the draws).
    alRng r = alRng_Stream(11, 2);
    uint32_t bound = 3u << 30;
    int low = 0, n = 60000;
    for (int i = 0; i < n; ++i) low += alRng_Bounded(&r, bound) < (1u << 30);
    assert_in_range(low, n / 3 - 800, n / 3 + 800);
}

static void test_int_range_inclusive(void **state)
{
    (void)state;
    alRng r = alRng_Stream(3, 3);
    bool lo = false, hi = false;
    for (int i = 0; i < 2000; ++i) {
        int32_t v = alRng_Int(&r, -3, 3);
        assert_true(v >= -3 && v <= 3);
        lo |= v == -3;
        hi |= v == 3;
    }
    assert_true(lo && hi);
}

static void test_float_and_double_in_unit_interval(void **state)
{
    (void)state;
    alRng r = alRng_Stream(5, 4);
    double fs = 0, ds = 0;
    for (int i = 0; i < 100000; ++i) {
        float f = alRng_Float(&r);
        double d = alRng_Double(&r);
        assert_true(f >= 0.0f && f < 1.0f);
        assert_true(d >= 0.0 && d < 1.0);
        fs += f;
        ds += d;
    }
    assert_true(fabs(fs / 100000 - 0.5) < 0.01);
    assert_true(fabs(ds / 100000 - 0.5) < 0.01);
    float x = alRng_Range(&r, -2.0f, 5.0f);
    assert_true(x >= -2.0f && x < 5.0f);
}

static void test_normal_has_zero_mean_unit_variance(void **state)
{
    (void)state;
    alRng r = alRng_Stream(9, 5);
    double s = 0, s2 = 0;
    int n = 200000;
    for (int i = 0; i < n; ++i) {
        double z = alRng_Normal(&r);
        assert_true(isfinite(z));
        s += z;
        s2 += z * z;
    }
    double mean = s / n, var = s2 / n - mean * mean;
    assert_true(fabs(mean) < 0.01);
    assert_true(fabs(var - 1.0) < 0.02);
}

static void test_streams_are_reproducible_and_independent(void **state)
{
    (void)state;
    alRng a = alRng_Stream(1234, 0), b = alRng_Stream(1234, 0);
    alRng c = alRng_Stream(1234, 1), d = alRng_Stream(1235, 0);
    int same_ac = 0, same_ad = 0;
    for (int i = 0; i < 1000; ++i) {
        uint32_t va = alRng_Next(&a);
        assert_int_equal(va, alRng_Next(&b));
        same_ac += va == alRng_Next(&c);
        same_ad += va == alRng_Next(&d);
    }
    assert_true(same_ac < 3);
    assert_true(same_ad < 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_vectors_first_six),
        cmocka_unit_test(test_reference_vectors_after_614_draws),
        cmocka_unit_test(test_bounded_stays_in_range_and_hits_every_value),
        cmocka_unit_test(test_bounded_is_unbiased_for_a_large_bound),
        cmocka_unit_test(test_int_range_inclusive),
        cmocka_unit_test(test_float_and_double_in_unit_interval),
        cmocka_unit_test(test_normal_has_zero_mean_unit_variance),
        cmocka_unit_test(test_streams_are_reproducible_and_independent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
