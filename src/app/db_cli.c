// db_cli.c — what the commands that read the run database share (db_cli.h):
// opening, reading one run, error and output helpers, the JSON run fields.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "alife/module.h"
#include "cli.h"
#include "db_cli.h"
#include "json_out.h"
#include "out_file.h"

double db_cli_run_best(const alRunInfo *r)
{
    const alModuleClass *cls = alModule_Find(r->module);
    return cls && cls->lower_is_better ? r->min_best : r->max_best;
}

int db_cli_fail(const char *cmd, const alError *err) { return cli_fail(cmd, err); }

// Read-only, with the hint a missing default database deserves.
static alResult open_read_only(const char *path, alRunLog **log, alError *err)
{
    alResult r = alRunLog_OpenReadOnly(path, log, err);
    if (r == AL_ERR_NOTFOUND && strcmp(path, AL_DEFAULT_DB) == 0)
        snprintf(err->msg + strlen(err->msg), sizeof err->msg - strlen(err->msg),
                 "; run an experiment first (alife run CONFIG) or give --db PATH");
    return r;
}

static void warn(const char *cmd, const char *warning)
{
    if (warning[0]) fprintf(stderr, "alife %s: warning: %s\n", cmd, warning);
}

int db_cli_open(const char *cmd, const char *path, alRunLog **log)
{
    alError err = {0};
    if (open_read_only(path, log, &err) != AL_OK) return db_cli_fail(cmd, &err);
    warn(cmd, alRunLog_Warning(*log));
    return 0;
}

alResult db_cli_read_run(const char *db, const char *ref, bool genomes, alRunData **run,
                         char *warning, size_t cap, alError *err)
{
    *run = NULL;
    if (warning && cap) warning[0] = '\0';
    alRunLog *log = NULL;
    int64_t id = 0;
    alResult r = open_read_only(db, &log, err);
    if (r == AL_OK && warning) snprintf(warning, cap, "%s", alRunLog_Warning(log));
    if (r == AL_OK) r = alRunLog_FindRun(log, ref, &id, err);
    if (r == AL_OK) r = alRunLog_LoadRun(log, id, genomes, run, err);
    alRunLog_Close(log);
    return r;
}

int db_cli_load_run(const char *cmd, const char *db, const char *ref, bool genomes,
                    alRunData **run)
{
    alError err = {0};
    char warning[sizeof err.msg];
    alResult r = db_cli_read_run(db, ref, genomes, run, warning, sizeof warning, &err);
    warn(cmd, warning);
    return r == AL_OK ? 0 : db_cli_fail(cmd, &err);
}

int db_cli_check_run(const char *cmd, const char *db, const char *ref)
{
    alError err = {0};
    alRunLog *log = NULL;
    int64_t id = 0;
    alResult r = open_read_only(db, &log, &err);
    if (r == AL_OK) r = alRunLog_FindRun(log, ref, &id, &err);
    alRunLog_Close(log);
    return r == AL_OK ? 0 : db_cli_fail(cmd, &err);
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
    json_field_int(out, "id", r->id, &first);
    json_field_string(out, "uuid", r->uuid, &first);
    json_field_string(out, "module", r->module, &first);
    json_field_string(out, "name", r->name, &first);
    json_key(out, "seed", &first);
    fprintf(out, "%llu", (unsigned long long)r->seed);
    json_field_string(out, "status", r->status, &first);
    json_field_bool(out, "stale", r->stale, &first);
    json_field_string(out, "started", r->started, &first);
    json_field_string(out, "finished", r->finished, &first);
    json_field_string(out, "version", r->version, &first);
    json_field_string(out, "host", r->host, &first);
    json_field_int(out, "pid", r->pid, &first);
    json_field_int(out, "generation_count", r->generation_count, &first);
    json_field_number(out, "run_best", db_cli_run_best(r), &first);
    json_field_number(out, "last_best", r->last_best, &first);
    json_field_number(out, "last_mean", r->last_mean, &first);
    json_field_string(out, "stop_reason", r->stop_reason, &first);
    json_field_int(out, "edit_count", r->edit_count, &first);
    json_field_string(out, "first_edit", r->first_edit, &first);
    if (r->from_run > 0) { // a run continued from another's generation
        json_field_int(out, "from_run", r->from_run, &first);
        json_field_int(out, "from_gen", r->from_gen, &first);
    }
    json_key(out, "params", &first);
    fputc('{', out);
    int pfirst = 1;
    for (int i = 0; i < r->param_count; ++i)
        json_field_string(out, r->params[i].key, r->params[i].value, &pfirst);
    fputc('}', out);
}

const char *db_cli_figure_key(char *buf, size_t cap, const char *name)
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

const char *db_cli_short_time(char *buf, size_t cap, const char *iso)
{
    snprintf(buf, cap, "%s", iso ? iso : "-");
    char *t = strchr(buf, 'T');
    if (t) *t = ' ';
    size_t n = strlen(buf);
    if (n && buf[n - 1] == 'Z') buf[n - 1] = '\0';
    return buf;
}

int db_cli_terminal_columns(void)
{
    struct winsize ws;
    if (!isatty(STDOUT_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0) return 0;
    return ws.ws_col;
}
