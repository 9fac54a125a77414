// The run database. Schema (PRAGMA user_version = AL_SCHEMA_VERSION,
// PRAGMA application_id = 'alif'):
//   runs(id, uuid, module, name, seed, config, version, status, started,
//        finished, host, pid)            one row per run
//   params(run, key, value)              the resolved config, key by key
//   generations(run, gen, best, mean, worst, stddev, evaluations, ticks, wall_s)
//   figures(run, gen, name, value)       the module's own per-generation figures
//   genomes(run, gen, rank, fitness, genome)  at least the best of each generation
//   edits(run, gen, tick, what)          live changes made to a GUI run
// Version 2 adds runs.sweep, runs.sweep_group, runs.heartbeat, params.num,
// runs.stop_reason (why the run stopped, see alRunLog_EndRunWhy), the edits
// table, the claims table of `alife sweep`, indexes and the views run_status,
// run_summary and generations_wide. Version 3 adds runs.from_run and
// runs.from_gen (a run continued from another's generation: alife gui
// --from) and makes generations_wide again with the steering figures
// fleeing, target_distance and contacts.
// docs/database.md documents it all.
// Generations are written in transactions of at most ~50 ms of work, so fast
// runs are not limited by commits and a crash loses at most that much.
#include "alife/runlog.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store_internal.h"

#define AL_SCHEMA_VERSION 3
#define AL_APPLICATION_ID 0x616c6966 /* 'alif' */
// The first skeleton wrote 1634298214 (0x61696966, "aiif") by mistake: such
// files are ours; opened for logging they get the right id.
#define AL_APPLICATION_ID_SKELETON 0x61696966
#define AL_BATCH_SECONDS 0.05
// runs.heartbeat is refreshed this often while a run is logged; the view
// run_status calls a 'running' row stale after 120 s without one.
#define AL_BEAT_SECONDS 10.0

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

// Version 2: what SQL tools need to ask the common questions in one SELECT
// (docs/database.md), why a run stopped, and the live edits that make a GUI run
// unreproducible. al_number() is registered on every writing connection.
static const char *schema_v2 =
    "ALTER TABLE runs ADD COLUMN sweep TEXT;"       // run.sweep, NULL outside a sweep
    "ALTER TABLE runs ADD COLUMN sweep_group TEXT;" // run.group, NULL outside a sweep
    "ALTER TABLE runs ADD COLUMN heartbeat INTEGER;" // unix s of the writer's last sign
    "ALTER TABLE params ADD COLUMN num REAL;"       // value as a number, NULL if it is none
    "ALTER TABLE runs ADD COLUMN stop_reason TEXT;" // solved, stalled, generations, ...
    "CREATE TABLE edits("
    " run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, tick INTEGER NOT NULL, what TEXT NOT NULL);"
    "CREATE INDEX edits_run ON edits(run);"
    "UPDATE runs SET"
    " sweep = (SELECT nullif(value, '') FROM params WHERE run = runs.id AND key = 'run.sweep'),"
    " sweep_group = (SELECT value FROM params WHERE run = runs.id AND key = 'run.group')"
    "  WHERE EXISTS (SELECT 1 FROM params WHERE run = runs.id AND key = 'run.sweep'"
    "               AND value != '');"
    "UPDATE params SET num = al_number(value);"
    "CREATE INDEX generations_by_gen ON generations(gen);"
    "CREATE INDEX params_by_key ON params(key, num);"
    "CREATE INDEX runs_by_sweep ON runs(sweep, sweep_group, seed);"
    // One row per sweep cell being run: `alife sweep` inserts it in a BEGIN
    // IMMEDIATE transaction before starting the cell, so two sweeps never run
    // the same cell; a claim whose process (host, pid) is gone is taken over.
    "CREATE TABLE claims("
    " sweep TEXT NOT NULL, sweep_group TEXT NOT NULL, seed INTEGER NOT NULL,"
    " host TEXT NOT NULL, pid INTEGER NOT NULL, started TEXT NOT NULL,"
    " PRIMARY KEY(sweep, sweep_group, seed));"
    // The status any SQL tool should believe: a 'running' row whose writer
    // has given no sign of life for 120 s (it beats every 10 s) is not.
    "CREATE VIEW run_status AS SELECT id, uuid, status AS stored_status,"
    " CASE WHEN status = 'running' AND coalesce(heartbeat, CAST(strftime('%s', started) AS"
    " INTEGER)) < CAST(strftime('%s', 'now') AS INTEGER) - 120 THEN 'interrupted'"
    " ELSE status END AS status,"
    " heartbeat, host, pid FROM runs;"
    "CREATE VIEW run_summary AS SELECT r.id, r.uuid, r.module, r.name, r.sweep, r.sweep_group,"
    " r.seed, s.status,"
    " (SELECT count(*) FROM generations g WHERE g.run = r.id) AS generations,"
    " (SELECT g.best FROM generations g WHERE g.run = r.id ORDER BY g.gen DESC LIMIT 1)"
    "  AS final_best,"
    " (SELECT g.mean FROM generations g WHERE g.run = r.id ORDER BY g.gen DESC LIMIT 1)"
    "  AS final_mean,"
    " r.started, r.finished FROM runs r JOIN run_status s ON s.id = r.id;"
    "CREATE VIEW generations_wide AS SELECT g.*,"
