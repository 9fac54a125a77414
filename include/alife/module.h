/// module.h — the contract every simulation module keeps with the app.
///
/// The app drives every module the same way: create from a resolved config and
/// a seed, step one tick at a time, learn when a generation ended and read its
/// statistics, read the module's state for drawing (through the module's own
/// header), destroy. A "generation" is a GA generation for the evolving
/// modules and a reporting period of ticks for the steering playground.
#ifndef ALIFE_MODULE_H
#define ALIFE_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/config.h"
#include "alife/error.h"

#define AL_MAX_FIGURES 8

/// Statistics of one finished generation.
typedef struct alGenStats {
    int64_t gen;         ///< 0-based generation (or report period) number
    double best;         ///< best fitness (lowest error where lower is better)
    double mean;
    double worst;
    double stddev;       ///< population standard deviation of fitness
    int64_t evaluations; ///< fitness evaluations so far in the run
    int64_t ticks;       ///< simulation ticks so far in the run
    int figure_count;    ///< module figures below, e.g. "baseline_mean"
    const char *figure_names[AL_MAX_FIGURES]; ///< static strings, snake_case
    double figures[AL_MAX_FIGURES];
    double wall_s;       ///< wall time of this generation, seconds (filled by the runner)
} alGenStats;

/// A module's entry points. One static instance per module.
typedef struct alModuleClass {
    const char *name;  ///< "steering", "estrings", "ants"
    const char *title; ///< "Steering playground", ...
    bool lower_is_better; ///< fitness is an error to minimise (estrings)
    /// Creates an instance in *out. The config is read, not kept.
    alResult (*create)(const alConfig *cfg, uint64_t seed, void **out, alError *err);
    /// Frees an instance; NULL is a no-op.
    void (*destroy)(void *self);
    /// Advances one tick. Returns true when a generation just finished.
    bool (*step)(void *self);
    /// Statistics of the last finished generation (false if none yet).
    bool (*last_stats)(const void *self, alGenStats *out);
    /// True when the module asks the runner to stop: its goal reached (target
    /// solved) or, if it has a stall rule, stalled (stop_reason says which).
    bool (*finished)(const void *self);
    /// Genome of the best individual of the last finished generation, as
    /// bytes, valid until the next step; NULL (and *bytes = 0) if none.
    const void *(*best_genome)(const void *self, size_t *bytes);
    /// One-line human summary of the last generation ("best 'Hello' err 3"),
    /// written into buf; may be NULL.
    void (*describe)(const void *self, char *buf, size_t cap);
    /// Optional, last so that older positional initialisers still compile (NULL:
    /// the runner calls step). Advances up to max_ticks (>= 1)
    /// ticks, stopping right after a generation ends; *done receives the
    /// ticks advanced (1..max_ticks). Returns true when a generation just
    /// finished. Gives bit for bit the state and statistics of *done calls of
    /// step: it is how runners that do not look at every tick (headless runs,
    /// fast-forward, benchmarks) let a module run many ticks in one pass,
    /// e.g. one parallel region instead of one per tick.
    bool (*step_many)(void *self, int64_t max_ticks, int64_t *done);
    /// Optional (NULL: "solved" whenever finished() is true). Why finished()
    /// is true, a static string: "solved" (the goal reached) or "stalled"
    /// (the algorithm's own stall rule: the GA's ga.stall_generations, CMA-ES's
    /// convergence tests; goal not reached); NULL
    /// while finished() is false.
    const char *(*stop_reason)(const void *self);
    /// Optional (NULL: the module cannot). Resumes the run at generation gen
    /// from what best_genome gave for that generation (bytes, size): the
    /// stored population alive, so that it and the generations after it give
    /// the stored run's statistics. AL_ERR_CONFIG (saying why) when the bytes
    /// cannot restore it (e.g. only the best genome is stored).
    alResult (*restore)(void *self, int64_t gen, const void *bytes, size_t size, alError *err);
    /// Optional (NULL: known once the first generation ends). The names of
    /// the figures every generation's statistics carry, in their order, into
    /// names (static strings, at most cap); returns how many. Known from
    /// the start, so a face can name and pick a figure before the first
    /// generation ends. Figures an algorithm adds of its own may come only
    /// with the first statistics, after these.
    int (*figure_names)(const void *self, const char **names, int cap);
} alModuleClass;

/// The module called name, or NULL.
const alModuleClass *alModule_Find(const char *name);

/// Bytes the run of cfg's module would allocate (the module's own estimate
/// from its def), before anything is allocated; *keys (may be NULL)
/// receives the config keys that drive it, e.g. "ants.count, ants.food".
/// 0 when the config does not make a def (its create reports why) or the
/// module has no estimate.
double alModule_EstimateBytes(const alConfig *cfg, const char **keys);

/// Mean, worst, best and population stddev of n fitness values into s
/// (best = max, or min when lower_is_better). n > 0.
void alGenStats_FromFitness(alGenStats *s, const double *fitness, int n, bool lower_is_better);
/// Appends a named module figure; name must be a static string.
void alGenStats_AddFigure(alGenStats *s, const char *name, double value);

#endif
