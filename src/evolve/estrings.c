// EStrings: random strings evolved towards a target by the GA engine.
//
// Unlike the widely copied "Hello world" GA, which mutates by adding a random
// 32..121 modulo 122 and so can never move a character by 1..31, mutation
// here works inside the alphabet: reset picks any other symbol, creep steps
// along the alphabet and wraps around, so every character is reachable from
// every other and no run can stall for want of a symbol.
#include "alife/estrings.h"
#include "alife/counted.h"
#include "alife/ellipsis.h"

#include "estrings_alphabet.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct alEStrings {
    alEStringsDef def;
    char *target;   // NUL-terminated copy, UTF-8 as given
    uint8_t *codes; // its characters as gene codes (the fitness's reference)
    int len;        // characters
    alAlgorithm algo; // made by the factory (run.algorithm; only the GA makes bytes)
    alGa *ga;         // the GA behind algo, for the views of its population
    bool solved, stalled;
    int64_t solved_at, solved_evals;
    // ring of the best string of each generation, newest at head-1
    uint8_t *hist_text;
    double *hist_err;
    int64_t *hist_gen;
    int hist_cap, hist_count, hist_head;
};

// What no config key sets; FromConfig fills the rest.
static alEStringsDef base_def(void)
{
    alEStringsDef d;
    memset(&d, 0, sizeof d);
    d.ga = alDefaultGaDef();
    d.history = 1000;
    return d;
}

// The defaults are the schema's (estrings_config.c, ga_config.c), read
// through a config of defaults, so that they are written only once.
alEStringsDef alDefaultEStringsDef(void)
{
    alEStringsDef d = base_def();
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "estrings";
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, NULL);
    assert(cfg && "out of memory building the estrings defaults");
    if (cfg) alEStringsDef_FromConfig(&d, cfg, NULL);
    alDestroyConfig(cfg);
    d.target = alSchema_Find("estrings.target")->def; // static, unlike the config's copy
    return d;
}

// The strings as a task of the algorithm factory.
static alAlgorithmTask strings_task(const alEStringsDef *d, int len)
{
    return (alAlgorithmTask){.name = "estrings", .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_BYTES),
                             .length = len > 0 ? len : 1, .population = d->ga.population,
                             .minimise = true, .threads = d->ga.threads};
}

static alResult check_algorithm(const alEStringsDef *d, int len, alError *err)
{
    alAlgorithmDef ad = alDefaultAlgorithmDef();
    ad.id = d->algorithm;
    alAlgorithmTask task = strings_task(d, len);
    return alAlgorithm_CheckTask(&ad, &task, err);
}

alResult alEStringsDef_FromConfig(alEStringsDef *d, const alConfig *cfg, alError *err)
{
    *d = base_def();
    d->target = alConfig_String(cfg, "estrings.target");
    d->alphabet = (alEStringsAlphabet)alConfig_Enum(cfg, "estrings.alphabet");
    d->fitness = (alEStringsFitness)alConfig_Enum(cfg, "estrings.fitness");
    d->ga.population = (int)alConfig_Int(cfg, "estrings.population");
    d->ga.type = AL_GENOME_BYTES;
    d->algorithm = (alAlgorithmId)alConfig_Enum(cfg, "run.algorithm");
    alResult r = alEStrings_CheckTarget(d->target, d->alphabet, err);
    if (r == AL_OK) r = check_algorithm(d, al_estrings_encode(d->target, NULL), err);
    if (r == AL_OK) r = alGaDef_FromConfig(&d->ga, cfg, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err); // name the lines of the keys
}

// Fitness callbacks: pure functions of the genome and the target (ctx).
// Written as plain byte loops so the compiler vectorises them (psadbw),
// also in an AVX2 clone (32 characters a vpsadbw; an AVX-512 clone measured
// no faster): integer sums, so every version gives the same error. Not
// under clang (the ThreadSanitizer build), whose sanitised resolver runs
// before the sanitizer is up and crashes every program at start.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define FITNESS_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FITNESS_CLONES
#endif

static inline int abs_diff_sum(const uint8_t *g, const uint8_t *t, int len)
{
    int sum = 0;
    for (int j = 0; j < len; ++j)
        sum += abs((int)g[j] - (int)t[j]);
    return sum;
}

