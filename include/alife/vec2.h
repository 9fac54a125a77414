/// vec2.h — inline 2D vector math (float). Every function is pure and total:
/// no NaN comes out of a finite input (normalise of a zero vector gives zero).
#ifndef ALIFE_VEC2_H
#define ALIFE_VEC2_H

#include <math.h>
#include "alife/detmath.h"

typedef struct alVec2 {
    float x, y;
} alVec2;

static inline alVec2 alV2(float x, float y) { return (alVec2){x, y}; }
static inline alVec2 alV2_Add(alVec2 a, alVec2 b) { return (alVec2){a.x + b.x, a.y + b.y}; }
static inline alVec2 alV2_Sub(alVec2 a, alVec2 b) { return (alVec2){a.x - b.x, a.y - b.y}; }
static inline alVec2 alV2_Scale(alVec2 a, float s) { return (alVec2){a.x * s, a.y * s}; }
static inline float alV2_Dot(alVec2 a, alVec2 b) { return a.x * b.x + a.y * b.y; }
/// 2D cross product (z of the 3D cross): > 0 when b is counter-clockwise of a.
static inline float alV2_Cross(alVec2 a, alVec2 b) { return a.x * b.y - a.y * b.x; }
static inline float alV2_LengthSq(alVec2 a) { return a.x * a.x + a.y * a.y; }
static inline float alV2_Length(alVec2 a) { return sqrtf(alV2_LengthSq(a)); }
static inline float alV2_DistSq(alVec2 a, alVec2 b) { return alV2_LengthSq(alV2_Sub(a, b)); }
static inline float alV2_Dist(alVec2 a, alVec2 b) { return sqrtf(alV2_DistSq(a, b)); }

/// Unit vector along a; the zero vector (or a denormal one) maps to zero.
static inline alVec2 alV2_Normalize(alVec2 a)
{
    float l2 = alV2_LengthSq(a);
    if (!(l2 > 1e-20f)) return (alVec2){0.0f, 0.0f};
    float inv = 1.0f / sqrtf(l2);
    return (alVec2){a.x * inv, a.y * inv};
}

/// a with its length capped at max (max >= 0); direction kept.
static inline alVec2 alV2_Truncate(alVec2 a, float max)
{
    float l2 = alV2_LengthSq(a);
    if (l2 <= max * max) return a;
    float s = max / sqrtf(l2);
    return (alVec2){a.x * s, a.y * s};
}

/// a rotated +90 degrees (counter-clockwise in a y-up frame).
static inline alVec2 alV2_Perp(alVec2 a) { return (alVec2){-a.y, a.x}; }

/// a rotated by angle radians.
static inline alVec2 alV2_Rotate(alVec2 a, float angle)
{
    float c = alDet_Cosf(angle), s = alDet_Sinf(angle);
    return (alVec2){a.x * c - a.y * s, a.x * s + a.y * c};
}

/// Angle of a in radians, in (-pi, pi]; 0 for the zero vector.
static inline float alV2_Angle(alVec2 a) { return alDet_Atan2f(a.y, a.x); }
/// Unit vector at angle radians.
static inline alVec2 alV2_FromAngle(float angle) { return (alVec2){alDet_Cosf(angle), alDet_Sinf(angle)}; }
static inline alVec2 alV2_Lerp(alVec2 a, alVec2 b, float t)
{
    return (alVec2){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

#endif
