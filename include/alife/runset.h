/// runset.h — the runs `alife compare` and the GUI compare view work on:
/// chosen by reference (id or uuid prefix), by sweep (param run.sweep) or by
/// filters on run fields and params, loaded through the store's read API
/// (runquery.h), compared by alRunLog_Compare (the params in which
/// they differ, below), with one chosen metric as a curve per run.
///
/// The database is opened read-only and never modified.
#ifndef ALIFE_RUNSET_H
#define ALIFE_RUNSET_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/error.h"
#include "alife/runquery.h"

/// The comparison of several runs. Everything is owned by the comparison and
/// valid until alDestroyComparison.
typedef struct alComparison {
    int run_count;
    const alRunData *const *runs; ///< the runs (with generations), in the order asked
    int diff_count;
    const char *const *diff_keys;   ///< params whose values differ between the runs (or that
                                    ///< some runs lack), in the first run's order, then others'
    const char *const *diff_values; ///< run_count * diff_count: value of diff_keys[k] in run i
                                    ///< at [i * diff_count + k]; NULL where run i lacks the key
} alComparison;

/// Loads runs ids[0..n) (n >= 1) and compares them. AL_ERR_NOTFOUND ("no
/// run 42 in PATH") if one does not exist. *out receives a comparison to free
/// with alDestroyComparison.
alResult alRunLog_Compare(alRunLog *log, const int64_t *ids, int n, alComparison **out,
                          alError *err);
/// Frees a comparison; NULL is a no-op.
void alDestroyComparison(alComparison *cmp);

/// One run of the set. Pointers are owned by the set.
typedef struct alRunRecord {
    const alRunInfo *info; ///< id, uuid, module, name, seed, status (as shown), params
    const alRunData *data; ///< the whole run (generations, figures)
    int ngens;             ///< generations logged, gen[i] ascending
    double *gen;           ///< generation numbers
    double *best, *mean;   ///< best and mean fitness per generation
    double *metric;        ///< the chosen metric per generation
} alRunRecord;

typedef struct alRunSet {
    alComparison *cmp;      ///< the store's comparison of the runs (params that differ)
    alRunRecord *runs;      ///< n runs, in the order cmp holds them
    int n;
    int skipped_unfinished; ///< runs matching the selection left out as not finished
    int skipped_empty;      ///< runs matching the selection left out for having no generations
    int skipped_edited;     ///< runs left out as changed by hand in the window (see
                            ///< alRunQuery.include_edited); their ids in edited_ids
    int64_t *edited_ids;
    int skipped_duplicates; ///< runs left out as repeats of a kept run (same group, seed and
                            ///< config, e.g. both copies after db merge of overlapping seeds):
                            ///< duplicate_ids[i] repeats duplicate_of[i]
    int64_t *duplicate_ids, *duplicate_of;
    char warning[1024];     ///< the database's damage warning (alRunLog_Warning), "" if none
} alRunSet;

/// Which runs to load: refs, or a sweep and/or filters (not both).
typedef struct alRunQuery {
    const char *const *refs; ///< run references (id or uuid prefix, see alRunLog_FindRun),
                             ///< any status; each must exist and be named once
    int ref_count;
    const char *sweep;       ///< runs whose param run.sweep equals this, or NULL
    const char *const *where; ///< "key=value" filters, all must hold: key is a run field
                             ///< (id, uuid, module, name, seed, status) or a config key;
                             ///< values that both parse as numbers compare as numbers;
                             ///< "key=v1,v2" holds when the value is any of them (not for
                             ///< name and string config keys, which may hold commas)
    int where_count;
    bool include_unfinished; ///< with sweep/where: keep interrupted/failed/running runs too
    const char *metric;      ///< "best", "mean", "worst", "stddev" or a module figure name
    bool include_edited;     ///< keep runs changed by hand in the window (alRunLog_MarkEdited);
                             ///< false: left out of a sweep/where selection, and an error
                             ///< for a run named by reference
    const char *group_by;    ///< the key runs are grouped by (NULL: one group per run); runs of
                             ///< one group with the same seed and the same params (apart from
                             ///< run.name and run.threads, which change no result) are one cell:
                             ///< only the lowest id is kept unless keep_duplicates
    bool keep_duplicates;
} alRunQuery;

/// Loads the runs q selects from the database at db_path into out (free it
/// with alRunSet_Free, also after a failure). Errors: those of
/// alRunLog_OpenReadOnly and alRunLog_FindRun (AL_ERR_NOTFOUND "no run 42 in
/// PATH"); AL_ERR_USAGE for a run named twice or a malformed or unknown
/// filter key; AL_ERR_NOTFOUND when nothing matches the sweep or filters
/// (saying what was asked), when an explicitly named run has no generations,
/// or when a run lacks the metric (listing the metrics it has).
alResult alRunSet_Load(const char *db_path, const alRunQuery *q, alRunSet *out, alError *err);

/// The value of param key of run r, or NULL.
const char *alRunRecord_Param(const alRunRecord *r, const char *key);

/// Frees everything the set holds and zeroes it; NULL is a no-op.
void alRunSet_Free(alRunSet *set);

#endif
