/// detmath.h — the transcendental functions the simulation uses, written
/// once from IEEE basic operations (+ - * /, floor, sqrt, bit moves), never
/// libm's.
///
/// Why: libm's log, cos, sin and atan2 are not correctly rounded, and
/// glibc, musl, macOS and a vectorising compiler's own versions differ in
/// the last bit, so a run that draws a Gaussian or turns towards food would
/// give other statistics on another machine. These functions give the same
/// bits everywhere IEEE double arithmetic is done without contraction into
/// FMA (the build passes -ffp-contract=off). Accuracy (checked by
/// tests/test_detmath.c against libm): |error| < 4 ulp of the double result
/// for log on (0, inf), sin and cos on |x| <= 1e5, atan2 everywhere; the
/// float versions are the double ones rounded to float (<= 1 ulp of float).
/// Outside |x| <= 1e5 sin and cos lose accuracy but stay deterministic.
/// Special values: log(0) = -inf, log(x < 0) = log(NaN) = NaN, log(inf) =
/// inf; sin/cos of inf or NaN = NaN; atan2 follows C's rules for zeros,
/// infinities and NaN. Pure functions: thread-safe, no state, no errno.
#ifndef ALIFE_DETMATH_H
#define ALIFE_DETMATH_H

/// Natural logarithm.
double alDet_Log(double x);
/// e^x; 0 below -745, inf above 709.78.
double alDet_Exp(double x);
/// Sine and cosine of x radians.
double alDet_Sin(double x);
double alDet_Cos(double x);
/// Angle of (x, y) in [-pi, pi] radians, as C's atan2(y, x).
double alDet_Atan2(double y, double x);

static inline float alDet_Sinf(float x) { return (float)alDet_Sin((double)x); }
static inline float alDet_Cosf(float x) { return (float)alDet_Cos((double)x); }
static inline float alDet_Atan2f(float y, float x) { return (float)alDet_Atan2((double)y, (double)x); }

#endif
