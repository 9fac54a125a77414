// Breeding one block of children: two parents per pair (ga_select.h),
// crossover, mutation (ga_mutate.c), and the evaluation of the new
// children while they are still in cache.
#include <math.h>
#include <string.h>

#include "ga_internal.h"
#include "ga_lanes.h"
#include "ga_select.h"

// 32 genes of uniform crossover in vector registers: bit i of a draw picks
// gene j0 + i from the second parent, as the 8-byte masks below do.
typedef uint8_t bytes32 __attribute__((vector_size(32)));
typedef uint32_t words8 __attribute__((vector_size(32)));

static inline void cross32(const unsigned char *restrict a, const unsigned char *restrict b,
                           unsigned char *restrict c0, unsigned char *restrict c1, uint32_t bits)
{
    // Byte j of the mask tests bit j: its byte j/8 (in-lane indices for
    // pshufb: the second 16 bytes read the same word's copy at 16..19).
    const bytes32 bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
                         1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const bytes32 from = {0,  0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1,  1,  1,  1,  1,
                          18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19};
#if defined(__clang__) // no variable-index __builtin_shuffle: the same bytes, built one by one
    (void)from;
    bytes32 spread;
    for (int j = 0; j < 32; ++j) spread[j] = (uint8_t)(bits >> (8 * (j / 8)));
#else
    bytes32 spread = __builtin_shuffle((bytes32)((words8){0} + bits), from);
#endif
    bytes32 m = (bytes32)((spread & bit) == bit), x, y;
    memcpy(&x, a, 32);
    memcpy(&y, b, 32);
    bytes32 d = (x ^ y) & m, o0 = x ^ d, o1 = y ^ d;
    memcpy(c0, &o0, 32);
    memcpy(c1, &o1, 32);
}

// The first 32 * chunks genes of a uniform byte crossover, compiled for
// AVX2 (called where the CPU has it: ga->wide). One call per pair: the
// breeding loop itself stays generic code.
__attribute__((target("avx2"), noinline)) static void cross_chunks_avx2(
    const unsigned char *restrict a, const unsigned char *restrict b, unsigned char *restrict c0,
    unsigned char *restrict c1, int chunks, alRng *rp)
{
    alRng r = *rp;
    for (int k = 0; k < chunks; ++k)
        cross32(a + 32 * k, b + 32 * k, c0 + 32 * k, c1 + 32 * k, alRng_Next(&r));
    *rp = r;
}

// A block's rows for crossover, read once (the byte stores below may alias
// anything, so a field read in the loop would be read again each pair):
// pair p's parents are rows par[2p], par[2p+1] of from, its children rows
// 2p, 2p+1 of to.
typedef struct block_rows {
    const unsigned char *from;
    unsigned char *to;
    size_t stride;
    int chunks; // 32-gene chunks a genome
} block_rows;

static inline block_rows rows_of_block(const alGa *ga, int nb, int first_row)
{
    return (block_rows){ga->genes[ga->cur], row(ga, nb, first_row), ga->stride, ga->len / 32};
}

// A block's pairs by uniform crossover at rate 1 (no coin to draw), byte
// genomes of a multiple of 32 genes, in AVX2: crossover()'s draws and
// genes pair by pair, without its call and set-up each pair.
__attribute__((target("avx2"), noinline)) static void cross_block_avx2(const alGa *ga, int nb,
                                                                       const int *par, int first_row,
                                                                       int npairs, alRng *rp)
{
    alRng r = *rp;
    const block_rows w = rows_of_block(ga, nb, first_row);
    for (int p = 0; p < npairs; ++p) {
        const unsigned char *a = w.from + (size_t)par[2 * p] * w.stride;
        const unsigned char *b = w.from + (size_t)par[2 * p + 1] * w.stride;
        unsigned char *c0 = w.to + 2 * (size_t)p * w.stride;
        for (int k = 0; k < w.chunks; ++k)
            cross32(a + 32 * k, b + 32 * k, c0 + 32 * k, c0 + w.stride + 32 * k, alRng_Next(&r));
    }
    *rp = r;
}

#ifdef LANES_AVX512
// cross_block_avx2 with 64 genes a masked byte blend (ga->wide512): two
// draws make the 64-bit mask, the first the low half, as cross32 takes
// them one 32-gene chunk after the other; an odd last chunk 32 genes.
AVX512 __attribute__((noinline)) static void cross_block_avx512(const alGa *ga, int nb,
                                                                const int *par, int first_row,
                                                                int npairs, alRng *rp)
{
    alRng r = *rp;
    const block_rows w = rows_of_block(ga, nb, first_row);
    const int chunks = w.chunks;
    for (int p = 0; p < npairs; ++p) {
        const unsigned char *a = w.from + (size_t)par[2 * p] * w.stride;
        const unsigned char *b = w.from + (size_t)par[2 * p + 1] * w.stride;
        unsigned char *c0 = w.to + 2 * (size_t)p * w.stride, *c1 = c0 + w.stride;
        int k = 0;
        for (; k + 2 <= chunks; k += 2) {
            uint64_t lo = alRng_Next(&r), m = lo | (uint64_t)alRng_Next(&r) << 32;
            __m512i x = _mm512_loadu_si512(a + 32 * k), y = _mm512_loadu_si512(b + 32 * k);
            _mm512_storeu_si512(c0 + 32 * k, _mm512_mask_blend_epi8(m, x, y));
            _mm512_storeu_si512(c1 + 32 * k, _mm512_mask_blend_epi8(m, y, x));
        }
        if (k < chunks) {
            __mmask32 m = alRng_Next(&r);
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(a + 32 * k));
            __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + 32 * k));
            _mm256_storeu_si256((__m256i *)(void *)(c0 + 32 * k), _mm256_mask_blend_epi8(m, x, y));
            _mm256_storeu_si256((__m256i *)(void *)(c1 + 32 * k), _mm256_mask_blend_epi8(m, y, x));
        }
    }
    *rp = r;
}
#endif

