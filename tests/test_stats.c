// The statistics of alife compare against hand-computed values, published
// tables and worked examples. Where a value came from a computation, the
// Python 3 (standard library only) that produced it is quoted beside it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>

#include "alife/stats.h"

#define NEAR(a, b, tol) assert_true(fabs((a) - (b)) <= (tol))

static void quantiles_interpolate_between_order_statistics_type7(void **state)
{
    // numpy.percentile / R quantile(type=7) of 1..4: 1.75, 2.5, 3.25
    const double s[] = {1, 2, 3, 4};
    NEAR(alStats_Quantile(s, 4, 0.25), 1.75, 1e-15);
    NEAR(alStats_Quantile(s, 4, 0.5), 2.5, 1e-15);
    NEAR(alStats_Quantile(s, 4, 0.75), 3.25, 1e-15);
    NEAR(alStats_Quantile(s, 4, 0.0), 1.0, 0);
    NEAR(alStats_Quantile(s, 4, 1.0), 4.0, 0);
    const double one[] = {7};
    NEAR(alStats_Quantile(one, 1, 0.5), 7, 0);
}

static void describe_sorts_and_reports_median_iqr_mean_ci(void **state)
{
    double d[] = {3, 1, 4, 1, 5, 9, 2, 6};
    alSummary s = alStats_Describe(d, 8);
    // sorted 1 1 2 3 4 5 6 9: q1 h=1.75 -> 1.75, median 3.5, q3 h=5.25 -> 5.25
    assert_int_equal(s.n, 8);
    NEAR(d[0], 1, 0);
    NEAR(d[7], 9, 0);
    NEAR(s.q1, 1.75, 1e-15);
    NEAR(s.median, 3.5, 1e-15);
    NEAR(s.q3, 5.25, 1e-15);
    NEAR(s.iqr, 3.5, 1e-15);
    NEAR(s.min, 1, 0);
    NEAR(s.max, 9, 0);
    // statistics.mean(d) = 3.875, statistics.stdev(d) = 2.748376143938713
    NEAR(s.mean, 3.875, 1e-15);
    NEAR(s.sd, 2.748376143938713, 1e-12);
    // t(0.975, 7) = 2.364624251592785 (table); half = 2.3646*sd/sqrt(8) = 2.2976999568407552
    NEAR(s.ci_hi - s.mean, 2.2976999568407552, 1e-9);
    NEAR(s.mean - s.ci_lo, 2.2976999568407552, 1e-9);
}

static void describe_single_value_has_no_band(void **state)
{
    double d[] = {2.5};
    alSummary s = alStats_Describe(d, 1);
    NEAR(s.sd, 0, 0);
    NEAR(s.ci_lo, 2.5, 0);
    NEAR(s.ci_hi, 2.5, 0);
    NEAR(s.iqr, 0, 0);
}

static void t_critical_matches_published_table(void **state)
{
    // Two-sided 95% critical values of Student's t (any statistics table).
    NEAR(alStats_TCritical(0.95, 1), 12.706204736174698, 1e-8);
    NEAR(alStats_TCritical(0.95, 2), 4.302652729749464, 1e-9);
    NEAR(alStats_TCritical(0.95, 4), 2.7764451051977934, 1e-9);
    NEAR(alStats_TCritical(0.95, 9), 2.2621571627982053, 1e-9);
    NEAR(alStats_TCritical(0.95, 19), 2.0930240544083096, 1e-9);
    NEAR(alStats_TCritical(0.95, 30), 2.0422724563012373, 1e-9);
    NEAR(alStats_TCritical(0.95, 1e7), 1.959963984540054, 1e-9);
    // 99%, df = 10: 3.169272672616
    NEAR(alStats_TCritical(0.99, 10), 3.169272672616, 1e-8);
}

static void t_cdf_is_symmetric_and_matches_closed_forms(void **state)
{
    NEAR(alStats_TCdf(0, 5), 0.5, 1e-15);
    // df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t)/pi
    NEAR(alStats_TCdf(1.0, 1), 0.5 + atan(1.0) / acos(-1.0), 1e-12);
    NEAR(alStats_TCdf(-3.0, 1), 0.5 + atan(-3.0) / acos(-1.0), 1e-12);
    // df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t^2))
    NEAR(alStats_TCdf(1.5, 2), 0.5 + 1.5 / (2 * sqrt(2 + 2.25)), 1e-12);
    NEAR(alStats_TCdf(2.0, 7) + alStats_TCdf(-2.0, 7), 1.0, 1e-14);
    NEAR(alStats_NormalCdf(1.959963984540054), 0.975, 1e-12);
}

