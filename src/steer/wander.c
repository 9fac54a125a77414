// Wander (seed 001): a target held on a circle projected ahead of the
// vehicle, jittered a little each tick and pulled back onto the circle. The
// vehicle keeps chasing a target it can never reach, so its turns are smooth
// and sustained instead of twitchy.
#include "alife/steering.h"

alVec2 alSteer_WanderStart(const alWanderParams *wp, float angle)
{
    return alV2_Scale(alV2_FromAngle(angle), wp->radius);
}

alVec2 alSteer_Wander(alRng *rng, alVec2 *local_target, const alWanderParams *wp, float dt,
                      alVec2 pos, alVec2 vel, alVec2 heading, float max_speed, alVec2 *world_target)
{
    float j = wp->jitter * dt;
    alVec2 t = *local_target;
    t.x += alRng_Range(rng, -1.0f, 1.0f) * j;
    t.y += alRng_Range(rng, -1.0f, 1.0f) * j;
    t = alV2_Normalize(t);
    if (t.x == 0.0f && t.y == 0.0f) t = alV2(1.0f, 0.0f); // jitter cancelled it exactly
    t = alV2_Scale(t, wp->radius);
    *local_target = t;
    // Local frame: x along the heading, y along the side (heading turned +90°).
    alVec2 side = alV2_Perp(heading);
    alVec2 centre = alV2_Add(pos, alV2_Scale(heading, wp->distance));
    alVec2 world = alV2_Add(centre, alV2_Add(alV2_Scale(heading, t.x), alV2_Scale(side, t.y)));
    if (world_target) *world_target = world;
    return alSteer_Seek(pos, vel, world, max_speed);
}
