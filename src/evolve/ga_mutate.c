// Per-gene mutation: where from a geometric gap, what from a second stream
// (see ga_internal.h for why it is shaped so).
#include <assert.h>

#include "ga_internal.h"
#include "ga_lanes.h"

// The gap to the next mutated gene for draw u, or len (none within the
// genome): the first j with u < skip[j]. The guide table narrows the search to the few
// entries whose thresholds share u's top GUIDE_BITS bits (usually none or
// one), so a draw costs O(1) instead of a binary search.
static inline int gap_of(const uint32_t *restrict s, const int *restrict guide, uint32_t u)
{
    uint32_t k = u >> (32 - GUIDE_BITS);
    int lo = guide[k];
    if (lo >= 0) return lo; // no threshold within the cell
    int hi = guide[k + 1];
    lo = ~lo;
    hi = hi < 0 ? ~hi : hi;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (u < s[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static inline int next_gap(const uint32_t *restrict s, const int *restrict guide, alRng *r)
{
    return gap_of(s, guide, alRng_Next(r));
}

// A uniform integer in [0, b.n) (b.n <= 256) from 8 spare random bits
// (Lemire's method on 8 bits), or from stream v when they would be biased.
static inline uint32_t draw8(uint32_t bits8, bound b, uint32_t thresh8, alRng *v)
{
    uint32_t m = bits8 * b.n;
    if ((m & 0xffu) < thresh8) return draw(v, b);
    return m >> 8;
}

static inline void mutate_gene(const alGa *ga, unsigned char *g, int j, alRng *r)
{
    switch (ga->def.mutation) {
    case AL_MUTATE_RESET: {
        int at = ga->alpha_index[g[j]];
        int to = (int)draw(r, ga->b_reset);
        g[j] = ga->alpha[to >= at ? to + 1 : to];
        break;
    }
    case AL_MUTATE_CREEP: {
        int d = (int)draw(r, ga->b_creep);
        g[j] =
            ga->alpha[creep_index(d, ga->alpha_index[g[j]], ga->def.creep, ga->def.alphabet_size)];
        break;
    }
    case AL_MUTATE_GAUSSIAN:
    case AL_MUTATE_UNIFORM: {
        float *f = (float *)(void *)g, mp = ga->def.max_perturbation, delta;
        if (ga->def.mutation == AL_MUTATE_UNIFORM) {
            delta = alRng_Range(r, -mp, mp);
        } else {
            delta = (float)(alRng_Normal(r) * 0.5 * mp);
            if (delta > mp) delta = mp;
            if (delta < -mp) delta = -mp;
        }
        float v = f[j] + delta;
        if (ga->def.clamp_min < ga->def.clamp_max) {
            if (v < ga->def.clamp_min) v = ga->def.clamp_min;
            if (v > ga->def.clamp_max) v = ga->def.clamp_max;
        }
        f[j] = v;
        break;
    }
    }
}

// The new symbol for byte c, from a gap draw's 8 spare bits (or from stream
// v when they cannot give an unbiased draw): the general case, for reset
// and for creeps too wide for the lookup table.
static inline uint8_t new_symbol(const alGa *ga, uint8_t c, uint32_t bits8, alRng *v)
{
    int at = ga->alpha_index[c], to;
    const bound bc = ga->b_creep;
    if (ga->def.mutation == AL_MUTATE_CREEP) {
        to = creep_index(
            (int)(bc.n <= 256 ? draw8(bits8, bc, ga->thresh8_creep, v) : draw(v, bc)), at,
            ga->def.creep, ga->def.alphabet_size);
    } else {
        to = (int)draw8(bits8, ga->b_reset, ga->thresh8_reset, v);
        to += to >= at; // a different symbol
    }
    return ga->alpha[to];
}

enum {
    SYMBOL_TABLE_EXACT, // creep table, 2*creep divides 256: 8 spare bits are always enough
    SYMBOL_TABLE,       // creep table, with the rare rejected 8-bit draw
    SYMBOL_GENERIC,     // new_symbol
};

// A lane's gap for draw u: the first j < reach with u < skip[j], else
// reach. With lane_exact, one load and one comparison of the draw's bits
// 8..31 (each cell of the table holds at most one threshold); else the
// guide's search, cut at reach.
static inline uint32_t lane_gap(const alGa *ga, uint32_t u)
{
    if (ga->lane_exact) {
        uint32_t e = ga->lane_gap[u >> (32 - LANE_BITS)];
        uint32_t in_cell = (u >> 8) & ((1u << (24 - LANE_BITS)) - 1);
        return (e & 0xffffu) + (in_cell >= e >> 16);
    }
    uint32_t d = (uint32_t)gap_of(ga->skip, ga->guide, u);
    return d < (uint32_t)ga->reach ? d : (uint32_t)ga->reach;
}

enum { MUT_BUF = 256 }; // mutations gathered before they are applied

// SYMBOL_TABLE_EXACT: the row of creep_step a draw's low 8 bits pick
// (the creep step (b * w) >> 8, times 256).
static inline uint32_t step_row(const alGa *ga, uint32_t u)
{
    return (((u & 0xffu) * ga->b_creep.n) >> 8) << 8;
}

// Mutations found but not yet made: the gene's offset in the block and the
// draw that found it (its low 8 bits pick the new symbol; SYMBOL_TABLE_EXACT:
// the draw's row of creep_step instead, see step_row).
typedef struct mut_list {
    uint32_t at[MUT_BUF + 2 * MUTATE_LANES], u[MUT_BUF + 2 * MUTATE_LANES]; // two rounds past MUT_BUF
} mut_list;

// Makes the listed mutations in order (the order matters only where a new
// symbol may take a draw from v). In padded rows a gene offset in the
// padding is no gene: skipped, it keeps every gene's rate.
static void apply(const alGa *ga, uint8_t *restrict g, const mut_list *m, int n, alRng *v,
                  int mode)
{
    const size_t stride = ga->stride, len = (size_t)ga->len;
    const uint32_t *restrict atv = m->at, *restrict uv = m->u;
    if (mode == SYMBOL_TABLE_EXACT && stride == len) { // the hot path: a load and a store
        const uint8_t *restrict ts = ga->creep_step;
        for (int i = 0; i < n; ++i) {
            uint8_t *x = g + atv[i];
            *x = ts[uv[i] + *x];
        }
        return;
    }
    const uint8_t *restrict t = ga->creep_next;
    const bound bc = ga->b_creep;
    const uint32_t th = ga->thresh8_creep, w = bc.n;
    const bool padded = stride != len;
    alRng vl = *v; // locals: a store through a byte pointer may alias anything
    for (int i = 0; i < n; ++i) {
        uint32_t at = atv[i], b = uv[i] & 0xffu; // (exact: b unused)
        if (padded && at % stride >= len) continue;
        uint8_t *x = g + at;
        if (mode == SYMBOL_TABLE_EXACT)
            *x = ga->creep_step[uv[i] + *x];
        else if (mode == SYMBOL_TABLE)
            *x = t[*x * w + draw8(b, bc, th, &vl)];
        else
            *x = new_symbol(ga, *x, b, &vl);
    }
    *v = vl;
}

// The rule: the block's genes (offsets 0 .. total-1, padding included) in
// MUTATE_LANES segments, lane l walking segment l from its start: a draw,
// its gap (lane_gap), the gene that far on mutates unless the gap is the
// reach or runs out of the segment, and the walk goes on after it. The
// lanes take turns, one draw each a round, in lane order, until every one
// has left its segment; mutations are made in the order found. A gap is
// geometric, so memoryless: each gene mutates with the rate, independently,
// however the genes are cut into segments and the gaps cut at the reach.
static void lanes_scalar(const alGa *ga, uint8_t *g, size_t total, alRng8 *lanes, alRng *v,
                         int mode, mut_list *m)
{
    uint32_t pos[MUTATE_LANES], end[MUTATE_LANES];
    const uint32_t reach = (uint32_t)ga->reach;
    for (int l = 0; l < MUTATE_LANES; ++l) {
        pos[l] = (uint32_t)(total * (size_t)l / MUTATE_LANES);
        end[l] = (uint32_t)(total * (size_t)(l + 1) / MUTATE_LANES);
    }
    int n = 0;
    for (bool any = true; any;) {
        any = false;
        for (int l = 0; l < MUTATE_LANES; ++l) {
            if (pos[l] >= end[l]) continue;
            any = true;
            alRng r = alRng8_Lane(lanes, l);
            uint32_t u = alRng_Next(&r), d = lane_gap(ga, u), at = pos[l] + d;
            alRng8_SetLane(lanes, l, r);
            if (d != reach) {
                if (at < end[l]) {
                    m->at[n] = at;
                    m->u[n++] = mode == SYMBOL_TABLE_EXACT ? step_row(ga, u) : u;
                }
                at++;
            }
            pos[l] = at;
        }
        if (n >= MUT_BUF) {
            apply(ga, g, m, n, v, mode);
            n = 0;
        }
    }
    apply(ga, g, m, n, v, mode);
}

#ifdef LANES_AVX512
// lanes_scalar's rule with the eight lanes in one register each round: the
// gap table gathered, the mutations found compressed into the list in lane
// order. The lanes step two rounds at a time (both states from the old one:
// st * M + inc and st * M^2 + inc * (M + 1)), which halves the chain of
// 64-bit multiplies (15 cycles each) that bounded the loop; the numbers
// are the same. A lane past its segment's end draws on, unread: then
// nothing but the additions below is carried from round to round.
typedef struct lanes_ctx {
    __m256i end, reach, one, low16, byte, w, cell;
    const int *table;
    int mode;
} lanes_ctx;

// One round for draws u: the mutations found appended to m (n of them so
// far, returned grown), pos advanced.
AVX512 static inline __attribute__((always_inline)) int lanes_round(const lanes_ctx *c, __m256i u,
                                                                   __m256i *pos, mut_list *m,
                                                                   int n)
{
    __m256i e = _mm256_i32gather_epi32(c->table, _mm256_srli_epi32(u, 32 - LANE_BITS), 4);
    __m256i in_cell = _mm256_and_si256(_mm256_srli_epi32(u, 8), c->cell);
    __m256i lo = _mm256_and_si256(e, c->low16);
    __mmask8 past = _mm256_cmpge_epu32_mask(in_cell, _mm256_srli_epi32(e, 16));
    __m256i d = _mm256_mask_add_epi32(lo, past, lo, c->one);
    __m256i at = _mm256_add_epi32(*pos, d);
    __mmask8 full = _mm256_cmpneq_epi32_mask(d, c->reach);
    __mmask8 mut = full & _mm256_cmplt_epu32_mask(at, c->end);
    _mm256_storeu_si256((__m256i *)(void *)(m->at + n), _mm256_maskz_compress_epi32(mut, at));
    __m256i what = u;
    if (c->mode == SYMBOL_TABLE_EXACT) // step_row
        what = _mm256_slli_epi32(
            _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_and_si256(u, c->byte), c->w), 8), 8);
    _mm256_storeu_si256((__m256i *)(void *)(m->u + n), _mm256_maskz_compress_epi32(mut, what));
    *pos = _mm256_mask_add_epi32(at, full, at, c->one);
    return n + __builtin_popcount(mut);
}

// The PCG32 output of each of eight 64-bit states, as eight 32-bit words.
AVX512 static inline __m256i output8(__m512i old)
{
    __m512i xs = _mm512_srli_epi64(_mm512_xor_si512(_mm512_srli_epi64(old, 18), old), 27);
    return _mm512_cvtepi64_epi32(_mm512_rorv_epi32(xs, _mm512_srli_epi64(old, 59)));
}

AVX512 __attribute__((noinline)) static void lanes_avx512(const alGa *ga, uint8_t *g,
                                                          size_t total, alRng8 *lanes, alRng *v,
                                                          int mode, mut_list *m)
{
    uint32_t s0[MUTATE_LANES], e0[MUTATE_LANES];
    for (int l = 0; l < MUTATE_LANES; ++l) {
        s0[l] = (uint32_t)(total * (size_t)l / MUTATE_LANES);
        e0[l] = (uint32_t)(total * (size_t)(l + 1) / MUTATE_LANES);
    }
    const lanes_ctx c = {
        .end = _mm256_loadu_si256((const __m256i *)(const void *)e0),
        .reach = _mm256_set1_epi32(ga->reach),
        .one = _mm256_set1_epi32(1),
        .low16 = _mm256_set1_epi32(0xffff),
        .byte = _mm256_set1_epi32(0xff),
        .w = _mm256_set1_epi32((int)ga->b_creep.n),
        .cell = _mm256_set1_epi32((1 << (24 - LANE_BITS)) - 1),
        .table = (const int *)(const void *)ga->lane_gap,
        .mode = mode,
    };
    const uint64_t mul = 6364136223846793005ULL;
    const __m512i m1 = _mm512_set1_epi64((long long)mul);
    const __m512i m2 = _mm512_set1_epi64((long long)(mul * mul));
    __m512i st = _mm512_loadu_si512(lanes->state);
    const __m512i inc = _mm512_loadu_si512(lanes->inc);
    const __m512i inc2 = _mm512_mullo_epi64(inc, _mm512_set1_epi64((long long)(mul + 1)));
    __m256i pos = _mm256_loadu_si256((const __m256i *)(const void *)s0);
    int n = 0;
    for (;;) {
        __m512i st1 = _mm512_add_epi64(_mm512_mullo_epi64(st, m1), inc);
        __m256i u0 = output8(st), u1 = output8(st1);
        st = _mm512_add_epi64(_mm512_mullo_epi64(st, m2), inc2);
        n = lanes_round(&c, u0, &pos, m, n);
        if (!_mm256_cmplt_epu32_mask(pos, c.end)) break;
        n = lanes_round(&c, u1, &pos, m, n);
        if (n >= MUT_BUF) {
            apply(ga, g, m, n, v, mode);
            n = 0;
        }
        if (!_mm256_cmplt_epu32_mask(pos, c.end)) break;
    }
    apply(ga, g, m, n, v, mode);
}
#endif

// Byte genomes with 0 < rate < 1, the hot path: count rows from g.
void ga_mutate_bytes(const alGa *ga, uint8_t *g, int count, alRng8 *gaps, alRng *values)
{
    const size_t total = (size_t)count * ga->stride;
    int mode = !ga->creep_next           ? SYMBOL_GENERIC
               : ga->thresh8_creep == 0 ? SYMBOL_TABLE_EXACT
                                        : SYMBOL_TABLE;
    mut_list m;
    assert(total < (size_t)1 << 31 && "a block's genes are counted in 32 bits");
#ifdef LANES_AVX512
    if (ga->wide512 && ga->lane_exact) {
        lanes_avx512(ga, g, total, gaps, values, mode, &m);
        return;
    }
#endif
    lanes_scalar(ga, g, total, gaps, values, mode, &m);
}

// Mutates genome g: where from stream `gaps`, what from stream `values`;
// float genomes, and byte genomes with rate 0 or 1 (else mutate_bytes).
void ga_mutate(const alGa *ga, unsigned char *g, alRng *gaps, alRng *values)
{
    const int len = ga->len;
    if (ga->def.mutation_rate <= 0) return;
    if (ga->def.mutation_rate >= 1) {
        for (int j = 0; j < len; ++j)
            mutate_gene(ga, g, j, values);
        return;
    }
    for (int j = next_gap(ga->skip, ga->guide, gaps); j < len;
         j += 1 + next_gap(ga->skip, ga->guide, gaps))
        mutate_gene(ga, g, j, values);
}

