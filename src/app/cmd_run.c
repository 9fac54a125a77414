// alife run: one experiment headless, every generation logged.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/counted.h"
#include "alife/config.h"
#include "cli.h"
#include "options.h"
#include "session.h"
#include "stop_words.h"

static void help(void)
{
    printf("usage: alife run CONFIG [options]\n"
           "\n"
           "Runs the experiment in CONFIG (an INI file; see experiments/) without a\n"
           "window, logging every generation to the run database. Ctrl-C stops it:\n"
           "finished generations are kept and the run is marked interrupted.\n"
           "\n"
           "options:\n"
           "      --seed N          random seed (run.seed)\n"
           "      --generations N   stop after N generations (run.generations)\n"
           "      --steps N         stop after N ticks (run.steps)\n"
           "      --threads N       worker threads, 0 = OMP_NUM_THREADS or one per processor\n"
           "      --db PATH         run database (default " AL_DEFAULT_DB ")\n"
           "      --name NAME       the run's name in the database (run.name)\n"
           "      --no-log          a try-out: store nothing (no database is opened or\n"
           "                        written); the progress and the summary are all it gives\n"
           "  -s, --set K=V         override a config key, e.g. --set ga.mutation_rate=0.05\n"
           "  -q, --quiet           no progress, only the summary line\n"
           "  -h, --help            this help\n"
           "\n"
           "The summary says why the run stopped, as the database does (runs.stop_reason):\n"
           "solved (goal reached), stalled (goal not reached; the GA: no improvement for\n"
           "ga.stall_generations; CMA-ES: converged by cmaes.tol_fun, cmaes.tol_x or its\n"
           "other tests, restarts used up), generation limit, tick limit, interrupted or\n"
           "failed.\n"
           "\n"
           "exit status: 0 finished (solved, stalled or at its limit), 1 runtime failure\n"
           "(including any failure to write the database) or interrupted, 2 usage or\n"
           "config error (also when --db names a file that is not a usable alife run\n"
           "database: not SQLite, another program's, a newer schema or damaged; the file\n"
           "is then left unchanged).\n");
}

typedef struct progress_ctx {
    bool quiet, tty;
    double started, last_print;
} progress_ctx;

