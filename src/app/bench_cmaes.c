// alife bench cmaes: CMA-ES on the classic test functions, the figures the
// acceptance of issue 13 asks for: median evaluations to f < target over
// many seeds, and the time per generation (to set beside pycma's:
// scripts/peers/pycma_cmaes.py and scripts/peer_evo.sh).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/cmaes.h"
#include "alife/counted.h"
#include "bench.h"
#include "cli.h"

static void help(void)
{
    printf("usage: alife bench cmaes [options]\n"
           "\n"
           "Runs CMA-ES (Hansen's tutorial defaults) on --fn from the start point\n"
           "x0 = (--x0, ..., --x0) with step size --sigma0, once per seed, each run\n"
           "until the best of a generation is below --target (or --max-evals), and\n"
           "prints how many runs reached it, the median and 90th percentile of\n"
           "evaluations to get there (whole generations count), and the time per\n"
           "generation (sampling, evaluation and update): the median over runs of\n"
           "wall time, and the process's CPU time over all generations (all threads).\n"
           "\n"
           "options:\n"
           "      --fn F            sphere, rosenbrock or ellipsoid (default sphere)\n"
           "      --dim N           dimension, 1 to 2048 (default 10)\n"
           "      --seeds N         runs, seeds --seed .. --seed+N-1 (default 20)\n"
           "      --seed N          first seed (default 1)\n"
           "      --x0 V            every coordinate of the start point (default: 1 for\n"
           "                        sphere and ellipsoid, 0 for rosenbrock)\n"
           "      --sigma0 S        initial step size (default 0.5)\n"
           "      --target T        f to reach (default 1e-8)\n"
           "      --max-evals N     give a run up after N evaluations (default 1000000)\n"
           "      --lambda N        population (default 0: 4 + floor(3 ln n))\n"
           "      --separable       diagonal covariance (sep-CMA)\n"
           "      --restarts N      IPOP restarts (default 0)\n"
           "      --threads T       evaluation threads, 0 = automatic (default 1)\n"
           "      --json            one JSON object instead of text\n"
           "  -h, --help            this help\n"
           "\n"
           "exit status: 0 every run reached the target, 1 some did not, 2 usage error.\n");
}

static double f_sphere(const double *x, int n, void *ctx)
{
    (void)ctx;
    double s = 0;
    for (int i = 0; i < n; ++i) s += x[i] * x[i];
    return s;
}

static double f_rosenbrock(const double *x, int n, void *ctx)
{
    (void)ctx;
    double s = 0;
    for (int i = 0; i < n - 1; ++i) {
        double a = x[i] * x[i] - x[i + 1], b = x[i] - 1;
        s += 100 * a * a + b * b;
    }
    return s;
}

// sum 10^(6 i/(n-1)) x_i^2 (axis-parallel, condition 1e6); the weights are
// computed once, into the table ctx points to.
static double f_ellipsoid(const double *x, int n, void *ctx)
{
    const double *w = ctx;
    double s = 0;
    for (int i = 0; i < n; ++i) s += w[i] * x[i] * x[i];
    return s;
}

enum { O_FN = 1000, O_DIM, O_X0, O_SIGMA, O_TARGET, O_MAXE, O_LAMBDA, O_SEP, O_RESTARTS };

typedef struct cmaes_bench {
    const char *fn;
    int64_t dim, maxe, lambda, restarts;
    double x0, sigma0, target;
    bool sep;
    alCmaesFitnessFn f;
    double *ew; // the ellipsoid's weights
    int threads, lambda_used;
} cmaes_bench;

static const char *take(int opt, const char *arg, void *ctx)
{
    cmaes_bench *b = ctx;
    char *end;
    switch (opt) {
    case O_FN: b->fn = arg; return NULL;
    case O_DIM: return al_parse_int(arg, 1, AL_CMAES_MAX_FULL, &b->dim) ? NULL : "--dim (1 to 2048)";
    case O_MAXE: return al_parse_int(arg, 1, INT64_MAX, &b->maxe) ? NULL : "--max-evals (1 or more)";
    case O_LAMBDA:
        return al_parse_int(arg, 0, AL_CMAES_MAX_LAMBDA, &b->lambda) ? NULL : "--lambda (0, or 2 or more)";
    case O_RESTARTS: return al_parse_int(arg, 0, 30, &b->restarts) ? NULL : "--restarts (0 to 30)";
    case O_X0:
        b->x0 = strtod(arg, &end);
        return *end || !isfinite(b->x0) ? "--x0 (a finite number)" : NULL;
    case O_SIGMA:
        b->sigma0 = strtod(arg, &end);
        return *end || !(b->sigma0 > 0) || !isfinite(b->sigma0) ? "--sigma0 (a number > 0)" : NULL;
    case O_TARGET:
        b->target = strtod(arg, &end);
        return *end || !isfinite(b->target) ? "--target (a finite number)" : NULL;
    case O_SEP: b->sep = true; return NULL;
    }
    return NULL;
}

