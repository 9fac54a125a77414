// alWorld_NearestK: the k nearest plain points and the distance of the
// next one, for callers that cache their nearest items while they move (the
// ants). A branch-free distance pass over blocks of contiguous positions
// vectorises; a small insertion list keeps the k + 1 best. With few items per
// cell this beats walking rings of cells, and it has no special case for a
// wrapped grid smaller than the search radius.

// Comparisons may not trap here, so the wrap selects vectorise. No value changes.
#pragma GCC optimize("no-trapping-math")

#include <assert.h>
#include <math.h>

#include "alife/grid.h"

enum { BLOCK = 256 };

// d[j] = squared distance from (px, py) to (x[j], y[j]); with wrapping the
// deltas fold at half the world (hw, hh; infinite thresholds: no wrap). The
// restrict parameters let the loop vectorise without run-time alias checks.
static inline __attribute__((always_inline)) void squared_distances(const float *restrict x, const float *restrict y, int n, float px,
                              float py, float hw, float hh, float w, float h, float *restrict d)
{
    for (int j = 0; j < n; ++j) {
        float dx = x[j] - px, dy = y[j] - py;
        // Adding a selected 0 or w (compare, and, add) is cheaper than
        // selecting between dx and dx + w, and the squares are the same bits
        // (only a zero's sign can differ: -0 + 0 = +0).
        dx -= dx > hw ? w : 0.0f;
        dx += dx < -hw ? w : 0.0f;
        dy -= dy > hh ? h : 0.0f;
        dy += dy < -hh ? h : 0.0f;
        d[j] = dx * dx + dy * dy;
    }
}

// The k nearest of n points (x[j], y[j]) to p under world w's metric. Points
// are scanned in index order, so a point at the same distance as one already
// kept has a higher index and ranks after it: "nearer" is a plain <, and the
// (distance, index) order needs no index comparisons.
static inline __attribute__((always_inline)) int nearest_k(const alWorld *wd, const float *x, const float *y, int count, alVec2 p,
                     float radius, int k, int *idx, float *d2, float *next_sq)
{
    assert(k >= 1 && k <= AL_GRID_MAX_K);
    const float w = wd->width, h = wd->height, hw = 0.5f * w, hh = 0.5f * h;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    int bi[AL_GRID_MAX_K + 1];
    float bd[AL_GRID_MAX_K + 1];
    int nb = 0; // best k + 1 so far, sorted by (distance, index)
    // A point is kept while it is within radius and, once k + 1 are kept,
    // nearer than the last of them.
    const float r2 = radius * radius;
    float d[BLOCK];
    for (int k0 = 0; k0 < count; k0 += BLOCK) {
        int n = count - k0 < BLOCK ? count - k0 : BLOCK;
        squared_distances(x + k0, y + k0, n, p.x, p.y, wrap ? hw : INFINITY, wrap ? hh : INFINITY, w, h, d);
        for (int j = 0; j < n; ++j) {
            float v = d[j];
            if (nb == k + 1 ? !(v < bd[k]) : v > r2) continue;
            int pos = nb == k + 1 ? k : nb++; // slot to fill, then bubble up
            while (pos > 0 && v < bd[pos - 1]) {
                bd[pos] = bd[pos - 1];
                bi[pos] = bi[pos - 1];
                --pos;
            }
            bd[pos] = v;
            bi[pos] = k0 + j;
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

// AVX2 doubles the distance pass's lanes where the CPU has it (no FMA either
// way: the same bits).
#if defined(__x86_64__) || defined(__i386__)
__attribute__((target_clones("avx2", "default")))
#endif
int alWorld_NearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                     float radius, int k, int *idx, float *d2, float *next_sq)
{
    return nearest_k(w, x, y, n, p, radius, k, idx, d2, next_sq);
}
