// alife replay: a stored run re-run from its stored resolved config, seed and
// version, without a window; --check compares it with what was stored, bit
// for bit. This is the check that the database's promise (any run can be
// reproduced from it) holds for a given run.
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/config.h"
#include "alife/runquery.h"
#include "cli.h"
#include "db_cli.h"
#include "from_run.h"
#include "options.h"
#include "session.h"

static void help(void)
{
    printf("usage: alife replay RUN [--check] [--db PATH] [--threads N]\n"
           "\n"
           "Re-runs stored run RUN (an id or uuid prefix, as listed by 'alife runs') from\n"
           "its stored resolved config and seed, without a window and without writing to\n"
           "the database. A finished run is replayed to its end; an interrupted or failed\n"
           "run, or a steering run closed in the window, up to its last stored generation.\n"
           "\n"
           "options:\n"
           "      --check       compare every replayed generation with the stored one: its\n"
           "                    statistics (best, mean, worst, stddev, evaluations, ticks),\n"
           "                    every module figure and the stored best genome, as exact\n"
           "                    doubles and bytes (not as text; wall time is not compared;\n"
           "                    NaN equals NaN, and 0 equals -0, whose sign SQLite does not\n"
           "                    keep). Prints the first difference (generation, field, both\n"
           "                    values) or 'identical', and whether the replay stopped where\n"
           "                    the stored run did.\n"
           "      --threads N   replay with N worker threads instead of the stored\n"
           "                    run.threads (results must not depend on it)\n"
           "      --db PATH     run database (default " AL_DEFAULT_DB "), opened read-only\n"
           "  -h, --help        this help\n"
           "\n"
           "A run cannot be replayed (exit 2, with the reason) when it was made by another\n"
           "alife version, when it was changed by hand in the window while it ran (see\n"
           "the edits in 'alife show RUN'), when it has no generation stored, when its\n"
           "module is not in this build, or when its stored config does not read back as\n"
           "the values it was run with.\n"
           "\n"
           "A run that continues another from a generation (alife gui --from RUN:GEN;\n"
           "'alife show' says so) stores its own generations only, GEN on: it is replayed\n"
           "from that run's stored population at GEN (or GEN - 1, then one generation),\n"
           "else from the seed, as the window started it, and compared from GEN on. When\n"
           "that run is not in the database (deleted, or left out of a merge), the\n"
           "continued run cannot be replayed (exit 2): its start is missing.\n"
           "\n"
           "exit status: 0 replayed (with --check: identical), 1 different (with --check),\n"
           "interrupted, or a database read failure, 2 usage error, unknown run or\n"
           "database, or a run that cannot be replayed.\n");
}

// Exact equality of two stored doubles. SQLite turns NaN into NULL (read back
// as NaN) and stores a REAL with an integral value as an integer, which drops
// the sign of zero; everything else must agree bit for bit.
static bool same_double(double a, double b)
{
    if (isnan(a) && isnan(b)) return true;
    if (a == 0 && b == 0) return true;
    uint64_t x, y;
    memcpy(&x, &a, sizeof x);
    memcpy(&y, &b, sizeof y);
    return x == y;
}

typedef struct checker {
    const alRunData *run;
    int64_t genome_at; // next index into run->genomes
    bool differ;
    char first[512]; // the first difference
} checker;

static void differ(checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void differ(checker *c, const char *fmt, ...)
{
    if (c->differ) return;
    c->differ = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->first, sizeof c->first, fmt, ap);
    va_end(ap);
}

static void check_double(checker *c, int64_t gen, const char *field, double stored, double got)
{
    if (!same_double(stored, got))
        differ(c, "generation %lld, %s: stored %.17g (%a), replayed %.17g (%a)", (long long)gen,
               field, stored, stored, got, got);
}

static void check_int(checker *c, int64_t gen, const char *field, int64_t stored, int64_t got)
{
    if (stored != got)
        differ(c, "generation %lld, %s: stored %lld, replayed %lld", (long long)gen, field,
               (long long)stored, (long long)got);
}

