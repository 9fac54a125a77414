// The run database. Schema (PRAGMA user_version = AL_SCHEMA_VERSION,
// PRAGMA application_id = 'alif'):
//   runs(id, uuid, module, name, seed, config, version, status, started,
//        finished, host, pid)            one row per run
//   params(run, key, value)              the resolved config, key by key
//   generations(run, gen, best, mean, worst, stddev, evaluations, ticks, wall_s)
//   figures(run, gen, name, value)       the module's own per-generation figures
//   genomes(run, gen, rank, fitness, genome)  at least the best of each generation
// Generations are written in transactions of at most ~50 ms of work, so fast
// runs are not limited by commits and a crash loses at most that much.
#include "alife/runlog.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define AL_SCHEMA_VERSION 1
#define AL_APPLICATION_ID 0x616c6966 /* 'alif' */
#define AL_BATCH_SECONDS 0.05

struct alRunLog {
    sqlite3 *db;
    char path[512];
    bool in_txn;
    double txn_started;
};

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static alResult db_error(alRunLog *log, alError *err, const char *what)
{
    return alError_Set(err, AL_ERR_DB, "%s: %s: %s", log->path, what, sqlite3_errmsg(log->db));
}

static alResult exec(alRunLog *log, const char *sql, alError *err)
{
    char *msg = NULL;
    if (sqlite3_exec(log->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        alError_Set(err, AL_ERR_DB, "%s: %s", log->path, msg ? msg : "SQL error");
        sqlite3_free(msg);
        return AL_ERR_DB;
    }
    return AL_OK;
}

static bool pragma_int(alRunLog *log, const char *sql, int64_t *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) return false;
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) *out = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return ok;
}

static const char *schema_v1 =
    "CREATE TABLE runs("
    " id INTEGER PRIMARY KEY,"
    " uuid TEXT NOT NULL UNIQUE,"
    " module TEXT NOT NULL,"
    " name TEXT NOT NULL,"
    " seed INTEGER NOT NULL,"
    " config TEXT NOT NULL,"
    " version TEXT NOT NULL,"
    " status TEXT NOT NULL CHECK(status IN ('running','finished','interrupted','failed')),"
    " started TEXT NOT NULL,"
    " finished TEXT,"
    " host TEXT,"
    " pid INTEGER);"
    "CREATE TABLE params("
    " run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY(run, key));"
    "CREATE TABLE generations("
    " run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, best REAL, mean REAL, worst REAL, stddev REAL,"
    " evaluations INTEGER, ticks INTEGER, wall_s REAL, PRIMARY KEY(run, gen));"
    "CREATE TABLE figures("
    " run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, name TEXT NOT NULL, value REAL, PRIMARY KEY(run, gen, name));"
    "CREATE TABLE genomes("
    " run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, rank INTEGER NOT NULL, fitness REAL, genome BLOB,"
    " PRIMARY KEY(run, gen, rank));";

