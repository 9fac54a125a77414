// The GA engine: selection, crossover, mutation, elitism, statistics.
//
// Speed matters (EStrings asks for 20,000 generations of 1,000 x 64 genes per
// second), so the breeding pass is written to draw few random numbers:
//  - mutation positions come from a geometric skip (the gap to the next
//    mutated gene), sampled from a precomputed inverse-CDF table with one
//    32-bit draw, instead of one Bernoulli draw per gene;
//  - bounded integers use Lemire's multiply-and-reject (no division);
//  - children are bred in pairs (one selection per parent, two children),
//    and evaluated right after they are made, while still in cache.
// Children are bred in fixed blocks of pairs, each block with its own PCG32
// stream derived from (seed, generation, block), so threads only change who
// computes a block, never what it contains.
#include "alife/ga.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "alife/rng.h"

enum {
    BLOCK_PAIRS = 16, // pairs of children per random stream (fixed: results depend on it)
    KIND_INIT = 1,    // stream kinds, mixed into the stream id
    KIND_BREED = 2,
    KIND_DIVERSITY = 3,
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

// A probability p as a 33-bit threshold: alRng_Next() < t happens with p.
static uint64_t prob_threshold(double p)
{
    if (p <= 0) return 0;
    if (p >= 1) return (uint64_t)1 << 32;
    return (uint64_t)ldexp(p, 32);
}

struct alGa {
    alGaDef def;
    uint8_t alpha[256];
    int16_t alpha_index[256]; // position of a byte in alpha, -1 if absent
    uint64_t seed;
    int n, len, gsize;   // population, genes, bytes per gene
    size_t stride;       // bytes per genome in the buffers
    unsigned char *genes[2]; // n+1 rows each: the spare row takes an odd pair's second child
    double *fit[2];
    int cur;             // buffer of the current generation
    bool has_last;       // buffer 1-cur holds a closed generation
    int64_t gen;
    int64_t evaluations;
    alGaStats last;
    unsigned char *best_ever;
    double best_ever_fit;
    int64_t best_ever_gen;
    int n_elite;         // elites * elite_copies
    int *elite_idx;      // elites of the generation being closed
    // selection scratch
    double *key;         // fitness in the "higher is better" sense
    double *cum;         // roulette / rank cumulative weights
    int *order;          // indices sorted best first (rank, truncation)
    int *tmp;            // merge-sort scratch
    int n_trunc;
    bound b_pop, b_trunc, b_cut1, b_cut2, b_reset, b_creep;
    uint64_t cross_thr;
    uint32_t *skip;      // mutation gap inverse CDF: first j with r < skip[j]; len entries
    uint64_t skip_none;  // r >= skip[len-1] (as 33-bit) means no mutation in reach
    int threads;
    char error[512];
};

// ---- names -----------------------------------------------------------------

static const char *const selection_names[] = {"roulette", "tournament", "rank", "truncation"};
static const char *const crossover_names[] = {"one_point", "two_point", "uniform"};
static const char *const mutation_names[] = {"reset", "creep", "gaussian", "uniform"};
static const char *const stop_names[] = {"running", "target reached", "max generations",
                                         "stalled", "error"};

const char *alSelection_Name(alSelection s) { return (unsigned)s < 4 ? selection_names[s] : "?"; }
const char *alCrossover_Name(alCrossover c) { return (unsigned)c < 3 ? crossover_names[c] : "?"; }
const char *alMutation_Name(alMutation m) { return (unsigned)m < 4 ? mutation_names[m] : "?"; }
const char *alGaStop_Name(alGaStop s) { return (unsigned)s < 5 ? stop_names[s] : "?"; }

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
    d.selection = AL_SELECT_TOURNAMENT;
    d.tournament_k = 3;
    d.truncation = 0.5;
    d.crossover = AL_CROSS_UNIFORM;
    d.crossover_rate = 0.7;
    d.mutation = AL_MUTATE_RESET;
    d.mutation_rate = 0.05;
    d.creep = 2;
    d.max_perturbation = 0.3f;
    d.elites = 1;
    d.elite_copies = 1;
    d.diversity_sample = 32;
    d.stream = 0x6a;
    return d;
}

