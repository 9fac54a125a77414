// What the benches that run a task once per seed share (bench.h): their
// common options and the loop over the seeds with its figures, so that
// bench neat, pole and cmaes parse --seeds alike and count alike.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

enum { O_SEEDS = 900, O_SEED, O_THREADS, O_JSON, O_CONFIG, MAX_OPTS = 40 };

static const struct option common[] = {
    {"seeds", required_argument, 0, O_SEEDS},     {"seed", required_argument, 0, O_SEED},
    {"threads", required_argument, 0, O_THREADS}, {"json", no_argument, 0, O_JSON},
    {"help", no_argument, 0, 'h'},
};
static const struct option with_config[] = {
    {"config", required_argument, 0, O_CONFIG},
    {"set", required_argument, 0, 's'},
};

static void add_opts(struct option *all, int *n, const struct option *o, int count)
{
    for (int i = 0; i < count && o[i].name; ++i)
        if (*n < MAX_OPTS - 1) all[(*n)++] = o[i];
}

static const char *take_common(int c, const char *arg, al_bench_opts *o)
{
    switch (c) {
    case O_SEEDS: return al_parse_int(arg, 1, 100000, &o->seeds) ? NULL : "--seeds (1 to 100000)";
    case O_SEED: return al_parse_int(arg, 0, INT64_MAX, &o->seed) ? NULL : "--seed (0 or more)";
    case O_THREADS: return al_parse_int(arg, 0, 256, &o->threads) ? NULL : "--threads (0 to 256)";
    case O_JSON: o->json = true; return NULL;
    case O_CONFIG: o->config = arg; return NULL;
    case 's': al_sets_add(&o->sets, arg); return NULL;
    }
    return NULL;
}

static int usage(al_bench_opts *o, int status)
{
    al_sets_free(&o->sets);
    return status;
}

int al_bench_parse(const al_bench_cli *cli, int argc, char **argv, al_bench_opts *o)
{
    struct option all[MAX_OPTS];
    int n = 0;
    add_opts(all, &n, common, (int)(sizeof common / sizeof common[0]));
    if (cli->takes_config) add_opts(all, &n, with_config, 2);
    if (cli->extra) add_opts(all, &n, cli->extra, MAX_OPTS);
    all[n] = (struct option){0, 0, 0, 0};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, cli->takes_config ? ":hs:" : ":h", all, NULL)) != -1) {
        if (c == 'h') {
            cli->help();
            return usage(o, 0);
        }
        if (c == '?' || c == ':')
            return usage(o, cli_option_error(cli->name, argv, c));
        const char *bad =
            c >= 1000 && cli->take ? cli->take(c, optarg, cli->ctx) : take_common(c, optarg, o);
        if (bad) return usage(o, cli_usage_error(cli->name, "bad value '%s' for %s", optarg, bad));
    }
    // The config positionally too, as 'bench pole CONFIG'; one of the two.
    if (cli->takes_config && optind < argc) {
        if (o->config)
            return usage(o, cli_usage_error(cli->name, "two configs: --config %s and '%s' (give one)",
                                            o->config, argv[optind]));
        o->config = argv[optind++];
    }
    if (optind < argc)
        return usage(o, cli_usage_error(cli->name, "unexpected argument '%s'", argv[optind]));
    return -1;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// Median of v[0..n), sorted in place; NaN when n == 0.
static double median(double *v, int n)
{
    if (n == 0) return NAN;
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

alResult al_bench_seeds(const al_bench_opts *o, al_bench_run_fn fn, void *ctx,
                        al_bench_figures *out, alError *err)
{
    *out = (al_bench_figures){0};
    int n = (int)o->seeds;
    double *evals = calloc((size_t)n, sizeof *evals), *gens = calloc((size_t)n, sizeof *gens);
    double *tpg = calloc((size_t)n, sizeof *tpg);
    alResult r = evals && gens && tpg ? AL_OK : alError_Set(err, AL_ERR_NOMEM, "out of memory");
    double sum = 0;
    for (int s = 0; s < n && r == AL_OK; ++s) {
        al_bench_run run = {0};
        double t0 = al_now(), c0 = al_cpu_now();
        r = fn(ctx, (uint64_t)(o->seed + s), &run, err);
        double dt = al_now() - t0;
        out->cpu_seconds += al_cpu_now() - c0;
        if (r != AL_OK) break;
        int64_t g = run.generations > 0 ? run.generations : 1;
        tpg[s] = dt / (double)g;
        out->generations += g;
        out->seconds += dt;
        out->runs++;
        if (run.solved) {
            evals[out->solved] = (double)run.evaluations;
            gens[out->solved] = run.solved_generations;
            sum += evals[out->solved];
            out->solved++;
        }
    }
    if (r == AL_OK) {
        int k = out->solved;
        out->median_evaluations = median(evals, k);
        out->median_generations = median(gens, k);
        out->median_s_per_generation = median(tpg, out->runs);
        int k90 = (int)(0.9 * k + 0.999999);
        out->p90_evaluations = k ? evals[(k90 < 1 ? 1 : k90) - 1] : NAN;
        out->mean_evaluations = k ? sum / k : NAN;
        out->min_evaluations = k ? evals[0] : NAN;
        out->max_evaluations = k ? evals[k - 1] : NAN;
        out->cpu_s_per_generation = out->cpu_seconds / (double)out->generations;
    }
    free(evals);
    free(gens);
    free(tpg);
    return r;
}
