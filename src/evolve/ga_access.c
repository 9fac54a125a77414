// The GA's accessors: the population, its fitness, the last closed
// generation and the best-ever.
#include <assert.h>
#include <math.h>
#include <string.h>

#include "ga_internal.h"

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
