// Each behaviour's force in small set-ups where the right answer is known.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "alife/steering.h"

static const alWorld open_world = {1000, 1000, AL_EDGE_CONTAIN};

static bool finite2(alVec2 v) { return isfinite(v.x) && isfinite(v.y); }

static void seek_points_at_the_target(void **state)
{
    (void)state;
    alVec2 f = alSteer_Seek(alV2(0, 0), alV2(0, 0), alV2(10, 0), 5);
    assert_float_equal(f.x, 5, 1e-5);
    assert_float_equal(f.y, 0, 1e-5);
    // Moving sideways: the force cancels the sideways velocity too.
    f = alSteer_Seek(alV2(0, 0), alV2(0, 3), alV2(0, -10), 5);
    assert_float_equal(f.y, -8, 1e-5);
}

static void seek_with_target_on_the_vehicle_is_finite(void **state)
{
    (void)state;
    alVec2 f = alSteer_Seek(alV2(3, 4), alV2(1, 1), alV2(3, 4), 10);
    assert_true(finite2(f));
    f = alSteer_Arrive(alV2(3, 4), alV2(1, 1), alV2(3, 4), 10, 5);
    assert_true(finite2(f));
    assert_float_equal(f.x, -1, 1e-6); // on the target: brake
    f = alSteer_Flee(alV2(3, 4), alV2(1, 1), alV2(3, 4), 10, 5);
    assert_true(finite2(f));
}

static void flee_ignores_a_threat_outside_its_fov(void **state)
{
    (void)state;
    alVec2 f = alSteer_Flee(alV2(0, 0), alV2(1, 0), alV2(100, 0), 10, 50);
    assert_float_equal(f.x, 0, 0);
    assert_float_equal(f.y, 0, 0);
    f = alSteer_Flee(alV2(0, 0), alV2(0, 0), alV2(30, 0), 10, 50);
    assert_true(f.x < -9.99f); // away from the threat, full speed
}

static void arrive_comes_to_rest_on_the_target(void **state)
{
    (void)state;
    alVehicleParams p = alDefaultVehicleParams();
    alVec2 pos = alV2(100, 100), vel = alV2(0, 0), h = alV2(1, 0), target = alV2(400, 300);
    for (int t = 0; t < 60 * 20; ++t)
        alSteer_Integrate(&open_world, &p,
                          alV2_Scale(alSteer_Arrive(pos, vel, target, p.max_speed, p.arrive_radius),
                                     AL_STEER_GAIN), 1.0f / 60, &pos,
                          &vel, &h);
    assert_true(alV2_Dist(pos, target) < 1.0f);
    assert_true(alV2_Length(vel) < 1.0f);
}

static void seek_overshoots_where_arrive_does_not(void **state)
{
    (void)state;
    alVehicleParams p = alDefaultVehicleParams();
    alVec2 target = alV2(400, 100);
    float worst_seek = 0, worst_arrive = 0;
    for (int which = 0; which < 2; ++which) {
        alVec2 pos = alV2(100, 100), vel = alV2(0, 0), h = alV2(1, 0);
        for (int t = 0; t < 600; ++t) {
            alVec2 f = which ? alSteer_Arrive(pos, vel, target, p.max_speed, p.arrive_radius)
                             : alSteer_Seek(pos, vel, target, p.max_speed);
            alSteer_Integrate(&open_world, &p, alV2_Scale(f, AL_STEER_GAIN), 1.0f / 60, &pos, &vel, &h);
            float beyond = pos.x - target.x;
            if (which) worst_arrive = fmaxf(worst_arrive, beyond);
            else worst_seek = fmaxf(worst_seek, beyond);
        }
    }
    assert_true(worst_seek > 10.0f);
    assert_true(worst_arrive < 1.0f);
}

