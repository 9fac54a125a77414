// The GA engine: selection, crossover, mutation, elitism, statistics.
//
// Speed matters (EStrings asks for 20,000 generations of 1,000 x 64 genes per
// second), so the breeding pass is written to draw few random numbers:
//  - mutation positions come from a geometric skip (the gap to the next
//    mutated gene), sampled from a precomputed inverse-CDF table (with a
//    guide table: O(1)) with one 32-bit draw, instead of one Bernoulli draw
//    per gene; the gap uses the draw's top 24 bits, and its low 8 bits pick
//    the new symbol (creep through a lookup table); the gap runs on from
//    one child into the next (a block's children are one run of genes), so
//    no draw is spent on each child's end;
//  - bounded integers use Lemire's multiply-and-reject (no division);
//  - tournaments compare without branches; uniform crossover mixes 8 genes
//    at a time through a byte mask;
//  - children are bred in pairs (one selection per parent, two children),
//    and evaluated right after their block (16 pairs) is made, while still
//    in cache.
// Children are bred in fixed blocks of pairs, each block with its own PCG32
// streams derived from (seed, generation, block): one per parent, one for
// mutation gaps, one for new values (independent chains the CPU overlaps).
// So threads only change who computes a block, never what it contains, and
// the engine may choose between one thread and several at run time (see
// choose_parallel) without changing any result.
#include "alife/ga.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "alife/pacer.h"
#include "alife/rng.h"
#include "alife/threads.h"

enum {
    GUIDE_BITS = 10,            // top bits of a draw indexing the mutation-gap guide table
    CREEP_TABLE_MAX = 32,       // widest creep (2*creep choices) given a lookup table
    PACER_BURST = 8,            // epochs in a try of the other thread mode (one warm-up)
    PACER_GAP_MIN = 64,         // epochs between the first tries (see alife/pacer.h)
    PACER_GAP_MAX = 16384,      // ... and at most, after tries kept losing
    PACER_MEMORY = 1024,        // epochs its mean costs span: a stall of a scheduler
                                // slice (~100 epochs) then weighs about what it costs
    PARALLEL_MIN_GENES = 16384, // smaller generations breed on one thread
    BLOCK_PAIRS = 16,           // pairs of children per random stream (fixed: results depend on it)
    KIND_INIT = 1,              // stream kinds, mixed into the stream id
    KIND_BREED = 2,
    KIND_DIVERSITY = 3,
    KIND_GAPS = 4,
    KIND_VALUES = 5,
    KIND_MATE = 6,
};

// An integer range [0, n) with its rejection threshold for Lemire's method.
typedef struct bound {
    uint32_t n, thresh;
} bound;

static bound make_bound(uint32_t n)
{
    bound b = {n, n ? (uint32_t)(-n) % n : 0};
    return b;
}

static inline uint32_t draw(alRng *r, bound b);

// draw() out of line, for rare redraws: kept out of the hot loops so that
// they keep their streams in registers.
static __attribute__((noinline, cold)) uint32_t redraw(alRng *r, bound b)
{
    return draw(r, b);
}

// A uniform integer in [0, b.n) (b.n <= 65536) from 16 random bits
// (Lemire's method on 16 bits: two draws from one 32-bit number), or a
// fresh 32-bit draw from r when those 16 bits would give a biased one
// (probability (65536 mod n) / 65536; the redraw is independent, so the
// result stays exactly uniform).
static inline uint32_t draw16(uint32_t bits16, bound b, uint32_t thresh16, alRng *r)
{
    uint32_t m = bits16 * b.n;
    if ((m & 0xffffu) < thresh16) return redraw(r, b);
    return m >> 16;
}

