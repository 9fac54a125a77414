// alife bench ants: ant-steps per second of whole generations (think, act,
// sense, and the GA breeding in between), and with --learn the acceptance
// figures of learning (over several seeds) and of mine avoidance.
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alife/threads.h"
#include "alife/ants.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

static void help(void)
{
    printf("usage: alife bench ants [CONFIG] [options]\n"
           "\n"
           "Speed: runs whole generations of the ants (the Smart Sweepers set-up by\n"
           "default: 30 ants, 40 food, a 4-6-2 brain) and prints ant-steps per second,\n"
           "counting the evolved ants only; GA breeding and, with --baseline, the greedy\n"
           "foragers are inside the timed loop. The checksum of the statistics must not\n"
           "change with --threads. CPU time is printed too: on a machine shared with other\n"
           "work, wall time mostly measures the others (there, OMP_WAIT_POLICY=passive\n"
           "stops idle workers from spinning on the cores the busy ones need).\n"
           "\n"
           "Learning (--learn): runs CONFIG (default: the embedded defaults) for\n"
           "--generations over --seeds seeds and prints, per seed, the population's mean\n"
           "food per ant as a share of the greedy group's (5-generation trailing\n"
           "means), the first generation reaching 75%% and 90%%, and, when the config\n"
           "has ants.mines on, mines hit per ant at generation 0 and at the last one,\n"
           "and the food compared with the same config without mines. In the shared\n"
           "world (ants.world = shared, the default) the greedy group is as many greedy\n"
           "ants as the population, sharing a world of the same kind; with\n"
           "ants.world = own, baseline_ants greedy ants, each in its own copy.\n"
           "The algorithm is the config's run.algorithm (ga, neat, cmaes; e.g. --set\n"
           "run.algorithm=cmaes), named in the output.\n"
           "\n"
           "options:\n"
           "      --ants N          ants (ants.count, default 30)\n"
           "      --ticks T         ticks per generation (ants.ticks, default 2000)\n"
           "      --food F          food items (ants.food, default 40)\n"
           "      --generations G   generations to time (speed default: 60 million ant-steps,\n"
           "                        1000 generations of the default set-up, 100 of 300 ants,\n"
           "                        at most 1000, after 2 untimed: 0.5 s or more up to 120\n"
           "                        million ant-steps/s; learn default 150)\n"
           "      --threads T       worker threads, 0 = OMP_NUM_THREADS or one per processor\n"
           "      --baseline N      the greedy group's ants per generation (speed default 0, learn: config)\n"
           "      --seeds S         learn: S seeds (default 10)\n"
           "      --first-seed N    learn: the first of them (default 1: seeds 1..S)\n"
           "      --world W         shared or own (ants.world; default: the config's)\n"
           "  -s, --set K=V         override a config key\n"
           "      --learn           the learning acceptance figures instead of speed\n"
           "      --json            one JSON object instead of text\n"
           "  -h, --help            this help\n");
}

// bench_speed's default --generations: SPEED_STEPS ant-steps (the default
// set-up's 1000 generations), at most SPEED_GENERATIONS.
enum { SPEED_GENERATIONS = 1000 };
#define SPEED_STEPS 60e6

// The default generations for count ants of ticks ticks: a fixed 1000 timed
// 300 ants for 13 s and 40 of them (a figure quoted) 0.4 s, too short to trust.
static int64_t speed_generations(int count, int ticks)
{
    double g = ceil(SPEED_STEPS / ((double)count * ticks));
    return g < SPEED_GENERATIONS ? (int64_t)g : SPEED_GENERATIONS;
}

typedef struct bench_opts {
    const char *config;
    al_sets sets;
    int64_t generations, threads, seeds, baseline, first_seed;
    bool learn, json;
} bench_opts;

static alResult make_def(const bench_opts *o, const char *const *extra, int nextra, alAntsDef *def,
                         alError *err)
{
    al_sets all = {0};
    al_sets_append(&all, &o->sets);
    for (int i = 0; i < nextra; ++i) al_sets_add(&all, extra[i]);
    alConfigDef cd = alDefaultConfigDef();
    cd.path = o->config;
    cd.module = "ants";
    cd.sets = (const char *const *)all.items;
    cd.set_origins = (const char *const *)all.origins;
    cd.set_count = all.count;
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, err);
    al_sets_free(&all);
    if (!cfg) return err->code;
    if (strcmp(alConfig_Module(cfg), "ants") != 0) {
        alDestroyConfig(cfg);
        return alError_Set(err, AL_ERR_CONFIG, "%s: run.module = '%s': bench ants needs 'ants'",
                           o->config ? o->config : "defaults", alConfig_Module(cfg));
    }
    alResult r = alAntsDef_FromConfig(def, cfg, err);
    alDestroyConfig(cfg);
    return r;
}

