// alife bench estrings: the speed of the string GA (generations and
// characters evaluated per second), and with --converge the acceptance
// figures: generations and evaluations to solve over many seeds.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "alife/threads.h"
#include "alife/config.h"
#include "alife/estrings.h"
#include "alife/rng.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

static void help(void)
{
    printf("usage: alife bench estrings [options]\n"
           "\n"
           "Speed (default): evolves a random printable target of --len characters\n"
           "with a population of --pop for --generations generations (it keeps going\n"
           "after solving) with the [ga] operators of the defaults (or --config and\n"
           "--set), and prints generations/s and characters evaluated/s (new strings\n"
           "x length; elite copies are not evaluated again), by wall clock and by CPU.\n"
           "\n"
           "Convergence (--converge): runs the --config file (default: the built-in\n"
           "defaults, target \"Hello, World!\") with --seeds seeds from --seed on, each\n"
           "until solved, and prints the median and 90th percentile of generations and\n"
           "of evaluations to solve and how many runs converged. Generation 0 is the\n"
           "random start: a target found in generation 30 took 30 generations;\n"
           "evaluations count generation 0's strings too.\n"
           "\n"
           "options:\n"
           "      --pop N           population (default: speed 1000, --converge the config's)\n"
           "      --len L           target length, 1 to 4096 (speed; default 64)\n"
           "      --generations G   generations to time (speed; default 6.4e9 genes' worth:\n"
           "                        100000 at --pop 1000 --len 64, about 1.5 s here, half\n"
           "                        a second at the least to trust; 1000 to 1000000),\n"
           "                        after 1000 untimed;\n"
           "                        with --converge: give up after G (default 100000)\n"
           "      --threads T       worker threads, 0 = OMP_NUM_THREADS or one per processor\n"
           "      --seed N          seed (speed), first seed (--converge) (default 1)\n"
           "      --converge        convergence figures instead of speed\n"
           "      --seeds N         seeds for --converge (default 100)\n"
           "      --config FILE     an estrings config (default: built-in defaults)\n"
           "  -s, --set K=V         override a config key, e.g. --set ga.mutation_rate=0.1\n"
           "      --json            one JSON object instead of text\n"
           "  -h, --help            this help\n"
           "\n"
           "With more than one thread each generation is bred on all of them or on\n"
           "one, whichever the run measures to be faster as it goes (a busy machine\n"
           "can make one thread faster); --json's parallel_runs counts the\n"
           "generations bred on all. Results never depend on it.\n"
           "\n"
           "exit status: 0 done (--converge: every run converged), 1 a run did not\n"
           "converge, 2 usage or config error.\n");
}

enum { BENCH_WARMUP_GENERATIONS = 1000 }; // untimed, before the timed run

// The speed run's default length: a fixed count of genes bred (6.4e9,
// 100000 generations of 1000 x 64), so that a larger population times as
// long, not ten times as long (speed_targets.sh runs 10000 x 64 too).
static int64_t default_generations(int64_t pop, int64_t len)
{
    const double genes = 6.4e9;
    double g = genes / ((double)pop * (double)len);
    return g < 1000 ? 1000 : g > 1000000 ? 1000000 : (int64_t)g;
}

typedef struct opts {
    int64_t pop, len, gens, threads, seed, seeds;
    bool converge, json, gens_given, pop_given;
    const char *config;
    al_sets sets;
} opts;

static alConfig *make_config(const opts *o, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = o->config;
    def.module = "estrings";
    def.sets = (const char *const *)o->sets.items;
    def.set_origins = (const char *const *)o->sets.origins;
    def.set_count = o->sets.count;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    if (cfg && strcmp(alConfig_Module(cfg), "estrings") != 0) {
        alError_Set(err, AL_ERR_CONFIG, "%s runs module '%s', not estrings", o->config,
                    alConfig_Module(cfg));
        alDestroyConfig(cfg);
        return NULL;
    }
    return cfg;
}