static inline int hamming_sum(const uint8_t *g, const uint8_t *t, int len)
{
    int sum = 0;
    for (int j = 0; j < len; ++j)
        sum += g[j] != t[j];
    return sum;
}

FITNESS_CLONES static double error_abs_diff(const void *genome, int len, void *ctx)
{
    return abs_diff_sum(genome, ctx, len);
}

FITNESS_CLONES static double error_hamming(const void *genome, int len, void *ctx)
{
    return hamming_sum(genome, ctx, len);
}

// The same errors a block of strings at a time (alGaDef.fitness_rows): no
// call and no set-up per string, a tenth of the GA's instructions at 1000 x 64.
#define ERROR_ROWS(name, sum)                                                                      \
    FITNESS_CLONES static void name(const void *genomes, size_t stride, int count, int len,        \
                                    double *fit, void *ctx)                                        \
    {                                                                                              \
        for (int i = 0; i < count; ++i)                                                            \
            fit[i] = sum((const uint8_t *)genomes + (size_t)i * stride, ctx, len);                 \
    }
ERROR_ROWS(error_abs_diff_rows, abs_diff_sum)
ERROR_ROWS(error_hamming_rows, hamming_sum)
#undef ERROR_ROWS

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROWS_AVX2 1
// error_abs_diff_rows written out for AVX2 (chosen at create where the CPU
// has it): one vpsadbw a 32 characters and one horizontal sum a string,
// about a third of the instructions of the vectorised loop above, which
// sets up and sums up for any length. Integer sums: the same errors.
__attribute__((target("avx2"))) static void error_abs_diff_rows_avx2(const void *genomes,
                                                                     size_t stride, int count,
                                                                     int len, double *fit,
                                                                     void *ctx)
{
    const uint8_t *t = ctx;
    const int chunks = len / 32, tail = len - 32 * chunks;
#define LOAD32(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
    // Up to 64 characters the target stays in registers and the loop is
    // unrolled (the benchmark's length and the lessons' are below it).
    const __m256i t0 = chunks >= 1 ? LOAD32(t) : _mm256_setzero_si256();
    const __m256i t1 = chunks >= 2 ? LOAD32(t + 32) : _mm256_setzero_si256();
    for (int i = 0; i < count; ++i) {
        const uint8_t *g = (const uint8_t *)genomes + (size_t)i * stride;
        __m256i acc;
        if (chunks == 2) {
            acc = _mm256_add_epi64(_mm256_sad_epu8(LOAD32(g), t0), _mm256_sad_epu8(LOAD32(g + 32), t1));
        } else if (chunks == 1) {
            acc = _mm256_sad_epu8(LOAD32(g), t0);
        } else {
            acc = _mm256_setzero_si256();
            for (int k = 0; k < chunks; ++k)
                acc = _mm256_add_epi64(acc, _mm256_sad_epu8(LOAD32(g + 32 * k), LOAD32(t + 32 * k)));
        }
#undef LOAD32
        __m128i s = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
        int sum = (int)_mm_cvtsi128_si64(s);
        if (tail) sum += abs_diff_sum(g + 32 * chunks, t + 32 * chunks, tail);
        fit[i] = sum;
    }
}
#define ROWS_AVX512 1
#define AVX512BW __attribute__((target("avx2,avx512f,avx512bw,avx512dq")))
// The sum of |g - t| of one string, as eight 64-bit partial sums: 64
// characters a vpsadbw, the tail by masked loads (zero beside zero).
AVX512BW static inline __m512i sad_row512(const uint8_t *g, const uint8_t *t, int chunks,
                                          __mmask64 tail, __m512i t0)
{
    __m512i acc = _mm512_setzero_si512();
    int k = 0;
    if (chunks >= 1) {
        acc = _mm512_sad_epu8(_mm512_loadu_si512(g), t0);
        k = 1;
    }
    for (; k < chunks; ++k)
        acc = _mm512_add_epi64(acc, _mm512_sad_epu8(_mm512_loadu_si512(g + 64 * k),
                                                   _mm512_loadu_si512(t + 64 * k)));
    if (tail)
        acc = _mm512_add_epi64(acc, _mm512_sad_epu8(_mm512_maskz_loadu_epi8(tail, g + 64 * chunks),
                                                   _mm512_maskz_loadu_epi8(tail, t + 64 * chunks)));
    return acc;
}

