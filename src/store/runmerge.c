// Merging run databases by run uuid. Every file is identified through
// alRunLog_OpenReadOnly (so "not an alife database" and "newer schema" read
// the same everywhere) and checked with PRAGMA quick_check before the target
// is created or touched; then each source is ATTACHed read-only (mode=ro, so
// not even a WAL checkpoint writes to it) and copied with INSERT ... SELECT,
// mapping its run ids to the target's through the uuid.
#include "alife/runmerge.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alife/runlog.h"
#include "store_internal.h"

// "file:" URI for reading path: ?mode=ro, or ?immutable=1 where the
// folder cannot hold WAL's -shm (a read-only folder or mount).
static char *ro_uri(const char *path)
{
    sqlite3 *db = NULL;
    char *uri = al_store_uri(path, "mode=ro");
    if (!uri) return NULL;
    int rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
    if (rc != SQLITE_OK) rc = sqlite3_extended_errcode(db);
    sqlite3_close(db);
    if (rc != SQLITE_OK && al_store_ro_fallback(path, rc)) {
        free(uri);
        uri = al_store_uri(path, "immutable=1");
    }
    return uri;
}

static alResult quick_check(const char *path, alError *err)
{
    char *uri = ro_uri(path);
    if (!uri) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    free(uri);
    sqlite3_stmt *st = NULL;
    const char *res = NULL;
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL);
    if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        res = (const char *)sqlite3_column_text(st, 0);
    alResult r = AL_OK;
    if (!res || strcmp(res, "ok") != 0)
        r = alError_Set(err, AL_ERR_USAGE, "%s: the database is damaged (%s); nothing was merged",
                        path, res ? res : (db ? sqlite3_errmsg(db) : "cannot open"));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return r;
}

static alResult check_db(const char *path, alError *err)
{
    alRunLog *log = NULL;
    alResult r = alRunLog_OpenReadOnly(path, &log, err);
    if (r != AL_OK) return r;
    bool checked = log->checked;
    if (alRunLog_Warning(log)[0])
        r = alError_Set(err, AL_ERR_USAGE, "%s; nothing was merged", alRunLog_Warning(log));
    alRunLog_Close(log);
    if (r != AL_OK || checked) return r; // found damaged, or sound, at the open
    return quick_check(path, err);
}

// A statement on the target (path): the sources were read whole by their
// quick_check, so a failure here is the target's, a runtime failure
// (AL_ERR_IO: a full disk, a file that turned read-only).
static alResult exec(sqlite3 *db, const char *path, const char *sql, alError *err)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        alError_Set(err, AL_ERR_IO, "%s: merge failed: %s; nothing of that source was merged",
                    path, msg ? msg : "SQL error");
        sqlite3_free(msg);
        return AL_ERR_IO;
    }
    return AL_OK;
}

// The target can be written: the file if it exists (else its folder, where
// it is to be made). Refused as a runtime failure (AL_ERR_IO) naming the
// target: the user is not at fault for a read-only file or mount. URIs
// ("file:...") are left to SQLite.
static alResult check_writable(const char *path, alError *err)
{
    if (strncmp(path, "file:", 5) == 0) return AL_OK;
    const char *what = "file";
    int rc = access(path, W_OK);
    if (rc != 0 && errno == ENOENT) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash == dir) dir[1] = '\0';
        else if (slash) *slash = '\0';
        else snprintf(dir, sizeof dir, ".");
        what = "folder";
        rc = access(dir, W_OK);
    }
    if (rc == 0 || (errno != EACCES && errno != EROFS && errno != EPERM)) return AL_OK;
    return alError_Set(err, AL_ERR_IO,
                       "%s: cannot merge into it: the %s is read-only (%s); nothing was merged",
                       path, what, strerror(errno));
}

