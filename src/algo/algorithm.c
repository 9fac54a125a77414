// The few functions every algorithm shares (algorithm.h): names and the
// check that a task can take what an algorithm makes.
#include "alife/algorithm.h"

#include <stdio.h>
#include <string.h>

const char *alCandidateKind_Name(alCandidateKind kind)
{
    switch (kind) {
    case AL_CANDIDATE_BYTES: return "bytes";
    case AL_CANDIDATE_FLOATS: return "float vectors";
    case AL_CANDIDATE_NEAT: return "NEAT genomes";
    }
    return "?";
}

const char *alAlgoStop_Name(alAlgoStop stop)
{
    switch (stop) {
    case AL_ALGO_RUNNING: return "running";
    case AL_ALGO_TARGET: return "target";
    case AL_ALGO_BUDGET: return "budget";
    case AL_ALGO_CONVERGED: return "converged";
    case AL_ALGO_ERROR: return "error";
    }
    return "?";
}

// "bytes or float vectors": the kinds of mask, in kind order.
static void kind_list(unsigned mask, char *list, size_t cap)
{
    list[0] = '\0';
    for (int k = AL_CANDIDATE_BYTES; k <= AL_CANDIDATE_NEAT; ++k) {
        if (!(mask & AL_CANDIDATE_BIT(k))) continue;
        if (list[0]) strncat(list, " or ", cap - strlen(list) - 1);
        strncat(list, alCandidateKind_Name((alCandidateKind)k), cap - strlen(list) - 1);
    }
}

alResult alAlgorithm_CheckKinds(const char *algorithm, unsigned makes, const char *task,
                                unsigned accepted, alError *err)
{
    if (accepted & makes) return AL_OK;
    char made[128], taken[128];
    kind_list(makes, made, sizeof made);
    kind_list(accepted, taken, sizeof taken);
    return alError_Set(err, AL_ERR_CONFIG,
                       "run.algorithm = %s makes %s; task '%s' takes %s (choose an algorithm that "
                       "makes those)",
                       algorithm, made[0] ? made : "nothing", task, taken[0] ? taken : "nothing");
}

alResult alAlgorithm_CheckKind(const alAlgorithmClass *cls, const char *task, unsigned accepted,
                               alError *err)
{
    return alAlgorithm_CheckKinds(cls->name, AL_CANDIDATE_BIT(cls->kind), task, accepted, err);
}

alResult alAlgorithm_SetParam(alAlgorithm a, const char *name, double value, alError *err)
{
    if (!a.cls)
        return alError_Set(err, AL_ERR_CONFIG, "%s cannot change: nothing is evolving (a replay)", name);
    if (!a.cls->set_param)
        return alError_Set(err, AL_ERR_CONFIG,
                           "run.algorithm = %s cannot change %s while it runs (it has no such live "
                           "parameter; set the config and start a new run)",
                           a.cls->name, name);
    return a.cls->set_param(a.self, name, value, err);
}

bool alAlgorithm_GetParam(alAlgorithm a, const char *name, double *value)
{
    return a.cls && a.cls->get_param && a.cls->get_param(a.self, name, value);
}