// ---- variation --------------------------------------------------------------------------

static void crossover(const alGa *ga, const unsigned char *restrict a,
                      const unsigned char *restrict b, unsigned char *restrict c0,
                      unsigned char *restrict c1, alRng *rp)
{
    alRng rl = *rp, *r = &rl; // a local stream: byte stores cannot alias it
    const int len = ga->len;
    const size_t gs = (size_t)ga->gsize, all = (size_t)len * gs;
    // A rate of 0 or 1 needs no draw (the default is 1).
    const uint64_t thr = ga->cross_thr;
    bool cross = len >= 2 && thr > 0 && (thr > UINT32_MAX || (uint64_t)alRng_Next(r) < thr);
    if (!cross) {
        memcpy(c0, a, all);
        memcpy(c1, b, all);
        *rp = rl;
        return;
    }
    switch (ga->def.crossover) {
    case AL_CROSS_ONE_POINT: {
        size_t cut = (1 + draw(r, ga->b_cut1)) * gs;
        memcpy(c0, a, cut);
        memcpy(c0 + cut, b + cut, all - cut);
        memcpy(c1, b, cut);
        memcpy(c1 + cut, a + cut, all - cut);
        break;
    }
    case AL_CROSS_TWO_POINT: {
        // Two distinct cuts in [1, len-1]; with len == 2 there is only one.
        uint32_t p = 1 + draw(r, ga->b_cut1), q = p;
        if (len > 2) {
            q = 1 + draw(r, ga->b_cut2);
            if (q >= p) q++;
        }
        size_t lo = (p < q ? p : q) * gs, hi = (p < q ? q : p) * gs;
        if (lo == hi) hi = all; // len == 2: the tail is the segment
        memcpy(c0, a, all);
        memcpy(c1, b, all);
        memcpy(c0 + lo, b + lo, hi - lo);
        memcpy(c1 + lo, a + lo, hi - lo);
        break;
    }
    case AL_CROSS_UNIFORM:
        if (gs == 1) {
            // 32 genes at a time in vector registers where the CPU has AVX2
            // (ga->wide); else 8 at a time: 8 random bits become an 8-byte mask.
            int j = 0;
            if (ga->wide && len >= 32) {
                cross_chunks_avx2(a, b, c0, c1, len / 32, r);
                j = len & ~31;
            }
            for (; j + 32 <= len; j += 32) {
                uint32_t bits = alRng_Next(r);
                for (int q = 0; q < 4; ++q) {
                    uint64_t m = ga->cross_mask[(bits >> (8 * q)) & 0xffu], x, y;
                    memcpy(&x, a + j + 8 * q, 8);
                    memcpy(&y, b + j + 8 * q, 8);
                    uint64_t o0 = (x & ~m) | (y & m), o1 = (y & ~m) | (x & m);
                    memcpy(c0 + j + 8 * q, &o0, 8);
                    memcpy(c1 + j + 8 * q, &o1, 8);
                }
            }
            if (j < len) {
                uint32_t bits = alRng_Next(r);
                for (; j < len; ++j, bits >>= 1) {
                    uint8_t m = (uint8_t) - (uint8_t)(bits & 1u);
                    c0[j] = (uint8_t)((a[j] & ~m) | (b[j] & m));
                    c1[j] = (uint8_t)((b[j] & ~m) | (a[j] & m));
                }
            }
        } else {
            const uint32_t *fa = (const uint32_t *)(const void *)a;
            const uint32_t *fb = (const uint32_t *)(const void *)b;
            uint32_t *o0 = (uint32_t *)(void *)c0, *o1 = (uint32_t *)(void *)c1;
            for (int j0 = 0; j0 < len; j0 += 32) {
                uint32_t bits = alRng_Next(r);
                int end = j0 + 32 < len ? j0 + 32 : len;
                for (int j = j0; j < end; ++j) {
                    uint32_t m = (uint32_t) - ((bits >> (j - j0)) & 1u);
                    o0[j] = (fa[j] & ~m) | (fb[j] & m);
                    o1[j] = (fb[j] & ~m) | (fa[j] & m);
                }
            }
        }
        break;
    }
    *rp = rl;
}

