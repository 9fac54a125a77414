// The vehicle model (seed 002, with a fixed time step): the one place where a
// steering force becomes motion.
#include <math.h>

#include "steer_internal.h"

static const char *const behaviour_names[AL_B_COUNT] = {
    "seek",     "flee",           "arrive",    "wander", "path",    "separation",
    "cohesion", "alignment",      "pursuit",   "evade",  "offset_pursuit", "obstacles",
    "walls",    "contain",        "hide",      "interpose", "flow", "collision",
};

const char *alBehaviour_Name(alBehaviour b) { return behaviour_names[b]; }

alVehicleParams alDefaultVehicleParams(void)
{
    alVehicleParams p;
    p.mass = 1.0f;
    p.max_speed = 150.0f;
    p.max_force = 300.0f;
    p.radius = 5.0f;
    p.turn_rate = 6.2831853f;
    p.fov_radius = 150.0f;
    p.arrive_radius = 100.0f;
    p.wander = (alWanderParams){20.0f, 40.0f, 80.0f};
    for (int b = 0; b < AL_B_COUNT; ++b) p.weight[b] = 1.0f;
    return p;
}

alResult alVehicleParams_Check(const alVehicleParams *p, alError *err)
{
    struct { const char *name; float v; } pos[] = {
        {"mass", p->mass}, {"max_speed", p->max_speed}, {"max_force", p->max_force},
        {"radius", p->radius}, {"turn_rate", p->turn_rate}, {"fov_radius", p->fov_radius},
        {"arrive_radius", p->arrive_radius}, {"wander_radius", p->wander.radius},
    };
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; ++i)
        if (!(pos[i].v > 0) || !isfinite(pos[i].v))
            return alError_Set(err, AL_ERR_CONFIG, "vehicle %s = %g: must be a finite number > 0",
                               pos[i].name, (double)pos[i].v);
    if (!(p->wander.distance >= 0) || !(p->wander.jitter >= 0) || !isfinite(p->wander.distance) ||
        !isfinite(p->wander.jitter))
        return alError_Set(err, AL_ERR_CONFIG, "vehicle wander distance/jitter must be finite and >= 0");
    for (int b = 0; b < AL_B_COUNT; ++b)
        if (!(p->weight[b] >= 0) || !isfinite(p->weight[b]))
            return alError_Set(err, AL_ERR_CONFIG, "vehicle weight of %s = %g: must be >= 0",
                               behaviour_names[b], (double)p->weight[b]);
    return AL_OK;
}

void steer_integrate(const alWorld *w, const alVehicleParams *p, float cos_turn, float sin_turn,
                     alVec2 force, float dt, alVec2 *pos, alVec2 *vel, alVec2 *heading)
{
    alVec2 steer = alV2_Truncate(force, p->max_force);
    alVec2 acc = alV2_Scale(steer, 1.0f / p->mass);
    alVec2 v = alV2_Truncate(alV2_Add(*vel, alV2_Scale(acc, dt)), p->max_speed);
    alVec2 x = alV2_Add(*pos, alV2_Scale(v, dt));
    // On a torus a body still inside needs nothing (the common case): skip
    // the call.
    if (w->edge != AL_EDGE_WRAP || !(x.x >= 0.0f && x.x < w->width && x.y >= 0.0f && x.y < w->height))
        alWorld_Confine(w, &x, &v);
    // The heading follows the velocity, turning at most turn_rate*dt per tick
    // (cos_turn, sin_turn: of that angle) so the body does not flip when the
    // velocity swings through zero. No trigonometry per vehicle.
    float speed2 = alV2_LengthSq(v);
    if (speed2 > 1e-8f) {
        alVec2 want = alV2_Scale(v, 1.0f / sqrtf(speed2));
        alVec2 h = *heading;
        if (alV2_Dot(h, want) >= cos_turn) {
            h = want;
        } else {
            float sgn = alV2_Cross(h, want) >= 0 ? 1.0f : -1.0f;
            alVec2 r = {h.x * cos_turn - h.y * sin_turn * sgn, h.x * sin_turn * sgn + h.y * cos_turn};
            h = alV2_Normalize(r);
            if (h.x == 0 && h.y == 0) h = want;
        }
        *heading = h;
    }
    *pos = x;
    *vel = v;
}

void alSteer_Integrate(const alWorld *w, const alVehicleParams *p, alVec2 force, float dt, alVec2 *pos,
                       alVec2 *vel, alVec2 *heading)
{
    float a = fminf(p->turn_rate * dt, 3.14159265f);
    steer_integrate(w, p, cosf(a), sinf(a), force, dt, pos, vel, heading);
}
