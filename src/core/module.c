// The module registry and the statistics every module reports.
#include "alife/module.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/estrings.h"
#include "alife/steering.h"

// Each module defines its class beside its code and is listed here.
extern const alModuleClass alSteeringModule; // src/steer/steering_module.c
extern const alModuleClass alEStringsModule; // src/evolve/estrings.c
extern const alModuleClass alAntsModule;     // src/evolve/ants_module.c
extern const alModuleClass alXorModule;      // src/tasks/xor.c
extern const alModuleClass alPoleModule;     // src/tasks/pole.c
static const alModuleClass *const modules[] = {
    &alSteeringModule,
    &alEStringsModule,
    &alAntsModule,
    &alXorModule,
    &alPoleModule,
};

const alModuleClass *alModule_Find(const char *name)
{
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; ++i)
        if (strcmp(modules[i]->name, name) == 0) return modules[i];
    return NULL;
}

void alGenStats_FromFitness(alGenStats *s, const double *f, int n, bool lower_is_better)
{
    assert(n > 0);
    double sum = 0, lo = f[0], hi = f[0];
    for (int i = 0; i < n; ++i) {
        sum += f[i];
        if (f[i] < lo) lo = f[i];
        if (f[i] > hi) hi = f[i];
    }
    double mean = sum / n, var = 0;
    for (int i = 0; i < n; ++i) var += (f[i] - mean) * (f[i] - mean);
    s->mean = mean;
    s->stddev = sqrt(var / n);
    s->best = lower_is_better ? lo : hi;
    s->worst = lower_is_better ? hi : lo;
}

void alGenStats_AddFigure(alGenStats *s, const char *name, double value)
{
    assert(s->figure_count < AL_MAX_FIGURES);
    s->figure_names[s->figure_count] = name;
    s->figures[s->figure_count] = value;
    s->figure_count++;
}

double alModule_EstimateBytes(const alConfig *cfg, const char **keys)
{
    const char *m = alConfig_Module(cfg);
    alError err;
    double bytes = 0;
    const char *k = "";
    if (strcmp(m, "ants") == 0) {
        alAntsDef d = alDefaultAntsDef();
        if (alAntsDef_FromConfig(&d, cfg, &err) == AL_OK) bytes = alAnts_EstimateBytes(&d);
        k = d.mines ? "ants.count, ants.food, ants.mine_count, ants.baseline_ants, ants.hidden"
                    : "ants.count, ants.food, ants.baseline_ants, ants.hidden";
    } else if (strcmp(m, "estrings") == 0) {
        alEStringsDef d;
        if (alEStringsDef_FromConfig(&d, cfg, &err) == AL_OK) bytes = alEStrings_EstimateBytes(&d);
        k = "estrings.population, estrings.target";
    } else if (strcmp(m, "steering") == 0) {
        alSteeringDef d;
        if (alSteeringDef_FromConfig(&d, cfg, &err) == AL_OK) bytes = alSteering_EstimateBytes(&d);
        k = "steering.vehicles";
    }
    if (keys) *keys = k;
    return bytes;
}
