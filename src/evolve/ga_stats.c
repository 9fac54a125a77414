// A generation's statistics (best, mean, worst, spread, diversity, the
// best-ever) and the stop rule they are checked against.
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ga_internal.h"

// Eight bytes of a ^ b: how many are nonzero. A byte v is nonzero exactly
// when bit 7 of ((v & 0x7f) + 0x7f) | v is set (the sum never carries into
// the next byte).
static inline int nonzero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL, ones = 0x0101010101010101ULL;
    uint64_t nonzero = ((((x & low7) + low7) | x) >> 7) & ones;
    return (int)((nonzero * ones) >> 56);
}

// How many of the len bytes of a and b differ: 16 at a time in 128-bit
// vector registers (each lane counts its differences, at most 31 before
// they are summed, so that a sum of eight lanes fits in a byte), then 8 at
// a time, then one by one.
static int bytes_differing(const unsigned char *a, const unsigned char *b, int len)
{
    typedef uint8_t b16 __attribute__((vector_size(16)));
    typedef uint64_t w2 __attribute__((vector_size(16)));
    const uint64_t ones = 0x0101010101010101ULL;
    int diff = 0, j = 0;
    while (j + 16 <= len) {
        b16 acc = {0};
        for (int c = 0; c < 31 && j + 16 <= len; ++c, j += 16) {
            b16 x, y;
            memcpy(&x, a + j, 16);
            memcpy(&y, b + j, 16);
            acc -= (b16)(x != y); // -1 where they differ
        }
        w2 w = (w2)acc;
        diff += (int)((w[0] * ones) >> 56) + (int)((w[1] * ones) >> 56);
    }
    for (; j + 8 <= len; j += 8) {
        uint64_t x, y;
        memcpy(&x, a + j, 8);
        memcpy(&y, b + j, 8);
        diff += nonzero_bytes(x ^ y);
    }
    for (; j < len; ++j)
        diff += a[j] != b[j];
    return diff;
}

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
            sum += (double)bytes_differing(ga_, gb, ga->len) / ga->len;
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

// The four-lane loops below are one AVX2 vector a step in the AVX2 clone
// (no FMA in it: the same roundings, so the same statistics). Not under
// clang (the ThreadSanitizer build), whose sanitised resolver crashes.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void ga_compute_stats(alGa *ga)
{
    const double *f = ga->fit[ga->cur];
    const int n = ga->n;
    // Lowest and highest, ties to the lower index: first the values, in
    // four independent lanes (branch-free minsd/maxsd chains a quarter as
    // long; fitness is finite, so no NaN, and the lowest value is the
    // lowest in any order), then the first index holding each.
    // Sums in four fixed interleaved lanes: a fixed order (so the same
    // result every time, whatever the threads) that is not one long chain
    // of dependent additions. In the same pass as the lowest and highest:
    // each is a chain of additions or comparisons a quarter of n long (its
    // latency, not its work, is the cost), and in one loop the two chains
    // run side by side (in two loops they ran one after the other: the
    // loops are longer than the CPU looks ahead).
    double mn[4] = {f[0], f[0], f[0], f[0]}, mx[4] = {f[0], f[0], f[0], f[0]};
    double acc[4] = {0, 0, 0, 0};
    const int i4 = n & ~3;
    for (int i = 0; i < i4; i += 4)
        for (int l = 0; l < 4; ++l) {
            mn[l] = f[i + l] < mn[l] ? f[i + l] : mn[l];
            mx[l] = f[i + l] > mx[l] ? f[i + l] : mx[l];
            acc[l] += f[i + l];
        }
    for (int i = i4; i < n; ++i) {
        mn[0] = f[i] < mn[0] ? f[i] : mn[0];
        mx[0] = f[i] > mx[0] ? f[i] : mx[0];
        acc[i & 3] += f[i];
    }
    double fmin = mn[0], fmax = mx[0];
    for (int l = 1; l < 4; ++l) {
        fmin = mn[l] < fmin ? mn[l] : fmin;
        fmax = mx[l] > fmax ? mx[l] : fmax;
    }
    int lo = 0, hi = 0;
    while (f[lo] != fmin)
        ++lo;
    while (f[hi] != fmax)
        ++hi;
    int bi = ga->def.minimise ? lo : hi, wi = ga->def.minimise ? hi : lo;
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

