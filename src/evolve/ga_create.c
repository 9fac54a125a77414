// Creating and destroying a GA: the buffers, generation 0, and the tables
// the breeding pass reads (bounds, the mutation-gap inverse CDF with its
// guide, crossover masks, the creep table).
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/threads.h"
#include "ga_internal.h"

// A probability p as a 33-bit threshold: alRng_Next() < t happens with p.
static uint64_t prob_threshold(double p)
{
    if (p <= 0) return 0;
    if (p >= 1) return (uint64_t)1 << 32;
    return (uint64_t)ldexp(p, 32);
}

// Spreads the 8 bits of b into an 8-byte mask: byte i is 0xff when bit i
// is set (the table of uniform crossover's masks, 8 genes at a time).
static inline uint64_t byte_mask(uint32_t b)
{
    uint64_t x = ((uint64_t)(b & 0xffu) * 0x0101010101010101ULL) & 0x8040201008040201ULL;
    uint64_t t = ((x + 0x7f7f7f7f7f7f7f7fULL) & 0x8080808080808080ULL) >> 7;
    return t * 0xffu;
}
static void random_genome(alGa *ga, unsigned char *g, alRng *r)
{
    if (ga->def.type == AL_GENOME_BYTES) {
        bound b = make_bound((uint32_t)ga->def.alphabet_size);
        for (int j = 0; j < ga->len; ++j)
            g[j] = ga->alpha[draw(r, b)];
    } else {
        float *f = (float *)(void *)g;
        for (int j = 0; j < ga->len; ++j)
            f[j] = alRng_Range(r, ga->def.init_min, ga->def.init_max);
    }
}

// The mutation lanes' gap table (see lane_gap in ga_internal.h): cells of
// the draws' top LANE_BITS bits, each with the gap below its threshold and
// the threshold's place in it. The reach is cut before the first two
// thresholds that share a cell, so that each holds at most one (a longer
// gap is two draws: the rate stays exact), but not below LANE_REACH_MIN:
// there the thresholds are too close for the table, and the search
// answers up to len instead (lane_exact false).
static void build_lane_table(alGa *ga)
{
    const int cell_bits = 24 - LANE_BITS;
    const uint32_t cell = 1u << cell_bits;
    int reach = ga->len;
    for (int j = 1; j < ga->len; ++j)
        if (ga->skip[j] >> 8 >> cell_bits == ga->skip[j - 1] >> 8 >> cell_bits) {
            reach = j;
            break;
        }
    ga->lane_exact = reach == ga->len || reach >= LANE_REACH_MIN;
    if (!ga->lane_exact) reach = ga->len;
    ga->reach = reach;
    int j = 0;
    for (uint32_t k = 0; k < (1u << LANE_BITS); ++k) {
        uint32_t base = k << cell_bits, thr = cell;
        while (j < reach && ga->skip[j] >> 8 <= base)
            ++j;
        if (j < reach && ga->skip[j] >> 8 < base + cell) thr = (ga->skip[j] >> 8) - base;
        ga->lane_gap[k] = ((uint32_t)j & 0xffffu) | thr << 16;
    }
}

// Inverse CDF of the gap before the next mutated gene: P(gap = j) =
// p (1-p)^j. skip[j] = 2^32 P(gap <= j) for j < len; a draw r gives the
// first j with r < skip[j], or "none within reach" when there is none.
// Gaps beyond len never matter, since a genome is only len long.
static void build_skip_table(alGa *ga)
{
    double p = ga->def.mutation_rate, q = 1.0 - p, tail = 1.0;
    for (int j = 0; j < ga->len; ++j) {
        tail *= q; // P(gap > j)
        // Multiples of 2^8: the gap depends on a draw's top 24 bits only, so
        // its low 8 bits stay free for the mutated gene's new value.
        double c = ldexp(1.0 - tail, 24);
        ga->skip[j] = c >= 16777215.0 ? 0xffffff00u : (uint32_t)c << 8;
    }
    if (p >= 1.0)
        for (int j = 0; j < ga->len; ++j)
            ga->skip[j] = 0xffffffffu;
    // p = 1: u = 2^32-1 must still give gap 0, so the last threshold is
    // treated as 2^32 (every draw is below it).
    int j = 0;
    for (int k = 0; k <= (1 << GUIDE_BITS); ++k) {
        uint64_t lowest = (uint64_t)k << (32 - GUIDE_BITS);
        while (j < ga->len && (p >= 1.0 ? (uint64_t)1 << 32 : (uint64_t)ga->skip[j]) <= lowest)
            ++j;
        ga->guide[k] = j;
    }
    // Cells holding a threshold are marked by complementing their entry, so
    // a draw into a cell without one (most of them) costs one load.
    for (int k = 0; k < (1 << GUIDE_BITS); ++k)
        if (ga->guide[k + 1] != ga->guide[k]) ga->guide[k] = ~ga->guide[k];
    build_lane_table(ga);
}