// Lanes i and i+1 of each 128-bit quarter of a and b, added pairwise:
// a's in the low qword, b's in the high.
AVX512BW static inline __m512i pair_sums(__m512i a, __m512i b)
{
    return _mm512_add_epi64(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b));
}

// Quarters 0 and 2 of x and y beside quarters 1 and 3, added.
AVX512BW static inline __m512i quarter_sums(__m512i x, __m512i y)
{
    return _mm512_add_epi64(_mm512_shuffle_i64x2(x, y, 0x88), _mm512_shuffle_i64x2(x, y, 0xdd));
}

// error_abs_diff_rows_avx2 in AVX-512 BW: 64 characters a vpsadbw, and the
// eight partial sums of eight strings reduced together (three levels of
// pairwise adds, one conversion and one store for the eight), where the
// 256-bit version summed each string's partial sums alone. Integer sums:
// the same errors.
AVX512BW static void error_abs_diff_rows_avx512(const void *genomes, size_t stride, int count,
                                                int len, double *fit, void *ctx)
{
    const uint8_t *t = ctx, *g = genomes;
    const int chunks = len / 64;
    const __mmask64 tail = len % 64 ? ~0ull >> (64 - len % 64) : 0;
    const __m512i t0 = chunks >= 1 ? _mm512_loadu_si512(t) : _mm512_setzero_si512();
    int i = 0;
    for (; i + 8 <= count; i += 8, g += 8 * stride) {
        __m512i a[8];
        for (int r = 0; r < 8; ++r)
            a[r] = sad_row512(g + (size_t)r * stride, t, chunks, tail, t0);
        __m512i v0 = quarter_sums(pair_sums(a[0], a[1]), pair_sums(a[2], a[3]));
        __m512i v1 = quarter_sums(pair_sums(a[4], a[5]), pair_sums(a[6], a[7]));
        _mm512_storeu_pd(fit + i, _mm512_cvtepi64_pd(quarter_sums(v0, v1)));
    }
    for (; i < count; ++i, g += stride)
        fit[i] = (double)_mm512_reduce_add_epi64(sad_row512(g, t, chunks, tail, t0));
}

#endif

// The block-at-a-time error for def's fitness, the AVX-512 or AVX2 one where it can.
static alGaFitnessRowsFn error_rows(alEStringsFitness f)
{
    if (f == AL_ESTRINGS_HAMMING) return error_hamming_rows;
#ifdef ROWS_AVX2
    if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        return error_abs_diff_rows_avx512;
    if (__builtin_cpu_supports("avx2")) return error_abs_diff_rows_avx2;
#endif
    return error_abs_diff_rows;
}