// One seed: CMA-ES until the target, the budget or its own stop.
static alResult run_one(void *ctx, uint64_t seed, al_bench_run *out, alError *err)
{
    cmaes_bench *b = ctx;
    alCmaesDef def = alDefaultCmaesDef();
    def.dimension = (int)b->dim;
    def.sigma = b->sigma0;
    def.x0_value = b->x0;
    def.lambda = (int)b->lambda;
    def.covariance = b->sep ? AL_CMAES_SEPARABLE : AL_CMAES_FULL;
    def.restarts = (int)b->restarts;
    def.has_target = true;
    def.target = b->target;
    def.max_evaluations = b->maxe;
    def.fitness = b->f;
    def.fitness_ctx = b->ew;
    def.threads = b->threads;
    alCmaes *cm = NULL;
    alResult r = alCreateCmaes(&def, seed, &cm, err);
    if (r != AL_OK) return r;
    b->lambda_used = alCmaes_Lambda(cm);
    alAlgoStop why;
    while ((why = alCmaes_Step(cm)) == AL_ALGO_RUNNING) {}
    out->generations = alCmaes_Generation(cm);
    out->evaluations = alCmaes_Evaluations(cm);
    out->solved = why == AL_ALGO_TARGET;
    alDestroyCmaes(cm);
    return AL_OK;
}

int bench_cmaes(int argc, char **argv)
{
    static const struct option extra[] = {
        {"fn", required_argument, 0, O_FN},         {"dim", required_argument, 0, O_DIM},
        {"x0", required_argument, 0, O_X0},         {"sigma0", required_argument, 0, O_SIGMA},
        {"target", required_argument, 0, O_TARGET}, {"max-evals", required_argument, 0, O_MAXE},
        {"lambda", required_argument, 0, O_LAMBDA}, {"separable", no_argument, 0, O_SEP},
        {"restarts", required_argument, 0, O_RESTARTS}, {0, 0, 0, 0}};
    cmaes_bench b = {.fn = "sphere", .dim = 10, .maxe = 1000000, .x0 = NAN, .sigma0 = 0.5, .target = 1e-8};
    al_bench_opts o = {.seeds = 20, .seed = 1, .threads = 1};
    const al_bench_cli cli = {"bench cmaes", help, false, extra, take, &b};
    int status = al_bench_parse(&cli, argc, argv, &o);
    if (status >= 0) return status;
    b.threads = (int)o.threads;
    const char *fn = b.fn;
    int64_t dim = b.dim;
    if (strcmp(fn, "sphere") == 0) {
        b.f = f_sphere;
    } else if (strcmp(fn, "rosenbrock") == 0) {
        if (dim < 2) return cli_usage_error("bench cmaes", "--fn rosenbrock needs --dim 2 or more");
        b.f = f_rosenbrock;
    } else if (strcmp(fn, "ellipsoid") == 0) {
        b.f = f_ellipsoid;
        b.ew = malloc(sizeof(double) * (size_t)dim);
        if (!b.ew) return 1;
        for (int i = 0; i < dim; ++i) b.ew[i] = dim > 1 ? pow(1e6, (double)i / (double)(dim - 1)) : 1;
    } else {
        return cli_usage_error("bench cmaes", "bad value '%s' for --fn (sphere, rosenbrock or ellipsoid)", fn);
    }
    if (isnan(b.x0)) b.x0 = b.f == f_rosenbrock ? 0 : 1;

    al_bench_figures f;
    alError err = {0};
    alResult r = al_bench_seeds(&o, run_one, &b, &f, &err);
    free(b.ew);
    if (r != AL_OK) return cli_fail("bench cmaes", &err);
    if (o.json)
        printf("{\"bench\": \"cmaes\", \"fn\": \"%s\", \"dim\": %lld, \"seeds\": %lld, \"lambda\": %d, "
               "\"x0\": %g, \"sigma0\": %g, \"target\": %g, \"separable\": %s, \"restarts\": %lld, "
               "\"solved\": %d, \"median_evaluations\": %.1f, \"p90_evaluations\": %.0f, "
               "\"median_s_per_generation\": %.4e, \"cpu_s_per_generation\": %.4e, \"generations\": %lld, "
               "\"seconds\": %.6f}\n",
               fn, (long long)dim, (long long)o.seeds, b.lambda_used, b.x0, b.sigma0, b.target,
               b.sep ? "true" : "false", (long long)b.restarts, f.solved, f.median_evaluations,
               f.p90_evaluations, f.median_s_per_generation, f.cpu_s_per_generation,
               (long long)f.generations, f.seconds);
    else {
        char ns[48], ng[48];
        printf("cmaes %s: dim %lld, lambda %d, x0 %g, sigma0 %g%s, %s from %lld\n"
               "  %d of %lld reached f < %g; evaluations to get there: median %.1f, 90th percentile %.0f\n"
               "  time per generation: median %.3f us wall, %.3f us CPU (%s in %.3f s)\n",
               fn, (long long)dim, b.lambda_used, b.x0, b.sigma0, b.sep ? ", separable" : "",
               alCounted(ns, sizeof ns, o.seeds, "seed", NULL), (long long)o.seed, f.solved, (long long)o.seeds,
               b.target, f.median_evaluations, f.p90_evaluations, f.median_s_per_generation * 1e6,
               f.cpu_s_per_generation * 1e6, alCounted(ng, sizeof ng, f.generations, "generation", NULL), f.seconds);
    }
    return f.solved == o.seeds ? 0 : 1;
}