// FNV-1a over the bits of every generation's statistics: equal checksums mean
// bit-identical results.
static uint64_t checksum(const alAnts *ants)
{
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    uint64_t x = 1469598103934665603ULL;
    for (int i = 0; i < n; ++i) {
        double v[] = {h[i].best, h[i].mean, h[i].worst, h[i].baseline_mean, h[i].mines_mean};
        const unsigned char *b = (const unsigned char *)v;
        for (size_t k = 0; k < sizeof v; ++k) x = (x ^ b[k]) * 1099511628211ULL;
    }
    return x;
}

static int bench_speed(bench_opts *o)
{
    alError err = {0};
    alAntsDef def;
    char th[64], bl[64];
    snprintf(th, sizeof th, "run.threads=%" PRId64, o->threads);
    snprintf(bl, sizeof bl, "ants.baseline_ants=%" PRId64, o->baseline < 0 ? 0 : o->baseline);
    const char *extra[] = {th, bl};
    if (make_def(o, extra, 2, &def, &err) != AL_OK) return cli_config_fail("bench ants", &err);
    alAnts *ants = NULL;
    if (alCreateAnts(&def, 1, &ants, &err) != AL_OK) return cli_fail("bench ants", &err);
    // The default times half a second or more of steady state at up to 120M
    // ant-steps/s (60 million ant-steps; 300 generations of the default set-up
    // timed 0.24 s).
    int64_t gens = o->generations > 0 ? o->generations : speed_generations(def.count, def.ticks);
    // Two untimed generations first (page faults, the thread pool, caches);
    // the checksum covers them too, so it still compares thread counts.
    for (int g = 0; g < 2; ++g)
        while (!alAnts_Advance(ants, def.ticks)) {
        }
    double t0 = al_now(), c0 = al_cpu_now();
    for (int64_t g = 0; g < gens; ++g)
        while (!alAnts_Advance(ants, def.ticks)) {
        }
    double secs = al_now() - t0, cpu = al_cpu_now() - c0;
    int threads = alThreads_Resolve(def.threads);
    double ratio = bench_trust_note("--generations", secs, cpu, threads);
    double steps = (double)def.count * def.ticks * (double)gens;
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    double last_mean = n ? h[n - 1].food_mean : 0;
    uint64_t sum = checksum(ants);
    int64_t runs = 0, par_runs = alAnts_ParallelRuns(ants, &runs);
    char brain[64] = "";
    for (int L = 0, len = 0; L < def.brain.layer_count && len < (int)sizeof brain - 8; ++L)
        len += snprintf(brain + len, sizeof brain - (size_t)len, L ? "-%d" : "%d", def.brain.sizes[L]);
    if (o->json) {
        printf("{\"bench\": \"ants\", \"ants\": %d, \"ticks\": %d, \"food\": %d, \"generations\": %" PRId64
               ", \"threads\": %d, \"baseline_ants\": %d, \"brain\": \"%s\", \"seconds\": %.4f, "
               "\"cpu_seconds\": %.4f, \"ant_steps\": %.0f, \"ant_steps_per_s\": %.0f, "
               "\"ant_steps_per_cpu_s\": %.0f, \"cpu_per_wall\": %.3f, \"last_food_mean\": %.4f, \"checksum\": \"%016" PRIx64 "\", "
               "\"parallel_runs\": %" PRId64 ", \"runs\": %" PRId64 "}\n",
               def.count, def.ticks, def.food, gens, threads, def.baseline_ants, brain, secs, cpu, steps, steps / secs, steps / cpu, ratio, last_mean, sum,
               par_runs, runs);
    } else {
        printf("ants %d, ticks %d, food %d, brain %s, generations %" PRId64 ", threads %d, baseline ants %d\n",
               def.count, def.ticks, def.food, brain, gens, threads, def.baseline_ants);
        printf("%.0f ant-steps in %.3f s: %.2f million ant-steps/s\n", steps, secs, steps / secs / 1e6);
        printf("CPU time %.3f s (all threads): %.2f million ant-steps per CPU-second\n", cpu,
               steps / cpu / 1e6);
        printf("last generation mean food %.3f, checksum %016" PRIx64 "\n", last_mean, sum);
        if (threads > 1)
            printf("%" PRId64 " of %" PRId64 " runs of ticks on %d threads, the others on 1 (faster when timed)\n",
                   par_runs, runs, threads);
    }
    alDestroyAnts(ants);
    return 0;
}