alResult alGa_SetMutationRate(alGa *ga, double rate, alError *err)
{
    if (!(rate >= 0 && rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG, "ga.mutation_rate = %g is not a probability (allowed: 0 to 1)",
                           rate);
    ga->def.mutation_rate = rate;
    build_skip_table(ga); // the gaps between mutated genes follow the rate
    return AL_OK;
}

double alGa_MutationRate(const alGa *ga) { return ga->def.mutation_rate; }

alResult alCreateGa(const alGaDef *def, uint64_t seed, alGa **out, alError *err)
{
    *out = NULL;
    alResult r = alGaDef_Validate(def, "ga.", err);
    if (r != AL_OK) return r;
    alGa *ga = calloc(1, sizeof *ga);
    if (!ga) return alError_Set(err, AL_ERR_NOMEM, "out of memory creating the GA");
    ga->def = *def;
    ga->seed = seed;
    ga->n = def->population;
    ga->len = def->length;
    ga->gsize = def->type == AL_GENOME_BYTES ? 1 : (int)sizeof(float);
    // Rows padded to 16 bytes keep the byte loops aligned for the vectoriser.
    ga->stride = ((size_t)ga->len * (size_t)ga->gsize + 15u) & ~(size_t)15u;
    memset(ga->alpha_index, 0xff, sizeof ga->alpha_index);
    if (def->type == AL_GENOME_BYTES) {
        int na = def->alphabet ? def->alphabet_size : 256;
        for (int i = 0; i < na; ++i) {
            ga->alpha[i] = def->alphabet ? def->alphabet[i] : (uint8_t)i;
            ga->alpha_index[ga->alpha[i]] = (int16_t)i;
        }
        ga->def.alphabet_size = na;
    }
    ga->def.alphabet = NULL; // never kept: the copy in alpha[] is used
    ga->n_elite = def->elites * def->elite_copies;
    size_t rows = (size_t)ga->n + 1;
    for (int b = 0; b < 2; ++b) {
        // On a cache-line boundary (aligned_alloc wants a multiple of it):
        // with 64-byte rows, two threads' children never share a line.
        ga->genes[b] = aligned_alloc(64, (rows * ga->stride + 63u) & ~(size_t)63u);
        ga->fit[b] = malloc(rows * sizeof(double));
    }
    ga->best_ever = calloc(1, ga->stride);
    ga->elite_idx = malloc(((size_t)def->elites + 1) * sizeof(int));
    ga->key = malloc((size_t)ga->n * sizeof(double));
    ga->cum = malloc((size_t)ga->n * sizeof(double));
    ga->order = malloc((size_t)ga->n * sizeof(int));
    ga->tmp = malloc((size_t)ga->n * sizeof(int));
    ga->skip = malloc((size_t)ga->len * sizeof(uint32_t));
    ga->guide = malloc(((1u << GUIDE_BITS) + 1) * sizeof(int));
    if (!ga->genes[0] || !ga->genes[1] || !ga->fit[0] || !ga->fit[1] || !ga->best_ever ||
        !ga->elite_idx || !ga->key || !ga->cum || !ga->order || !ga->tmp || !ga->skip ||
        !ga->guide) {
        alDestroyGa(ga);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory for a population of %d x %d genes",
                           def->population, def->length);
    }
    memset(ga->genes[0], 0, rows * ga->stride);
    memset(ga->genes[1], 0, rows * ga->stride);
    ga->n_trunc = (int)ceil(def->truncation * ga->n);
    if (ga->n_trunc < 1) ga->n_trunc = 1;
    if (ga->n_trunc > ga->n) ga->n_trunc = ga->n;
    ga->b_pop = make_bound((uint32_t)ga->n);
    ga->thresh16_pop = ga->n <= 65536 ? 65536u % (uint32_t)ga->n : 0;
    ga->b_trunc = make_bound((uint32_t)ga->n_trunc);
    ga->b_cut1 = make_bound(ga->len > 1 ? (uint32_t)ga->len - 1 : 1);
    ga->b_cut2 = make_bound(ga->len > 2 ? (uint32_t)ga->len - 2 : 1);
    ga->b_reset = make_bound(ga->def.alphabet_size > 1 ? (uint32_t)ga->def.alphabet_size - 1 : 1);
    ga->b_creep = make_bound(def->creep > 0 ? 2u * (uint32_t)def->creep : 2u);
    ga->cross_thr = prob_threshold(def->crossover_rate);
    ga->thresh8_creep = ga->b_creep.n <= 256 ? 256u % ga->b_creep.n : 256u;
    ga->thresh8_reset = 256u % ga->b_reset.n;
    build_skip_table(ga);
    for (uint32_t b = 0; b < 256; ++b)
        ga->cross_mask[b] = byte_mask(b);
    if (def->type == AL_GENOME_BYTES && def->mutation == AL_MUTATE_CREEP &&
        2 * def->creep <= CREEP_TABLE_MAX) {
        int w = 2 * def->creep;
        ga->creep_next = calloc((size_t)256 * (size_t)w, 1);
        ga->creep_step = calloc((size_t)256 * (size_t)w, 1);
        if (!ga->creep_next || !ga->creep_step) {
            alDestroyGa(ga);
            return alError_Set(err, AL_ERR_NOMEM, "out of memory");
        }
        for (int a = 0; a < ga->def.alphabet_size; ++a)
            for (int d = 0; d < w; ++d)
                ga->creep_next[ga->alpha[a] * w + d] = ga->creep_step[d * 256 + ga->alpha[a]] =
                    ga->alpha[creep_index(d, a, def->creep, ga->def.alphabet_size)];
    }
#if defined(__x86_64__) || defined(__i386__)
    ga->wide = __builtin_cpu_supports("avx2");
    ga->wide512 = ga->wide && __builtin_cpu_supports("avx512f") &&
                  __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
                  __builtin_cpu_supports("avx512bw");
#endif
    ga->block_pairs = def->type == AL_GENOME_BYTES ? BYTE_BLOCK_PAIRS : BLOCK_PAIRS;
    ga->threads = alThreads_Resolve(def->threads);
    alPacer_Init(&ga->pacer, PACER_BURST, PACER_GAP_MIN, PACER_GAP_MAX, PACER_MEMORY);
    ga->best_ever_fit = NAN;
    for (int i = 0; i <= ga->n; ++i)
        ga->fit[0][i] = ga->fit[1][i] = NAN;
    ga->pending = ga->n;
    // Generation 0, in blocks like the breeding pass.
    int blocks = (ga->n + 2 * BLOCK_PAIRS - 1) / (2 * BLOCK_PAIRS);
    for (int b = 0; b < blocks; ++b) {
        alRng rng = alRng_Stream(seed, stream_id(ga, KIND_INIT, 0, (uint64_t)b));
        int end = (b + 1) * 2 * BLOCK_PAIRS;
        if (end > ga->n) end = ga->n;
        for (int i = b * 2 * BLOCK_PAIRS; i < end; ++i)
            random_genome(ga, row(ga, 0, i), &rng);
    }
    *out = ga;
    return AL_OK;
}

