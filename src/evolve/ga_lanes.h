// ga_lanes.h — eight PCG32 lanes (alRng8) stepped in AVX2 or AVX-512
// registers, for the byte GA's paths that draw for eight things at once
// (selection, mutation).
// Integer arithmetic only: every lane gives exactly what alRng_Next gives.
#ifndef ALIFE_GA_LANES_H
#define ALIFE_GA_LANES_H

#include "ga_internal.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LANES_AVX2 1
#define AVX2 __attribute__((target("avx2")))


// Four lanes' PCG32 step: the old states' outputs (in the low 32 bits of
// each 64-bit lane), the states advanced. The 64-bit multiply by the LCG
// constant from three 32-bit ones.
AVX2 static inline __m256i next4(__m256i *st, __m256i inc)
{
    const __m256i mlo = _mm256_set1_epi64x(0x4c957f2dLL), mhi = _mm256_set1_epi64x(0x5851f42dLL);
    __m256i old = *st;
    __m256i lo = _mm256_mul_epu32(old, mlo);
    __m256i c1 = _mm256_mul_epu32(_mm256_srli_epi64(old, 32), mlo);
    __m256i c2 = _mm256_mul_epu32(old, mhi);
    *st = _mm256_add_epi64(_mm256_add_epi64(lo, _mm256_slli_epi64(_mm256_add_epi64(c1, c2), 32)),
                           inc);
    const __m256i m32 = _mm256_set1_epi64x(0xffffffffLL);
    __m256i xs = _mm256_and_si256(
        _mm256_srli_epi64(_mm256_xor_si256(_mm256_srli_epi64(old, 18), old), 27), m32);
    __m256i rot = _mm256_srli_epi64(old, 59);
    __m256i left = _mm256_sub_epi64(_mm256_set1_epi64x(32), rot);
    return _mm256_and_si256(
        _mm256_or_si256(_mm256_srlv_epi64(xs, rot), _mm256_sllv_epi64(xs, left)), m32);
}

// AVX-512 (F, DQ for the 64-bit multiply, VL for the 256-bit masked
// forms, BW for byte blends): eight lanes' PCG32 step in one register,
// their outputs as eight 32-bit words.
#define LANES_AVX512 1
#define AVX512 __attribute__((target("avx2,avx512f,avx512dq,avx512vl,avx512bw")))

AVX512 static inline __m256i next8(__m512i *st, __m512i inc)
{
    __m512i old = *st;
    *st = _mm512_add_epi64(_mm512_mullo_epi64(old, _mm512_set1_epi64(6364136223846793005LL)), inc);
    __m512i xs = _mm512_srli_epi64(_mm512_xor_si512(_mm512_srli_epi64(old, 18), old), 27);
    // A 32-bit rotate of each lane's low word (the high words rotate by 0
    // and are dropped).
    return _mm512_cvtepi64_epi32(_mm512_rorv_epi32(xs, _mm512_srli_epi64(old, 59)));
}

#endif

#endif