static void wander_target_stays_on_its_circle(void **state)
{
    (void)state;
    alWanderParams wp = {20, 40, 300};
    alRng rng = alRng_Stream(7, 1);
    alVec2 lt = alSteer_WanderStart(&wp, 0.3f), wt;
    alVec2 pos = alV2(50, 60), heading = alV2_Normalize(alV2(1, 2));
    for (int t = 0; t < 2000; ++t) {
        alVec2 f = alSteer_Wander(&rng, &lt, &wp, 1.0f / 60, pos, alV2(0, 0), heading, 10, &wt);
        assert_true(finite2(f));
        assert_float_equal(alV2_Length(lt), wp.radius, 1e-3);
        alVec2 centre = alV2_Add(pos, alV2_Scale(heading, wp.distance));
        assert_float_equal(alV2_Dist(wt, centre), wp.radius, 1e-3);
    }
}

static void wander_turns_smoothly(void **state)
{
    (void)state;
    // Small jitter: the target moves little per tick, so consecutive
    // forces point in nearly the same direction (no twitching).
    alWanderParams wp = {20, 40, 60};
    alRng rng = alRng_Stream(3, 9);
    alVec2 lt = alSteer_WanderStart(&wp, 1.0f), prev = {0, 0};
    for (int t = 0; t < 500; ++t) {
        alVec2 wt;
        alSteer_Wander(&rng, &lt, &wp, 1.0f / 60, alV2(0, 0), alV2(0, 0), alV2(1, 0), 10, &wt);
        if (t > 0) assert_true(alV2_Dist(wt, prev) <= 2.0f * 60.0f / 60.0f * 1.5f);
        prev = wt;
    }
}

static void path_follower_visits_waypoints_in_order_and_loops(void **state)
{
    (void)state;
    alVec2 pts[4] = {{100, 100}, {300, 100}, {300, 300}, {100, 300}};
    alPath path = {pts, 4, true};
    alVehicleParams p = alDefaultVehicleParams();
    alVec2 pos = alV2(50, 50), vel = alV2(0, 0), h = alV2(1, 0);
    int idx = 0, visits[16], nvisits = 0, last = 0;
    for (int t = 0; t < 60 * 30 && nvisits < 16; ++t) {
        alVec2 f = alSteer_FollowPath(&path, &idx, 10, 50, pos, vel, p.max_speed);
        if (idx != last) {
            visits[nvisits++] = idx;
            last = idx;
        }
        alSteer_Integrate(&open_world, &p, alV2_Scale(f, AL_STEER_GAIN), 1.0f / 60, &pos, &vel, &h);
    }
    assert_true(nvisits >= 6); // round the square and past the start again
    for (int k = 0; k < nvisits; ++k) assert_int_equal(visits[k], (k + 1) % 4);
}

static void open_path_stops_at_the_last_waypoint(void **state)
{
    (void)state;
    alVec2 pts[3] = {{100, 100}, {300, 100}, {300, 300}};
    alPath path = {pts, 3, false};
    alVehicleParams p = alDefaultVehicleParams();
    alVec2 pos = alV2(50, 50), vel = alV2(0, 0), h = alV2(1, 0);
    int idx = 0;
    for (int t = 0; t < 60 * 30; ++t)
        alSteer_Integrate(&open_world, &p,
                          alV2_Scale(alSteer_FollowPath(&path, &idx, 10, 50, pos, vel, p.max_speed), AL_STEER_GAIN),
                          1.0f / 60, &pos, &vel, &h);
    assert_int_equal(idx, 2);
    assert_true(alV2_Dist(pos, pts[2]) < 2.0f);
}

static void path_parse_reads_points_and_names_bad_tokens(void **state)
{
    (void)state;
    alVec2 pts[8];
    alError err = {0};
    assert_int_equal(alPath_Parse("1,2 3.5,-4;5,6", "k", pts, 8, &err), 3);
    assert_float_equal(pts[1].x, 3.5, 0);
    assert_float_equal(pts[1].y, -4, 0);
    assert_int_equal(alPath_Parse("1,2 3,x 5,6", "steering.path", pts, 8, &err), -1);
    assert_non_null(strstr(err.msg, "steering.path"));
    assert_non_null(strstr(err.msg, "'3,x'"));
    assert_int_equal(alPath_Parse("   ", "steering.path", pts, 8, &err), -1);
    assert_non_null(strstr(err.msg, "empty"));
    assert_int_equal(alPath_Parse("1,2 nan,3", "p", pts, 8, &err), -1);
    assert_int_equal(alPath_Parse("1,2 3,4 5,6", "p", pts, 2, &err), -1);
}

