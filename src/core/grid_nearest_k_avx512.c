// alGrid_NearestK over a block of 3 x 3 cells (a boids query whose radius
// is below the cell size: the seed's flock) in AVX-512, 16 candidates an
// instruction. The generic query (grid_nearest_k.c) spends most of its time
// in passes over a buffer of every candidate and in ranking a loose set of
// survivors; this one
//  1. packs the candidates within the radius (d2 <= r2, not the excluded
//     agent) into a buffer as it computes them (vcompressps): about half of
//     the block's, so every later pass reads half as much. Given a hint
//     (alGrid_NearestKHint: a boid's last k-th d2, widened) it packs only
//     those within the hint, about k + 2, which go straight to step 3; when
//     fewer than k are, it packs again within r2;
//  2. counts, in one pass, how many lie within each of 16 bounds spread from
//     below the k-th's expected d2 (the count grows as the area of a disc)
//     up to r2, and takes the smallest bound that holds k: about k + 2
//     survivors, one register;
//  3. ranks the survivors by (d2, agent) with one broadcast compare per
//     survivor and puts the first k at their ranks (by a compress each when
//     they fit one register, nearly always; else by scatters).
// The distances are the generic query's and alWorld_Delta's, op for op
// ((x - p.x) + shift, then dx * dx + dy * dy, no FMA: -ffp-contract=off),
// and the answer is the k smallest (d2, agent) keys whatever the bounds, so
// it equals alGrid_BruteNearestK's bit for bit.
#include "alife/grid.h"
#include "grid_internal.h"

#include <stdbool.h>
#include <stdint.h>

// Not under clang (the ThreadSanitizer build, which takes the generic
// query): GCC only, as every multi-versioned path here.
#if defined(__x86_64__) && !defined(__clang__)
#include <immintrin.h>

enum { WCAP = 1024, SCAP = 1024, BLOCK_ROWS = 5 };

#define KERNEL __attribute__((target("avx512f,popcnt,bmi")))

// How many of the n packed d2 (padded to a multiple of 4) are within each
// lane's bound. Four counts, so that the additions do not wait on each other.
KERNEL static __m512i count_within16(const float *d2, int n, __m512 bounds)
{
    __m512i c0 = _mm512_setzero_si512(), c1 = c0, c2 = c0, c3 = c0, one = _mm512_set1_epi32(1);
    for (int j = 0; j < n; j += 4) {
        c0 = _mm512_mask_add_epi32(c0, _mm512_cmp_ps_mask(_mm512_set1_ps(d2[j]), bounds, _CMP_LE_OQ), c0, one);
        c1 = _mm512_mask_add_epi32(c1, _mm512_cmp_ps_mask(_mm512_set1_ps(d2[j + 1]), bounds, _CMP_LE_OQ), c1, one);
        c2 = _mm512_mask_add_epi32(c2, _mm512_cmp_ps_mask(_mm512_set1_ps(d2[j + 2]), bounds, _CMP_LE_OQ), c2, one);
        c3 = _mm512_mask_add_epi32(c3, _mm512_cmp_ps_mask(_mm512_set1_ps(d2[j + 3]), bounds, _CMP_LE_OQ), c3, one);
    }
    return _mm512_add_epi32(_mm512_add_epi32(c0, c1), _mm512_add_epi32(c2, c3));
}

// The smallest of the 16 bounds (ascending) by which at least k are counted
// (the last must count them all): its lane.
KERNEL static int first_enough(__m512i cnt, int k)
{
    __mmask16 ok = _mm512_cmp_epi32_mask(cnt, _mm512_set1_epi32(k), _MM_CMPINT_NLT);
    return __builtin_ctz((unsigned)_cvtmask16_u32(ok) | 0x8000u);
}

