// The vehicle model (seed 002, with a fixed time step): the one place where a
// steering force becomes motion.
// Comparisons may not trap here, so the selects of steer_integrate_n
// vectorise. No value changes.
#pragma GCC optimize("no-trapping-math")

#include <math.h>
#include <stdbool.h>
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

// steer_integrate for a run of vehicles as plain loops over the arrays,
// which GCC vectorises: lane by lane the same operations (IEEE sqrt,
// division, products and sums round the same in a vector as alone, and C17
// mode contracts nothing into an FMA), so the results are bit-identical;
// each branch becomes a select between both ways (the comparisons may not
// trap: no-trapping-math, which changes no value). Compiled for AVX-512 and
// AVX2 as well where the CPU has them (16 and 8 lanes). Its chain of square
// roots and divisions, one vehicle at a time, was the second cost of a
// boids tick. Not under clang (the ThreadSanitizer build), which emits no
// resolver for a cloned function called from another file.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define LANE_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define LANE_CLONES
#endif

// The three passes, inlined into each clone; restrict: in and out never
// overlap.
static inline __attribute__((always_inline)) int move_pass(
    int n, float mf, float ms, float inv_mass, float dt, float w, float h, const float *restrict fx,
    const float *restrict fy, const float *restrict ix, const float *restrict iy,
    const float *restrict ivx, const float *restrict ivy, float *restrict ox, float *restrict oy,
    float *restrict ovx, float *restrict ovy)
{
    int outside = 0;
    for (int l = 0; l < n; ++l) {
        // alV2_Truncate(force, max_force), then acc = steer / mass.
        float sx = fx[l], sy = fy[l], f2 = sx * sx + sy * sy, fs = mf / sqrtf(f2);
        bool fk = f2 <= mf * mf;
        sx = fk ? sx : sx * fs, sy = fk ? sy : sy * fs;
        float ax = sx * inv_mass, ay = sy * inv_mass;
        // vel = alV2_Truncate(vel + acc * dt, max_speed), pos += vel * dt.
        float vx = ivx[l] + ax * dt, vy = ivy[l] + ay * dt, v2 = vx * vx + vy * vy, vs = ms / sqrtf(v2);
        bool vk = v2 <= ms * ms;
        vx = vk ? vx : vx * vs, vy = vk ? vy : vy * vs;
        float x = ix[l] + vx * dt, y = iy[l] + vy * dt;
        outside |= !(x >= 0.0f && x < w && y >= 0.0f && y < h);
        ox[l] = x, oy[l] = y, ovx[l] = vx, ovy[l] = vy;
    }
    return outside;
}

static inline __attribute__((always_inline)) void turn_pass(
    int n, float c, float s, const float *restrict vxs, const float *restrict vys,
    const float *restrict ihx, const float *restrict ihy, float *restrict ohx, float *restrict ohy)
{
    for (int l = 0; l < n; ++l) {
        float vx = vxs[l], vy = vys[l], hx = ihx[l], hy = ihy[l];
        float speed2 = vx * vx + vy * vy, inv = 1.0f / sqrtf(speed2);
        float wx = vx * inv, wy = vy * inv; // unused (maybe NaN) when still
        float sgn = hx * wy - hy * wx >= 0.0f ? 1.0f : -1.0f;
        float rx = hx * c - hy * s * sgn, ry = hx * s * sgn + hy * c;
        // alV2_Normalize, then a zero result replaced by want.
        float rl2 = rx * rx + ry * ry, rinv = 1.0f / sqrtf(rl2);
        float nx = rl2 > 1e-20f ? rx * rinv : 0.0f, ny = rl2 > 1e-20f ? ry * rinv : 0.0f;
        // (Both zero: want. Written as two selects each: GCC 12 does not
        // vectorise the loop with an int made of the two comparisons.)
        float zx = ny == 0.0f ? wx : nx, zy = ny == 0.0f ? wy : ny;
        float kx = nx == 0.0f ? zx : nx, ky = nx == 0.0f ? zy : ny;
        nx = kx, ny = ky;
        // Turned towards want when aligned, kept when still.
        int aligned = hx * wx + hy * wy >= c;
        nx = aligned ? wx : nx, ny = aligned ? wy : ny;
        int moving = speed2 > 1e-8f;
        ohx[l] = moving ? nx : hx;
        ohy[l] = moving ? ny : hy;
    }
}

LANE_CLONES void steer_integrate_n(const alWorld *w, const alVehicleParams *p, float cos_turn,
                                   float sin_turn, const float *fx, const float *fy, float dt,
                                   const lanes *in, const lanes *out, int n)
{
    int outside = move_pass(n, p->max_force, p->max_speed, 1.0f / p->mass, dt, w->width, w->height, fx,
                            fy, in->x, in->y, in->vx, in->vy, out->x, out->y, out->vx, out->vy);
    if (w->edge != AL_EDGE_WRAP || outside) {
        // Rare on a torus: the vehicles that left the world, one at a time
        // (every one under the other policies, as steer_integrate does).
        for (int l = 0; l < n; ++l) {
            alVec2 lp = {out->x[l], out->y[l]}, lv = {out->vx[l], out->vy[l]};
            if (w->edge == AL_EDGE_WRAP && lp.x >= 0.0f && lp.x < w->width && lp.y >= 0.0f && lp.y < w->height)
                continue;
            alWorld_Confine(w, &lp, &lv);
            out->x[l] = lp.x, out->y[l] = lp.y, out->vx[l] = lv.x, out->vy[l] = lv.y;
        }
    }
    turn_pass(n, cos_turn, sin_turn, out->vx, out->vy, in->hx, in->hy, out->hx, out->hy);
}
