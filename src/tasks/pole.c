// The pole-balancing module: the task (pole_trial.c) under the ask/tell
// algorithm run.algorithm names (algorithm_factory.h; CMA-ES by default).
// The task takes float vectors; NEAT's recurrent genomes plug in at
// make_algorithm() (the kinds accepted) and score_candidate() (the net).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/algorithm.h"
#include "alife/algorithm_factory.h"
#include "alife/module.h"
#include "alife/pole.h"
#include "alife/threads.h"

struct alPoleRun {
    alPoleDef def;
    int weights;  // controller length
    int threads;
    alAlgorithm algo; // owned (alDestroyAlgorithm)
    double *fit;  // one per candidate, grows with the population
    int64_t *steps;
    int fit_cap;
    float *best;  // the best of the last generation, or the solution
    bool has_best, has_stats, solved, stalled;
    int64_t solved_gen, solved_evals;
    int generalised; // starts the solution balances (-1: not tested)
    int64_t best_steps;
    alGenStats stats;
};

const alPoleDef *alPoleRun_Def(const alPoleRun *run) { return &run->def; }

const float *alPoleRun_Best(const alPoleRun *run, int *n)
{
    *n = run->has_best ? run->weights : 0;
    return run->has_best ? run->best : NULL;
}

bool alPoleRun_Solved(const alPoleRun *run, int64_t *gen, int64_t *evaluations)
{
    if (gen) *gen = run->solved_gen;
    if (evaluations) *evaluations = run->solved_evals;
    return run->solved;
}

// What the task is to the algorithm factory: weight vectors, maximised.
static alAlgorithmTask pole_task(int weights)
{
    return (alAlgorithmTask){
        .name = "pole",
        .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS),
        .length = weights,
        .population = 0, // the algorithm's choice ([cmaes] lambda, [ga] population)
        .minimise = false,
        .threads = 1, // the task scores the candidates itself, on run->threads
    };
}

// The algorithm of the run.
static alResult make_algorithm(alPoleRun *run, const alConfig *cfg, uint64_t seed, alError *err)
{
    alAlgorithmTask task = pole_task(run->weights);
    return alCreateAlgorithmFromConfig(cfg, &task, seed, &run->algo, err);
}

alResult alPole_CheckConfig(const alConfig *cfg, alError *err)
{
    alPoleDef def;
    alResult r = alPoleDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alAlgorithmTask task = pole_task(alPole_WeightCount(&def));
    alAlgorithmDef ad;
    r = alAlgorithmDef_FromConfig(&ad, cfg, &task, err);
    if (r == AL_OK) r = alAlgorithmDef_Validate(&ad, &task, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}

// One candidate's fitness (the float-vector controller).
static double score_candidate(const alPoleDef *d, const void *candidate, int64_t *steps)
{
    return alPole_Fitness(d, candidate, steps);
}

static void destroy(void *self)
{
    alPoleRun *run = self;
    if (!run) return;
    alDestroyAlgorithm(run->algo);
    free(run->fit);
    free(run->steps);
    free(run->best);
    free(run);
}

static alResult create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    *out = NULL;
    alPoleDef def;
    alResult r = alPoleDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alPoleRun *run = calloc(1, sizeof *run);
    if (!run) return alError_Set(err, AL_ERR_NOMEM, "out of memory creating the pole task");
    run->def = def;
    run->weights = alPole_WeightCount(&def);
    run->threads = alThreads_Resolve((int)alConfig_Int(cfg, "run.threads"));
    run->generalised = -1;
    run->best = calloc((size_t)run->weights, sizeof *run->best);
    if (!run->best) {
        destroy(run);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory creating the pole task");
    }
    r = make_algorithm(run, cfg, seed, err);
    if (r != AL_OK) {
        destroy(run);
        return r;
    }
    *out = run;
    return AL_OK;
}

// Whether candidate w is a solution: it balanced the trial; for damping
// trials it balances max_steps too; with generalisation, enough starts.
static bool is_solution(alPoleRun *run, const float *w, int64_t steps)
{
    const alPoleDef *d = &run->def;
    if (d->damping ? steps < d->damping_steps || !alPole_Balances(d, w) : steps < d->max_steps) return false;
    if (!d->generalisation) return true;
    int g = alPole_Generalisation(d, w);
    if (g > run->generalised) run->generalised = g;
    return g >= d->generalisation_min;
}