static int64_t count(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    int64_t n = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return -1;
    if (sqlite3_step(st) == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

// The copy of one attached source ("src") into main, inside one transaction.
// temp.m_map maps the source's run ids to the target's, through the uuid.
static const char *merge_sql[] = {
    "INSERT INTO main.runs(uuid, module, name, seed, config, version, status, started, finished,"
    " host, pid) SELECT uuid, module, name, seed, config, version, status, started, finished,"
    " host, pid FROM src.runs WHERE uuid NOT IN (SELECT uuid FROM main.runs) ORDER BY id",
    "DELETE FROM temp.m_map",
    "INSERT INTO temp.m_map(old, new) SELECT s.id, m.id FROM src.runs s"
    " JOIN main.runs m ON m.uuid = s.uuid",
    "INSERT OR IGNORE INTO main.params(run, key, value) SELECT mp.new, p.key, p.value"
    " FROM src.params p JOIN temp.m_map mp ON mp.old = p.run",
    "INSERT OR IGNORE INTO main.generations(run, gen, best, mean, worst, stddev, evaluations,"
    " ticks, wall_s) SELECT mp.new, g.gen, g.best, g.mean, g.worst, g.stddev, g.evaluations,"
    " g.ticks, g.wall_s FROM src.generations g JOIN temp.m_map mp ON mp.old = g.run",
    "INSERT OR IGNORE INTO main.figures(run, gen, name, value) SELECT mp.new, f.gen, f.name,"
    " f.value FROM src.figures f JOIN temp.m_map mp ON mp.old = f.run",
    "INSERT OR IGNORE INTO main.genomes(run, gen, rank, fitness, genome) SELECT mp.new, g.gen,"
    " g.rank, g.fitness, g.genome FROM src.genomes g JOIN temp.m_map mp ON mp.old = g.run",
    // A run the source holds ended where this file does not: take its end.
    // Not only 'running' here: a copy taken mid-run reads 'interrupted'
    // once a writer has opened this file after the run's process ended
    // (the stale-row rule), yet the source's 'finished' is the truth.
    // 'finished' here is final; an 'interrupted' of the source never
    // overrides a 'failed' or 'interrupted' that has its finish time.
    "UPDATE main.runs AS m SET status = s.status, finished = s.finished FROM src.runs AS s"
    " WHERE s.uuid = m.uuid AND s.status != 'running' AND m.status != 'finished'"
    " AND (m.status = 'running' OR s.status IN ('finished', 'failed')"
    "      OR (m.finished IS NULL AND s.finished IS NOT NULL))"
    " AND (m.status IS NOT s.status OR m.finished IS NOT s.finished)",
    // The columns of schema version 2, which a version-1 source lacks:
    // derived here from the params for every run this source brought.
    "UPDATE main.params SET num = al_number(value)"
    " WHERE num IS NULL AND run IN (SELECT new FROM temp.m_map)",
    "UPDATE main.runs SET"
    " sweep = (SELECT value FROM main.params WHERE run = runs.id AND key = 'run.sweep'),"
    " sweep_group = (SELECT value FROM main.params WHERE run = runs.id AND key = 'run.group')"
    " WHERE sweep IS NULL AND id IN (SELECT new FROM temp.m_map) AND EXISTS (SELECT 1 FROM"
    " main.params WHERE run = runs.id AND key = 'run.sweep' AND value != '')",
};
enum { STEP_RUNS = 0, STEP_GENS = 4, STEP_END = 7, NSTEPS = 10 };

static alResult merge_one(sqlite3 *db, const char *into, const char *src, alMergeCounts *c,
                          alError *err)
{
    char *uri = ro_uri(src);
    if (!uri) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    sqlite3_stmt *st = NULL;
    alResult r = AL_OK;
    if (sqlite3_prepare_v2(db, "ATTACH ? AS src", -1, &st, NULL) != SQLITE_OK) {
        free(uri);
        return alError_Set(err, AL_ERR_IO, "%s: %s", into, sqlite3_errmsg(db));
    }
    sqlite3_bind_text(st, 1, uri, -1, SQLITE_TRANSIENT);
    free(uri);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return alError_Set(err, AL_ERR_DB, "%s: cannot read it for merging: %s", src,
                           sqlite3_errmsg(db));
    int64_t src_runs = count(db, "SELECT count(*) FROM src.runs");
    r = exec(db, into, "BEGIN IMMEDIATE", err);
    for (int i = 0; r == AL_OK && i < NSTEPS; ++i) {
        r = exec(db, into, merge_sql[i], err);
        if (r != AL_OK) break;
        int64_t ch = sqlite3_changes(db);
        if (i == STEP_RUNS) {
            c->runs_added += ch;
            c->runs_present += src_runs - ch;
        } else if (i == STEP_GENS) {
            c->generations_added += ch;
        } else if (i == STEP_END) {
            c->runs_updated += ch;
        }
    }
    // Schema version 2: why each run stopped, and the live edits of GUI runs
    // (without them an edited run would look reproducible after a merge).
    if (r == AL_OK && count(db, "PRAGMA src.user_version") >= 2)
        r = exec(db, into,
                 "UPDATE main.runs SET stop_reason ="
                 " (SELECT s.stop_reason FROM src.runs s WHERE s.uuid = runs.uuid)"
                 " WHERE stop_reason IS NULL AND uuid IN"
                 " (SELECT uuid FROM src.runs WHERE stop_reason IS NOT NULL);"
                 "INSERT INTO main.edits(run, gen, tick, what) SELECT mp.new, e.gen, e.tick, e.what"
                 " FROM src.edits e JOIN temp.m_map mp ON mp.old = e.run WHERE NOT EXISTS"
                 " (SELECT 1 FROM main.edits x WHERE x.run = mp.new AND x.gen = e.gen"
                 " AND x.tick = e.tick AND x.what = e.what) ORDER BY e.rowid",
                 err);
    // Schema version 3: the run a continued run (alife gui --from) continues,
    // by its id in the target (both runs came through m_map).
    if (r == AL_OK && count(db, "PRAGMA src.user_version") >= 3)
        r = exec(
            db, into,
            "UPDATE main.runs SET"
            " from_run = (SELECT mp.new FROM src.runs s JOIN temp.m_map mp ON mp.old = s.from_run"
            "  WHERE s.uuid = runs.uuid),"
            " from_gen = (SELECT s.from_gen FROM src.runs s WHERE s.uuid = runs.uuid)"
            " WHERE from_run IS NULL AND uuid IN"
            " (SELECT uuid FROM src.runs WHERE from_run IS NOT NULL)",
            err);
    if (r == AL_OK) r = exec(db, into, "COMMIT", err);
    else exec(db, into, "ROLLBACK", NULL);
    exec(db, into, "DETACH src", NULL);
    return r;
}

alResult alRunLog_Merge(const char *into_path, const char *const *sources, int n,
                        alMergeCounts *counts, alError *err)
{
    alMergeCounts local = {0};
    alMergeCounts *c = counts ? counts : &local;
    memset(c, 0, sizeof *c);
    // Check everything before writing anything.
    for (int i = 0; i < n; ++i) {
        alResult r = check_db(sources[i], err);
        if (r != AL_OK) return r;
    }
    struct stat sb;
    if (stat(into_path, &sb) == 0 && sb.st_size > 0) {
        alResult r = check_db(into_path, err);
        if (r != AL_OK) return r;
    }
    // From here on every failure is the target's: a runtime failure
    // (AL_ERR_IO), not a bad input.
    alResult r = check_writable(into_path, err);
    if (r != AL_OK) return r;
    // Create (or migrate) the target through the run log, so its schema is
    // the one alife writes.
    alRunLog *log = NULL;
    r = alRunLog_Open(into_path, &log, err);
    alRunLog_Close(log);
    if (r == AL_ERR_DB || r == AL_ERR_IO) { // (IO: a read-only target, runlog's words)
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        r = alError_Set(err, AL_ERR_IO, "cannot merge into %s: %s", into_path, msg);
    }
    if (r != AL_OK) return r;
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(into_path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, NULL) !=
        SQLITE_OK) {
        r = alError_Set(err, AL_ERR_IO, "%s: cannot open it to merge into: %s", into_path,
                        db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return r;
    }
    sqlite3_busy_timeout(db, 10000);
    if (!al_store_register_functions(db))
        r = alError_Set(err, AL_ERR_IO, "%s: %s", into_path, sqlite3_errmsg(db));
    if (r == AL_OK)
        r = exec(db, into_path, "CREATE TEMP TABLE m_map(old INTEGER PRIMARY KEY, new INTEGER)",
                 err);
    for (int i = 0; r == AL_OK && i < n; ++i) r = merge_one(db, into_path, sources[i], c, err);
    // The target was checked (or made) before the merge wrote into it.
    if (sqlite3_close(db) == SQLITE_OK && r == AL_OK) al_store_mark_checked(into_path);
    return r;
}
