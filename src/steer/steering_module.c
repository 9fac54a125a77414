// The steering playground as an alModuleClass: a "generation" is a report
// period of steering.report_every ticks.
#include <stdio.h>

#include "steer_internal.h"

static alResult create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    alSteeringDef def;
    alResult r = alSteeringDef_FromConfig(&def, cfg, err);
    if (r != AL_OK) return r;
    alSteering *s;
    alCreateSteering(&def, seed, &s, err);
    if (!s) return err ? err->code : AL_ERR_CONFIG;
    *out = s;
    return AL_OK;
}

static void destroy(void *self) { alDestroySteering(self); }
static bool step(void *self) { return alSteering_Step(self); }
static bool last_stats(const void *self, alGenStats *out) { return alSteering_LastStats(self, out); }
static bool finished(const void *self) { (void)self; return false; }

static void describe(const void *self, char *buf, size_t cap)
{
    const alSteering *s = self;
    alGenStats g;
    if (!alSteering_LastStats(s, &g)) {
        snprintf(buf, cap, "%s: no report yet", alScenario_Name(s->def.scenario));
        return;
    }
    snprintf(buf, cap, "%s, %d vehicles: order %.3f, mean speed %.3g, nn distance %.3g, %d groups",
             alScenario_Name(s->def.scenario), s->n, g.figures[0], g.figures[1], g.figures[2],
             (int)g.figures[3]);
}

const alModuleClass alSteeringModule = {
    .name = "steering",
    .title = "Steering playground",
    .lower_is_better = false,
    .create = create,
    .destroy = destroy,
    .step = step,
    .last_stats = last_stats,
    .finished = finished,
    .best_genome = NULL,
    .describe = describe,
};