#define FIG(name)                                                                                  \
    " (SELECT f.value FROM figures f WHERE f.run = g.run AND f.gen = g.gen AND f.name = '" name    \
    "') AS \"" name "\""
#define FIGS_V2                                                                                    \
    FIG("diversity") "," FIG("food_mean") "," FIG("distance_mean") "," FIG("mines_mean") ","       \
    FIG("baseline_mean") "," FIG("baseline_mines") "," FIG("order") "," FIG("mean_speed") ","      \
    FIG("nn_distance") "," FIG("groups")
    FIGS_V2
    " FROM generations g;";

// Version 3: a run that continues another (alife gui --from RUN:GEN) says
// which and from where; its generations are numbered as in that run, from
// from_gen on (NULL for a run of its own). And the steering figures added
// since (fleeing, target_distance, contacts) are columns of
// generations_wide too: a view cannot gain a column, so it is made again
// (the figures table already holds them).
static const char *schema_v3 =
    "ALTER TABLE runs ADD COLUMN from_run INTEGER;"  // the run it continues, NULL if none
    "ALTER TABLE runs ADD COLUMN from_gen INTEGER;"  // its first generation (that run's numbering)
    "DROP VIEW generations_wide;"
    "CREATE VIEW generations_wide AS SELECT g.*,"
    FIGS_V2 "," FIG("fleeing") "," FIG("target_distance") "," FIG("contacts")
    " FROM generations g;";
#undef FIGS_V2
#undef FIG

// The migrations, one per version: migrations[v - 1] makes version v.
static const char *const *migrations[] = {&schema_v1, &schema_v2, &schema_v3};

bool al_store_number(const char *s, double *out)
{
    // Decimal numbers only, as the config reader writes them: no hex, no
    // inf or nan, no surrounding spaces.
    if (!s || !*s || strspn(s, "+-0123456789.eE") != strlen(s)) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end != '\0' || !isfinite(v)) return false;
    *out = v;
    return true;
}

static void sql_number(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    double v;
    if (al_store_number((const char *)sqlite3_value_text(argv[0]), &v))
        sqlite3_result_double(ctx, v);
    else
        sqlite3_result_null(ctx);
}

bool al_store_register_functions(sqlite3 *db)
{
    return sqlite3_create_function(db, "al_number", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                   sql_number, NULL, NULL) == SQLITE_OK;
}

// Creates the folder that holds path (results/ by default) when it is
// missing, one level only: a typo further up ("/nonexist/dir/x.db") is an
// error naming the missing folder, not a new tree of folders.
static alResult make_parent(const char *path, alError *err)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return AL_OK;
    *slash = '\0';
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return AL_OK;
    if (errno == ENOENT)
        return alError_Set(err, AL_ERR_USAGE,
                           "%s: the folder %s does not exist, nor does the one it would go in"
                           " (create it first)",
                           path, dir);
    return alError_Set(err, AL_ERR_IO, "%s: cannot create folder %s: %s", path, dir, strerror(errno));
}