alResult alCreateEStrings(const alEStringsDef *def, uint64_t seed, alEStrings **out, alError *err)
{
    *out = NULL;
    alResult r = alEStrings_CheckTarget(def->target, def->alphabet, err);
    if (r != AL_OK) return r;
    if ((unsigned)def->fitness > AL_ESTRINGS_HAMMING)
        return alError_Set(err, AL_ERR_CONFIG, "estrings.fitness = %d is unknown",
                           (int)def->fitness);
    if (def->ga.population < 2)
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.population = %d: a GA needs at least 2 strings (allowed: 2 "
                           "to 1000000)",
                           def->ga.population);
    // The GA checks these too, but here they can name the population's key.
    const alGaDef *gd = &def->ga;
    if ((int64_t)gd->elites * gd->elite_copies >= gd->population)
        return alError_Set(err, AL_ERR_CONFIG,
                           "ga.elites = %d x ga.elite_copies = %d leaves no room for children when "
                           "estrings.population = %d (allowed: elites x copies < population)",
                           gd->elites, gd->elite_copies, gd->population);
    if (gd->selection == AL_SELECT_TOURNAMENT && gd->tournament_k > gd->population)
        return alError_Set(err, AL_ERR_CONFIG,
                           "ga.tournament_k = %d is more than estrings.population = %d (allowed: 1 "
                           "to the population)",
                           gd->tournament_k, gd->population);
    if (def->history < 1)
        return alError_Set(err, AL_ERR_CONFIG, "history = %d (allowed: 1 or more)", def->history);
    alEStrings *es = calloc(1, sizeof *es);
    if (!es) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    es->def = *def;
    size_t bytes = strlen(def->target);
    es->len = al_estrings_encode(def->target, NULL);
    es->target = malloc(bytes + 1);
    es->codes = malloc((size_t)es->len);
    es->hist_cap = def->history;
    es->hist_text = malloc((size_t)es->hist_cap * (size_t)es->len);
    es->hist_err = malloc((size_t)es->hist_cap * sizeof(double));
    es->hist_gen = malloc((size_t)es->hist_cap * sizeof(int64_t));
    es->solved_at = es->solved_evals = -1;
    if (!es->target || !es->codes || !es->hist_text || !es->hist_err || !es->hist_gen) {
        alDestroyEStrings(es);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    memcpy(es->target, def->target, bytes + 1);
    al_estrings_encode(es->target, es->codes);
    es->def.target = es->target;

    uint8_t alpha[256];
    int na = al_estrings_symbols(def->alphabet, alpha);
    alGaDef g = def->ga;
    g.type = AL_GENOME_BYTES;
    g.length = es->len;
    g.alphabet = alpha;
    g.alphabet_size = na;
    g.minimise = true;
    g.has_target = true;
    g.target_fitness = 0;
    g.fitness_rows = error_rows(def->fitness);
    alAlgorithmTask task = strings_task(def, es->len);
    task.fitness = def->fitness == AL_ESTRINGS_HAMMING ? error_hamming : error_abs_diff;
    task.fitness_ctx = es->codes;
    alAlgorithmDef ad = alDefaultAlgorithmDef();
    ad.id = def->algorithm;
    ad.ga = g;
    r = alCreateAlgorithm(&ad, &task, seed, &es->algo, err);
    if (r != AL_OK) {
        alDestroyEStrings(es);
        return r;
    }
    es->ga = alGa_FromAlgorithm(es->algo);
    assert(es->ga && alAlgorithm_HasStep(es->algo)); // only the GA makes bytes
    *out = es;
    return AL_OK;
}

void alDestroyEStrings(alEStrings *es)
{
    if (!es) return;
    alDestroyAlgorithm(es->algo);
    free(es->target);
    free(es->codes);
    free(es->hist_text);
    free(es->hist_err);
    free(es->hist_gen);
    free(es);
}

bool alEStrings_Step(alEStrings *es)
{
    alAlgoStop why = alAlgorithm_Step(es->algo);
    assert(why != AL_ALGO_ERROR); // tournament/rank/truncation never refuse; roulette shifts
    alGaStats s;
    alGa_LastStats(es->ga, &s);
    int h = es->hist_head;
    memcpy(es->hist_text + (size_t)h * (size_t)es->len, alGa_LastBest(es->ga), (size_t)es->len);
    es->hist_err[h] = s.best;
    es->hist_gen[h] = s.gen;
    es->hist_head = (h + 1) % es->hist_cap;
    if (es->hist_count < es->hist_cap) es->hist_count++;
    if (!es->solved && s.best == 0) {
        es->solved = true;
        es->solved_at = s.gen;
        es->solved_evals = s.evaluations;
    }
    if (why == AL_ALGO_CONVERGED) es->stalled = true; // the GA's stall rule
    return es->solved || es->stalled;
}

const char *alEStrings_Target(const alEStrings *es)
{
    return es->target;
}
const uint8_t *alEStrings_TargetCodes(const alEStrings *es)
{
    return es->codes;
}
int alEStrings_Length(const alEStrings *es)
{
    return es->len;
}
int64_t alEStrings_Generations(const alEStrings *es)
{
    return alGa_Generation(es->ga);
}
bool alEStrings_Solved(const alEStrings *es)
{
    return es->solved;
}
int64_t alEStrings_SolvedAt(const alEStrings *es)
{
    return es->solved_at;
}
int64_t alEStrings_SolvedEvaluations(const alEStrings *es)
{
    return es->solved_evals;
}
bool alEStrings_Stalled(const alEStrings *es)
{
    return es->stalled;
}
bool alEStrings_LastStats(const alEStrings *es, alGaStats *out)
{
    return alGa_LastStats(es->ga, out);
}
const alGa *alEStrings_Ga(const alEStrings *es)
{
    return es->ga;
}

int alEStrings_Top(const alEStrings *es, int n, alEStringsEntry *out)
{
    enum { MAXTOP = 256 };
    int idx[MAXTOP];
    if (n > MAXTOP) n = MAXTOP;
    int got = alGa_Top(es->ga, n, idx);
    int64_t gen = alGa_Generation(es->ga) - 1;
    for (int i = 0; i < got; ++i) {
        out[i].text = alGa_LastGenome(es->ga, idx[i]);
        out[i].length = es->len;
        out[i].error = alGa_LastFitness(es->ga, idx[i]);
        out[i].gen = gen;
    }
    return got;
}

int alEStrings_HistoryCount(const alEStrings *es)
{
    return es->hist_count;
}

bool alEStrings_History(const alEStrings *es, int k, alEStringsEntry *out)
{
    if (k < 0 || k >= es->hist_count) return false;
    int at = ((es->hist_head - 1 - k) % es->hist_cap + es->hist_cap) % es->hist_cap;
    out->text = es->hist_text + (size_t)at * (size_t)es->len;
    out->length = es->len;
    out->error = es->hist_err[at];
    out->gen = es->hist_gen[at];
    return true;
}

// ---- the module class -----------------------------------------------------------

static alResult mod_create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    alEStringsDef def;
    alResult r = alEStringsDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alEStrings *es = NULL;
    r = alCreateEStrings(&def, seed, &es, err);
    *out = es;
    return r;
}

