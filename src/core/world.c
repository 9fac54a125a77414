#include "alife/world.h"

#include <string.h>

static const char *const edge_names[] = {"wrap", "bounce", "contain"};

int alEdgePolicy_Parse(const char *text)
{
    for (int i = 0; i < 3; ++i)
        if (strcmp(text, edge_names[i]) == 0) return i;
    return -1;
}

const char *alEdgePolicy_Name(alEdgePolicy e) { return edge_names[e]; }

alWorld alWorld_FromConfig(const alConfig *cfg)
{
    alWorld w;
    w.width = (float)alConfig_Float(cfg, "world.width");
    w.height = (float)alConfig_Float(cfg, "world.height");
    w.edge = (alEdgePolicy)alConfig_Enum(cfg, "world.edge");
    return w;
}

static void confine_axis(float *p, float *v, float size, alEdgePolicy edge)
{
    switch (edge) {
    case AL_EDGE_WRAP:
        if (*p < 0.0f || *p >= size) {
            *p = fmodf(*p, size);
            if (*p < 0.0f) *p += size;
            if (*p >= size) *p = 0.0f; // fmodf of a tiny negative can round up to size
        }
        break;
    case AL_EDGE_BOUNCE:
        if (*p < 0.0f) {
            *p = -*p;
            if (v && *v < 0.0f) *v = -*v;
        } else if (*p > size) {
            *p = 2.0f * size - *p;
            if (v && *v > 0.0f) *v = -*v;
        }
        if (*p < 0.0f) *p = 0.0f; // a step longer than the world
        if (*p > size) *p = size;
        break;
    case AL_EDGE_CONTAIN:
        if (*p < 0.0f) {
            *p = 0.0f;
            if (v && *v < 0.0f) *v = 0.0f;
        } else if (*p > size) {
            *p = size;
            if (v && *v > 0.0f) *v = 0.0f;
        }
        break;
    }
}

void alWorld_Confine(const alWorld *w, alVec2 *pos, alVec2 *vel)
{
    confine_axis(&pos->x, vel ? &vel->x : NULL, w->width, w->edge);
    confine_axis(&pos->y, vel ? &vel->y : NULL, w->height, w->edge);
}
