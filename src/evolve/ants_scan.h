// ants_scan.h — one ant's nearest item and its runner-up by a full vector
// look-up (internal to the ants). With a few dozen items of a kind an ant
// keeps only its nearest and a bound (the runner-up's distance from where it
// looked): a tick checks that bound (one distance an ant, a vector pass), and
// the few ants it fails for, whose nearest was eaten, or near whom an item
// respawned, look all the items up again here, about 20 vector operations
// for 40 items. That is far cheaper than scanning every item for every ant
// every tick, and than keeping caches of a few items true. The answer is
// alWorld_NearestK's (the same squared-distance bits, ties to the lower
// index).
#ifndef ALIFE_ANTS_SCAN_H
#define ALIFE_ANTS_SCAN_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "alife/world.h"
#include "ants_nearest.h"
#include "nn_fixed.h"

/// Most items of a kind for which the ants look up by this scan (beyond it, caches).
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
/// blend, without -ffinite-math-only).
#define AL_SCAN_MIN(p, q) ((p) < (q) ? (p) : (q))
AL_NNF_LANEWISE(al_scan_min_pos, al_vf16, int32_t, al_vf16, int32_t, AL_SCAN_MIN)

/// Lane-by-lane integer helpers: a < b and a == b (all ones or zero per
/// lane), m ? a : b, min(a, b).
AL_NNF_LANEWISE(al_scan_lti, al_vi16, int32_t, al_vi16, int32_t, AL_NNF_LT)
#define AL_SCAN_EQ(p, q) (-(int32_t)((p) == (q)))
AL_NNF_LANEWISE(al_scan_eqi, al_vi16, int32_t, al_vi16, int32_t, AL_SCAN_EQ)

AL_NNF_INLINE al_vi16 al_scan_selecti(al_vi16 m, al_vi16 a, al_vi16 b)
{
    return (a & m) | (b & ~m);
}

AL_NNF_INLINE al_vi16 al_scan_mini(al_vi16 a, al_vi16 b)
{
    return (al_vi16)al_scan_min_pos((al_vf16)a, (al_vf16)b); // an integer minimum
}

#ifdef __clang__
#define AL_SCAN_SHUF(v, ...) __builtin_shufflevector(v, v, __VA_ARGS__)
#else
#define AL_SCAN_SHUF(v, ...) __builtin_shuffle(v, (al_vi16){__VA_ARGS__})
#endif

/// The least lane of v, in every lane (four halvings).
AL_NNF_INLINE al_vi16 al_scan_hmin(al_vi16 v)
{
    v = al_scan_mini(v, AL_SCAN_SHUF(v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
    v = al_scan_mini(v, AL_SCAN_SHUF(v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11));
    v = al_scan_mini(v, AL_SCAN_SHUF(v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    return al_scan_mini(v, AL_SCAN_SHUF(v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
}

/// al_ants_nearest(wd, ix, iy, count, p, 1, ...)'s answer, the nearest of
/// count (<= AL_ANTS_SCAN_MAX) items to p (the scan's squared distances,
/// ties to the lower index), for one point, and into *second2 the squared
/// distance of the nearest other item (INFINITY when count is 1): the
/// items in vector lanes over NB * 16 slots (a constant once inlined); each
/// lane keeps its nearest slot and the distance of its runner-up, as
/// integers (non-negative floats order as their bits), then the lanes are
/// merged by shuffles. No 64-bit keys and no second round: an ant's
/// look-up when its nearest was eaten or may have changed. ix and iy must
/// be readable up to count rounded up to 16 floats (the ants' item arrays
/// fill whole cache lines).
///
/// Wrapped, min(|dx|, W - |dx|) is alWorld_Delta's |dx| bit for bit: above
/// W / 2, W - |dx| is exact (Sterbenz) and smaller, and for dx > W / 2 the
/// delta is dx - W = -(W - |dx|), for dx < -W / 2 it is dx + W = W - |dx|,
/// the same roundings (a square cannot see the sign); at or below W / 2,
/// W - |dx| rounds to no less than W / 2 >= |dx|, so the minimum is |dx| (or
/// an equal value). One minimum instead of a compare and a blend.
AL_NNF_INLINE int al_scan_nearest2_n(const float *ix, const float *iy, int count, float x,
                                     float y, float W, float H, const bool wrap, const int NB,
                                     float *second2)
{
    const al_vf16 px = al_scan_splat(x), py = al_scan_splat(y);
    const al_vf16 vw = al_scan_splat(W), vh = al_scan_splat(H);
    al_vi16 lane;
    for (int l = 0; l < AL_NNF_LANES; ++l) lane[l] = l;
    const al_vi16 none = (al_vi16){0} + INT32_MAX;
    al_vi16 b1 = none, b2 = none, s1 = lane;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
        // Whole vector loads (a copy through a stack array stalled on its
        // stores); the slots past count are dropped below.
        al_vf16 jx = al_nnf_load(ix + b * AL_NNF_LANES), jy = al_nnf_load(iy + b * AL_NNF_LANES);
        al_vf16 ax = al_scan_abs(jx - px), ay = al_scan_abs(jy - py);
        if (wrap) { // the wrapped |d|: see above
            ax = al_scan_min_pos(ax, vw - ax);
            ay = al_scan_min_pos(ay, vh - ay);
        }
        al_vf16 d2 = ax * ax + ay * ay;
        al_vi16 pad = (al_vi16)al_nnf_lt(al_scan_splat((float)(count - 1 - b * AL_NNF_LANES)),
                                         __builtin_convertvector(lane, al_vf16));
        al_vi16 key = ((al_vi16)d2 & ~pad) | (none & pad);
        // Strictly nearer only: an equal later slot is the lane's runner-up.
        al_vi16 lt = al_scan_lti(key, b1);
        b2 = al_scan_mini(b2, al_scan_selecti(lt, b1, key));
        s1 = al_scan_selecti(lt, lane + b * AL_NNF_LANES, s1);
        b1 = al_scan_selecti(lt, key, b1);
    }
    // The nearest distance, the lowest slot holding it, then the rest's least.
    al_vi16 mm = al_scan_hmin(b1);
    al_vi16 win = al_scan_hmin(al_scan_selecti(al_scan_eqi(b1, mm), s1, none));
    al_vi16 rest = al_scan_mini(b2, al_scan_selecti(al_scan_eqi(s1, win), none, b1));
    int32_t sec = al_scan_hmin(rest)[0];
    if (sec == INT32_MAX) {
        *second2 = INFINITY;
    } else {
        memcpy(second2, &sec, sizeof sec);
    }
    return win[0];
}

/// al_scan_nearest2_n for any count up to AL_ANTS_SCAN_MAX.
AL_NNF_INLINE int al_scan_nearest2(const alWorld *wd, const float *ix, const float *iy, int count,
                                   float x, float y, float *second2)
{
    _Static_assert(AL_ANTS_SCAN_MAX == 4 * AL_NNF_LANES, "four blocks of lanes at most");
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const int nb = (count + AL_NNF_LANES - 1) / AL_NNF_LANES;
#define AL_SCAN_N2(NB)                                                                             \
    (wrap ? al_scan_nearest2_n(ix, iy, count, x, y, W, H, true, NB, second2)                       \
          : al_scan_nearest2_n(ix, iy, count, x, y, W, H, false, NB, second2))
    int i = nb <= 1 ? AL_SCAN_N2(1) : nb == 2 ? AL_SCAN_N2(2) : nb == 3 ? AL_SCAN_N2(3) : AL_SCAN_N2(4);
#undef AL_SCAN_N2
    return i;
}

#endif
