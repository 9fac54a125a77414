// session.h — one running experiment: a module instance driven tick by tick,
// with each finished generation logged to the run database. The headless
// runner and the GUI both drive modules through this.
#ifndef ALIFE_APP_SESSION_H
#define ALIFE_APP_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "alife/config.h"
#include "alife/module.h"
#include "alife/runlog.h"

typedef struct al_session {
    const alModuleClass *cls;
    void *mod;          ///< the module instance
    alConfig *cfg;      ///< owned
    alRunLog *log;      ///< NULL when not logging
    int64_t run_id;     ///< row in runs, when logging
    uint64_t seed;
    int64_t max_gens;   ///< run.generations
    int64_t target;     ///< a generation to evolve on to past max_gens, which stays the limit
    const char *end_why; ///< a stop reason the runner set (static), NULL: al_session_stop_reason's own;
                         ///< the window's "limit_again": E brought the limit back below the generations done
                        ///< (the window's J or Shift+N past it); 0: none
    int64_t max_steps;  ///< run.steps (0: none)
    int64_t gens;       ///< generations finished
    int64_t first_gen;  ///< the generation it started at: 0, or the stored one restored
                        ///< (al_session_restore); it has logged gens - first_gen
    int64_t ticks;      ///< ticks stepped
    int64_t gen_tick0;  ///< ticks when the generation under way began (its tick: ticks - gen_tick0)
    double gen_started; ///< al_now() when the current generation began
    alGenStats last;    ///< last finished generation
    bool have_last;
    bool goal;          ///< the module asked to stop: goal reached, or stalled
                        ///< (al_session_stop_reason says which)
    int64_t edits;      ///< live edits marked (al_session_mark_edited)
    char last_edit[64]; ///< what the last one changed ("" if none)
    int64_t last_edit_gen;
    int64_t last_edit_gesture; ///< the gesture it came from (0: none; al_session_mark_edited)
    alError log_err;    ///< the last logging failure of al_session_end_run (code 0: none)
    int64_t log_from;   ///< generations numbered below this are not logged: the way of a
                        ///< run continued from another's generation to its start (0: all)
} al_session;

/// Creates the module from cfg (taking ownership of cfg, also on failure) and,
/// if db_path is not NULL, opens the database and begins a run named name.
/// The module is created before the database is touched, so a config the
/// module rejects writes nothing.
alResult al_session_open(al_session *s, alConfig *cfg, const char *db_path, const char *name,
                         alError *err);
/// Same, with the module class given instead of found from the config's
/// run.module (tests drive a module of their own through the real session).
/// The run is logged under the config's module name.
alResult al_session_open_with_class(al_session *s, const alModuleClass *cls, alConfig *cfg,
                                    const char *db_path, const char *name, alError *err);
/// Resumes the session's run at generation gen from that generation's stored
/// genome blob (the module's restore): gens becomes gen (ticks, the ticks
/// this session stepped, stays). AL_ERR_CONFIG when the module has no
/// restore or refuses the blob (err says why); the session is then unchanged.
alResult al_session_restore(al_session *s, int64_t gen, const void *bytes, size_t size, alError *err);
/// Steps one tick; returns 1 when a generation finished (and was logged),
/// 0 when not, -1 on a logging error (err filled).
int al_session_step(al_session *s, alError *err);
/// Advances up to max_ticks (>= 1) ticks, stopping after a generation ends
/// and at run.steps, through the module's step_many when it has one (else
/// one step); *ticks (may be NULL) receives the ticks advanced. The same
/// results as that many al_session_step calls; returns as al_session_step.
/// For callers that do not draw or inspect every tick; like al_session_step,
/// call it only while !al_session_done(s).
int al_session_advance(al_session *s, int64_t max_ticks, int64_t *ticks, alError *err);
/// Most ticks al_session_run advances in one call.
#define AL_SESSION_RUN_TICKS 8192
/// True when the generation or tick limit (or the target past it), or the
/// module's goal, is reached.
bool al_session_done(const al_session *s);
/// Whether the run evolves on to a target past its limit (s->target).
bool al_session_past_limit(const al_session *s);
/// Called after each finished generation by al_session_run.
typedef void (*al_session_progress)(const al_session *s, void *ctx);
/// Installs handlers so SIGINT and SIGTERM set al_session_stop and say
/// "alife: stopping..." on stderr at once: the run stops between two
/// advances, keeping its generations.
void al_session_catch_signals(void);
/// The same handlers, but the modules are not told (alStop_Watch): the
/// generation under way is not cut short, and the caller looks at
/// al_session_stop between its own short steps (the window, each frame).
void al_session_catch_signals_unwatched(void);
/// The signal that asked the run to stop, or 0.
extern volatile sig_atomic_t al_session_stop;
/// Advances until done, a stop request (al_session_stop), or a logging
/// error, in advances of about 50 ms (AL_SESSION_RUN_TICKS ticks at most),
/// so a stop request is seen within about that, whatever a tick costs.
/// Returns the run's end status: "finished", "interrupted" (err says which
/// signal, code AL_ERR_INTERRUPTED) or "failed" (err filled). Pending
/// generations are committed before it returns, so every finished
/// generation is in the database. Does not end the run: pass the status to
/// al_session_close.
const char *al_session_run(al_session *s, al_session_progress progress, void *ctx, alError *err);
/// Why the run stopped, for the output and runs.stop_reason: "solved",
/// "stalled", "steps" (run.steps reached), "generations" (run.generations
/// reached), "target" (s->target, past run.generations, reached),
/// s->end_why when set (the window's "limit_again"), "interrupted" or "failed" (from status), NULL when it has not
/// stopped for any of these (a "finished" status before any limit).
const char *al_session_stop_reason(const al_session *s, const char *status);
/// Ends the logged run with status ("finished", "interrupted", "failed") and
/// its stop reason, commits and closes the database, keeping the module.
/// Returns the store's error (the caller must report it: the row may still
/// say 'running'); the database is closed either way. AL_OK when not logging.
alResult al_session_end(al_session *s, const char *status, alError *err);
/// Ends the run with status ("finished", "interrupted", "failed") and frees all.
/// A logging failure while ending is lost here: call al_session_end first
/// to learn of it.
void al_session_close(al_session *s, const char *status);
/// al_session_end for the GUI: a failure is kept in s->log_err (and
/// returned) for the window to show. A later al_session_close then only
/// frees. No-op when not logging.
alResult al_session_end_run(al_session *s, const char *status);
/// Marks the running run as changed by hand (a GUI edit of a vehicle, the
/// target, obstacles, path or the vehicle count): the database records the
/// generation, tick and what ("target moved"), so compare leaves the run out
/// and replay refuses it. A repeat of the last edit within the same
/// generation (a drag) is recorded once, and so is one within the same
/// gesture (gesture: a number the caller gives each wheel or drag gesture
/// on a panel value, which may span generations; 0: no gesture). Counted in
/// s->edits also when not logging. Returns the store's error (err filled)
/// or AL_OK.
alResult al_session_mark_edited(al_session *s, const char *what, int64_t gesture, alError *err);

#endif
