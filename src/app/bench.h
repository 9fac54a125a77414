// bench.h — the benchmarks behind `alife bench TARGET`. Each prints its
// figures as text, or one JSON object with --json, and returns an exit status.
#ifndef ALIFE_APP_BENCH_H
#define ALIFE_APP_BENCH_H

typedef struct al_bench {
    const char *name; ///< "steering", "estrings", "ants"
    int (*fn)(int argc, char **argv); ///< argv[0] is the target name
    const char *summary;
} al_bench;

int bench_steering(int argc, char **argv);
int bench_estrings(int argc, char **argv);
int bench_ants(int argc, char **argv);
int bench_store(int argc, char **argv);
int bench_cmaes(int argc, char **argv);
int bench_neat(int argc, char **argv);

#endif
