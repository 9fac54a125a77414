// Statistics for comparing runs. Written from the textbook definitions (no
// numerical library is linked into the core); the tests pin each function
// against hand-computed values and published tables.
#include "alife/stats.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/detmath.h"

// log Gamma(x) for x >= 0.5 by Lanczos' formula (g = 7, 9 terms; relative
// error about 1e-15), on detmath's log so the bits are the same everywhere.
static double det_lgamma(double x)
{
    static const double c[9] = {0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
                                771.32342877765313,   -176.61502916214059,   12.507343278686905,
                                -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
    assert(x >= 0.5);
    x -= 1.0;
    double a = c[0];
    for (int i = 1; i < 9; ++i) a += c[i] / (x + (double)i);
    double t = x + 7.5;
    return 0.91893853320467274178 + (x + 0.5) * alDet_Log(t) - t + alDet_Log(a);
}

// log(1 + y) without losing y's digits when y is small (Goldberg's trick:
// the rounding of u = 1 + y is undone by the factor y / (u - 1)).
static double det_log1p(double y)
{
    double u = 1.0 + y;
    if (u == 1.0) return y;
    return alDet_Log(u) * (y / (u - 1.0));
}

// erfc(x) = Q(1/2, x^2) for x >= 0 (the regularised upper incomplete gamma),
// by its series below x^2 = 1.5 and its continued fraction above; 2 - erfc(-x)
// for x < 0. Relative error about 1e-15.
static double det_erfc(double x)
{
    if (isnan(x)) return x;
    if (x < 0.0) return 2.0 - det_erfc(-x);
    const double a = 0.5, lg = 0.57236494292470008707; // log Gamma(1/2) = log sqrt(pi)
    double z = x * x;
    if (z == 0.0) return 1.0;
    if (z > 800.0) return 0.0; // below the smallest double
    double pre = alDet_Exp(-z + a * alDet_Log(z) - lg);
    if (z < 1.5) { // P by its series, Q = 1 - P
        double ap = a, del = 1.0 / a, sum = del;
        for (int n = 0; n < 500; ++n) {
            ap += 1.0;
            del *= z / ap;
            sum += del;
            if (fabs(del) < fabs(sum) * 1e-17) break;
        }
        return 1.0 - sum * pre;
    }
    const double tiny = 1e-300; // Q by its continued fraction (modified Lentz)
    double b = z + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < 500; ++i) {
        double an = -(double)i * ((double)i - a);
        b += 2.0;
        d = an * d + b;
        if (fabs(d) < tiny) d = tiny;
        c = b + an / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < 1e-16) break;
    }
    return pre * h;
}

double alStats_Quantile(const double *sorted, int n, double p)
{
    assert(n > 0 && p >= 0.0 && p <= 1.0);
    double h = (double)(n - 1) * p;
    int lo = (int)floor(h);
    if (lo >= n - 1) return sorted[n - 1];
    return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

double alStats_Mean(const double *x, int n)
{
    assert(n > 0);
    double s = 0;
    for (int i = 0; i < n; ++i) s += x[i];
    return s / (double)n;
}

double alStats_StdDev(const double *x, int n)
{
    if (n < 2) return 0.0;
    // Two passes: the one-pass formula loses digits on fitness values that
    // are large and close together.
    double m = alStats_Mean(x, n), ss = 0;
    for (int i = 0; i < n; ++i) ss += (x[i] - m) * (x[i] - m);
    return sqrt(ss / (double)(n - 1));
}

double alStats_NormalCdf(double z) { return 0.5 * det_erfc(-z / sqrt(2.0)); }

// Continued fraction of the regularised incomplete beta function, evaluated
// by the modified Lentz method.
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (fabs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < 1e-15) break;
    }
    return h;
}

// Regularised incomplete beta I_x(a, b).
static double beta_inc(double a, double b, double x)
{
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    double lbt = det_lgamma(a + b) - det_lgamma(a) - det_lgamma(b) + a * alDet_Log(x) + b * det_log1p(-x);
    double bt = alDet_Exp(lbt);
    // The fraction converges fast for x < (a+1)/(a+b+2); use the symmetry
    // I_x(a,b) = 1 - I_{1-x}(b,a) on the other side.
    if (x < (a + 1.0) / (a + b + 2.0)) return bt * beta_cf(a, b, x) / a;
    return 1.0 - bt * beta_cf(b, a, 1.0 - x) / b;
}

double alStats_TCdf(double t, double df)
{
    assert(df > 0);
    // P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2)
    double tail = 0.5 * beta_inc(0.5 * df, 0.5, df / (df + t * t));
    return t >= 0 ? 1.0 - tail : tail;
}

