// alife bench neat: NEAT on XOR, the figures the acceptance of issue 13
// asks for: solved runs, median evaluations to the first solver over many
// seeds, and the time per generation (to set beside neat-python's, see
// scripts/neat_compare.py).
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/threads.h"
#include "alife/xor.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

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

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    if (n == 0) return NAN;
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

enum { O_SEEDS = 1000, O_SEED, O_MAXG, O_SET, O_CONFIG, O_THREADS, O_JSON };

int bench_neat(int argc, char **argv)
{
    static const struct option lopts[] = {
        {"seeds", required_argument, 0, O_SEEDS}, {"seed", required_argument, 0, O_SEED},
        {"max-gens", required_argument, 0, O_MAXG}, {"set", required_argument, 0, O_SET},
        {"config", required_argument, 0, O_CONFIG},
        {"threads", required_argument, 0, O_THREADS}, {"json", no_argument, 0, O_JSON},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int64_t seeds = 50, seed = 1, maxg = 500, threads = 1;
    bool json = false;
    const char *bad = NULL, *config = NULL;
    al_sets sets = {0};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", lopts, NULL)) != -1) {
        switch (c) {
        case O_SEEDS:
            if (!al_parse_int(optarg, 1, 100000, &seeds)) bad = "--seeds (1 to 100000)";
            break;
        case O_SEED:
            if (!al_parse_int(optarg, 0, INT64_MAX, &seed)) bad = "--seed (0 or more)";
            break;
        case O_MAXG:
            if (!al_parse_int(optarg, 1, 1000000000, &maxg)) bad = "--max-gens (1 or more)";
            break;
        case O_THREADS:
            if (!al_parse_int(optarg, 0, 256, &threads)) bad = "--threads (0 to 256)";
            break;
        case O_SET: al_sets_add(&sets, optarg); break;
        case O_CONFIG: config = optarg; break;
        case O_JSON: json = true; break;
        case 'h': al_sets_free(&sets); help(); return 0;
        default: al_sets_free(&sets); return cli_usage_error("bench neat", "see 'alife bench neat --help'");
        }
        if (bad) {
            al_sets_free(&sets);
            return cli_usage_error("bench neat", "bad value '%s' for %s", optarg, bad);
        }
    }
    // The config positionally too, as 'bench pole CONFIG'; one of the two.
    if (optind < argc && config) {
        al_sets_free(&sets);
        return cli_usage_error("bench neat", "two configs: --config %s and '%s' (give one)", config,
                               argv[optind]);
    }
    if (optind < argc) config = argv[optind++];
    if (optind < argc) {
        al_sets_free(&sets);
        return cli_usage_error("bench neat", "unexpected argument '%s'", argv[optind]);
    }
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "xor";
    cd.path = config;
    cd.sets = (const char *const *)sets.items;
    cd.set_count = sets.count;
    alError err = {0};
    alConfig *cfg = alCreateConfig(&cd, &err);
    al_sets_free(&sets);
    if (!cfg) return cli_fail(&err);
    alNeatDef def = alDefaultNeatDef();
    if (alNeatDef_FromConfig(&def, cfg, &err) != AL_OK) {
        alDestroyConfig(cfg);
        return cli_fail(&err);
    }
    bool is_xor = strcmp(alConfig_Module(cfg), "xor") == 0;
    alDestroyConfig(cfg);
    if (!is_xor) return cli_usage_error("bench neat", "--config %s: run.module is not xor", config);
    def.threads = (int)threads;

    double *evals = calloc((size_t)seeds, sizeof *evals);
    double *gens = calloc((size_t)seeds, sizeof *gens);
    double *tpg = calloc((size_t)seeds, sizeof *tpg);
    if (!evals || !gens || !tpg) {
        free(evals);
        free(gens);
        free(tpg);
        return 1;
    }
    int solved = 0;
    int64_t gens_all = 0;
    double t_all = 0, cpu_all = 0, sum_evals = 0;
    for (int64_t s = 0; s < seeds; ++s) {
        alXor *x = NULL;
        if (alCreateXor(&def, (uint64_t)(seed + s), &x, &err) != AL_OK) {
            free(evals);
            free(gens);
            free(tpg);
            return cli_fail(&err);
        }
        double t0 = al_now(), c0 = al_cpu_now();
        int64_t g = 0;
        while (g < maxg && !alXor_Step(x)) ++g;
        if (g < maxg) ++g; // the solving generation
        double dt = al_now() - t0;
        cpu_all += al_cpu_now() - c0;
        tpg[s] = dt / (double)g;
        gens_all += g;
        t_all += dt;
        if (alXor_IsSolved(x)) {
            evals[solved] = (double)alXor_SolvedEvaluations(x);
            gens[solved] = (double)alXor_SolvedAt(x) + 1;
            sum_evals += evals[solved];
            solved++;
        }
        alDestroyXor(x);
    }
    qsort(evals, (size_t)solved, sizeof *evals, cmp_d);
    qsort(gens, (size_t)solved, sizeof *gens, cmp_d);
    qsort(tpg, (size_t)seeds, sizeof *tpg, cmp_d);
    double med = median(evals, solved), medg = median(gens, solved);
    int k90 = (int)(0.9 * solved + 0.999999);
    double p90 = solved ? evals[(k90 < 1 ? 1 : k90) - 1] : NAN;
    double mean = solved ? sum_evals / solved : NAN;
    double med_tpg = median(tpg, (int)seeds);
    double ratio = bench_trust_note("--seeds", t_all, cpu_all, alThreads_Resolve(def.threads));
    if (json)
        printf("{\"bench\": \"neat\", \"task\": \"xor\", \"seeds\": %lld, \"population\": %d, "
               "\"solved\": %d, \"median_evaluations\": %.1f, \"mean_evaluations\": %.1f, "
               "\"p90_evaluations\": %.0f, \"median_generations\": %.1f, "
               "\"median_s_per_generation\": %.4e, \"cpu_s_per_generation\": %.4e, "
               "\"generations\": %lld, \"seconds\": %.6f, \"cpu_per_wall\": %.2f}\n",
               (long long)seeds, def.population, solved, med, mean, p90, medg, med_tpg,
               cpu_all / (double)gens_all, (long long)gens_all, t_all, ratio);
    else
        printf("neat xor: population %d, %lld seeds from %lld\n"
               "  %d of %lld solved; evaluations to the first solver: median %.1f, mean %.1f, "
               "90th percentile %.0f (median %.1f generations)\n"
               "  time per generation: median %.3f us wall, %.3f us CPU (%lld generations in %.3f s, "
               "%.2f CPU s per wall s)\n",
               def.population, (long long)seeds, (long long)seed, solved, (long long)seeds, med, mean,
               p90, medg, med_tpg * 1e6, cpu_all / (double)gens_all * 1e6, (long long)gens_all, t_all, ratio);
    free(evals);
    free(gens);
    free(tpg);
    return solved == seeds ? 0 : 1;
}