// rank_out16 for ns <= 16 survivors, one register: each of the first k
// places takes the survivor of its rank (how many have a smaller d2). By a
// scatter (where scatter is quick: Intel's; 2% less CPU a boid-step at 10k
// boids than the compresses), or without (slow on some processors, AMD's Zen 4
// among them) by a compress a place. False, when two d2 tie (the agents
// decide: rank_out16), with whatever was written to be written over.
KERNEL static bool one_register(const float *sd, const int32_t *ss, int ns, int k, int *out_slot,
                                float *out_d2, bool scatter)
{
    const __m512i one = _mm512_set1_epi32(1);
    __mmask16 live = (__mmask16)((1u << ns) - 1), tie = 0;
    __m512 vi = _mm512_maskz_loadu_ps(live, sd);
    __m512i rank = _mm512_setzero_si512();
    for (int j = 0; j < ns; ++j) {
        __m512 dj = _mm512_set1_ps(sd[j]);
        rank = _mm512_mask_add_epi32(rank, _mm512_mask_cmp_ps_mask(live, dj, vi, _CMP_LT_OQ), rank, one);
        // Equal to survivor j: itself, and any that ties with it.
        tie |= _mm512_mask_cmp_ps_mask(live, dj, vi, _CMP_EQ_OQ) & (__mmask16) ~(1u << j);
    }
    if (tie) return false;
    __m512i slots = _mm512_maskz_loadu_epi32(live, ss);
    if (scatter) {
        __mmask16 put = _mm512_mask_cmp_epi32_mask(live, rank, _mm512_set1_epi32(k), _MM_CMPINT_LT);
        _mm512_mask_i32scatter_epi32(out_slot, put, rank, slots, 4);
        if (out_d2) _mm512_mask_i32scatter_ps(out_d2, put, rank, vi, 4);
        return true;
    }
    for (int r = 0, m = ns < k ? ns : k; r < m; ++r) {
        __mmask16 at = _mm512_cmpeq_epi32_mask(rank, _mm512_set1_epi32(r));
        out_slot[r] = _mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_maskz_compress_epi32(at, slots)));
        if (out_d2) out_d2[r] = _mm_cvtss_f32(_mm512_castps512_ps128(_mm512_maskz_compress_ps(at, vi)));
    }
    return true;
}

// Ranks ns survivors (d2 in sd, slots in ss, padded to whole vectors) by
// (d2, agent) and writes the first k to their ranks (scatter: one_register).
KERNEL static void rank_out16(const alGrid *g, const float *sd, const int32_t *ss, int ns, int k,
                              int *out_slot, float *out_d2, bool scatter)
{
    const __m512i one = _mm512_set1_epi32(1), iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                                                       10, 11, 12, 13, 14, 15);
    if (ns <= 16 && one_register(sd, ss, ns, k, out_slot, out_d2, scatter)) return;
    // Ties in d2 are decided by the agent: look for any first (rare). The
    // ranks add up to the number of pairs in strict order, ns (ns - 1) / 2
    // exactly when no two d2 tie.
    int32_t rk[SCAP];
    __m512i total = _mm512_setzero_si512();
    for (int i = 0; i < ns; i += 16) {
        __mmask16 live = _mm512_cmp_epi32_mask(iota, _mm512_set1_epi32(ns - i), _MM_CMPINT_LT);
        __m512 vi = _mm512_maskz_loadu_ps(live, sd + i);
        __m512i r0 = _mm512_setzero_si512(), r1 = r0;
        int j = 0;
        for (; j + 1 < ns; j += 2) {
            r0 = _mm512_mask_add_epi32(r0, _mm512_mask_cmp_ps_mask(live, _mm512_set1_ps(sd[j]), vi, _CMP_LT_OQ), r0, one);
            r1 = _mm512_mask_add_epi32(r1, _mm512_mask_cmp_ps_mask(live, _mm512_set1_ps(sd[j + 1]), vi, _CMP_LT_OQ), r1, one);
        }
        if (j < ns) r0 = _mm512_mask_add_epi32(r0, _mm512_mask_cmp_ps_mask(live, _mm512_set1_ps(sd[j]), vi, _CMP_LT_OQ), r0, one);
        __m512i rank = _mm512_add_epi32(r0, r1);
        total = _mm512_add_epi32(total, rank);
        _mm512_storeu_si512(rk + i, rank);
    }
    int ties = _mm512_reduce_add_epi32(total) != ns * (ns - 1) / 2;
    if (!ties) {
        for (int i = 0; i < ns; i += 16) {
            __mmask16 live = _mm512_cmp_epi32_mask(iota, _mm512_set1_epi32(ns - i), _MM_CMPINT_LT);
            __m512i rank = _mm512_loadu_si512(rk + i);
            __mmask16 put = _mm512_mask_cmp_epi32_mask(live, rank, _mm512_set1_epi32(k), _MM_CMPINT_LT);
            _mm512_mask_i32scatter_epi32(out_slot, put, rank, _mm512_maskz_loadu_epi32(live, ss + i), 4);
            if (out_d2) _mm512_mask_i32scatter_ps(out_d2, put, rank, _mm512_maskz_loadu_ps(live, sd + i), 4);
        }
    }
    if (!ties) return;
    // Some d2 tie: the rank counts the agents below in (d2, agent) order.
    for (int i = 0; i < ns; i += 16) {
        __mmask16 live = _mm512_cmp_epi32_mask(iota, _mm512_set1_epi32(ns - i), _MM_CMPINT_LT);
        __m512 vi = _mm512_maskz_loadu_ps(live, sd + i);
        __m512i slots = _mm512_maskz_loadu_epi32(live, ss + i);
        __m512i ai = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live, slots, g->order, 4);
        __m512i rank = _mm512_setzero_si512();
        for (int j = 0; j < ns; ++j) {
            __m512 dj = _mm512_set1_ps(sd[j]);
            __m512i aj = _mm512_set1_epi32(g->order[ss[j]]);
            __mmask16 below = _mm512_mask_cmp_ps_mask(live, dj, vi, _CMP_LT_OQ) |
                              (_mm512_mask_cmp_ps_mask(live, dj, vi, _CMP_EQ_OQ) &
                               _mm512_cmp_epi32_mask(aj, ai, _MM_CMPINT_LT));
            rank = _mm512_mask_add_epi32(rank, below, rank, one);
        }
        __mmask16 put = _mm512_mask_cmp_epi32_mask(live, rank, _mm512_set1_epi32(k), _MM_CMPINT_LT);
        _mm512_mask_i32scatter_epi32(out_slot, put, rank, slots, 4);
        if (out_d2) _mm512_mask_i32scatter_ps(out_d2, put, rank, vi, 4);
    }
}

