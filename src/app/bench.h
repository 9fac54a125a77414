// bench.h — the benchmarks behind `alife bench TARGET`. Each prints its
// figures as text, or one JSON object with --json, and returns an exit status.
#ifndef ALIFE_APP_BENCH_H
#define ALIFE_APP_BENCH_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "alife/error.h"
#include "options.h"

typedef struct al_bench {
    const char *name; ///< "steering", "estrings", "ants"
    int (*fn)(int argc, char **argv); ///< argv[0] is the target name
    const char *summary;
} al_bench;

/// A timed part shorter than this is too short to trust (start-up, timer
/// resolution and one descheduling weigh in it); the defaults time more.
#define AL_BENCH_MIN_SECONDS 0.5

/// Tells on stderr what makes a timing hard to trust, if anything: a timed
/// part under AL_BENCH_MIN_SECONDS ("raise --what"), or CPU time far below
/// wall time x threads (the machine was shared: the others took the cores).
/// Returns the CPU/wall ratio, which the benches print beside both times.
double bench_trust_note(const char *what, double wall, double cpu, int threads);

// ---- the benches that run a task once per seed (bench_seeds.c) --------------------

/// The options they share: --seeds N (1 to 100000), --seed N (0 or more),
/// --threads T (0 to 256), --json, -h/--help; with takes_config also
/// --config FILE or a positional CONFIG (one of the two) and -s/--set K=V.
/// Set seeds, seed and threads to the bench's defaults before parsing.
typedef struct al_bench_opts {
    int64_t seeds, seed, threads;
    bool json;
    const char *config; ///< --config FILE or CONFIG; NULL: none given
    al_sets sets;       ///< the --set assignments (the caller frees them)
} al_bench_opts;

/// A bench's command line: its name, help, and its own options.
typedef struct al_bench_cli {
    const char *name;           ///< "bench neat", as messages name it
    void (*help)(void);
    bool takes_config;
    const struct option *extra; ///< its own long options ({0}-ended; NULL: none), vals >= 1000
    /// Takes one of them (opt its val, arg its optarg or NULL): NULL when
    /// good, else what the value should be, e.g. "--dim (1 to 2048)".
    const char *(*take)(int opt, const char *arg, void *ctx);
    void *ctx;
} al_bench_cli;

/// Parses argv into o. Returns -1 when the bench is to run; else the exit
/// status to return: 0 after --help, 2 after a usage error (said on stderr:
/// "bad value 'X' for --seeds (1 to 100000)"), with o->sets freed.
int al_bench_parse(const al_bench_cli *cli, int argc, char **argv, al_bench_opts *o);

/// One seed's run, as the bench measured it.
typedef struct al_bench_run {
    bool solved;
    int64_t evaluations;       ///< to the solution (whole generations count), when solved
    int64_t generations;       ///< generations run, for the time per generation (>= 1)
    double solved_generations; ///< generations to the solution, when solved
} al_bench_run;

/// Runs one seed; AL_OK, or a failure with err filled.
typedef alResult (*al_bench_run_fn)(void *ctx, uint64_t seed, al_bench_run *out, alError *err);

/// The figures over the seeds. Over the solved runs (NaN when none solved):
/// the evaluations' median, mean, 90th percentile (the ceil(0.9 n)-th
/// smallest), min and max, and the median of solved_generations. Over all
/// runs: the median of each run's wall seconds per generation, CPU seconds
/// (the whole process, every thread) per generation, and the totals.
typedef struct al_bench_figures {
    int runs, solved;
    double median_evaluations, mean_evaluations, p90_evaluations;
    double min_evaluations, max_evaluations, median_generations;
    double median_s_per_generation, cpu_s_per_generation;
    int64_t generations;
    double seconds, cpu_seconds;
} al_bench_figures;

/// Runs fn for the seeds o->seed .. o->seed + o->seeds - 1 in turn, timing
/// each call (wall and CPU), and fills out. Stops at fn's first failure and
/// returns it (AL_ERR_NOMEM when out of memory).
alResult al_bench_seeds(const al_bench_opts *o, al_bench_run_fn fn, void *ctx,
                        al_bench_figures *out, alError *err);

int bench_steering(int argc, char **argv);
int bench_estrings(int argc, char **argv);
int bench_ants(int argc, char **argv);
int bench_store(int argc, char **argv);
int bench_cmaes(int argc, char **argv);
int bench_neat(int argc, char **argv);
int bench_pole(int argc, char **argv);

#endif
