/// runsweep.h — which runs of a sweep the database already holds, so
/// `alife sweep` can run only the missing (group, seed) cells.
///
/// A sweep's runs carry its id in the param run.sweep and their group in
/// run.group (see src/core/schema.c); the seed is the run's seed.
#ifndef ALIFE_RUNSWEEP_H
#define ALIFE_RUNSWEEP_H

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

#endif
