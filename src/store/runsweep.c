// Sweep membership, through the store's read API: the runs whose param
// run.sweep is the sweep, with their group (run.group), seed and status as
// shown (a 'running' row whose process is gone reads as interrupted).
#include "alife/runsweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alife/runlog.h"
#include "alife/runquery.h"
#include "store_internal.h"

static const char *param(const alRunInfo *r, const char *key)
{
    for (int i = 0; i < r->param_count; ++i)
        if (strcmp(r->params[i].key, key) == 0) return r->params[i].value;
    return NULL;
}

alResult alRunLog_ListSweep(const char *db_path, const char *sweep, alSweepRun **out, int *n,
                            alError *err)
{
    *out = NULL;
    *n = 0;
    if (access(db_path, F_OK) != 0) return AL_OK;
    alRunLog *log = NULL;
    alRunList *list = NULL;
    alResult r = alRunLog_OpenReadOnly(db_path, &log, err);
    if (r == AL_OK) r = alRunLog_ListRuns(log, NULL, &list, err);
    int count = list ? alRunList_Count(list) : 0;
    if (r == AL_OK && count > 0 && !(*out = calloc((size_t)count, sizeof **out)))
        r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
    for (int i = 0; r == AL_OK && i < count; ++i) {
        const alRunInfo *info = alRunList_Get(list, i);
        const char *s = param(info, "run.sweep"), *g = param(info, "run.group");
        if (!s || strcmp(s, sweep) != 0) continue;
        alSweepRun *x = &(*out)[(*n)++];
        x->id = info->id;
        x->seed = (int64_t)info->seed;
        snprintf(x->group, sizeof x->group, "%s", g ? g : "");
        snprintf(x->status, sizeof x->status, "%s", info->status);
    }
    alDestroyRunList(list);
    alRunLog_Close(log);
    if (r != AL_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return r;
}

// ---- claims: one process per sweep cell -------------------------------------

static alResult claim_fail(alRunLog *log, alError *err, const char *what)
{
    alResult r =
        alError_Set(err, AL_ERR_DB, "%s: %s: %s", log->path, what, sqlite3_errmsg(log->db));
    if (!sqlite3_get_autocommit(log->db)) sqlite3_exec(log->db, "ROLLBACK", NULL, NULL, NULL);
    return r;
}

static void iso_utc(char *buf, size_t cap)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void bind_cell(sqlite3_stmt *st, const char *sweep, const char *group, int64_t seed)
{
    sqlite3_bind_text(st, 1, sweep, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, group, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, seed);
}

alResult alRunLog_ClaimCell(alRunLog *log, const char *sweep, const char *group, int64_t seed,
                            alClaim *out, char *holder, size_t holder_cap, alError *err)
{
    char host[256] = "", started[32];
    gethostname(host, sizeof host - 1);
    iso_utc(started, sizeof started);
    int64_t me = (int64_t)getpid();
    if (holder && holder_cap) holder[0] = '\0';
    if (sqlite3_exec(log->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot claim a sweep cell");
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(log->db,
                           "SELECT 1 FROM runs WHERE sweep = ? AND sweep_group = ? AND seed = ?"
                           " AND status = 'finished' LIMIT 1",
                           -1, &st, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot claim a sweep cell");
    bind_cell(st, sweep, group, seed);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) {
        sqlite3_exec(log->db, "COMMIT", NULL, NULL, NULL);
        *out = AL_CLAIM_FINISHED;
        return AL_OK;
    }
    if (rc != SQLITE_DONE) return claim_fail(log, err, "cannot claim a sweep cell");
    if (sqlite3_prepare_v2(log->db,
                           "SELECT host, pid, started FROM claims WHERE sweep = ? AND"
                           " sweep_group = ? AND seed = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot claim a sweep cell");
    bind_cell(st, sweep, group, seed);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *h = (const char *)sqlite3_column_text(st, 0);
        int64_t pid = sqlite3_column_int64(st, 1);
        const char *since = (const char *)sqlite3_column_text(st, 2);
        bool mine = pid == me && h && strcmp(h, host) == 0;
        if (!mine && al_store_run_process(h, pid, since) == RUN_PROCESS_ALIVE_OR_UNKNOWN) {
            if (holder) snprintf(holder, holder_cap, "pid %lld on %s", (long long)pid, h ? h : "?");
            sqlite3_finalize(st);
            sqlite3_exec(log->db, "COMMIT", NULL, NULL, NULL);
            *out = AL_CLAIM_TAKEN;
            return AL_OK;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return claim_fail(log, err, "cannot claim a sweep cell");
    if (sqlite3_prepare_v2(log->db,
                           "INSERT OR REPLACE INTO claims(sweep, sweep_group, seed, host, pid,"
                           " started) VALUES(?,?,?,?,?,?)",
                           -1, &st, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot claim a sweep cell");
    bind_cell(st, sweep, group, seed);
    sqlite3_bind_text(st, 4, host, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, me);
    sqlite3_bind_text(st, 6, started, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return claim_fail(log, err, "cannot claim a sweep cell");
    if (sqlite3_exec(log->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot claim a sweep cell");
    *out = AL_CLAIM_OURS;
    return AL_OK;
}

static alResult release(alRunLog *log, const char *sweep, const char *group, int64_t seed, bool all,
                        alError *err)
{
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    sqlite3_stmt *st = NULL;
    const char *sql = all ? "DELETE FROM claims WHERE host = ?4 AND pid = ?5"
                          : "DELETE FROM claims WHERE sweep = ?1 AND sweep_group = ?2 AND"
                            " seed = ?3 AND host = ?4 AND pid = ?5";
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK)
        return claim_fail(log, err, "cannot release a sweep cell");
    if (!all) bind_cell(st, sweep, group, seed);
    sqlite3_bind_text(st, 4, host, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, (int64_t)getpid());
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? AL_OK : claim_fail(log, err, "cannot release a sweep cell");
}

alResult alRunLog_ReleaseCell(alRunLog *log, const char *sweep, const char *group, int64_t seed,
                              alError *err)
{
    return release(log, sweep, group, seed, false, err);
}

alResult alRunLog_ReleaseAllCells(alRunLog *log, alError *err)
{
    return release(log, NULL, NULL, 0, true, err);
}

alResult alRunLog_InterruptRunsOf(alRunLog *log, int64_t pid, int *marked, alError *err)
{
    if (marked) *marked = 0;
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    const al_store_bind b[] = {AL_BIND_TEXT(host), AL_BIND_INT(pid)};
    int changed =
        al_store_exec(log->db,
                      "UPDATE runs SET status = 'interrupted', stop_reason = 'interrupted',"
                      " finished = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
                      " WHERE status = 'running' AND host = ?1 AND pid = ?2",
                      b, 2);
    if (changed < 0) return claim_fail(log, err, "cannot mark a killed run interrupted");
    if (marked) *marked = changed;
    return AL_OK;
}