// Compares the replayed generation (s->last and the module's best genome)
// with stored row i.
static void check_generation(checker *c, const al_session *s, int64_t i)
{
    const alRunData *run = c->run;
    const alRunGen *g = &run->gens[i];
    const alGenStats *r = &s->last;
    check_int(c, g->gen, "generation number", g->gen, r->gen);
    check_double(c, g->gen, "best", g->best, r->best);
    check_double(c, g->gen, "mean", g->mean, r->mean);
    check_double(c, g->gen, "worst", g->worst, r->worst);
    check_double(c, g->gen, "stddev", g->stddev, r->stddev);
    check_int(c, g->gen, "evaluations", g->evaluations, r->evaluations);
    check_int(c, g->gen, "ticks", g->ticks, r->ticks);
    // Figures, by name, both ways.
    for (int j = 0; j < r->figure_count; ++j) {
        int k = 0;
        while (k < run->figure_count && strcmp(run->figure_names[k], r->figure_names[j]) != 0) ++k;
        char field[96];
        snprintf(field, sizeof field, "figure %s", r->figure_names[j]);
        if (k == run->figure_count || isnan(g->figures[k])) {
            if (!isnan(r->figures[j]))
                differ(c, "generation %lld, %s: not stored, replayed %.17g", (long long)g->gen,
                       field, r->figures[j]);
            continue;
        }
        check_double(c, g->gen, field, g->figures[k], r->figures[j]);
    }
    for (int k = 0; k < run->figure_count; ++k) {
        if (isnan(g->figures[k])) continue;
        int j = 0;
        while (j < r->figure_count && strcmp(run->figure_names[k], r->figure_names[j]) != 0) ++j;
        if (j == r->figure_count)
            differ(c, "generation %lld, figure %s: stored %.17g, not in the replay",
                   (long long)g->gen, run->figure_names[k], g->figures[k]);
    }
    // The stored best genome (rank 0) of this generation, if any.
    while (c->genome_at < run->genome_count && run->genomes[c->genome_at].gen < g->gen)
        c->genome_at++;
    const alRunGenome *sg = NULL;
    if (c->genome_at < run->genome_count && run->genomes[c->genome_at].gen == g->gen &&
        run->genomes[c->genome_at].rank == 0)
        sg = &run->genomes[c->genome_at];
    size_t bytes = 0;
    const void *genome = s->cls->best_genome ? s->cls->best_genome(s->mod, &bytes) : NULL;
    if (!genome) bytes = 0;
    if (!sg && bytes > 0) {
        differ(c, "generation %lld, best genome: not stored, replayed %zu bytes", (long long)g->gen,
               bytes);
    } else if (sg && bytes == 0) {
        differ(c, "generation %lld, best genome: stored %zu bytes, none replayed",
               (long long)g->gen, sg->size);
    } else if (sg) {
        check_double(c, g->gen, "best genome's fitness", sg->fitness, r->best);
        if (sg->size != bytes) {
            differ(c, "generation %lld, best genome: stored %zu bytes, replayed %zu bytes",
                   (long long)g->gen, sg->size, bytes);
        } else if (memcmp(sg->bytes, genome, bytes) != 0) {
            size_t at = 0;
            const unsigned char *a = sg->bytes, *b = genome;
            while (a[at] == b[at]) ++at;
            differ(c, "generation %lld, best genome: byte %zu of %zu: stored 0x%02x, replayed "
                      "0x%02x",
                   (long long)g->gen, at, bytes, a[at], b[at]);
        }
    }
}

// Why run cannot be replayed (into why), or false when it can.
static bool refuse(const alRunData *run, char *why, size_t cap)
{
    const alRunInfo *info = &run->info;
    if (strcmp(info->version, ALIFE_VERSION) != 0) {
        snprintf(why, cap,
                 "run %lld was made by alife %s, this is alife %s: results may differ between "
                 "versions; replay it with alife %s",
                 (long long)info->id, info->version, ALIFE_VERSION, info->version);
        return true;
    }
    if (info->edit_count > 0) {
        snprintf(why, cap,
                 "run %lld was changed by hand in the window while it ran (%lld edit%s, the "
                 "first at %s): its results do not follow from its config",
                 (long long)info->id, (long long)info->edit_count,
                 info->edit_count == 1 ? "" : "s", info->first_edit ? info->first_edit : "?");
        return true;
    }
    if (run->gen_count == 0) {
        snprintf(why, cap, "run %lld has no generation stored (status %s): nothing to replay",
                 (long long)info->id, info->status);
        return true;
    }
    int64_t first = info->from_gen; // a continued run's generations start there
    if (first > 0 && info->from_run <= 0) { // db merge without its parent leaves from_run NULL
        snprintf(why, cap,
                 "run %lld continues another run from generation %lld, and that run is not in "
                 "this database (its parent was left out of a merge, or deleted): generations "
                 "before %lld are the parent's, so its start cannot be had",
                 (long long)info->id, (long long)first, (long long)first);
        return true;
    }
    for (int64_t i = 0; i < run->gen_count; ++i)
        if (run->gens[i].gen != first + i) {
            snprintf(why, cap,
                     "run %lld's stored generations are not %lld..%lld in order (row %lld is "
                     "generation %lld): the database was changed",
                     (long long)info->id, (long long)first, (long long)(first + run->gen_count - 1),
                     (long long)i, (long long)run->gens[i].gen);
            return true;
        }
    if (!alModule_Find(info->module)) {
        snprintf(why, cap, "run %lld is of module '%s', which is not part of this build",
                 (long long)info->id, info->module);
        return true;
    }
    return false;
}

