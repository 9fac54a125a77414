// detmath against libm (the oracle here, never in the core): the error
// bounds detmath.h promises, the special values, and a few pinned bits.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alife/detmath.h"
#include "alife/rng.h"
#include "alife/stats.h"

// Error of got against want in units of want's last place.
static double ulps(double got, double want)
{
    if (got == want) return 0.0;
    double u = nextafter(fabs(want), INFINITY) - fabs(want);
    return fabs(got - want) / u;
}

static void test_log_within_4_ulp(void **s)
{
    (void)s;
    alRng r = alRng_Stream(1, 1);
    double worst = 0;
    for (int i = 0; i < 200000; ++i) {
        // log-uniform over the whole double range, and near 1 where log is small
        double x = i & 1 ? ldexp(1.0 + alRng_Double(&r), alRng_Int(&r, -1074, 1023))
                         : 1.0 + (alRng_Double(&r) - 0.5) * 1e-3;
        if (x == 0) continue;
        double e = ulps(alDet_Log(x), log(x));
        if (e > worst) worst = e;
    }
    assert_true(worst <= 4.0);
    assert_true(alDet_Log(1.0) == 0.0);
    assert_true(isinf(alDet_Log(0.0)) && alDet_Log(0.0) < 0);
    assert_true(isnan(alDet_Log(-1.0)) && isnan(alDet_Log(NAN)));
    assert_true(isinf(alDet_Log(INFINITY)));
    assert_true(ulps(alDet_Log(0x1p-1074), log(0x1p-1074)) <= 1.0);
}

static void test_exp_within_4_ulp(void **s)
{
    (void)s;
    alRng r = alRng_Stream(1, 2);
    double worst = 0;
    for (int i = 0; i < 200000; ++i) {
        double x = (alRng_Double(&r) - 0.5) * (i & 1 ? 1400.0 : 2.0);
        double want = exp(x);
        if (want < 0x1p-1022) continue; // subnormal results: checked below
        double e = ulps(alDet_Exp(x), want);
        if (e > worst) worst = e;
    }
    assert_true(worst <= 4.0);
    assert_true(alDet_Exp(0.0) == 1.0);
    assert_true(isinf(alDet_Exp(710.0)) && alDet_Exp(-746.0) == 0.0);
    assert_true(fabs(alDet_Exp(-740.0) - exp(-740.0)) <= 0x1p-1074 * 2);
}

static void test_sin_cos_within_bounds_up_to_1e5(void **s)
{
    (void)s;
    alRng r = alRng_Stream(1, 3);
    double worst_abs = 0;
    for (int i = 0; i < 200000; ++i) {
        double x = (alRng_Double(&r) - 0.5) * (i % 3 == 0 ? 2e5 : i % 3 == 1 ? 20.0 : 0.01);
        double es = fabs(alDet_Sin(x) - sin(x)), ec = fabs(alDet_Cos(x) - cos(x));
        // 4 ulp of the result, or 2^-53 absolute where the result is near 0
        assert_true(es <= fmax(4 * (nextafter(fabs(sin(x)), 2) - fabs(sin(x))), 0x1p-53));
        assert_true(ec <= fmax(4 * (nextafter(fabs(cos(x)), 2) - fabs(cos(x))), 0x1p-53));
        worst_abs = fmax(worst_abs, fmax(es, ec));
    }
    assert_true(worst_abs <= 0x1p-52);
    assert_true(alDet_Sin(0.0) == 0.0 && signbit(alDet_Sin(-0.0)));
    assert_true(alDet_Cos(0.0) == 1.0);
    assert_true(isnan(alDet_Sin(INFINITY)) && isnan(alDet_Cos(-INFINITY)) && isnan(alDet_Sin(NAN)));
}

static void test_atan2_within_4_ulp_and_c_special_values(void **s)
{
    (void)s;
    alRng r = alRng_Stream(1, 4);
    double worst = 0;
    for (int i = 0; i < 200000; ++i) {
        double y = (alRng_Double(&r) - 0.5) * ldexp(1, alRng_Int(&r, -20, 20));
        double x = (alRng_Double(&r) - 0.5) * ldexp(1, alRng_Int(&r, -20, 20));
        double e = ulps(alDet_Atan2(y, x), atan2(y, x));
        if (e > worst) worst = e;
    }
    assert_true(worst <= 4.0);
    const double sp[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY};
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) {
            double want = atan2(sp[i], sp[j]), got = alDet_Atan2(sp[i], sp[j]);
            assert_true(ulps(got, want) <= 1.0);
            assert_true(signbit(got) == signbit(want));
        }
    assert_true(isnan(alDet_Atan2(NAN, 1)) && isnan(alDet_Atan2(1, NAN)));
}

static void test_float_versions_within_1_ulp_of_libm(void **s)
{
    (void)s;
    alRng r = alRng_Stream(1, 5);
    for (int i = 0; i < 100000; ++i) {
        float x = alRng_Range(&r, -100.0f, 100.0f), y = alRng_Range(&r, -100.0f, 100.0f);
        assert_true(fabsf(alDet_Sinf(x) - sinf(x)) <= fmaxf(nextafterf(fabsf(sinf(x)), 2) - fabsf(sinf(x)), 0x1p-30f));
        assert_true(fabsf(alDet_Cosf(x) - cosf(x)) <= fmaxf(nextafterf(fabsf(cosf(x)), 2) - fabsf(cosf(x)), 0x1p-30f));
        float a = atan2f(y, x);
        assert_true(fabsf(alDet_Atan2f(y, x) - a) <= nextafterf(fabsf(a), 4) - fabsf(a));
    }
}

// The statistics' normal CDF and t quantiles, now on detmath, against libm's
// erfc and published t tables.
static void test_normal_cdf_against_libm_erfc(void **s)
{
    (void)s;
    for (double z = -37.0; z <= 8.0; z += 0.0137) {
        double want = 0.5 * erfc(-z / sqrt(2.0)), got = alStats_NormalCdf(z);
        // e^-(z^2/2) carries the rounding of its argument: ~|z|^2 eps deep in the tail
        assert_true(fabs(got - want) <= (z > -8.0 ? 1e-14 : 1e-12) * want);
    }
    assert_true(alStats_NormalCdf(0.0) == 0.5);
}

// The bits themselves: if one changes, every pinned result downstream does.
static void test_pinned_bits(void **s)
{
    (void)s;
    char b[64];
    snprintf(b, sizeof b, "%a", alDet_Log(0.123456789));
    assert_string_equal(b, "-0x1.0bc233add5d72p+1");
    snprintf(b, sizeof b, "%a", alDet_Cos(6.283185307179586 * 0.3));
    assert_string_equal(b, "-0x1.3c6ef372fe94ep-2");
    snprintf(b, sizeof b, "%a", alDet_Sin(1234.5));
    assert_string_equal(b, "0x1.29c531dfd031bp-3");
    snprintf(b, sizeof b, "%a", alDet_Atan2(-0.3, -2.5));
    assert_string_equal(b, "-0x1.82d642d289d64p+1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_within_4_ulp),
        cmocka_unit_test(test_exp_within_4_ulp),
        cmocka_unit_test(test_sin_cos_within_bounds_up_to_1e5),
        cmocka_unit_test(test_atan2_within_4_ulp_and_c_special_values),
        cmocka_unit_test(test_float_versions_within_1_ulp_of_libm),
        cmocka_unit_test(test_normal_cdf_against_libm_erfc),
        cmocka_unit_test(test_pinned_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
