// The vehicle model (seed 002, with a fixed time step): the one place where a
// steering force becomes motion.
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "alife/v4.h"
#include "steer_internal.h"

static const char *const behaviour_names[AL_B_COUNT] = {
    "seek",     "flee",           "arrive",    "wander", "path",    "separation",
    "cohesion", "alignment",      "pursuit",   "evade",  "offset_pursuit", "obstacles",
    "walls",    "contain",        "hide",      "interpose", "flow", "collision",
};

const char *alBehaviour_Name(alBehaviour b) { return behaviour_names[b]; }

alVehicleParams alDefaultVehicleParams(void)
{
    return alDefaultSteeringDef().params; // the schema's [steering] defaults
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
    steer_integrate(w, p, alDet_Cosf(a), alDet_Sinf(a), force, dt, pos, vel, heading);
}

// steer_integrate for four vehicles at once, lane by lane the same
// operations (IEEE sqrt, division, products and sums round the same in a
// vector as alone, and C17 mode contracts nothing into an FMA), so the
// results are bit-identical; each branch becomes a select between both
// ways. Its chain of square roots and divisions, one vehicle at a time,
// was the second cost of a boids tick.

// alV2_Truncate, lane by lane.
static inline void truncate4(alV4f *x, alV4f *y, float max)
{
    alV4f l2 = *x * *x + *y * *y;
    alV4i keep = l2 <= alV4_Splat(max * max);
    alV4f s = alV4_Splat(max) / alV4_Sqrt(l2);
    *x = alV4_Pick(keep, *x, *x * s);
    *y = alV4_Pick(keep, *y, *y * s);
}

void steer_integrate4(const alWorld *w, const alVehicleParams *p, float cos_turn, float sin_turn,
                      const float *fx, const float *fy, float dt, const lanes4 *in,
                      const lanes4 *out)
{
    alV4f sx = alV4_Load(fx), sy = alV4_Load(fy);
    truncate4(&sx, &sy, p->max_force);
    float inv_mass = 1.0f / p->mass;
    alV4f ax = sx * alV4_Splat(inv_mass), ay = sy * alV4_Splat(inv_mass);
    alV4f vdt = alV4_Splat(dt);
    alV4f vx = alV4_Load(in->vx) + ax * vdt, vy = alV4_Load(in->vy) + ay * vdt;
    truncate4(&vx, &vy, p->max_speed);
    alV4f x = alV4_Load(in->x) + vx * vdt, y = alV4_Load(in->y) + vy * vdt;
    alV4i inside = (x >= alV4_Splat(0.0f)) & (x < alV4_Splat(w->width)) & (y >= alV4_Splat(0.0f)) &
                 (y < alV4_Splat(w->height));
    if (w->edge != AL_EDGE_WRAP || (inside[0] & inside[1] & inside[2] & inside[3]) == 0) {
        // Rare on a torus: the lanes that left the world, one at a time.
        for (int l = 0; l < 4; ++l) {
            if (w->edge == AL_EDGE_WRAP && inside[l]) continue;
            alVec2 lp = {x[l], y[l]}, lv = {vx[l], vy[l]};
            alWorld_Confine(w, &lp, &lv);
            x[l] = lp.x, y[l] = lp.y, vx[l] = lv.x, vy[l] = lv.y;
        }
    }
    alV4f hx = alV4_Load(in->hx), hy = alV4_Load(in->hy);
    alV4f speed2 = vx * vx + vy * vy;
    alV4i moving = speed2 > alV4_Splat(1e-8f);
    alV4f inv = alV4_Splat(1.0f) / alV4_Sqrt(speed2);
    alV4f wx = vx * inv, wy = vy * inv;
    alV4i aligned = hx * wx + hy * wy >= alV4_Splat(cos_turn);
    alV4f sgn = alV4_Pick(hx * wy - hy * wx >= alV4_Splat(0.0f), alV4_Splat(1.0f), alV4_Splat(-1.0f));
    alV4f c = alV4_Splat(cos_turn), s = alV4_Splat(sin_turn);
    alV4f rx = hx * c - hy * s * sgn, ry = hx * s * sgn + hy * c;
    // alV2_Normalize, then a zero result replaced by want.
    alV4f rl2 = rx * rx + ry * ry;
    alV4f rinv = alV4_Splat(1.0f) / alV4_Sqrt(rl2);
    alV4i nonzero = rl2 > alV4_Splat(1e-20f);
    alV4f nx = alV4_Pick(nonzero, rx * rinv, alV4_Splat(0.0f)), ny = alV4_Pick(nonzero, ry * rinv, alV4_Splat(0.0f));
    alV4i zero = (nx == alV4_Splat(0.0f)) & (ny == alV4_Splat(0.0f));
    nx = alV4_Pick(zero, wx, nx), ny = alV4_Pick(zero, wy, ny);
    alV4f tx = alV4_Pick(aligned, wx, nx), ty = alV4_Pick(aligned, wy, ny);
    alV4_Store(out->hx, alV4_Pick(moving, tx, hx));
    alV4_Store(out->hy, alV4_Pick(moving, ty, hy));
    alV4_Store(out->x, x), alV4_Store(out->y, y);
    alV4_Store(out->vx, vx), alV4_Store(out->vy, vy);
}