static alResult open_db(const char *path, bool readonly, alRunLog **out, alError *err)
{
    *out = NULL;
    alRunLog *log = calloc(1, sizeof *log);
    if (!log) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    snprintf(log->path, sizeof log->path, "%s", path);
    int flags = readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (!readonly) {
        // Create the folder of the database (results/ by default).
        char dir[512];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash && slash != dir) {
            *slash = '\0';
            if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
                alError_Set(err, AL_ERR_IO, "%s: cannot create folder %s: %s", path, dir,
                            strerror(errno));
                free(log);
                return AL_ERR_IO;
            }
        }
    }
    if (sqlite3_open_v2(path, &log->db, flags, NULL) != SQLITE_OK) {
        alResult r = alError_Set(err, AL_ERR_DB, "%s: cannot open database: %s", path,
                                 log->db ? sqlite3_errmsg(log->db) : "out of memory");
        sqlite3_close(log->db);
        free(log);
        return r;
    }
    sqlite3_busy_timeout(log->db, 10000);
    // Identify the file before writing anything to it: reads only.
    int64_t app = 0, version = 0, tables = 0;
    if (!pragma_int(log, "PRAGMA application_id", &app) ||
        !pragma_int(log, "PRAGMA user_version", &version) ||
        !pragma_int(log, "SELECT count(*) FROM sqlite_master", &tables)) {
        alError_Set(err, AL_ERR_DB, "%s: not an alife run database (%s); the file was not changed",
                    path, sqlite3_errmsg(log->db));
        goto fail;
    }
    if (tables > 0 && app != AL_APPLICATION_ID) {
        alError_Set(err, AL_ERR_DB,
                    "%s: an SQLite database, but not an alife run database; the file was not changed",
                    path);
        goto fail;
    }
    if (version > AL_SCHEMA_VERSION) {
        alError_Set(err, AL_ERR_DB,
                    "%s: schema version %lld is newer than this alife understands (%d); "
                    "upgrade alife; the file was not changed",
                    path, (long long)version, AL_SCHEMA_VERSION);
        goto fail;
    }
    if (readonly) {
        if (tables == 0) {
            alError_Set(err, AL_ERR_DB, "%s: no alife runs here (an empty database)", path);
            goto fail;
        }
        *out = log;
        return AL_OK;
    }
    if (exec(log, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON",
             err) != AL_OK)
        goto fail;
    if (version < AL_SCHEMA_VERSION) {
        // Migrations, one step per version, in one immediate transaction so
        // two processes creating the file at once do not both migrate.
        if (exec(log, "BEGIN IMMEDIATE", err) != AL_OK) goto fail;
        if (!pragma_int(log, "PRAGMA user_version", &version)) version = 0;
        alResult r = AL_OK;
        if (version < 1) {
            r = exec(log, schema_v1, err);
            if (r == AL_OK) r = exec(log, "PRAGMA application_id = 1634494822", err);
        }
        if (r == AL_OK) {
            char sql[64];
            snprintf(sql, sizeof sql, "PRAGMA user_version = %d", AL_SCHEMA_VERSION);
            r = exec(log, sql, err);
        }
        if (r != AL_OK) {
            exec(log, "ROLLBACK", NULL);
            goto fail;
        }
        if (exec(log, "COMMIT", err) != AL_OK) goto fail;
    }
    *out = log;
    return AL_OK;
fail:
    sqlite3_close(log->db);
    free(log);
    return err ? err->code : AL_ERR_DB;
}

alResult alRunLog_Open(const char *path, alRunLog **out, alError *err)
{
    return open_db(path, false, out, err);
}

alResult alRunLog_OpenReadOnly(const char *path, alRunLog **out, alError *err)
{
    if (access(path, F_OK) != 0)
        return alError_Set(err, AL_ERR_NOTFOUND, "%s: no such database", path);
    return open_db(path, true, out, err);
}

static alResult commit(alRunLog *log, alError *err)
{
    if (!log->in_txn) return AL_OK;
    log->in_txn = false;
    return exec(log, "COMMIT", err);
}

void alRunLog_Close(alRunLog *log)
{
    if (!log) return;
    commit(log, NULL);
    sqlite3_close(log->db);
    free(log);
}

static void iso_now(char *buf, size_t cap)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

// A version-4 UUID from /dev/urandom (the run id that lets databases merge).
static void make_uuid(char out[37])
{
    unsigned char b[16];
    FILE *f = fopen("/dev/urandom", "rb");
    size_t got = f ? fread(b, 1, sizeof b, f) : 0;
    if (f) fclose(f);
    if (got != sizeof b) {
        // Fall back on the clock and pid: unique enough on one machine.
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
        for (int i = 0; i < 16; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b[i] = (unsigned char)x;
        }
    }
    b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
             b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
}

typedef struct param_ctx {
    sqlite3_stmt *st;
    int64_t run;
    bool ok;
} param_ctx;

static void put_param(const char *key, const char *value, void *p)
{
    param_ctx *c = p;
    sqlite3_reset(c->st);
    sqlite3_bind_int64(c->st, 1, c->run);
    sqlite3_bind_text(c->st, 2, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(c->st, 3, value, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(c->st) != SQLITE_DONE) c->ok = false;
}

alResult alRunLog_BeginRun(alRunLog *log, const alConfig *cfg, const char *name, uint64_t seed,
                           int64_t *run_id, alError *err)
{
    if (commit(log, err) != AL_OK) return AL_ERR_DB;
    int n = alConfig_FormatIni(cfg, NULL, 0);
    char *text = malloc((size_t)n + 1);
    if (!text) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    alConfig_FormatIni(cfg, text, (size_t)n + 1);
    char uuid[37], started[32], host[256] = "";
    make_uuid(uuid);
    iso_now(started, sizeof started);
    gethostname(host, sizeof host - 1);
    alResult r = exec(log, "BEGIN IMMEDIATE", err);
    if (r != AL_OK) {
        free(text);
        return r;
    }
    sqlite3_stmt *st = NULL;
    const char *sql = "INSERT INTO runs(uuid, module, name, seed, config, version, status, started,"
                      " host, pid) VALUES(?,?,?,?,?,?,'running',?,?,?)";
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) goto dberr;
    sqlite3_bind_text(st, 1, uuid, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, alConfig_Module(cfg), -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, name ? name : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)seed);
    sqlite3_bind_text(st, 5, text, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, ALIFE_VERSION, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, started, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 8, host, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 9, (sqlite3_int64)getpid());
    if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
    sqlite3_finalize(st);
    st = NULL;
    *run_id = sqlite3_last_insert_rowid(log->db);
    if (sqlite3_prepare_v2(log->db, "INSERT INTO params(run, key, value) VALUES(?,?,?)", -1, &st,
                           NULL) != SQLITE_OK)
        goto dberr;
    param_ctx pc = {st, *run_id, true};
    alConfig_Each(cfg, put_param, &pc);
    if (!pc.ok) goto dberr;
    sqlite3_finalize(st);
    free(text);
    return exec(log, "COMMIT", err);