// Marks runs left 'running' by a dead process of this host as interrupted, so
// the file tells the truth to tools that do not know the rule.
static void mark_stale_runs(alRunLog *log)
{
    sqlite3_stmt *st = NULL, *up = NULL;
    if (sqlite3_prepare_v2(log->db,
                           "SELECT id, host, pid, started FROM runs WHERE status = 'running'", -1,
                           &st, NULL) != SQLITE_OK)
        return;
    int64_t gone[64];
    int n = 0;
    while (n < 64 && sqlite3_step(st) == SQLITE_ROW)
        if (al_store_run_process((const char *)sqlite3_column_text(st, 1),
                                 sqlite3_column_int64(st, 2),
                                 (const char *)sqlite3_column_text(st, 3)) == RUN_PROCESS_GONE)
            gone[n++] = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (n == 0) return;
    if (sqlite3_prepare_v2(log->db,
                           "UPDATE runs SET status = 'interrupted'"
                           " WHERE id = ? AND status = 'running'",
                           -1, &up, NULL) != SQLITE_OK)
        return;
    // Best effort: if another process holds the write lock, try next time.
    if (exec(log, "BEGIN IMMEDIATE", NULL) == AL_OK) {
        for (int i = 0; i < n; ++i) {
            sqlite3_reset(up);
            sqlite3_bind_int64(up, 1, gone[i]);
            sqlite3_step(up);
        }
        exec(log, "COMMIT", NULL);
    }
    sqlite3_finalize(up);
}

// A writer's file, or the folder that must hold its -wal and -shm files,
// is read-only: said so, with what to do (it said "cannot read the
// database: attempt to write a readonly database", trial).
static alResult cannot_write(const char *path, alError *err)
{
    return alError_Set(err, AL_ERR_IO,
                       "%s: cannot write the database: the %s is read-only for this user; make it writable "
                       "(chmod u+w) or log elsewhere with --db PATH (--no-log: not at all)",
                       path, access(path, W_OK) == 0 ? "folder holding it (for its -wal and -shm files)" : "file");
}

