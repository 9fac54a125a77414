// Deterministic log, exp, sin, cos and atan2 (see detmath.h for why). Each
// is a range reduction done in exactly representable steps and a Taylor
// series long enough that its truncation is far below one ulp; Horner's
// rule in a fixed order, so the bits depend only on IEEE arithmetic.
#include "alife/detmath.h"

#include <math.h> // floor, fabs, copysign, isnan, isinf: exact operations only
#include <stdint.h>
#include <string.h>

static const double LN2_HI = 6.93147180369123816490e-01; // 32 bits: k * LN2_HI exact for |k| < 2^21
static const double LN2_LO = 1.90821492927058770002e-10;
static const double PIO2_1 = 1.57079632673412561417e+00;  // 33 bits of pi/2
static const double PIO2_1T = 6.07710050650619224932e-11; // pi/2 - PIO2_1
static const double PI = 3.14159265358979311600e+00;
static const double PIO2 = 1.57079632679489655800e+00;
static const double PIO4 = 7.85398163397448278999e-01;

static uint64_t bits_of(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static double of_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

// c[0] x^(n-1) + c[1] x^(n-2) + ... + c[n-1] by Horner's rule from c[0]:
// the same operations in the same order on every machine (the build turns
// contraction into fused multiply-adds off).
static inline double horner(const double *c, int n, double x)
{
    double p = c[0];
    for (int i = 1; i < n; ++i)
        p = p * x + c[i];
    return p;
}

double alDet_Log(double x)
{
    if (isnan(x) || x < 0.0) return NAN;
    if (x == 0.0) return -INFINITY;
    if (isinf(x)) return x;
    int e = 0;
    if (x < 0x1p-1022) { // subnormal: make it normal first
        x *= 0x1p54;
        e = -54;
    }
    uint64_t u = bits_of(x);
    e += (int)((u >> 52) & 0x7ff) - 1023;
    double m = of_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL); // [1, 2)
    if (m > 1.4142135623730951) { // into [sqrt(1/2), sqrt(2)) so |s| <= 0.1716
        m *= 0.5;
        e += 1;
    }
    // log m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), s = (m - 1) / (m + 1);
    // the term s^23/23 is below 1e-19.
    double f = m - 1.0, s = f / (m + 1.0), z = s * s;
    static const double c[] = {
        1.0 / 21.0, 1.0 / 19.0, 1.0 / 17.0, 1.0 / 15.0, 1.0 / 13.0, 1.0 / 11.0, 1.0 / 9.0, 1.0 / 7.0,
        1.0 / 5.0, 1.0 / 3.0
    };
    double p = horner(c, (int)(sizeof c / sizeof c[0]), z);
    double two_s = 2.0 * s;
    double lm = two_s + two_s * z * p;
    double de = (double)e;
    return de * LN2_HI + (lm + de * LN2_LO);
}

double alDet_Exp(double x)
{
    if (isnan(x)) return x;
    if (x > 709.782712893384) return INFINITY;
    if (x < -745.2) return 0.0;
    // x = k ln2 + r, |r| <= ln2 / 2 (k exact: floor of a double).
    double k = floor(x * 1.44269504088896338700 + 0.5);
    double r = (x - k * LN2_HI) - k * LN2_LO;
    // e^r by Taylor to r^13 / 13! (the next term is below 1e-17 relative).
    static const double c[] = {
        1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
        1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5
    };
    double p = horner(c, (int)(sizeof c / sizeof c[0]), r);
    double er = 1.0 + (r + r * r * p);
    int ki = (int)k;
    // 2^k in two factors so that subnormal results and k = 1024 work.
    int k1 = ki / 2, k2 = ki - k1;
    double s1 = of_bits((uint64_t)(k1 + 1023) << 52), s2 = of_bits((uint64_t)(k2 + 1023) << 52);
    return er * s1 * s2;
}