static inline uint32_t draw(alRng *r, bound b)
{
    uint64_t m = (uint64_t)alRng_Next(r) * b.n;
    uint32_t low = (uint32_t)m;
    if (low < b.n) {
        while (low < b.thresh) {
            m = (uint64_t)alRng_Next(r) * b.n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

// Creep: draw d in [0, 2k) means steps -k..-1 then 1..k along the alphabet
// from index at, wrapping around. Branch-free: the sign and the wrap are
// coin flips to the branch predictor.
static inline int creep_index(int d, int at, int k, int na)
{
    int down = -(d < k);
    int to = at + ((-(d + 1)) & down) + ((d - k + 1) & ~down);
    to += na & -(to < 0);
    to -= na & -(to >= na); // |step| < na, so one wrap is enough
    return to;
}

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

struct alGa {
    alGaDef def;
    uint8_t alpha[256];
    int16_t alpha_index[256]; // position of a byte in alpha, -1 if absent
    uint64_t seed;
    int n, len, gsize;       // population, genes, bytes per gene
    size_t stride;           // bytes per genome in the buffers
    unsigned char *genes[2]; // n+1 rows each: the spare row takes an odd pair's second child
    double *fit[2];
    int cur;       // buffer of the current generation
    bool has_last; // buffer 1-cur holds a closed generation
    int64_t gen;
    int64_t evaluations;
    int pending; // individuals of the current generation without a fitness
    alGaStats last;
    unsigned char *best_ever;
    double best_ever_fit;
    int64_t best_ever_gen;
    int n_elite;    // elites * elite_copies
    int *elite_idx; // elites of the generation being closed
    // selection scratch
    double *key; // fitness in the "higher is better" sense
    double *cum; // roulette / rank cumulative weights
    int *order;  // indices sorted best first (rank, truncation)
    int *tmp;    // merge-sort scratch
    int n_trunc;
    bound b_pop, b_trunc, b_cut1, b_cut2, b_reset, b_creep;
    uint64_t cross_thr;
    uint32_t *skip; // mutation gap inverse CDF: first j with r < skip[j]; len entries
    uint32_t thresh8_creep, thresh8_reset; // 256 mod n: spare 8-bit draws below it are rejected
    uint32_t thresh16_pop; // 65536 mod n (n <= 65536): 16-bit tournament draws below it rejected
    uint64_t cross_mask[256]; // uniform crossover: byte i of cross_mask[b] is 0xff if bit i of b
    uint8_t *creep_next; // creep with 2*creep <= CREEP_TABLE_MAX: [byte * 2*creep + d] -> new byte
    int *guide; // (1 << GUIDE_BITS) + 1 entries: guide[k] = first j with skip[j] > k << (32 -
                // GUIDE_BITS), complemented (~j) when cell k holds a threshold
    int threads;
    alPacer pacer; // breeding on one thread or all (see alife/pacer.h)
    char error[512];
};

// ---- names -----------------------------------------------------------------

static const char *const selection_names[] = {"roulette", "tournament", "rank", "truncation"};
static const char *const crossover_names[] = {"one_point", "two_point", "uniform"};
static const char *const mutation_names[] = {"reset", "creep", "gaussian", "uniform"};
static const char *const stop_names[] = {"running", "target reached", "max generations", "stalled",
                                         "error"};

const char *alSelection_Name(alSelection s)
{
    return (unsigned)s < 4 ? selection_names[s] : "?";
}
const char *alCrossover_Name(alCrossover c)
{
    return (unsigned)c < 3 ? crossover_names[c] : "?";
}
const char *alMutation_Name(alMutation m)
{
    return (unsigned)m < 4 ? mutation_names[m] : "?";
}
const char *alGaStop_Name(alGaStop s)
{
    return (unsigned)s < 5 ? stop_names[s] : "?";
}

// ---- definition --------------------------------------------------------------

alGaDef alDefaultGaDef(void)
{
    alGaDef d;
    memset(&d, 0, sizeof d);
    d.type = AL_GENOME_BYTES;
    d.population = 100;
    d.length = 16;
    d.init_min = -1.0f;
    d.init_max = 1.0f;
    d.diversity_sample = 32;
    d.stream = 0x6a;
    // The operators' defaults are the schema's [ga] section (ga_config.c),
    // read through a config of defaults so that they are written only once.
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "estrings"; // a module with no overrides of [ga]
    alConfig *cfg = alCreateConfig(&cd, NULL);
    assert(cfg && "out of memory building the GA's defaults");
    if (cfg) alGaDef_FromConfig(&d, cfg, NULL);
    alDestroyConfig(cfg);
    return d;
}

alResult alGaDef_Validate(const alGaDef *d, const char *prefix, alError *err)
{
    const char *p = prefix ? prefix : "";
    if (d->type != AL_GENOME_BYTES && d->type != AL_GENOME_FLOATS)
        return alError_Set(err, AL_ERR_CONFIG, "GA genome type %d is neither bytes nor floats",
                           (int)d->type);
    if (d->population < 2)
        return alError_Set(
            err, AL_ERR_CONFIG,
            "population = %d: a GA needs at least 2 individuals (allowed: 2 or more)",
            d->population);
    if (d->length < 1)
        return alError_Set(err, AL_ERR_CONFIG, "genome length = %d (allowed: 1 or more)",
                           d->length);
    if (!(d->crossover_rate >= 0 && d->crossover_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%scrossover_rate = %g is not a probability (allowed: 0 to 1)", p,
                           d->crossover_rate);
    if (!(d->mutation_rate >= 0 && d->mutation_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%smutation_rate = %g is not a probability (allowed: 0 to 1)", p,
                           d->mutation_rate);
    if ((unsigned)d->selection > AL_SELECT_TRUNCATION)
        return alError_Set(err, AL_ERR_CONFIG, "%sselection = %d is unknown", p, (int)d->selection);
    if ((unsigned)d->crossover > AL_CROSS_UNIFORM)
        return alError_Set(err, AL_ERR_CONFIG, "%scrossover = %d is unknown", p, (int)d->crossover);
    if (d->selection == AL_SELECT_TOURNAMENT &&
        (d->tournament_k < 1 || d->tournament_k > d->population))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%stournament_k = %d (allowed: 1 to the population, %d)", p,
                           d->tournament_k, d->population);
    if (d->selection == AL_SELECT_TRUNCATION && !(d->truncation > 0 && d->truncation <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%struncation = %g (allowed: more than 0, at most 1)", p, d->truncation);
    if (d->selection == AL_SELECT_ROULETTE && d->negative == AL_GA_NEGATIVE_REFUSE && d->minimise)
        return alError_Set(err, AL_ERR_CONFIG,
                           "roulette that refuses negative fitness needs a maximised fitness");
    if (d->elites < 0 || d->elite_copies < 1)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%selites = %d, %selite_copies = %d (allowed: elites >= 0, copies >= 1)",
                           p, d->elites, p, d->elite_copies);
    if ((int64_t)d->elites * d->elite_copies >= d->population)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%selites = %d x %selite_copies = %d leaves no room for children in a "
                           "population of %d (allowed: elites x copies < population)",
                           p, d->elites, p, d->elite_copies, d->population);
    if (d->max_generations < 0 || d->stall_generations < 0)
        return alError_Set(
            err, AL_ERR_CONFIG,
            "max_generations = %lld, %sstall_generations = %lld (allowed: 0 = never, or more)",
            (long long)d->max_generations, p, (long long)d->stall_generations);
    if (d->has_target && !isfinite(d->target_fitness))
        return alError_Set(err, AL_ERR_CONFIG, "target fitness %g is not a finite number",
                           d->target_fitness);
    if (d->diversity_sample < 1)
        return alError_Set(err, AL_ERR_CONFIG, "diversity_sample = %d (allowed: 1 or more)",
                           d->diversity_sample);
    if (d->threads < 0)
        return alError_Set(err, AL_ERR_CONFIG, "threads = %d (allowed: 0 = OpenMP's default, or more)",
                           d->threads);
    if (d->type == AL_GENOME_BYTES) {
        if (d->mutation != AL_MUTATE_RESET && d->mutation != AL_MUTATE_CREEP)
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%smutation = '%s' is for float genomes (allowed for strings: reset|creep)", p,
                alMutation_Name(d->mutation));
        int na = d->alphabet ? d->alphabet_size : 256;
        if (na < 2 || na > 256)
            return alError_Set(err, AL_ERR_CONFIG, "alphabet of %d symbols (allowed: 2 to 256)",
                               na);
        if (d->alphabet) {
            bool seen[256] = {false};
            for (int i = 0; i < na; ++i) {
                if (seen[d->alphabet[i]])
                    return alError_Set(err, AL_ERR_CONFIG,
                                       "alphabet lists byte %d twice (symbols must be distinct)",
                                       d->alphabet[i]);
                seen[d->alphabet[i]] = true;
            }
        }
        if (d->mutation == AL_MUTATE_CREEP && (d->creep < 1 || d->creep >= na))
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%screep = %d (allowed: 1 to %d, one less than the alphabet's %d symbols)", p,
                d->creep, na - 1, na);
    } else {
        if (d->mutation != AL_MUTATE_GAUSSIAN && d->mutation != AL_MUTATE_UNIFORM)
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%smutation = '%s' is for strings (allowed for float genomes: gaussian|uniform)", p,
                alMutation_Name(d->mutation));
        if (!(d->max_perturbation > 0) || !isfinite(d->max_perturbation))
            return alError_Set(err, AL_ERR_CONFIG, "%smax_perturbation = %g (allowed: more than 0)",
                               p, (double)d->max_perturbation);
        if (!(d->init_min <= d->init_max) || !isfinite(d->init_min) || !isfinite(d->init_max))
            return alError_Set(err, AL_ERR_CONFIG, "initial gene range [%g, %g] is empty",
                               (double)d->init_min, (double)d->init_max);
    }
    return AL_OK;
}

alResult alGaDef_FromConfig(alGaDef *d, const alConfig *cfg, alError *err)
{
    d->selection = (alSelection)alConfig_Enum(cfg, "ga.selection");
    d->tournament_k = (int)alConfig_Int(cfg, "ga.tournament_k");
    d->truncation = alConfig_Float(cfg, "ga.truncation");
    d->crossover = (alCrossover)alConfig_Enum(cfg, "ga.crossover");
    d->crossover_rate = alConfig_Float(cfg, "ga.crossover_rate");
    d->mutation = (alMutation)alConfig_Enum(cfg, "ga.mutation");
    d->mutation_rate = alConfig_Float(cfg, "ga.mutation_rate");
    d->creep = (int)alConfig_Int(cfg, "ga.creep");
    d->max_perturbation = (float)alConfig_Float(cfg, "ga.max_perturbation");
    d->elites = (int)alConfig_Int(cfg, "ga.elites");
    d->elite_copies = (int)alConfig_Int(cfg, "ga.elite_copies");
    d->stall_generations = alConfig_Int(cfg, "ga.stall_generations");
    d->threads = (int)alConfig_Int(cfg, "run.threads");
    bool bytes = d->type == AL_GENOME_BYTES;
    bool byte_kind = d->mutation == AL_MUTATE_RESET || d->mutation == AL_MUTATE_CREEP;
    if (bytes != byte_kind)
        return alError_Set(err, AL_ERR_CONFIG, "ga.mutation = '%s' does not fit %s (allowed: %s)",
                           alMutation_Name(d->mutation),
                           bytes ? "string genomes" : "float genomes (network weights)",
                           bytes ? "reset|creep" : "gaussian|uniform");
    return AL_OK;
}

// ---- creation -------------------------------------------------------------------

static uint64_t stream_id(const alGa *ga, uint64_t kind, int64_t gen, uint64_t block)
{
    return ga->def.stream ^ (kind << 56) ^ ((uint64_t)gen << 20) ^ block;
}

static inline unsigned char *row(const alGa *ga, int buf, int i)
{
    return ga->genes[buf] + (size_t)i * ga->stride;
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
}

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
        if (!ga->creep_next) {
            alDestroyGa(ga);
            return alError_Set(err, AL_ERR_NOMEM, "out of memory");
        }
        for (int a = 0; a < ga->def.alphabet_size; ++a)
            for (int d = 0; d < w; ++d)
                ga->creep_next[ga->alpha[a] * w + d] =
                    ga->alpha[creep_index(d, a, def->creep, ga->def.alphabet_size)];
    }
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
    free(ga);
}

