// Combining behaviours (Buckland ch. 3): weighted truncated sum, prioritised
// running sum, prioritised dithering.
#include "alife/steering.h"

// Adds as much of more as still fits under max_force; false once full.
static bool accumulate(alVec2 *total, alVec2 more, float max_force)
{
    float left = max_force - alV2_Length(*total);
    if (left <= 0) return false;
    float len = alV2_Length(more);
    if (len < left) *total = alV2_Add(*total, more);
    else if (len > 0) *total = alV2_Add(*total, alV2_Scale(more, left / len));
    return true;
}

alVec2 alSteer_Combine(alCombine method, const alForceTerm *t, int n, float max_force, alRng *rng)
{
    alVec2 f = {0, 0};
    switch (method) {
    case AL_COMBINE_WEIGHTED:
        for (int i = 0; i < n; ++i) f = alV2_Add(f, alV2_Scale(t[i].force, t[i].weight));
        break;
    case AL_COMBINE_PRIORITISED:
        // In priority order: avoidance first gets the force budget it needs.
        for (int i = 0; i < n; ++i)
            if (!accumulate(&f, alV2_Scale(t[i].force, t[i].weight), max_force)) break;
        break;
    case AL_COMBINE_DITHERED:
        // Each behaviour in turn gets a chance to act alone; the first one
        // drawn that asks for a force wins this tick. Every term draws once so
        // the random stream advances the same way whatever the forces are.
        for (int i = 0; i < n; ++i) {
            bool drawn = alRng_Float(rng) < t[i].probability;
            alVec2 g = alV2_Scale(t[i].force, t[i].weight / (t[i].probability > 0 ? t[i].probability : 1));
            if (drawn && (f.x == 0 && f.y == 0) && (g.x != 0 || g.y != 0)) f = g;
        }
        break;
    }
    return alV2_Truncate(f, max_force);
}
