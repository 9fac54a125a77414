// alife bench pole: the pole-balancing acceptance of issue 13. Runs the pole
// module (the same code as `alife run` and the window) once per seed until
// it is solved, stalls or reaches its config's own stop (run.generations,
// run.steps: where `alife run CONFIG` stops), or --max-evals, and prints the evaluations to a
// solution: median, min and max over the solved runs, and how many solved.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/module.h"
#include "alife/pole.h"
#include "alife/counted.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

static void help(void)
{
    printf("usage: alife bench pole [CONFIG] [options]\n"
           "\n"
           "Runs the pole module of CONFIG (default: built-in defaults, the double\n"
           "pole with velocities under CMA-ES; run.algorithm = ga or neat work too)\n"
           "once per seed until a controller balances pole.max_steps steps (solved,\n"
           "with the generalisation test if pole.generalisation), the search stalls, or\n"
           "the run reaches its budget, and prints how many runs solved it and the\n"
           "evaluations that took (whole generations count): median, min, max.\n"
           "The budget is the config's own stop, run.generations (and run.steps when\n"
           "set): a run ends where 'alife run CONFIG' ends it, so every lesson's run\n"
           "gets the generations its lesson gives it (double_novel_neat.ini: 1000\n"
           "generations of 1000 networks); --max-evals replaces it by an evaluation count.\n"
           "\n"
           "options:\n"
           "      --config FILE     the same as CONFIG\n"
           "      --variant V       single, double or double_novel (pole.variant; not with a\n"
           "                        --set pole.variant of another value)\n"
           "      --seeds N         runs, seeds --seed .. --seed+N-1 (default 20)\n"
           "      --seed N          first seed (default 1)\n"
           "      --max-evals N     give a run up after N evaluations instead (default: none,\n"
           "                        the config's run.generations and run.steps)\n"
           "      --threads T       worker threads, 0 = automatic (default 1)\n"
           "  -s, --set K=V         override a config key, e.g. --set cmaes.sigma0=0.5\n"
           "      --json            one JSON object instead of text\n"
           "  -h, --help            this help\n"
           "\n"
           "exit status: 0 every run solved, 1 some did not, 2 usage or config error.\n");
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

enum { O_VARIANT = 1000, O_MAXE };

typedef struct pole_opts {
    const char *variant;
    int64_t maxe;
} pole_opts;

static const char *take(int opt, const char *arg, void *ctx)
{
    pole_opts *po = ctx;
    if (opt == O_VARIANT) po->variant = arg;
    if (opt == O_MAXE && !al_parse_int(arg, 1, INT64_MAX, &po->maxe)) return "--max-evals (1 or more)";
    return NULL;
}

// Whether a run that has logged s (has: any generation yet) is out of
// budget: maxe evaluations if given (> 0), else the config's run.generations
// and run.steps (0: no tick limit), as the session of `alife run` counts them.
static bool spent(const alConfig *cfg, int64_t maxe, bool has, const alGenStats *s)
{
    if (!has) return false;
    if (maxe > 0) return s->evaluations >= maxe;
    int64_t steps = alConfig_Int(cfg, "run.steps");
    return s->gen + 1 >= alConfig_Int(cfg, "run.generations") || (steps > 0 && s->ticks >= steps);
}

// One run: evaluations to the solution, or -1 when not solved.
static int64_t run_one(const alConfig *cfg, uint64_t seed, int64_t maxe, int64_t *gens, alError *err)
{
    const alModuleClass *m = alModule_Find("pole");
    void *mod = NULL;
    if (m->create(cfg, seed, &mod, err) != AL_OK) return -2;
    alGenStats s = {0};
    while (!m->finished(mod) && !spent(cfg, maxe, m->last_stats(mod, &s), &s)) m->step(mod);
    m->last_stats(mod, &s);
    *gens = s.gen + 1;
    int64_t evals = -1;
    if (!alPoleRun_Solved(mod, NULL, &evals)) evals = -1;
    m->destroy(mod);
    return evals;
}

int bench_pole(int argc, char **argv)
{
    static const struct option extra[] = {{"variant", required_argument, 0, O_VARIANT},
                                          {"max-evals", required_argument, 0, O_MAXE},
                                          {0, 0, 0, 0}};
    pole_opts po = {.maxe = 0}; // 0: the config's own stop
    al_bench_opts o = {.seeds = 20, .seed = 1, .threads = 1};
    const al_bench_cli cli = {"bench pole", help, true, extra, take, &po};
    int status = al_bench_parse(&cli, argc, argv, &o);
    if (status >= 0) return status;
    int64_t seeds = o.seeds, seed = o.seed, maxe = po.maxe, threads = o.threads;
    bool json = o.json;
    const char *variant = po.variant, *path = o.config;
    al_sets sets = o.sets;
    char kv[64];
    const char *vkey = "pole.variant=";
    for (int i = 0; variant && i < sets.count; ++i)
        if (strncmp(sets.items[i], vkey, strlen(vkey)) == 0 &&
            strcmp(sets.items[i] + strlen(vkey), variant) != 0) {
            int rc = cli_usage_error("bench pole", "--variant %s contradicts --set %s (give one)",
                                     variant, sets.items[i]);
            al_sets_free(&sets);
            return rc;
        }
    if (variant) {
        snprintf(kv, sizeof kv, "%s", variant);
        al_sets_add_option(&sets, "--variant", "pole.variant", kv);
    }
    snprintf(kv, sizeof kv, "%lld", (long long)threads);
    al_sets_addkv(&sets, "run.threads", kv);
    alError err = {0};
    alConfig *cfg = al_sets_config(path, "pole", &sets, &err);
    if (!cfg) return cli_config_fail("bench pole", &err);
    if (strcmp(alConfig_Module(cfg), "pole") != 0) {
        alError_Set(&err, AL_ERR_CONFIG, "%s runs module '%s', not pole", path, alConfig_Module(cfg));
        alDestroyConfig(cfg);
        return cli_fail("bench pole", &err);
    }
    int64_t *evals = calloc((size_t)seeds, sizeof *evals);
    if (!evals) {
        alDestroyConfig(cfg);
        return 1;
    }
    int solved = 0;
    int64_t gens_all = 0;
    double t0 = al_now();
    for (int64_t s = 0; s < seeds; ++s) {
        int64_t g = 0, e = run_one(cfg, (uint64_t)(seed + s), maxe, &g, &err);
        if (e == -2) {
            free(evals);
            alDestroyConfig(cfg);
            return cli_fail("bench pole", &err);
        }
        gens_all += g;
        if (e >= 0) evals[solved++] = e;
    }
    double secs = al_now() - t0;
    qsort(evals, (size_t)solved, sizeof *evals, cmp_i64);
    double med = solved == 0 ? NAN
                 : solved % 2 ? (double)evals[solved / 2]
                              : 0.5 * (double)(evals[solved / 2 - 1] + evals[solved / 2]);
    long long lo = solved ? (long long)evals[0] : -1, hi = solved ? (long long)evals[solved - 1] : -1;
    const char *v = alConfig_Text(cfg, "pole.variant");
    alPoleDef pd;
    int weights = alPoleDef_FromConfig(&pd, cfg, NULL) == AL_OK ? alPole_WeightCount(&pd) : 0;
    const char *algo = alConfig_Text(cfg, "run.algorithm");
    char shape[64]; // what the algorithm searches: weights, or NEAT's networks
    if (strcmp(algo, "neat") == 0)
        snprintf(shape, sizeof shape, "NEAT networks of %d inputs", alPole_InputCount(&pd));
    else
        snprintf(shape, sizeof shape, "%d weights", weights);
    long long max_gens = (long long)alConfig_Int(cfg, "run.generations");
    char budget[96], jbudget[96];
    if (maxe > 0) {
        snprintf(budget, sizeof budget, "budget %lld evaluations", (long long)maxe);
        snprintf(jbudget, sizeof jbudget, "\"max_evaluations\": %lld, \"max_generations\": null",
                 (long long)maxe);
    } else {
        snprintf(budget, sizeof budget, "budget run.generations = %lld", max_gens);
        snprintf(jbudget, sizeof jbudget, "\"max_evaluations\": null, \"max_generations\": %lld",
                 max_gens);
    }
    if (json)
        printf("{\"bench\": \"pole\", \"variant\": \"%s\", \"algorithm\": \"%s\", \"seeds\": %lld, \"first_seed\": %lld, "
               "%s, \"solved\": %d, \"median_evaluations\": %.1f, "
               "\"min_evaluations\": %lld, \"max_evaluations_used\": %lld, \"generations\": %lld, "
               "\"weights\": %d, \"seconds\": %.3f}\n",
               v, algo, (long long)seeds, (long long)seed, jbudget, solved, solved ? med : -1.0, lo, hi,
               (long long)gens_all, weights, secs);
    else {
        char ns[48], ng[48];
        printf("pole %s: %s from %lld, %s, %s\n"
               "  %d of %lld solved; evaluations to solve: median %.1f, min %lld, max %lld\n"
               "  %s in %.2f s\n",
               v, alCounted(ns, sizeof ns, seeds, "seed", NULL), (long long)seed, budget, shape, solved,
               (long long)seeds, med, lo, hi, alCounted(ng, sizeof ng, gens_all, "generation", NULL), secs);
    }
    free(evals);
    alDestroyConfig(cfg);
    return solved == seeds ? 0 : 1;
}
