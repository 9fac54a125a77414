/// rng.h — PCG32 (O'Neill's pcg32: 64-bit LCG state, XSH-RR 32-bit output).
/// Every random draw in alife comes from an alRng owned by the simulation;
/// nothing uses rand(). A stream is a value: copy it to fork, never share it
/// between threads.
#ifndef ALIFE_RNG_H
#define ALIFE_RNG_H

#include <stdint.h>

typedef struct alRng {
    uint64_t state; ///< LCG state
    uint64_t inc;   ///< stream selector, always odd
} alRng;

/// Seeds exactly like the reference pcg32_srandom_r(initstate, initseq):
/// two generators with different initseq give independent streams.
void alRng_Seed(alRng *rng, uint64_t initstate, uint64_t initseq);

/// A stream for one purpose (module, agent group, worker, ...) of one run:
/// same (seed, stream) gives the same sequence, different stream ids give
/// independent sequences.
alRng alRng_Stream(uint64_t seed, uint64_t stream);

/// Next 32 uniformly distributed bits (pcg32_random_r).
static inline uint32_t alRng_Next(alRng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/// Uniform integer in [0, bound), without modulo bias. bound must be > 0.
uint32_t alRng_Bounded(alRng *rng, uint32_t bound);
/// Uniform integer in [lo, hi] inclusive; lo <= hi.
int32_t alRng_Int(alRng *rng, int32_t lo, int32_t hi);
/// Uniform float in [0, 1) with 24 random bits.
static inline float alRng_Float(alRng *rng) { return (float)(alRng_Next(rng) >> 8) * 0x1.0p-24f; }
/// Uniform double in [0, 1) with 53 random bits (two draws).
double alRng_Double(alRng *rng);
/// Uniform float in [lo, hi).
static inline float alRng_Range(alRng *rng, float lo, float hi) { return lo + (hi - lo) * alRng_Float(rng); }
/// Standard normal N(0, 1) by Box–Muller; consumes two 53-bit draws, keeps no cache.
double alRng_Normal(alRng *rng);

/// Eight PCG32 streams side by side (structure of arrays), for code that
/// draws for eight things at once in vector lanes. Lane l is an ordinary
/// alRng {state[l], inc[l]}: stepping the lanes together or one by one with
/// alRng_Next gives the same numbers.
typedef struct alRng8 {
    uint64_t state[8]; ///< LCG states
    uint64_t inc[8];   ///< stream selectors, odd, distinct
} alRng8;

/// Eight independent lanes for one purpose of one run, as alRng_Stream
/// gives one (a cheaper seeding: one SplitMix64 per lane). Lane l is seeded
/// like alRng_Seed(splitmix64(b + l), stream ^ (l << 52)) with b =
/// splitmix64(seed ^ splitmix64(stream)).
alRng8 alRng8_Stream(uint64_t seed, uint64_t stream);
/// The same for two streams at once: *a = alRng8_Stream(seed, stream_a),
/// *b = alRng8_Stream(seed, stream_b) (a and b must not overlap).
void alRng8_Stream2(uint64_t seed, uint64_t stream_a, uint64_t stream_b, alRng8 *a, alRng8 *b);
/// Lane l (0..7) as an alRng, and back.
static inline alRng alRng8_Lane(const alRng8 *r, int l) { alRng x = {r->state[l], r->inc[l]}; return x; }
static inline void alRng8_SetLane(alRng8 *r, int l, alRng x) { r->state[l] = x.state; }

#endif