// Trailing mean of field over generations [g-4, g] (fewer at the start).
static double trailing(const alAntsGen *h, int g, size_t offset)
{
    double sum = 0;
    int k = 0;
    for (int i = g; i >= 0 && i > g - 5; --i, ++k) sum += *(const double *)((const char *)&h[i] + offset);
    return sum / k;
}

typedef struct seed_result {
    double baseline;        // mean baseline food per ant over the run
    double ratio50, ratio_last; // trailing food_mean / baseline at gen 50 and the last
    int first75, first90;   // first generation reaching 75% / 90% (trailing), -1 never
    double food_last;       // trailing food per ant at the last generation
    double mines0, mines_last;
    double rate0, rate_last; // mines hit per 1000 world units travelled
    double blind;            // mines hit per greedy forager (blind to mines), run mean
    alResult r;
    alError err;
} seed_result;

static void run_seed(const alAntsDef *def, uint64_t seed, int gens, seed_result *out)
{
    memset(out, 0, sizeof *out);
    alAnts *ants = NULL;
    out->r = alCreateAnts(def, seed, &ants, &out->err);
    if (out->r != AL_OK) return;
    for (int g = 0; g < gens; ++g)
        while (!alAnts_Advance(ants, def->ticks)) {
        }
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    double b = 0;
    for (int g = 0; g < n; ++g) b += h[g].baseline_mean;
    out->baseline = b / n; // the greedy forager does not learn: average it all
    out->first75 = out->first90 = -1;
    size_t food = offsetof(alAntsGen, food_mean), mines = offsetof(alAntsGen, mines_mean);
    for (int g = 0; g < n; ++g) {
        double ratio = trailing(h, g, food) / out->baseline;
        if (out->first75 < 0 && ratio >= 0.75) out->first75 = g;
        if (out->first90 < 0 && ratio >= 0.90) out->first90 = g;
        if (g == 50) out->ratio50 = ratio;
    }
    out->ratio_last = trailing(h, n - 1, food) / out->baseline;
    out->food_last = trailing(h, n - 1, food);
    out->mines0 = h[0].mines_mean;
    out->mines_last = trailing(h, n - 1, mines);
    size_t dist = offsetof(alAntsGen, distance_mean);
    out->rate0 = h[0].distance_mean > 0 ? 1000.0 * h[0].mines_mean / h[0].distance_mean : 0;
    double dl = trailing(h, n - 1, dist);
    out->rate_last = dl > 0 ? 1000.0 * out->mines_last / dl : 0;
    double bm = 0;
    for (int g = 0; g < n; ++g) bm += h[g].baseline_mines;
    out->blind = bm / n;
    alDestroyAnts(ants);
}

static void run_seeds(const alAntsDef *def, uint64_t first, int seeds, int gens, int threads,
                      seed_result *res)
{
    alAntsDef one = *def;
    one.threads = 1; // parallel across seeds instead: no barrier at all
    (void)threads;
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic) num_threads(threads > 0 ? threads : omp_get_max_threads())
#endif
    for (int s = 0; s < seeds; ++s) run_seed(&one, first + (uint64_t)s, gens, &res[s]);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    // "never" (-1) sorts last
    if (x < 0) x = 1 << 30;
    if (y < 0) y = 1 << 30;
    return (x > y) - (x < y);
}

