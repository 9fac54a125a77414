// PCG32 after M. O'Neill's pcg32 minimal C implementation (pcg-random.org),
// checked against its reference vectors in tests/test_rng.c.
#include "alife/rng.h"

#include "alife/detmath.h"

#include <math.h>

void alRng_Seed(alRng *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)alRng_Next(rng);
    rng->state += initstate;
    (void)alRng_Next(rng);
}

// SplitMix64 spreads (seed, stream) so that nearby seeds give unrelated
// initial states; the stream id itself selects the LCG increment, which is
// what makes two streams of one seed independent.
static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

alRng alRng_Stream(uint64_t seed, uint64_t stream)
{
    alRng r;
    alRng_Seed(&r, splitmix64(seed ^ splitmix64(stream)), stream);
    return r;
}

// The eight lanes' seeding vectorises where the CPU multiplies 64-bit
// lanes (AVX-512 DQ): a GA block seeds two sets of lanes, and the scalar
// loop took a tenth of the string GA's time. Integer arithmetic: every
// version gives the same states. Not under clang (the ThreadSanitizer
// build), whose sanitised resolver crashes at start.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define LANES_CLONES __attribute__((target_clones("arch=x86-64-v4", "default")))
#else
#define LANES_CLONES
#endif

// Lane l of the lanes seeded from b = splitmix64(seed ^ splitmix64(stream)):
// alRng_Seed written out (state 0, one step, plus initstate, one step).
static inline void seed_lane(alRng8 *r, uint64_t b, uint64_t stream, int l)
{
    uint64_t inc = ((stream ^ ((uint64_t)l << 52)) << 1u) | 1u;
    r->inc[l] = inc;
    r->state[l] = (inc + splitmix64(b + (uint64_t)l)) * 6364136223846793005ULL + inc;
}

LANES_CLONES alRng8 alRng8_Stream(uint64_t seed, uint64_t stream)
{
    alRng8 r;
    uint64_t b = splitmix64(seed ^ splitmix64(stream));
    for (int l = 0; l < 8; ++l)
        seed_lane(&r, b, stream, l);
    return r;
}

// Two sets in one loop: two independent chains of multiplies that the CPU
// overlaps (one set's seeding is a chain of three 64-bit multiplies, and a
// GA block waits on it).
LANES_CLONES void alRng8_Stream2(uint64_t seed, uint64_t stream_a, uint64_t stream_b, alRng8 *a,
                                 alRng8 *b)
{
    uint64_t ba = splitmix64(seed ^ splitmix64(stream_a));
    uint64_t bb = splitmix64(seed ^ splitmix64(stream_b));
    for (int l = 0; l < 8; ++l) {
        seed_lane(a, ba, stream_a, l);
        seed_lane(b, bb, stream_b, l);
    }
}

uint32_t alRng_Bounded(alRng *rng, uint32_t bound)
{
    // Reject the low values that would make the modulo biased
    // (pcg32_boundedrand_r): threshold = 2^32 mod bound.
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = alRng_Next(rng);
        if (r >= threshold) return r % bound;
    }
}

int32_t alRng_Int(alRng *rng, int32_t lo, int32_t hi)
{
    uint32_t span = (uint32_t)((int64_t)hi - (int64_t)lo + 1);
    if (span == 0) return (int32_t)alRng_Next(rng); // full 32-bit range
    return (int32_t)((int64_t)lo + alRng_Bounded(rng, span));
}

double alRng_Double(alRng *rng)
{
    uint64_t hi = alRng_Next(rng) >> 5; // 27 bits
    uint64_t lo = alRng_Next(rng) >> 6; // 26 bits
    return (double)((hi << 26) | lo) * 0x1.0p-53;
}

double alRng_Normal(alRng *rng)
{
    double u1 = 1.0 - alRng_Double(rng); // (0, 1]: log is finite
    double u2 = alRng_Double(rng);
    return sqrt(-2.0 * alDet_Log(u1)) * alDet_Cos(6.283185307179586 * u2);
}
