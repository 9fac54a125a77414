/// runlog.h — the run database (SQLite; src/store is its only user).
///
/// Tables: runs, params, generations, genomes (see docs in src/store/runlog.c).
/// Schema version in PRAGMA user_version; WAL, synchronous=NORMAL,
/// busy_timeout, so several processes can log into one file at once.
/// A file that is not an alife database, or has a newer schema, is refused
/// with an error and never modified.
#ifndef ALIFE_RUNLOG_H
#define ALIFE_RUNLOG_H

#include <stddef.h>
#include <stdint.h>
#include "alife/config.h"
#include "alife/error.h"
#include "alife/module.h"

/// Default database path, relative to the working directory.
#define AL_DEFAULT_DB "results/runs.db"

typedef struct alRunLog alRunLog;

/// Opens (creating it and its folder if missing) the database at path.
alResult alRunLog_Open(const char *path, alRunLog **out, alError *err);
/// Opens an existing database read-only; never creates or migrates it.
alResult alRunLog_OpenReadOnly(const char *path, alRunLog **out, alError *err);
/// Closes; NULL is a no-op.
void alRunLog_Close(alRunLog *log);

/// Starts a run: a new row with status 'running', the resolved config text,
/// its params, this process id and a fresh uuid. *run_id receives its id.
alResult alRunLog_BeginRun(alRunLog *log, const alConfig *cfg, const char *name, uint64_t seed,
                           int64_t *run_id, alError *err);
/// Logs one finished generation (and the best genome if genome != NULL) in
/// one transaction.
alResult alRunLog_AddGeneration(alRunLog *log, int64_t run_id, const alGenStats *s,
                                const void *genome, size_t genome_bytes, alError *err);
/// Ends a run: status "finished", "interrupted" or "failed", and the finish time.
alResult alRunLog_EndRun(alRunLog *log, int64_t run_id, const char *status, alError *err);

#endif
