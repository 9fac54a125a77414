// Per-gene mutation: where from a geometric gap, what from a second stream
// (see ga_internal.h for why it is shaped so).
#include "ga_internal.h"

// The gap to the next mutated gene, or len (none within the genome): the
// first j with u < skip[j]. The guide table narrows the search to the few
// entries whose thresholds share u's top GUIDE_BITS bits (usually none or
// one), so a draw costs O(1) instead of a binary search.
static inline int next_gap_bits(const uint32_t *restrict s, const int *restrict guide, alRng *r,
                                uint32_t *low8)
{
    uint32_t u = alRng_Next(r);
    *low8 = u & 0xffu;
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
    uint32_t unused;
    return next_gap_bits(s, guide, r, &unused);
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

// Mutates the rows g, g + stride, ... up to end (len genes each) as one
// sequence of genes. The gap to the next mutated gene runs on from one row
// into the next: the gap is geometric, so memoryless, and every gene still
// mutates with the rate, independently, but no draw is spent on finding
// that a row has no more mutations. A draw of `len` means "none of the next
// len genes" (the table's last entry), and the gap goes on from there.
// Where from the gap draw's top 24 bits, what from its low 8. Everything
// the loop reads is copied into locals, the streams too, because a store
// through a byte pointer may alias anything.
static inline void mutate_rows(const alGa *ga, uint8_t *g, const uint8_t *end, alRng *gp,
                               alRng *vp, int mode)
{
    alRng r = *gp, v = *vp; // gaps and values: two independent chains the CPU overlaps
    const int len = ga->len;
    const size_t stride = ga->stride;
    const uint32_t *restrict skip = ga->skip;
    const int *restrict guide = ga->guide;
    const uint8_t *restrict t = ga->creep_next;
    const bound bc = ga->b_creep;
    const uint32_t th = ga->thresh8_creep, w = bc.n;
#define NEW_SYMBOL(x)                                                                              \
    do {                                                                                           \
        if (mode == SYMBOL_TABLE_EXACT)                                                            \
            *(x) = t[*(x) * w + ((b * w) >> 8)];                                                   \
        else if (mode == SYMBOL_TABLE)                                                             \
            *(x) = t[*(x) * w + draw8(b, bc, th, &v)];                                             \
        else                                                                                       \
            *(x) = new_symbol(ga, *(x), b, &v);                                                    \
    } while (0)
    if (stride == (size_t)len) {
        // Unpadded rows are one run of genes in memory too: no row to track,
        // and no branch (a coin flip for the predictor) at each row's end.
        // The same draws and the same genes as the loop below.
        const size_t total = (size_t)(end - g);
        size_t at = 0;
        for (;;) {
            uint32_t b;
            int d = next_gap_bits(skip, guide, &r, &b);
            at += (size_t)d;
            if (at >= total) break;
            if (d == len) continue; // no mutation among those len genes
            NEW_SYMBOL(g + at);
            at++;
        }
        *gp = r;
        *vp = v;
        return;
    }
    int j = 0;
    for (;;) {
        uint32_t b;
        int d = next_gap_bits(skip, guide, &r, &b);
        j += d;
        if (j >= len) { // on to the next row (d == len always comes here)
            do {
                j -= len;
                g += stride;
                if (g == end) {
                    *gp = r;
                    *vp = v;
                    return;
                }
            } while (j >= len);
            if (d == len) continue; // no mutation among those len genes
        }
        NEW_SYMBOL(g + j);
        j++;
    }
#undef NEW_SYMBOL
}

// Byte genomes with 0 < rate < 1, the hot path: count rows from g.
void ga_mutate_bytes(const alGa *ga, uint8_t *g, int count, alRng *gaps, alRng *values)
{
    const uint8_t *end = g + (size_t)count * ga->stride;
    if (ga->creep_next && ga->thresh8_creep == 0)
        mutate_rows(ga, g, end, gaps, values, SYMBOL_TABLE_EXACT);
    else if (ga->creep_next)
        mutate_rows(ga, g, end, gaps, values, SYMBOL_TABLE);
    else
        mutate_rows(ga, g, end, gaps, values, SYMBOL_GENERIC);
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

