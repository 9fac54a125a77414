#include "session.h"

#include <string.h>

#include "options.h"

alResult al_session_open(al_session *s, alConfig *cfg, const char *db_path, const char *name,
                         alError *err)
{
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->cls = alModule_Find(alConfig_Module(cfg));
    if (!s->cls) {
        alError_Set(err, AL_ERR_NOTFOUND, "module '%s' is not part of this build",
                    alConfig_Module(cfg));
        goto fail;
    }
    s->seed = (uint64_t)alConfig_Int(cfg, "run.seed");
    s->max_gens = alConfig_Int(cfg, "run.generations");
    s->max_steps = alConfig_Int(cfg, "run.steps");
    alResult r = s->cls->create(cfg, s->seed, &s->mod, err);
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

int al_session_step(al_session *s, alError *err)
{
    bool ended = s->cls->step(s->mod);
    s->ticks++;
    if (!ended) return 0;
    double now = al_now();
    s->cls->last_stats(s->mod, &s->last);
    s->last.wall_s = now - s->gen_started;
    s->gen_started = now;
    s->have_last = true;
    s->gens++;
    s->goal = s->cls->finished(s->mod);
    if (s->log) {
        size_t bytes = 0;
        const void *genome = s->cls->best_genome ? s->cls->best_genome(s->mod, &bytes) : NULL;
        if (alRunLog_AddGeneration(s->log, s->run_id, &s->last, genome, bytes, err) != AL_OK)
            return -1;
    }
    return 1;
}

bool al_session_done(const al_session *s)
{
    return s->goal || s->gens >= s->max_gens || (s->max_steps > 0 && s->ticks >= s->max_steps);
}

void al_session_close(al_session *s, const char *status)
{
    if (s->log) {
        alError err;
        (void)alRunLog_EndRun(s->log, s->run_id, status, &err);
        alRunLog_Close(s->log);
    }
    if (s->mod) s->cls->destroy(s->mod);
    alDestroyConfig(s->cfg);
    memset(s, 0, sizeof *s);
}

void al_session_end_run(al_session *s, const char *status)
{
    if (!s->log) return;
    alError err;
    (void)alRunLog_EndRun(s->log, s->run_id, status, &err);
    alRunLog_Close(s->log);
    s->log = NULL;
}