static int bench_learn(bench_opts *o)
{
    alError err = {0};
    alAntsDef def;
    char bl[64];
    snprintf(bl, sizeof bl, "ants.baseline_ants=%" PRId64, o->baseline);
    const char *extra[] = {bl};
    if (make_def(o, extra, o->baseline >= 0 ? 1 : 0, &def, &err) != AL_OK) return cli_config_fail("bench ants", &err);
    if (def.baseline_ants == 0)
        return cli_usage_error("bench ants", "--learn needs the greedy baseline (ants.baseline_ants > 0)");
    int gens = o->generations > 0 ? (int)o->generations : 150;
    int seeds = (int)o->seeds;
    if (gens < 51)
        return cli_usage_error("bench ants", "--learn needs --generations of at least 51");
    seed_result *res = calloc((size_t)seeds * 2, sizeof *res);
    if (!res) return 1;
    double t0 = al_now();
    run_seeds(&def, (uint64_t)o->first_seed, seeds, gens, (int)o->threads, res);
    seed_result *plain = res + seeds;
    if (def.mines) {
        alAntsDef nomines = def;
        nomines.mines = false;
        nomines.brain.sizes[0] = def.brain.sizes[0] > AL_ANTS_SENSORS_FOOD ? AL_ANTS_SENSORS_FOOD
                                                                           : def.brain.sizes[0];
        run_seeds(&nomines, (uint64_t)o->first_seed, seeds, gens, (int)o->threads, plain);
    }
    double secs = al_now() - t0;
    for (int s = 0; s < seeds * (def.mines ? 2 : 1); ++s)
        if (res[s].r != AL_OK) {
            int st = cli_fail("bench ants", &res[s].err);
            free(res);
            return st;
        }
    int *f75 = calloc((size_t)seeds, sizeof *f75), *f90 = calloc((size_t)seeds, sizeof *f90);
    if (!f75 || !f90) return 1;
    bool all75 = true;
    double drop_sum = 0, share_sum = 0;
    bool mines_ok = true;
    const bool shared = def.world_mode == AL_ANTS_SHARED;
    if (!o->json)
        printf("algorithm: %s; world: %s; baseline: the greedy group, %s\n", alAlgorithmId_Name(def.algorithm),
               shared ? "shared" : "own",
               shared ? "as many greedy ants sharing a world of the same kind"
                      : "greedy ants, each in its own copy of the world");
    if (!o->json)
        printf("seed  baseline  food@%d  ratio@50  ratio@%d  first75  first90%s\n", gens - 1,
               gens - 1, def.mines ? "  mines@0  mines@last  drop  food/no-mine  per1000@0  per1000@last  greedy" : "");
    for (int s = 0; s < seeds; ++s) {
        seed_result *r = &res[s];
        f75[s] = r->first75;
        f90[s] = r->first90;
        if (r->first75 < 0 || r->first75 > 50) all75 = false;
        double drop = r->mines0 > 0 ? 1.0 - r->mines_last / r->mines0 : 0;
        double share = def.mines ? r->food_last / plain[s].food_last : 1;
        drop_sum += drop;
        share_sum += share;
        if (!o->json) {
            printf("%4lld  %8.2f  %7.2f  %7.0f%%  %7.0f%%  %7d  %7d", (long long)(o->first_seed + s), r->baseline, r->food_last,
                   100 * r->ratio50, 100 * r->ratio_last, r->first75, r->first90);
            if (def.mines)
                printf("  %7.2f  %10.2f  %3.0f%%  %11.0f%%  %9.2f  %12.2f  %6.2f", r->mines0, r->mines_last,
                       100 * drop, 100 * share, r->rate0, r->rate_last, r->blind);
            printf("\n");
        }
    }
    qsort(f90, (size_t)seeds, sizeof *f90, cmp_int);
    qsort(f75, (size_t)seeds, sizeof *f75, cmp_int);
    int median90 = f90[(seeds - 1) / 2];
    bool med90 = median90 >= 0 && median90 <= 150;
    double drop_mean = drop_sum / seeds, share_mean = share_sum / seeds;
    if (def.mines) mines_ok = drop_mean >= 0.70 && share_mean >= 0.60;
    if (o->json) {
        printf("{\"bench\": \"ants-learn\", \"algorithm\": \"%s\", \"world\": \"%s\", \"seeds\": %d, \"generations\": %d, \"mines\": %s, "
               "\"worst_first75\": %d, \"median_first90\": %d, \"all_seeds_75_by_50\": %s, "
               "\"median_90_by_150\": %s",
               alAlgorithmId_Name(def.algorithm), shared ? "shared" : "own", seeds, gens, def.mines ? "true" : "false", f75[seeds - 1], median90,
               all75 ? "true" : "false", med90 ? "true" : "false");
        if (def.mines)
            printf(", \"mines_drop_mean\": %.4f, \"food_vs_no_mines_mean\": %.4f, \"mines_ok\": %s",
                   drop_mean, share_mean, mines_ok ? "true" : "false");
        printf(", \"seconds\": %.2f}\n", secs);
    } else if (!def.mines) {
        printf("75%% of the baseline by generation 50 in every seed: %s (slowest seed: generation %d)\n",
               all75 ? "yes" : "NO", f75[seeds - 1]);
        printf("90%% of the baseline by generation 150 in the median seed: %s (median: generation %d)\n",
               med90 ? "yes" : "NO", median90);
    }
    if (!o->json) {
        if (def.mines)
            printf("mines hit per ant fall %.0f%% (need >= 70%%); food is %.0f%% of the no-mine "
                   "figure (need >= 60%%): %s\n",
                   100 * drop_mean, 100 * share_mean, mines_ok ? "yes" : "NO");
        printf("(%.1f s; ratios are 5-generation trailing means of the population's mean food per\n"
               " ant over the greedy group's (its run mean); -1 = never%s)\n", secs,
               def.mines ? ";\n per1000 = mines hit per 1000 world units travelled; greedy = mines hit by the\n"
                           " greedy group, which ignores mines" : "");
    }
    free(f75);
    free(f90);
    free(res);
    // With mines only the mine targets apply (food is judged against no mines).
    if (def.mines) return mines_ok ? 0 : 1;
    return (all75 && (gens < 151 || med90)) ? 0 : 1;
}

