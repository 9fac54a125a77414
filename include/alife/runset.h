/// runset.h — a set of runs loaded from the run database for comparison:
/// each run's identity, its params and the curves of one chosen metric.
///
/// Runs are chosen by id, by sweep (param run.sweep), or by filters on run
/// columns and params, and are returned in id order. The database is opened
/// read-only and never modified.
#ifndef ALIFE_RUNSET_H
#define ALIFE_RUNSET_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/error.h"

/// One run as loaded. Strings and arrays are owned by the set.
typedef struct alRunRecord {
    int64_t id;
    char uuid[40];
    char module[32];
    char name[80];
    int64_t seed;
    char status[16];   ///< running, finished, interrupted or failed
    int nparams;
    char **keys;       ///< param keys ("ga.mutation_rate"), in key order
    char **values;     ///< their values as stored (INI text)
    int ngens;         ///< generations logged, gen[i] ascending
    double *gen;       ///< generation numbers
    double *best, *mean; ///< best and mean fitness per generation
    double *metric;    ///< the chosen metric per generation (may alias best or mean)
} alRunRecord;

typedef struct alRunSet {
    alRunRecord *runs; ///< n runs in id order
    int n;
    int skipped_unfinished; ///< runs matching the selection left out as not finished
    int skipped_empty;      ///< runs matching the selection left out for having no generations
} alRunSet;

/// Which runs to load. Give ids, or a sweep and/or filters (not both ids and
/// the others).
typedef struct alRunQuery {
    const int64_t *ids;   ///< explicit run ids (any status); each must exist
    int id_count;
    const char *sweep;    ///< runs whose param run.sweep equals this, or NULL
    const char *const *where; ///< "key=value" filters, all must hold: key is a run column
                          ///< (id, module, name, seed, status) or a param key; values that
                          ///< both parse as numbers compare as numbers (0.05 = 5e-2)
    int where_count;
    bool include_unfinished; ///< with sweep/where: keep running/interrupted/failed runs too
    const char *metric;   ///< "best", "mean", "worst", "stddev" or a module figure name
} alRunQuery;

/// Loads the runs q selects from the database at db_path into out (which the
/// caller frees with alRunSet_Free, also after a failure). Fails with
/// AL_ERR_NOTFOUND naming the id when an explicit id is not in the database,
/// when an explicit run has no generations, when nothing matches the sweep or
/// filters (the message says what was asked and what the database holds), or
/// when a run lacks the metric (listing the figures it has); AL_ERR_USAGE for
/// a malformed filter; AL_ERR_DB for a file that is not an alife database.
alResult alRunSet_Load(const char *db_path, const alRunQuery *q, alRunSet *out, alError *err);

/// The value of param key of run r, or NULL.
const char *alRunRecord_Param(const alRunRecord *r, const char *key);

/// Frees everything the set holds and zeroes it; NULL is a no-op.
void alRunSet_Free(alRunSet *set);

#endif
