/// runmerge.h — merging run databases from several machines into one.
///
/// Runs are identified by their uuid, never by their id: a run already in the
/// target (same uuid) is not copied again, so merging the same database twice
/// adds nothing, and runs from different machines never clash on ids (each
/// copied run gets a fresh id in the target). Params, generations, figures and
/// genomes follow their run. A run the target holds as 'running' whose copy in
/// a source went further (more generations, or an end status) is completed
/// from the source, so merging a copy taken mid-run and later the final one
/// leaves the final state.
#ifndef ALIFE_RUNMERGE_H
#define ALIFE_RUNMERGE_H

#include <stdint.h>
#include "alife/error.h"

/// What a merge did, summed over its sources.
typedef struct alMergeCounts {
    int64_t runs_added;        ///< runs new to the target
    int64_t runs_present;      ///< runs the target already had (same uuid)
    int64_t runs_updated;      ///< of those, runs completed from a source
    int64_t generations_added; ///< generation rows copied
} alMergeCounts;

/// Merges the run databases sources[0..n) into the database at into_path
/// (created, with its folder, if missing; it may also be one of the usual
/// databases). Every source, and the target if it exists, is checked first
/// (an alife database, a schema this build reads, passes SQLite's
/// quick_check); if any fails, nothing is created or modified and the error
/// names the file (AL_ERR_DB or AL_ERR_NOTFOUND). Sources are only read. Each
/// source is merged in one transaction. counts may be NULL.
alResult alRunLog_Merge(const char *into_path, const char *const *sources, int n,
                        alMergeCounts *counts, alError *err);

#endif
