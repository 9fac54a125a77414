// store_internal.h — what the files of src/store share; not a public header.
#ifndef ALIFE_STORE_INTERNAL_H
#define ALIFE_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "alife/runlog.h"

struct alRunLog {
    sqlite3 *db;
    char path[1024];
    bool readonly;
    int64_t schema;     // PRAGMA user_version as opened (a read-only file is not migrated)
    bool checked;       // sound at open (trusted or quick_check ok)
    char warning[1024]; // a reader's note: the file is damaged ("" if not)
    bool in_txn;        // a batch of generations is open (BEGIN IMMEDIATE)
    double txn_started; // monotonic seconds when the batch began
    int64_t beat_run;   // the run whose heartbeat this log keeps (0: none)
    double last_beat;   // monotonic seconds of its last heartbeat
    // Cached statements of the write path (prepared on first use).
    sqlite3_stmt *ins_gen, *ins_fig, *ins_genome;
    sqlite3_stmt *sp_begin, *sp_release; // SAVEPOINT / RELEASE of one generation
};

/// What is known of the process that logged a 'running' row.
typedef enum run_process {
    RUN_PROCESS_ALIVE_OR_UNKNOWN, // alive, or another host's, or no pid: keep 'running'
    RUN_PROCESS_GONE,             // same host, kill(pid, 0) says no such process
    RUN_PROCESS_REUSED,           // same host, the pid belongs to a process that started
                                  // well (> 60 s) after the run did
} run_process;

/// Checks the process of a 'running' row (host and pid as stored, started as
/// ISO 8601 UTC). GONE is certain; REUSED relies on the clock not having
/// jumped by more than a minute since the run started, so only readers act
/// on it (they show the run interrupted); the writer rewrites rows only when
/// GONE.
run_process al_store_run_process(const char *host, int64_t pid, const char *started_iso);

/// A "file:" URI for path (with '%', '?' and '#' escaped) followed by
/// "?query" (e.g. "mode=ro"); malloc'd, NULL when out of memory.
char *al_store_uri(const char *path, const char *query);

/// After a read-only open of path failed with SQLite code sqlite_code: is
/// the cause a folder or mount the reader cannot write (WAL's -shm cannot be
/// made) while no writer's -wal content waits beside the file? Then the file
/// is read as immutable ("?immutable=1"): nothing can be writing to it.
bool al_store_ro_fallback(const char *path, int sqlite_code);

/// Damage detection (soundness.c). Is the file at path as a clean alife
/// close left it (PATH-checked matches, no -wal), or vouched for by the
/// sweep that started this process (ALIFE_DB_CHECKED)? Then quick_check
/// may be skipped.
bool al_store_trusted(const char *path);
/// Does a -wal file with content lie beside path (a writer is active, or
/// one crashed)?
bool al_store_wal_pending(const char *path);
/// After a clean close (no -wal left): records the file in PATH-checked.
void al_store_mark_checked(const char *path);
/// Tells child processes (ALIFE_DB_CHECKED) that path was just checked.
void al_store_set_checked_env(const char *path);
/// PRAGMA quick_check; AL_ERR_DB naming path and the first problem if not ok.
alResult al_store_quick_check(sqlite3 *db, const char *path, alError *err);

/// Is s a decimal number (as params.num stores it)? Then *out is its value.
bool al_store_number(const char *s, double *out);
/// Registers al_number(text) -> REAL or NULL on db (used by migrations).
bool al_store_register_functions(sqlite3 *db);

/// One value for a '?' of al_store_exec: text (NULL binds SQL NULL) or a number.
typedef struct al_store_bind {
    bool is_text;
    const char *text;
    int64_t num;
} al_store_bind;
#define AL_BIND_INT(v) ((al_store_bind){.is_text = false, .text = NULL, .num = (v)})
#define AL_BIND_TEXT(s) ((al_store_bind){.is_text = true, .text = (s), .num = 0})

/// Runs one statement on db with its '?' bound in order to b[0..n) (texts
/// are the caller's, bound SQLITE_STATIC). Returns the rows it changed, or
/// -1 if it failed (sqlite3_errmsg(db) says why).
int al_store_exec(sqlite3 *db, const char *sql, const al_store_bind *b, int n);

/// Seconds on a monotonic clock.
double al_store_now(void);

#endif