// ---- accessors ---------------------------------------------------------------------

int alGa_Threads(const alGa *ga) { return ga->threads; }
bool alGa_Minimise(const alGa *ga) { return ga->def.minimise; }
bool alGa_HasFitness(const alGa *ga) { return ga->def.fitness != NULL; }

int alGa_Size(const alGa *ga)
{
    return ga->n;
}
int alGa_Length(const alGa *ga)
{
    return ga->len;
}
alGenomeType alGa_Type(const alGa *ga)
{
    return ga->def.type;
}
int64_t alGa_Generation(const alGa *ga)
{
    return ga->gen;
}
int64_t alGa_ParallelEpochs(const alGa *ga)
{
    return ga->pacer.parallel_runs;
}
const char *alGa_Error(const alGa *ga)
{
    return ga->error;
}

const uint8_t *alGa_Bytes(const alGa *ga, int i)
{
    assert(ga->def.type == AL_GENOME_BYTES && i >= 0 && i < ga->n);
    return row(ga, ga->cur, i);
}

const float *alGa_Floats(const alGa *ga, int i)
{
    assert(ga->def.type == AL_GENOME_FLOATS && i >= 0 && i < ga->n);
    return (const float *)(const void *)row(ga, ga->cur, i);
}

void alGa_SetGenome(alGa *ga, int i, const void *genes)
{
    assert(i >= 0 && i < ga->n);
    if (ga->def.type == AL_GENOME_BYTES)
        for (int j = 0; j < ga->len; ++j)
            assert(ga->alpha_index[((const uint8_t *)genes)[j]] >= 0);
    memcpy(row(ga, ga->cur, i), genes, (size_t)ga->len * (size_t)ga->gsize);
    if (!isnan(ga->fit[ga->cur][i])) ga->pending++;
    ga->fit[ga->cur][i] = NAN;
}

