// The pole-balancing module: the task (pole_trial.c) under the ask/tell
// algorithm run.algorithm names (algorithm_factory.h; CMA-ES by default).
// The task takes float vectors (CMA-ES, GA) and NEAT genomes; a candidate
// becomes a controller in score_candidate() (a NEAT genome is compiled into
// the worker's scratch network first).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/algorithm.h"
#include "alife/algorithm_factory.h"
#include "alife/counted.h"
#include "alife/module.h"
#include "alife/pole.h"
#include "alife/stop.h"
#include "alife/threads.h"

struct alPoleRun {
    alPoleDef def;
    int weights;  // controller length (weight vectors)
    int threads;
    alAlgorithm algo; // owned (alDestroyAlgorithm)
    bool neat;        // candidates are NEAT genomes
    bool recurrent;   // NEAT: the nets' mode, and their sigmoid slope
    double slope;
    alNeatNet *nets;  // NEAT: one scratch network per worker
    alNeatGenome best_g; // NEAT: what `best` is for weight vectors
    uint8_t *bytes;   // NEAT: best_g in the stored format (best_genome's cache)
    size_t bytes_cap;
    double *fit;  // one per candidate, grows with the population
    int64_t *steps;
    int fit_cap;
    float *best;  // the best of the last generation, or the solution
    bool has_best, has_stats, solved, stalled;
    int64_t solved_gen, solved_evals;
    int generalised; // starts the solution balances (-1: not tested)
    double *tested;  // damping: fitness values of the controllers tested so far
    int tested_n, tested_cap;
    int64_t best_steps;
    alGenStats stats;
};

const alPoleDef *alPoleRun_Def(const alPoleRun *run) { return &run->def; }

const float *alPoleRun_Best(const alPoleRun *run, int *n)
{
    bool have = run->has_best && !run->neat;
    *n = have ? run->weights : 0;
    return have ? run->best : NULL;
}

const alNeatGenome *alPoleRun_BestGenome(const alPoleRun *run, bool *recurrent, double *slope)
{
    if (recurrent) *recurrent = run->recurrent;
    if (slope) *slope = run->slope;
    return run->has_best && run->neat ? &run->best_g : NULL;
}

bool alPoleRun_Solved(const alPoleRun *run, int64_t *gen, int64_t *evaluations)
{
    if (gen) *gen = run->solved_gen;
    if (evaluations) *evaluations = run->solved_evals;
    return run->solved;
}

// What the task is to the algorithm factory: weight vectors or NEAT
// networks (the scaled inputs, one output), maximised.
static alAlgorithmTask pole_task(const alPoleDef *d)
{
    return (alAlgorithmTask){
        .name = "pole",
        .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS) | AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT),
        .length = alPole_WeightCount(d),
        .population = 0, // the algorithm's choice ([cmaes] lambda, [ga] / [neat] population)
        .minimise = false,
        .threads = 1, // the task scores the candidates itself, on run->threads
        .inputs = alPole_InputCount(d),
        .outputs = 1,
    };
}

// The controller's shape under NEAT (pole.h): no fixed hidden layer, and
// recurrent links when pole.recurrent resolves on or neat.recurrent asks.
static alResult neat_shape(const alPoleDef *d, const alConfig *cfg, alAlgorithmDef *ad, alError *err)
{
    if (ad->id != AL_ALGORITHM_NEAT) return AL_OK;
    if (d->hidden != 0)
        return alError_Set(err, AL_ERR_CONFIG,
                           "pole.hidden = %d: NEAT grows its own hidden nodes (allowed with run.algorithm = "
                           "neat: 0)",
                           d->hidden);
    if (ad->neat.recurrent && alConfig_Enum(cfg, "pole.recurrent") == 2) // auto|on|off
        return alError_Set(err, AL_ERR_CONFIG,
                           "neat.recurrent = true contradicts pole.recurrent = off (allowed: neat.recurrent = "
                           "false, or pole.recurrent = auto or on)");
    ad->neat.recurrent = ad->neat.recurrent || d->recurrent;
    return AL_OK;
}

// The algorithm's def for the task: the config's, shaped for the pole.
static alResult algorithm_def(const alPoleDef *d, const alConfig *cfg, alAlgorithmDef *ad, alError *err)
{
    alAlgorithmTask task = pole_task(d);
    alResult r = alAlgorithmDef_FromConfig(ad, cfg, &task, err);
    if (r == AL_OK) r = neat_shape(d, cfg, ad, err);
    if (r == AL_OK) r = alAlgorithmDef_Validate(ad, &task, err);
    return r;
}

