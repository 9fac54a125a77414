/// v4.h — four floats (or 32-bit ints) in one SSE2 (x86-64) or NEON
/// register, through GCC vector extensions: the lanes of the grid's cell
/// pass and the k-nearest query's lane bits (the query and the vehicles'
/// integration have wider lanes of their own). Lane by lane the arithmetic
/// rounds as the same scalar code does (IEEE sums, products and divisions;
/// C17 mode contracts nothing into an FMA), so vector and scalar paths give
/// the same bits.
/// A comparison gives -1 (true) or 0 in each int lane.
#ifndef ALIFE_V4_H
#define ALIFE_V4_H

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef float alV4f __attribute__((vector_size(16)));
typedef int32_t alV4i __attribute__((vector_size(16)));

/// v in every lane.
static inline alV4f alV4_Splat(float v) { return (alV4f){v, v, v, v}; }
/// v in every int lane.
static inline alV4i alV4_SplatI(int32_t v) { return (alV4i){v, v, v, v}; }

/// Four floats from p (any alignment).
static inline alV4f alV4_Load(const float *p)
{
    alV4f v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// Four floats to p (any alignment).
static inline void alV4_Store(float *p, alV4f v) { memcpy(p, &v, sizeof v); }

/// Bit l set when lane l of a comparison's result m is true.
static inline int alV4_Bits(alV4i m)
{
#if defined(__SSE2__)
    return __builtin_ia32_movmskps((alV4f)m);
#else
    alV4i b = m & (alV4i){1, 2, 4, 8};
    return b[0] | b[1] | b[2] | b[3];
#endif
}

#endif
