// alGrid_NearestK: the k nearest and the distance of the next one, for
// callers that cache their nearest items while they move (the ants). A
// branch-free distance pass over blocks of the contiguous cell-ordered
// positions vectorises; a small insertion list keeps the k + 1 best. With few
// items per cell this beats walking rings of cells, and it has no special
// case for a wrapped grid smaller than the search radius.

// Comparisons may not trap here, so the wrap selects vectorise. No value changes.
#pragma GCC optimize("no-trapping-math")

#include <assert.h>
#include <math.h>

#include "alife/grid.h"

enum { BLOCK = 256 };

int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int k, int *idx, float *d2,
                    float *next_sq)
{
    assert(k >= 1 && k <= AL_GRID_MAX_K);
    const float w = g->world.width, h = g->world.height, hw = 0.5f * w, hh = 0.5f * h;
    const bool wrap = g->world.edge == AL_EDGE_WRAP;
    const float r2 = radius * radius;
    int bi[AL_GRID_MAX_K + 1];
    float bd[AL_GRID_MAX_K + 1];
    int nb = 0; // best k + 1 so far, sorted by (distance, index)
    float d[BLOCK];
    for (int k0 = 0; k0 < g->count; k0 += BLOCK) {
        int n = g->count - k0 < BLOCK ? g->count - k0 : BLOCK;
        const float *restrict sx = g->sx + k0, *restrict sy = g->sy + k0;
        if (wrap) {
            for (int j = 0; j < n; ++j) {
                float dx = sx[j] - p.x, dy = sy[j] - p.y;
                dx = dx > hw ? dx - w : (dx < -hw ? dx + w : dx);
                dy = dy > hh ? dy - h : (dy < -hh ? dy + h : dy);
                d[j] = dx * dx + dy * dy;
            }
        } else {
            for (int j = 0; j < n; ++j) {
                float dx = sx[j] - p.x, dy = sy[j] - p.y;
                d[j] = dx * dx + dy * dy;
            }
        }
        for (int j = 0; j < n; ++j) {
            float v = d[j];
            if (v > r2 || (nb == k + 1 && v > bd[k])) continue;
            int i = g->order[k0 + j];
            int pos; // slot to fill, then bubble up
            if (nb == k + 1) {
                if (v == bd[k] && i > bi[k]) continue;
                pos = k; // replaces the current (k+1)-th
            } else {
                pos = nb++;
            }
            while (pos > 0 && (v < bd[pos - 1] || (v == bd[pos - 1] && i < bi[pos - 1]))) {
                bd[pos] = bd[pos - 1];
                bi[pos] = bi[pos - 1];
                --pos;
            }
            bd[pos] = v;
            bi[pos] = i;
        }
    }
    int found = nb < k ? nb : k;
    for (int j = 0; j < found; ++j) {
        if (idx) idx[j] = bi[j];
        if (d2) d2[j] = bd[j];
    }
    if (next_sq) *next_sq = nb == k + 1 ? bd[k] : INFINITY;
    return found;
}
