// steer_integrate_n (a run of vehicles in vector lanes, used by the steering
// tick; runs of 1 to 64, so every clone's full vectors and tails are
// exercised) gives bit for bit what calls of steer_integrate give, on
// hostile inputs: forces and speeds below, at and far above their caps,
// zero and near-zero velocities, headings against the velocity (the turn
// limit), zero headings, and bodies leaving the world under every edge
// policy.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "alife/rng.h"
#include "../src/steer/steer_internal.h"

// A value of one of a few telling kinds around scale.
static float tricky(alRng *rng, float scale)
{
    switch (alRng_Bounded(rng, 6)) {
    case 0: return 0.0f;
    case 1: return scale;                                       // on a cap
    case 2: return alRng_Range(rng, -1e-4f, 1e-4f);             // speed2 near 1e-8
    case 3: return alRng_Range(rng, -50.0f, 50.0f) * scale;      // far beyond
    default: return alRng_Range(rng, -2.0f, 2.0f) * scale;
    }
}

enum { RUN = 64 };

static void run_lanes(alEdgePolicy edge, uint64_t stream)
{
    alRng rng = alRng_Stream(99, (uint64_t)edge * 2 + stream);
    long differ = 0, turned = 0, confined = 0;
    for (int t = 0; t < 4000; ++t) {
        alWorld w = {alRng_Range(&rng, 5, 300), alRng_Range(&rng, 5, 300), edge};
        alVehicleParams p = alDefaultVehicleParams();
        p.mass = alRng_Range(&rng, 0.1f, 5.0f);
        p.max_force = alRng_Range(&rng, 0.5f, 400.0f);
        p.max_speed = alRng_Range(&rng, 0.5f, 200.0f);
        float a = alRng_Range(&rng, 0.0f, 3.14159265f), c = cosf(a), s = sinf(a);
        float dt = alRng_Bounded(&rng, 2) ? 1.0f / 60.0f : alRng_Range(&rng, 0.001f, 0.5f);
        int n = 1 + (int)alRng_Bounded(&rng, RUN);
        float fx[RUN], fy[RUN], st[6][RUN];
        alVec2 pos[RUN], vel[RUN], head[RUN];
        for (int l = 0; l < n; ++l) {
            fx[l] = tricky(&rng, p.max_force), fy[l] = tricky(&rng, p.max_force);
            // Near an edge (or across it) half the time.
            float x = alRng_Bounded(&rng, 2) ? alRng_Range(&rng, -0.5f, 0.5f) : alRng_Range(&rng, 0, w.width);
            float y = alRng_Bounded(&rng, 2) ? w.height - alRng_Range(&rng, -0.5f, 0.5f)
                                             : alRng_Range(&rng, 0, w.height);
            pos[l] = alV2(x, y);
            vel[l] = alV2(tricky(&rng, p.max_speed), tricky(&rng, p.max_speed));
            switch (alRng_Bounded(&rng, 3)) {
            case 0: head[l] = alV2(0, 0); break;
            case 1: head[l] = alV2_Normalize(alV2_Scale(vel[l], -1.0f)); break; // turn limit
            default: {
                float h = alRng_Range(&rng, 0, 6.2831853f);
                head[l] = alV2(cosf(h), sinf(h));
            }
            }
            st[0][l] = pos[l].x, st[1][l] = pos[l].y, st[2][l] = vel[l].x;
            st[3][l] = vel[l].y, st[4][l] = head[l].x, st[5][l] = head[l].y;
        }
        float o[6][RUN];
        lanes in = {st[0], st[1], st[2], st[3], st[4], st[5]};
        lanes out = {o[0], o[1], o[2], o[3], o[4], o[5]};
        steer_integrate_n(&w, &p, c, s, fx, fy, dt, &in, &out, n);
        for (int l = 0; l < n; ++l) {
            alVec2 h0 = head[l];
            steer_integrate(&w, &p, c, s, alV2(fx[l], fy[l]), dt, &pos[l], &vel[l], &head[l]);
            float want[6] = {pos[l].x, pos[l].y, vel[l].x, vel[l].y, head[l].x, head[l].y};
            float *got[6] = {out.x, out.y, out.vx, out.vy, out.hx, out.hy};
            for (int k = 0; k < 6; ++k) differ += memcmp(&want[k], &got[k][l], sizeof(float)) != 0;
            turned += alV2_Dot(h0, head[l]) < 0.999f;
            confined += pos[l].x != st[0][l] + vel[l].x * dt; // the edge policy acted
        }
    }
    assert_int_equal(differ, 0);
    // The cases of interest came up.
    assert_true(turned > 1000);
    assert_true(confined > 1000);
}

static void lanes_equal_one_by_one_wrapped(void **state)
{
    (void)state;
    run_lanes(AL_EDGE_WRAP, 0);
    run_lanes(AL_EDGE_WRAP, 1);
}

static void lanes_equal_one_by_one_bounded(void **state)
{
    (void)state;
    run_lanes(AL_EDGE_BOUNCE, 0);
    run_lanes(AL_EDGE_CONTAIN, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lanes_equal_one_by_one_wrapped),
        cmocka_unit_test(lanes_equal_one_by_one_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
