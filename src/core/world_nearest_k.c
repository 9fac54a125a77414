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
#include <stdint.h>
#include <string.h>

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

// The same answer for up to SMALL_N points and k <= SMALL_K with fewer
// instructions and without nearest_k's hard-to-predict branches (keep or
// skip, how far to bubble up): k + 1 rounds, each taking the smallest
// remaining distance and, among the points at exactly that distance, the
// lowest index, so the same (distance, index) order. Whole 8-lane vectors
// (GCC vector extensions: one AVX2 register, two SSE2 ones in the baseline
// clone); the only data-dependent branch is the stop when none is left.
// The 8-lane helpers are static and always inlined: no ABI to keep.
#pragma GCC diagnostic ignored "-Wpsabi"
typedef float vf8 __attribute__((vector_size(8 * sizeof(float))));
typedef int32_t vi8 __attribute__((vector_size(8 * sizeof(int32_t))));
enum { SMALL_K = 7, SMALL_N = 64, SMALL_V = SMALL_N / 8 };

static inline __attribute__((always_inline)) vf8 min8(vf8 a, vf8 b)
{
    vi8 lt = a < b;
    return (vf8)(((vi8)a & lt) | ((vi8)b & ~lt));
}

// Lane permutation of an 8-lane vector (GCC's and clang's builtins differ).
#ifdef __clang__
#define SHUF8(v, ...) __builtin_shufflevector(v, v, __VA_ARGS__)
#else
#define SHUF8(v, ...) __builtin_shuffle(v, (vi8){__VA_ARGS__})
#endif

static inline __attribute__((always_inline)) vi8 imin8(vi8 a, vi8 b)
{
    vi8 lt = a < b;
    return (a & lt) | (b & ~lt);
}

// The smallest lane of v, in every lane (three halvings).
static inline __attribute__((always_inline)) vf8 hmin8(vf8 v)
{
    v = min8(v, SHUF8(v, 4, 5, 6, 7, 0, 1, 2, 3));
    v = min8(v, SHUF8(v, 2, 3, 0, 1, 6, 7, 4, 5));
    return min8(v, SHUF8(v, 1, 0, 3, 2, 5, 4, 7, 6));
}

static inline __attribute__((always_inline)) vi8 ihmin8(vi8 v)
{
    v = imin8(v, SHUF8(v, 4, 5, 6, 7, 0, 1, 2, 3));
    v = imin8(v, SHUF8(v, 2, 3, 0, 1, 6, 7, 4, 5));
    return imin8(v, SHUF8(v, 1, 0, 3, 2, 5, 4, 7, 6));
}

static inline __attribute__((always_inline)) int nearest_k_small(const alWorld *wd, const float *x, const float *y,
                                                                 int count, alVec2 p, float radius, int k,
                                                                 int *idx, float *d2, float *next_sq)
{
    assert(k >= 1 && k <= SMALL_K && count <= SMALL_N);
    const float w = wd->width, h = wd->height, hw = 0.5f * w, hh = 0.5f * h;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float r2 = radius * radius;
    float d[SMALL_N];
    squared_distances(x, y, count, p.x, p.y, wrap ? hw : INFINITY, wrap ? hh : INFINITY, w, h, d);
    // Out of radius, and the padding up to whole vectors: +inf, never taken.
    int nv = (count + 7) / 8;
    for (int j = 0; j < nv * 8; ++j) d[j] = j < count && !(d[j] > r2) ? d[j] : INFINITY;
    vf8 dv[SMALL_V];
    memcpy(dv, d, (size_t)nv * sizeof dv[0]);
    const vi8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    const vi8 none = (vi8){0} + SMALL_N;
    int found = 0;
    float next = INFINITY;
    for (int r = 0; r <= k; ++r) {
        vf8 m = dv[0];
        for (int b = 1; b < nv; ++b) m = min8(m, dv[b]);
        m = hmin8(m);
        if (!(m[0] < INFINITY)) break;
        if (r == k) {
            next = m[0];
            break;
        }
        // The lowest index at that distance.
        vi8 at = none;
        for (int b = 0; b < nv; ++b) {
            vi8 eq = dv[b] == m;
            at = imin8(at, ((lane + 8 * b) & eq) | (none & ~eq));
        }
        int j = ihmin8(at)[0];
        if (idx) idx[found] = j;
        if (d2) d2[found] = m[0];
        ++found;
        dv[j / 8][j % 8] = INFINITY;
    }
    if (next_sq) *next_sq = next;
    return found;
}

// AVX2 doubles the distance pass's lanes where the CPU has it (no FMA either
// way: the same bits). Not under clang (the ThreadSanitizer build): clang 14
// emits no resolver for a cloned function called from another file.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
int alWorld_NearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                     float radius, int k, int *idx, float *d2, float *next_sq)
{
    if (k <= SMALL_K && n <= SMALL_N) return nearest_k_small(w, x, y, n, p, radius, k, idx, d2, next_sq);
    return nearest_k(w, x, y, n, p, radius, k, idx, d2, next_sq);
}