static void pursuit_leads_the_target(void **state)
{
    (void)state;
    // Evader moving up; pursuer to its left aims above it, not at it.
    alVec2 f = alSteer_Pursuit(alV2(0, 0), alV2(0, 0), 10, alV2(100, 0), alV2(0, 10));
    assert_true(f.x > 0 && f.y > 0);
    alVec2 e = alSteer_Evade(alV2(0, 0), alV2(0, 0), 10, alV2(50, 0), alV2(-10, 0), 100);
    assert_true(e.x < 0);
    e = alSteer_Evade(alV2(0, 0), alV2(0, 0), 10, alV2(500, 0), alV2(-10, 0), 100);
    assert_float_equal(alV2_Length(e), 0, 0);
}

static void obstacle_ahead_pushes_sideways_and_one_behind_is_ignored(void **state)
{
    (void)state;
    alObstacle o = {{50, 3}, 10};
    alVec2 f = alSteer_AvoidObstacles(alV2(0, 0), alV2(1, 0), 50, 2, 60, &o, 1);
    assert_true(f.y < 0); // obstacle slightly to +y: push to -y
    alObstacle behind = {{-50, 0}, 10};
    f = alSteer_AvoidObstacles(alV2(0, 0), alV2(1, 0), 50, 2, 60, &behind, 1);
    assert_float_equal(alV2_Length(f), 0, 0);
    alObstacle wide = {{50, 40}, 10};
    f = alSteer_AvoidObstacles(alV2(0, 0), alV2(1, 0), 50, 2, 60, &wide, 1);
    assert_float_equal(alV2_Length(f), 0, 0);
}

static void wall_feeler_pushes_back_along_the_normal(void **state)
{
    (void)state;
    alWall w = alWall_Make(alV2(30, -100), alV2(30, 100));
    alVec2 f = alSteer_AvoidWalls(alV2(0, 0), alV2(1, 0), 40, &w, 1);
    assert_true(f.x < 0);
    f = alSteer_AvoidWalls(alV2(0, 0), alV2(-1, 0), 40, &w, 1);
    assert_float_equal(alV2_Length(f), 0, 0);
}

static void containment_pushes_inwards_only_near_the_edge(void **state)
{
    (void)state;
    alVec2 f = alSteer_Contain(alV2(5, 300), 800, 600, 30, 100);
    assert_true(f.x > 0 && f.y == 0);
    f = alSteer_Contain(alV2(400, 300), 800, 600, 30, 100);
    assert_float_equal(alV2_Length(f), 0, 0);
}

static void hide_goes_behind_the_obstacle(void **state)
{
    (void)state;
    alObstacle o = {{100, 0}, 10};
    // Hunter at the origin: the hiding spot is beyond x = 110.
    alVec2 f = alSteer_Hide(alV2(100, 50), alV2(0, 0), 10, 5, alV2(0, 0), alV2(0, 0), &o, 1);
    assert_true(f.x > 0 && f.y < 0);
}

static void interpose_heads_for_the_midpoint(void **state)
{
    (void)state;
    alVec2 f = alSteer_Interpose(alV2(0, 100), alV2(0, 0), 10, 5, alV2(-50, 0), alV2(0, 0),
                                 alV2(50, 0), alV2(0, 0));
    assert_float_equal(f.x, 0, 1e-5);
    assert_true(f.y < 0);
}

static void collision_avoidance_reacts_to_a_head_on_approach_only(void **state)
{
    (void)state;
    alVec2 op = alV2(100, 0), ov = alV2(-10, 0);
    float orad = 5;
    alVec2 f = alSteer_AvoidCollision(alV2(0, 0), alV2(10, 0), 5, 100, &op, &ov, &orad, 1, 10);
    assert_true(alV2_Length(f) > 0);
    assert_true(finite2(f));
    // Passing far apart: nothing to do.
    op = alV2(100, 50);
    f = alSteer_AvoidCollision(alV2(0, 0), alV2(10, 0), 5, 100, &op, &ov, &orad, 1, 10);
    assert_float_equal(alV2_Length(f), 0, 0);
}