void alGa_SetGeneration(alGa *ga, int64_t gen)
{
    assert(gen >= 0);
    ga->gen = gen;
    ga->evaluations = gen * ga->n;
    ga->best_ever_fit = NAN;
    ga->best_ever_gen = gen;
    ga->has_last = false;
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

void alGa_SetFitness(alGa *ga, int i, double fitness)
{
    assert(i >= 0 && i < ga->n && isfinite(fitness));
    if (isnan(ga->fit[ga->cur][i])) ga->pending--;
    ga->fit[ga->cur][i] = fitness;
    ga->evaluations++;
}

double alGa_Fitness(const alGa *ga, int i)
{
    assert(i >= 0 && i < ga->n);
    return ga->fit[ga->cur][i];
}

bool alGa_IsElite(const alGa *ga, int i)
{
    return ga->gen > 0 && i >= 0 && i < ga->n_elite;
}

bool alGa_LastStats(const alGa *ga, alGaStats *out)
{
    if (!ga->has_last) return false;
    *out = ga->last;
    return true;
}

const void *alGa_LastGenome(const alGa *ga, int i)
{
    assert(i >= 0 && i < ga->n);
    return ga->has_last ? row(ga, 1 - ga->cur, i) : NULL;
}

double alGa_LastFitness(const alGa *ga, int i)
{
    assert(i >= 0 && i < ga->n);
    return ga->has_last ? ga->fit[1 - ga->cur][i] : NAN;
}

const void *alGa_LastBest(const alGa *ga)
{
    return ga->has_last ? row(ga, 1 - ga->cur, ga->last.best_index) : NULL;
}

const void *alGa_BestEver(const alGa *ga, double *fitness)
{
    if (!ga->has_last) return NULL;
    if (fitness) *fitness = ga->best_ever_fit;
    return ga->best_ever;
}

// a better than b in the GA's sense; equal fitness: lower index first.
static inline bool better(const alGa *ga, double fa, int ia, double fb, int ib)
{
    if (fa != fb) return ga->def.minimise ? fa < fb : fa > fb;
    return ia < ib;
}

// The count best of fitness f (size ga->n) into idx, best first: one pass
// keeping a sorted list, O(n) for the small counts used (elites, the GUI's
// top-N): most individuals fail the first comparison with the list's last.
static int top_n(const alGa *ga, const double *f, int count, int *idx)
{
    if (count > ga->n) count = ga->n;
    if (count <= 0) return 0;
    int have = 0;
    for (int i = 0; i < ga->n; ++i) {
        if (have == count && !better(ga, f[i], i, f[idx[have - 1]], idx[have - 1])) continue;
        int at = have < count ? have++ : count - 1;
        while (at > 0 && better(ga, f[i], i, f[idx[at - 1]], idx[at - 1])) {
            idx[at] = idx[at - 1];
            --at;
        }
        idx[at] = i;
    }
    return count;
}

// top_n on the selection keys (higher is better, already signed for the
// sense): the elites' hot path, without the sense test per comparison.
static int top_keys(const alGa *ga, int count, int *idx)
{
    const double *key = ga->key;
    if (count > ga->n) count = ga->n;
    if (count <= 0) return 0;
    int have = 0;
    double last = -INFINITY; // key of the list's last once it is full
    for (int i = 0; i < ga->n; ++i) {
        if (have == count && !(key[i] > last)) continue; // ties: lower index stays
        int at = have < count ? have++ : count - 1;
        while (at > 0 && key[i] > key[idx[at - 1]]) {
            idx[at] = idx[at - 1];
            --at;
        }
        idx[at] = i;
        if (have == count) last = key[idx[count - 1]];
    }
    return count;
}

int alGa_Top(const alGa *ga, int n, int *idx)
{
    if (!ga->has_last || n <= 0) return 0;
    return top_n(ga, ga->fit[1 - ga->cur], n, idx);
}

// ---- evaluation -------------------------------------------------------------------

void alGa_Evaluate(alGa *ga)
{
    assert(ga->def.fitness);
    const int n = ga->n, c = ga->cur;
    double *f = ga->fit[c];
    int64_t done = 0, todo = ga->pending;
    if (todo == 0) return; // the usual case after a fused breed-and-evaluate epoch
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(ga->threads) reduction(+ : done) if (todo >= 64 && ga->threads > 1)
#endif
    for (int i = 0; i < n; ++i) {
        if (!isnan(f[i])) continue;
        f[i] = ga->def.fitness(row(ga, c, i), ga->len, ga->def.fitness_ctx);
        done++;
    }
    ga->evaluations += done;
    ga->pending = 0;
}

// ---- statistics ----------------------------------------------------------------------

static double diversity(const alGa *ga, int buf)
{
    alRng rng = alRng_Stream(ga->seed, stream_id(ga, KIND_DIVERSITY, ga->gen, 0));
    bound bn = make_bound((uint32_t)ga->n), bm = make_bound((uint32_t)ga->n - 1);
    double sum = 0;
    for (int s = 0; s < ga->def.diversity_sample; ++s) {
        int a = (int)draw(&rng, bn), b = (int)draw(&rng, bm);
        if (b >= a) b++; // a different individual
        const unsigned char *ga_ = row(ga, buf, a), *gb = row(ga, buf, b);
        if (ga->def.type == AL_GENOME_BYTES) {
            int diff = 0;
            for (int j = 0; j < ga->len; ++j)
                diff += ga_[j] != gb[j];
            sum += (double)diff / ga->len;
        } else {
            const float *fa = (const float *)(const void *)ga_,
                        *fb = (const float *)(const void *)gb;
            double d = 0;
            for (int j = 0; j < ga->len; ++j)
                d += fabs((double)fa[j] - (double)fb[j]);
            sum += d / ga->len;
        }
    }
    return sum / ga->def.diversity_sample;
}

static void compute_stats(alGa *ga)
{
    const double *f = ga->fit[ga->cur];
    const int n = ga->n;
    // Lowest and highest, ties to the lower index: first the values (a
    // loop the compiler vectorises; fitness is finite, so no NaN), then the
    // first index holding each.
    double fmin = f[0], fmax = f[0];
    for (int i = 1; i < n; ++i) {
        fmin = f[i] < fmin ? f[i] : fmin;
        fmax = f[i] > fmax ? f[i] : fmax;
    }
    int lo = 0, hi = 0;
    while (f[lo] != fmin)
        ++lo;
    while (f[hi] != fmax)
        ++hi;
    int bi = ga->def.minimise ? lo : hi, wi = ga->def.minimise ? hi : lo;
    // Sums in four fixed interleaved lanes: a fixed order (so the same
    // result every time, whatever the threads) that is not one long chain
    // of dependent additions.
    double acc[4] = {0, 0, 0, 0};
    int i4 = n & ~3;
    for (int i = 0; i < i4; i += 4)
        for (int l = 0; l < 4; ++l)
            acc[l] += f[i + l];
    for (int i = i4; i < n; ++i)
        acc[i & 3] += f[i];
    double mean = ((acc[0] + acc[1]) + (acc[2] + acc[3])) / n;
    double vacc[4] = {0, 0, 0, 0};
    for (int i = 0; i < i4; i += 4)
        for (int l = 0; l < 4; ++l)
            vacc[l] += (f[i + l] - mean) * (f[i + l] - mean);
    for (int i = i4; i < n; ++i)
        vacc[i & 3] += (f[i] - mean) * (f[i] - mean);
    double var = (vacc[0] + vacc[1]) + (vacc[2] + vacc[3]);
    alGaStats *s = &ga->last;
    s->gen = ga->gen;
    s->best = f[bi];
    s->worst = f[wi];
    s->mean = mean;
    s->stddev = sqrt(var / n);
    s->diversity = diversity(ga, ga->cur);
    s->evaluations = ga->evaluations;
    s->best_index = bi;
    double be = ga->best_ever_fit;
    bool improved = ga->gen == 0 || isnan(be) || (ga->def.minimise ? f[bi] < be : f[bi] > be);
    if (improved) {
        ga->best_ever_fit = f[bi];
        ga->best_ever_gen = ga->gen;
        memcpy(ga->best_ever, row(ga, ga->cur, bi), (size_t)ga->len * (size_t)ga->gsize);
    }
    s->best_ever = ga->best_ever_fit;
    s->best_ever_gen = ga->best_ever_gen;
    s->stalled = ga->gen - ga->best_ever_gen;
}

static alGaStop stop_reason(const alGa *ga)
{
    const alGaStats *s = &ga->last;
    const alGaDef *d = &ga->def;
    if (d->has_target &&
        (d->minimise ? s->best <= d->target_fitness : s->best >= d->target_fitness))
        return AL_GA_TARGET;
    if (d->max_generations > 0 && s->gen + 1 >= d->max_generations) return AL_GA_MAX_GENERATIONS;
    if (d->stall_generations > 0 && s->stalled >= d->stall_generations) return AL_GA_STALLED;
    return AL_GA_RUNNING;
}

// ---- selection --------------------------------------------------------------------------

static int cmp_key_desc(const void *pa, const void *pb, const double *key)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    if (key[a] != key[b]) return key[a] > key[b] ? -1 : 1;
    return (a > b) - (a < b);
}

