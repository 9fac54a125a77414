// The ants as an alModuleClass: what `alife run` and the GUI drive. One step
// is one tick; a generation ends every ants.ticks ticks; step_many runs up to
// the rest of a generation at once.
#include <stdio.h>

#include "alife/ants.h"

static alResult create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    alAntsDef def;
    alResult r = alAntsDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alAnts *ants = NULL;
    r = alCreateAnts(&def, seed, &ants, err);
    *out = ants;
    return r;
}

static void destroy(void *self) { alDestroyAnts(self); }
static bool step(void *self) { return alAnts_Step(self); }

// The rest of the generation, or max_ticks of it, in one alAnts_Advance: one
// parallel region over the work units of ants for all those ticks.
static bool step_many(void *self, int64_t max_ticks, int64_t *done)
{
    alAntsView v;
    alAnts_View(self, &v);
    int64_t left = v.ticks - v.tick;
    int k = (int)(max_ticks < left ? max_ticks : left);
    bool ended = alAnts_Advance(self, k);
    // Fewer than k when a stop (stop.h) cut the ticks short.
    if (!ended) alAnts_View(self, &v);
    *done = ended ? k : v.tick - (v.ticks - left);
    return ended;
}
static bool last_stats(const void *self, alGenStats *out) { return alAnts_LastStats(self, out); }
static int figure_names(const void *self, const char **names, int cap)
{
    return alAnts_FigureNames(self, names, cap);
}
static bool finished(const void *self) { return false; }

static const void *best_genome(const void *self, size_t *bytes)
{
    // Own worlds: the best genome; shared: the best, then the whole generation
    // (alAnts_StoredBytes), which its exact replay needs.
    // NEAT brains: the same in NEAT's stored genome format (ants.h).
    return alAnts_LastStored(self, bytes);
}

static alResult restore(void *self, int64_t gen, const void *bytes, size_t size, alError *err)
{
    return alAnts_Restore(self, gen, bytes, size, err);
}

static void describe(const void *self, char *buf, size_t cap)
{
    int n;
    const alAntsGen *h = alAnts_History(self, &n);
    if (n == 0) {
        snprintf(buf, cap, "no generation finished yet");
        return;
    }
    const alAntsGen *g = &h[n - 1];
    const alAntsDef *d = alAnts_Def(self);
    // Fitness is what the table and plot show; with mines it is not the food.
    int len = snprintf(buf, cap, "gen %lld: fitness best %.4g, mean %.4g; food %.4g per ant",
                       (long long)g->gen, g->best, g->mean, g->food_mean);
    if (len >= 0 && (size_t)len < cap && g->baseline_mean == g->baseline_mean)
        len += snprintf(buf + len, cap - (size_t)len, " (greedy group %.4g: %.0f%%)", g->baseline_mean,
                        g->baseline_mean > 0 ? 100.0 * g->food_mean / g->baseline_mean : 0.0);
    if (len >= 0 && (size_t)len < cap && d->mines)
        snprintf(buf + len, cap - (size_t)len, "; mines hit %.3g per ant", g->mines_mean);
}

const alModuleClass alAntsModule = {
    .name = "ants",
    .title = "Neural ants",
    .lower_is_better = false,
    .create = create,
    .destroy = destroy,
    .step = step,
    .step_many = step_many,
    .last_stats = last_stats,
    .finished = finished,
    .best_genome = best_genome,
    .describe = describe,
    .restore = restore,
    .figure_names = figure_names,
};