// The stored config, resolved again; NULL with why filled when it does not
// read back as the values the run was made with (its params).
static alConfig *stored_config(const alRunData *run, const char *threads, char *why, size_t cap)
{
    const alRunInfo *info = &run->info;
    char name[64];
    snprintf(name, sizeof name, "(run %lld's stored config)", (long long)info->id);
    alConfigDef def = alDefaultConfigDef();
    def.path = name;
    def.text = info->config;
    def.module = info->module;
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) {
        snprintf(why, cap, "run %lld's stored config does not read back: %.900s", (long long)info->id,
                 err.msg);
        return NULL;
    }
    for (int i = 0; i < info->param_count; ++i) {
        const char *key = info->params[i].key, *want = info->params[i].value;
        const char *got = alConfig_Text(cfg, key);
        if (!got || strcmp(got, want) != 0) {
            snprintf(why, cap,
                     "run %lld's stored config does not read back as it was run: %s was '%.120s', "
                     "reads back as '%.120s'",
                     (long long)info->id, key, want, got ? got : "(unknown key)");
            alDestroyConfig(cfg);
            return NULL;
        }
    }
    if ((uint64_t)alConfig_Int(cfg, "run.seed") != info->seed) {
        snprintf(why, cap, "run %lld's stored config has seed %lld, the run row seed %llu",
                 (long long)info->id, (long long)alConfig_Int(cfg, "run.seed"),
                 (unsigned long long)info->seed);
        alDestroyConfig(cfg);
        return NULL;
    }
    if (threads) {
        char set[64];
        snprintf(set, sizeof set, "run.threads=%s", threads);
        if (alConfig_Set(cfg, set, &err) != AL_OK) {
            snprintf(why, cap, "%.900s", err.msg);
            alDestroyConfig(cfg);
            return NULL;
        }
    }
    return cfg;
}

