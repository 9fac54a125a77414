// from_run.h — a run continued from another's generation (alife gui --from
// RUN:GEN). The rule every command keeps: the new run records the run it
// continues and GEN (alRunLog_SetFrom); it stores only the generations it
// evolves itself, GEN on, numbered as in that run (the way there, whether
// loaded or re-simulated, is the parent's and is not stored again); a window
// closed before one of them finished stores no run. `alife replay` starts
// it the way the window did (al_from_reach), `show` and `export` say the
// range it has, `compare` plots it from GEN.
#ifndef ALIFE_APP_FROM_RUN_H
#define ALIFE_APP_FROM_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "alife/runquery.h"
#include "session.h"

/// The stored population a continuation of run at generation gen starts
/// from: run's best-genome blob (rank 0) of gen, else of gen - 1 (then one
/// generation is run from it); NULL when neither is stored (then the way
/// there is re-simulated from the seed). The pointer is into run.
const alRunGenome *al_from_population(const alRunData *run, int64_t gen);

/// Brings s, opened fresh from parent's config, to generation gen as
/// `alife gui --from` does: from the population al_from_population picks,
/// else from the seed, logging none of the generations on the way (sets
/// s->log_from to gen); a module that cannot restore the population goes
/// from the seed, as the window does. how (cap bytes) receives a short
/// "from the stored population of generation G" or "from the seed (why)".
/// Returns AL_ERR_DB on a logging error (err filled), AL_ERR_INTERRUPTED
/// when al_session_stop was set on the way, else AL_OK.
alResult al_from_reach(al_session *s, const alRunData *parent, int64_t gen, char *how, size_t cap,
                       alError *err);

#endif
