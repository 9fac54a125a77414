// ants_scan.h — the shared world's nearest item of every ant by a full scan
// (internal to the ants). In the shared world all ants see the same few
// items, so one pass over the items with the ants in vector lanes finds every
// ant's nearest in about 14 vector operations per item and 16 ants: cheaper
// than keeping per-ant caches true after every respawn (which cost 55% of a
// shared tick with 30 ants and 70% with 300), and it needs no upkeep that
// ties the ants together. The answer is alWorld_NearestK's (the same
// squared-distance bits, ties to the lower index); the sensed vector is
// alWorld_Delta's, as the cached path gives it.
#ifndef ALIFE_ANTS_SCAN_H
#define ALIFE_ANTS_SCAN_H

#include <math.h>

#include "alife/world.h"
#include "ants_nearest.h"
#include "nn_fixed.h"

/// Most items of a kind for which the shared world scans (beyond it, caches).
enum { AL_ANTS_SCAN_MAX = AL_ANTS_NEAREST_MAX_N };

AL_NNF_INLINE al_vf16 al_scan_splat(float v)
{
    return (al_vf16){0} + v;
}

/// alWorld_Delta's wrap of one coordinate's difference d (half: half the
/// world's size there, infinite without wrapping), branch-free.
AL_NNF_INLINE float al_scan_wrap(float d, float half, float size)
{
    d = d > half ? d - size : d;
    return d < -half ? d + size : d;
}

AL_NNF_INLINE al_vf16 al_scan_abs(al_vf16 v)
{
    return (al_vf16)((al_vi16)v & 0x7fffffff);
}

/// The nearest of count items (ix, iy) for the U ants (U = 16 or 32, a
/// constant) at x, y: its index into near[], its squared distance into
/// nd2[], the unit vector towards it into ux, uy (0 at distance <= 1e-6) and
/// the distance into dist[]. Padding lanes are scanned too (harmless).
///
/// A wrapped |dx| is min(|dx|, W - |dx|) as a select: for dx > W/2 the
/// world's delta is dx - W = -(W - |dx|), for dx < -W/2 it is dx + W =
/// W - |dx|, the same roundings; a square cannot see the sign.
AL_NNF_INLINE void al_ants_scan(const alWorld *wd, const float *ix, const float *iy, int count,
                                const float *x, const float *y, int *restrict near,
                                float *restrict nd2, float *restrict ux, float *restrict uy,
                                float *restrict dist, const int U)
{
    enum { G = 2 };
    const int ng = U / AL_NNF_LANES;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    const al_vf16 vw = al_scan_splat(W), vh = al_scan_splat(H);
    const al_vf16 vhw = al_scan_splat(hw), vhh = al_scan_splat(hh);
    al_vf16 px[G], py[G], best[G];
    al_vi16 bi[G];
    for (int g = 0; g < ng; ++g) {
        px[g] = al_nnf_load(x + g * AL_NNF_LANES);
        py[g] = al_nnf_load(y + g * AL_NNF_LANES);
        best[g] = al_scan_splat(INFINITY);
        bi[g] = (al_vi16){0};
    }
    for (int j = 0; j < count; ++j) {
        const al_vf16 jx = al_scan_splat(ix[j]), jy = al_scan_splat(iy[j]);
        const al_vi16 vj = (al_vi16){0} + j;
#pragma GCC unroll 2
        for (int g = 0; g < ng; ++g) {
            al_vf16 ax = al_scan_abs(jx - px[g]), ay = al_scan_abs(jy - py[g]);
            ax = al_nnf_select(al_nnf_lt(vhw, ax), vw - ax, ax);
            ay = al_nnf_select(al_nnf_lt(vhh, ay), vh - ay, ay);
            al_vf16 d2 = ax * ax + ay * ay;
            al_vi16 m = al_nnf_lt(d2, best[g]); // strict: ties keep the lower index
            best[g] = al_nnf_select(m, d2, best[g]);
            bi[g] = (vj & m) | (bi[g] & ~m);
        }
    }
    int idx[2 * AL_NNF_LANES];
    for (int g = 0; g < ng; ++g) memcpy(idx + g * AL_NNF_LANES, &bi[g], sizeof bi[g]);
    // The nearest's signed delta as alWorld_Delta gives it (its square is best's bits).
    for (int l = 0; l < U; ++l) {
        int i = idx[l];
        float dx = al_scan_wrap(ix[i] - x[l], hw, W), dy = al_scan_wrap(iy[i] - y[l], hh, H);
        float d2 = dx * dx + dy * dy;
        float d = sqrtf(d2);
        float inv = d > 1e-6f ? 1.0f / d : 0.0f;
        near[l] = i;
        nd2[l] = d2;
        ux[l] = dx * inv;
        uy[l] = dy * inv;
        dist[l] = d;
    }
}

/// After the items moved[0..nmoved) moved (ix, iy: their new places), keeps
/// near[] and nd2[] of ants [a0, a1) at x, y a full scan's answer: an ant
/// whose nearest moved scans again; any other takes a moved item that is now
/// nearer (ties: the lower index). Sets changed[a] where near[a] changed or
/// was scanned again (its sensed vector must be taken again). One vector pass
/// over the ants per moved item, then the few full scans. The vector passes
/// run on to a1v >= a1 (padding lanes, whose near, nd2 and changed nobody
/// reads: a1v a multiple of the vector width spares them a scalar
/// remainder); the full scans stop at a1.
static inline void al_ants_scan_moved(const alWorld *wd, const float *ix, const float *iy,
                                      int count, const int *moved, int nmoved, const float *x,
                                      const float *y, int a0, int a1, int a1v,
                                      int *restrict near, float *restrict nd2,
                                      int *restrict changed)
{
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    memset(changed + a0, 0, (size_t)(a1v - a0) * sizeof *changed);
    for (int q = 0; q < nmoved; ++q) {
        const int j = moved[q];
        for (int a = a0; a < a1v; ++a) // near == j: scan again below (2 marks it)
            changed[a] |= (near[a] == j) << 1;
    }
    for (int q = 0; q < nmoved; ++q) {
        const int j = moved[q];
        const float jx = ix[j], jy = iy[j];
        for (int a = a0; a < a1v; ++a) {
            float ax = fabsf(jx - x[a]), ay = fabsf(jy - y[a]);
            ax = ax > hw ? W - ax : ax;
            ay = ay > hh ? H - ay : ay;
            float d2 = ax * ax + ay * ay;
            int take = (changed[a] < 2) & ((d2 < nd2[a]) | ((d2 == nd2[a]) & (j < near[a])));
            near[a] = take ? j : near[a];
            nd2[a] = take ? d2 : nd2[a];
            changed[a] |= take;
        }
    }
    for (int a = a0; a < a1; ++a) {
        if (changed[a] < 2) continue;
        int i;
        float next;
        al_ants_nearest(wd, ix, iy, count, alV2(x[a], y[a]), 1, &i, &next);
        alVec2 d = alWorld_Delta(wd, alV2(x[a], y[a]), alV2(ix[i], iy[i]));
        near[a] = i;
        nd2[a] = d.x * d.x + d.y * d.y;
    }
}

#endif