void ga_breed_block(alGa *ga, int nb, int block, int first_child, int pairs, int64_t *evals)
{
    // Four streams per block: the first parent and crossover, the second
    // parent, mutation gaps, mutation values. Separate chains let the CPU
    // draw them in parallel. Byte genomes (the strings' hot path) draw their
    // parents from eight lanes at once instead (ga_select_lanes.c).
    const bool lanes = ga->def.type == AL_GENOME_BYTES;
    alRng r = alRng_Stream(ga->seed, stream_id(ga, KIND_BREED, ga->gen, (uint64_t)block));
    alRng r2 = {0, 1};
    if (!lanes) r2 = alRng_Stream(ga->seed, stream_id(ga, KIND_MATE, ga->gen, (uint64_t)block));
    const bool rows_at_once = ga->def.type == AL_GENOME_BYTES && ga->def.mutation_rate > 0 &&
                              ga->def.mutation_rate < 1;
    // Mutation gaps: one stream, or eight lanes (rows_at_once, below).
    alRng rg = {0, 1};
    if (!rows_at_once)
        rg = alRng_Stream(ga->seed, stream_id(ga, KIND_GAPS, ga->gen, (uint64_t)block));
    alRng rv = alRng_Stream(ga->seed, stream_id(ga, KIND_VALUES, ga->gen, (uint64_t)block));
    const int cur = ga->cur;
    int p0 = block * ga->block_pairs, p1 = p0 + ga->block_pairs;
    if (p1 > pairs) p1 = pairs;
    int64_t done = 0;
    int par[2 * BYTE_BLOCK_PAIRS];
    alRng8 sel, gaps; // byte genomes: selection lanes; mutation lanes (rows_at_once)
    if (lanes) {
        uint64_t s_id = stream_id(ga, KIND_SELECT, ga->gen, (uint64_t)block);
        if (rows_at_once) // both seeded together: two chains the CPU overlaps
            alRng8_Stream2(ga->seed, s_id, stream_id(ga, KIND_GAPS, ga->gen, (uint64_t)block),
                           &sel, &gaps);
        else
            sel = alRng8_Stream(ga->seed, s_id);
        ga_select_lanes(ga, &sel, 2 * (p1 - p0), par);
    }
    const bool block_cross = lanes && ga->wide && ga->def.crossover == AL_CROSS_UNIFORM &&
                             ga->cross_thr > UINT32_MAX && ga->len % 32 == 0;
    if (block_cross) {
#ifdef LANES_AVX512
        if (ga->wide512)
            cross_block_avx512(ga, nb, par, first_child + 2 * p0, p1 - p0, &r);
        else
#endif
            cross_block_avx2(ga, nb, par, first_child + 2 * p0, p1 - p0, &r);
        if (!rows_at_once)
            for (int i = first_child + 2 * p0; i < first_child + 2 * p1; ++i)
                ga_mutate(ga, row(ga, nb, i), &rg, &rv);
    }
    for (int p = p0; p < p1 && !block_cross; ++p) {
        int a, b;
        if (lanes) {
            a = par[2 * (p - p0)];
            b = par[2 * (p - p0) + 1];
        } else {
            a = select_one(ga, &r);
            b = select_one(ga, &r2);
        }
        int i0 = first_child + 2 * p, i1 = i0 + 1; // i1 may be the spare row n
        unsigned char *c0 = row(ga, nb, i0), *c1 = row(ga, nb, i1);
        crossover(ga, row(ga, cur, a), row(ga, cur, b), c0, c1, &r);
        if (!rows_at_once) {
            ga_mutate(ga, c0, &rg, &rv);
            ga_mutate(ga, c1, &rg, &rv);
        }
    }
    // The block's children are consecutive rows: byte genomes mutate as one
    // run of genes in eight lanes (ga_mutate.c), then all are evaluated,
    // still in cache.
    if (rows_at_once) {
        ga_mutate_bytes(ga, row(ga, nb, first_child + 2 * p0), 2 * (p1 - p0), &gaps, &rv);
    }
    if (ga->def.fitness && ga->def.fitness_rows) { // the block's children in one call
        int i0 = first_child + 2 * p0, count = 2 * (p1 - p0);
        if (i0 + count > ga->n) count = ga->n - i0; // not the spare row
        ga->def.fitness_rows(row(ga, nb, i0), ga->stride, count, ga->len, ga->fit[nb] + i0,
                             ga->def.fitness_ctx);
        *evals += count;
        return;
    }
    for (int p = p0; p < p1; ++p) {
        int i0 = first_child + 2 * p, i1 = i0 + 1;
        unsigned char *c0 = row(ga, nb, i0), *c1 = row(ga, nb, i1);
        if (ga->def.fitness) {
            ga->fit[nb][i0] = ga->def.fitness(c0, ga->len, ga->def.fitness_ctx);
            done++;
            if (i1 < ga->n) {
                ga->fit[nb][i1] = ga->def.fitness(c1, ga->len, ga->def.fitness_ctx);
                done++;
            }
        } else {
            ga->fit[nb][i0] = ga->fit[nb][i1] = NAN;
        }
    }
    *evals += done;
}