alResult alGaDef_Validate(const alGaDef *d, const char *prefix, alError *err)
{
    const char *p = prefix ? prefix : "";
    if (d->type != AL_GENOME_BYTES && d->type != AL_GENOME_FLOATS)
        return alError_Set(err, AL_ERR_CONFIG, "GA genome type %d is neither bytes nor floats",
                           (int)d->type);
    if (d->population < 2)
        return alError_Set(err, AL_ERR_CONFIG,
                           "population = %d: a GA needs at least 2 individuals (allowed: 2 or more)",
                           d->population);
    if (d->length < 1)
        return alError_Set(err, AL_ERR_CONFIG, "genome length = %d (allowed: 1 or more)",
                           d->length);
    if (!(d->crossover_rate >= 0 && d->crossover_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG, "%scrossover_rate = %g is not a probability (allowed: 0 to 1)",
                           p, d->crossover_rate);
    if (!(d->mutation_rate >= 0 && d->mutation_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG, "%smutation_rate = %g is not a probability (allowed: 0 to 1)",
                           p, d->mutation_rate);
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
        return alError_Set(err, AL_ERR_CONFIG,
                           "max_generations = %lld, %sstall_generations = %lld (allowed: 0 = never, or more)",
                           (long long)d->max_generations, p, (long long)d->stall_generations);
    if (d->has_target && !isfinite(d->target_fitness))
        return alError_Set(err, AL_ERR_CONFIG, "target fitness %g is not a finite number",
                           d->target_fitness);
    if (d->diversity_sample < 1)
        return alError_Set(err, AL_ERR_CONFIG, "diversity_sample = %d (allowed: 1 or more)",
                           d->diversity_sample);
    if (d->threads < 0)
        return alError_Set(err, AL_ERR_CONFIG, "threads = %d (allowed: 0 = all cores, or more)",
                           d->threads);
    if (d->type == AL_GENOME_BYTES) {
        if (d->mutation != AL_MUTATE_RESET && d->mutation != AL_MUTATE_CREEP)
            return alError_Set(err, AL_ERR_CONFIG,
                               "%smutation = '%s' is for float genomes (allowed for strings: reset|creep)",
                               p, alMutation_Name(d->mutation));
        int na = d->alphabet ? d->alphabet_size : 256;
        if (na < 2 || na > 256)
            return alError_Set(err, AL_ERR_CONFIG,
                               "alphabet of %d symbols (allowed: 2 to 256)", na);
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
            return alError_Set(err, AL_ERR_CONFIG,
                               "%screep = %d (allowed: 1 to %d, one less than the alphabet's %d symbols)",
                               p, d->creep, na - 1, na);
    } else {
        if (d->mutation != AL_MUTATE_GAUSSIAN && d->mutation != AL_MUTATE_UNIFORM)
            return alError_Set(err, AL_ERR_CONFIG,
                               "%smutation = '%s' is for strings (allowed for float genomes: gaussian|uniform)",
                               p, alMutation_Name(d->mutation));
        if (!(d->max_perturbation > 0) || !isfinite(d->max_perturbation))
            return alError_Set(err, AL_ERR_CONFIG,
                               "%smax_perturbation = %g (allowed: more than 0)", p,
                               (double)d->max_perturbation);
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
        for (int j = 0; j < ga->len; ++j) g[j] = ga->alpha[draw(r, b)];
    } else {
        float *f = (float *)(void *)g;
        for (int j = 0; j < ga->len; ++j) f[j] = alRng_Range(r, ga->def.init_min, ga->def.init_max);
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
        double c = ldexp(1.0 - tail, 32);
        ga->skip[j] = c >= 4294967295.0 ? 0xffffffffu : (uint32_t)c;
    }
    if (p >= 1.0)
        for (int j = 0; j < ga->len; ++j) ga->skip[j] = 0xffffffffu;
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
        ga->genes[b] = aligned_alloc(16, rows * ga->stride);
        ga->fit[b] = malloc(rows * sizeof(double));
    }
    ga->best_ever = calloc(1, ga->stride);
    ga->elite_idx = malloc(((size_t)def->elites + 1) * sizeof(int));
    ga->key = malloc((size_t)ga->n * sizeof(double));
    ga->cum = malloc((size_t)ga->n * sizeof(double));
    ga->order = malloc((size_t)ga->n * sizeof(int));
    ga->tmp = malloc((size_t)ga->n * sizeof(int));
    ga->skip = malloc((size_t)ga->len * sizeof(uint32_t));
    if (!ga->genes[0] || !ga->genes[1] || !ga->fit[0] || !ga->fit[1] || !ga->best_ever ||
        !ga->elite_idx || !ga->key || !ga->cum || !ga->order || !ga->tmp || !ga->skip) {
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
    ga->b_trunc = make_bound((uint32_t)ga->n_trunc);
    ga->b_cut1 = make_bound(ga->len > 1 ? (uint32_t)ga->len - 1 : 1);
    ga->b_cut2 = make_bound(ga->len > 2 ? (uint32_t)ga->len - 2 : 1);
    ga->b_reset = make_bound(ga->def.alphabet_size > 1 ? (uint32_t)ga->def.alphabet_size - 1 : 1);
    ga->b_creep = make_bound(def->creep > 0 ? 2u * (uint32_t)def->creep : 2u);
    ga->cross_thr = prob_threshold(def->crossover_rate);
    build_skip_table(ga);
#ifdef ALIFE_HAVE_OPENMP
    ga->threads = def->threads > 0 ? def->threads : omp_get_num_procs();
#else
    ga->threads = 1;
#endif
    ga->best_ever_fit = NAN;
    for (int i = 0; i <= ga->n; ++i) ga->fit[0][i] = ga->fit[1][i] = NAN;
    // Generation 0, in blocks like the breeding pass.
    int blocks = (ga->n + 2 * BLOCK_PAIRS - 1) / (2 * BLOCK_PAIRS);
    for (int b = 0; b < blocks; ++b) {
        alRng rng = alRng_Stream(seed, stream_id(ga, KIND_INIT, 0, (uint64_t)b));
        int end = (b + 1) * 2 * BLOCK_PAIRS;
        if (end > ga->n) end = ga->n;
        for (int i = b * 2 * BLOCK_PAIRS; i < end; ++i) random_genome(ga, row(ga, 0, i), &rng);
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
    free(ga);
}

// ---- accessors ---------------------------------------------------------------------

int alGa_Size(const alGa *ga) { return ga->n; }
int alGa_Length(const alGa *ga) { return ga->len; }
alGenomeType alGa_Type(const alGa *ga) { return ga->def.type; }
int64_t alGa_Generation(const alGa *ga) { return ga->gen; }
const char *alGa_Error(const alGa *ga) { return ga->error; }

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
        for (int j = 0; j < ga->len; ++j) assert(ga->alpha_index[((const uint8_t *)genes)[j]] >= 0);
    memcpy(row(ga, ga->cur, i), genes, (size_t)ga->len * (size_t)ga->gsize);
    ga->fit[ga->cur][i] = NAN;
}

void alGa_SetFitness(alGa *ga, int i, double fitness)
{
    assert(i >= 0 && i < ga->n && isfinite(fitness));
    ga->fit[ga->cur][i] = fitness;
    ga->evaluations++;
}

double alGa_Fitness(const alGa *ga, int i)
{
    assert(i >= 0 && i < ga->n);
    return ga->fit[ga->cur][i];
}

bool alGa_IsElite(const alGa *ga, int i) { return ga->gen > 0 && i >= 0 && i < ga->n_elite; }

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

// The n best of fitness f (size ga->n) into idx, best first: partial
// selection sort, O(n * count) — count is small (elites, the GUI's top-N).
static int top_n(const alGa *ga, const double *f, int count, int *idx)
{
    if (count > ga->n) count = ga->n;
    for (int t = 0; t < count; ++t) {
        int best = -1;
        for (int i = 0; i < ga->n; ++i) {
            bool taken = false;
            for (int s = 0; s < t && !taken; ++s) taken = idx[s] == i;
            if (taken) continue;
            if (best < 0 || better(ga, f[i], i, f[best], best)) best = i;
        }
        idx[t] = best;
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
    int64_t done = 0;
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(ga->threads) reduction(+ : done) if (n >= 64)
#endif
    for (int i = 0; i < n; ++i) {
        if (!isnan(f[i])) continue;
        f[i] = ga->def.fitness(row(ga, c, i), ga->len, ga->def.fitness_ctx);
        done++;
    }
    ga->evaluations += done;
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
            for (int j = 0; j < ga->len; ++j) diff += ga_[j] != gb[j];
            sum += (double)diff / ga->len;
        } else {
            const float *fa = (const float *)(const void *)ga_, *fb = (const float *)(const void *)gb;
            double d = 0;
            for (int j = 0; j < ga->len; ++j) d += fabs((double)fa[j] - (double)fb[j]);
            sum += d / ga->len;
        }
    }
    return sum / ga->def.diversity_sample;
}

static void compute_stats(alGa *ga)
{
    const double *f = ga->fit[ga->cur];
    const int n = ga->n;
    int bi = 0, wi = 0;
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        sum += f[i];
        if (better(ga, f[i], i, f[bi], bi)) bi = i;
        if (better(ga, f[wi], wi, f[i], i)) wi = i;
    }
    double mean = sum / n, var = 0;
    for (int i = 0; i < n; ++i) var += (f[i] - mean) * (f[i] - mean);
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
    bool improved = ga->gen == 0 || (ga->def.minimise ? f[bi] < be : f[bi] > be);
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
    if (d->has_target && (d->minimise ? s->best <= d->target_fitness : s->best >= d->target_fitness))
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
    while (i < h && j < n) tmp[k++] = cmp_key_desc(&idx[j], &idx[i], key) < 0 ? idx[j++] : idx[i++];
    while (i < h) tmp[k++] = idx[i++];
    while (j < n) tmp[k++] = idx[j++];
    memcpy(idx, tmp, (size_t)n * sizeof(int));
}