// qsort has no context pointer in C17: a merge sort that takes one.
static void sort_order(int *idx, int *tmp, int n, const double *key)
{
    if (n < 2) return;
    int h = n / 2;
    sort_order(idx, tmp, h, key);
    sort_order(idx + h, tmp, n - h, key);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_key_desc(&idx[j], &idx[i], key) < 0 ? idx[j++] : idx[i++];
    while (i < h)
        tmp[k++] = idx[i++];
    while (j < n)
        tmp[k++] = idx[j++];
    memcpy(idx, tmp, (size_t)n * sizeof(int));
}

// Prepares the tables selection reads. Returns false (error filled) when
// roulette refuses negative fitness.
static bool prepare_selection(alGa *ga)
{
    const int n = ga->n;
    const double *f = ga->fit[ga->cur];
    double *key = ga->key;
    for (int i = 0; i < n; ++i)
        key[i] = ga->def.minimise ? -f[i] : f[i];
    switch (ga->def.selection) {
    case AL_SELECT_ROULETTE: {
        double lo = key[0];
        for (int i = 1; i < n; ++i)
            if (key[i] < lo) lo = key[i];
        if (lo < 0 && !ga->def.minimise && ga->def.negative == AL_GA_NEGATIVE_REFUSE) {
            int at = 0;
            while (key[at] >= 0)
                ++at;
            snprintf(ga->error, sizeof ga->error,
                     "roulette selection refuses negative fitness: individual %d of generation "
                     "%lld has fitness %g (allowed: 0 or more; or shift negatives)",
                     at, (long long)ga->gen, f[at]);
            return false;
        }
        double shift = lo < 0 || ga->def.minimise ? -lo : 0, acc = 0;
        for (int i = 0; i < n; ++i)
            ga->cum[i] = acc += key[i] + shift;
        break;
    }
    case AL_SELECT_RANK: {
        for (int i = 0; i < n; ++i)
            ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        double acc = 0;
        for (int r = 0; r < n; ++r)
            ga->cum[r] = acc += (double)(n - r);
        break;
    }
    case AL_SELECT_TRUNCATION: {
        for (int i = 0; i < n; ++i)
            ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        break;
    }
    case AL_SELECT_TOURNAMENT:
        break;
    }
    return true;
}

