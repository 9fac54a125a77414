// alife bench cmaes: CMA-ES on the classic test functions, the figures the
// acceptance of issue 13 asks for: median evaluations to f < target over
// many seeds, and the time per generation (to set beside pycma's, see
// scripts/pycma_compare.py).
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alife/cmaes.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

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

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { O_FN = 1000, O_DIM, O_SEEDS, O_SEED, O_X0, O_SIGMA, O_TARGET, O_MAXE, O_LAMBDA, O_SEP, O_RESTARTS,
       O_THREADS, O_JSON };

int bench_cmaes(int argc, char **argv)
{
    static const struct option lopts[] = {
        {"fn", required_argument, 0, O_FN},        {"dim", required_argument, 0, O_DIM},
        {"seeds", required_argument, 0, O_SEEDS},  {"seed", required_argument, 0, O_SEED},
        {"x0", required_argument, 0, O_X0},        {"sigma0", required_argument, 0, O_SIGMA},
        {"target", required_argument, 0, O_TARGET}, {"max-evals", required_argument, 0, O_MAXE},
        {"lambda", required_argument, 0, O_LAMBDA}, {"separable", no_argument, 0, O_SEP},
        {"restarts", required_argument, 0, O_RESTARTS}, {"threads", required_argument, 0, O_THREADS},
        {"json", no_argument, 0, O_JSON},          {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *fn = "sphere";
    int64_t dim = 10, seeds = 20, seed = 1, maxe = 1000000, lambda = 0, restarts = 0, threads = 1;
    double x0 = NAN, sigma0 = 0.5, target = 1e-8;
    bool sep = false, json = false;
    const char *bad = NULL;
    optind = 1;
    int c;
    char *end;
    while ((c = getopt_long(argc, argv, "h", lopts, NULL)) != -1) {
        switch (c) {
        case O_FN: fn = optarg; break;
        case O_DIM:
            if (!al_parse_int(optarg, 1, AL_CMAES_MAX_FULL, &dim)) bad = "--dim (1 to 2048)";
            break;
        case O_SEEDS:
            if (!al_parse_int(optarg, 1, 100000, &seeds)) bad = "--seeds (1 to 100000)";
            break;
        case O_SEED:
            if (!al_parse_int(optarg, 0, INT64_MAX, &seed)) bad = "--seed (0 or more)";
            break;
        case O_MAXE:
            if (!al_parse_int(optarg, 1, INT64_MAX, &maxe)) bad = "--max-evals (1 or more)";
            break;
        case O_LAMBDA:
            if (!al_parse_int(optarg, 0, AL_CMAES_MAX_LAMBDA, &lambda)) bad = "--lambda (0, or 2 or more)";
            break;
        case O_RESTARTS:
            if (!al_parse_int(optarg, 0, 30, &restarts)) bad = "--restarts (0 to 30)";
            break;
        case O_THREADS:
            if (!al_parse_int(optarg, 0, 256, &threads)) bad = "--threads (0 to 256)";
            break;
        case O_X0:
            x0 = strtod(optarg, &end);
            if (*end || !isfinite(x0)) bad = "--x0 (a finite number)";
            break;
        case O_SIGMA:
            sigma0 = strtod(optarg, &end);
            if (*end || !(sigma0 > 0) || !isfinite(sigma0)) bad = "--sigma0 (a number > 0)";
            break;
        case O_TARGET:
            target = strtod(optarg, &end);
            if (*end || !isfinite(target)) bad = "--target (a finite number)";
            break;
        case O_SEP: sep = true; break;
        case O_JSON: json = true; break;
        case 'h': help(); return 0;
        default: return cli_usage_error("bench cmaes", "see 'alife bench cmaes --help'");
        }
        if (bad) return cli_usage_error("bench cmaes", "bad value '%s' for %s", optarg, bad);
    }
    if (optind < argc) return cli_usage_error("bench cmaes", "unexpected argument '%s'", argv[optind]);

    alCmaesFitnessFn f = NULL;
    double *ew = NULL;
    if (strcmp(fn, "sphere") == 0) {
        f = f_sphere;
    } else if (strcmp(fn, "rosenbrock") == 0) {
        if (dim < 2) return cli_usage_error("bench cmaes", "--fn rosenbrock needs --dim 2 or more");
        f = f_rosenbrock;
    } else if (strcmp(fn, "ellipsoid") == 0) {
        f = f_ellipsoid;
        ew = malloc(sizeof(double) * (size_t)dim);
        if (!ew) return 1;
        for (int i = 0; i < dim; ++i) ew[i] = dim > 1 ? pow(1e6, (double)i / (double)(dim - 1)) : 1;
    } else {
        return cli_usage_error("bench cmaes", "bad value '%s' for --fn (sphere, rosenbrock or ellipsoid)", fn);
    }
    if (isnan(x0)) x0 = f == f_rosenbrock ? 0 : 1;

    int64_t *evals = calloc((size_t)seeds, sizeof *evals);
    double *tpg = calloc((size_t)seeds, sizeof *tpg);
    if (!evals || !tpg) {
        free(evals);
        free(tpg);
        free(ew);
        return 1;
    }
    int solved = 0;
    int64_t gens_all = 0;
    double t_all = 0, cpu_all = 0;
    int lam_used = 0;
    for (int64_t s = 0; s < seeds; ++s) {
        alCmaesDef def = alDefaultCmaesDef();
        def.dimension = (int)dim;
        def.sigma = sigma0;
        def.x0_value = x0;
        def.lambda = (int)lambda;
        def.covariance = sep ? AL_CMAES_SEPARABLE : AL_CMAES_FULL;
        def.restarts = (int)restarts;
        def.has_target = true;
        def.target = target;
        def.max_evaluations = maxe;
        def.fitness = f;
        def.fitness_ctx = ew;
        def.threads = (int)threads;
        alCmaes *cm = NULL;
        alError err = {0};
        if (alCreateCmaes(&def, (uint64_t)(seed + s), &cm, &err) != AL_OK) {
            free(evals);
            free(tpg);
            free(ew);
            return cli_fail(&err);
        }
        lam_used = alCmaes_Lambda(cm);
        double t0 = al_now(), c0 = al_cpu_now();
        alAlgoStop why;
        while ((why = alCmaes_Step(cm)) == AL_ALGO_RUNNING) {}
        double dt = al_now() - t0;
        cpu_all += al_cpu_now() - c0;
        int64_t g = alCmaes_Generation(cm);
        tpg[s] = dt / (double)g;
        gens_all += g;
        t_all += dt;
        evals[solved] = alCmaes_Evaluations(cm);
        if (why == AL_ALGO_TARGET) solved++;
        alDestroyCmaes(cm);
    }
    qsort(evals, (size_t)solved, sizeof *evals, cmp_i64);
    qsort(tpg, (size_t)seeds, sizeof *tpg, cmp_d);
    double med = solved == 0 ? NAN
                 : solved % 2 ? (double)evals[solved / 2]
                              : 0.5 * (double)(evals[solved / 2 - 1] + evals[solved / 2]);
    int k90 = (int)(0.9 * solved + 0.999999);
    double p90 = solved ? (double)evals[(k90 < 1 ? 1 : k90) - 1] : NAN;
    double med_tpg = seeds % 2 ? tpg[seeds / 2] : 0.5 * (tpg[seeds / 2 - 1] + tpg[seeds / 2]);
    if (json)
        printf("{\"bench\": \"cmaes\", \"fn\": \"%s\", \"dim\": %lld, \"seeds\": %lld, \"lambda\": %d, "
               "\"x0\": %g, \"sigma0\": %g, \"target\": %g, \"separable\": %s, \"restarts\": %lld, "
               "\"solved\": %d, \"median_evaluations\": %.1f, \"p90_evaluations\": %.0f, "
               "\"median_s_per_generation\": %.4e, \"cpu_s_per_generation\": %.4e, \"generations\": %lld, "
               "\"seconds\": %.6f}\n",
               fn, (long long)dim, (long long)seeds, lam_used, x0, sigma0, target, sep ? "true" : "false",
               (long long)restarts, solved, med, p90, med_tpg, cpu_all / (double)gens_all, (long long)gens_all,
               t_all);
    else
        printf("cmaes %s: dim %lld, lambda %d, x0 %g, sigma0 %g%s, %lld seeds from %lld\n"
               "  %d of %lld reached f < %g; evaluations to get there: median %.1f, 90th percentile %.0f\n"
               "  time per generation: median %.3f us wall, %.3f us CPU (%lld generations in %.3f s)\n",
               fn, (long long)dim, lam_used, x0, sigma0, sep ? ", separable" : "", (long long)seeds,
               (long long)seed, solved, (long long)seeds, target, med, p90, med_tpg * 1e6,
               cpu_all / (double)gens_all * 1e6, (long long)gens_all, t_all);
    free(evals);
    free(tpg);
    free(ew);
    return solved == seeds ? 0 : 1;
}