KERNEL static int block_avx512(const alGrid *g, alVec2 p, float r2, float hint, int exclude, int k, int a,
                               int b, int c, int d, int *out_slot, float *out_d2, bool scatter)
{
    row_piece pc[BLOCK_ROWS][3];
    float shy[BLOCK_ROWS];
    int np[BLOCK_ROWS], total = 0;
    if (d - c + 1 > BLOCK_ROWS) return -1;
    for (int r = 0; r <= d - c; ++r) {
        np[r] = row_pieces(g, c + r, a, b, &shy[r], pc[r]);
        for (int i = 0; i < np[r]; ++i) total += pc[r][i].e - pc[r][i].s;
    }
    if (total > WCAP - 16) return -1;
    // Step 1: the candidates within the limit, packed: first within the
    // hint when it is below r2 (about k + 5 of them), and within r2 when
    // that finds fewer than k (then the hint was not enough).
    float wd[WCAP];
    int32_t ws[WCAP];
    int n = 0;
    const float *sx = g->sx, *sy = g->sy;
    const int *order = g->order;
    const __m512 px = _mm512_set1_ps(p.x), py = _mm512_set1_ps(p.y);
    const __m512i ex = _mm512_set1_epi32(exclude),
                  iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    float l1 = hint < r2 ? hint : r2; // not NaN: a NaN hint is no hint
again:;
    const __m512 lim = _mm512_set1_ps(l1);
    n = 0;
    for (int r = 0; r <= d - c; ++r) {
        const __m512 vshy = _mm512_set1_ps(shy[r]);
        for (int q = 0; q < np[r]; ++q) {
            const __m512 vshx = _mm512_set1_ps(pc[r][q].shx);
            for (int s = pc[r][q].s, e = pc[r][q].e; s < e; s += 16) {
                __mmask16 live = e - s >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (e - s)) - 1);
                __m512 dx = _mm512_add_ps(_mm512_sub_ps(_mm512_maskz_loadu_ps(live, sx + s), px), vshx);
                __m512 dy = _mm512_add_ps(_mm512_sub_ps(_mm512_maskz_loadu_ps(live, sy + s), py), vshy);
                __m512 d2 = _mm512_add_ps(_mm512_mul_ps(dx, dx), _mm512_mul_ps(dy, dy));
                __mmask16 in = _mm512_mask_cmp_ps_mask(live, d2, lim, _CMP_LE_OQ);
                in = _mm512_mask_cmp_epi32_mask(in, _mm512_maskz_loadu_epi32(live, order + s), ex,
                                                _MM_CMPINT_NE);
                _mm512_storeu_ps(wd + n, _mm512_maskz_compress_ps(in, d2));
                _mm512_storeu_si512(ws + n, _mm512_maskz_compress_epi32(in, _mm512_add_epi32(iota, _mm512_set1_epi32(s))));
                n += __builtin_popcount(_cvtmask16_u32(in));
            }
        }
    }
    if (n < k && l1 < r2) {
        l1 = r2;
        goto again;
    }
    r2 = l1; // from here the limit: the k nearest are within it
    if (n == 0) return 0;
    _mm512_storeu_ps(wd + n, _mm512_set1_ps(__builtin_nanf(""))); // counted by no bound
    if (n <= k) { // all of them, ranked
        rank_out16(g, wd, ws, n, k, out_slot, out_d2, scatter);
        return n;
    }
    if (n <= 16) { // one register: rank them all
        rank_out16(g, wd, ws, n, k, out_slot, out_d2, scatter);
        return k;
    }
    // Step 2, first try: bounds expecting a little over k (the count grows
    // as the area of a disc), one compare each per 16 candidates; a bound
    // counting k to 16 leaves one register of survivors to rank. In a flock
    // the nearest are denser than the disc's average (the disc reaches past
    // the crowd): there the bound expecting k + 1 already counted over 16 in
    // a quarter of the seed's queries, which went on to the slower tries
    // below; four more bounds down from it by 1.5 each catch most of those.
    float inv_n = 1.0f / (float)n, cut = r2;
    int ns = n;
    {
        enum { TRIES = 8 };
        float k1 = (float)k + 1;
        float e[TRIES] = {k1 / 5.0625f, k1 / 3.375f, k1 / 2.25f, k1 / 1.5f, k1, (float)k + 3, (float)k + 5.5f, 16.0f};
        __m512 t[TRIES];
        int c8[TRIES] = {0};
        for (int h = 0; h < TRIES; ++h) t[h] = _mm512_set1_ps(e[h] * inv_n < 1.0f ? e[h] * inv_n * r2 : r2);
        for (int j = 0; j < n; j += 16) {
            __m512 v = _mm512_loadu_ps(wd + j); // NaN past n
            for (int h = 0; h < TRIES; ++h)
                c8[h] += __builtin_popcount(_cvtmask16_u32(_mm512_cmp_ps_mask(v, t[h], _CMP_LE_OQ)));
        }
        for (int h = 0; h < TRIES; ++h)
            if (c8[h] >= k && c8[h] <= 16) {
                cut = t[h][0], ns = c8[h];
                break;
            }
    }
    if (ns > 16) {
    // Else bounds for an expected count of 0.7 k up to n, spaced
    // quadratically (finest near k), the last r2 itself.
    __m512 l = _mm512_cvtepi32_ps(iota), l2 = _mm512_mul_ps(l, l);
    float lo = 0.7f * (float)k;
    __m512 f = _mm512_mul_ps(_mm512_add_ps(_mm512_set1_ps(lo), _mm512_mul_ps(l2, _mm512_set1_ps(((float)n - lo) / 225.0f))),
                             _mm512_set1_ps(inv_n));
    __m512 bounds = _mm512_mask_mov_ps(_mm512_mul_ps(f, lim), 0x8000, lim);
    __m512i cnt = count_within16(wd, n, bounds);
    int at = first_enough(cnt, k);
    cut = bounds[at];
    ns = _mm512_cvtsi512_si32(_mm512_permutexvar_epi32(_mm512_set1_epi32(at), cnt));
    if (ns > 2 * k + 8) {
        // A crowd far from the disc's uniform density: once more, 16 bounds
        // evenly between the one below and this one.
        float below = at > 0 ? bounds[at - 1] : 0.0f;
        __m512 b2 = _mm512_add_ps(_mm512_set1_ps(below),
                                  _mm512_mul_ps(_mm512_add_ps(l, _mm512_set1_ps(1.0f)),
                                                _mm512_set1_ps((cut - below) / 16.0f)));
        b2 = _mm512_mask_mov_ps(b2, 0x8000, _mm512_set1_ps(cut));
        __m512i c2 = count_within16(wd, n, b2);
        int at2 = first_enough(c2, k);
        cut = b2[at2];
        ns = _mm512_cvtsi512_si32(_mm512_permutexvar_epi32(_mm512_set1_epi32(at2), c2));
    }
    }
    if (ns > SCAP - 16) return -1;
    // Step 3: the survivors, packed, then ranked.
    float sd[SCAP];
    int32_t ss[SCAP];
    int m = 0;
    const __m512 vcut = _mm512_set1_ps(cut);
    for (int j = 0; j < n; j += 16) {
        __mmask16 live = n - j >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (n - j)) - 1);
        __m512 v = _mm512_maskz_loadu_ps(live, wd + j);
        __mmask16 in = _mm512_mask_cmp_ps_mask(live, v, vcut, _CMP_LE_OQ);
        _mm512_storeu_ps(sd + m, _mm512_maskz_compress_ps(in, v));
        _mm512_storeu_si512(ss + m, _mm512_maskz_compress_epi32(in, _mm512_maskz_loadu_epi32(live, ws + j)));
        m += __builtin_popcount(_cvtmask16_u32(in));
    }
    rank_out16(g, sd, ss, m, k, out_slot, out_d2, scatter);
    return m < k ? m : k;
}

int grid_nearest_k_block(const alGrid *g, alVec2 p, float r2, float hint, int exclude, int k, int a, int b,
                         int c, int d, int *out_slot, float *out_d2)
{
    if (!__builtin_cpu_supports("avx512f")) return -1;
    bool scatter = __builtin_cpu_is("intel"); // the same answer either way
    return block_avx512(g, p, r2, hint, exclude, k, a, b, c, d, out_slot, out_d2, scatter);
}

#else

int grid_nearest_k_block(const alGrid *g, alVec2 p, float r2, float hint, int exclude, int k, int a, int b,
                         int c, int d, int *out_slot, float *out_d2)
{
    (void)g, (void)p, (void)r2, (void)hint, (void)exclude, (void)k, (void)a, (void)b, (void)c, (void)d;
    (void)out_slot, (void)out_d2;
    return -1;
}

#endif