static void trapezoid_area_of_simple_curves(void **state)
{
    const double x[] = {0, 1, 2, 3};
    const double y[] = {1, 3, 2, 2}; // 2 + 2.5 + 2 = 6.5 = sum(y) - (1 + 2)/2
    NEAR(alStats_Trapezoid(x, y, 4), 6.5, 1e-15);
    const double x2[] = {0, 2, 5};
    const double y2[] = {0, 2, 2}; // 2 + 6
    NEAR(alStats_Trapezoid(x2, y2, 3), 8, 1e-15);
    NEAR(alStats_Trapezoid(x, y, 1), 0, 0);
}

static void first_reach_honours_direction(void **state)
{
    const double up[] = {0.1, 0.4, 0.9, 0.95};
    assert_int_equal(alStats_FirstReach(up, 4, 0.9, false), 2);
    assert_int_equal(alStats_FirstReach(up, 4, 0.99, false), -1);
    const double down[] = {10, 6, 3, 0};
    assert_int_equal(alStats_FirstReach(down, 4, 3, true), 2);
    assert_int_equal(alStats_FirstReach(down, 4, -1, true), -1);
}

static void kaplan_meier_median_counts_censored_runs(void **state)
{
    // Events at 1,2,3; censored at 4,5: S(1)=4/5, S(2)=3/5, S(3)=2/5 -> 3
    const double t1[] = {1, 2, 3, 4, 5};
    const bool e1[] = {true, true, true, false, false};
    NEAR(alStats_KaplanMeierMedian(t1, e1, 5), 3, 0);
    // Event 1, censored 2 and 3, events 4 and 6, censored 6:
    // S(1)=5/6, S(4)=5/6*2/3=0.5556, S(6)=0.5556*(1-1/2)=0.2778 -> 6.
    // (Dropping the censored runs would give the median of {1,4,6} = 4.)
    const double t2[] = {1, 2, 3, 4, 6, 6};
    const bool e2[] = {true, false, false, true, true, false};
    NEAR(alStats_KaplanMeierMedian(t2, e2, 6), 6, 0);
    // Survival exactly 0.5: events 1, 2 of 4: S(2) = 3/4 * 2/3 = 1/2 -> 2
    const double t3[] = {1, 2, 3, 4};
    const bool e3[] = {true, true, false, false};
    NEAR(alStats_KaplanMeierMedian(t3, e3, 4), 2, 0);
    // Fewer than half ever reach it: not reached.
    const bool e4[] = {true, false, false, false};
    NEAR(alStats_KaplanMeierMedian(t3, e4, 4), -1, 0);
    NEAR(alStats_KaplanMeierMedian(t3, e4, 0), -1, 0);
}

static void mann_whitney_exact_separated_samples(void **state)
{
    // No overlap: U = 0; exact two-sided p = 2 / C(10,5) = 2/252.
    const double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10};
    alMannWhitney m;
    assert_true(alStats_MannWhitney(a, 5, b, 5, &m));
    assert_true(m.exact);
    assert_false(m.ties);
    NEAR(m.u1, 0, 0);
    NEAR(m.u2, 25, 0);
    NEAR(m.u, 0, 0);
    NEAR(m.p, 2.0 / 252.0, 1e-15);
    NEAR(m.cliffs_delta, -1, 0);
    NEAR(m.a12, 0, 0);
    // Swapping the samples mirrors U and the effect, not p.
    assert_true(alStats_MannWhitney(b, 5, a, 5, &m));
    NEAR(m.u1, 25, 0);
    NEAR(m.cliffs_delta, 1, 0);
    NEAR(m.p, 2.0 / 252.0, 1e-15);
}

static void mann_whitney_exact_matches_enumeration(void **state)
{
    // Enumerating all C(9,4) = 126 rank arrangements in Python:
    //   itertools.combinations over the pooled sample, counting U <= 6
    // gives U_a = 6, p = 0.4126984126984127 (= 2 * 26/126).
    const double a[] = {1, 3, 5, 7}, b[] = {2, 4, 6, 8, 9};
    alMannWhitney m;
    assert_true(alStats_MannWhitney(a, 4, b, 5, &m));
    assert_true(m.exact);
    NEAR(m.u1, 6, 0);
    NEAR(m.p, 0.4126984126984127, 1e-14);
    NEAR(m.cliffs_delta, 2 * 6.0 / 20 - 1, 1e-15);
}

