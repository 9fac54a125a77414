// alife runs: lists the runs of the run database.
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "alife/module.h"
#include "cli.h"
#include "db_cli.h"
#include "name_cut.h"

static void runs_help(void)
{
    printf("usage: alife runs [--db PATH] [--module M] [--json]\n"
           "\n"
           "Lists the runs in the run database, oldest first: id, module, name, seed,\n"
           "status, generations logged, best (the run's best: the best fitness of all\n"
           "its generations, for estrings the lowest error), mean of the last\n"
           "generation, start time (UTC). Names are printed whole; a terminal too\n"
           "narrow for the table cuts a long one in the middle (its end kept). A run\n"
           "whose process died without ending it (kill -9, crash) is shown as\n"
           "interrupted. A run closed in the window with no end there (steering;\n"
           "evolving on past its limit) is finished, its stop reason 'closed'; a\n"
           "window stopped by SIGINT or SIGTERM leaves it interrupted.\n"
           "\n"
           "options:\n"
           "      --db PATH    run database (default " AL_DEFAULT_DB ")\n"
           "  -m, --module M   only runs of module M (steering, estrings, ants, xor, pole)\n"
           "      --json       print a JSON array of run objects: id, uuid, module, name,\n"
           "                   seed, status, stale (true when shown interrupted because\n"
           "                   its process is gone), started, finished, version, host,\n"
           "                   pid, generation_count, run_best (the run's best),\n"
           "                   last_best and last_mean (its last generation's), params\n"
           "  -h, --help       this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

// Names are printed whole (a pipe, a file, a terminal wide enough): the
// table cut them at 24 characters, "gui-steering-pursuit_..." (trial, issue
// 10). Only a terminal too narrow for the table cuts them, in the middle,
// keeping the distinguishing end (name_cut.h), 28 characters at least
// (the table without names is 96 wide: an 80-column terminal wraps it anyway).
static void print_runs_table(const alRunList *list)
{
    int n = alRunList_Count(list);
    int wname = 4, wmod = 6;
    for (int i = 0; i < n; ++i) {
        const alRunInfo *r = alRunList_Get(list, i);
        int ln = al_name_chars(r->name), lm = (int)strlen(r->module);
        if (ln > wname) wname = ln;
        if (lm > wmod) wmod = lm;
    }
    // id, module, name, seed, status, gens, best, mean: the line without the start time (16)
    int cols = db_cli_terminal_columns();
    int line = 5 + 2 + wmod + 2 + wname + 2 + 10 + 2 + 11 + 2 + 6 + 2 + 12 + 2 + 12 + 2 + 16;
    if (cols > 0 && line > cols) wname = wname - (line - cols) < 28 ? 28 : wname - (line - cols);
    printf("%5s  %-*s  %-*s  %10s  %-11s  %6s  %12s  %12s  %s\n", "id", wmod, "module", wname,
           "name", "seed", "status", "gens", "best", "mean", "started (UTC)");
    for (int i = 0; i < n; ++i) {
        const alRunInfo *r = alRunList_Get(list, i);
        char best[32], mean[32], when[40], text[1024], name[1024], module[64];
        al_name_cut(name, sizeof name, db_cli_text(text, sizeof text, r->name), wname);
        // padded by characters, not bytes (a UTF-8 name)
        int pad = wname - al_name_chars(name);
        printf("%5lld  %-*s  %s%*s  %10llu  %-11s  %6lld  %12s  %12s  %s\n", (long long)r->id, wmod,
               db_cli_text(module, sizeof module, r->module), name, pad > 0 ? pad : 0, "",
               (unsigned long long)r->seed, r->status, (long long)r->generation_count,
               db_cli_num(best, sizeof best, db_cli_run_best(r)),
               db_cli_num(mean, sizeof mean, r->last_mean),
               db_cli_short_time(when, sizeof when, r->started));
    }
}

int cmd_runs(int argc, char **argv)
{
    enum { O_DB = 1000, O_JSON };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"module", required_argument, 0, 'm'},
                                         {"json", no_argument, 0, O_JSON},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *module = NULL;
    bool json = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":m:h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB:
            db = optarg;
            break;
        case 'm':
            module = optarg;
            break;
        case O_JSON:
            json = true;
            break;
        case 'h':
            runs_help();
            return 0;
        default:
            return cli_option_error("runs", argv, c);
        }
    }
    if (optind != argc) return cli_usage_error("runs", "unexpected argument '%s'", argv[optind]);
    alRunLog *log;
    int status = db_cli_open("runs", db, &log);
    if (status) return status;
    alError err = {0};
    alRunList *list;
    if (alRunLog_ListRuns(log, module, &list, &err) != AL_OK) {
        alRunLog_Close(log);
        return db_cli_fail("runs", &err);
    }
    // A typo, not "no foo runs" (a database merged from another version may
    // hold runs of a module this one lacks: those are still listed).
    if (module && alRunList_Count(list) == 0 && !alModule_Find(module)) {
        alDestroyRunList(list);
        alRunLog_Close(log);
        return cli_usage_error("runs", "unknown module '%s' (allowed: steering, estrings, ants, xor, pole)", module);
    }
    if (json) {
        fputc('[', stdout);
        for (int i = 0; i < alRunList_Count(list); ++i) {
            fputs(i ? ",\n{" : "\n{", stdout);
            db_cli_json_run_fields(stdout, alRunList_Get(list, i));
            fputc('}', stdout);
        }
        fputs("\n]\n", stdout);
    } else if (alRunList_Count(list) == 0) {
        if (module)
            printf("no %s runs in %s\n", module, db);
        else
            printf("no runs in %s\n", db);
    } else {
        print_runs_table(list);
    }
    alDestroyRunList(list);
    alRunLog_Close(log);
    return 0;
}