double alStats_TCritical(double conf, double df)
{
    assert(conf > 0.0 && conf < 1.0 && df >= 1.0);
    double target = 1.0 - 0.5 * (1.0 - conf);
    if (df > 1e6) {
        // Normal quantile by bisection on the normal CDF.
        double lo = 0, hi = 40;
        for (int i = 0; i < 200; ++i) {
            double mid = 0.5 * (lo + hi);
            if (alStats_NormalCdf(mid) < target) lo = mid;
            else hi = mid;
        }
        return 0.5 * (lo + hi);
    }
    double lo = 0, hi = 1;
    while (alStats_TCdf(hi, df) < target && hi < 1e12) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
        double mid = 0.5 * (lo + hi);
        if (alStats_TCdf(mid, df) < target) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

alSummary alStats_Describe(double *x, int n)
{
    assert(n > 0);
    alSummary s;
    memset(&s, 0, sizeof s);
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    s.n = n;
    s.mean = alStats_Mean(x, n);
    s.sd = alStats_StdDev(x, n);
    s.ci_lo = s.ci_hi = s.mean;
    if (n >= 2) {
        double half = alStats_TCritical(0.95, n - 1) * s.sd / sqrt((double)n);
        s.ci_lo = s.mean - half;
        s.ci_hi = s.mean + half;
    }
    s.min = x[0];
    s.max = x[n - 1];
    s.q1 = alStats_Quantile(x, n, 0.25);
    s.median = alStats_Quantile(x, n, 0.5);
    s.q3 = alStats_Quantile(x, n, 0.75);
    s.iqr = s.q3 - s.q1;
    return s;
}

double alStats_Trapezoid(const double *x, const double *y, int n)
{
    double a = 0;
    for (int i = 0; i + 1 < n; ++i) a += 0.5 * (y[i] + y[i + 1]) * (x[i + 1] - x[i]);
    return a;
}

int alStats_FirstReach(const double *y, int n, double threshold, bool lower_is_better)
{
    for (int i = 0; i < n; ++i)
        if (lower_is_better ? y[i] <= threshold : y[i] >= threshold) return i;
    return -1;
}

double alStats_KaplanMeierMedian(const double *t, const bool *event, int n)
{
    // Walk the distinct event times in ascending order without sorting a
    // copy: at each, d = events at that time, r = subjects with time >= it.
    double surv = 1.0, prev = -DBL_MAX;
    for (;;) {
        double next = DBL_MAX;
        for (int i = 0; i < n; ++i)
            if (event[i] && t[i] > prev && t[i] < next) next = t[i];
        if (next == DBL_MAX) return -1.0;
        int d = 0, r = 0;
        for (int i = 0; i < n; ++i) {
            if (t[i] >= next) ++r;
            if (event[i] && t[i] == next) ++d;
        }
        surv *= 1.0 - (double)d / (double)r;
        // A tiny tolerance: 1 - 1/2 may land a hair above 0.5 after products.
        if (surv <= 0.5 + 1e-12) return next;
        prev = next;
    }
}

typedef struct ranked {
    double v;
    int from_a;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    return cmp_double(&((const ranked *)a)->v, &((const ranked *)b)->v);
}

// Number of arrangements of n1 a's and n2 b's with U_a = u, for every u, as
// the coefficients of the Gaussian binomial [n1+n2 choose n1]_q built one
// factor (1 - q^(n2+i)) / (1 - q^i) at a time; every step stays a polynomial
// with integer coefficients, exact in doubles below 2^53 (n1 + n2 <= 50).
static void u_distribution(int n1, int n2, double *c)
{
    int m = n1 * n2;
    memset(c, 0, (size_t)(m + 1) * sizeof *c);
    c[0] = 1;
    for (int i = 1; i <= n1; ++i) {
        int k = n2 + i;
        for (int u = m; u >= k; --u) c[u] -= c[u - k];
        for (int u = i; u <= m; ++u) c[u] += c[u - i];
    }
}

bool alStats_MannWhitney(const double *a, int n1, const double *b, int n2, alMannWhitney *out)
{
    assert(n1 >= 1 && n2 >= 1);
    memset(out, 0, sizeof *out);
    int n = n1 + n2;
    ranked *r = malloc((size_t)n * sizeof *r);
    if (!r) return false;
    for (int i = 0; i < n1; ++i) r[i] = (ranked){a[i], 1};
    for (int j = 0; j < n2; ++j) r[n1 + j] = (ranked){b[j], 0};
    qsort(r, (size_t)n, sizeof *r, cmp_ranked);
    double rank_sum_a = 0, tie_term = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && r[j].v == r[i].v) ++j;
        double avg = 0.5 * (double)(i + 1 + j); // mean of ranks i+1..j
        double t = (double)(j - i);
        if (t > 1) out->ties = true;
        tie_term += t * t * t - t;
        for (int k = i; k < j; ++k)
            if (r[k].from_a) rank_sum_a += avg;
        i = j;
    }
    free(r);
    double nn = (double)n1 * (double)n2;
    out->n1 = n1;
    out->n2 = n2;
    out->u1 = rank_sum_a - 0.5 * (double)n1 * (double)(n1 + 1);
    out->u2 = nn - out->u1;
    out->u = fmin(out->u1, out->u2);
    out->cliffs_delta = 2.0 * out->u1 / nn - 1.0;
    out->a12 = out->u1 / nn;
    if (!out->ties && n <= 50) {
        int m = n1 * n2;
        double *c = malloc((size_t)(m + 1) * sizeof *c);
        if (!c) return false;
        u_distribution(n1, n2, c);
        double total = 0, tail = 0;
        for (int u = 0; u <= m; ++u) total += c[u];
        for (int u = 0; u <= (int)out->u; ++u) tail += c[u];
        free(c);
        out->exact = true;
        out->p = fmin(1.0, 2.0 * tail / total);
        return true;
    }
    double mu = 0.5 * nn;
    double var = nn / 12.0 * ((double)(n + 1) - tie_term / ((double)n * (double)(n - 1)));
    if (var <= 0) { // every value tied: no evidence either way
        out->p = 1.0;
        return true;
    }
    double dev = fabs(out->u1 - mu) - 0.5;
    if (dev < 0) dev = 0;
    out->z = (out->u1 > mu ? dev : -dev) / sqrt(var);
    out->p = fmin(1.0, det_erfc(fabs(out->z) / sqrt(2.0)));
    return true;
}