// sin and cos of r, |r| <= pi/4 (+ a little rounding), by Taylor series; the
// first omitted terms, r^23/23! and r^22/22!, are below 1e-22.
static double sin_kernel(double r)
{
    double z = r * r;
    static const double c[] = {
        -1.0 / 51090942171709440000.0, 1.0 / 121645100408832000.0, -1.0 / 355687428096000.0,
        1.0 / 1307674368000.0, -1.0 / 6227020800.0, 1.0 / 39916800.0, -1.0 / 362880.0, 1.0 / 5040.0,
        -1.0 / 120.0, 1.0 / 6.0
    };
    double p = horner(c, (int)(sizeof c / sizeof c[0]), z);
    return r - r * z * p;
}

static double cos_kernel(double r)
{
    double z = r * r;
    static const double c[] = {
        1.0 / 2432902008176640000.0, -1.0 / 6402373705728000.0, 1.0 / 20922789888000.0, -1.0 / 87178291200.0,
        1.0 / 479001600.0, -1.0 / 3628800.0, 1.0 / 40320.0, -1.0 / 720.0, 1.0 / 24.0
    };
    double p = horner(c, (int)(sizeof c / sizeof c[0]), z);
    double hz = 0.5 * z;
    // 1 - z/2 + z^2 p, with 1 - z/2 summed so that little is lost.
    double w = 1.0 - hz;
    return w + (((1.0 - w) - hz) + z * z * p);
}

// x = q pi/2 + r, |r| <= pi/4; returns r and q mod 4 in *quadrant.
static double reduce(double x, int *quadrant)
{
    double k = floor(x * 6.36619772367581382433e-01 + 0.5);
    double r = (x - k * PIO2_1) - k * PIO2_1T;
    double q = k - 4.0 * floor(k * 0.25); // exact for |k| < 2^53: 0, 1, 2 or 3
    *quadrant = (int)q;
    return r;
}

double alDet_Sin(double x)
{
    if (isnan(x) || isinf(x)) return NAN;
    if (fabs(x) < 0x1p-26) return x; // sin x = x to within x^3/6 < ulp
    int q;
    double r = reduce(x, &q);
    switch (q) {
    case 0: return sin_kernel(r);
    case 1: return cos_kernel(r);
    case 2: return -sin_kernel(r);
    default: return -cos_kernel(r);
    }
}

double alDet_Cos(double x)
{
    if (isnan(x) || isinf(x)) return NAN;
    int q;
    double r = reduce(x, &q);
    switch (q) {
    case 0: return cos_kernel(r);
    case 1: return -sin_kernel(r);
    case 2: return -cos_kernel(r);
    default: return sin_kernel(r);
    }
}

// atan t for 0 <= t <= 1: below tan(pi/8) the series directly, above it
// atan t = pi/4 + atan((t - 1) / (t + 1)), whose argument is within
// tan(pi/8) = 0.4142 too; the series stops at s^45/45 (< 1e-18).
static const double ATAN_C[23] = {
    0.0,         -1.0 / 3.0,  1.0 / 5.0,  -1.0 / 7.0,  1.0 / 9.0,  -1.0 / 11.0, 1.0 / 13.0, -1.0 / 15.0,
    1.0 / 17.0,  -1.0 / 19.0, 1.0 / 21.0, -1.0 / 23.0, 1.0 / 25.0, -1.0 / 27.0, 1.0 / 29.0, -1.0 / 31.0,
    1.0 / 33.0,  -1.0 / 35.0, 1.0 / 37.0, -1.0 / 39.0, 1.0 / 41.0, -1.0 / 43.0, 1.0 / 45.0,
};

static double atan01(double t)
{
    double base = 0.0, s = t;
    if (t > 0.41421356237309503) {
        base = PIO4;
        s = (t - 1.0) / (t + 1.0);
    }
    double z = s * s, p = 0.0;
    for (int k = 22; k >= 1; --k) p = p * z + ATAN_C[k];
    return base + (s + s * z * p);
}

double alDet_Atan2(double y, double x)
{
    if (isnan(x) || isnan(y)) return NAN;
    double ax = fabs(x), ay = fabs(y), a;
    if (ay == 0.0) a = signbit(x) ? PI : 0.0;
    else if (isinf(ax) && isinf(ay)) a = signbit(x) ? 3.0 * PIO4 : PIO4;
    else {
        if (ay <= ax) a = atan01(ay / ax);
        else a = PIO2 - atan01(ax / ay);
        if (signbit(x)) a = PI - a;
    }
    return copysign(a, y);
}
