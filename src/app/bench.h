// bench.h — the benchmarks behind `alife bench TARGET`. Each prints its
// figures as text, or one JSON object with --json, and returns an exit status.
#ifndef ALIFE_APP_BENCH_H
#define ALIFE_APP_BENCH_H

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

int bench_steering(int argc, char **argv);
int bench_estrings(int argc, char **argv);
int bench_ants(int argc, char **argv);
int bench_store(int argc, char **argv);
int bench_cmaes(int argc, char **argv);
int bench_neat(int argc, char **argv);

#endif
