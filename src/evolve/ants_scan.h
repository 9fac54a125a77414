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
#include <stdint.h>
#include <string.h>

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

/// min(a, b) lane by lane for non-negative a and b (no NaN), as integers:
/// such floats order as their bits, and GCC vectorises an integer minimum
/// into one instruction (a float a < b ? a : b it keeps a compare and a
/// blend, without -ffinite-math-only). A loop for the reason al_nnf_lt is one.
AL_NNF_INLINE al_vf16 al_scan_min_pos(al_vf16 a, al_vf16 b)
{
    int32_t x[AL_NNF_LANES], y[AL_NNF_LANES], m[AL_NNF_LANES];
    memcpy(x, &a, sizeof x);
    memcpy(y, &b, sizeof y);
#ifdef _OPENMP
#pragma omp simd
#endif
    for (int l = 0; l < AL_NNF_LANES; ++l) m[l] = x[l] < y[l] ? x[l] : y[l];
    al_vf16 v;
    memcpy(&v, m, sizeof v);
    return v;
}

/// The scan's loop over the items for ng (1 or 2) groups of 16 ants at px,
/// py: the smallest squared distance into best[g], its item into bi[g].
/// wrap is a constant once inlined. Wrapped, min(|dx|, W - |dx|) is the
/// select |dx| > W / 2 ? W - |dx| : |dx| bit for bit: above W / 2, W - |dx|
/// is exact (Sterbenz) and smaller; at or below it, W - |dx| rounds to no
/// less than W / 2 >= |dx|, so the minimum is |dx| (or an equal value). One
/// minimum instead of a compare and a blend.
AL_NNF_INLINE void al_scan_items(const float *ix, const float *iy, int count, const al_vf16 *px,
                                 const al_vf16 *py, al_vf16 vw, al_vf16 vh, const bool wrap,
                                 al_vf16 *best, al_vi16 *bi, const int ng)
{
    for (int j = 0; j < count; ++j) {
        const al_vf16 jx = al_scan_splat(ix[j]), jy = al_scan_splat(iy[j]);
        const al_vi16 vj = (al_vi16){0} + j;
#pragma GCC unroll 2
        for (int g = 0; g < ng; ++g) {
            al_vf16 ax = al_scan_abs(jx - px[g]), ay = al_scan_abs(jy - py[g]);
            if (wrap) {
                ax = al_scan_min_pos(ax, vw - ax); // both >= 0: |dx| < W
                ay = al_scan_min_pos(ay, vh - ay);
            }
            al_vf16 d2 = ax * ax + ay * ay;
            al_vi16 m = al_nnf_lt(d2, best[g]); // strict: ties keep the lower index
            best[g] = al_nnf_select(m, d2, best[g]);
            bi[g] = (vj & m) | (bi[g] & ~m);
        }
    }
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
    al_vf16 px[G], py[G], best[G];
    al_vi16 bi[G];
    for (int g = 0; g < ng; ++g) {
        px[g] = al_nnf_load(x + g * AL_NNF_LANES);
        py[g] = al_nnf_load(y + g * AL_NNF_LANES);
        best[g] = al_scan_splat(INFINITY);
        bi[g] = (al_vi16){0};
    }
    if (wrap)
        al_scan_items(ix, iy, count, px, py, vw, vh, true, best, bi, ng);
    else
        al_scan_items(ix, iy, count, px, py, vw, vh, false, best, bi, ng);
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

/// al_ants_nearest(wd, ix, iy, count, p, 1, ...)'s answer, the nearest of
/// count (<= AL_ANTS_SCAN_MAX) items to p (the scan's squared distances,
/// ties to the lower index), for one point: the items in vector lanes over
/// NB * 16 slots (a constant once inlined), a minimum of the distances' bits
/// (non-negative floats order as their bits), then the lowest slot holding
/// it. No 64-bit keys and no second round: the shared world's look-up after
/// an ant's nearest item was eaten. ix and iy must be readable up to count
/// rounded up to 16 floats (the ants' item arrays fill whole cache lines).
AL_NNF_INLINE int al_scan_nearest1_n(const float *ix, const float *iy, int count, float x,
                                     float y, float W, float H, const bool wrap, const int NB)
{
    const al_vf16 px = al_scan_splat(x), py = al_scan_splat(y);
    const al_vf16 vw = al_scan_splat(W), vh = al_scan_splat(H);
    al_vi16 lane;
    for (int l = 0; l < AL_NNF_LANES; ++l) lane[l] = l;
    al_vi16 key[4], m = (al_vi16){0} + INT32_MAX;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
        // Whole vector loads (a copy through a stack array stalled on its
        // stores); the slots past count are dropped below.
        al_vf16 jx = al_nnf_load(ix + b * AL_NNF_LANES), jy = al_nnf_load(iy + b * AL_NNF_LANES);
        al_vf16 ax = al_scan_abs(jx - px), ay = al_scan_abs(jy - py);
        if (wrap) { // al_scan_items' minimum, the same bits
            ax = al_scan_min_pos(ax, vw - ax);
            ay = al_scan_min_pos(ay, vh - ay);
        }
        al_vf16 d2 = ax * ax + ay * ay;
        al_vi16 pad = (al_vi16)al_nnf_lt(al_scan_splat((float)(count - 1 - b * AL_NNF_LANES)),
                                         __builtin_convertvector(lane, al_vf16));
        key[b] = ((al_vi16)d2 & ~pad) | (((al_vi16){0} + INT32_MAX) & pad);
        m = (al_vi16)al_scan_min_pos((al_vf16)m, (al_vf16)key[b]);
    }
    int32_t mm = INT32_MAX;
    for (int l = 0; l < AL_NNF_LANES; ++l) mm = m[l] < mm ? m[l] : mm;
    for (int b = 0; b < NB; ++b)
        for (int l = 0; l < AL_NNF_LANES; ++l)
            if (key[b][l] == mm) return b * AL_NNF_LANES + l;
    return 0; // not reached: some slot holds the minimum
}

