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
    bool in_txn;        // a batch of generations is open (BEGIN IMMEDIATE)
    double txn_started; // monotonic seconds when the batch began
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

/// Seconds on a monotonic clock.
double al_store_now(void);

#endif
