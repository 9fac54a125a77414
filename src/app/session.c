#include "session.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "alife/stop.h"
#include "cli.h"
#include "memory.h"
#include "options.h"

alResult al_session_open(al_session *s, alConfig *cfg, const char *db_path, const char *name,
                         alError *err)
{
    const alModuleClass *cls = alModule_Find(alConfig_Module(cfg));
    if (!cls) {
        alError_Set(err, AL_ERR_NOTFOUND, "module '%s' is not part of this build",
                    alConfig_Module(cfg));
        alDestroyConfig(cfg);
        memset(s, 0, sizeof *s);
        return AL_ERR_NOTFOUND;
    }
    return al_session_open_with_class(s, cls, cfg, db_path, name, err);
}

alResult al_session_open_with_class(al_session *s, const alModuleClass *cls, alConfig *cfg,
                                    const char *db_path, const char *name, alError *err)
{
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->cls = cls;
    s->seed = (uint64_t)alConfig_Int(cfg, "run.seed");
    s->max_gens = alConfig_Int(cfg, "run.generations");
    s->max_steps = alConfig_Int(cfg, "run.steps");
    // Refuse what cannot fit before allocating it (the kernel would kill
    // the process later without a word).
    alResult r = al_mem_check(cfg, err);
    if (r != AL_OK) goto fail;
    r = s->cls->create(cfg, s->seed, &s->mod, err);
    if (r == AL_ERR_CONFIG) alConfig_Locate(cfg, err); // checks made while creating
    if (r != AL_OK) goto fail;
    if (db_path) {
        r = alRunLog_Open(db_path, &s->log, err);
        if (r == AL_OK) r = alRunLog_BeginRun(s->log, cfg, name, s->seed, &s->run_id, err);
        if (r != AL_OK) goto fail;
    }
    s->gen_started = al_now();
    return AL_OK;
fail:
    if (s->mod) s->cls->destroy(s->mod);
    alRunLog_Close(s->log);
    alDestroyConfig(cfg);
    memset(s, 0, sizeof *s);
    return err ? err->code : AL_ERR_CONFIG;
}

int al_session_advance(al_session *s, int64_t max_ticks, int64_t *ticks, alError *err)
{
    // Never past run.steps: the tick limit stays exact.
    if (s->max_steps > 0 && max_ticks > s->max_steps - s->ticks) max_ticks = s->max_steps - s->ticks;
    int64_t done = 1;
    bool ended = max_ticks > 1 && s->cls->step_many ? s->cls->step_many(s->mod, max_ticks, &done)
                                                    : s->cls->step(s->mod);
    s->ticks += done;
    if (ticks) *ticks = done;
    if (!ended) {
        // Do not keep a batch of generations (and the write lock) open
        // through a long generation.
        if (s->log && alRunLog_Flush(s->log, 0.05, err) != AL_OK) return -1;
        return 0;
    }
    double now = al_now();
    s->cls->last_stats(s->mod, &s->last);
    s->last.wall_s = now - s->gen_started;
    s->gen_started = now;
    s->gen_tick0 = s->ticks;
    s->have_last = true;
    s->gens++;
    s->goal = s->cls->finished(s->mod);
    if (s->log && s->gens - 1 >= s->log_from) { // the parent's generations are its own
        size_t bytes = 0;
        const void *genome = s->cls->best_genome ? s->cls->best_genome(s->mod, &bytes) : NULL;
        if (alRunLog_AddGeneration(s->log, s->run_id, &s->last, genome, bytes, err) != AL_OK)
            return -1;
    }
    return 1;
}

alResult al_session_restore(al_session *s, int64_t gen, const void *bytes, size_t size, alError *err)
{
    if (!s->cls->restore)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s run stores each generation's best genome only, not the population the "
                           "next generation is bred from",
                           cli_a_module(s->cls->name));
    alResult r = s->cls->restore(s->mod, gen, bytes, size, err);
    if (r != AL_OK) return r;
    s->gens = s->first_gen = gen;
    s->gen_tick0 = s->ticks;
    s->have_last = false;
    s->gen_started = al_now();
    return AL_OK;
}

int al_session_step(al_session *s, alError *err) { return al_session_advance(s, 1, NULL, err); }

volatile sig_atomic_t al_session_stop = 0;

static void on_stop_signal(int sig)
{
    // Said at once (write is async-signal-safe); the run stops at the end of
    // the current advance, which al_session_run keeps short.
    if (!al_session_stop) {
        static const char msg[] = "alife: stopping...\n";
        ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)w;
    }
    al_session_stop = sig;
}

