/// runlog.h — the run database (SQLite; src/store is its only user).
///
/// Tables: runs, params, generations, figures, genomes, claims; views
/// run_status, run_summary, generations_wide: docs/database.md documents
/// every column and blob format.
/// Schema version in PRAGMA user_version; WAL, synchronous=NORMAL,
/// busy_timeout, so several processes can log into one file at once.
/// A file that is not an alife database, or has a newer schema, is refused
/// with an error and never modified. Reading is in runquery.h.
///
/// Threads: an alRunLog belongs to one thread at a time; several processes
/// (or several alRunLogs in one process) may log into one file at once.
/// Errors: every function returns AL_OK or a code and fills err (which may be
/// NULL) with a message naming the database path.
#ifndef ALIFE_RUNLOG_H
#define ALIFE_RUNLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/config.h"
#include "alife/error.h"
#include "alife/module.h"

/// Default database path, relative to the working directory.
#define AL_DEFAULT_DB "results/runs.db"

typedef struct alRunLog alRunLog;

/// Opens (creating it and its folders if missing) the database at path, for
/// logging. Migrates an older schema. Runs of this host left 'running' by a
/// process that no longer exists (kill(pid, 0) fails with ESRCH) are marked
/// 'interrupted'.
/// Errors: AL_ERR_USAGE (exit 2) when the file is not an alife run database
/// (not SQLite, another program's SQLite database, a newer schema): the file
/// is then left byte for byte unchanged; AL_ERR_IO when it cannot be opened
/// or its folder created; AL_ERR_DB when SQLite fails.
alResult alRunLog_Open(const char *path, alRunLog **out, alError *err);
/// Opens an existing database read-only: never creates, migrates or changes
/// it. AL_ERR_NOTFOUND (exit 2) when the file does not exist, AL_ERR_USAGE
/// as above (and for an empty file). Read it with runquery.h.
/// Needs no write access: in a folder or mount the caller cannot write (so
/// WAL's -shm file cannot be made) the file is read as immutable, provided
/// no -wal file with a writer's work lies beside it.
alResult alRunLog_OpenReadOnly(const char *path, alRunLog **out, alError *err);
/// Commits any pending batch and closes; NULL is a no-op.
void alRunLog_Close(alRunLog *log);

/// Damage. Before writing, alRunLog_Open runs PRAGMA quick_check unless the
/// file is as a clean alife close left it (recorded in PATH-checked: its
/// identity, size, mtime and ctime, and no -wal file); a damaged file is
/// refused with AL_ERR_DB (exit 1) and not written. alRunLog_OpenReadOnly
/// checks the same way (not while a writer's -wal is beside the file) and
/// opens a damaged file anyway: this returns the warning to show ("" when
/// none).
const char *alRunLog_Warning(const alRunLog *log);
/// Tells the processes this one starts (environment ALIFE_DB_CHECKED) that
/// the file was found sound at this open, so they skip the check: a sweep
/// checks once for all its runs. No-op unless log was opened for logging.
void alRunLog_ShareCheck(const alRunLog *log);

/// Starts a run: a new row with status 'running', the resolved config text,
/// its params (alConfig_Each), this host and process id and a fresh uuid.
/// name NULL is "". *run_id receives its id. The config is read, not kept.
alResult alRunLog_BeginRun(alRunLog *log, const alConfig *cfg, const char *name, uint64_t seed,
                           int64_t *run_id, alError *err);
/// Logs one finished generation, its module figures, and the best genome
/// (rank 0) if genome != NULL, whole or not at all: on an error none of the
/// generation's rows stay in the batch (a savepoint per generation), the
/// generations logged before it do. Generations are batched: the batch's
/// transaction commits once it is 50 ms old (checked here and by
/// alRunLog_Flush), so a fast run is not limited by commits and a crash
/// loses at most the last ~50 ms. The genome bytes are copied.
alResult alRunLog_AddGeneration(alRunLog *log, int64_t run_id, const alGenStats *s,
                                const void *genome, size_t genome_bytes, alError *err);
/// Commits the pending batch of generations if it is at least older_than_s
/// seconds old (0: whatever its age). Cheap when nothing is pending: call it
/// between generations (every tick) so a slow generation never keeps the
/// batch, and the write lock other processes wait for, open.
alResult alRunLog_Flush(alRunLog *log, double older_than_s, alError *err);
/// Ends a run: commits the batch, sets status "finished", "interrupted" or
/// "failed", and the finish time. AL_ERR_DB when the commit or the update
/// fails (or the run's row is gone): the caller must report it.
alResult alRunLog_EndRun(alRunLog *log, int64_t run_id, const char *status, alError *err);
/// Same, also recording why the run stopped (runs.stop_reason; NULL leaves
/// it unset): "solved", "stalled", "generations" (run.generations reached),
/// "steps" (run.steps reached), "interrupted" (a signal, or the user left a
/// GUI run) or "failed".
alResult alRunLog_EndRunWhy(alRunLog *log, int64_t run_id, const char *status,
                            const char *stop_reason, alError *err);
/// Removes run run_id if it has no generation logged (a window session left
/// before it finished one: a mode or scenario shown and left, a replay): its
/// row, params and edits go. Commits the batch first. *removed (may be NULL)
/// says whether the run was removed; a run with a generation is left as it
/// is (AL_OK, *removed false). AL_ERR_DB when SQLite fails.
alResult alRunLog_DiscardEmptyRun(alRunLog *log, int64_t run_id, bool *removed, alError *err);
/// Marks run run_id as changed by hand while it ran (a GUI run whose vehicle,
/// target, obstacles or path the user changed): at generation gen (the
/// generations finished so far) and tick, what is a short description
/// ("target moved"). Such a run cannot be reproduced from its config:
/// compare leaves it out unless asked and replay refuses it. Written in the
/// open batch if there is one (committed with it), else at once.
alResult alRunLog_MarkEdited(alRunLog *log, int64_t run_id, int64_t gen, int64_t tick,
                             const char *what, alError *err);
/// Records that run run_id continues run from_run from its generation
/// from_gen (alife gui --from RUN:GEN): the run's own generations are
/// numbered as in from_run, from from_gen on, and a replay starts from
/// from_run's stored population there. Written in the open batch if there
/// is one. AL_ERR_DB when SQLite fails or the row is gone.
alResult alRunLog_SetFrom(alRunLog *log, int64_t run_id, int64_t from_run, int64_t from_gen,
                          alError *err);

#endif