// Identifies the file before anything is written to it (these are reads).
// A file that is not ours is a usage error (exit 2): the user named the
// wrong file; it is left byte for byte as it was.
static alResult check_identity(alRunLog *log, bool readonly, int64_t *version, bool *old_id,
                               int *sqlite_code, alError *err)
{
    const char *path = log->path;
    int64_t app = 0, tables = 0;
    // One read transaction: the three reads must see the same state, or a
    // file another process is creating right now (tables made, id not yet
    // visible to a later read) would look foreign.
    bool snapshot = sqlite3_exec(log->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
    bool read = pragma_int(log, "PRAGMA application_id", &app) &&
                pragma_int(log, "PRAGMA user_version", version) &&
                pragma_int(log, "SELECT count(*) FROM sqlite_master", &tables);
    int code = sqlite3_errcode(log->db);
    *sqlite_code = read ? SQLITE_OK : code;
    char msg[256];
    snprintf(msg, sizeof msg, "%s", sqlite3_errmsg(log->db));
    if (snapshot) sqlite3_exec(log->db, "COMMIT", NULL, NULL, NULL);
    if (!read) {
        if (code == SQLITE_NOTADB)
            return alError_Set(err, AL_ERR_USAGE,
                               "%s: not an alife run database (not an SQLite file); the file was "
                               "not changed",
                               path);
        // A damaged file is a bad input file like one that is not ours (exit 2:
        // another file is needed), not a failure while working (exit 1).
        if ((code & 0xff) == SQLITE_CORRUPT)
            return alError_Set(err, AL_ERR_USAGE,
                               "%s: the database is damaged (%s); the file was not changed", path, msg);
        if (!readonly && (code & 0xff) == SQLITE_READONLY) return cannot_write(path, err);
        return alError_Set(err, AL_ERR_DB, "%s: cannot read the database: %s", path, msg);
    }
    *old_id = app == AL_APPLICATION_ID_SKELETON;
    if ((tables > 0 || app != 0) && app != AL_APPLICATION_ID && !*old_id)
        return alError_Set(err, AL_ERR_USAGE,
                           "%s: an SQLite database, but not an alife run database; the file was "
                           "not changed",
                           path);
    if (*version > AL_SCHEMA_VERSION)
        return alError_Set(err, AL_ERR_USAGE,
                           "%s: schema version %lld is newer than this alife understands (%d); "
                           "use a newer alife; the file was not changed",
                           path, (long long)*version, AL_SCHEMA_VERSION);
    if (readonly && tables == 0)
        return alError_Set(err, AL_ERR_USAGE, "%s: an empty file, not an alife run database", path);
    return AL_OK;
}

// WAL mode (readers never wait for the writer), set once per file. SQLite
// answers SQLITE_BUSY to the switch without calling the busy handler when
// another process is switching or creating the file at the same moment, so
// retry for as long as the busy timeout would have waited. Any other answer
// than "wal" is final: an in-memory database ("memory") is a usage error, a
// file whose filesystem cannot share memory between processes (a network
// filesystem) keeps its old mode, and is refused rather than logged to
// without WAL: several writers and live readers (a sweep, the GUI beside
// `alife runs`) depend on it.
static alResult use_wal(alRunLog *log, alError *err)
{
    for (int attempt = 0;; ++attempt) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(log->db, attempt == 0 ? "PRAGMA journal_mode" :
                                                            "PRAGMA journal_mode=WAL",
                                    -1, &st, NULL);
        char mode[32] = "";
        if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            const char *m = (const char *)sqlite3_column_text(st, 0);
            snprintf(mode, sizeof mode, "%s", m ? m : "");
            rc = SQLITE_OK;
        }
        sqlite3_finalize(st);
        if (rc == SQLITE_OK && strcmp(mode, "wal") == 0) return AL_OK;
        if (rc == SQLITE_OK && strcmp(mode, "memory") == 0)
            return alError_Set(err, AL_ERR_USAGE,
                               "%s: an in-memory database would lose every run when alife "
                               "exits; give a file path (default " AL_DEFAULT_DB ")",
                               log->path);
        if (rc == SQLITE_OK && attempt > 0)
            return alError_Set(err, AL_ERR_DB,
                               "%s: cannot use WAL journal mode here (the file stays in '%s' "
                               "mode; a network or other filesystem without shared memory?); "
                               "alife needs WAL so that runs and readers can share the file: "
                               "put the database on a local disk",
                               log->path, mode);
        if (rc == SQLITE_OK) continue; // not WAL yet: the next attempt switches
        if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) break;
        if (attempt >= 1000) break; // 1000 x 10 ms = the 10 s busy timeout
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    return db_error(log, err, "cannot switch the database to WAL mode");
}

static alResult migrate(alRunLog *log, alError *err)
{
    // One step per version, in one immediate transaction, so two processes
    // creating the file at once do not both migrate.
    if (exec(log, "BEGIN IMMEDIATE", err) != AL_OK) return AL_ERR_DB;
    int64_t version = 0;
    if (!pragma_int(log, "PRAGMA user_version", &version)) version = 0;
    alResult r = AL_OK;
    for (int64_t v = version + 1; r == AL_OK && v <= AL_SCHEMA_VERSION; ++v)
        r = exec(log, *migrations[v - 1], err);
    if (r == AL_OK && version < 1) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d", AL_APPLICATION_ID);
        r = exec(log, sql, err);
    }
    if (r == AL_OK && version < AL_SCHEMA_VERSION) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", AL_SCHEMA_VERSION);
        r = exec(log, sql, err);
    }
    if (r != AL_OK) {
        exec(log, "ROLLBACK", NULL);
        return r;
    }
    return exec(log, "COMMIT", err);
}