void al_session_catch_signals_unwatched(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void al_session_catch_signals(void)
{
    al_session_catch_signals_unwatched();
    alStop_Watch(&al_session_stop);
}

const char *al_session_run(al_session *s, al_session_progress progress, void *ctx, alError *err)
{
    const char *end = "finished";
    // Ticks per advance: the stop flag is looked at between two advances, so
    // each should take about AIM seconds whatever a tick costs (30 ants or
    // 100,000): start at one tick, double while an advance is quick, halve
    // when slow. Results do not depend on it (step_many gives the bits of as
    // many steps).
    const double AIM = 0.05;
    int64_t chunk = 1;
    // The modules look at the flag inside a generation too (between ticks
    // and evaluations): a stop comes within about AIM even when one step,
    // such as a generation's end, is long.
    alStop_Watch(&al_session_stop);
    while (!al_session_done(s)) {
        if (al_session_stop) {
            alError_Set(err, AL_ERR_INTERRUPTED, "stopped by signal %d; %lld finished generations kept",
                        (int)al_session_stop, (long long)s->gens);
            end = "interrupted";
            break;
        }
        // Nobody watches single ticks here: as many as the module will take
        // at once (up to a generation's end), but a bounded number, so a
        // stop signal is still noticed soon in very long generations.
        double t0 = al_now();
        int64_t done = 0;
        int r = al_session_advance(s, chunk, &done, err);
        if (r < 0) {
            end = "failed";
            break;
        }
        double dt = al_now() - t0;
        if (dt > 2 * AIM && chunk > 1) chunk /= 2;
        else if (done == chunk && dt < AIM / 2 && chunk < AL_SESSION_RUN_TICKS) chunk *= 2;
        if (r == 1 && progress) progress(s, ctx);
    }
    // Commit the last batch now, not only at close: a failure to commit is
    // then reported while the caller can still say so.
    if (s->log && strcmp(end, "failed") != 0) {
        alError ferr = {0};
        if (alRunLog_Flush(s->log, 0, &ferr) != AL_OK) {
            if (err) *err = ferr;
            end = "failed";
        }
    }
    return end;
}

bool al_session_done(const al_session *s)
{
    int64_t end = al_session_past_limit(s) ? s->target : s->max_gens;
    return s->goal || s->gens >= end || (s->max_steps > 0 && s->ticks >= s->max_steps);
}

bool al_session_past_limit(const al_session *s) { return s->target > s->max_gens; }

const char *al_session_stop_reason(const al_session *s, const char *status)
{
    if (status && strcmp(status, "interrupted") == 0) return "interrupted";
    if (status && strcmp(status, "failed") == 0) return "failed";
    if (s->goal) {
        const char *why = s->cls->stop_reason ? s->cls->stop_reason(s->mod) : NULL;
        return why ? why : "solved";
    }
    if (s->max_steps > 0 && s->ticks >= s->max_steps) return "steps";
    if (s->end_why) return s->end_why;
    if (al_session_past_limit(s)) return s->gens >= s->target ? "target" : NULL;
    if (s->gens >= s->max_gens) return "generations";
    return NULL;
}

alResult al_session_end(al_session *s, const char *status, alError *err)
{
    if (!s->log) return AL_OK;
    alResult r = alRunLog_EndRunWhy(s->log, s->run_id, status, al_session_stop_reason(s, status),
                                    err);
    alRunLog_Close(s->log);
    s->log = NULL;
    return r;
}

void al_session_close(al_session *s, const char *status)
{
    (void)al_session_end(s, status, NULL);
    if (s->mod) s->cls->destroy(s->mod);
    alDestroyConfig(s->cfg);
    memset(s, 0, sizeof *s);
}

alResult al_session_end_run(al_session *s, const char *status)
{
    memset(&s->log_err, 0, sizeof s->log_err);
    return al_session_end(s, status, &s->log_err);
}

alResult al_session_mark_edited(al_session *s, const char *what, int64_t gesture, alError *err)
{
    bool again = s->last_edit_gen == s->gens || (gesture != 0 && s->last_edit_gesture == gesture);
    if (s->edits > 0 && again && strcmp(s->last_edit, what) == 0) return AL_OK;
    s->edits++;
    s->last_edit_gen = s->gens;
    s->last_edit_gesture = gesture;
    snprintf(s->last_edit, sizeof s->last_edit, "%s", what);
    if (!s->log) return AL_OK;
    return alRunLog_MarkEdited(s->log, s->run_id, s->gens, s->ticks, what, err);
}
