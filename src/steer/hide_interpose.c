// Hide and interpose (Buckland ch. 3): both arrive at a point computed from
// other bodies: behind an obstacle seen from the hunter, or between two agents.
#include <float.h>

#include "alife/steering.h"

alVec2 alSteer_Hide(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius, alVec2 hunter_pos,
                    alVec2 hunter_vel, const alObstacle *obs, int n)
{
    float best = FLT_MAX;
    alVec2 spot = pos;
    for (int i = 0; i < n; ++i) {
        alVec2 away = alV2_Normalize(alV2_Sub(obs[i].pos, hunter_pos));
        if (away.x == 0 && away.y == 0) continue; // the hunter stands in the obstacle
        // Just beyond the obstacle's far side, on the line from the hunter.
        alVec2 p = alV2_Add(obs[i].pos, alV2_Scale(away, obs[i].radius + 20.0f));
        float d = alV2_DistSq(p, pos);
        if (d < best) {
            best = d;
            spot = p;
        }
    }
    if (best == FLT_MAX) return alSteer_Evade(pos, vel, max_speed, hunter_pos, hunter_vel, FLT_MAX);
    return alSteer_Arrive(pos, vel, spot, max_speed, arrive_radius);
}

alVec2 alSteer_Interpose(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius, alVec2 a_pos,
                         alVec2 a_vel, alVec2 b_pos, alVec2 b_vel)
{
    alVec2 mid = alV2_Scale(alV2_Add(a_pos, b_pos), 0.5f);
    float t = max_speed > 0 ? alV2_Dist(pos, mid) / max_speed : 0.0f;
    alVec2 a = alV2_Add(a_pos, alV2_Scale(a_vel, t)), b = alV2_Add(b_pos, alV2_Scale(b_vel, t));
    return alSteer_Arrive(pos, vel, alV2_Scale(alV2_Add(a, b), 0.5f), max_speed, arrive_radius);
}
