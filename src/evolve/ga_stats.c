// A generation's statistics (best, mean, worst, spread, diversity, the
// best-ever) and the stop rule they are checked against.
#include <math.h>
#include <string.h>

#include "ga_internal.h"

static double diversity(const alGa *ga, int buf)
{
    alRng rng = alRng_Stream(ga->seed, stream_id(ga, KIND_DIVERSITY, ga->gen, 0));
    bound bn = make_bound((uint32_t)ga->n), bm = make_bound((uint32_t)ga->n - 1);
    double sum = 0;
    for (int s = 0; s < ga->def.diversity_sample; ++s) {
        int a = (int)draw(&rng, bn), b = (int)draw(&rng, bm);
        if (b >= a) b++; // a different individual
        const unsigned char *ga_ = row(ga, buf, a), *gb = row(ga, buf, b);
        if (ga->def.type == AL_GENOME_BYTES) {
            int diff = 0;
            for (int j = 0; j < ga->len; ++j)
                diff += ga_[j] != gb[j];
            sum += (double)diff / ga->len;
        } else {
            const float *fa = (const float *)(const void *)ga_,
                        *fb = (const float *)(const void *)gb;
            double d = 0;
            for (int j = 0; j < ga->len; ++j)
                d += fabs((double)fa[j] - (double)fb[j]);
            sum += d / ga->len;
        }
    }
    return sum / ga->def.diversity_sample;
}

void ga_compute_stats(alGa *ga)
{
    const double *f = ga->fit[ga->cur];
    const int n = ga->n;
    // Lowest and highest, ties to the lower index: first the values (a
    // loop the compiler vectorises; fitness is finite, so no NaN), then the
    // first index holding each.
    double fmin = f[0], fmax = f[0];
    for (int i = 1; i < n; ++i) {
        fmin = f[i] < fmin ? f[i] : fmin;
        fmax = f[i] > fmax ? f[i] : fmax;
    }
    int lo = 0, hi = 0;
    while (f[lo] != fmin)
        ++lo;
    while (f[hi] != fmax)
        ++hi;
    int bi = ga->def.minimise ? lo : hi, wi = ga->def.minimise ? hi : lo;
    // Sums in four fixed interleaved lanes: a fixed order (so the same
    // result every time, whatever the threads) that is not one long chain
    // of dependent additions.
    double acc[4] = {0, 0, 0, 0};
    int i4 = n & ~3;
    for (int i = 0; i < i4; i += 4)
        for (int l = 0; l < 4; ++l)
            acc[l] += f[i + l];
    for (int i = i4; i < n; ++i)
        acc[i & 3] += f[i];
    double mean = ((acc[0] + acc[1]) + (acc[2] + acc[3])) / n;
    double vacc[4] = {0, 0, 0, 0};
    for (int i = 0; i < i4; i += 4)
        for (int l = 0; l < 4; ++l)
            vacc[l] += (f[i + l] - mean) * (f[i + l] - mean);
    for (int i = i4; i < n; ++i)
        vacc[i & 3] += (f[i] - mean) * (f[i] - mean);
    double var = (vacc[0] + vacc[1]) + (vacc[2] + vacc[3]);
    alGaStats *s = &ga->last;
    s->gen = ga->gen;
    s->best = f[bi];
    s->worst = f[wi];
    s->mean = mean;
    s->stddev = sqrt(var / n);
    s->diversity = diversity(ga, ga->cur);
    s->evaluations = ga->evaluations;
    s->best_index = bi;
    double be = ga->best_ever_fit;
    bool improved = ga->gen == 0 || isnan(be) || (ga->def.minimise ? f[bi] < be : f[bi] > be);
    if (improved) {
        ga->best_ever_fit = f[bi];
        ga->best_ever_gen = ga->gen;
        memcpy(ga->best_ever, row(ga, ga->cur, bi), (size_t)ga->len * (size_t)ga->gsize);
    }
    s->best_ever = ga->best_ever_fit;
    s->best_ever_gen = ga->best_ever_gen;
    s->stalled = ga->gen - ga->best_ever_gen;
}

alGaStop ga_stop_reason(const alGa *ga)
{
    const alGaStats *s = &ga->last;
    const alGaDef *d = &ga->def;
    if (d->has_target &&
        (d->minimise ? s->best <= d->target_fitness : s->best >= d->target_fitness))
        return AL_GA_TARGET;
    if (d->max_generations > 0 && s->gen + 1 >= d->max_generations) return AL_GA_MAX_GENERATIONS;
    if (d->stall_generations > 0 && s->stalled >= d->stall_generations) return AL_GA_STALLED;
    return AL_GA_RUNNING;
}

