// The algorithm factory (algorithm_factory.h): run.algorithm's name to an
// algorithm for a task. The registration point is the table `algorithms`
// and the switch in alCreateAlgorithm: a new algorithm adds its kinds there
// and its def to alAlgorithmDef.
#include "alife/algorithm_factory.h"

#include <stddef.h>
#include <string.h>

typedef struct entry {
    const char *name;
    unsigned makes;        // kinds it can make, AL_CANDIDATE_BIT()s
    bool built;            // false: named in the schema but not in this build
} entry;

// In the order of alAlgorithmId and of run.algorithm's choices.
static const entry algorithms[] = {
    [AL_ALGORITHM_GA] = {"ga", AL_CANDIDATE_BIT(AL_CANDIDATE_BYTES) | AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS), true},
    [AL_ALGORITHM_NEAT] = {"neat", AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT), true},
    [AL_ALGORITHM_CMAES] = {"cmaes", AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS), true},
};
enum { ALGORITHM_COUNT = (int)(sizeof algorithms / sizeof algorithms[0]) };

const char *alAlgorithmId_Name(alAlgorithmId id)
{
    return (int)id >= 0 && (int)id < ALGORITHM_COUNT ? algorithms[id].name : "?";
}

alAlgorithmDef alDefaultAlgorithmDef(void)
{
    alAlgorithmDef d;
    memset(&d, 0, sizeof d);
    d.id = AL_ALGORITHM_GA;
    d.ga = alDefaultGaDef();
    d.cmaes = alDefaultCmaesDef();
    d.neat = alDefaultNeatDef();
    return d;
}

// The kind an algorithm makes for this task: the first of its kinds the task
// takes (floats before bytes for the GA, as the ants' brains want).
static bool pick_kind(const entry *e, unsigned accepted, alCandidateKind *kind)
{
    static const alCandidateKind order[] = {AL_CANDIDATE_FLOATS, AL_CANDIDATE_BYTES, AL_CANDIDATE_NEAT};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; ++i)
        if (e->makes & accepted & AL_CANDIDATE_BIT(order[i])) {
            *kind = order[i];
            return true;
        }
    return false;
}

// Kinds and "is it built": what can be said from the name alone.
static alResult check_kind(alAlgorithmId id, const alAlgorithmTask *task, alError *err)
{
    if ((int)id < 0 || (int)id >= ALGORITHM_COUNT)
        return alError_Set(err, AL_ERR_CONFIG, "run.algorithm = %d: unknown (allowed: ga|neat|cmaes)", (int)id);
    const entry *e = &algorithms[id];
    alCandidateKind kind;
    if (!pick_kind(e, task->accepted, &kind)) {
        // Every kind it can make: the GA makes bytes or float vectors.
        return alAlgorithm_CheckKinds(e->name, e->makes, task->name, task->accepted, err);
    }
    if (!e->built)
        return alError_Set(err, AL_ERR_CONFIG,
                           "run.algorithm = %s: not built yet in this version (allowed here: ga, neat, cmaes)",
                           e->name);
    return AL_OK;
}

alResult alAlgorithm_CheckTask(const alAlgorithmDef *def, const alAlgorithmTask *task, alError *err)
{
    alResult r = check_kind(def->id, task, err);
    if (r != AL_OK) return r;
    if (def->id == AL_ALGORITHM_CMAES && task->population > 0) {
        if (def->cmaes.lambda != 0 && def->cmaes.lambda != task->population)
            return alError_Set(err, AL_ERR_CONFIG,
                               "cmaes.lambda = %d: task '%s' runs a fixed population of %d (allowed: 0 "
                               "or %d)",
                               def->cmaes.lambda, task->name, task->population, task->population);
        if (def->cmaes.restarts != 0)
            return alError_Set(err, AL_ERR_CONFIG,
                               "cmaes.restarts = %d: IPOP restarts grow the population, but task '%s' "
                               "runs a fixed population of %d (allowed: 0)",
                               def->cmaes.restarts, task->name, task->population);
    }
    return AL_OK;
}

alResult alAlgorithmDef_FromConfig(alAlgorithmDef *def, const alConfig *cfg,
                                   const alAlgorithmTask *task, alError *err)
{
    *def = alDefaultAlgorithmDef();
    def->id = (alAlgorithmId)alConfig_Enum(cfg, "run.algorithm");
    alResult r = check_kind(def->id, task, err);
    if (r != AL_OK) return alConfig_Locate(cfg, err);
    switch (def->id) {
    case AL_ALGORITHM_GA:
        def->ga.type = task->accepted & AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS) ? AL_GENOME_FLOATS
                                                                                : AL_GENOME_BYTES;
        r = alGaDef_FromConfig(&def->ga, cfg, err);
        break;
    case AL_ALGORITHM_CMAES: r = alCmaesDef_FromConfig(&def->cmaes, cfg, err); break;
    case AL_ALGORITHM_NEAT: r = alNeatDef_FromConfig(&def->neat, cfg, err); break;
    }
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}

