// EStrings: random strings evolved towards a target by the GA engine.
//
// Unlike the widely copied "Hello world" GA, which mutates by adding a random
// 32..121 modulo 122 and so can never move a character by 1..31, mutation
// here works inside the alphabet: reset picks any other symbol, creep steps
// along the alphabet and wraps around, so every character is reachable from
// every other and no run can stall for want of a symbol.
#include "alife/estrings.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct alEStrings {
    alEStringsDef def;
    char *target; // NUL-terminated copy
    int len;
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

static const char *const alphabet_keys[] = {"printable", "seed", "upper"};
static const char *const alphabet_names[] = {
    "printable ASCII, bytes 32 to 126", "the seed's alphabet, bytes 32 to 141", "space and A to Z"};

// The symbols of an alphabet, in creep order; returns how many.
static int alphabet_symbols(alEStringsAlphabet a, uint8_t *out)
{
    int n = 0;
    if (a == AL_ESTRINGS_UPPER) {
        out[n++] = ' ';
        for (int c = 'A'; c <= 'Z'; ++c)
            out[n++] = (uint8_t)c;
        return n;
    }
    int hi = a == AL_ESTRINGS_SEED ? 141 : 126;
    for (int c = 32; c <= hi; ++c)
        out[n++] = (uint8_t)c;
    return n;
}

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
    alConfig *cfg = alCreateConfig(&cd, NULL);
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
    if (r == AL_OK) r = check_algorithm(d, (int)strlen(d->target), err);
    if (r == AL_OK) r = alGaDef_FromConfig(&d->ga, cfg, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err); // name the lines of the keys
}

// Length of the UTF-8 sequence starting with byte b (1 for anything else).
static int utf8_len(unsigned char b)
{
    if (b >= 0xf0 && b <= 0xf4) return 4;
    if (b >= 0xe0) return b <= 0xef ? 3 : 1;
    if (b >= 0xc2) return 2;
    return 1;
}

alResult alEStrings_CheckTarget(const char *target, alEStringsAlphabet alphabet, alError *err)
{
    if (!target || !target[0])
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target is empty (allowed: 1 to %d characters of the alphabet)",
                           AL_ESTRINGS_MAX_TARGET);
    size_t n = strlen(target);
    if (n > AL_ESTRINGS_MAX_TARGET)
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target is %zu characters long (allowed: 1 to %d)", n,
                           AL_ESTRINGS_MAX_TARGET);
    if ((unsigned)alphabet > AL_ESTRINGS_UPPER)
        return alError_Set(err, AL_ERR_CONFIG, "estrings.alphabet = %d is unknown", (int)alphabet);
    uint8_t sym[256];
    bool in[256] = {false};
    int ns = alphabet_symbols(alphabet, sym);
    for (int k = 0; k < ns; ++k)
        in[sym[k]] = true;
    int chars = 0; // characters (UTF-8 sequences) before position i
    for (size_t i = 0; i < n; ++chars) {
        unsigned char b = (unsigned char)target[i];
        int sl = utf8_len(b);
        if ((size_t)sl > n - i) sl = (int)(n - i);
        if (in[b]) {
            ++i;
            continue;
        }
        // Name the character as the user typed it, and its bytes.
        char shown[24] = "", bytes[40] = "";
        size_t bl = 0;
        for (int k = 0; k < sl; ++k)
            bl += (size_t)snprintf(bytes + bl, sizeof bytes - bl, "%s0x%02X", k ? " " : "",
                                   (unsigned char)target[i + (size_t)k]);
        if (b < 32 || b == 127)
            snprintf(shown, sizeof shown, "control character");
        else if (sl > 1 || b >= 128)
            snprintf(shown, sizeof shown, "'%.*s'", sl, target + i);
        else
            snprintf(shown, sizeof shown, "'%c'", b);
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target: %s (byte%s %s) at character %d (byte offset %zu) is "
                           "not in the alphabet (estrings.alphabet = %s: %s)",
                           shown, sl > 1 ? "s" : "", bytes, chars + 1, i, alphabet_keys[alphabet],
                           alphabet_names[alphabet]);
    }
    return AL_OK;
}

// Fitness callbacks: pure functions of the genome and the target (ctx).
// Written as plain byte loops so the compiler vectorises them (psadbw).
static double error_abs_diff(const void *genome, int len, void *ctx)
{
    const uint8_t *g = genome, *t = ctx;
    int sum = 0;
    for (int j = 0; j < len; ++j)
        sum += abs((int)g[j] - (int)t[j]);
    return sum;
}

static double error_hamming(const void *genome, int len, void *ctx)
{
    const uint8_t *g = genome, *t = ctx;
    int sum = 0;
    for (int j = 0; j < len; ++j)
        sum += g[j] != t[j];
    return sum;
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
    es->len = (int)strlen(def->target);
    es->target = malloc((size_t)es->len + 1);
    es->hist_cap = def->history;
    es->hist_text = malloc((size_t)es->hist_cap * (size_t)es->len);
    es->hist_err = malloc((size_t)es->hist_cap * sizeof(double));
    es->hist_gen = malloc((size_t)es->hist_cap * sizeof(int64_t));
    es->solved_at = es->solved_evals = -1;
    if (!es->target || !es->hist_text || !es->hist_err || !es->hist_gen) {
        alDestroyEStrings(es);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    memcpy(es->target, def->target, (size_t)es->len + 1);
    es->def.target = es->target;

    uint8_t alpha[256];
    int na = alphabet_symbols(def->alphabet, alpha);
    alGaDef g = def->ga;
    g.type = AL_GENOME_BYTES;
    g.length = es->len;
    g.alphabet = alpha;
    g.alphabet_size = na;
    g.minimise = true;
    g.has_target = true;
    g.target_fitness = 0;
    alAlgorithmTask task = strings_task(def, es->len);
    task.fitness = def->fitness == AL_ESTRINGS_HAMMING ? error_hamming : error_abs_diff;
    task.fitness_ctx = es->target;
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

size_t alEStrings_Format(const uint8_t *text, int length, char *buf, size_t cap)
{
    if (cap == 0) return 0;
    size_t o = 0;
    for (int i = 0; i < length; ++i) {
        char tmp[8];
        int w;
        if (text[i] >= 32 && text[i] <= 126 && text[i] != '\\') {
            tmp[0] = (char)text[i];
            w = 1;
        } else if (text[i] == '\\') {
            tmp[0] = tmp[1] = '\\';
            w = 2;
        } else {
            w = snprintf(tmp, sizeof tmp, "\\x%02X", text[i]);
        }
        if (o + (size_t)w >= cap) break;
        memcpy(buf + o, tmp, (size_t)w);
        o += (size_t)w;
    }
    buf[o] = '\0';
    return o;
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
    const char *more = strlen(text) + 1 >= sizeof text ? "..." : "";
    if (es->solved)
        snprintf(buf, cap, "solved at generation %lld (%lld evaluations): '%s%s'",
                 (long long)es->solved_at, (long long)es->solved_evals, text, more);
    else
        snprintf(buf, cap, "best '%s%s' error %g at generation %lld%s", text, more, e.error,
                 (long long)e.gen, es->stalled ? " (stopped: no improvement)" : "");
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
    double len = def->target ? (double)strlen(def->target) : 0.0;
    alGaDef ga = def->ga;
    ga.type = AL_GENOME_BYTES;
    ga.length = (int)len;
    return sizeof(alEStrings) + len + 1.0 + (double)def->history * (len + sizeof(double) + sizeof(int64_t)) +
           alGa_EstimateBytes(&ga);
}