// One progress line per generation at most every 0.1 s (2 s when not a tty).
static void print_progress(const al_session *s, void *p)
{
    progress_ctx *c = p;
    if (c->quiet) return;
    double now = al_now();
    bool last = al_session_done(s);
    if (!last && now - c->last_print < (c->tty ? 0.1 : 2.0)) return;
    c->last_print = now;
    double pct = 100.0 * (double)s->gens / (double)s->max_gens;
    if (s->max_steps > 0) {
        double p2 = 100.0 * (double)s->ticks / (double)s->max_steps;
        if (p2 > pct) pct = p2;
    }
    // An eta only once there is enough behind to estimate from (2 s and 3
    // generations); a run solved early makes any estimate from its limit a
    // bound, so none is shown at the end or for a fast run.
    double spent = now - c->started;
    char eta[48] = "";
    if (!last && pct > 0 && spent >= 2.0 && s->gens >= 3)
        snprintf(eta, sizeof eta, ", eta %.0fs", spent * (100.0 - pct) / pct);
    fprintf(stderr, "%sgen %lld  best %.4g  mean %.4g  worst %.4g  [%3.0f%%%s]%s",
            c->tty ? "\r" : "", (long long)s->last.gen, s->last.best, s->last.mean, s->last.worst,
            pct, eta, c->tty ? "   " : "\n");
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int cmd_run(int argc, char **argv)
{
    enum { O_SEED = 1000, O_GENS, O_STEPS, O_THREADS, O_DB, O_NAME, O_NOLOG };
    static const struct option opts[] = {
        {"seed", required_argument, 0, O_SEED},   {"generations", required_argument, 0, O_GENS},
        {"steps", required_argument, 0, O_STEPS}, {"threads", required_argument, 0, O_THREADS},
        {"db", required_argument, 0, O_DB},       {"name", required_argument, 0, O_NAME},
        {"no-log", no_argument, 0, O_NOLOG},      {"set", required_argument, 0, 's'},
        {"quiet", no_argument, 0, 'q'},           {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    al_sets sets = {0};
    const char *db = AL_DEFAULT_DB;
    bool quiet = false, no_log = false, db_given = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":s:qh", opts, NULL)) != -1) {
        switch (c) {
        // An error names the option typed ("--generations 0"), not a --set.
        case O_SEED: al_sets_add_option(&sets, "--seed", "run.seed", optarg); break;
        case O_GENS: al_sets_add_option(&sets, "--generations", "run.generations", optarg); break;
        case O_STEPS: al_sets_add_option(&sets, "--steps", "run.steps", optarg); break;
        case O_THREADS: al_sets_add_option(&sets, "--threads", "run.threads", optarg); break;
        case O_NAME: al_sets_add_option(&sets, "--name", "run.name", optarg); break;
        case O_DB: db = optarg; db_given = true; break;
        case O_NOLOG: no_log = true; break;
        case 's': al_sets_add(&sets, optarg); break;
        case 'q': quiet = true; break;
        case 'h': help(); al_sets_free(&sets); return 0;
        default: al_sets_free(&sets); return cli_option_error("run", argv, c);
        }
    }
    if (optind != argc - 1) {
        al_sets_free(&sets);
        return cli_usage_error("run", optind >= argc ? "which config? e.g. alife run "
                                                       "experiments/estrings/hello.ini"
                                                     : "one config file only");
    }
    if (no_log && db_given) {
        al_sets_free(&sets);
        return cli_usage_error("run", "--no-log stores nothing, --db names where to store: give one of them");
    }
    if (no_log) db = NULL;
    const char *path = argv[optind];
    alError err = {0};
    alConfig *cfg = al_sets_config(path, NULL, &sets, &err);
    if (!cfg) return cli_config_fail("run", &err);

    char name[128];
    const char *given = alConfig_String(cfg, "run.name");
    if (given[0]) {
        snprintf(name, sizeof name, "%s", given);
    } else {
        snprintf(name, sizeof name, "%s", base_name(path));
        char *dot = strrchr(name, '.');
        if (dot && dot != name) *dot = '\0';
    }

    al_session s;
    if (al_session_open(&s, cfg, db, name, &err) != AL_OK) return cli_config_fail("run", &err);

    al_session_catch_signals();
    progress_ctx pc = {quiet, isatty(STDERR_FILENO), al_now(), 0};
    if (!quiet && db)
        fprintf(stderr, "alife: run %lld (%s, module %s, seed %llu) logging to %s\n",
                (long long)s.run_id, name, s.cls->name, (unsigned long long)s.seed, db);
    else if (!quiet)
        fprintf(stderr, "alife: %s (module %s, seed %llu), not logged (--no-log)\n", name, s.cls->name,
                (unsigned long long)s.seed);
    const char *end = al_session_run(&s, print_progress, &pc, &err);
    if (!quiet && pc.tty) fputc('\n', stderr);
    int status = 0;
    if (strcmp(end, "finished") != 0) status = err.code == AL_ERR_INTERRUPTED ? 1 : cli_fail("run", &err);
    if (strcmp(end, "interrupted") == 0) fprintf(stderr, "alife run: %s\n", err.msg);
    // The end-of-run write (commit, status, stop reason) is checked: a run
    // whose row still says 'running' must not exit 0.
    const char *why = al_session_stop_reason(&s, end);
    alError end_err = {0};
    bool stored = al_session_end(&s, end, &end_err) == AL_OK;
    if (!stored) {
        fprintf(stderr, "alife run: %s\n", end_err.msg);
        if (status == 0) status = 1;
    }
    double started = pc.started;
    char desc[256] = "";
    if (s.have_last && s.cls->describe) s.cls->describe(s.mod, desc, sizeof desc);
    char gens[48], ticks[48];
    if (db) printf("run %lld ", (long long)s.run_id);
    else printf("run (not logged) ");
    printf("%s: %s, %s, %.2fs", end, alCounted(gens, sizeof gens, s.gens, "generation", NULL),
           alCounted(ticks, sizeof ticks, s.ticks, "tick", NULL), al_now() - started);
    if (s.have_last) printf(", last best %.6g mean %.6g", s.last.best, s.last.mean);
    char words[256];
    if (why)
        printf(", stopped: %s", al_stop_words(why, alConfig_Text(s.cfg, "run.algorithm"), (long long)s.gens,
                                              (long long)s.max_gens, words, sizeof words));
    printf("\n");
    if (desc[0]) printf("%s\n", desc);
    if (!db) printf("not stored (--no-log): nothing was written\n");
    else if (stored) printf("stored in %s (alife show %lld --db %s)\n", db, (long long)s.run_id, db);
    else printf("NOT fully stored in %s: the end of the run could not be written\n", db);
    al_session_close(&s, end);
    return status;
}
