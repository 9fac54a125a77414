// Parents for a block of byte-genome children from eight random lanes:
// parent q is select_one() on lane q % 8's stream, the lanes in turn. The
// rule is that scalar loop; where the CPU has AVX2, tournaments run the
// eight lanes at once in vector registers (PCG32 steps, contestants,
// gathered keys, branch-free wins), in two 4-lane halves, or in one 8-lane
// register with AVX-512 (ga->wide512: one 64-bit multiply a PCG32 step
// instead of three, the keys by vgatherdpd, wins by mask), giving the same
// bits: integer draws and plain comparisons of the keys, nothing rounded.
#include "ga_internal.h"
#include "ga_lanes.h"
#include "ga_select.h"

static void select_scalar(const alGa *ga, alRng8 *lanes, int from, int count, int *par)
{
    for (int q = from; q < count; ++q) {
        alRng r = alRng8_Lane(lanes, q & 7);
        par[q] = select_one(ga, &r);
        alRng8_SetLane(lanes, q & 7, r);
    }
}

#ifdef LANES_AVX2
// Inlined even where GCC would not (a call each tournament measured ~3%).
#define INLINE inline __attribute__((always_inline))

// Biased 16-bit contestants (mask bits) whose 32-bit redraw is biased
// too: redrawn on their lanes' streams (states s, increments in, indices
// x) as draw16 does, out of line.
static __attribute__((noinline, cold)) void redraw_lanes(uint64_t *s, const uint64_t *in,
                                                         uint64_t *x, int lanes, unsigned mask,
                                                         bound b)
{
    for (int l = 0; l < lanes; ++l) {
        if (!(mask >> l & 1)) continue;
        alRng r = {s[l], in[l]};
        x[l] = draw(&r, b);
        s[l] = r.state;
    }
}

AVX2 static __m256i redraw4(__m256i *st, __m256i inc, __m256i idx, int mask, bound b)
{
    uint64_t s[4], in[4], x[4];
    _mm256_storeu_si256((__m256i *)(void *)s, *st);
    _mm256_storeu_si256((__m256i *)(void *)in, inc);
    _mm256_storeu_si256((__m256i *)(void *)x, idx);
    redraw_lanes(s, in, x, 4, (unsigned)mask, b);
    *st = _mm256_loadu_si256((const __m256i *)(const void *)s);
    return _mm256_loadu_si256((const __m256i *)(const void *)x);
}

// Contestant indices from 16 random bits a lane (draw16 on four lanes).
// The biased ones (1 in 12 at a population of 10,000) are redrawn as
// draw() does, in the registers: a fresh 32-bit draw on those lanes only,
// Lemire's method on it; only its own rare rejection (about 1 in 600,000
// at 10,000) goes out of line, redrawn from the same state.
AVX2 static INLINE __m256i contest4(__m256i bits16, __m256i n, __m256i th, __m256i *st,
                                    __m256i inc, bound b)
{
    __m256i m = _mm256_mul_epu32(bits16, n);
    __m256i low = _mm256_and_si256(m, _mm256_set1_epi64x(0xffff));
    __m256i idx = _mm256_srli_epi64(m, 16);
    __m256i bad = _mm256_cmpgt_epi64(th, low);
    int rej = _mm256_movemask_pd(_mm256_castsi256_pd(bad));
    if (rej) {
        __m256i s2 = *st;
        __m256i m32 = _mm256_mul_epu32(next4(&s2, inc), n);
        __m256i low32 = _mm256_and_si256(m32, _mm256_set1_epi64x(0xffffffffLL));
        __m256i again = _mm256_and_si256(bad, _mm256_cmpgt_epi64(_mm256_set1_epi64x(b.thresh), low32));
        if (_mm256_movemask_pd(_mm256_castsi256_pd(again))) return redraw4(st, inc, idx, rej, b);
        *st = _mm256_blendv_epi8(*st, s2, bad);
        idx = _mm256_blendv_epi8(idx, _mm256_srli_epi64(m32, 32), bad);
    }
    return idx;
}

