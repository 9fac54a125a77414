// alife bench neat: NEAT on XOR, the figures the acceptance of issue 13
// asks for: solved runs, median evaluations to the first solver over many
// seeds, and the time per generation (to set beside neat-python's, see
// scripts/neat_compare.py).
#include <stdio.h>
#include <string.h>

#include "alife/config.h"
#include "alife/threads.h"
#include "alife/xor.h"
#include "alife/counted.h"
#include "bench.h"
#include "cli.h"

static void help(void)
{
    printf("usage: alife bench neat [CONFIG] [options]\n"
           "\n"
           "Runs NEAT on XOR (the [neat] defaults: the paper's settings, population\n"
           "150) once per seed until some genome solves it (all four outputs on the\n"
           "right side of 0.5) or --max-gens pass, and prints how many runs solved\n"
           "it, the median, mean and 90th percentile of evaluations to the first\n"
           "solver (whole generations count), and the time per generation (evaluation\n"
           "and reproduction): median over runs of wall time, and CPU time.\n"
           "\n"
           "options:\n"
           "      --seeds N         runs, seeds --seed .. --seed+N-1 (default 50)\n"
           "      --seed N          first seed (default 1)\n"
           "      --max-gens N      give a run up after N generations (default 500)\n"
           "      --config FILE     read the [neat] keys from FILE (an xor experiment,\n"
           "                        e.g. experiments/xor/xor.ini; or give it as CONFIG);\n"
           "                        default: the defaults\n"
           "      --set KEY=VALUE   a [neat] key, e.g. --set neat.population=300 (repeatable)\n"
           "      --threads T       evaluation threads, 0 = automatic (default 1)\n"
           "      --json            one JSON object instead of text\n"
           "  -h, --help            this help\n"
           "\n"
           "exit status: 0 every run solved XOR, 1 some did not, 2 usage or config error.\n");
}

enum { O_MAXG = 1000 };

typedef struct neat_bench {
    int64_t maxg;
    alNeatDef def;
} neat_bench;

static const char *take(int opt, const char *arg, void *ctx)
{
    neat_bench *b = ctx;
    if (opt == O_MAXG && !al_parse_int(arg, 1, 1000000000, &b->maxg)) return "--max-gens (1 or more)";
    return NULL;
}

// One seed: NEAT until a genome solves XOR or --max-gens pass.
static alResult run_one(void *ctx, uint64_t seed, al_bench_run *out, alError *err)
{
    const neat_bench *b = ctx;
    alXor *x = NULL;
    alResult r = alCreateXor(&b->def, seed, &x, err);
    if (r != AL_OK) return r;
    int64_t g = 0;
    while (g < b->maxg && !alXor_Step(x)) ++g;
    if (g < b->maxg) ++g; // the solving generation
    out->generations = g;
    out->solved = alXor_IsSolved(x);
    if (out->solved) {
        out->evaluations = alXor_SolvedEvaluations(x);
        out->solved_generations = (double)alXor_SolvedAt(x) + 1;
    }
    alDestroyXor(x);
    return AL_OK;
}

int bench_neat(int argc, char **argv)
{
    static const struct option extra[] = {{"max-gens", required_argument, 0, O_MAXG}, {0, 0, 0, 0}};
    neat_bench b = {.maxg = 500};
    al_bench_opts o = {.seeds = 50, .seed = 1, .threads = 1};
    const al_bench_cli cli = {"bench neat", help, true, extra, take, &b};
    int status = al_bench_parse(&cli, argc, argv, &o);
    if (status >= 0) return status;
    const char *config = o.config;
    alError err = {0};
    alConfig *cfg = al_sets_config(config, "xor", &o.sets, &err);
    if (!cfg) return cli_fail("bench neat", &err);
    b.def = alDefaultNeatDef();
    if (alNeatDef_FromConfig(&b.def, cfg, &err) != AL_OK) {
        alDestroyConfig(cfg);
        return cli_fail("bench neat", &err);
    }
    bool is_xor = strcmp(alConfig_Module(cfg), "xor") == 0;
    alDestroyConfig(cfg);
    if (!is_xor) return cli_usage_error("bench neat", "--config %s: run.module is not xor", config);
    b.def.threads = (int)o.threads;

    al_bench_figures f;
    if (al_bench_seeds(&o, run_one, &b, &f, &err) != AL_OK) return cli_fail("bench neat", &err);
    double ratio = bench_trust_note("--seeds", f.seconds, f.cpu_seconds, alThreads_Resolve(b.def.threads));
    if (o.json)
        printf("{\"bench\": \"neat\", \"task\": \"xor\", \"seeds\": %lld, \"population\": %d, "
               "\"solved\": %d, \"median_evaluations\": %.1f, \"mean_evaluations\": %.1f, "
               "\"p90_evaluations\": %.0f, \"median_generations\": %.1f, "
               "\"median_s_per_generation\": %.4e, \"cpu_s_per_generation\": %.4e, "
               "\"generations\": %lld, \"seconds\": %.6f, \"cpu_per_wall\": %.2f}\n",
               (long long)o.seeds, b.def.population, f.solved, f.median_evaluations, f.mean_evaluations,
               f.p90_evaluations, f.median_generations, f.median_s_per_generation, f.cpu_s_per_generation,
               (long long)f.generations, f.seconds, ratio);
    else {
        char ns[48], ng[48];
        printf("neat xor: population %d, %s from %lld\n"
               "  %d of %lld solved; evaluations to the first solver: median %.1f, mean %.1f, "
               "90th percentile %.0f (median %.1f generations)\n"
               "  time per generation: median %.3f us wall, %.3f us CPU (%s in %.3f s, "
               "%.2f CPU s per wall s)\n",
               b.def.population, alCounted(ns, sizeof ns, o.seeds, "seed", NULL), (long long)o.seed, f.solved,
               (long long)o.seeds, f.median_evaluations, f.mean_evaluations, f.p90_evaluations, f.median_generations,
               f.median_s_per_generation * 1e6, f.cpu_s_per_generation * 1e6,
               alCounted(ng, sizeof ng, f.generations, "generation", NULL), f.seconds, ratio);
    }
    return f.solved == o.seeds ? 0 : 1;
}
