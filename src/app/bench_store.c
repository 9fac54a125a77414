// alife bench store: how many generations per second the run database takes,
// through the same calls a run makes (alRunLog_AddGeneration, then
// alRunLog_Flush between generations), batched as usual and, for contrast,
// with one commit per generation.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alife/runlog.h"
#include "bench.h"
#include "cli.h"
#include "options.h"

static void help(void)
{
    printf("usage: alife bench store [options]\n"
           "\n"
           "Logs one run of made-up generations into a fresh database and prints\n"
           "generations per second: first batched as every run is (a transaction per\n"
           "~50 ms), then with a commit after every generation for contrast. Each\n"
           "generation has its statistics, --figures module figures and a best\n"
           "genome of --genome-bytes bytes.\n"
           "\n"
           "options:\n"
           "      --generations N    generations per mode (default 20000)\n"
           "      --figures K        module figures per generation, 0-%d (default 4)\n"
           "      --genome-bytes B   size of the best genome, 0 = none (default 64)\n"
           "      --db PATH          database to create (must not exist; default a\n"
           "                         temporary file in /tmp, removed afterwards)\n"
           "      --json             one JSON object instead of text\n"
           "  -h, --help             this help\n",
           AL_MAX_FIGURES);
}

static const char *const fig_names[AL_MAX_FIGURES] = {"f0", "f1", "f2", "f3",
                                                      "f4", "f5", "f6", "f7"};

// Logs n generations as one run; per_gen_commit forces a commit after each.
// Returns seconds, or -1 (err filled).
static double log_run(alRunLog *log, const alConfig *cfg, int64_t n, int figures,
                      unsigned char *genome, size_t genome_bytes, bool per_gen_commit, alError *err)
{
    int64_t id;
    double t0 = al_now();
    if (alRunLog_BeginRun(log, cfg, per_gen_commit ? "bench-commit-each" : "bench-batched", 1, &id,
                          err) != AL_OK)
        return -1;
    for (int64_t g = 0; g < n; ++g) {
        alGenStats s;
        memset(&s, 0, sizeof s);
        s.gen = g;
        s.best = (double)g;
        s.mean = 0.5 * (double)g;
        s.worst = 0;
        s.stddev = 1;
        s.evaluations = g * 100;
        s.ticks = g * 1000;
        s.wall_s = 1e-4;
        for (int k = 0; k < figures; ++k)
            alGenStats_AddFigure(&s, fig_names[k], (double)(g + k));
        if (genome_bytes) genome[g % genome_bytes] = (unsigned char)g;
        if (alRunLog_AddGeneration(log, id, &s, genome_bytes ? genome : NULL, genome_bytes, err) !=
                AL_OK ||
            alRunLog_Flush(log, per_gen_commit ? 0 : 0.05, err) != AL_OK)
            return -1;
    }
    if (alRunLog_EndRun(log, id, "finished", err) != AL_OK) return -1;
    return al_now() - t0;
}

int bench_store(int argc, char **argv)
{
    enum { O_GENS = 1000, O_FIGS, O_BYTES, O_DB, O_JSON };
    static const struct option opts[] = {{"generations", required_argument, 0, O_GENS},
                                         {"figures", required_argument, 0, O_FIGS},
                                         {"genome-bytes", required_argument, 0, O_BYTES},
                                         {"db", required_argument, 0, O_DB},
                                         {"json", no_argument, 0, O_JSON},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int64_t gens = 20000, figs = 4, bytes = 64;
    const char *db = NULL;
    bool json = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_GENS:
            if (!al_parse_int(optarg, 1, 100000000, &gens))
                return cli_usage_error("bench store",
                                       "--generations '%s': a whole number 1-100000000", optarg);
            break;
        case O_FIGS:
            if (!al_parse_int(optarg, 0, AL_MAX_FIGURES, &figs))
                return cli_usage_error("bench store", "--figures '%s': a whole number 0-%d", optarg,
                                       AL_MAX_FIGURES);
            break;
        case O_BYTES:
            if (!al_parse_int(optarg, 0, 1 << 24, &bytes))
                return cli_usage_error("bench store",
                                       "--genome-bytes '%s': a whole number 0-16777216", optarg);
            break;
        case O_DB:
            db = optarg;
            break;
        case O_JSON:
            json = true;
            break;
        case 'h':
            help();
            return 0;
        default:
            return cli_option_error("bench store", argv, c);
        }
    }
    if (optind != argc)
        return cli_usage_error("bench store", "unexpected argument '%s'", argv[optind]);
    char tmp[64] = "";
    if (!db) {
        snprintf(tmp, sizeof tmp, "/tmp/alife-bench-store-%ld.db", (long)getpid());
        db = tmp;
    }
    struct stat sb;
    if (stat(db, &sb) == 0)
        return cli_usage_error("bench store",
                               "%s exists; give a new path (the benchmark creates it)", db);

    alError err = {0};
    alConfigDef def = alDefaultConfigDef();
    def.module = "estrings";
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    unsigned char *genome = calloc((size_t)(bytes ? bytes : 1), 1);
    alRunLog *log = NULL;
    int status = 0;
    double batched = -1, each = -1;
    if (!cfg || !genome) {
        status = cfg ? 1 : cli_fail("bench store", &err);
        if (!genome) fprintf(stderr, "alife bench store: out of memory\n");
    } else if (alRunLog_Open(db, &log, &err) != AL_OK) {
        status = cli_fail("bench store", &err);
    } else {
        batched = log_run(log, cfg, gens, (int)figs, genome, (size_t)bytes, false, &err);
        if (batched >= 0)
            each = log_run(log, cfg, gens, (int)figs, genome, (size_t)bytes, true, &err);
        if (batched < 0 || each < 0) status = cli_fail("bench store", &err);
    }
    alRunLog_Close(log);
    long long size = stat(db, &sb) == 0 ? (long long)sb.st_size : -1;
    if (status == 0) {
        double r1 = (double)gens / batched, r2 = (double)gens / each;
        if (json)
            printf(
                "{\"generations\":%lld,\"figures\":%lld,\"genome_bytes\":%lld,"
                "\"batched_gens_per_s\":%.1f,\"commit_each_gens_per_s\":%.1f,\"db_bytes\":%lld}\n",
                (long long)gens, (long long)figs, (long long)bytes, r1, r2, size);
        else
            printf("store: %lld generations, %lld figures, %lld-byte genome each\n"
                   "  batched (as runs log):   %10.0f generations/s (%.3f s)\n"
                   "  commit per generation:   %10.0f generations/s (%.3f s)\n"
                   "  database: %s, %lld bytes for both runs\n",
                   (long long)gens, (long long)figs, (long long)bytes, r1, batched, r2, each,
                   tmp[0] ? "temporary" : db, size);
    }
    if (tmp[0]) {
        char side[80];
        remove(tmp);
        snprintf(side, sizeof side, "%s-wal", tmp);
        remove(side);
        snprintf(side, sizeof side, "%s-shm", tmp);
        remove(side);
    }
    free(genome);
    alDestroyConfig(cfg);
    return status;
}
