// Unaligned collision avoidance (Reynolds 1999): predict, for every nearby
// vehicle, when the two will be closest if both keep their velocity; react to
// the soonest such approach that would bring the bodies into contact.
#include <float.h>

#include "alife/steering.h"

alVec2 alSteer_AvoidCollision(alVec2 pos, alVec2 vel, float radius, float max_force, const alVec2 *other_pos,
                              const alVec2 *other_vel, const float *other_radius, int n, float horizon)
{
    float soonest = horizon;
    int who = -1;
    alVec2 my_at = pos, their_at = pos;
    for (int i = 0; i < n; ++i) {
        alVec2 dp = alV2_Sub(other_pos[i], pos), dv = alV2_Sub(other_vel[i], vel);
        float dv2 = alV2_LengthSq(dv);
        if (dv2 < 1e-9f) continue; // same velocity: the distance never changes
        float t = -alV2_Dot(dp, dv) / dv2;
        if (t < 0 || t >= soonest) continue;
        alVec2 me = alV2_Add(pos, alV2_Scale(vel, t)), them = alV2_Add(other_pos[i], alV2_Scale(other_vel[i], t));
        float reach = radius + other_radius[i];
        if (alV2_DistSq(me, them) >= reach * reach) continue;
        soonest = t;
        who = i;
        my_at = me;
        their_at = them;
    }
    if (who < 0) return alV2(0, 0);
    // Steer away from where the other will be, harder the sooner it is.
    alVec2 away = alV2_Normalize(alV2_Sub(my_at, their_at));
    if (away.x == 0 && away.y == 0) away = alV2_Normalize(alV2_Perp(vel)); // head-on
    float urgency = 1.0f - soonest / horizon;
    return alV2_Scale(away, max_force * urgency);
}
