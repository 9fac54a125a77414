/// runsweep.h — which runs of a sweep the database already holds, so
/// `alife sweep` can run only the missing (group, seed) cells.
///
/// A sweep's runs carry its id in the param run.sweep and their group in
/// run.group (see src/core/schema.c); the seed is the run's seed.
#ifndef ALIFE_RUNSWEEP_H
#define ALIFE_RUNSWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "alife/error.h"

/// One run of a sweep, as stored.
typedef struct alSweepRun {
    int64_t id;       ///< run id in this database
    int64_t seed;
    char group[260];  ///< run.group ("" when the sweep varies nothing)
    char status[16];  ///< running, finished, interrupted or failed
} alSweepRun;

/// Lists the runs of sweep in the database at db_path into *out (malloc'd,
/// the caller frees it; NULL when *n == 0), ordered by id. A database that
/// does not exist yet holds no runs (AL_OK, *n = 0); a file that is not an
/// alife database fails with AL_ERR_DB and is not modified.
alResult alRunLog_ListSweep(const char *db_path, const char *sweep, alSweepRun **out, int *n,
                            alError *err);

typedef struct alRunLog alRunLog;

/// What alRunLog_ClaimCell found.
typedef enum alClaim {
    AL_CLAIM_OURS,     ///< the cell is claimed for this process: run it
    AL_CLAIM_FINISHED, ///< the database holds a finished run of the cell: skip it
    AL_CLAIM_TAKEN,    ///< another live process claimed it: ask again later
} alClaim;

/// Claims the cell (sweep, group, seed) for this process, atomically (one
/// BEGIN IMMEDIATE transaction): two sweeps asking at once never both get
/// it. A claim whose process is gone (same host, kill(pid, 0) fails, or
/// the pid was reused) is taken over; a claim of another host is honoured.
/// The claim's owner is this process (host, getpid()): its children must
/// not outlive it. *holder (may be NULL) receives "pid N on HOST" when TAKEN.
alResult alRunLog_ClaimCell(alRunLog *log, const char *sweep, const char *group, int64_t seed,
                            alClaim *out, char *holder, size_t holder_cap, alError *err);
/// Drops this process's claim of the cell (none: no-op).
alResult alRunLog_ReleaseCell(alRunLog *log, const char *sweep, const char *group, int64_t seed,
                              alError *err);
/// Drops every claim of this process (at the end of a sweep).
alResult alRunLog_ReleaseAllCells(alRunLog *log, alError *err);
/// Records the runs that process pid of this host left 'running' as
/// interrupted (finished now, stop_reason 'interrupted'): for a run its
/// sweep had to kill, which could not say so itself. *marked (may be NULL)
/// receives how many rows changed.
alResult alRunLog_InterruptRunsOf(alRunLog *log, int64_t pid, int *marked, alError *err);

#endif
