// Pursuit, evade and offset pursuit (Reynolds 1999, Buckland ch. 3): aim at
// where the other vehicle will be, not where it is.
#include "alife/steering.h"

// Look-ahead time: how long we need to cover the distance at both speeds.
static float lookahead(alVec2 pos, alVec2 other, float max_speed, alVec2 other_vel)
{
    float denom = max_speed + alV2_Length(other_vel);
    return denom > 1e-6f ? alV2_Dist(pos, other) / denom : 0.0f;
}

alVec2 alSteer_Pursuit(alVec2 pos, alVec2 vel, float max_speed, alVec2 evader_pos, alVec2 evader_vel)
{
    float t = lookahead(pos, evader_pos, max_speed, evader_vel);
    return alSteer_Seek(pos, vel, alV2_Add(evader_pos, alV2_Scale(evader_vel, t)), max_speed);
}

alVec2 alSteer_Evade(alVec2 pos, alVec2 vel, float max_speed, alVec2 pursuer_pos,
                     alVec2 pursuer_vel, float fov_radius)
{
    if (alV2_DistSq(pos, pursuer_pos) > fov_radius * fov_radius) return alV2(0, 0);
    float t = lookahead(pos, pursuer_pos, max_speed, pursuer_vel);
    alVec2 future = alV2_Add(pursuer_pos, alV2_Scale(pursuer_vel, t));
    // The predicted point may lie beyond the FOV; it is the present threat
    // that decides whether to run, the prediction only where to run from.
    alVec2 desired = alV2_Scale(alV2_Normalize(alV2_Sub(pos, future)), max_speed);
    return alV2_Sub(desired, vel);
}

alVec2 alSteer_OffsetPursuit(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius,
                             alVec2 leader_pos, alVec2 leader_vel, alVec2 leader_heading,
                             alVec2 offset)
{
    alVec2 side = alV2_Perp(leader_heading);
    alVec2 spot = alV2_Add(leader_pos, alV2_Add(alV2_Scale(leader_heading, offset.x),
                                                alV2_Scale(side, offset.y)));
    float t = lookahead(pos, spot, max_speed, leader_vel);
    return alSteer_Arrive(pos, vel, alV2_Add(spot, alV2_Scale(leader_vel, t)), max_speed,
                          arrive_radius);
}
