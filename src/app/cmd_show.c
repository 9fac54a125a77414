// alife runs / show / export: the commands that read the run database.
// (alife compare is in cmd_compare.c.)
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain_file.h"
#include "cli.h"
#include "db_cli.h"
#include "json_out.h"
#include "options.h"
#include "out_file.h"

// ---- shared ------------------------------------------------------------------

int db_cli_fail(const char *cmd, const alError *err)
{
    fprintf(stderr, "alife %s: %s\n", cmd, err->msg);
    return alResult_ExitCode(err->code);
}

int db_cli_open(const char *cmd, const char *path, alRunLog **log)
{
    alError err = {0};
    if (alRunLog_OpenReadOnly(path, log, &err) == AL_OK) {
        if (alRunLog_Warning(*log)[0])
            fprintf(stderr, "alife %s: warning: %s\n", cmd, alRunLog_Warning(*log));
        return 0;
    }
    if (err.code == AL_ERR_NOTFOUND && strcmp(path, AL_DEFAULT_DB) == 0)
        snprintf(err.msg + strlen(err.msg), sizeof err.msg - strlen(err.msg),
                 "; run an experiment first (alife run CONFIG) or give --db PATH");
    return db_cli_fail(cmd, &err);
}

int db_cli_load(const char *cmd, alRunLog *log, const char *ref, bool genomes, alRunData **run)
{
    alError err = {0};
    int64_t id;
    if (alRunLog_FindRun(log, ref, &id, &err) != AL_OK ||
        alRunLog_LoadRun(log, id, genomes, run, &err) != AL_OK)
        return db_cli_fail(cmd, &err);
    return 0;
}

int db_cli_finish(const char *cmd)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    fprintf(stderr, "alife %s: cannot write the output: %s\n", cmd, strerror(errno));
    return 1;
}

bool db_cli_write_file(const char *path, bool (*emit)(FILE *f, const void *ctx), const void *ctx)
{
    if (strcmp(path, "-") == 0) return emit(stdout, ctx) && fflush(stdout) == 0;
    al_out_file o;
    if (!al_out_open(&o, path, "w")) return false;
    return al_out_close(&o, emit(o.f, ctx));
}

const char *db_cli_text(char *buf, size_t cap, const char *s)
{
    snprintf(buf, cap, "%s", s ? s : "");
    for (unsigned char *p = (unsigned char *)buf; *p; ++p)
        if (*p < 0x20 || *p == 0x7f) *p = '?';
    return buf;
}

const char *db_cli_num(char *buf, size_t cap, double v)
{
    if (isnan(v))
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%.6g", v);
    return buf;
}

void db_cli_json_run_fields(FILE *out, const alRunInfo *r)
{
    int first = 1;
    json_key(out, "id", &first);
    fprintf(out, "%lld", (long long)r->id);
    json_key(out, "uuid", &first);
    json_string(out, r->uuid);
    json_key(out, "module", &first);
    json_string(out, r->module);
    json_key(out, "name", &first);
    json_string(out, r->name);
    json_key(out, "seed", &first);
    fprintf(out, "%llu", (unsigned long long)r->seed);
    json_key(out, "status", &first);
    json_string(out, r->status);
    json_key(out, "stale", &first);
    fputs(r->stale ? "true" : "false", out);
    json_key(out, "started", &first);
    json_string(out, r->started);
    json_key(out, "finished", &first);
    json_string(out, r->finished);
    json_key(out, "version", &first);
    json_string(out, r->version);
    json_key(out, "host", &first);
    json_string(out, r->host);
    json_key(out, "pid", &first);
    fprintf(out, "%lld", (long long)r->pid);
    json_key(out, "generation_count", &first);
    fprintf(out, "%lld", (long long)r->generation_count);
    json_key(out, "last_best", &first);
    json_number(out, r->last_best);
    json_key(out, "last_mean", &first);
    json_number(out, r->last_mean);
    json_key(out, "stop_reason", &first);
    json_string(out, r->stop_reason);
    json_key(out, "edit_count", &first);
    fprintf(out, "%lld", (long long)r->edit_count);
    json_key(out, "first_edit", &first);
    json_string(out, r->first_edit);
    json_key(out, "params", &first);
    fputc('{', out);
    int pfirst = 1;
    for (int i = 0; i < r->param_count; ++i) {
        json_key(out, r->params[i].key, &pfirst);
        json_string(out, r->params[i].value);
    }
    fputc('}', out);
}

