// The ants' full look-up of their k nearest items (see ants_nearest.h).
// Each item's squared distance and index are packed into one 64-bit key
// (distance bits high, index low): a non-negative float orders as its bits,
// so the smallest key is the nearest item with ties to the lower index, and
// k + 1 rounds of "smallest key, then remove it" give alWorld_NearestK's
// answer with one reduction a round instead of two (distance, then index)
// and no store between rounds.
//
// Comparisons may not trap here, so the wrap selects vectorise. No value changes.
#pragma GCC optimize("no-trapping-math")

#include "ants_nearest.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

// The vector helpers are static and always inlined: no ABI to keep.
#pragma GCC diagnostic ignored "-Wpsabi"
typedef uint64_t vk8 __attribute__((vector_size(8 * sizeof(uint64_t))));
typedef int64_t vs8 __attribute__((vector_size(8 * sizeof(int64_t))));

#define HOT static inline __attribute__((always_inline))

HOT vk8 kmin(vk8 a, vk8 b)
{
    vs8 lt = (vs8)(a < b);
    return (vk8)(((vs8)a & lt) | ((vs8)b & ~lt));
}

#ifdef __clang__
#define SHUF(v, ...) __builtin_shufflevector(v, v, __VA_ARGS__)
#else
#define SHUF(v, ...) __builtin_shuffle(v, (vk8){__VA_ARGS__})
#endif

// The smallest lane of v, in every lane.
HOT vk8 khmin(vk8 v)
{
    v = kmin(v, SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3));
    v = kmin(v, SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5));
    return kmin(v, SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6));
}

// The look-up over NV * 8 slots (count <= NV * 8; a constant at each call, so
// every loop unrolls and the keys stay in registers).
HOT int nearest_keys(const alWorld *wd, const float *x, const float *y, int count, alVec2 p,
                     int k, int *idx, float *next_sq, const int NV)
{
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float w = wd->width, h = wd->height;
    const float hw = wrap ? 0.5f * w : INFINITY, hh = wrap ? 0.5f * h : INFINITY;
    enum { MAXN = AL_ANTS_NEAREST_MAX_N };
    float px[MAXN], py[MAXN], d[MAXN];
    // Padding slots read 0 (dropped below). Not memcpy: for some 40 items
    // its string move cost a fifth of the look-up; this loop is masked loads.
    for (int j = 0; j < NV * 8; ++j) {
        px[j] = j < count ? x[j] : 0.0f;
        py[j] = j < count ? y[j] : 0.0f;
    }
    // alWorld_NearestK's distance formula, so the same bits.
    for (int j = 0; j < NV * 8; ++j) {
        float dx = px[j] - p.x, dy = py[j] - p.y;
        dx -= dx > hw ? w : 0.0f;
        dx += dx < -hw ? w : 0.0f;
        dy -= dy > hh ? h : 0.0f;
        dy += dy < -hh ? h : 0.0f;
        d[j] = dx * dx + dy * dy;
    }
    uint32_t bits[MAXN];
    memcpy(bits, d, sizeof bits);
    uint64_t keys[MAXN];
    for (int j = 0; j < NV * 8; ++j) keys[j] = j < count ? (uint64_t)bits[j] << 32 | (uint32_t)j : UINT64_MAX;
    vk8 kv[MAXN / 8];
    memcpy(kv, keys, (size_t)NV * sizeof kv[0]);
    int found = 0;
    float next = INFINITY;
    for (int r = 0; r <= k; ++r) {
        vk8 m = kv[0];
        for (int b = 1; b < NV; ++b) m = kmin(m, kv[b]);
        m = khmin(m);
        if (m[0] == UINT64_MAX) break; // fewer than k + 1 items
        if (r == k) {
            uint32_t nb = (uint32_t)(m[0] >> 32);
            memcpy(&next, &nb, sizeof next);
            break;
        }
        idx[found++] = (int)(uint32_t)m[0];
        for (int b = 0; b < NV; ++b) kv[b] = (vk8)((vs8)kv[b] | (vs8)(kv[b] == m)); // taken: all ones
    }
    if (next_sq) *next_sq = next;
    return found;
}

// AVX-512 holds a round's keys in a few registers and has the 64-bit
// minimum; AVX2 and the baseline emulate it. The same keys, the same answer.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
int al_ants_nearest(const alWorld *wd, const float *x, const float *y, int count, alVec2 p, int k,
                    int *idx, float *next_sq)
{
    assert(k >= 1 && k < AL_ANTS_NEAREST_MAX_K && count >= 1 && count <= AL_ANTS_NEAREST_MAX_N);
    if (count <= 16) return nearest_keys(wd, x, y, count, p, k, idx, next_sq, 2);
    if (count <= 32) return nearest_keys(wd, x, y, count, p, k, idx, next_sq, 4);
    if (count <= 48) return nearest_keys(wd, x, y, count, p, k, idx, next_sq, 6);
    return nearest_keys(wd, x, y, count, p, k, idx, next_sq, 8);
}