dberr:
    r = db_error(log, err, "cannot record the run");
    sqlite3_finalize(st);
    exec(log, "ROLLBACK", NULL);
    free(text);
    return r;
}

alResult alRunLog_AddGeneration(alRunLog *log, int64_t run_id, const alGenStats *s,
                                const void *genome, size_t genome_bytes, alError *err)
{
    if (!log->in_txn) {
        if (exec(log, "BEGIN IMMEDIATE", err) != AL_OK) return AL_ERR_DB;
        log->in_txn = true;
        log->txn_started = mono_now();
    }
    sqlite3_stmt *st = NULL;
    const char *sql = "INSERT INTO generations(run, gen, best, mean, worst, stddev, evaluations,"
                      " ticks, wall_s) VALUES(?,?,?,?,?,?,?,?,?)";
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) goto dberr;
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_int64(st, 2, s->gen);
    sqlite3_bind_double(st, 3, s->best);
    sqlite3_bind_double(st, 4, s->mean);
    sqlite3_bind_double(st, 5, s->worst);
    sqlite3_bind_double(st, 6, s->stddev);
    sqlite3_bind_int64(st, 7, s->evaluations);
    sqlite3_bind_int64(st, 8, s->ticks);
    sqlite3_bind_double(st, 9, s->wall_s);
    if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
    sqlite3_finalize(st);
    st = NULL;
    if (s->figure_count > 0) {
        if (sqlite3_prepare_v2(log->db,
                               "INSERT INTO figures(run, gen, name, value) VALUES(?,?,?,?)", -1,
                               &st, NULL) != SQLITE_OK)
            goto dberr;
        for (int i = 0; i < s->figure_count; ++i) {
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, run_id);
            sqlite3_bind_int64(st, 2, s->gen);
            sqlite3_bind_text(st, 3, s->figure_names[i], -1, SQLITE_STATIC);
            sqlite3_bind_double(st, 4, s->figures[i]);
            if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
        }
        sqlite3_finalize(st);
        st = NULL;
    }
    if (genome && genome_bytes > 0) {
        if (sqlite3_prepare_v2(log->db,
                               "INSERT INTO genomes(run, gen, rank, fitness, genome)"
                               " VALUES(?,?,0,?,?)",
                               -1, &st, NULL) != SQLITE_OK)
            goto dberr;
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, s->gen);
        sqlite3_bind_double(st, 3, s->best);
        sqlite3_bind_blob(st, 4, genome, (int)genome_bytes, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
        sqlite3_finalize(st);
        st = NULL;
    }
    if (mono_now() - log->txn_started >= AL_BATCH_SECONDS) return commit(log, err);
    return AL_OK;
dberr:;
    alResult r = db_error(log, err, "cannot log a generation");
    sqlite3_finalize(st);
    return r;
}

alResult alRunLog_EndRun(alRunLog *log, int64_t run_id, const char *status, alError *err)
{
    if (commit(log, err) != AL_OK) return AL_ERR_DB;
    char finished[32];
    iso_now(finished, sizeof finished);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(log->db, "UPDATE runs SET status = ?, finished = ? WHERE id = ?", -1,
                           &st, NULL) != SQLITE_OK)
        return db_error(log, err, "cannot end the run");
    sqlite3_bind_text(st, 1, status, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, finished, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, run_id);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? AL_OK : db_error(log, err, "cannot end the run");
}
