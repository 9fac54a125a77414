// The vehicle model (seed 002, with a fixed time step): the one place where a
// steering force becomes motion.
#include <math.h>
#include <stdint.h>
#include <string.h>

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

// steer_integrate for four vehicles at once, lane by lane the same
// operations (IEEE sqrt, division, products and sums round the same in a
// vector as alone, and C17 mode contracts nothing into an FMA), so the
// results are bit-identical; each branch becomes a select between both
// ways. Its chain of square roots and divisions, one vehicle at a time,
// was the second cost of a boids tick.
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

static inline v4f splat4(float v) { return (v4f){v, v, v, v}; }
static inline v4f pick4(v4i m, v4f a, v4f b) { return (v4f)(((v4i)a & m) | ((v4i)b & ~m)); }
static inline v4f load4(const float *p)
{
    v4f v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void store4(float *p, v4f v) { memcpy(p, &v, sizeof v); }
static inline v4f sqrt4(v4f v)
{
#if defined(__SSE__)
    return __builtin_ia32_sqrtps(v);
#else
    return (v4f){sqrtf(v[0]), sqrtf(v[1]), sqrtf(v[2]), sqrtf(v[3])};
#endif
}

// alV2_Truncate, lane by lane.
static inline void truncate4(v4f *x, v4f *y, float max)
{
    v4f l2 = *x * *x + *y * *y;
    v4i keep = l2 <= splat4(max * max);
    v4f s = splat4(max) / sqrt4(l2);
    *x = pick4(keep, *x, *x * s);
    *y = pick4(keep, *y, *y * s);
}

void steer_integrate4(const alWorld *w, const alVehicleParams *p, float cos_turn, float sin_turn,
                      const float *fx, const float *fy, float dt, const lanes4 *in,
                      const lanes4 *out)
{
    v4f sx = load4(fx), sy = load4(fy);
    truncate4(&sx, &sy, p->max_force);
    float inv_mass = 1.0f / p->mass;
    v4f ax = sx * splat4(inv_mass), ay = sy * splat4(inv_mass);
    v4f vdt = splat4(dt);
    v4f vx = load4(in->vx) + ax * vdt, vy = load4(in->vy) + ay * vdt;
    truncate4(&vx, &vy, p->max_speed);
    v4f x = load4(in->x) + vx * vdt, y = load4(in->y) + vy * vdt;
    v4i inside = (x >= splat4(0.0f)) & (x < splat4(w->width)) & (y >= splat4(0.0f)) &
                 (y < splat4(w->height));
    if (w->edge != AL_EDGE_WRAP || (inside[0] & inside[1] & inside[2] & inside[3]) == 0) {
        // Rare on a torus: the lanes that left the world, one at a time.
        for (int l = 0; l < 4; ++l) {
            if (w->edge == AL_EDGE_WRAP && inside[l]) continue;
            alVec2 lp = {x[l], y[l]}, lv = {vx[l], vy[l]};
            alWorld_Confine(w, &lp, &lv);
            x[l] = lp.x, y[l] = lp.y, vx[l] = lv.x, vy[l] = lv.y;
        }
    }
    v4f hx = load4(in->hx), hy = load4(in->hy);
    v4f speed2 = vx * vx + vy * vy;
    v4i moving = speed2 > splat4(1e-8f);
    v4f inv = splat4(1.0f) / sqrt4(speed2);
    v4f wx = vx * inv, wy = vy * inv;
    v4i aligned = hx * wx + hy * wy >= splat4(cos_turn);
    v4f sgn = pick4(hx * wy - hy * wx >= splat4(0.0f), splat4(1.0f), splat4(-1.0f));
    v4f c = splat4(cos_turn), s = splat4(sin_turn);
    v4f rx = hx * c - hy * s * sgn, ry = hx * s * sgn + hy * c;
    // alV2_Normalize, then a zero result replaced by want.
    v4f rl2 = rx * rx + ry * ry;
    v4f rinv = splat4(1.0f) / sqrt4(rl2);
    v4i nonzero = rl2 > splat4(1e-20f);
    v4f nx = pick4(nonzero, rx * rinv, splat4(0.0f)), ny = pick4(nonzero, ry * rinv, splat4(0.0f));
    v4i zero = (nx == splat4(0.0f)) & (ny == splat4(0.0f));
    nx = pick4(zero, wx, nx), ny = pick4(zero, wy, ny);
    v4f tx = pick4(aligned, wx, nx), ty = pick4(aligned, wy, ny);
    store4(out->hx, pick4(moving, tx, hx));
    store4(out->hy, pick4(moving, ty, hy));
    store4(out->x, x), store4(out->y, y);
    store4(out->vx, vx), store4(out->vy, vy);
}
