// alife bench: dispatch to each module's benchmark (src/app/bench_*.c).
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

static const al_bench benches[] = {
    {"store", bench_store, "generations logged per second into the run database"},
    {"cmaes", bench_cmaes, "CMA-ES on sphere/rosenbrock: median evaluations to f < 1e-8, time per generation"},
    {"neat", bench_neat, "NEAT on XOR: solved runs, median evaluations, time per generation"},
    {"pole", bench_pole, "pole balancing: median/min/max evaluations to solve, solved runs"},
    {NULL, NULL, NULL}, // modules add their benchmark here
    {"steering", bench_steering, "boids of the boids article: steps/s and ns per boid-step (grid or brute force)"},
    {"estrings", bench_estrings, "string GA: generations/s, chars evaluated/s; --converge: generations to solve"},
    {"ants", bench_ants, "ant-steps per second of evolving neural ants; --learn: acceptance"},
};
enum { NBENCH = (int)(sizeof benches / sizeof benches[0]) };

static void help(void)
{
    printf("usage: alife bench TARGET [options]\n"
           "\n"
           "Measures the speed of one module (run 'alife bench TARGET --help').\n"
           "targets:\n");
    for (int i = 0; i < NBENCH; ++i)
        if (benches[i].name) printf("  %-10s %s\n", benches[i].name, benches[i].summary);
}

int cmd_bench(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        help();
        return argc < 2 ? 2 : 0;
    }
    for (int i = 0; i < NBENCH; ++i)
        if (benches[i].name && strcmp(argv[1], benches[i].name) == 0)
            return benches[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "alife bench: unknown target '%s'\n", argv[1]);
    help();
    return 2;
}
