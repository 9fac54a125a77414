// A fish school as in seed 004: each fish swims at its own speed; outside the
// area it turns back towards the centre (slower); inside, now and then, it
// applies the flock rules: head for the group's centre plus the shared goal,
// away from fish that touch it (body size counted, the seed's open point),
// and take the group's mean speed. Unlike the seed, whose averaging let the
// school slow to half its slowest starting speed, every speed a fish picks
// lies in [min_speed, max_speed]: the keys mean what they say. Both scale
// with the fish's max_speed parameter (fish.max_speed at the start; the
// GUI's S key changes it).
#include <math.h>

#include "steer_internal.h"

alVec2 fish_force(alSteering *s, int i)
{
    const alFishParams *fp = &s->def.fish;
    const alVehicleParams *P = params_of(s, i);
    const alWorld *w = &s->def.world;
    alRng *rng = &s->rng[i];
    alVec2 pos = pos_of(&s->cur, i), vel = vel_of(&s->cur, i);
    float hi = P->max_speed, lo = fp->min_speed * (P->max_speed / fp->max_speed);
    alVec2 home = alWorld_Delta(w, pos, alV2(0.5f * w->width, 0.5f * w->height));
    if (alV2_LengthSq(home) >= fp->area_radius * fp->area_radius) {
        // Turning back: among the slower half of the speeds.
        s->speed[i] = alRng_Range(rng, lo, 0.5f * (lo + hi));
        alVec2 d = alV2_Scale(alV2_Normalize(home), s->speed[i]);
        s->dvx[i] = d.x;
        s->dvy[i] = d.y;
    } else if (alRng_Float(rng) < fp->rule_probability) {
        neighbours nb;
        steer_neighbours(s, i, fp->neighbour_distance, s->def.max_neighbours, &nb);
        if (nb.n > 0) {
            alVec2 centre = {0, 0}, avoid = {0, 0};
            float gspeed = 0, touch = 2.0f * P->radius * 1.5f;
            for (int k = 0; k < nb.n; ++k) {
                centre = alV2_Add(centre, nb.dpos[k]);
                gspeed += alV2_Length(nb.vel[k]);
                if (nb.d2[k] < touch * touch) avoid = alV2_Sub(avoid, nb.dpos[k]);
            }
            float inv = 1.0f / (float)nb.n;
            centre = alV2_Add(alV2_Scale(centre, inv), alWorld_Delta(w, pos, s->fish_goal));
            float sp = gspeed * inv;
            s->speed[i] = fminf(fmaxf(sp, lo), hi);
            alVec2 dir = alV2_Normalize(alV2_Add(centre, alV2_Scale(avoid, 4.0f)));
            if (dir.x != 0 || dir.y != 0) {
                s->dvx[i] = dir.x * s->speed[i];
                s->dvy[i] = dir.y * s->speed[i];
            }
        }
    }
    // Turn towards the wanted direction at turn_rate (the seed's slerp, as a
    // normalised lerp) and swim at the own speed, as the seed's fish do (a
    // pull of the velocity vector towards the wish cut corners and slowed
    // every turning fish). Fish without a heading yet take the wish.
    float sp = s->speed[i];
    alVec2 want = alV2_Normalize(alV2(s->dvx[i], s->dvy[i])), dir = alV2_Normalize(vel);
    if (dir.x == 0 && dir.y == 0) dir = want;
    float k = fminf(fp->turn_rate * s->def.dt, 1.0f);
    alVec2 nd = alV2_Normalize(alV2_Add(dir, alV2_Scale(alV2_Sub(want, dir), k)));
    if (nd.x == 0 && nd.y == 0) nd = alV2_Perp(dir); // a wish straight behind: turn
    alVec2 desired = alV2_Scale(nd, sp);
    return alV2_Scale(alV2_Sub(desired, vel), P->mass / s->def.dt);
}