// The key of a module figure in JSON and CSV: its name, or "figure_NAME" if
// the name is one of the fixed columns (a figure called "best" must not
// shadow the real best).
static const char *figure_key(char *buf, size_t cap, const char *name)
{
    static const char *const fixed[] = {"gen",    "best",  "mean",   "worst",
                                        "stddev", "ticks", "wall_s", "evaluations"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i)
        if (strcmp(name, fixed[i]) == 0) {
            snprintf(buf, cap, "figure_%s", name);
            return buf;
        }
    return name;
}

// "2026-11-30T07:26:11Z" -> "2026-11-30 07:26:11" for tables.
static const char *short_time(char *buf, size_t cap, const char *iso)
{
    snprintf(buf, cap, "%s", iso ? iso : "-");
    char *t = strchr(buf, 'T');
    if (t) *t = ' ';
    size_t n = strlen(buf);
    if (n && buf[n - 1] == 'Z') buf[n - 1] = '\0';
    return buf;
}

// ---- alife runs ----------------------------------------------------------------

static void runs_help(void)
{
    printf("usage: alife runs [--db PATH] [--module M] [--json]\n"
           "\n"
           "Lists the runs in the run database, oldest first: id, module, name, seed,\n"
           "status, generations logged, best and mean of the last generation, start\n"
           "time (UTC). A run whose process died without ending it (kill -9, crash)\n"
           "is shown as interrupted.\n"
           "\n"
           "options:\n"
           "      --db PATH    run database (default " AL_DEFAULT_DB ")\n"
           "  -m, --module M   only runs of module M (steering, estrings, ants, xor, pole)\n"
           "      --json       print a JSON array of run objects: id, uuid, module, name,\n"
           "                   seed, status, stale (true when shown interrupted because\n"
           "                   its process is gone), started, finished, version, host,\n"
           "                   pid, generation_count, last_best, last_mean, params\n"
           "  -h, --help       this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static void print_runs_table(const alRunList *list)
{
    int n = alRunList_Count(list);
    int wname = 4, wmod = 6;
    for (int i = 0; i < n; ++i) {
        const alRunInfo *r = alRunList_Get(list, i);
        int ln = (int)strlen(r->name), lm = (int)strlen(r->module);
        if (ln > wname) wname = ln;
        if (lm > wmod) wmod = lm;
    }
    if (wname > 24) wname = 24;
    printf("%5s  %-*s  %-*s  %10s  %-11s  %6s  %12s  %12s  %s\n", "id", wmod, "module", wname,
           "name", "seed", "status", "gens", "best", "mean", "started (UTC)");
    for (int i = 0; i < n; ++i) {
        const alRunInfo *r = alRunList_Get(list, i);
        char best[32], mean[32], when[40], name[32], module[64];
        db_cli_text(name, sizeof name, r->name);
        if ((int)strlen(r->name) > wname) memcpy(name + wname - 3, "...", 4);
        printf(
            "%5lld  %-*s  %-*s  %10llu  %-11s  %6lld  %12s  %12s  %s\n", (long long)r->id, wmod,
            db_cli_text(module, sizeof module, r->module), wname, name, (unsigned long long)r->seed,
            r->status, (long long)r->generation_count, db_cli_num(best, sizeof best, r->last_best),
            db_cli_num(mean, sizeof mean, r->last_mean), short_time(when, sizeof when, r->started));
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
    while ((c = getopt_long(argc, argv, "m:h", opts, NULL)) != -1) {
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
            return cli_usage_error("runs", "bad option");
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
    return db_cli_finish("runs");
}

// ---- alife show ----------------------------------------------------------------

static void show_help(void)
{
    printf("usage: alife show RUN [--db PATH] [--json | --config] [--all]\n"
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
           "  -h, --help      this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static void show_json(const alRunData *run)
{
    char key[128];
    fputc('{', stdout);
    db_cli_json_run_fields(stdout, &run->info);
    int first = 0;
    json_key(stdout, "config", &first);
    json_string(stdout, run->info.config);
    json_key(stdout, "figure_names", &first);
    fputc('[', stdout);
    for (int k = 0; k < run->figure_count; ++k) {
        if (k) fputc(',', stdout);
        json_string(stdout, figure_key(key, sizeof key, run->figure_names[k]));
    }
    fputs("],\n\"generations\":[", stdout);
    for (int64_t i = 0; i < run->gen_count; ++i) {
        const alRunGen *g = &run->gens[i];
        fputs(i ? ",\n{" : "\n{", stdout);
        int gf = 1;
        json_key(stdout, "gen", &gf);
        fprintf(stdout, "%lld", (long long)g->gen);
        const char *names[] = {"best", "mean", "worst", "stddev"};
        const double vals[] = {g->best, g->mean, g->worst, g->stddev};
        for (int k = 0; k < 4; ++k) {
            json_key(stdout, names[k], &gf);
            json_number(stdout, vals[k]);
        }
        for (int k = 0; k < run->figure_count; ++k) {
            json_key(stdout, figure_key(key, sizeof key, run->figure_names[k]), &gf);
            json_number(stdout, g->figures[k]);
        }
        json_key(stdout, "evaluations", &gf);
        fprintf(stdout, "%lld", (long long)g->evaluations);
        json_key(stdout, "ticks", &gf);
        fprintf(stdout, "%lld", (long long)g->ticks);
        json_key(stdout, "wall_s", &gf);
        json_number(stdout, g->wall_s);
        fputc('}', stdout);
    }
    fputs("\n]}\n", stdout);
}

static void show_text(const alRunData *run, bool all)
{
    const alRunInfo *r = &run->info;
    char a[40], b[40], t1[256], t2[256];
    printf("run %lld: %s (module %s, seed %llu)\n", (long long)r->id,
           r->name[0] ? db_cli_text(t1, sizeof t1, r->name) : "-",
           db_cli_text(t2, sizeof t2, r->module), (unsigned long long)r->seed);
    printf("  uuid      %s\n", r->uuid);
    printf("  status    %s%s\n", r->status,
           r->stale ? " (its process is gone; the row still says running)" : "");
    if (r->stop_reason) printf("  stopped   %s\n", db_cli_text(t1, sizeof t1, r->stop_reason));
    if (r->edit_count > 0)
        printf("  edited    by hand in the window, %lld time%s, first at %s (not reproducible "
               "from its config: compare leaves it out, replay refuses it)\n",
               (long long)r->edit_count, r->edit_count == 1 ? "" : "s",
               r->first_edit ? db_cli_text(t1, sizeof t1, r->first_edit) : "?");
    printf("  started   %s UTC\n", short_time(a, sizeof a, r->started));
    if (r->finished) printf("  finished  %s UTC\n", short_time(b, sizeof b, r->finished));
    printf("  version   %s   host %s   pid %lld\n", db_cli_text(t1, sizeof t1, r->version),
           r->host[0] ? db_cli_text(t2, sizeof t2, r->host) : "-", (long long)r->pid);
    printf("  generations %lld", (long long)r->generation_count);
    if (r->has_last)
        printf(", last best %s mean %s", db_cli_num(a, sizeof a, r->last_best),
               db_cli_num(b, sizeof b, r->last_mean));
    printf("\n\nparams:\n");
    for (int i = 0; i < r->param_count; ++i) {
        const char *key = r->params[i].key, *value = r->params[i].value;
        // run.name left unset: the run is named after its config file (as
        // `alife runs` shows it), so say that name rather than nothing.
        if (strcmp(key, "run.name") == 0 && !value[0] && r->name[0]) {
            printf("  run.name = %s   (not set: the config file's name)\n",
                   db_cli_text(t2, sizeof t2, r->name));
            continue;
        }
        printf("  %s = %s\n", db_cli_text(t1, sizeof t1, key), db_cli_text(t2, sizeof t2, value));
    }
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
    enum { O_DB = 1000, O_JSON, O_CONFIG };
    static const struct option opts[] = {
        {"db", required_argument, 0, O_DB},   {"json", no_argument, 0, O_JSON},
        {"config", no_argument, 0, O_CONFIG}, {"all", no_argument, 0, 'a'},
        {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB;
    bool json = false, config = false, all = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "ah", opts, NULL)) != -1) {
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
        case 'h':
            show_help();
            return 0;
        default:
            return cli_usage_error("show", "bad option");
        }
    }
    if (optind >= argc) return cli_usage_error("show", "which run? e.g. alife show 1");
    if (optind != argc - 1) return cli_usage_error("show", "one run only (see alife compare)");
    if (json && config) return cli_usage_error("show", "--json and --config exclude each other");
    alRunLog *log;
    int status = db_cli_open("show", db, &log);
    if (status) return status;
    alRunData *run;
    status = db_cli_load("show", log, argv[optind], false, &run);
    alRunLog_Close(log);
    if (status) return status;
    if (json)
        show_json(run);
    else if (config)
        fputs(run->info.config, stdout);
    else
        show_text(run, all);
    alDestroyRunData(run);
    return db_cli_finish("show");
}

// ---- alife export --------------------------------------------------------------

static void export_help(void)
{
    printf("usage: alife export RUN --csv FILE [--db PATH]\n"
           "       alife export RUN --genome GEN --out FILE [--db PATH]\n"
           "\n"
           "With --genome: writes the best ant of stored generation GEN (-1: the last)\n"
           "as a brain file that 'alife gui --brain FILE' replays exactly.\n"
           "\n"
           "Writes one run's generations as CSV (RFC 4180), one row per generation:\n"
           "  gen,best,mean,worst,stddev,evaluations,ticks,wall_s,<module figures...>\n"
           "Numbers read back exactly; a figure a generation lacks is an empty field;\n"
           "a figure named like a fixed column is given as figure_NAME.\n"
           "RUN is the run's number or a prefix of its uuid. FILE '-' is stdout.\n"
           "The file is written whole or not at all (written beside, then renamed).\n"
           "\n"
           "options:\n"
           "      --csv FILE   where to write (required, unless --genome)\n"
           "      --genome GEN with --out FILE: one brain (ants runs)\n"
           "      --db PATH    run database (default " AL_DEFAULT_DB ")\n"
           "  -h, --help       this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static bool write_csv(FILE *out, const void *ctx)
{
    const alRunData *run = ctx;
    fputs("gen,best,mean,worst,stddev,evaluations,ticks,wall_s", out);
    for (int k = 0; k < run->figure_count; ++k) {
        fputc(',', out);
        char key[128];
        csv_field(out, figure_key(key, sizeof key, run->figure_names[k]));
    }
    fputs("\r\n", out);
    for (int64_t i = 0; i < run->gen_count; ++i) {
        const alRunGen *g = &run->gens[i];
        fprintf(out, "%lld,", (long long)g->gen);
        csv_number(out, g->best);
        fputc(',', out);
        csv_number(out, g->mean);
        fputc(',', out);
        csv_number(out, g->worst);
        fputc(',', out);
        csv_number(out, g->stddev);
        fprintf(out, ",%lld,%lld,", (long long)g->evaluations, (long long)g->ticks);
        csv_number(out, g->wall_s);
        for (int k = 0; k < run->figure_count; ++k) {
            fputc(',', out);
            csv_number(out, g->figures[k]);
        }
        fputs("\r\n", out);
    }
    return !ferror(out);
}

// --genome GEN --out FILE: one brain (brain_file.c).
static int export_brain(const char *db, const char *run, const char *genome, const char *out)
{
    int64_t gen;
    if (!genome || !out)
        return cli_usage_error("export", "a brain needs both --genome GEN and --out FILE");
    if (!al_parse_int(genome, -1, INT64_MAX, &gen))
        return cli_usage_error("export", "--genome '%s': not a generation number (0 or more; -1: "
                                         "the last stored)", genome);
    alError err = {0};
    al_brain info;
    if (al_brain_export(db, run, gen, out, &info, &err) != AL_OK) {
        fprintf(stderr, "alife export: %s\n", err.msg);
        return alResult_ExitCode(err.code);
    }
    printf("wrote %s: the best ant of generation %lld (fitness %.6g, %d weights); replay it "
           "with: alife gui --brain %s\n",
           out, (long long)info.gen, info.fitness, info.n, out);
    return 0;
}

int cmd_export(int argc, char **argv)
{
    enum { O_DB = 1000, O_CSV, O_GENOME, O_OUT };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"csv", required_argument, 0, O_CSV},
                                         {"genome", required_argument, 0, O_GENOME},
                                         {"out", required_argument, 0, O_OUT},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *csv = NULL, *genome = NULL, *brain_out = NULL;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB:
            db = optarg;
            break;
        case O_CSV:
            csv = optarg;
            break;
        case O_GENOME:
            genome = optarg;
            break;
        case O_OUT:
            brain_out = optarg;
            break;
        case 'h':
            export_help();
            return 0;
        default:
            return cli_usage_error("export", "bad option");
        }
    }
    if (optind >= argc)
        return cli_usage_error("export", "which run? e.g. alife export 1 --csv run1.csv");
    if (optind != argc - 1) return cli_usage_error("export", "one run only");
    if (genome || brain_out) return export_brain(db, argv[optind], genome, brain_out);
    if (!csv) return cli_usage_error("export", "where to? give --csv FILE (or --csv - for stdout)");
    alRunLog *log;
    int status = db_cli_open("export", db, &log);
    if (status) return status;
    alRunData *run;
    status = db_cli_load("export", log, argv[optind], false, &run);
    alRunLog_Close(log);
    if (status) return status;
    bool ok = db_cli_write_file(csv, write_csv, run);
    if (!ok)
        fprintf(stderr, "alife export: cannot write %s: %s\n", csv, strerror(errno));
    else if (strcmp(csv, "-") != 0)
        fprintf(stderr, "alife export: run %lld, %lld generations -> %s\n", (long long)run->info.id,
                (long long)run->gen_count, csv);
    alDestroyRunData(run);
    return ok ? 0 : 1;
}
