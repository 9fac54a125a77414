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
    bool in_txn;        // a batch of generations is open (BEGIN IMMEDIATE)
    double txn_started; // monotonic seconds when the batch began
    // Cached statements of the write path (prepared on first use).
    sqlite3_stmt *ins_gen, *ins_fig, *ins_genome;
};

/// True when the process that logged a 'running' row is certainly gone: same
/// host, and kill(pid, 0) says no such process, or the pid now belongs to a
/// process that started after the run did (pid reuse). Unknown host or pid:
/// false (we cannot tell, so the run keeps its status).
bool al_store_process_gone(const char *host, int64_t pid, const char *started_iso);

/// Seconds on a monotonic clock.
double al_store_now(void);

#endif