int bench_ants(int argc, char **argv)
{
    enum { O_ANTS = 1000, O_TICKS, O_FOOD, O_GENS, O_THREADS, O_BASE, O_SEEDS, O_FIRST, O_LEARN, O_JSON, O_WORLD };
    static const struct option opts[] = {
        {"ants", required_argument, 0, O_ANTS},       {"ticks", required_argument, 0, O_TICKS},
        {"food", required_argument, 0, O_FOOD},       {"generations", required_argument, 0, O_GENS},
        {"threads", required_argument, 0, O_THREADS}, {"baseline", required_argument, 0, O_BASE},
        {"seeds", required_argument, 0, O_SEEDS},     {"learn", no_argument, 0, O_LEARN},
        {"first-seed", required_argument, 0, O_FIRST}, {"world", required_argument, 0, O_WORLD},
        {"json", no_argument, 0, O_JSON},             {"set", required_argument, 0, 's'},
        {"help", no_argument, 0, 'h'},                {0, 0, 0, 0}};
    bench_opts o = {.generations = 0, .threads = 0, .seeds = 10, .baseline = -1, .first_seed = 1};
    optind = 1;
    int c;
    int64_t v;
    while ((c = getopt_long(argc, argv, ":s:h", opts, NULL)) != -1) {
        switch (c) {
        // An error names the option typed ("--ants 0"), not a --set.
        case O_ANTS: al_sets_add_option(&o.sets, "--ants", "ants.count", optarg); break;
        case O_TICKS: al_sets_add_option(&o.sets, "--ticks", "ants.ticks", optarg); break;
        case O_FOOD: al_sets_add_option(&o.sets, "--food", "ants.food", optarg); break;
        case O_WORLD: al_sets_add_option(&o.sets, "--world", "ants.world", optarg); break;
        case 's': al_sets_add(&o.sets, optarg); break;
        case O_LEARN: o.learn = true; break;
        case O_FIRST:
            if (!al_parse_int(optarg, 0, (int64_t)1 << 53, &o.first_seed)) {
                al_sets_free(&o.sets);
                return cli_usage_error("bench ants", "--first-seed '%s': not a whole number >= 0", optarg);
            }
            break;
        case O_JSON: o.json = true; break;
        case 'h': help(); al_sets_free(&o.sets); return 0;
        case O_GENS:
        case O_THREADS:
        case O_BASE:
        case O_SEEDS:
            if (!al_parse_int(optarg, c == O_GENS || c == O_SEEDS ? 1 : 0,
                              c == O_THREADS ? 256 : (c == O_SEEDS ? 1000 : 1000000), &v)) {
                al_sets_free(&o.sets);
                return cli_usage_error("bench ants", "--%s '%s': not a whole number from %s",
                                       c == O_GENS ? "generations" : c == O_THREADS ? "threads"
                                       : c == O_BASE ? "baseline" : "seeds", optarg,
                                       c == O_GENS ? "1 to 1000000" : c == O_THREADS ? "0 (all) to 256"
                                       : c == O_BASE ? "0 to 1000000" : "1 to 1000");
            }
            if (c == O_GENS) o.generations = v;
            else if (c == O_THREADS) o.threads = v;
            else if (c == O_BASE) o.baseline = v;
            else o.seeds = v;
            break;
        default: al_sets_free(&o.sets); return cli_option_error("bench ants", argv, c);
        }
    }
    if (optind < argc - 1) {
        al_sets_free(&o.sets);
        return cli_usage_error("bench ants", "one config file at most");
    }
    if (optind == argc - 1) o.config = argv[optind];
    int status = o.learn ? bench_learn(&o) : bench_speed(&o);
    al_sets_free(&o.sets);
    return status;
}
