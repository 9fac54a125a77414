/// world.h — the 2D world every module lives in: a width x height rectangle
/// with an edge policy. Coordinates are world units, origin at the top-left
/// corner, x to the right, y down (the screen's frame).
#ifndef ALIFE_WORLD_H
#define ALIFE_WORLD_H

#include "alife/vec2.h"
#include "alife/config.h"
#include "alife/error.h"

typedef enum alEdgePolicy {
    AL_EDGE_WRAP = 0,   ///< torus: leaving one side enters the opposite one
    AL_EDGE_BOUNCE = 1, ///< reflect the position and the velocity component
    AL_EDGE_CONTAIN = 2 ///< clamp to the edge and zero the outward velocity
} alEdgePolicy;

typedef struct alWorld {
    float width;  ///< world units, > 0
    float height; ///< world units, > 0
    alEdgePolicy edge;
} alWorld;

/// The world of a resolved config (keys world.width, world.height, world.edge).
alWorld alWorld_FromConfig(const alConfig *cfg);

/// Displacement from a to b: the shortest one on a torus when wrapping.
static inline alVec2 alWorld_Delta(const alWorld *w, alVec2 a, alVec2 b)
{
    float dx = b.x - a.x, dy = b.y - a.y;
    if (w->edge == AL_EDGE_WRAP) {
        if (dx > 0.5f * w->width) dx -= w->width;
        else if (dx < -0.5f * w->width) dx += w->width;
        if (dy > 0.5f * w->height) dy -= w->height;
        else if (dy < -0.5f * w->height) dy += w->height;
    }
    return (alVec2){dx, dy};
}

/// Squared distance between a and b under the world's edge policy.
static inline float alWorld_DistSq(const alWorld *w, alVec2 a, alVec2 b)
{
    return alV2_LengthSq(alWorld_Delta(w, a, b));
}

/// Applies the edge policy to one body: wraps, reflects or clamps *pos into
/// [0,width) x [0,height) (wrap) or [0,width] x [0,height] (bounce, contain)
/// and adjusts *vel (may be NULL) accordingly.
void alWorld_Confine(const alWorld *w, alVec2 *pos, alVec2 *vel);

/// Parses "wrap" / "bounce" / "contain"; returns -1 for anything else.
int alEdgePolicy_Parse(const char *text);
const char *alEdgePolicy_Name(alEdgePolicy e);

#endif
