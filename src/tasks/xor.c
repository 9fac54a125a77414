// The XOR task (xor.h) and its module: NEAT's candidates scored on the four
// patterns, in parallel (one scratch network per worker), results serial.
#include "alife/xor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/algorithm_factory.h"
#include "alife/counted.h"
#include "alife/module.h"
#include "alife/threads.h"
#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

const double alXorInputs[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
const double alXorTargets[4] = {0, 1, 1, 0};

double alXor_Evaluate(const alNeatGenome *g, bool recurrent, double slope, alNeatNet *net,
                      double out[4])
{
    double o[4] = {0, 0, 0, 0};
    if (g->inputs != 2 || g->outputs != 1 || alNeatNet_Build(net, g, recurrent, slope, NULL) != AL_OK) {
        if (out) memcpy(out, o, sizeof o);
        return 0.0;
    }
    double err = 0;
    for (int p = 0; p < 4; ++p) {
        if (recurrent) {
            alNeatNet_Reset(net);
            for (int k = 0; k < AL_XOR_SETTLE; ++k) alNeatNet_Activate(net, alXorInputs[p], &o[p]);
        } else {
            alNeatNet_Activate(net, alXorInputs[p], &o[p]);
        }
        double e = o[p] - alXorTargets[p];
        err += e < 0 ? -e : e;
    }
    if (out) memcpy(out, o, sizeof o);
    double f = 4.0 - err;
    return f * f;
}

bool alXor_Solved(const double out[4])
{
    for (int p = 0; p < 4; ++p)
        if ((out[p] > 0.5) != (alXorTargets[p] > 0.5)) return false;
    return true;
}

struct alXor {
    alNeat *neat;
    int threads;
    alNeatNet *nets; // one per worker
    double *fitness;
    char *solved;
    bool is_solved, has_best;
    int64_t solved_at, solved_evals;
    alNeatGenome best;
    double best_out[4], best_fit;
    int *species;
    int species_n, species_cap;
    uint8_t *bytes;
    size_t bytes_cap, bytes_n;
};

alResult alCreateXor(const alNeatDef *def, uint64_t seed, alXor **out, alError *err)
{
    *out = NULL;
    alNeatDef d = *def;
    d.inputs = 2;
    d.outputs = 1;
    d.fitness = NULL;
    alXor *x = calloc(1, sizeof *x);
    if (!x) return alError_Set(err, AL_ERR_NOMEM, "xor: out of memory");
    alResult r = alCreateNeat(&d, seed, &x->neat, err);
    if (r != AL_OK) {
        free(x);
        return r;
    }
    x->threads = alThreads_Resolve(def->threads);
    x->nets = calloc((size_t)x->threads, sizeof *x->nets);
    x->fitness = calloc((size_t)d.population, sizeof *x->fitness);
    x->solved = calloc((size_t)d.population, 1);
    x->solved_at = x->solved_evals = -1;
    if (!x->nets || !x->fitness || !x->solved) {
        alDestroyXor(x);
        return alError_Set(err, AL_ERR_NOMEM, "xor: out of memory");
    }
    *out = x;
    return AL_OK;
}

void alDestroyXor(alXor *x)
{
    if (!x) return;
    for (int t = 0; x->nets && t < x->threads; ++t) alNeatNet_Free(&x->nets[t]);
    alDestroyNeat(x->neat);
    alNeatGenome_Free(&x->best);
    free(x->nets);
    free(x->fitness);
    free(x->solved);
    free(x->species);
    free(x->bytes);
    free(x);
}

bool alXor_Step(alXor *x)
{
    const alNeatDef *d = alNeat_Def(x->neat);
    int n = alNeat_Ask(x->neat);
    int species = alNeat_SpeciesCount(x->neat);
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 8) num_threads(x->threads)
#endif
    for (int i = 0; i < n; ++i) {
        int t = 0;
#ifdef ALIFE_HAVE_OPENMP
        t = omp_get_thread_num();
#endif
        double o[4];
        x->fitness[i] = alXor_Evaluate(alNeat_Candidate(x->neat, i), d->recurrent, d->sigmoid_slope,
                                       &x->nets[t], o);
        x->solved[i] = alXor_Solved(o);
    }
    // The best: a solver if any (the fittest of them), else the fittest.
    int best = 0;
    for (int i = 1; i < n; ++i)
        if (x->solved[i] > x->solved[best] ||
            (x->solved[i] == x->solved[best] && x->fitness[i] > x->fitness[best]))
            best = i;
    alNeatGenome_Copy(&x->best, alNeat_Candidate(x->neat, best));
    x->best_fit = alXor_Evaluate(&x->best, d->recurrent, d->sigmoid_slope, &x->nets[0], x->best_out);
    x->has_best = true;
    if (!x->is_solved && x->solved[best]) {
        x->is_solved = true;
        x->solved_at = alNeat_Generation(x->neat);
        x->solved_evals = alNeat_Evaluations(x->neat) + n;
    }
    if (x->species_n == x->species_cap) {
        int cap = x->species_cap ? x->species_cap * 2 : 64;
        int *p = realloc(x->species, (size_t)cap * sizeof *p);
        if (p) {
            x->species = p;
            x->species_cap = cap;
        }
    }
    if (x->species_n < x->species_cap) x->species[x->species_n++] = species;
    alNeat_Tell(x->neat, x->fitness);
    return x->is_solved;
}

