/// algorithm.h — an evolutionary algorithm apart from its task: ask, tell.
///
/// An algorithm (GA, NEAT, CMA-ES) knows candidates and fitness and nothing
/// of ants or strings. It hands out a population of candidates (ask), takes
/// their fitness (tell) and reports the generation it just closed. A task
/// turns a candidate into a string or a brain and scores it, and knows
/// nothing of the algorithm. One generation, seen from the task:
///
///     alAlgorithm a = alCmaes_Algorithm(cm);       // a view, owns nothing
///     int n = alAlgorithm_Ask(a);                  // candidates 0 .. n-1
///     for (int i = 0; i < n; ++i)                  // (in parallel if pure)
///         fit[i] = score(alAlgorithm_Candidate(a, i), alAlgorithm_Length(a));
///     alAlgoStop why = alAlgorithm_Tell(a, fit);   // update, statistics
///     alGenStats s; alAlgorithm_LastStats(a, &s);
///
/// Candidates. Each algorithm makes one kind (alCandidateKind) and each task
/// accepts a set of kinds; alAlgorithm_CheckKind turns a mismatch into a
/// config error naming both. A candidate is `length` genes of its kind,
/// read-only, valid until the next Tell.
///
/// Generations. Ask opens the current generation (asking twice without a Tell
/// returns the same candidates); Tell closes it: every candidate needs a
/// fitness, in the sense the algorithm's def states (CMA-ES minimises by
/// default). A non-finite fitness counts as the worst possible.
///
/// Constructors. Every algorithm follows one convention, that of the core:
///     alXDef def = alDefaultXDef();               // a value, owns no memory
///     alResult alCreateX(const alXDef *def, uint64_t seed, alX **out, alError *err);
///     void alDestroyX(alX *x);                    // NULL is a no-op
/// A def is copied at creation (arrays it points to as well), never kept.
///
/// Determinism. Same def and seed give bit-identical candidates and
/// statistics with any thread count: the algorithm draws from its own PCG32
/// streams, serially; only the evaluation of candidates may run in parallel.
///
/// Thread rules. An algorithm is used by one thread at a time; the task may
/// score candidates concurrently between Ask and Tell (they are read-only).
#ifndef ALIFE_ALGORITHM_H
#define ALIFE_ALGORITHM_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/error.h"
#include "alife/module.h"

/// What an algorithm hands out, and what a task can take.
typedef enum alCandidateKind {
    AL_CANDIDATE_BYTES = 0,  ///< `length` uint8_t genes (strings)
    AL_CANDIDATE_FLOATS = 1, ///< `length` float genes: a fixed-size weight vector
    AL_CANDIDATE_NEAT = 2,   ///< one NEAT genome (length 1; its format is NEAT's header)
} alCandidateKind;

/// Bit of a kind in a task's set of accepted kinds.
#define AL_CANDIDATE_BIT(kind) (1u << (unsigned)(kind))

/// Why an algorithm says to stop, as returned by Tell.
typedef enum alAlgoStop {
    AL_ALGO_RUNNING = 0,   ///< no stop condition met
    AL_ALGO_TARGET = 1,    ///< the best reached the def's target fitness
    AL_ALGO_BUDGET = 2,    ///< the def's generation or evaluation budget is spent
    AL_ALGO_CONVERGED = 3, ///< the search converged or stalled and has no restart left
    AL_ALGO_ERROR = 4,     ///< tell refused the fitness (alAlgorithm_Error says why); nothing changed
} alAlgoStop;