// The algorithms' defs with what the task decides filled in.
static alGaDef task_ga(const alAlgorithmDef *def, const alAlgorithmTask *task)
{
    alCandidateKind kind = AL_CANDIDATE_FLOATS;
    (void)pick_kind(&algorithms[AL_ALGORITHM_GA], task->accepted, &kind);
    alGaDef g = def->ga;
    g.type = kind == AL_CANDIDATE_BYTES ? AL_GENOME_BYTES : AL_GENOME_FLOATS;
    if (task->population > 0) g.population = task->population;
    g.length = task->length;
    g.minimise = task->minimise;
    g.threads = task->threads;
    g.fitness = task->fitness;
    g.fitness_ctx = task->fitness_ctx;
    return g;
}

static alCmaesDef task_cmaes(const alAlgorithmDef *def, const alAlgorithmTask *task)
{
    alCmaesDef c = def->cmaes;
    c.dimension = task->length;
    if (c.lambda == 0 && task->population > 0) c.lambda = task->population;
    c.minimise = task->minimise;
    c.threads = task->threads;
    c.fitness = NULL; // scored by the task through ask and tell
    return c;
}

// The NEAT def with the task's fields filled in.
static alNeatDef task_neat(const alAlgorithmDef *def, const alAlgorithmTask *task)
{
    alNeatDef n = def->neat;
    n.inputs = task->inputs;
    n.outputs = task->outputs;
    if (task->population > 0) n.population = task->population;
    n.threads = task->threads;
    n.fitness = NULL; // scored by the task through ask and tell
    return n;
}

alResult alAlgorithmDef_Validate(const alAlgorithmDef *def, const alAlgorithmTask *task, alError *err)
{
    alResult r = alAlgorithm_CheckTask(def, task, err);
    if (r != AL_OK) return r;
    switch (def->id) {
    case AL_ALGORITHM_GA: {
        alGaDef g = task_ga(def, task);
        return alGaDef_Validate(&g, "ga.", err);
    }
    case AL_ALGORITHM_CMAES: {
        alCmaesDef c = task_cmaes(def, task);
        return alCmaesDef_Validate(&c, "cmaes.", err);
    }
    case AL_ALGORITHM_NEAT: {
        alNeatDef n = task_neat(def, task);
        return alNeatDef_Validate(&n, "neat.", err);
    }
    }
    return AL_OK;
}

alResult alCreateAlgorithm(const alAlgorithmDef *def, const alAlgorithmTask *task, uint64_t seed,
                           alAlgorithm *out, alError *err)
{
    *out = (alAlgorithm){NULL, NULL};
    alResult r = alAlgorithm_CheckTask(def, task, err);
    if (r != AL_OK) return r;
    switch (def->id) {
    case AL_ALGORITHM_GA: {
        alGaDef g = task_ga(def, task);
        alGa *ga = NULL;
        r = alCreateGa(&g, seed, &ga, err);
        if (r == AL_OK) *out = alGa_Algorithm(ga);
        return r;
    }
    case AL_ALGORITHM_CMAES: {
        alCmaesDef c = task_cmaes(def, task);
        alCmaes *cm = NULL;
        r = alCreateCmaes(&c, seed, &cm, err);
        if (r == AL_OK) *out = alCmaes_Algorithm(cm);
        return r;
    }
    case AL_ALGORITHM_NEAT: {
        alNeatDef n = task_neat(def, task);
        alNeat *ne = NULL;
        r = alCreateNeat(&n, seed, &ne, err);
        if (r == AL_OK) *out = alNeat_Algorithm(ne);
        return r;
    }
    }
    return alError_Set(err, AL_ERR_CONFIG, "run.algorithm = %s: not built yet in this version",
                       alAlgorithmId_Name(def->id));
}

alResult alCreateAlgorithmFromConfig(const alConfig *cfg, const alAlgorithmTask *task,
                                     uint64_t seed, alAlgorithm *out, alError *err)
{
    *out = (alAlgorithm){NULL, NULL};
    alAlgorithmDef def;
    alResult r = alAlgorithmDef_FromConfig(&def, cfg, task, err);
    if (r != AL_OK) return r;
    r = alCreateAlgorithm(&def, task, seed, out, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}

void alDestroyAlgorithm(alAlgorithm a)
{
    if (a.cls && a.self && a.cls->destroy) a.cls->destroy(a.self);
}
