/// algorithm_factory.h — making the algorithm `run.algorithm` names for a task.
///
/// A task (ants, strings, ...) says what it is (alAlgorithmTask: its name,
/// the candidate kinds it accepts, the genes per candidate, its population
/// if it fixes one, its fitness sense); the factory makes the algorithm the
/// config names, or refuses with a config error naming both:
///
///     alAlgorithmDef ad;                       // what the config says
///     if (alAlgorithmDef_FromConfig(&ad, cfg, &task, &err) != AL_OK) ...;
///     alAlgorithm a;                           // owns the instance
///     if (alCreateAlgorithm(&ad, &task, seed, &a, &err) != AL_OK) ...;
///     ... alAlgorithm_Ask / _Candidate / _Tell (algorithm.h) ...
///     alDestroyAlgorithm(a);
///
/// A task that keeps its own def (alAntsDef) fills alAlgorithmDef from it
/// instead of from the config; alCreateAlgorithmFromConfig does both steps.
///
/// Algorithms, in the order of run.algorithm's choices (alAlgorithmId):
///   ga    — ga.h; makes bytes or float vectors, whichever the task takes
///           (floats first); population = the task's, else ga def's.
///   neat  — neat.h (wt-neat); makes NEAT genomes. Until it is registered
///           in algorithm_factory.c, asking for it is a config error.
///   cmaes — cmaes.h; makes float vectors; lambda = cmaes.lambda, or for
///           cmaes.lambda = 0 the task's population if it fixes one (ants:
///           ants.count, so the world is the same), else Hansen's
///           4 + floor(3 ln n). A task with a fixed population refuses
///           cmaes.restarts > 0 (IPOP grows lambda) and a cmaes.lambda
///           other than its population.
///
/// Determinism: the factory draws nothing; each algorithm's own rules hold.
#ifndef ALIFE_ALGORITHM_FACTORY_H
#define ALIFE_ALGORITHM_FACTORY_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/algorithm.h"
#include "alife/cmaes.h"
#include "alife/neat.h"
#include "alife/config.h"
#include "alife/error.h"
#include "alife/ga.h"

/// The algorithms, in the order of run.algorithm's choices "ga|neat|cmaes".
typedef enum alAlgorithmId {
    AL_ALGORITHM_GA = 0,
    AL_ALGORITHM_NEAT = 1,
    AL_ALGORITHM_CMAES = 2,
} alAlgorithmId;

/// "ga", "neat", "cmaes".
const char *alAlgorithmId_Name(alAlgorithmId id);

/// What a task tells the factory about itself. A value; nothing is kept.
typedef struct alAlgorithmTask {
    const char *name;  ///< "ants", "estrings": named in errors
    unsigned accepted; ///< mask of AL_CANDIDATE_BIT()s it can take
    int length;        ///< genes per candidate (floats or bytes), >= 1
    int population;    ///< candidates per generation the task needs, 0 = the algorithm's choice
    bool minimise;     ///< fitness is an error (lower is better)
    int threads;       ///< run.threads for the algorithm's own workers (0: automatic)
    /// Optional: scores one candidate (pure, thread-safe); the GA then
    /// scores its children while breeding (alAlgorithm_Step).
    alGaFitnessFn fitness;
    void *fitness_ctx;
    int inputs, outputs; ///< NEAT: the network's inputs and outputs (tasks that take networks)
} alAlgorithmTask;

/// Every algorithm's def; the one `id` names is used. A value that owns no
/// memory (ga.alphabet and cmaes.x0 point to the task's, copied at creation).
/// A new algorithm adds its def here and one case in algorithm_factory.c.
typedef struct alAlgorithmDef {
    alAlgorithmId id; ///< run.algorithm (default AL_ALGORITHM_GA)
    alGaDef ga;       ///< [ga]; type, population, length, minimise come from the task
    alCmaesDef cmaes; ///< [cmaes]; dimension, lambda, minimise come from the task
    alNeatDef neat;   ///< [neat]; inputs, outputs (and population if fixed) come from the task
} alAlgorithmDef;

/// id GA, alDefaultGaDef(), alDefaultCmaesDef().
alAlgorithmDef alDefaultAlgorithmDef(void);

/// Fills def from run.algorithm, [ga] (for the kind the task takes) and
/// [cmaes] of a resolved config. Checks nothing across task and algorithm
/// (alCreateAlgorithm does).
alResult alAlgorithmDef_FromConfig(alAlgorithmDef *def, const alConfig *cfg,
                                   const alAlgorithmTask *task, alError *err);

/// AL_OK when the algorithm def->id can run the task (kinds, population
/// rules above), else AL_ERR_CONFIG naming the algorithm and the task.
alResult alAlgorithm_CheckTask(const alAlgorithmDef *def, const alAlgorithmTask *task, alError *err);

/// alAlgorithm_CheckTask, then the algorithm's own validation of its def
/// with the task's fields filled in (messages name [ga] / [cmaes] keys).
alResult alAlgorithmDef_Validate(const alAlgorithmDef *def, const alAlgorithmTask *task, alError *err);

/// Makes the algorithm def->id names for the task: *out owns it (free with
/// alDestroyAlgorithm). AL_ERR_CONFIG for a mismatch (alAlgorithm_CheckTask)
/// or a bad def (the algorithm's own validation: "cmaes.sigma = 0: ...");
/// *out is {NULL, NULL} on failure.
alResult alCreateAlgorithm(const alAlgorithmDef *def, const alAlgorithmTask *task, uint64_t seed,
                           alAlgorithm *out, alError *err);
/// alAlgorithmDef_FromConfig then alCreateAlgorithm.
alResult alCreateAlgorithmFromConfig(const alConfig *cfg, const alAlgorithmTask *task,
                                     uint64_t seed, alAlgorithm *out, alError *err);
/// Frees an algorithm made by the factory; a {NULL, NULL} one is a no-op.
void alDestroyAlgorithm(alAlgorithm a);

/// Fills the [cmaes] fields of def from a resolved config (cmaes_config.c):
/// cmaes.sigma0, x0, lambda, mu, active, covariance, restarts, ipop_factor,
/// tol_fun, tol_x; def->threads from run.threads.
alResult alCmaesDef_FromConfig(alCmaesDef *def, const alConfig *cfg, alError *err);

#endif
