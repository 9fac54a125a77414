// alife show: one run of the run database, its fields, params and generations.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/config.h"
#include "cli.h"
#include "db_cli.h"
#include "json_out.h"
#include "stop_words.h"

static void show_help(void)
{
    printf("usage: alife show RUN [--db PATH] [--json | --config] [--all] [--all-params]\n"
           "\n"
           "Shows one run: its fields, its parameters (the resolved config, key by\n"
           "key) and its generations with the module's own figures. RUN is the run's\n"
           "number from 'alife runs' or a prefix of its uuid (at least 4 hex digits).\n"
           "\n"
           "options:\n"
           "      --db PATH   run database (default " AL_DEFAULT_DB ")\n"
           "      --json      print one JSON object: the run's fields, \"params\",\n"
           "                  \"config\", \"figure_names\" and \"generations\" (one object\n"
           "                  per generation: gen, best, mean, worst, stddev, the module\n"
           "                  figures by name, evaluations, ticks, wall_s; a figure\n"
           "                  named like one of those is given as figure_NAME)\n"
           "      --config    print only the run's resolved config as INI, to replay it:\n"
           "                  alife show 3 --config > again.ini && alife run again.ini\n"
           "  -a, --all       print every generation (default: at most about 40 rows,\n"
           "                  evenly spaced, always the first and the last)\n"
           "      --all-params  list every stored param (default: only those the run\n"
           "                  read, its module's and its algorithm's; a config stores\n"
           "                  every key of the module, [ga] in a CMA-ES run too)\n"
           "  -h, --help      this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static void show_json(const alRunData *run)
{
    char key[128];
    fputc('{', stdout);
    db_cli_json_run_fields(stdout, &run->info);
    int first = 0;
    json_field_string(stdout, "config", run->info.config, &first);
    json_key(stdout, "figure_names", &first);
    fputc('[', stdout);
    for (int k = 0; k < run->figure_count; ++k) {
        if (k) fputc(',', stdout);
        json_string(stdout, db_cli_figure_key(key, sizeof key, run->figure_names[k]));
    }
    fputs("],\n\"generations\":[", stdout);
    for (int64_t i = 0; i < run->gen_count; ++i) {
        const alRunGen *g = &run->gens[i];
        fputs(i ? ",\n{" : "\n{", stdout);
        int gf = 1;
        json_field_int(stdout, "gen", g->gen, &gf);
        const char *names[] = {"best", "mean", "worst", "stddev"};
        const double vals[] = {g->best, g->mean, g->worst, g->stddev};
        for (int k = 0; k < 4; ++k) {
            json_field_number(stdout, names[k], vals[k], &gf);
        }
        for (int k = 0; k < run->figure_count; ++k) {
            json_field_number(stdout, db_cli_figure_key(key, sizeof key, run->figure_names[k]),
                              g->figures[k], &gf);
        }
        json_field_int(stdout, "evaluations", g->evaluations, &gf);
        json_field_int(stdout, "ticks", g->ticks, &gf);
        json_field_number(stdout, "wall_s", g->wall_s, &gf);
        fputc('}', stdout);
    }
    fputs("\n]}\n", stdout);
}

// A stored param the run did not read: a key of another algorithm's part
// (every key of the module is stored, so replay reads the same config).
static bool param_hidden(const alRunInfo *r, const char *key, const char *algorithm)
{
    const alKeyDef *k = alSchema_Find(key);
    return k && !alSchema_KeyInRun(k, r->module, algorithm);
}

// Whether value is what a fresh config of the module holds for key (its
// schema default or the module's own default); defaults NULL: unknown.
static bool param_at_default(const alConfig *defaults, const char *key, const char *value)
{
    const char *d = defaults ? alConfig_Text(defaults, key) : NULL;
    return !d || strcmp(d, value) == 0;
}

// A stored param's value, or NULL.
static const char *param_of(const alRunInfo *r, const char *key)
{
    for (int i = 0; i < r->param_count; ++i)
        if (strcmp(r->params[i].key, key) == 0) return r->params[i].value;
    return NULL;
}

// The params the run read, then one line counting the ones it did not.
static void show_params(const alRunInfo *r, bool all_params)
{
    char t1[256], t2[256], sections[128] = "";
    const char *algorithm = param_of(r, "run.algorithm");
    int hidden = 0, set = 0;
    alConfigDef def = alDefaultConfigDef();
    def.module = r->module;
    alConfig *defaults;
    alCreateConfig(&def, &defaults, &(alError){0});
    for (int i = 0; i < r->param_count; ++i) {
        const char *key = r->params[i].key, *value = r->params[i].value;
        if (!all_params && param_hidden(r, key, algorithm)) {
            char sec[72];
            snprintf(sec, sizeof sec, "[%.*s]", (int)strcspn(key, "."), key);
            if (!strstr(sections, sec) && strlen(sections) + strlen(sec) + 3 < sizeof sections)
                snprintf(sections + strlen(sections), sizeof sections - strlen(sections), "%s%s",
                         sections[0] ? ", " : "", sec);
            hidden++;
            set += !param_at_default(defaults, key, value);
            continue;
        }
        // run.name left unset: the run is named after its config file (as
        // `alife runs` shows it), so say that name rather than nothing.
        if (strcmp(key, "run.name") == 0 && !value[0] && r->name[0]) {
            printf("  run.name = %s   (not set: the config file's name)\n",
                   db_cli_text(t2, sizeof t2, r->name));
            continue;
        }
        printf("  %s = %s\n", db_cli_text(t1, sizeof t1, key), db_cli_text(t2, sizeof t2, value));
    }
    alDestroyConfig(defaults);
    if (!hidden) return;
    printf("  (%d stored param%s of %s hidden", hidden, hidden == 1 ? "" : "s", sections);
    if (set) printf(", %d of them not at %s default", set, set == 1 ? "its" : "their");
    printf(": run.algorithm = %s does not read them; --all-params shows them)\n",
           db_cli_text(t1, sizeof t1, algorithm ? algorithm : alSchema_Find("run.algorithm")->def));
}

static void show_text(const alRunData *run, bool all, bool all_params)
{
    const alRunInfo *r = &run->info;
    char a[40], b[40], t1[256], t2[256];
    printf("run %lld: %s (module %s, seed %llu)\n", (long long)r->id,
           r->name[0] ? db_cli_text(t1, sizeof t1, r->name) : "-",
           db_cli_text(t2, sizeof t2, r->module), (unsigned long long)r->seed);
    printf("  uuid      %s\n", r->uuid);
    printf("  status    %s%s\n", r->status,
           r->stale ? " (its process is gone; the row still says running)" : "");
    if (r->stop_reason && strcmp(r->stop_reason, "closed") == 0 && strcmp(r->module, "steering") == 0)
        // A steering run in the window: it has no end there, so it is
        // finished however few report periods it did (never "12 of 60").
        printf("  stopped   closed in the window after %lld report period%s (steering has no end "
               "there: run.generations is no limit)\n",
               (long long)r->generation_count, r->generation_count == 1 ? "" : "s");
    else if (r->stop_reason && strcmp(r->stop_reason, "closed") == 0)
        // An evolving run the window took past its limit (E, J) or ran
        // without one: its end was the user's.
        printf("  stopped   closed in the window after %lld generation%s (evolved on past "
               "run.generations, or without a limit)\n",
               (long long)r->generation_count, r->generation_count == 1 ? "" : "s");
    else if (r->stop_reason) { // in plain words (it printed the stored word: "stopped   generations")
        const char *limit = param_of(r, "run.generations");
        char words[256];
        al_stop_words(r->stop_reason, r->module, param_of(r, "run.algorithm"),
                      (long long)(r->from_gen + r->generation_count), limit ? atoll(limit) : -1, words, sizeof words);
        printf("  stopped   %s\n", db_cli_text(t1, sizeof t1, words));
    }
    if (r->edit_count > 0)
        printf("  edited    by hand in the window, %lld time%s, first at %s (not reproducible "
               "from its config: compare leaves it out, replay refuses it)\n",
               (long long)r->edit_count, r->edit_count == 1 ? "" : "s",
               r->first_edit ? db_cli_text(t1, sizeof t1, r->first_edit) : "?");
    if (r->from_run > 0)
        printf(
            "  continues run %lld from generation %lld (alife gui --from %lld:%lld): generations "
            "before %lld are run %lld's\n",
            (long long)r->from_run, (long long)r->from_gen, (long long)r->from_run,
            (long long)r->from_gen, (long long)r->from_gen, (long long)r->from_run);
    else if (r->from_gen > 0) // its parent was left out of a merge: from_run is NULL
        printf("  continues from generation %lld another run, not in this database: generations "
               "before %lld are that run's (replay refuses it)\n",
               (long long)r->from_gen, (long long)r->from_gen);
    printf("  started   %s UTC\n", db_cli_short_time(a, sizeof a, r->started));
    if (r->finished) printf("  finished  %s UTC\n", db_cli_short_time(b, sizeof b, r->finished));
    printf("  version   %s   host %s   pid %lld\n", db_cli_text(t1, sizeof t1, r->version),
           r->host[0] ? db_cli_text(t2, sizeof t2, r->host) : "-", (long long)r->pid);
    printf("  %ss %lld", al_period_noun(r->module), (long long)r->generation_count); // steering: report periods
    if (r->has_last)
        printf(", best %s, last best %s mean %s", db_cli_num(t1, sizeof t1, db_cli_run_best(r)),
               db_cli_num(a, sizeof a, r->last_best), db_cli_num(b, sizeof b, r->last_mean));
    printf("\n\nparams:\n");
    show_params(r, all_params);
    if (run->gen_count == 0) {
        printf("\nno generations logged\n");
        return;
    }
    int64_t step = 1;
    if (!all && run->gen_count > 40) step = (run->gen_count + 39) / 40;
    printf("\ngenerations%s:\n",
           step > 1 ? " (every so often; --all or alife export for all)" : "");
    printf("%7s %12s %12s %12s %12s %11s %11s %9s", "gen", "best", "mean", "worst", "stddev",
           "evals", "ticks", "wall_s");
    for (int k = 0; k < run->figure_count; ++k) {
        int w = (int)strlen(run->figure_names[k]);
        printf(" %*s", w > 12 ? w : 12, run->figure_names[k]);
    }
    printf("\n");
    for (int64_t i = 0; i < run->gen_count; ++i) {
        if (i % step != 0 && i != run->gen_count - 1) continue;
        const alRunGen *g = &run->gens[i];
        char c1[32], c2[32], c3[32], c4[32], c5[32];
        printf("%7lld %12s %12s %12s %12s %11lld %11lld %9s", (long long)g->gen,
               db_cli_num(c1, sizeof c1, g->best), db_cli_num(c2, sizeof c2, g->mean),
               db_cli_num(c3, sizeof c3, g->worst), db_cli_num(c4, sizeof c4, g->stddev),
               (long long)g->evaluations, (long long)g->ticks,
               db_cli_num(c5, sizeof c5, g->wall_s));
        for (int k = 0; k < run->figure_count; ++k) {
            int w = (int)strlen(run->figure_names[k]);
            printf(" %*s", w > 12 ? w : 12, db_cli_num(c1, sizeof c1, g->figures[k]));
        }
        printf("\n");
    }
}

int cmd_show(int argc, char **argv)
{
    enum { O_DB = 1000, O_JSON, O_CONFIG, O_ALL_PARAMS };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"json", no_argument, 0, O_JSON},
                                         {"config", no_argument, 0, O_CONFIG},
                                         {"all", no_argument, 0, 'a'},
                                         {"all-params", no_argument, 0, O_ALL_PARAMS},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB;
    bool json = false, config = false, all = false, all_params = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":ah", opts, NULL)) != -1) {
        switch (c) {
        case O_DB:
            db = optarg;
            break;
        case O_JSON:
            json = true;
            break;
        case O_CONFIG:
            config = true;
            break;
        case 'a':
            all = true;
            break;
        case O_ALL_PARAMS:
            all_params = true;
            break;
        case 'h':
            show_help();
            return 0;
        default:
            return cli_option_error("show", argv, c);
        }
    }
    if (optind >= argc) return cli_usage_error("show", "which run? e.g. alife show 1");
    if (optind != argc - 1) return cli_usage_error("show", "one run only (see alife compare)");
    alRunData *run;
    int status = db_cli_load_run("show", db, argv[optind], false, &run);
    if (status) return status;
    if (json && config) {
        alDestroyRunData(run);
        return cli_usage_error("show", "--json and --config exclude each other");
    }
    if (json)
        show_json(run);
    else if (config)
        fputs(run->info.config, stdout);
    else
        show_text(run, all, all_params);
    alDestroyRunData(run);
    return 0;
}
