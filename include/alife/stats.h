/// stats.h — the statistics behind `alife compare`: pure math, no I/O.
///
/// Descriptive figures over seeds (median, quartiles, mean with a 95%
/// t-interval), curve figures (area under a curve, generations to reach a
/// threshold with censoring and the Kaplan–Meier median) and the Mann–Whitney
/// U test with an effect size. Every function is reentrant and allocation
/// free unless it says otherwise; none of them prints. NaN inputs are the
/// caller's mistake (asserted in debug builds where cheap).
#ifndef ALIFE_STATS_H
#define ALIFE_STATS_H

#include <stdbool.h>

/// Sample quantile of sorted[0..n) at p in [0,1], linear interpolation
/// between order statistics (Hyndman & Fan type 7: R's and numpy's default).
/// n > 0; sorted ascending.
double alStats_Quantile(const double *sorted, int n, double p);

/// Arithmetic mean of x[0..n); n > 0.
double alStats_Mean(const double *x, int n);

/// Sample standard deviation (n - 1 denominator); 0 when n < 2.
double alStats_StdDev(const double *x, int n);

/// Two-sided critical value of Student's t for confidence level conf (e.g.
/// 0.95) and df degrees of freedom (df >= 1; df > 1e6 gives the normal value).
double alStats_TCritical(double conf, double df);

/// Student's t cumulative distribution P(T <= t) for df > 0 degrees of freedom.
double alStats_TCdf(double t, double df);

/// Standard normal cumulative distribution P(Z <= z).
double alStats_NormalCdf(double z);

/// The figures of a sample, as reported per group.
typedef struct alSummary {
    int n;              ///< sample size
    double mean;        ///< arithmetic mean
    double sd;          ///< sample standard deviation (n - 1); 0 when n < 2
    double ci_lo, ci_hi; ///< 95% t-interval of the mean; both = mean when n < 2 (no band)
    double min, q1, median, q3, max; ///< type-7 quantiles
    double iqr;         ///< q3 - q1
} alSummary;

/// Describes x[0..n), n > 0. SORTS x in place (no allocation).
alSummary alStats_Describe(double *x, int n);

/// Area under the curve y over x by the trapezoid rule; n >= 1 (a single
/// point has area 0). x ascending. For a curve over generations 0..G-1 with
/// unit steps this is sum(y) - (y[0] + y[G-1]) / 2.
double alStats_Trapezoid(const double *x, const double *y, int n);

/// Index of the first point where y reaches threshold (y >= threshold, or
/// y <= threshold when lower_is_better), or -1 if it never does.
int alStats_FirstReach(const double *y, int n, double threshold, bool lower_is_better);

/// Kaplan–Meier estimate from event times t[i] with event[i] true for an
/// observed event (threshold reached at t[i]) and false for a right-censored
/// run (observed until t[i] without reaching it). Returns the median time:
/// the smallest event time at which the survival estimate drops to 0.5 or
/// below, or -1 when it never does ("not reached"). n >= 0. Ties: events
/// before censorings at the same time (the usual convention).
/// No allocation: O(n^2), meant for a few hundred runs at most.
double alStats_KaplanMeierMedian(const double *t, const bool *event, int n);

/// Result of a Mann–Whitney U test of sample a against sample b.
typedef struct alMannWhitney {
    int n1, n2;      ///< sample sizes (of a and b)
    double u1;       ///< U of a: pairs (a_i, b_j) with a_i > b_j, ties counting 1/2
    double u2;       ///< U of b: n1*n2 - u1
    double u;        ///< min(u1, u2), the conventional test statistic
    double z;        ///< normal-approximation z (with continuity correction), 0 if exact
    double p;        ///< two-sided p-value
    bool exact;      ///< p from the exact distribution (no ties, n1 + n2 <= 50)
    bool ties;       ///< the pooled sample has ties (tie-corrected variance used)
    double cliffs_delta; ///< (#a>b - #a<b) / (n1*n2) = 2*u1/(n1*n2) - 1, in [-1, 1]; also the
                         ///< rank-biserial correlation
    double a12;      ///< Vargha–Delaney A = u1/(n1*n2): P(a > b) + P(a = b)/2
} alMannWhitney;

/// Mann–Whitney U test (two-sided) of a[0..n1) against b[0..n2), n1, n2 >= 1.
/// Exact p (counting every arrangement of ranks) when there are no ties and
/// n1 + n2 <= 50; otherwise the normal approximation with tie-corrected
/// variance and a continuity correction of 1/2. Allocates O(n1*n2) scratch
/// for the exact case and O(n1+n2) for ranking; returns false only when out
/// of memory.
bool alStats_MannWhitney(const double *a, int n1, const double *b, int n2, alMannWhitney *out);

#endif