static int bench_speed(opts *o)
{
    // A random printable target, the same for every seed.
    char *target = malloc((size_t)o->len + 1);
    if (!target) return 1;
    alRng r = alRng_Stream(12345, 7);
    for (int64_t i = 0; i < o->len; ++i)
        target[i] = (char)alRng_Int(&r, 32, 126);
    target[o->len] = '\0';
    char kv[64];
    snprintf(kv, sizeof kv, "%lld", (long long)o->pop);
    al_sets_add_option(&o->sets, "--pop", "estrings.population", kv);
    snprintf(kv, sizeof kv, "run.threads=%lld", (long long)o->threads);
    al_sets_add(&o->sets, kv);
    alError err = {0};
    alConfig *cfg = make_config(o, &err);
    if (!cfg) {
        free(target);
        return cli_config_fail("bench estrings", &err);
    }
    alEStringsDef def;
    alEStrings *es = NULL;
    if (alEStringsDef_FromConfig(&def, cfg, &err) == AL_OK) {
        def.target = target;
        def.history = 1;
        if (alCreateEStrings(&def, (uint64_t)o->seed, &es, &err) == AL_ERR_CONFIG)
            alConfig_Locate(cfg, &err); // where its keys were set: --pop, a --set, the file
    }
    alDestroyConfig(cfg);
    if (!es) {
        free(target);
        return cli_config_fail("bench estrings", &err);
    }
    // A warm-up (page faults, the thread pool, the pacer's first tries of
    // each mode), then the timed run.
    for (int i = 0; i < BENCH_WARMUP_GENERATIONS; ++i)
        alEStrings_Step(es);
    alGaStats s0, s1;
    alEStrings_LastStats(es, &s0);
    int64_t par0 = alGa_ParallelEpochs(alEStrings_Ga(es));
    double t0 = al_now(), c0 = al_cpu_now();
    for (int64_t g = 0; g < o->gens; ++g)
        alEStrings_Step(es);
    double dt = al_now() - t0, cpu = al_cpu_now() - c0;
    double ratio = bench_trust_note("--generations", dt, cpu, alThreads_Resolve((int)o->threads));
    alEStrings_LastStats(es, &s1);
    int64_t par = alGa_ParallelEpochs(alEStrings_Ga(es)) - par0;
    double gps = (double)o->gens / dt;
    double cps = (double)(s1.evaluations - s0.evaluations) * (double)o->len / dt;
    int threads = alThreads_Resolve((int)o->threads);
    if (o->json)
        printf("{\"bench\": \"estrings\", \"pop\": %lld, \"len\": %lld, \"generations\": %lld, "
               "\"threads\": %d, \"seconds\": %.6f, \"cpu_seconds\": %.6f, "
               "\"generations_per_s\": %.1f, \"chars_per_s\": %.4g, "
               "\"generations_per_cpu_s\": %.1f, \"cpu_per_wall\": %.3f, \"evaluations\": %lld, \"best\": %g, "
               "\"parallel_runs\": %lld}\n",
               (long long)o->pop, (long long)o->len, (long long)o->gens, threads, dt, cpu, gps, cps,
               (double)o->gens / cpu, ratio, (long long)(s1.evaluations - s0.evaluations), s1.best, (long long)par);
    else
        printf(
            "estrings: pop %lld, len %lld, %lld generations on %d thread%s in %.3f s (%.3f s CPU)\n"
            "  %.0f generations/s, %.3g characters evaluated/s (best error now %g)\n"
            "  %.0f generations per CPU second (all threads' CPU time, spinning included)\n",
            (long long)o->pop, (long long)o->len, (long long)o->gens, threads,
            threads == 1 ? "" : "s", dt, cpu, gps, cps, s1.best, (double)o->gens / cpu);
    alDestroyEStrings(es);
    free(target);
    return 0;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

// Nearest-rank percentile of sorted v[0..n-1], p in (0, 100].
static int64_t percentile(const int64_t *v, int n, double p)
{
    int k = (int)((p / 100.0) * n + 0.999999);
    if (k < 1) k = 1;
    if (k > n) k = n;
    return v[k - 1];
}

static double median(const int64_t *v, int n)
{
    return n % 2 ? (double)v[n / 2] : 0.5 * (double)(v[n / 2 - 1] + v[n / 2]);
}

static int bench_converge(opts *o)
{
    char kv[64];
    if (o->pop_given) { // (it was ignored: the config's population ran whatever --pop said)
        snprintf(kv, sizeof kv, "%lld", (long long)o->pop);
        al_sets_add_option(&o->sets, "--pop", "estrings.population", kv);
    }
    snprintf(kv, sizeof kv, "run.threads=%lld", (long long)o->threads);
    al_sets_add(&o->sets, kv);
    alError err = {0};
    alConfig *cfg = make_config(o, &err);
    if (!cfg) return cli_config_fail("bench estrings", &err);
    alEStringsDef def;
    if (alEStringsDef_FromConfig(&def, cfg, &err) != AL_OK) {
        alDestroyConfig(cfg);
        return cli_fail("bench estrings", &err);
    }
    def.history = 1;
    int n = (int)o->seeds, solved = 0;
    int64_t *gens = calloc((size_t)n, sizeof *gens), *evals = calloc((size_t)n, sizeof *evals);
    int64_t worst_gens = 0;
    double t0 = al_now();
    int status = 0;
    for (int i = 0; i < n && status == 0; ++i) {
        alEStrings *es = NULL;
        if (alCreateEStrings(&def, (uint64_t)o->seed + (uint64_t)i, &es, &err) != AL_OK) {
            status = cli_fail("bench estrings", &err);
            break;
        }
        while (!alEStrings_Step(es) && alEStrings_Generations(es) < o->gens) {
        }
        if (alEStrings_Solved(es)) {
            gens[solved] = alEStrings_SolvedAt(es);
            evals[solved] = alEStrings_SolvedEvaluations(es);
            if (gens[solved] > worst_gens) worst_gens = gens[solved];
            solved++;
        }
        alDestroyEStrings(es);
    }
    double dt = al_now() - t0;
    if (status == 0) {
        qsort(gens, (size_t)solved, sizeof *gens, cmp_i64);
        qsort(evals, (size_t)solved, sizeof *evals, cmp_i64);
        char target[200];
        alEStrings_Format((const uint8_t *)def.target, (int)strlen(def.target), target,
                          sizeof target);
        if (o->json) {
            printf("{\"bench\": \"estrings-converge\", \"target\": \"");
            for (const char *c = target; *c; ++c)
                printf(*c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
            printf("\", \"len\": %zu, \"pop\": %d, \"seeds\": %d, \"converged\": %d, "
                   "\"all_converged\": %s, \"max_generations\": %lld, \"first_seed\": %lld",
                   strlen(def.target), def.ga.population, n, solved, solved == n ? "true" : "false",
                   (long long)o->gens, (long long)o->seed);
            if (solved > 0)
                printf(", \"generations_median\": %.1f, \"generations_p90\": %lld, "
                       "\"generations_max\": %lld, \"evaluations_median\": %.1f, "
                       "\"evaluations_p90\": %lld, \"evaluations_max\": %lld",
                       median(gens, solved), (long long)percentile(gens, solved, 90),
                       (long long)worst_gens, median(evals, solved),
                       (long long)percentile(evals, solved, 90), (long long)evals[solved - 1]);
            printf(", \"seconds\": %.3f}\n", dt);
        } else {
            printf("estrings convergence: target '%s', population %d, seeds %lld..%lld\n", target,
                   def.ga.population, (long long)o->seed, (long long)o->seed + n - 1);
            printf("  converged: %d of %d%s\n", solved, n,
                   solved == n ? " (all)" : " (NOT ALL: the rest hit --generations)");
            if (solved > 0) {
                printf("  generations to solve: median %.1f, 90th percentile %lld, max %lld\n",
                       median(gens, solved), (long long)percentile(gens, solved, 90),
                       (long long)worst_gens);
                printf("  evaluations to solve: median %.1f, 90th percentile %lld, max %lld\n",
                       median(evals, solved), (long long)percentile(evals, solved, 90),
                       (long long)evals[solved - 1]);
            }
            printf("  %.2f s\n", dt);
        }
        if (solved != n) status = 1;
    }
    free(gens);
    free(evals);
    alDestroyConfig(cfg);
    return status;
}

int bench_estrings(int argc, char **argv)
{
    enum { O_POP = 1000, O_LEN, O_GENS, O_THREADS, O_SEED, O_CONV, O_SEEDS, O_CONFIG, O_JSON };
    static const struct option lopts[] = {{"pop", required_argument, 0, O_POP},
                                          {"len", required_argument, 0, O_LEN},
                                          {"generations", required_argument, 0, O_GENS},
                                          {"threads", required_argument, 0, O_THREADS},
                                          {"seed", required_argument, 0, O_SEED},
                                          {"converge", no_argument, 0, O_CONV},
                                          {"seeds", required_argument, 0, O_SEEDS},
                                          {"config", required_argument, 0, O_CONFIG},
                                          {"json", no_argument, 0, O_JSON},
                                          {"set", required_argument, 0, 's'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    opts o = {.pop = 1000, .len = 64, .gens = 100000, .threads = 0, .seed = 1, .seeds = 100};
    optind = 1;
    int c;
    const char *bad = NULL;
    while ((c = getopt_long(argc, argv, ":s:h", lopts, NULL)) != -1) {
        switch (c) {
        case O_POP:
            if (!al_parse_int(optarg, 2, 10000000, &o.pop)) bad = "--pop (2 or more)";
            o.pop_given = true;
            break;
        case O_LEN:
            if (!al_parse_int(optarg, 1, AL_ESTRINGS_MAX_TARGET, &o.len)) bad = "--len (1 to 4096)";
            break;
        case O_GENS:
            if (!al_parse_int(optarg, 1, 1000000000, &o.gens)) bad = "--generations (1 or more)";
            o.gens_given = true;
            break;
        case O_THREADS:
            if (!al_parse_int(optarg, 0, 256, &o.threads)) bad = "--threads (0 to 256)";
            break;
        case O_SEED:
            if (!al_parse_int(optarg, 0, INT64_MAX, &o.seed)) bad = "--seed";
            break;
        case O_SEEDS:
            if (!al_parse_int(optarg, 1, 1000000, &o.seeds)) bad = "--seeds (1 or more)";
            break;
        case O_CONV:
            o.converge = true;
            break;
        case O_CONFIG:
            o.config = optarg;
            break;
        case O_JSON:
            o.json = true;
            break;
        case 's':
            al_sets_add(&o.sets, optarg);
            break;
        case 'h':
            help();
            al_sets_free(&o.sets);
            return 0;
        default:
            al_sets_free(&o.sets);
            return cli_option_error("bench estrings", argv, c);
        }
        if (bad) {
            al_sets_free(&o.sets);
            return cli_usage_error("bench estrings", "bad value '%s' for %s", optarg, bad);
        }
    }
    if (optind != argc) {
        al_sets_free(&o.sets);
        return cli_usage_error("bench estrings", "unexpected argument '%s'", argv[optind]);
    }
    if (!o.gens_given) o.gens = o.converge ? 100000 : default_generations(o.pop, o.len);
    int status = o.converge ? bench_converge(&o) : bench_speed(&o);
    al_sets_free(&o.sets);
    return status;
}