// First index r with cum[r] > u (cum increasing, cum[n-1] > u).
static inline int search_cum(const double *cum, int n, double u)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cum[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static inline int select_one(const alGa *ga, alRng *r)
{
    switch (ga->def.selection) {
    case AL_SELECT_TOURNAMENT: {
        // Ties go to the first drawn; written so the compiler can use
        // conditional moves (the comparison is a coin flip for the branch
        // predictor). Populations up to 65,536 take two contestants from
        // each 32-bit draw.
        const double *key = ga->key;
        const bound bp = ga->b_pop;
        const int k = ga->def.tournament_k;
        int best, t;
        if (bp.n <= 65536) {
            const uint32_t th = ga->thresh16_pop;
            uint32_t u = alRng_Next(r);
            best = (int)draw16(u >> 16, bp, th, r);
            double bk = key[best];
            for (t = 1; t < k; t += 2) {
                int c = (int)draw16(u & 0xffffu, bp, th, r);
                double kc = key[c];
                bool win = kc > bk;
                best = win ? c : best;
                bk = win ? kc : bk;
                if (t + 1 == k) break;
                u = alRng_Next(r);
                c = (int)draw16(u >> 16, bp, th, r);
                kc = key[c];
                win = kc > bk;
                best = win ? c : best;
                bk = win ? kc : bk;
            }
            return best;
        }
        best = (int)draw(r, bp);
        double bk = key[best];
        for (t = 1; t < k; ++t) {
            int c = (int)draw(r, bp);
            double kc = key[c];
            bool win = kc > bk;
            best = win ? c : best;
            bk = win ? kc : bk;
        }
        return best;
    }
    case AL_SELECT_ROULETTE: {
        double total = ga->cum[ga->n - 1];
        if (!(total > 0)) return (int)draw(r, ga->b_pop); // all equal: uniform
        return search_cum(ga->cum, ga->n, alRng_Double(r) * total);
    }
    case AL_SELECT_RANK:
        return ga->order[search_cum(ga->cum, ga->n, alRng_Double(r) * ga->cum[ga->n - 1])];
    case AL_SELECT_TRUNCATION:
        return ga->order[draw(r, ga->b_trunc)];
    }
    return 0;
}

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
            // 8 genes at a time: 8 random bits become an 8-byte mask.
            int j = 0;
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
static void mutate_bytes(const alGa *ga, uint8_t *g, int count, alRng *gaps, alRng *values)
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
static inline void mutate(const alGa *ga, unsigned char *g, alRng *gaps, alRng *values)
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

// ---- the epoch -------------------------------------------------------------------------------

static void breed_block(alGa *ga, int nb, int block, int first_child, int pairs, int64_t *evals)
{
    // Four streams per block: the first parent and crossover, the second
    // parent, mutation gaps, mutation values. Separate chains let the CPU
    // draw them in parallel.
    alRng r = alRng_Stream(ga->seed, stream_id(ga, KIND_BREED, ga->gen, (uint64_t)block));
    alRng r2 = alRng_Stream(ga->seed, stream_id(ga, KIND_MATE, ga->gen, (uint64_t)block));
    alRng rg = alRng_Stream(ga->seed, stream_id(ga, KIND_GAPS, ga->gen, (uint64_t)block));
    alRng rv = alRng_Stream(ga->seed, stream_id(ga, KIND_VALUES, ga->gen, (uint64_t)block));
    const int cur = ga->cur;
    int p0 = block * BLOCK_PAIRS, p1 = p0 + BLOCK_PAIRS;
    if (p1 > pairs) p1 = pairs;
    int64_t done = 0;
    const bool rows_at_once = ga->def.type == AL_GENOME_BYTES && ga->def.mutation_rate > 0 &&
                              ga->def.mutation_rate < 1;
    for (int p = p0; p < p1; ++p) {
        int a = select_one(ga, &r), b = select_one(ga, &r2);
        int i0 = first_child + 2 * p, i1 = i0 + 1; // i1 may be the spare row n
        unsigned char *c0 = row(ga, nb, i0), *c1 = row(ga, nb, i1);
        crossover(ga, row(ga, cur, a), row(ga, cur, b), c0, c1, &r);
        if (!rows_at_once) {
            mutate(ga, c0, &rg, &rv);
            mutate(ga, c1, &rg, &rv);
        }
    }
    // The block's children are consecutive rows: byte genomes mutate as one
    // run of genes (see mutate_rows), then all are evaluated, still in cache.
    if (rows_at_once)
        mutate_bytes(ga, row(ga, nb, first_child + 2 * p0), 2 * (p1 - p0), &rg, &rv);
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

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// The generation being closed: its statistics and its elites, copied
// elite_copies times, unchanged, with their fitness, into the next. Reads
// the current buffer and the selection keys, writes only the elites' rows
// of the next: it can run beside the breeding of the other rows.
static void close_generation(alGa *ga)
{
    const int cur = ga->cur, nb = 1 - cur;
    compute_stats(ga);
    int ne = top_keys(ga, ga->def.elites, ga->elite_idx);
    for (int e = 0; e < ne; ++e)
        for (int c = 0; c < ga->def.elite_copies; ++c) {
            int to = e * ga->def.elite_copies + c;
            memcpy(row(ga, nb, to), row(ga, cur, ga->elite_idx[e]), ga->stride);
            ga->fit[nb][to] = ga->fit[cur][ga->elite_idx[e]];
        }
}

alGaStop alGa_Epoch(alGa *ga)
{
    const int n = ga->n, nb = 1 - ga->cur;
    assert(ga->pending == 0 && "every individual needs a fitness");
    ga->error[0] = '\0';
    // Selection tables first: a refusal must leave everything as it was.
    if (!prepare_selection(ga)) return AL_GA_ERROR;

    int first = ga->n_elite, pairs = (n - first + 1) / 2;
    int blocks = (pairs + BLOCK_PAIRS - 1) / BLOCK_PAIRS;
    int64_t evals = 0;
    // Waking a second thread costs a few microseconds (far more on a loaded
    // machine), more than breeding a small population takes; above that the
    // pacer times both ways as it goes. Only speed depends on the choice:
    // every block has its own random stream.
    bool timed =
        blocks > 1 && ga->threads > 1 && (int64_t)(n - first) * ga->len >= PARALLEL_MIN_GENES;
    bool parallel = timed && alPacer_Pick(&ga->pacer);
    double t0 = timed ? mono_now() : 0;
    if (parallel) {
        // Work item -1 closes the generation (statistics, elites) while the
        // other threads breed: it would otherwise be a serial stretch.
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(ga->threads) reduction(+ : evals)
#endif
        for (int b = -1; b < blocks; ++b) {
            if (b < 0)
                close_generation(ga);
            else
                breed_block(ga, nb, b, first, pairs, &evals);
        }
    } else { // not even an inactive parallel region (it still sets up a team)
        close_generation(ga);
        for (int b = 0; b < blocks; ++b)
            breed_block(ga, nb, b, first, pairs, &evals);
    }
    if (timed) alPacer_Report(&ga->pacer, parallel, mono_now() - t0);
    alGaStop why = stop_reason(ga);
    ga->evaluations += evals;
    ga->fit[nb][n] = NAN;
    ga->pending = ga->def.fitness ? 0 : n - first; // the children, unless evaluated in the pass

    ga->cur = nb;
    ga->has_last = true;
    ga->gen++;
    return why;
}

alGaStop alGa_Step(alGa *ga)
{
    assert(ga->def.fitness && "alGa_Step needs a fitness callback; else SetFitness + Epoch");
    alGa_Evaluate(ga);
    return alGa_Epoch(ga);
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
           256.0 * 2.0 * def->creep;
}