static alResult open_db(const char *path, bool readonly, alRunLog **out, alError *err)
{
    *out = NULL;
    if (strlen(path) >= sizeof((alRunLog *)0)->path)
        return alError_Set(err, AL_ERR_USAGE, "%.64s...: database path too long", path);
    if (!path[0])
        return alError_Set(err, AL_ERR_USAGE,
                           "an empty database path: SQLite would use a temporary database, "
                           "deleted on close like an in-memory one; give a file path (default "
                           AL_DEFAULT_DB ")");
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return alError_Set(err, AL_ERR_USAGE, "%s: a folder, not an alife run database", path);
    if (!readonly) {
        alResult r = make_parent(path, err);
        if (r != AL_OK) return r;
    }
    alRunLog *log = calloc(1, sizeof *log);
    if (!log) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    snprintf(log->path, sizeof log->path, "%s", path);
    log->readonly = readonly;
    // NOMUTEX: a connection is only ever used by the thread that opened it
    // (the simulation's OpenMP threads never log), so SQLite's per-call
    // mutexes are pure cost: ~20% of an MPI coordinator's CPU per row.
    int flags = (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
    alResult r = AL_OK;
    // Damage is looked for before anything is written (soundness.c); what
    // decides whether to is seen before our own open adds a -wal file.
    bool existed = stat(path, &sb) == 0 && sb.st_size > 0;
    bool trusted = existed && al_store_trusted(path);
    bool writer_active = al_store_wal_pending(path);
    int64_t version = 0;
    bool old_id = false;
    for (int pass = 0;; ++pass) {
        // Pass 1 (readers only): the file as immutable, when pass 0 could
        // not read it for want of write access (see al_store_ro_fallback).
        char *uri = pass == 0 ? NULL : al_store_uri(path, "immutable=1");
        if (pass > 0 && !uri) {
            r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
            goto fail;
        }
        int rc = sqlite3_open_v2(uri ? uri : path, &log->db,
                                 flags | (uri ? SQLITE_OPEN_URI : 0), NULL);
        free(uri);
        if (rc != SQLITE_OK) {
            r = alError_Set(err, AL_ERR_IO, "%s: cannot open database: %s", path,
                            log->db ? sqlite3_errmsg(log->db) : "out of memory");
            goto fail;
        }
        sqlite3_busy_timeout(log->db, 10000);
        if (!readonly && sqlite3_db_readonly(log->db, "main") == 1) {
            // SQLite opened it read-only: every write would fail later with
            // "attempt to write a readonly database" (trial): say so now.
            r = cannot_write(path, err);
            goto fail;
        }
        int code = SQLITE_OK;
        r = check_identity(log, readonly, &version, &old_id, &code, err);
        if (r == AL_OK || !readonly || pass > 0 || !al_store_ro_fallback(path, code)) break;
        sqlite3_close(log->db);
        log->db = NULL;
    }
    if (r != AL_OK) goto fail;
    if (existed && !trusted && (!readonly || !writer_active)) {
        // A reader does not check a file a writer is logging into right now
        // (that writer checked it); it warns rather than refuses.
        alError damage = {0};
        if (al_store_quick_check(log->db, path, &damage) != AL_OK) {
            if (!readonly) {
                r = alError_Set(err, AL_ERR_USAGE, "%s; refusing to write into it (nothing was "
                                "written)", damage.msg);
                goto fail;
            }
            snprintf(log->warning, sizeof log->warning, "%s", damage.msg);
        } else {
            log->checked = true;
        }
    } else {
        log->checked = trusted || !existed;
    }
    log->schema = version;
    if (readonly) {
        // A read never migrates: the read path uses only what version 1
        // already had (the v2 columns and views are for other SQL tools).
        *out = log;
        return AL_OK;
    }
    r = use_wal(log, err);
    if (r == AL_OK && !al_store_register_functions(log->db)) r = db_error(log, err, "setup");
    if (r == AL_OK) r = exec(log, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", err);
    if (r == AL_OK && version < AL_SCHEMA_VERSION) r = migrate(log, err);
    if (r == AL_OK) log->schema = AL_SCHEMA_VERSION;
    if (r == AL_OK && old_id) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d", AL_APPLICATION_ID);
        r = exec(log, sql, err);
    }
    if (r != AL_OK) goto fail;
    mark_stale_runs(log);
    *out = log;
    return AL_OK;
fail:
    sqlite3_close(log->db);
    free(log);
    return r;
}

alResult alRunLog_Open(const char *path, alRunLog **out, alError *err)
{
    return open_db(path, false, out, err);
}

alResult alRunLog_OpenReadOnly(const char *path, alRunLog **out, alError *err)
{
    // Checked here so a read never creates the file (nor its folder).
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return alError_Set(err, AL_ERR_NOTFOUND, "%s: no such database", path);
        return alError_Set(err, AL_ERR_IO, "%s: cannot open database: %s", path, strerror(errno));
    }
    return open_db(path, true, out, err);
}