int cmd_replay(int argc, char **argv)
{
    enum { O_DB = 1000, O_CHECK, O_THREADS };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"check", no_argument, 0, O_CHECK},
                                         {"threads", required_argument, 0, O_THREADS},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *threads = NULL;
    bool check = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB: db = optarg; break;
        case O_CHECK: check = true; break;
        case O_THREADS: threads = optarg; break;
        case 'h': help(); return 0;
        default: return cli_option_error("replay", argv, c);
        }
    }
    if (optind != argc - 1)
        return cli_usage_error("replay", optind >= argc ? "which run? e.g. alife replay 1 --check "
                                                          "(alife runs lists them)"
                                                        : "one run at a time");
    alRunData *run = NULL;
    int rc = db_cli_load_run("replay", db, argv[optind], true, &run);
    if (rc != 0) return rc;

    char why[1024];
    alConfig *cfg = NULL;
    if (refuse(run, why, sizeof why) || !(cfg = stored_config(run, threads, why, sizeof why))) {
        fprintf(stderr, "alife replay: cannot replay: %s\n", why);
        alDestroyRunData(run);
        return 2;
    }
    const alRunInfo *info = &run->info;
    // A finished run is replayed to its own end; any other up to its last
    // stored generation (what came after was never stored), and so is a
    // steering run closed in the window (finished, stop reason "closed":
    // its end was the user's, not a limit the replay would reach).
    bool to_end = strcmp(info->status, "finished") == 0 &&
                  !(info->stop_reason && strcmp(info->stop_reason, "closed") == 0);
    alError err = {0};
    al_session s;
    if (al_session_open(&s, cfg, NULL, NULL, &err) != AL_OK) {
        fprintf(stderr, "alife replay: cannot replay: run %lld: %s\n", (long long)info->id,
                err.msg);
        alDestroyRunData(run);
        return 2;
    }
    al_session_catch_signals();
    int64_t first = info->from_gen;
    checker ck = {.run = run};
    if (info->from_run > 0) { // continued from another run: start where the window did
        char ref[32], how[96];
        snprintf(ref, sizeof ref, "%lld", (long long)info->from_run);
        alRunData *parent = NULL;
        alResult r = db_cli_read_run(db, ref, true, &parent, NULL, 0, &err);
        if (r == AL_ERR_NOTFOUND) { // deleted: the start is missing, not different
            fprintf(stderr,
                    "alife replay: cannot replay: run %lld continues run %lld from generation "
                    "%lld, and run %lld is not in %s (deleted, or left out of a merge): "
                    "generations before %lld are its, so the start cannot be had\n",
                    (long long)info->id, (long long)info->from_run, (long long)first,
                    (long long)info->from_run, db, (long long)first);
            al_session_close(&s, "interrupted");
            alDestroyRunData(run);
            return 2;
        }
        if (r == AL_OK) r = al_from_reach(&s, parent, first, how, sizeof how, &err);
        alDestroyRunData(parent);
        if (r != AL_OK) {
            fprintf(stderr,
                    "alife replay: cannot replay: run %lld continues run %lld from "
                    "generation %lld, and its start cannot be had: %s\n",
                    (long long)info->id, (long long)info->from_run, (long long)first, err.msg);
            al_session_close(&s, "interrupted");
            alDestroyRunData(run);
            return r == AL_ERR_INTERRUPTED ? 1 : 2;
        }
        if (check)
            printf("run %lld continues run %lld from generation %lld: started %s\n",
                   (long long)info->id, (long long)info->from_run, (long long)first, how);
    }
    int64_t stored = first + run->gen_count; // the generation after the last stored one
    // A GUI run may go on past run.generations (E: no limit, a jump past the
    // limit; steering never stops in the window): that changes no
    // generation, so the replay goes as far as the stored run did.
    if (s.max_gens < stored) s.max_gens = stored;
    bool interrupted = false;
    while (!al_session_done(&s) && (to_end || s.gens < stored)) {
        if (al_session_stop) {
            interrupted = true;
            break;
        }
        int r = al_session_advance(&s, AL_SESSION_RUN_TICKS, NULL, &err);
        if (r == 1 && check && s.gens > first && s.gens <= stored) check_generation(&ck, &s, s.gens - 1 - first);
        if (check && ck.differ) break;
        // Past the stored run's end: one generation more is enough to say so.
        if (s.gens > stored) break;
    }
    if (interrupted) {
        char done[48];
        fprintf(stderr, "alife replay: stopped by signal %d after %s\n", (int)al_session_stop,
                alCounted(done, sizeof done, s.gens, "generation", NULL));
        al_session_close(&s, "interrupted");
        alDestroyRunData(run);
        return 1;
    }
    if (check && !ck.differ) {
        if (s.gens < stored)
            differ(&ck, "generation %lld: the replay stopped (%s) after %lld generations, the stored "
                        "run has %lld",
                   (long long)s.gens, al_session_stop_reason(&s, "finished"), (long long)s.gens,
                   (long long)stored);
        else if (s.gens > stored)
            differ(&ck, "generation %lld: the stored run stopped after %lld generations (%s), the "
                        "replay goes on",
                   (long long)stored, (long long)stored,
                   info->stop_reason ? info->stop_reason : "reason not stored");
        // "target" and "limit_again" are the window's own ends past the limit
        // (J or Shift+N; E bringing it back): the replay, which has no window,
        // stops there by the stored count (equal here), so that end is the same end.
        else if (to_end && info->stop_reason && strcmp(info->stop_reason, "target") != 0 &&
                 strcmp(info->stop_reason, "limit_again") != 0 &&
                 strcmp(info->stop_reason, al_session_stop_reason(&s, "finished")) != 0)
            differ(&ck, "stop reason: stored %s, replayed %s", info->stop_reason,
                   al_session_stop_reason(&s, "finished"));
    }
    if (check) {
        if (ck.differ) printf("different: run %lld: %s\n", (long long)info->id, ck.first);
        else
            printf("identical: run %lld (%s, seed %llu), %lld generation%s replayed bit for bit "
                   "(statistics, figures, best genomes)%s\n",
                   (long long)info->id, info->module, (unsigned long long)info->seed,
                   (long long)run->gen_count, run->gen_count == 1 ? "" : "s",
                   to_end ? ", stopping where the stored run stopped"
                          : ", up to the last stored generation");
    } else {
        char desc[256] = "";
        if (s.have_last && s.cls->describe) s.cls->describe(s.mod, desc, sizeof desc);
        const char *stop = al_session_stop_reason(&s, "finished");
        char gens[48], ticks[48];
        printf("replayed run %lld (%s, seed %llu): %s, %s", (long long)info->id, info->module,
               (unsigned long long)info->seed, alCounted(gens, sizeof gens, s.gens, "generation", NULL),
               alCounted(ticks, sizeof ticks, s.ticks, "tick", NULL));
        if (s.have_last) printf(", last best %.6g mean %.6g", s.last.best, s.last.mean);
        if (!to_end) printf(", stopped at the last stored generation");
        else if (stop) printf(", stopped: %s", stop);
        printf("\n");
        if (desc[0]) printf("%s\n", desc);
    }
    al_session_close(&s, "finished");
    alDestroyRunData(run);
    return check && ck.differ ? 1 : 0;
}