const alNeat *alXor_Neat(const alXor *x) { return x->neat; }
bool alXor_IsSolved(const alXor *x) { return x->is_solved; }
int64_t alXor_SolvedAt(const alXor *x) { return x->solved_at; }
int64_t alXor_SolvedEvaluations(const alXor *x) { return x->solved_evals; }

bool alXor_Best(const alXor *x, const alNeatGenome **g, double out[4], double *fitness)
{
    if (!x->has_best) return false;
    if (g) *g = &x->best;
    if (out) memcpy(out, x->best_out, sizeof x->best_out);
    if (fitness) *fitness = x->best_fit;
    return true;
}

const int *alXor_SpeciesHistory(const alXor *x, int *n)
{
    *n = x->species_n;
    return x->species;
}

// ---- the module class -----------------------------------------------------------

// The XOR task takes networks only: run.algorithm must make NEAT genomes
// (the module's default); ga or cmaes is refused naming both.
static const alKeyOverride xor_overrides[] = {{"run.algorithm", "neat"}};
const alSchemaPart alXorSchemaPart = {"xor", "", NULL, 0, xor_overrides, 1};

static alResult mod_create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    *out = NULL;
    alAlgorithmTask task = {.name = "xor", .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT),
                            .length = 1, .inputs = 2, .outputs = 1,
                            .threads = (int)alConfig_Int(cfg, "run.threads")};
    alAlgorithmDef ad;
    alResult r = alAlgorithmDef_FromConfig(&ad, cfg, &task, err);
    if (r != AL_OK) return r;
    alXor *x = NULL;
    r = alCreateXor(&ad.neat, seed, &x, err);
    *out = x;
    return r;
}

static void mod_destroy(void *self) { alDestroyXor(self); }

static bool mod_step(void *self)
{
    alXor_Step(self);
    return true; // one tick is one generation
}

static bool mod_last_stats(const void *self, alGenStats *out)
{
    const alXor *x = self;
    if (!alNeat_LastStats(x->neat, out)) return false;
    alGenStats_AddFigure(out, "solved", x->is_solved ? 1.0 : 0.0);
    return true;
}

static bool mod_finished(const void *self) { return ((const alXor *)self)->is_solved; }

static const void *mod_best_genome(const void *self, size_t *bytes)
{
    alXor *x = (alXor *)self; // the encoding buffer is a cache
    *bytes = 0;
    if (!x->has_best) return NULL;
    size_t need = alNeatGenome_EncodedSize(&x->best);
    if (need > x->bytes_cap) {
        uint8_t *p = realloc(x->bytes, need);
        if (!p) return NULL;
        x->bytes = p;
        x->bytes_cap = need;
    }
    *bytes = alNeatGenome_Encode(&x->best, alNeat_Def(x->neat)->recurrent, x->bytes, x->bytes_cap);
    return x->bytes;
}

static void mod_describe(const void *self, char *buf, size_t cap)
{
    const alXor *x = self;
    if (!x->has_best) {
        snprintf(buf, cap, "no generation yet");
        return;
    }
    int hidden = 0;
    for (int i = 0; i < x->best.node_count; ++i) hidden += x->best.nodes[i].type == AL_NEAT_HIDDEN;
    const double *o = x->best_out;
    char hn[40], sn[40];
    alCounted(hn, sizeof hn, hidden, "hidden node", NULL);
    if (x->is_solved)
        snprintf(buf, cap, "solved after %lld generations (%lld evaluations): outputs %.2f %.2f %.2f %.2f; %s",
                 (long long)x->solved_at + 1, (long long)x->solved_evals, o[0], o[1], o[2], o[3], hn);
    else
        snprintf(buf, cap, "best fitness %.3f: outputs %.2f %.2f %.2f %.2f; %s, %s", x->best_fit, o[0], o[1], o[2],
                 o[3], hn,
                 alCounted(sn, sizeof sn, x->species_n > 0 ? x->species[x->species_n - 1] : alNeat_SpeciesCount(x->neat),
                           "species", "species"));
}

const alModuleClass alXorModule = {
    .name = "xor",
    .title = "XOR (NEAT)",
    .lower_is_better = false,
    .create = mod_create,
    .destroy = mod_destroy,
    .step = mod_step,
    .last_stats = mod_last_stats,
    .finished = mod_finished,
    .best_genome = mod_best_genome,
    .describe = mod_describe,
};