static alResult commit(alRunLog *log, alError *err)
{
    if (!log->in_txn) return AL_OK;
    log->in_txn = false;
    alResult r = exec(log, "COMMIT", err);
    // A failed COMMIT (disk full, I/O error) may leave the transaction open;
    // end it so the next generation can start a new one.
    if (r != AL_OK && !sqlite3_get_autocommit(log->db)) exec(log, "ROLLBACK", NULL);
    return r;
}

void alRunLog_Close(alRunLog *log)
{
    if (!log) return;
    commit(log, NULL);
    sqlite3_finalize(log->ins_gen);
    sqlite3_finalize(log->ins_fig);
    sqlite3_finalize(log->ins_genome);
    sqlite3_finalize(log->sp_begin);
    sqlite3_finalize(log->sp_release);
    bool mark = !log->readonly && log->checked && sqlite3_close(log->db) == SQLITE_OK;
    if (!mark) sqlite3_close(log->db);
    if (mark) al_store_mark_checked(log->path);
    free(log);
}

const char *alRunLog_Warning(const alRunLog *log)
{
    return log->warning;
}

void alRunLog_ShareCheck(const alRunLog *log)
{
    if (log->checked && !log->readonly) al_store_set_checked_env(log->path);
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
        uint64_t x =
            (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
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
    double num;
    if (al_store_number(value, &num)) sqlite3_bind_double(c->st, 4, num);
    else sqlite3_bind_null(c->st, 4);
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
                      " host, pid, sweep, sweep_group, heartbeat)"
                      " VALUES(?,?,?,?,?,?,'running',?,?,?,?,?,CAST(strftime('%s','now') AS INTEGER))";
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
    const char *sweep = alConfig_Text(cfg, "run.sweep");
    if (sweep && sweep[0]) {
        sqlite3_bind_text(st, 10, sweep, -1, SQLITE_STATIC);
        const char *grp = alConfig_Text(cfg, "run.group");
        sqlite3_bind_text(st, 11, grp ? grp : "", -1, SQLITE_STATIC);
    }
    if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
    sqlite3_finalize(st);
    st = NULL;
    *run_id = sqlite3_last_insert_rowid(log->db);
    log->beat_run = *run_id;
    log->last_beat = al_store_now();
    if (sqlite3_prepare_v2(log->db, "INSERT INTO params(run, key, value, num) VALUES(?,?,?,?)", -1, &st,
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

// A statement prepared once per connection and reused: preparing is most of
// the cost of a small insert.
static bool cached(alRunLog *log, sqlite3_stmt **st, const char *sql)
{
    if (*st) {
        sqlite3_reset(*st); // binding a stepped statement would fail
        return true;
    }
    return sqlite3_prepare_v3(log->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) == SQLITE_OK;
}

// Runs a cached statement without parameters once (and resets it).
static bool run_cached(alRunLog *log, sqlite3_stmt **st, const char *sql)
{
    if (!cached(log, st, sql)) return false;
    bool ok = sqlite3_step(*st) == SQLITE_DONE;
    sqlite3_reset(*st);
    return ok;
}

// Resets the inserts so none keeps pointers to the caller's genome or names.
static void reset_inserts(alRunLog *log)
{
    sqlite3_stmt *all[] = {log->ins_gen, log->ins_fig, log->ins_genome};
    for (int i = 0; i < 3; ++i)
        if (all[i]) {
            sqlite3_reset(all[i]);
            sqlite3_clear_bindings(all[i]);
        }
}

alResult alRunLog_AddGeneration(alRunLog *log, int64_t run_id, const alGenStats *s,
                                const void *genome, size_t genome_bytes, alError *err)
{
    if (!log->in_txn) {
        if (exec(log, "BEGIN IMMEDIATE", err) != AL_OK) return AL_ERR_DB;
        log->in_txn = true;
        log->txn_started = al_store_now();
    }
    // A savepoint per generation: a failed insert part-way through (its
    // figures, its genome) takes the generation's earlier rows with it, so
    // the batch, committed later, holds whole generations only.
    sqlite3_stmt *st;
    if (!run_cached(log, &log->sp_begin, "SAVEPOINT gen"))
        return db_error(log, err, "cannot log a generation");
    if (!cached(log, &log->ins_gen,
                "INSERT INTO generations(run, gen, best, mean, worst, stddev, evaluations,"
                " ticks, wall_s) VALUES(?,?,?,?,?,?,?,?,?)"))
        goto dberr;
    st = log->ins_gen;
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
    for (int i = 0; i < s->figure_count; ++i) {
        if (!cached(log, &log->ins_fig,
                    "INSERT INTO figures(run, gen, name, value) VALUES(?,?,?,?)"))
            goto dberr;
        st = log->ins_fig;
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, s->gen);
        sqlite3_bind_text(st, 3, s->figure_names[i], -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 4, s->figures[i]);
        if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
    }
    if (genome && genome_bytes > 0) {
        if (!cached(log, &log->ins_genome,
                    "INSERT INTO genomes(run, gen, rank, fitness, genome) VALUES(?,?,0,?,?)"))
            goto dberr;
        st = log->ins_genome;
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, s->gen);
        sqlite3_bind_double(st, 3, s->best);
        sqlite3_bind_blob64(st, 4, genome, (sqlite3_uint64)genome_bytes, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE) goto dberr;
    }
    reset_inserts(log);
    if (!run_cached(log, &log->sp_release, "RELEASE gen")) {
        db_error(log, err, "cannot log a generation");
        goto undo;
    }
    // The batch's write lock is held while the next generation is computed:
    // a generation that took a batch's time or longer is committed at once, so
    // a slow run (ants, a GUI run, a paused window) never keeps other writers
    // of the file waiting; fast runs still commit about every AL_BATCH_SECONDS.
    return alRunLog_Flush(log, s->wall_s >= AL_BATCH_SECONDS ? 0 : AL_BATCH_SECONDS, err);
dberr:
    alError_Set(err, AL_ERR_DB, "%s: cannot log a generation (generation %lld): %s", log->path,
                (long long)s->gen, sqlite3_errmsg(log->db));
    reset_inserts(log);
undo:
    // Undo this generation only; the generations before it stay in the batch.
    if (!sqlite3_get_autocommit(log->db)) {
        exec(log, "ROLLBACK TO gen", NULL);
        exec(log, "RELEASE gen", NULL);
    } else {
        log->in_txn = false; // SQLite rolled the whole transaction back itself
    }
    return err ? err->code : AL_ERR_DB;
}

// Refreshes the heartbeat of the run being logged when it is due: inside
// the open batch, or as one small autocommit UPDATE between batches. Best
// effort: a busy file only delays it.
static void beat_if_due(alRunLog *log)
{
    if (log->beat_run == 0) return;
    double now = al_store_now();
    if (now - log->last_beat < AL_BEAT_SECONDS) return;
    log->last_beat = now;
    char sql[128];
    snprintf(sql, sizeof sql,
             "UPDATE runs SET heartbeat = CAST(strftime('%%s', 'now') AS INTEGER) WHERE id = %lld",
             (long long)log->beat_run);
    exec(log, sql, NULL);
}

alResult alRunLog_Flush(alRunLog *log, double older_than_s, alError *err)
{
    beat_if_due(log);
    if (!log->in_txn) return AL_OK;
    if (older_than_s > 0 && al_store_now() - log->txn_started < older_than_s) return AL_OK;
    return commit(log, err);
}

alResult alRunLog_EndRun(alRunLog *log, int64_t run_id, const char *status, alError *err)
{
    return alRunLog_EndRunWhy(log, run_id, status, NULL, err);
}

alResult alRunLog_EndRunWhy(alRunLog *log, int64_t run_id, const char *status,
                            const char *stop_reason, alError *err)
{
    if (commit(log, err) != AL_OK) return AL_ERR_DB;
    if (log->beat_run == run_id) log->beat_run = 0;
    char finished[32];
    iso_now(finished, sizeof finished);
    const al_store_bind b[] = {AL_BIND_TEXT(status), AL_BIND_TEXT(finished),
                               AL_BIND_TEXT(stop_reason), AL_BIND_INT(run_id)};
    int changed = al_store_exec(
        log->db, "UPDATE runs SET status = ?, finished = ?, stop_reason = ? WHERE id = ?", b, 4);
    if (changed < 0) return db_error(log, err, "cannot end the run");
    if (changed != 1)
        return alError_Set(err, AL_ERR_DB,
                           "%s: cannot end the run: run %lld is not in the database", log->path,
                           (long long)run_id);
    return AL_OK;
}

alResult alRunLog_DiscardEmptyRun(alRunLog *log, int64_t run_id, bool *removed, alError *err)
{
    if (removed) *removed = false;
    if (commit(log, err) != AL_OK) return AL_ERR_DB;
    // One statement: the check and the delete cannot be split by a writer.
    // params and edits go with the row (ON DELETE CASCADE).
    const al_store_bind b[] = {AL_BIND_INT(run_id)};
    int changed = al_store_exec(log->db,
                                "DELETE FROM runs WHERE id = ?1 AND NOT EXISTS"
                                " (SELECT 1 FROM generations WHERE run = ?1)",
                                b, 1);
    if (changed < 0) return db_error(log, err, "cannot remove the empty run");
    bool gone = changed == 1;
    if (gone && log->beat_run == run_id) log->beat_run = 0;
    if (removed) *removed = gone;
    return AL_OK;
}

alResult alRunLog_MarkEdited(alRunLog *log, int64_t run_id, int64_t gen, int64_t tick,
                             const char *what, alError *err)
{
    // Inside the open batch if there is one (the edit then lands with the
    // generations around it), else in a transaction of its own.
    const al_store_bind b[] = {AL_BIND_INT(run_id), AL_BIND_INT(gen), AL_BIND_INT(tick),
                               AL_BIND_TEXT(what)};
    return al_store_exec(log->db, "INSERT INTO edits(run, gen, tick, what) VALUES(?,?,?,?)", b,
                         4) >= 0
               ? AL_OK
               : db_error(log, err, "cannot mark the run edited");
}

alResult alRunLog_SetFrom(alRunLog *log, int64_t run_id, int64_t from_run, int64_t from_gen,
                          alError *err)
{
    const al_store_bind b[] = {AL_BIND_INT(from_run), AL_BIND_INT(from_gen), AL_BIND_INT(run_id)};
    int changed =
        al_store_exec(log->db, "UPDATE runs SET from_run = ?, from_gen = ? WHERE id = ?", b, 3);
    if (changed < 0) return db_error(log, err, "cannot record where the run starts");
    if (changed != 1)
        return alError_Set(err, AL_ERR_DB,
                           "%s: cannot record where run %lld starts: its row is gone", log->path,
                           (long long)run_id);
    return AL_OK;
}
