// The GA seen through the ask/tell interface (algorithm.h). Ask hands out
// the current population as it is (generation 0 random; later the elites
// first, then the children); Tell stores every fitness (elites too: a task
// whose world changes each generation re-measures them) and runs the epoch.
// That is exactly the SetFitness-all-then-Epoch loop the ants ran directly,
// so a run through the interface is bit-identical to one without it.
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "alife/ga.h"

static int g_ask(void *self) { return alGa_Size(self); }
static int g_length(const void *self) { return alGa_Length(self); }

static const void *g_candidate(const void *self, int i)
{
    return alGa_Type(self) == AL_GENOME_BYTES ? (const void *)alGa_Bytes(self, i)
                                              : (const void *)alGa_Floats(self, i);
}

static alAlgoStop to_algo_stop(alGaStop why)
{
    switch (why) {
    case AL_GA_RUNNING: return AL_ALGO_RUNNING;
    case AL_GA_TARGET: return AL_ALGO_TARGET;
    case AL_GA_MAX_GENERATIONS: return AL_ALGO_BUDGET;
    case AL_GA_STALLED: return AL_ALGO_CONVERGED;
    case AL_GA_ERROR: return AL_ALGO_ERROR;
    }
    return AL_ALGO_ERROR;
}

// A non-finite fitness counts as the worst (algorithm.h): the worst finite
// one told with it, or 0 when none is finite.
static alAlgoStop g_tell(void *self, const double *fitness)
{
    alGa *ga = self;
    const int n = alGa_Size(ga);
    const bool lower = alGa_Minimise(ga);
    double worst = 0;
    bool any = false;
    for (int i = 0; i < n; ++i)
        if (isfinite(fitness[i]) && (!any || (lower ? fitness[i] > worst : fitness[i] < worst))) {
            worst = fitness[i];
            any = true;
        }
    for (int i = 0; i < n; ++i) alGa_SetFitness(ga, i, isfinite(fitness[i]) ? fitness[i] : worst);
    return to_algo_stop(alGa_Epoch(ga));
}

static bool g_last_stats(const void *self, alGenStats *out)
{
    alGaStats s;
    if (!alGa_LastStats(self, &s)) return false;
    *out = (alGenStats){.gen = s.gen, .best = s.best, .mean = s.mean, .worst = s.worst,
                        .stddev = s.stddev, .evaluations = s.evaluations};
    alGenStats_AddFigure(out, "diversity", s.diversity);
    return true;
}

static const void *g_best_ever(const void *self, double *fitness) { return alGa_BestEver(self, fitness); }
static void g_destroy(void *self) { alDestroyGa(self); }
static const char *g_error(const void *self) { return alGa_Error(self); }
static alAlgoStop g_step(void *self) { return to_algo_stop(alGa_Step(self)); }
static bool g_is_elite(const void *self, int i) { return alGa_IsElite(self, i); }

// The GA's one live parameter: the mutation rate (a teacher's slider).
static alResult g_set_param(void *self, const char *name, double value, alError *err)
{
    if (strcmp(name, "mutation_rate") == 0) return alGa_SetMutationRate(self, value, err);
    return alError_Set(err, AL_ERR_CONFIG, "run.algorithm = ga cannot change %s while it runs (live: mutation_rate)",
                       name);
}

static bool g_get_param(const void *self, const char *name, double *value)
{
    if (strcmp(name, "mutation_rate") != 0) return false;
    *value = alGa_MutationRate(self);
    return true;
}

#define GA_CLASS(KIND, STEP)                                                                           \
    {                                                                                              \
        .name = "ga", .kind = KIND, .ask = g_ask, .length = g_length, .candidate = g_candidate,    \
        .tell = g_tell, .last_stats = g_last_stats, .best_ever = g_best_ever,                      \
        .destroy = g_destroy, .error = g_error, .step = STEP,   .is_elite = g_is_elite,            \
        .set_param = g_set_param, .get_param = g_get_param,                                        \
    }

const alAlgorithmClass alGaBytesClass = GA_CLASS(AL_CANDIDATE_BYTES, g_step);
const alAlgorithmClass alGaFloatsClass = GA_CLASS(AL_CANDIDATE_FLOATS, g_step);
// Without a callback there is no step: alAlgorithm_HasStep says so.
static const alAlgorithmClass ga_bytes_nostep = GA_CLASS(AL_CANDIDATE_BYTES, NULL);
static const alAlgorithmClass ga_floats_nostep = GA_CLASS(AL_CANDIDATE_FLOATS, NULL);

alAlgorithm alGa_Algorithm(alGa *ga)
{
    bool bytes = alGa_Type(ga) == AL_GENOME_BYTES;
    const alAlgorithmClass *cls = alGa_HasFitness(ga) ? (bytes ? &alGaBytesClass : &alGaFloatsClass)
                                                      : (bytes ? &ga_bytes_nostep : &ga_floats_nostep);
    return (alAlgorithm){cls, ga};
}

alGa *alGa_FromAlgorithm(alAlgorithm a)
{
    return a.cls && strcmp(a.cls->name, "ga") == 0 ? a.self : NULL;
}
