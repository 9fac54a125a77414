/// runquery.h — reading the run database: list runs, load one run.
///
/// Results come back as objects the store owns: every alRunLog_ListRuns has
/// one alDestroyRunList, every alRunLog_LoadRun one alDestroyRunData. All
/// pointers inside (strings, arrays) stay valid until that destroy and must
/// not be freed by the caller. The objects do not refer to the alRunLog, so
/// they may outlive it.
///
/// Status: a run still marked 'running' whose process is gone (same host and
/// kill(pid, 0) fails with ESRCH, or the pid now belongs to a process that
/// started more than a minute after the run) is reported with status
/// "interrupted" and stale = true. Opened read-only the row is never
/// changed; alRunLog_Open (read-write) rewrites the rows whose process is
/// certainly gone (ESRCH) to 'interrupted'.
#ifndef ALIFE_RUNQUERY_H
#define ALIFE_RUNQUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/error.h"
#include "alife/runlog.h"

/// One resolved config key of a run, in schema order.
typedef struct alRunParam {
    const char *key;   ///< "section.key"
    const char *value; ///< its value as INI text
} alRunParam;

/// One run's row plus a summary of its generations.
typedef struct alRunInfo {
    int64_t id;         ///< row id, the number users type
    const char *uuid;   ///< globally unique id (36 chars)
    const char *module; ///< "steering", "estrings", "ants", ...
    const char *name;   ///< the run's name ("" if none)
    uint64_t seed;
    const char *status;   ///< "running", "finished", "interrupted" or "failed" (as shown)
    bool stale;           ///< stored 'running' but its process is gone: status says "interrupted"
    const char *started;  ///< UTC, ISO 8601 ("2026-11-30T07:26:11Z")
    const char *finished; ///< UTC, ISO 8601, or NULL while running / when the process died
    const char *version;  ///< alife version that ran it
    const char *host;     ///< host name of the process ("" if unknown)
    int64_t pid;          ///< process id of the run (0 if unknown)
    const char *config;   ///< the full resolved config as INI text
    int64_t generation_count; ///< generations logged
    bool has_last;            ///< false when no generation was logged
    double last_best;         ///< best of the last logged generation (NaN if none)
    double last_mean;         ///< mean of the last logged generation (NaN if none)
    double max_best, min_best; ///< the highest and lowest generation best (NaN if none): the
                               ///< run's best is max_best, or min_best where lower is better
                               ///< (alModuleClass.lower_is_better)
    int param_count;
    const alRunParam *params; ///< param_count entries, in schema order
    const char *stop_reason;  ///< why it stopped (alRunLog_EndRunWhy), NULL if not recorded
    int64_t edit_count;       ///< live edits marked (alRunLog_MarkEdited); 0: none
    const char *first_edit;   ///< "generation G, tick T: what" of the first edit, NULL if none
    int64_t from_run;         ///< the run this one continues (alRunLog_SetFrom), 0: none
    int64_t from_gen;         ///< its first generation, numbered as in from_run (0 when none)
} alRunInfo;

/// One logged generation.
typedef struct alRunGen {
    int64_t gen;
    double best, mean, worst, stddev; ///< NaN when not stored
    int64_t evaluations;              ///< fitness evaluations so far in the run
    int64_t ticks;                    ///< simulation ticks so far in the run
    double wall_s;                    ///< wall time of this generation, seconds
    const double *figures; ///< alRunData.figure_count values; NaN where this generation has none
} alRunGen;

/// One stored genome (at least the best of each generation, rank 0).
typedef struct alRunGenome {
    int64_t gen;
    int rank; ///< 0 = best
    double fitness;
    const void *bytes; ///< the module's genome encoding
    size_t size;       ///< bytes
} alRunGenome;

/// A whole run, from alRunLog_LoadRun.
typedef struct alRunData {
    alRunInfo info;
    int figure_count;
    const char *const *figure_names; ///< module figure names, in the order the module reports them
    int64_t gen_count;
    const alRunGen *gens; ///< ordered by gen
    int64_t genome_count;
    const alRunGenome *genomes; ///< ordered by gen, rank; empty unless asked for
} alRunData;

typedef struct alRunList alRunList;

/// Lists the runs, oldest first, of module (NULL or "" for all modules), with
/// their params. *out receives a list to free with alDestroyRunList.
alResult alRunLog_ListRuns(alRunLog *log, const char *module, alRunList **out, alError *err);
/// Number of runs in the list.
int alRunList_Count(const alRunList *list);
/// Run i (0 <= i < count), valid until alDestroyRunList.
const alRunInfo *alRunList_Get(const alRunList *list, int i);
/// Frees the list; NULL is a no-op.
void alDestroyRunList(alRunList *list);

/// Finds a run by reference: its numeric id ("42") or a unique prefix of its
/// uuid (at least 4 hex digits). AL_ERR_NOTFOUND (message "no run REF in
/// PATH") when nothing matches, AL_ERR_USAGE when a uuid prefix is ambiguous.
alResult alRunLog_FindRun(alRunLog *log, const char *ref, int64_t *run_id, alError *err);

/// Loads run run_id with its params and generations (and its genomes when
/// with_genomes). *out receives the run to free with alDestroyRunData.
/// AL_ERR_NOTFOUND when there is no such run.
alResult alRunLog_LoadRun(alRunLog *log, int64_t run_id, bool with_genomes, alRunData **out,
                          alError *err);
/// Frees a loaded run; NULL is a no-op.
void alDestroyRunData(alRunData *run);

/// The path the database was opened with (for messages).
const char *alRunLog_Path(const alRunLog *log);

#endif
