// Obstacle avoidance (detection box), wall avoidance (feelers) and
// containment, after Buckland, "Programming Game AI by Example", ch. 3.
#include <float.h>

#include "alife/steering.h"

alVec2 alSteer_AvoidObstacles(alVec2 pos, alVec2 heading, float speed, float radius, float box_length,
                              const alObstacle *obs, int n)
{
    // The box grows with speed: a fast vehicle must look further ahead.
    float len = box_length * (1.0f + speed / (speed + 100.0f));
    alVec2 side = alV2_Perp(heading);
    int closest = -1;
    float closest_x = FLT_MAX;
    alVec2 closest_local = {0, 0};
    for (int i = 0; i < n; ++i) {
        alVec2 d = alV2_Sub(obs[i].pos, pos);
        float lx = alV2_Dot(d, heading), ly = alV2_Dot(d, side);
        float r = obs[i].radius + radius;
        // Behind us, beyond the box, or wider than the box: no threat.
        if (lx < -r || lx - r > len || fabsf(ly) >= r) continue;
        // Where the box's centre line enters the circle: lx - sqrt(r² - ly²).
        float sq = sqrtf(r * r - ly * ly);
        float ix = lx - sq <= 0.0f ? lx + sq : lx - sq;
        if (ix < closest_x) {
            closest_x = ix;
            closest = i;
            closest_local = alV2(lx, ly);
        }
    }
    if (closest < 0) return alV2(0, 0);
    float r = obs[closest].radius + radius;
    // Closer obstacles push harder; push sideways away from its centre (a
    // dead-ahead obstacle is passed on the side the heading's perp points to)
    // and brake a little.
    float mult = 1.0f + (len - fmaxf(closest_local.x, 0.0f)) / len;
    float lateral = (closest_local.y == 0.0f ? -r : (r - fabsf(closest_local.y)) *
                                                       (closest_local.y > 0 ? -1.0f : 1.0f)) * mult;
    float brake = (r - closest_local.x) * 0.2f;
    if (brake > 0) brake = 0; // only brake for obstacles ahead of their own radius
    alVec2 local = alV2(brake, lateral);
    float scale = speed > 1.0f ? speed / r : 1.0f;
    return alV2_Scale(alV2_Add(alV2_Scale(heading, local.x), alV2_Scale(side, local.y)), scale * 4.0f);
}

alWall alWall_Make(alVec2 a, alVec2 b)
{
    alWall w = {a, b, alV2_Normalize(alV2_Perp(alV2_Sub(b, a)))};
    return w;
}

// Intersection of segments p0-p1 and q0-q1: true and *t (along p) if they cross.
static bool segments_cross(alVec2 p0, alVec2 p1, alVec2 q0, alVec2 q1, float *t)
{
    alVec2 r = alV2_Sub(p1, p0), s = alV2_Sub(q1, q0);
    float den = alV2_Cross(r, s);
    if (fabsf(den) < 1e-12f) return false;
    alVec2 qp = alV2_Sub(q0, p0);
    float tp = alV2_Cross(qp, s) / den, tq = alV2_Cross(qp, r) / den;
    if (tp < 0 || tp > 1 || tq < 0 || tq > 1) return false;
    *t = tp;
    return true;
}

alVec2 alSteer_AvoidWalls(alVec2 pos, alVec2 heading, float feeler_length, const alWall *walls, int n)
{
    alVec2 feelers[3] = {
        alV2_Add(pos, alV2_Scale(heading, feeler_length)),
        alV2_Add(pos, alV2_Scale(alV2_Rotate(heading, 0.785398f), feeler_length * 0.5f)),
        alV2_Add(pos, alV2_Scale(alV2_Rotate(heading, -0.785398f), feeler_length * 0.5f)),
    };
    alVec2 force = {0, 0};
    float best_depth = 0;
    for (int f = 0; f < 3; ++f) {
        float nearest_t = FLT_MAX;
        int wall = -1;
        for (int w = 0; w < n; ++w) {
            float t;
            if (segments_cross(pos, feelers[f], walls[w].a, walls[w].b, &t) && t < nearest_t) {
                nearest_t = t;
                wall = w;
            }
        }
        if (wall < 0) continue;
        alVec2 hit = alV2_Lerp(pos, feelers[f], nearest_t);
        alVec2 over = alV2_Sub(feelers[f], hit);
        float depth = alV2_Length(over);
        if (depth > best_depth) {
            best_depth = depth;
            // Push out along the normal facing the vehicle's side of the wall.
            alVec2 nrm = walls[wall].normal;
            if (alV2_Dot(nrm, alV2_Sub(pos, walls[wall].a)) < 0) nrm = alV2_Scale(nrm, -1.0f);
            // Deeper means harder: a feeler poking a third of its length
            // through already asks for a large force.
            force = alV2_Scale(nrm, depth * 30.0f);
        }
    }
    return force;
}

alVec2 alSteer_Contain(alVec2 pos, float w, float h, float margin, float max_force)
{
    alVec2 f = {0, 0};
    if (pos.x < margin) f.x = (margin - pos.x) / margin;
    else if (pos.x > w - margin) f.x = -(pos.x - (w - margin)) / margin;
    if (pos.y < margin) f.y = (margin - pos.y) / margin;
    else if (pos.y > h - margin) f.y = -(pos.y - (h - margin)) / margin;
    return alV2_Scale(f, max_force);
}
