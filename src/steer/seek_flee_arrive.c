// Seek, flee and arrive (seed 002, Reynolds 1999): the three behaviours built
// on a desired velocity; the steering force is desired - velocity.
#include "alife/steering.h"

alVec2 alSteer_Seek(alVec2 pos, alVec2 vel, alVec2 target, float max_speed)
{
    alVec2 desired = alV2_Scale(alV2_Normalize(alV2_Sub(target, pos)), max_speed);
    return alV2_Sub(desired, vel);
}

alVec2 alSteer_Flee(alVec2 pos, alVec2 vel, alVec2 threat, float max_speed, float fov_radius)
{
    // The vehicle reacts only to what it sees: a threat inside its FOV circle.
    if (alV2_DistSq(pos, threat) > fov_radius * fov_radius) return alV2(0, 0);
    alVec2 desired = alV2_Scale(alV2_Normalize(alV2_Sub(pos, threat)), max_speed);
    return alV2_Sub(desired, vel);
}

alVec2 alSteer_Arrive(alVec2 pos, alVec2 vel, alVec2 target, float max_speed, float arrive_radius)
{
    alVec2 to = alV2_Sub(target, pos);
    float d = alV2_Length(to);
    if (!(d > 1e-6f)) return alV2_Scale(vel, -1.0f); // on the target: stop
    // Full speed outside the radius, linearly slower inside it, zero on it.
    float speed = fminf(max_speed, max_speed * d / arrive_radius);
    alVec2 desired = alV2_Scale(to, speed / d);
    return alV2_Sub(desired, vel);
}
