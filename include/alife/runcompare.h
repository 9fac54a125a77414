/// runcompare.h — runs side by side: their final figures and the parameters
/// in which they differ. The aggregation lives in the store; the CLI and the
/// GUI only print it.
#ifndef ALIFE_RUNCOMPARE_H
#define ALIFE_RUNCOMPARE_H

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

#endif