static void mod_destroy(void *self)
{
    alDestroyEStrings(self);
}

static bool mod_step(void *self)
{
    alEStrings_Step(self);
    return true; // one tick is one generation
}

static bool mod_last_stats(const void *self, alGenStats *out)
{
    alGaStats s;
    if (!alEStrings_LastStats(self, &s)) return false;
    memset(out, 0, sizeof *out);
    out->gen = s.gen;
    out->best = s.best;
    out->mean = s.mean;
    out->worst = s.worst;
    out->stddev = s.stddev;
    out->evaluations = s.evaluations;
    out->ticks = s.gen + 1;
    alGenStats_AddFigure(out, "diversity", s.diversity);
    return true;
}

static bool mod_finished(const void *self)
{
    const alEStrings *es = self;
    return es->solved || es->stalled;
}

static const char *mod_stop_reason(const void *self)
{
    const alEStrings *es = self;
    return es->solved ? "solved" : es->stalled ? "stalled" : NULL;
}

static const void *mod_best_genome(const void *self, size_t *bytes)
{
    const alEStrings *es = self;
    const void *g = alGa_LastBest(es->ga);
    *bytes = g ? (size_t)es->len : 0;
    return g;
}

static void mod_describe(const void *self, char *buf, size_t cap)
{
    const alEStrings *es = self;
    alEStringsEntry e;
    if (!alEStrings_History(es, 0, &e)) {
        snprintf(buf, cap, "no generation yet");
        return;
    }
    char text[160];
    alEStrings_Format(e.text, e.length, text, sizeof text);
    const char *more = strlen(text) + 1 >= sizeof text ? AL_ELLIPSIS : ""; // the one sign of a cut
    char gens[48];
    if (es->solved)
        snprintf(buf, cap, "solved after %s (%lld evaluations): '%s%s'",
                 alCounted(gens, sizeof gens, (long long)es->solved_at + 1, "generation", NULL),
                 (long long)es->solved_evals, text, more);
    else
        snprintf(buf, cap, "best '%s%s' error %g at generation %lld", text, more, e.error,
                 (long long)e.gen); // why it stopped: mod_stop_reason
}

const alModuleClass alEStringsModule = {
    .name = "estrings",
    .title = "Evolving strings",
    .lower_is_better = true,
    .create = mod_create,
    .destroy = mod_destroy,
    .step = mod_step,
    .last_stats = mod_last_stats,
    .finished = mod_finished,
    .best_genome = mod_best_genome,
    .describe = mod_describe,
    .stop_reason = mod_stop_reason,
};

double alEStrings_EstimateBytes(const alEStringsDef *def)
{
    double len = def->target ? (double)strlen(def->target) : 0.0; // bytes >= characters
    alGaDef ga = def->ga;
    ga.type = AL_GENOME_BYTES;
    ga.length = (int)len;
    return sizeof(alEStrings) + 2.0 * len + 1.0 + (double)def->history * (len + sizeof(double) + sizeof(int64_t)) +
           alGa_EstimateBytes(&ga);
}