static void flow_field_gives_the_cell_direction(void **state)
{
    (void)state;
    alVec2 dirs[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    alFlowField ff = {2, 2, 50, 50, dirs};
    alVec2 f = alSteer_FollowFlow(&ff, alV2(75, 25), alV2(0, 0), 10);
    assert_float_equal(f.y, 10, 1e-6);
    f = alSteer_FollowFlow(&ff, alV2(-5, 500), alV2(0, 0), 10); // clamped to a cell
    assert_float_equal(f.x, -10, 1e-6);
}

static void combine_methods_respect_max_force_and_priority(void **state)
{
    (void)state;
    alForceTerm t[2] = {{{100, 0}, 1, 1}, {{0, 100}, 1, 1}};
    alRng rng = alRng_Stream(1, 1);
    alVec2 f = alSteer_Combine(AL_COMBINE_PRIORITISED, t, 2, 120, &rng);
    assert_float_equal(f.x, 100, 1e-4); // the first gets all it asks for,
    assert_float_equal(f.y, 20, 1e-4);  // the second what is left of the budget
    f = alSteer_Combine(AL_COMBINE_WEIGHTED, t, 2, 120, &rng);
    assert_float_equal(f.x, f.y, 1e-4);
    assert_float_equal(alV2_Length(f), 120, 1e-3);
    for (int k = 0; k < 100; ++k) {
        f = alSteer_Combine(AL_COMBINE_DITHERED, t, 2, 120, &rng);
        assert_true(alV2_Length(f) <= 120.001f);
        assert_true(f.x == 0 || f.y == 0); // one behaviour at a time
    }
}

static void integrate_truncates_force_and_speed_and_limits_turning(void **state)
{
    (void)state;
    alVehicleParams p = alDefaultVehicleParams();
    p.max_speed = 10;
    p.max_force = 5;
    p.mass = 2;
    p.turn_rate = 1.0f;
    alVec2 pos = {500, 500}, vel = {0, 0}, h = {1, 0};
    alSteer_Integrate(&open_world, &p, alV2(0, 1000), 1, &pos, &vel, &h);
    assert_float_equal(alV2_Length(vel), 2.5, 1e-5); // 5 / 2 * 1s
    // The heading turned by at most 1 rad towards +y.
    assert_float_equal(atan2f(h.y, h.x), 1.0, 1e-4);
    for (int t = 0; t < 100; ++t) alSteer_Integrate(&open_world, &p, alV2(0, 1000), 1, &pos, &vel, &h);
    assert_true(alV2_Length(vel) <= 10.0001f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seek_points_at_the_target),
        cmocka_unit_test(seek_with_target_on_the_vehicle_is_finite),
        cmocka_unit_test(flee_ignores_a_threat_outside_its_fov),
        cmocka_unit_test(arrive_comes_to_rest_on_the_target),
        cmocka_unit_test(seek_overshoots_where_arrive_does_not),
        cmocka_unit_test(wander_target_stays_on_its_circle),
        cmocka_unit_test(wander_turns_smoothly),
        cmocka_unit_test(path_follower_visits_waypoints_in_order_and_loops),
        cmocka_unit_test(open_path_stops_at_the_last_waypoint),
        cmocka_unit_test(path_parse_reads_points_and_names_bad_tokens),
        cmocka_unit_test(pursuit_leads_the_target),
        cmocka_unit_test(obstacle_ahead_pushes_sideways_and_one_behind_is_ignored),
        cmocka_unit_test(wall_feeler_pushes_back_along_the_normal),
        cmocka_unit_test(containment_pushes_inwards_only_near_the_edge),
        cmocka_unit_test(hide_goes_behind_the_obstacle),
        cmocka_unit_test(interpose_heads_for_the_midpoint),
        cmocka_unit_test(collision_avoidance_reacts_to_a_head_on_approach_only),
        cmocka_unit_test(flow_field_gives_the_cell_direction),
        cmocka_unit_test(combine_methods_respect_max_force_and_priority),
        cmocka_unit_test(integrate_truncates_force_and_speed_and_limits_turning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
