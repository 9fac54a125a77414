// Sweep membership, read from the params table. The file is identified
// through alRunLog_OpenReadOnly first, so a foreign file gets the same error
// as everywhere else and is never written.
#include "alife/runsweep.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/runlog.h"

alResult alRunLog_ListSweep(const char *db_path, const char *sweep, alSweepRun **out, int *n,
                            alError *err)
{
    *out = NULL;
    *n = 0;
    if (access(db_path, F_OK) != 0) return AL_OK;
    alRunLog *log = NULL;
    alResult r = alRunLog_OpenReadOnly(db_path, &log, err);
    alRunLog_Close(log);
    if (r != AL_OK) return r;
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    const char *sql =
        "SELECT r.id, r.seed, coalesce(g.value, ''), r.status FROM runs r"
        " JOIN params s ON s.run = r.id AND s.key = 'run.sweep' AND s.value = ?"
        " LEFT JOIN params g ON g.run = r.id AND g.key = 'run.group' ORDER BY r.id";
    if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        r = alError_Set(err, AL_ERR_DB, "%s: cannot read the sweep's runs: %s", db_path,
                        sqlite3_errmsg(db));
        goto done;
    }
    sqlite3_busy_timeout(db, 10000);
    sqlite3_bind_text(st, 1, sweep, -1, SQLITE_STATIC);
    int cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            alSweepRun *grown = realloc(*out, (size_t)cap * sizeof *grown);
            if (!grown) {
                r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
                goto done;
            }
            *out = grown;
        }
        alSweepRun *x = &(*out)[(*n)++];
        x->id = sqlite3_column_int64(st, 0);
        x->seed = sqlite3_column_int64(st, 1);
        snprintf(x->group, sizeof x->group, "%s", (const char *)sqlite3_column_text(st, 2));
        snprintf(x->status, sizeof x->status, "%s", (const char *)sqlite3_column_text(st, 3));
    }
    if (rc != SQLITE_DONE)
        r = alError_Set(err, AL_ERR_DB, "%s: cannot read the sweep's runs: %s", db_path,
                        sqlite3_errmsg(db));
done:
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (r != AL_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return r;
}
