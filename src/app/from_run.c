// from_run.c — where a continued run starts, shared by the window and replay
// so both start it the same way (see from_run.h).
#include "from_run.h"

#include <stdio.h>

const alRunGenome *al_from_population(const alRunData *run, int64_t gen)
{
    const alRunGenome *pick = NULL;
    for (int64_t i = 0; i < run->genome_count; ++i) {
        const alRunGenome *g = &run->genomes[i];
        if (g->rank != 0 || (g->gen != gen && g->gen != gen - 1)) continue;
        if (!pick || g->gen > pick->gen) pick = g;
    }
    return pick;
}

alResult al_from_reach(al_session *s, const alRunData *parent, int64_t gen, char *how, size_t cap,
                       alError *err)
{
    s->log_from = gen;
    snprintf(how, cap, "from the seed");
    const alRunGenome *pop = gen > 0 ? al_from_population(parent, gen) : NULL;
    alError why = {0};
    if (pop && al_session_restore(s, pop->gen, pop->bytes, pop->size, &why) == AL_OK)
        snprintf(how, cap, "from the stored population of generation %lld", (long long)pop->gen);
    else if (pop) // as the window does: from the seed, saying why (the session is unchanged)
        snprintf(how, cap, "from the seed (not loaded: %s)", why.msg);
    while (s->gens < gen) {
        if (al_session_stop)
            return alError_Set(err, AL_ERR_INTERRUPTED,
                               "stopped by signal %d at generation %lld "
                               "on the way to %lld",
                               (int)al_session_stop, (long long)s->gens, (long long)gen);
        if (al_session_advance(s, AL_SESSION_RUN_TICKS, NULL, err) < 0) return AL_ERR_DB;
    }
    return AL_OK;
}