/// al_scan_nearest1_n for any count up to AL_ANTS_SCAN_MAX.
AL_NNF_INLINE int al_scan_nearest1(const alWorld *wd, const float *ix, const float *iy, int count,
                                   float x, float y)
{
    _Static_assert(AL_ANTS_SCAN_MAX == 4 * AL_NNF_LANES, "four blocks of lanes at most");
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const int nb = (count + AL_NNF_LANES - 1) / AL_NNF_LANES;
#define AL_SCAN_N1(NB)                                                                             \
    (wrap ? al_scan_nearest1_n(ix, iy, count, x, y, W, H, true, NB)                                \
          : al_scan_nearest1_n(ix, iy, count, x, y, W, H, false, NB))
    int i = nb <= 1 ? AL_SCAN_N1(1) : nb == 2 ? AL_SCAN_N1(2) : nb == 3 ? AL_SCAN_N1(3) : AL_SCAN_N1(4);
#undef AL_SCAN_N1
    return i;
}

/// After the items moved[0..nmoved) moved (ix, iy: their new places), keeps
/// near[] and nd2[] of ants [a0, a1) at x, y a full scan's answer: an ant
/// whose nearest moved scans again; any other takes a moved item that is now
/// nearer (ties: the lower index). Sets changed[a] where near[a] changed or
/// was scanned again (its sensed vector must be taken again). One vector pass
/// over the ants per moved item, then the few full scans (al_scan_nearest1:
/// ix, iy readable up to count rounded up to 16). The vector passes run on to
/// a1v >= a1 (padding lanes, whose near, nd2 and changed nobody reads: a1v a
/// multiple of the vector width spares them a scalar remainder); the full
/// scans stop at a1.
AL_NNF_INLINE void al_ants_scan_moved(const alWorld *wd, const float *ix, const float *iy,
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
        int i = al_scan_nearest1(wd, ix, iy, count, x[a], y[a]);
        alVec2 d = alWorld_Delta(wd, alV2(x[a], y[a]), alV2(ix[i], iy[i]));
        near[a] = i;
        nd2[a] = d.x * d.x + d.y * d.y;
    }
}

#endif