/// The entry points of one algorithm. One static instance per algorithm.
typedef struct alAlgorithmClass {
    const char *name;     ///< "ga", "neat", "cmaes"
    alCandidateKind kind; ///< what its candidates are
    /// Opens the current generation (idempotent until tell); returns its size.
    int (*ask)(void *self);
    /// Genes per candidate (1 for NEAT).
    int (*length)(const void *self);
    /// Candidate i (0 <= i < ask's count) of the current generation.
    const void *(*candidate)(const void *self, int i);
    /// Closes the current generation with one fitness per candidate.
    alAlgoStop (*tell)(void *self, const double *fitness);
    /// Statistics of the last closed generation; false before the first tell.
    bool (*last_stats)(const void *self, alGenStats *out);
    /// The best candidate ever told and its fitness (NULL before the first tell).
    const void *(*best_ever)(const void *self, double *fitness);
    /// Optional (NULL: nothing to free). Frees the instance; what
    /// alDestroyAlgorithm calls for an algorithm made by the factory.
    void (*destroy)(void *self);
    /// Optional (NULL: ""). Why the last Tell returned AL_ALGO_ERROR.
    const char *(*error)(const void *self);
    /// Optional (NULL: no callback). Ask, score every candidate with the
    /// fitness callback the algorithm was made with (in parallel), Tell.
    alAlgoStop (*step)(void *self);
    /// Optional (NULL: none are). Whether candidate i of the current
    /// generation is an elite copied unchanged from the last (GA).
    bool (*is_elite)(const void *self, int i);
    /// Optional (NULL: no parameter changes while the algorithm runs). Sets
    /// parameter name (the GA: "mutation_rate") to value from the next
    /// generation's breeding on: AL_OK, or AL_ERR_CONFIG naming the
    /// parameter, the bad value and the allowed range (or that there is no
    /// such live parameter), and nothing changes. Between Tell and the next
    /// Ask; the run is no longer the one its config describes.
    alResult (*set_param)(void *self, const char *name, double value, alError *err);
    /// Optional (NULL: none). The value of a live parameter set_param takes;
    /// false when the algorithm has no such parameter.
    bool (*get_param)(const void *self, const char *name, double *value);
} alAlgorithmClass;

/// An algorithm instance seen through its class: a view that owns nothing
/// (the algorithm's own alDestroyX frees it).
typedef struct alAlgorithm {
    const alAlgorithmClass *cls;
    void *self;
} alAlgorithm;

static inline int alAlgorithm_Ask(alAlgorithm a) { return a.cls->ask(a.self); }
static inline int alAlgorithm_Length(alAlgorithm a) { return a.cls->length(a.self); }
static inline const void *alAlgorithm_Candidate(alAlgorithm a, int i) { return a.cls->candidate(a.self, i); }
static inline alAlgoStop alAlgorithm_Tell(alAlgorithm a, const double *fitness) { return a.cls->tell(a.self, fitness); }
static inline bool alAlgorithm_LastStats(alAlgorithm a, alGenStats *out) { return a.cls->last_stats(a.self, out); }
static inline const void *alAlgorithm_BestEver(alAlgorithm a, double *fitness) { return a.cls->best_ever(a.self, fitness); }
static inline const char *alAlgorithm_Error(alAlgorithm a) { return a.cls->error ? a.cls->error(a.self) : ""; }
static inline bool alAlgorithm_HasStep(alAlgorithm a) { return a.cls->step != NULL; }
/// Asserts a callback (alAlgorithm_HasStep).
static inline alAlgoStop alAlgorithm_Step(alAlgorithm a) { return a.cls->step(a.self); }
static inline bool alAlgorithm_IsElite(alAlgorithm a, int i) { return a.cls->is_elite ? a.cls->is_elite(a.self, i) : false; }
/// Sets a live parameter through set_param; an algorithm without one (or a
/// view of no algorithm, cls NULL) refuses with AL_ERR_CONFIG saying so
/// ("run.algorithm = cmaes cannot change mutation_rate while it runs ...").
alResult alAlgorithm_SetParam(alAlgorithm a, const char *name, double value, alError *err);
/// Reads a live parameter through get_param; false when there is none.
bool alAlgorithm_GetParam(alAlgorithm a, const char *name, double *value);

/// Checks that a task accepts what an algorithm makes: AL_OK, or AL_ERR_CONFIG
/// naming the algorithm, its candidate kind, the task and the kinds the task
/// takes ("run.algorithm = cmaes makes float vectors; task 'estrings' takes
/// bytes"). accepted is a mask of AL_CANDIDATE_BIT()s.
alResult alAlgorithm_CheckKind(const alAlgorithmClass *cls, const char *task, unsigned accepted,
                               alError *err);
/// The same for an algorithm that can make any of the kinds in makes
/// (AL_CANDIDATE_BIT mask): the message names them all.
alResult alAlgorithm_CheckKinds(const char *algorithm, unsigned makes, const char *task,
                                unsigned accepted, alError *err);

/// "bytes", "float vectors", "NEAT genomes".
const char *alCandidateKind_Name(alCandidateKind kind);
/// "running", "target", "budget", "converged", "error".
const char *alAlgoStop_Name(alAlgoStop stop);

#endif