// Prepares the tables selection reads. Returns false (error filled) when
// roulette refuses negative fitness.
static bool prepare_selection(alGa *ga)
{
    const int n = ga->n;
    const double *f = ga->fit[ga->cur];
    double *key = ga->key;
    for (int i = 0; i < n; ++i) key[i] = ga->def.minimise ? -f[i] : f[i];
    switch (ga->def.selection) {
    case AL_SELECT_ROULETTE: {
        double lo = key[0];
        for (int i = 1; i < n; ++i)
            if (key[i] < lo) lo = key[i];
        if (lo < 0 && !ga->def.minimise && ga->def.negative == AL_GA_NEGATIVE_REFUSE) {
            int at = 0;
            while (key[at] >= 0) ++at;
            snprintf(ga->error, sizeof ga->error,
                     "roulette selection refuses negative fitness: individual %d of generation "
                     "%lld has fitness %g (allowed: 0 or more; or shift negatives)",
                     at, (long long)ga->gen, f[at]);
            return false;
        }
        double shift = lo < 0 || ga->def.minimise ? -lo : 0, acc = 0;
        for (int i = 0; i < n; ++i) ga->cum[i] = acc += key[i] + shift;
        break;
    }
    case AL_SELECT_RANK: {
        for (int i = 0; i < n; ++i) ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        double acc = 0;
        for (int r = 0; r < n; ++r) ga->cum[r] = acc += (double)(n - r);
        break;
    }
    case AL_SELECT_TRUNCATION: {
        for (int i = 0; i < n; ++i) ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        break;
    }
    case AL_SELECT_TOURNAMENT: break;
    }
    return true;
}