static bool step(void *self)
{
    alPoleRun *run = self;
    if (run->solved || run->stalled) return false;
    int n = alAlgorithm_Ask(run->algo);
    if (n > run->fit_cap) { // IPOP restarts grow the population
        double *f = realloc(run->fit, (size_t)n * sizeof *f);
        if (f) run->fit = f;
        int64_t *s = realloc(run->steps, (size_t)n * sizeof *s);
        if (s) run->steps = s;
        if (!f || !s) { // out of memory: stop here rather than write past the arrays
            run->stalled = true;
            return false;
        }
        run->fit_cap = n;
    }
    const alPoleDef *d = &run->def;
    alAlgorithm a = run->algo;
    double *fit = run->fit;
    int64_t *steps = run->steps;
    // Each candidate is one pure trial: the thread count decides only who
    // runs it. Trials differ a lot in length, hence the dynamic schedule.
#pragma omp parallel for schedule(dynamic, 1) num_threads(run->threads) if (run->threads > 1 && n > 1)
    for (int i = 0; i < n; ++i) fit[i] = score_candidate(d, alAlgorithm_Candidate(a, i), &steps[i]);
    int b = 0;
    for (int i = 1; i < n; ++i)
        if (fit[i] > fit[b]) b = i;
    memcpy(run->best, alAlgorithm_Candidate(a, b), (size_t)run->weights * sizeof *run->best);
    run->best_steps = steps[b];
    run->has_best = true;
    // The solution: the best if it is one, else the first that is (index order).
    int sol = -1;
    if (is_solution(run, run->best, steps[b]))
        sol = b;
    else if (!d->damping)
        for (int i = 0; i < n && sol < 0; ++i)
            if (i != b && is_solution(run, alAlgorithm_Candidate(a, i), steps[i])) sol = i;
    if (sol >= 0) {
        memcpy(run->best, alAlgorithm_Candidate(a, sol), (size_t)run->weights * sizeof *run->best);
        run->best_steps = steps[sol];
    }
    alAlgoStop why = alAlgorithm_Tell(a, fit);
    alGenStats s;
    alAlgorithm_LastStats(a, &s);
    alGenStats st;
    memset(&st, 0, sizeof st);
    st.gen = s.gen;
    st.best = s.best;
    st.mean = s.mean;
    st.worst = s.worst;
    st.stddev = s.stddev;
    st.evaluations = s.evaluations;
    st.ticks = s.gen + 1;
    alGenStats_AddFigure(&st, "best_steps", (double)run->best_steps);
    for (int i = 0; i < s.figure_count; ++i)
        if (strcmp(s.figure_names[i], "sigma") == 0) alGenStats_AddFigure(&st, "sigma", s.figures[i]);
    if (d->generalisation) alGenStats_AddFigure(&st, "generalisation", run->generalised);
    run->stats = st;
    run->has_stats = true;
    if (sol >= 0) {
        run->solved = true;
        run->solved_gen = s.gen;
        run->solved_evals = s.evaluations;
    } else if (why == AL_ALGO_CONVERGED) {
        run->stalled = true;
    }
    return true;
}

static bool last_stats(const void *self, alGenStats *out)
{
    const alPoleRun *run = self;
    if (!run->has_stats) return false;
    *out = run->stats;
    return true;
}

static bool finished(const void *self)
{
    const alPoleRun *run = self;
    return run->solved || run->stalled;
}

static const char *stop_reason(const void *self)
{
    const alPoleRun *run = self;
    return run->solved ? "solved" : run->stalled ? "stalled" : NULL;
}

static const void *best_genome(const void *self, size_t *bytes)
{
    const alPoleRun *run = self;
    *bytes = run->has_best ? (size_t)run->weights * sizeof(float) : 0;
    return run->has_best ? run->best : NULL;
}

static void describe(const void *self, char *buf, size_t cap)
{
    const alPoleRun *run = self;
    const char *v = alPoleVariant_Name(run->def.variant);
    char gen[80] = ""; // the generalisation score, once a controller was tested
    if (run->def.generalisation && run->generalised >= 0)
        snprintf(gen, sizeof gen, "; generalisation: %d of %d starts (needs %d)", run->generalised,
                 AL_POLE_GEN_STARTS, run->def.generalisation_min);
    if (!run->has_stats)
        snprintf(buf, cap, "%s pole: no generation yet", v);
    else if (run->solved)
        snprintf(buf, cap, "%s pole solved at generation %lld (%lld evaluations)%s", v, (long long)run->solved_gen,
                 (long long)run->solved_evals, gen);
    else
        snprintf(buf, cap, "%s pole: best balanced %lld steps at generation %lld%s%s", v,
                 (long long)run->best_steps, (long long)run->stats.gen, run->stalled ? " (stopped: converged)" : "",
                 gen);
}

int alPoleRun_Generalisation(const alPoleRun *run)
{
    return run->def.generalisation ? run->generalised : -1;
}

const alModuleClass alPoleModule = {
    .name = "pole",
    .title = "Pole balancing",
    .lower_is_better = false,
    .create = create,
    .destroy = destroy,
    .step = step,
    .last_stats = last_stats,
    .finished = finished,
    .best_genome = best_genome,
    .describe = describe,
    .stop_reason = stop_reason,
};