// The algorithm of the run.
static alResult make_algorithm(alPoleRun *run, const alConfig *cfg, uint64_t seed, alError *err)
{
    alAlgorithmDef ad;
    alResult r = algorithm_def(&run->def, cfg, &ad, err);
    alAlgorithmTask task = pole_task(&run->def);
    if (r == AL_OK) r = alCreateAlgorithm(&ad, &task, seed, &run->algo, err);
    if (r != AL_OK) return alConfig_Locate(cfg, err);
    run->neat = ad.id == AL_ALGORITHM_NEAT;
    run->recurrent = ad.neat.recurrent;
    run->slope = ad.neat.sigmoid_slope;
    if (run->neat) {
        run->nets = calloc((size_t)run->threads, sizeof *run->nets);
        if (!run->nets) return alError_Set(err, AL_ERR_NOMEM, "out of memory creating the pole task");
    }
    return AL_OK;
}

alResult alPole_CheckConfig(const alConfig *cfg, alError *err)
{
    alPoleDef def;
    alResult r = alPoleDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alAlgorithmDef ad;
    r = algorithm_def(&def, cfg, &ad, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}

// Candidate c as a NEAT net in `net` (false: not a network for the task).
static bool build_net(const alPoleRun *run, const void *c, alNeatNet *net)
{
    const alNeatGenome *g = c;
    return g->inputs == alPole_InputCount(&run->def) && g->outputs == 1 &&
           alNeatNet_Build(net, g, run->recurrent, run->slope, NULL) == AL_OK;
}

// One candidate's fitness on worker t's scratch.
static double score_candidate(const alPoleRun *run, const void *c, int t, int64_t *steps)
{
    if (!run->neat) return alPole_Fitness(&run->def, c, steps);
    *steps = 0;
    return build_net(run, c, &run->nets[t]) ? alPole_NetFitness(&run->def, &run->nets[t], steps) : 0.0;
}

// The longer checks of a candidate (serial: worker 0's scratch).
static bool candidate_balances(alPoleRun *run, const void *c)
{
    if (!run->neat) return alPole_Balances(&run->def, c);
    return build_net(run, c, &run->nets[0]) && alPole_NetBalances(&run->def, &run->nets[0]);
}

static int candidate_generalisation(alPoleRun *run, const void *c)
{
    if (!run->neat) return alPole_Generalisation(&run->def, c);
    return build_net(run, c, &run->nets[0]) ? alPole_NetGeneralisation(&run->def, &run->nets[0]) : 0;
}

// Keeps candidate c as the controller to show.
static void keep_best(alPoleRun *run, const void *c, int64_t steps)
{
    if (run->neat) {
        if (alNeatGenome_Copy(&run->best_g, c) != AL_OK) alNeatGenome_Free(&run->best_g);
    } else {
        memcpy(run->best, c, (size_t)run->weights * sizeof *run->best);
    }
    run->best_steps = steps;
    run->has_best = !run->neat || run->best_g.node_count > 0;
}

static void destroy(void *self)
{
    alPoleRun *run = self;
    if (!run) return;
    alDestroyAlgorithm(run->algo);
    for (int t = 0; run->nets && t < run->threads; ++t) alNeatNet_Free(&run->nets[t]);
    free(run->nets);
    alNeatGenome_Free(&run->best_g);
    free(run->bytes);
    free(run->tested);
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

// Whether candidate c is a solution: it balanced the trial; for damping
// trials it balances max_steps too; with generalisation, enough starts.
static bool is_solution(alPoleRun *run, const void *c, int64_t steps)
{
    const alPoleDef *d = &run->def;
    if (d->damping ? steps < d->damping_steps || !candidate_balances(run, c) : steps < d->max_steps) return false;
    if (!d->generalisation) return true;
    int g = candidate_generalisation(run, c);
    if (g > run->generalised) run->generalised = g;
    return g >= d->generalisation_min;
}

// The damping task's one long test a generation goes to the fittest
// controller that balanced the whole trial and whose fitness was not seen in
// a test before: an elite copied unchanged scores the same bits and would
// only repeat its test (the NEAT paper's code likewise moves on to the
// champion of a species not checked since it improved). -1: none.
static int untested_best(alPoleRun *run, const double *fit, const int64_t *steps, int n)
{
    int t = -1;
    for (int i = 0; i < n; ++i) {
        if (steps[i] < run->def.damping_steps || (t >= 0 && !(fit[i] > fit[t]))) continue;
        bool seen = false;
        for (int k = 0; k < run->tested_n && !seen; ++k) seen = run->tested[k] == fit[i];
        if (!seen) t = i;
    }
    if (t < 0) return -1;
    if (run->tested_n == run->tested_cap) {
        int cap = run->tested_cap ? 2 * run->tested_cap : 64;
        double *p = realloc(run->tested, (size_t)cap * sizeof *p);
        if (!p) return t; // tested again later: only slower
        run->tested = p;
        run->tested_cap = cap;
    }
    run->tested[run->tested_n++] = fit[t];
    return t;
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
    const alPoleRun *cr = run;
    // Each candidate is one pure trial: the thread count decides only who
    // runs it (and whose scratch net it uses). Trials differ a lot in
    // length, hence the dynamic schedule.
#pragma omp parallel for schedule(dynamic, 1) num_threads(run->threads) if (run->threads > 1 && n > 1)
    for (int i = 0; i < n; ++i)
        fit[i] = alStop_Requested() ? 0.0 // the generation is dropped below
                                    : score_candidate(cr, alAlgorithm_Candidate(a, i),
                                                      omp_get_thread_num(), &steps[i]);
    // A stop asked for during the evaluations (stop.h): the generation is
    // left unfinished, not told to the algorithm and not reported.
    if (alStop_Requested()) return false;
    int b = 0;
    for (int i = 1; i < n; ++i)
        if (fit[i] > fit[b]) b = i;
    keep_best(run, alAlgorithm_Candidate(a, b), steps[b]);
    // The solution: the best if it is one, else the first that is (index
    // order). Damping trials test one controller a generation, as the
    // papers do: the best not tested before (below).
    int sol = -1;
    if (d->damping) {
        int t = untested_best(run, fit, steps, n);
        if (t >= 0 && is_solution(run, alAlgorithm_Candidate(a, t), steps[t])) sol = t;
    } else if (is_solution(run, alAlgorithm_Candidate(a, b), steps[b])) {
        sol = b;
    } else {
        for (int i = 0; i < n && sol < 0; ++i)
            if (i != b && is_solution(run, alAlgorithm_Candidate(a, i), steps[i])) sol = i;
    }
    if (sol >= 0 && sol != b) keep_best(run, alAlgorithm_Candidate(a, sol), steps[sol]);
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
    static const char *const forwarded[] = {"sigma", "species", "best_nodes", "best_conns"};
    for (int i = 0; i < s.figure_count; ++i)
        for (size_t k = 0; k < sizeof forwarded / sizeof forwarded[0]; ++k)
            if (strcmp(s.figure_names[i], forwarded[k]) == 0) alGenStats_AddFigure(&st, forwarded[k], s.figures[i]);
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

// Weight vectors as floats; NEAT genomes in their stored format (neat.h).
static const void *best_genome(const void *self, size_t *bytes)
{
    alPoleRun *run = (alPoleRun *)self; // the encoding buffer is a cache
    *bytes = 0;
    if (!run->has_best) return NULL;
    if (!run->neat) {
        *bytes = (size_t)run->weights * sizeof(float);
        return run->best;
    }
    size_t need = alNeatGenome_EncodedSize(&run->best_g);
    if (need > run->bytes_cap) {
        uint8_t *p = realloc(run->bytes, need);
        if (!p) return NULL;
        run->bytes = p;
        run->bytes_cap = need;
    }
    *bytes = alNeatGenome_Encode(&run->best_g, run->recurrent, run->bytes, run->bytes_cap);
    return run->bytes;
}

static void describe(const void *self, char *buf, size_t cap)
{
    const alPoleRun *run = self;
    const char *v = alPoleVariant_Name(run->def.variant);
    char gen[160] = ""; // the generalisation score, once a controller was tested; NEAT's net
    int k = 0;
    if (run->def.generalisation && run->generalised >= 0)
        k = snprintf(gen, sizeof gen, "; generalisation: %d of %d starts (needs %d)", run->generalised,
                     AL_POLE_GEN_STARTS, run->def.generalisation_min);
    if (run->neat && run->has_best) {
        int hidden = 0, links = 0;
        for (int i = 0; i < run->best_g.node_count; ++i) hidden += run->best_g.nodes[i].type == AL_NEAT_HIDDEN;
        for (int c = 0; c < run->best_g.conn_count; ++c) links += run->best_g.conns[c].enabled;
        char hn[40], ln[40];
        snprintf(gen + k, sizeof gen - (size_t)k, "; NEAT net: %s, %s%s",
                 alCounted(hn, sizeof hn, hidden, "hidden node", NULL), alCounted(ln, sizeof ln, links, "link", NULL),
                 run->recurrent ? ", recurrent" : "");
    }
    if (!run->has_stats)
        snprintf(buf, cap, "%s pole: no generation yet", v);
    else if (run->solved)
        snprintf(buf, cap, "%s pole solved after %lld generations (%lld evaluations)%s", v,
                 (long long)run->solved_gen + 1, (long long)run->solved_evals, gen);
    else
        snprintf(buf, cap, "%s pole: best balanced %lld steps at generation %lld%s", v,
                 (long long)run->best_steps, (long long)run->stats.gen, gen); // why it stopped: stop_reason
}

const alNeat *alPoleRun_Neat(const alPoleRun *run)
{
    return run->neat && run->algo.self ? (const alNeat *)run->algo.self : NULL;
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