// First index r with cum[r] > u (cum increasing, cum[n-1] > u).
static inline int search_cum(const double *cum, int n, double u)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cum[mid] > u) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

static inline int select_one(const alGa *ga, alRng *r)
{
    switch (ga->def.selection) {
    case AL_SELECT_TOURNAMENT: {
        const double *key = ga->key;
        int best = (int)draw(r, ga->b_pop);
        for (int t = 1; t < ga->def.tournament_k; ++t) {
            int c = (int)draw(r, ga->b_pop);
            if (key[c] > key[best] || (key[c] == key[best] && c < best)) best = c;
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
    case AL_SELECT_TRUNCATION: return ga->order[draw(r, ga->b_trunc)];
    }
    return 0;
}

// ---- variation --------------------------------------------------------------------------

static void crossover(const alGa *ga, const unsigned char *a, const unsigned char *b,
                      unsigned char *c0, unsigned char *c1, alRng *r)
{
    const int len = ga->len;
    const size_t gs = (size_t)ga->gsize, all = (size_t)len * gs;
    if (len < 2 || (uint64_t)alRng_Next(r) >= ga->cross_thr) {
        memcpy(c0, a, all);
        memcpy(c1, b, all);
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
            for (int j0 = 0; j0 < len; j0 += 32) {
                uint32_t bits = alRng_Next(r);
                int end = j0 + 32 < len ? j0 + 32 : len;
                for (int j = j0; j < end; ++j) {
                    uint8_t m = (uint8_t)-(uint8_t)((bits >> (j - j0)) & 1u);
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
                    uint32_t m = (uint32_t)-((bits >> (j - j0)) & 1u);
                    o0[j] = (fa[j] & ~m) | (fb[j] & m);
                    o1[j] = (fb[j] & ~m) | (fa[j] & m);
                }
            }
        }
        break;
    }
}

// The gap to the next mutated gene, or len (none within the genome).
static inline int next_gap(const alGa *ga, alRng *r)
{
    uint32_t u = alRng_Next(r);
    const uint32_t *s = ga->skip;
    int n = ga->len;
    if (u >= s[n - 1]) return n;
    // First j with u < s[j] (s is non-decreasing).
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (u < s[mid]) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

static void mutate(const alGa *ga, unsigned char *g, alRng *r)
{
    if (ga->def.mutation_rate <= 0) return;
    const int len = ga->len;
    for (int j = next_gap(ga, r); j < len; j += 1 + next_gap(ga, r)) {
        switch (ga->def.mutation) {
        case AL_MUTATE_RESET: {
            int at = ga->alpha_index[g[j]];
            int to = (int)draw(r, ga->b_reset);
            g[j] = ga->alpha[to >= at ? to + 1 : to];
            break;
        }
        case AL_MUTATE_CREEP: {
            int k = ga->def.creep, na = ga->def.alphabet_size;
            int d = (int)draw(r, ga->b_creep);
            int step = d < k ? -(d + 1) : d - k + 1;
            int to = (ga->alpha_index[g[j]] + step) % na;
            if (to < 0) to += na;
            g[j] = ga->alpha[to];
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
}

// ---- the epoch -------------------------------------------------------------------------------

static void breed_block(alGa *ga, int nb, int block, int first_child, int pairs, int64_t *evals)
{
    alRng r = alRng_Stream(ga->seed, stream_id(ga, KIND_BREED, ga->gen, (uint64_t)block));
    const int cur = ga->cur;
    int p0 = block * BLOCK_PAIRS, p1 = p0 + BLOCK_PAIRS;
    if (p1 > pairs) p1 = pairs;
    int64_t done = 0;
    for (int p = p0; p < p1; ++p) {
        int a = select_one(ga, &r), b = select_one(ga, &r);
        int i0 = first_child + 2 * p, i1 = i0 + 1; // i1 may be the spare row n
        unsigned char *c0 = row(ga, nb, i0), *c1 = row(ga, nb, i1);
        crossover(ga, row(ga, cur, a), row(ga, cur, b), c0, c1, &r);
        mutate(ga, c0, &r);
        mutate(ga, c1, &r);
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

alGaStop alGa_Epoch(alGa *ga)
{
    const int n = ga->n, cur = ga->cur, nb = 1 - cur;
    for (int i = 0; i < n; ++i) assert(!isnan(ga->fit[cur][i]) && "every individual needs a fitness");
    ga->error[0] = '\0';
    // Selection tables first: a refusal must leave everything as it was.
    if (!prepare_selection(ga)) return AL_GA_ERROR;
    compute_stats(ga);
    alGaStop why = stop_reason(ga);

    // Elites: the best, each copied elite_copies times, unchanged, with their fitness.
    int ne = top_n(ga, ga->fit[cur], ga->def.elites, ga->elite_idx);
    for (int e = 0; e < ne; ++e)
        for (int c = 0; c < ga->def.elite_copies; ++c) {
            int to = e * ga->def.elite_copies + c;
            memcpy(row(ga, nb, to), row(ga, cur, ga->elite_idx[e]), ga->stride);
            ga->fit[nb][to] = ga->fit[cur][ga->elite_idx[e]];
        }

    int first = ga->n_elite, pairs = (n - first + 1) / 2;
    int blocks = (pairs + BLOCK_PAIRS - 1) / BLOCK_PAIRS;
    int64_t evals = 0;
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(ga->threads) reduction(+ : evals) if (blocks > 1 && ga->threads > 1)
#endif
    for (int b = 0; b < blocks; ++b) breed_block(ga, nb, b, first, pairs, &evals);
    ga->evaluations += evals;
    ga->fit[nb][n] = NAN;

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