void alDestroyGa(alGa *ga)
{
    if (!ga) return;
    for (int b = 0; b < 2; ++b) {
        free(ga->genes[b]);
        free(ga->fit[b]);
    }
    free(ga->best_ever);
    free(ga->elite_idx);
    free(ga->key);
    free(ga->cum);
    free(ga->order);
    free(ga->tmp);
    free(ga->skip);
    free(ga->guide);
    free(ga->creep_next);
    free(ga->creep_step);
    free(ga);
}

// What alCreateGa allocates for def, in bytes (checked by alModule_EstimateBytes
// before a run allocates: a population too big for memory is refused with
// the keys that drive it instead of dying half-way through).
double alGa_EstimateBytes(const alGaDef *def)
{
    double n = (double)def->population + 1.0;
    double gsize = def->type == AL_GENOME_BYTES ? 1.0 : (double)sizeof(float);
    double stride = (double)(((size_t)def->length * (size_t)gsize + 15u) & ~(size_t)15u);
    return 2.0 * n * (stride + sizeof(double)) + n * (2.0 * sizeof(double) + 2.0 * sizeof(int)) +
           (double)def->length * sizeof(uint32_t) + ((1u << GUIDE_BITS) + 1) * sizeof(int) + stride +
           2.0 * 256.0 * 2.0 * def->creep;
}