static void mann_whitney_matches_r_wilcox_test_example(void **state)
{
    // R's ?wilcox.test example (Hollander & Wolfe): W = 35, one-sided
    // p = 0.1272, so two-sided exact p = 0.2544 (enumeration: 0.2544122544122544).
    const double x[] = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    const double y[] = {1.15, 0.88, 0.90, 0.74, 1.21};
    alMannWhitney m;
    assert_true(alStats_MannWhitney(x, 10, y, 5, &m));
    assert_true(m.exact);
    NEAR(m.u1, 35, 0);
    NEAR(m.u, 15, 0);
    NEAR(m.p, 0.2544122544122544, 1e-13);
    NEAR(m.a12, 0.7, 1e-15);
}

static void mann_whitney_ties_use_corrected_normal_approximation(void **state)
{
    // Python: U = sum((x>y) + 0.5*(x==y)); T = sum(t^3 - t) over tie groups;
    // var = n1 n2/12 ((n+1) - T/(n(n-1))); z = (|U - n1 n2/2| - 0.5)/sqrt(var);
    // p = erfc(z/sqrt(2)).
    const double a[] = {1, 2, 2, 3, 4}, b[] = {2, 3, 5, 6, 6, 7};
    alMannWhitney m;
    assert_true(alStats_MannWhitney(a, 5, b, 6, &m));
    assert_false(m.exact);
    assert_true(m.ties);
    NEAR(m.u1, 4.5, 0);
    NEAR(fabs(m.z), 1.8511594413390131, 1e-12);
    NEAR(m.p, 0.06414661873440443, 1e-12);
    const double c[] = {1, 1, 2, 2, 2, 3}, d[] = {2, 3, 3, 4, 4};
    assert_true(alStats_MannWhitney(c, 6, d, 5, &m));
    NEAR(m.u1, 3.5, 0);
    NEAR(m.p, 0.0370160484569373, 1e-12);
    NEAR(m.cliffs_delta, 2 * 3.5 / 30 - 1, 1e-15);
}

static void mann_whitney_all_tied_gives_p_one(void **state)
{
    const double a[] = {5, 5, 5}, b[] = {5, 5};
    alMannWhitney m;
    assert_true(alStats_MannWhitney(a, 3, b, 2, &m));
    NEAR(m.p, 1, 0);
    NEAR(m.cliffs_delta, 0, 0);
}

static void mann_whitney_large_samples_use_normal_approximation(void **state)
{
    (void)state;
    // 37 vs 37 without ties (n > 50: the normal approximation with the
    // continuity correction). The samples are built so that the expectation
    // comes from a published table, not from the code's formula: U_a = 499
    // (counted below), sigma = sqrt(37 * 37 * 75 / 12) = 92.5, so z =
    // (|499 - 684.5| - 0.5) / 92.5 = 2 exactly, and P(|Z| > 2) = 2 (1 -
    // Phi(2)) = 0.0455002638963584 (Phi(2) = 0.9772498680518208, Abramowitz
    // and Stegun, Table 26.1).
    double a[37], b[37];
    for (int i = 0; i < 37; ++i) {
        a[i] = i;
        b[i] = i + (i < 3 ? 4.5 : 5.5);
    }
    int pairs = 0;
    for (int i = 0; i < 37; ++i)
        for (int j = 0; j < 37; ++j) pairs += a[i] > b[j];
    assert_int_equal(pairs, 499);
    alMannWhitney m;
    assert_true(alStats_MannWhitney(a, 37, b, 37, &m));
    assert_false(m.exact);
    NEAR(m.u1, 499, 0);
    NEAR(m.u2, 37 * 37 - 499, 0);
    NEAR(fabs(m.z), 2.0, 1e-12);
    NEAR(m.p, 0.0455002638963584, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quantiles_interpolate_between_order_statistics_type7),
        cmocka_unit_test(describe_sorts_and_reports_median_iqr_mean_ci),
        cmocka_unit_test(describe_single_value_has_no_band),
        cmocka_unit_test(t_critical_matches_published_table),
        cmocka_unit_test(t_cdf_is_symmetric_and_matches_closed_forms),
        cmocka_unit_test(trapezoid_area_of_simple_curves),
        cmocka_unit_test(first_reach_honours_direction),
        cmocka_unit_test(kaplan_meier_median_counts_censored_runs),
        cmocka_unit_test(mann_whitney_exact_separated_samples),
        cmocka_unit_test(mann_whitney_exact_matches_enumeration),
        cmocka_unit_test(mann_whitney_matches_r_wilcox_test_example),
        cmocka_unit_test(mann_whitney_ties_use_corrected_normal_approximation),
        cmocka_unit_test(mann_whitney_all_tied_gives_p_one),
        cmocka_unit_test(mann_whitney_large_samples_use_normal_approximation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
