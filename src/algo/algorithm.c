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

alResult alAlgorithm_CheckKind(const alAlgorithmClass *cls, const char *task, unsigned accepted,
                               alError *err)
{
    if (accepted & AL_CANDIDATE_BIT(cls->kind)) return AL_OK;
    char list[128] = "";
    for (int k = AL_CANDIDATE_BYTES; k <= AL_CANDIDATE_NEAT; ++k) {
        if (!(accepted & AL_CANDIDATE_BIT(k))) continue;
        if (list[0]) strncat(list, " or ", sizeof list - strlen(list) - 1);
        strncat(list, alCandidateKind_Name((alCandidateKind)k), sizeof list - strlen(list) - 1);
    }
    return alError_Set(err, AL_ERR_CONFIG,
                       "run.algorithm = %s makes %s; task '%s' takes %s (choose an algorithm that "
                       "makes those)",
                       cls->name, alCandidateKind_Name(cls->kind), task, list[0] ? list : "nothing");
}