// key[idx] for four lanes: plain loads (a vpgatherqpd is slower where
// the gather microcode is mitigated, and no faster elsewhere for four).
AVX2 static inline __m256d keys4(const double *key, __m256i idx)
{
    __m128i lo = _mm256_castsi256_si128(idx), hi = _mm256_extracti128_si256(idx, 1);
    return _mm256_setr_pd(key[_mm_cvtsi128_si64(lo)], key[_mm_extract_epi64(lo, 1)],
                          key[_mm_cvtsi128_si64(hi)], key[_mm_extract_epi64(hi, 1)]);
}

// One tournament on each of four lanes, as select_one's 16-bit path.
AVX2 static INLINE __m256i tournament4(const alGa *ga, __m256i *st, __m256i inc)
{
    const double *key = ga->key;
    const bound bp = ga->b_pop;
    const int k = ga->def.tournament_k;
    const __m256i n = _mm256_set1_epi64x(bp.n), th = _mm256_set1_epi64x(ga->thresh16_pop);
    const __m256i m16 = _mm256_set1_epi64x(0xffff);
    __m256i u = next4(st, inc);
    __m256i best = contest4(_mm256_srli_epi64(u, 16), n, th, st, inc, bp);
    __m256d bk = keys4(key, best);
    for (int t = 1; t < k; t += 2) {
        __m256i c = contest4(_mm256_and_si256(u, m16), n, th, st, inc, bp);
        __m256d kc = keys4(key, c);
        __m256d win = _mm256_cmp_pd(kc, bk, _CMP_GT_OQ);
        bk = _mm256_blendv_pd(bk, kc, win);
        best = _mm256_castpd_si256(
            _mm256_blendv_pd(_mm256_castsi256_pd(best), _mm256_castsi256_pd(c), win));
        if (t + 1 == k) break;
        u = next4(st, inc);
        c = contest4(_mm256_srli_epi64(u, 16), n, th, st, inc, bp);
        kc = keys4(key, c);
        win = _mm256_cmp_pd(kc, bk, _CMP_GT_OQ);
        bk = _mm256_blendv_pd(bk, kc, win);
        best = _mm256_castpd_si256(
            _mm256_blendv_pd(_mm256_castsi256_pd(best), _mm256_castsi256_pd(c), win));
    }
    return best;
}

// Whole rounds of eight parents (lanes 0-3 and 4-7 as two vectors).
AVX2 __attribute__((noinline)) static int tournaments_avx2(const alGa *ga, alRng8 *lanes,
                                                           int count, int *par)
{
    __m256i s0 = _mm256_loadu_si256((const __m256i *)(const void *)lanes->state);
    __m256i s1 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes->state + 4));
    const __m256i i0 = _mm256_loadu_si256((const __m256i *)(const void *)lanes->inc);
    const __m256i i1 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes->inc + 4));
    int q = 0;
    for (; q + 8 <= count; q += 8) {
        __m256i a = tournament4(ga, &s0, i0), b = tournament4(ga, &s1, i1);
        // The low 32 bits of each 64-bit lane, in order.
        const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
        __m128i lo = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(a, pick));
        __m128i hi = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(b, pick));
        _mm_storeu_si128((__m128i *)(void *)(par + q), lo);
        _mm_storeu_si128((__m128i *)(void *)(par + q + 4), hi);
    }
    _mm256_storeu_si256((__m256i *)(void *)lanes->state, s0);
    _mm256_storeu_si256((__m256i *)(void *)(lanes->state + 4), s1);
    return q;
}

#ifdef LANES_AVX512
AVX512 static __m256i redraw8(__m512i *st, __m512i inc, __m256i idx, unsigned mask, bound b)
{
    uint64_t s[8], in[8], x[8];
    _mm512_storeu_si512(s, *st);
    _mm512_storeu_si512(in, inc);
    _mm512_storeu_si512(x, _mm512_cvtepu32_epi64(idx));
    redraw_lanes(s, in, x, 8, mask, b);
    *st = _mm512_loadu_si512(s);
    return _mm512_cvtepi64_epi32(_mm512_loadu_si512(x));
}

