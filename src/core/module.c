// The module registry and the statistics every module reports.
#include "alife/module.h"

#include <assert.h>
#include <math.h>
#include <string.h>

// Each module defines its class beside its code and is listed here.
extern const alModuleClass alSteeringModule; // src/steer/steering_module.c
extern const alModuleClass alEStringsModule; // src/evolve/estrings.c
extern const alModuleClass alAntsModule;     // src/evolve/ants_module.c
static const alModuleClass *const modules[] = {
    &alSteeringModule,
    &alEStringsModule,
    &alAntsModule,
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