// contest4 on eight lanes in one register: 16 random bits a lane times n
// (below 2^32), the biased ones redrawn from 32 bits on their lanes only.
AVX512 static INLINE __m256i contest8(__m256i bits16, __m256i n, __m256i th, __m512i *st,
                                      __m512i inc, bound b)
{
    __m256i m = _mm256_mullo_epi32(bits16, n);
    __m256i idx = _mm256_srli_epi32(m, 16);
    __mmask8 bad = _mm256_cmplt_epu32_mask(_mm256_and_si256(m, _mm256_set1_epi32(0xffff)), th);
    if (bad) {
        __m512i s2 = *st;
        __m512i m32 = _mm512_mul_epu32(_mm512_cvtepu32_epi64(next8(&s2, inc)),
                                       _mm512_set1_epi64(b.n));
        __m256i low32 = _mm512_cvtepi64_epi32(m32);
        if (_mm256_mask_cmplt_epu32_mask(bad, low32, _mm256_set1_epi32((int)b.thresh)))
            return redraw8(st, inc, idx, bad, b);
        *st = _mm512_mask_mov_epi64(*st, bad, s2);
        idx = _mm256_mask_mov_epi32(idx, bad, _mm512_cvtepi64_epi32(_mm512_srli_epi64(m32, 32)));
    }
    return idx;
}

// tournament4's rule on eight lanes: the keys gathered (vgatherdpd; on
// this Xeon faster than eight loads and inserts), the wins by mask.
AVX512 static INLINE __m256i tournament8(const alGa *ga, __m512i *st, __m512i inc)
{
    const double *key = ga->key;
    const bound bp = ga->b_pop;
    const int k = ga->def.tournament_k;
    const __m256i n = _mm256_set1_epi32((int)bp.n), th = _mm256_set1_epi32((int)ga->thresh16_pop);
    const __m256i m16 = _mm256_set1_epi32(0xffff);
    __m256i u = next8(st, inc);
    __m256i best = contest8(_mm256_srli_epi32(u, 16), n, th, st, inc, bp);
    __m512d bk = _mm512_i32gather_pd(best, key, 8);
    for (int t = 1; t < k; t += 2) {
        __m256i c = contest8(_mm256_and_si256(u, m16), n, th, st, inc, bp);
        __m512d kc = _mm512_i32gather_pd(c, key, 8);
        __mmask8 win = _mm512_cmp_pd_mask(kc, bk, _CMP_GT_OQ);
        bk = _mm512_mask_mov_pd(bk, win, kc);
        best = _mm256_mask_mov_epi32(best, win, c);
        if (t + 1 == k) break;
        u = next8(st, inc);
        c = contest8(_mm256_srli_epi32(u, 16), n, th, st, inc, bp);
        kc = _mm512_i32gather_pd(c, key, 8);
        win = _mm512_cmp_pd_mask(kc, bk, _CMP_GT_OQ);
        bk = _mm512_mask_mov_pd(bk, win, kc);
        best = _mm256_mask_mov_epi32(best, win, c);
    }
    return best;
}

// Whole rounds of eight parents, the eight lanes in one register.
AVX512 __attribute__((noinline)) static int tournaments_avx512(const alGa *ga, alRng8 *lanes,
                                                               int count, int *par)
{
    __m512i st = _mm512_loadu_si512(lanes->state);
    const __m512i inc = _mm512_loadu_si512(lanes->inc);
    int q = 0;
    for (; q + 8 <= count; q += 8)
        _mm256_storeu_si256((__m256i *)(void *)(par + q), tournament8(ga, &st, inc));
    _mm512_storeu_si512(lanes->state, st);
    return q;
}
#endif
#endif

void ga_select_lanes(const alGa *ga, alRng8 *lanes, int count, int *par)
{
    int q = 0;
#ifdef LANES_AVX2
    if (ga->wide && ga->def.selection == AL_SELECT_TOURNAMENT && ga->b_pop.n <= 65536) {
#ifdef LANES_AVX512
        if (ga->wide512)
            q = tournaments_avx512(ga, lanes, count, par);
        else
#endif
            q = tournaments_avx2(ga, lanes, count, par);
    }
#endif
    select_scalar(ga, lanes, q, count, par);
}
