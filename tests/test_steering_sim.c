// The steering simulation as a whole: invariants over long runs of every
// scenario, flocking directions in small set-ups, grid == brute force,
// 1 thread == 2 threads, and the boids reaching order.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "alife/steering.h"

static alSteering *make(alScenario sc, int n, uint64_t seed)
{
    alSteeringDef d = alDefaultSteeringDef();
    d.scenario = sc;
    d.vehicles = n;
    d.threads = 1;
    alError err = {0};
    alSteering *s;
    alCreateSteering(&d, seed, &s, &err);
    assert_non_null(s);
    return s;
}

static void every_scenario_keeps_force_and_speed_limits_without_nan(void **state)
{
    (void)state;
    for (int sc = 0; sc < AL_SCN_COUNT; ++sc) {
        alSteering *s = make((alScenario)sc, 120, 11 + (uint64_t)sc);
        alSteeringView v = alSteering_View(s);
        int n = v.count;
        float *ovx = malloc(sizeof(float) * n), *ovy = malloc(sizeof(float) * n);
        for (int t = 0; t < 600; ++t) {
            v = alSteering_View(s);
            memcpy(ovx, v.vx, sizeof(float) * n);
            memcpy(ovy, v.vy, sizeof(float) * n);
            alSteering_Step(s);
            v = alSteering_View(s);
            for (int i = 0; i < n; ++i) {
                const alVehicleParams *P = i == 0 ? v.first : v.others;
                assert_true(isfinite(v.x[i]) && isfinite(v.y[i]) && isfinite(v.vx[i]) && isfinite(v.vy[i]));
                assert_true(isfinite(v.hx[i]) && isfinite(v.hy[i]));
                float sp = hypotf(v.vx[i], v.vy[i]);
                if (sp > P->max_speed * 1.0001f) fail_msg("%s: speed %g > %g", alScenario_Name(sc), sp, P->max_speed);
                // The wrapped world never changes a velocity, so the change of
                // velocity is the force: |dv| <= max_force / mass * dt.
                float dv = hypotf(v.vx[i] - ovx[i], v.vy[i] - ovy[i]);
                float lim = P->max_force / P->mass * v.def->dt;
                if (dv > lim * 1.0001f + 1e-4f)
                    fail_msg("%s: vehicle %d force %g > %g", alScenario_Name(sc), i, dv, lim);
                assert_true(v.x[i] >= 0 && v.x[i] < v.def->world.width);
                assert_float_equal(hypotf(v.hx[i], v.hy[i]), 1.0, 1e-3);
            }
        }
        alSteeringFigures f = alSteering_Figures(s);
        assert_true(f.order >= 0 && f.order <= 1.0001);
        assert_true(f.groups >= 1 && f.groups <= n);
        free(ovx);
        free(ovy);
        alDestroySteering(s);
    }
}

static void vehicles_exactly_on_top_of_each_other_stay_finite(void **state)
{
    (void)state;
    alScenario scs[] = {AL_SCN_SEPARATION, AL_SCN_COHESION, AL_SCN_ALIGNMENT, AL_SCN_FCAS, AL_SCN_BOIDS,
                        AL_SCN_FISH, AL_SCN_COLLISION, AL_SCN_SEEK, AL_SCN_ARRIVE, AL_SCN_PURSUIT_EVADE};
    for (size_t k = 0; k < sizeof scs / sizeof scs[0]; ++k) {
        alSteering *s = make(scs[k], 4, 5);
        // All four on one spot, at rest, on the target too.
        for (int i = 0; i < 4; ++i) alSteering_SetVehicle(s, i, alV2(400, 300), alV2(0, 0));
        alSteering_SetTarget(s, alV2(400, 300));
        for (int t = 0; t < 120; ++t) {
            alSteering_Step(s);
            alSteeringView v = alSteering_View(s);
            for (int i = 0; i < 4; ++i)
                assert_true(isfinite(v.x[i]) && isfinite(v.vx[i]) && isfinite(v.hx[i]));
        }
        alGenStats g;
        assert_true(alSteering_LastStats(s, &g));
        for (int f = 0; f < g.figure_count; ++f) assert_true(isfinite(g.figures[f]));
        alDestroySteering(s);
    }
}

// The recorded separation, cohesion and alignment of vehicle 0 after one tick.
static void forces_of_first(alSteering *s, alVec2 *sep, alVec2 *coh, alVec2 *ali)
{
    alSteering_RecordForces(s, true);
    alSteering_Step(s);
    alSteeringView v = alSteering_View(s);
    assert_non_null(v.sep_x);
    *sep = alV2(v.sep_x[0], v.sep_y[0]);
    *coh = alV2(v.coh_x[0], v.coh_y[0]);
    *ali = alV2(v.ali_x[0], v.ali_y[0]);
}

static void separation_pushes_away_from_a_close_neighbour(void **state)
{
    (void)state;
    alSteering *s = make(AL_SCN_SEPARATION, 2, 1);
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(0, 0));
    alSteering_SetVehicle(s, 1, alV2(410, 300), alV2(0, 0));
    alVec2 sep, coh, ali;
    forces_of_first(s, &sep, &coh, &ali);
    assert_true(sep.x < 0);
    assert_float_equal(sep.y, 0, 1e-4);
    // Closer means a harder push (1/r).
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(0, 0));
    alSteering_SetVehicle(s, 1, alV2(405, 300), alV2(0, 0));
    alVec2 sep2;
    forces_of_first(s, &sep2, &coh, &ali);
    assert_true(sep2.x < sep.x * 1.5f);
    alDestroySteering(s);
}

static void cohesion_pulls_towards_the_neighbours_centre(void **state)
{
    (void)state;
    alSteering *s = make(AL_SCN_COHESION, 3, 1);
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(0, 0));
    alSteering_SetVehicle(s, 1, alV2(430, 290), alV2(0, 0));
    alSteering_SetVehicle(s, 2, alV2(430, 330), alV2(0, 0));
    alVec2 sep, coh, ali;
    forces_of_first(s, &sep, &coh, &ali);
    // Centre (430, 310): direction (30, 10).
    assert_true(coh.x > 0 && coh.y > 0);
    assert_float_equal(coh.y / coh.x, 10.0 / 30.0, 1e-3);
    alDestroySteering(s);
}

static void alignment_turns_towards_the_neighbours_heading(void **state)
{
    (void)state;
    alSteering *s = make(AL_SCN_ALIGNMENT, 3, 1);
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(50, 0));
    alSteering_SetVehicle(s, 1, alV2(420, 300), alV2(0, 50));
    alSteering_SetVehicle(s, 2, alV2(380, 300), alV2(0, 50));
    alVec2 sep, coh, ali;
    forces_of_first(s, &sep, &coh, &ali);
    assert_true(ali.y > 0 && ali.x < 0);
    assert_float_equal(ali.x, -ali.y, 1e-3); // (0,50) - (50,0)
    alDestroySteering(s);
}

static void a_neighbour_outside_the_field_of_view_is_not_seen(void **state)
{
    (void)state;
    alSteeringDef d = alDefaultSteeringDef();
    d.scenario = AL_SCN_ALIGNMENT;
    d.vehicles = 2;
    d.threads = 1;
    d.view_alignment = 3.14159265f / 2; // 90 degrees ahead
    alError err = {0};
    alSteering *s;
    alCreateSteering(&d, 1, &s, &err);
    assert_non_null(s);
    alVec2 sep, coh, ali;
    // Behind: not seen.
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(50, 0));
    alSteering_SetVehicle(s, 1, alV2(380, 300), alV2(0, 50));
    forces_of_first(s, &sep, &coh, &ali);
    assert_float_equal(alV2_Length(ali), 0, 0);
    // Ahead, 30 degrees off the heading: seen.
    alSteering_SetVehicle(s, 0, alV2(400, 300), alV2(50, 0));
    alSteering_SetVehicle(s, 1, alV2(417.32f, 310), alV2(0, 50));
    forces_of_first(s, &sep, &coh, &ali);
    assert_true(ali.y > 0);
    alDestroySteering(s);
}

static void no_neighbour_in_range_gives_no_flocking_force(void **state)
{
    (void)state;
    alSteering *s = make(AL_SCN_FCAS, 2, 1);
    alSteering_SetVehicle(s, 0, alV2(100, 100), alV2(0, 0));
    alSteering_SetVehicle(s, 1, alV2(500, 400), alV2(10, 0));
    alSteering_RecordForces(s, true);
    alSteering_Step(s);
    alSteeringView v = alSteering_View(s);
    assert_float_equal(v.sep_x[6 * 1], 0, 0);
    assert_float_equal(v.coh_x[6 * 1], 0, 0);
    assert_float_equal(v.ali_x[6 * 1], 0, 0);
    alDestroySteering(s);
}

static void count_visit(void *ctx, int agent, float d2)
{
    (void)agent;
    assert_true(d2 <= 81.0f);
    ++*(int *)ctx;
}

static void grid_nearest_equals_brute_force_nearest(void **state)
{
    (void)state;
    alEdgePolicy edges[2] = {AL_EDGE_WRAP, AL_EDGE_CONTAIN};
    float cells[3] = {7, 3.5f, 20};
    int n = 3000;
    float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
    for (int e = 0; e < 2; ++e) {
        alWorld w = {300, 200, edges[e]};
        alRng r = alRng_Stream(99, (uint64_t)e);
        for (int i = 0; i < n; ++i) {
            x[i] = alRng_Range(&r, 0, w.width);
            y[i] = alRng_Range(&r, 0, w.height);
            if (i % 50 == 1) x[i] = x[i - 1], y[i] = y[i - 1]; // exact duplicates: ties
        }
        for (int c = 0; c < 3; ++c) {
            alGrid *g;
            alCreateGrid(&(alGridDef){w, cells[c]}, &g, NULL);
            assert_true(alGrid_Build(g, x, y, n));
            for (int i = 0; i < n; i += 7) {
                int a[AL_GRID_MAX_K], b[AL_GRID_MAX_K];
                float da[AL_GRID_MAX_K], db[AL_GRID_MAX_K];
                int k = 1 + i % 20;
                alVec2 p = alV2(x[i], y[i]);
                int na = alGrid_NearestK(g, p, 9, i, k, a, da);
                int nb = alGrid_BruteNearestK(&w, x, y, n, p, 9, i, k, b, db);
                assert_int_equal(na, nb);
                for (int j = 0; j < na; ++j) {
                    assert_int_equal(g->order[a[j]], b[j]);
                    assert_true(da[j] == db[j]);
                }
                // The uncapped visitor and the capped query see the same set
                // as a scan of everyone.
                int brute = 0, visited = 0, q[256];
                for (int j = 0; j < n; ++j)
                    brute += j != i && alWorld_DistSq(&w, p, alV2(x[j], y[j])) <= 81.0f;
                alGrid_Visit(g, p, 9, i, count_visit, &visited);
                assert_int_equal(visited, brute);
                assert_int_equal(alGrid_Query(g, p, 9, i, q, 256), brute < 256 ? brute : 256);
                assert_int_equal(alGrid_Query(g, p, 9, i, q, 2), brute < 2 ? brute : 2);
            }
            alDestroyGrid(g);
        }
    }
    free(x);
    free(y);
}

static alSteering *make_def(alScenario sc, int n, int threads, bool brute, uint64_t seed)
{
    alSteeringDef d = alDefaultSteeringDef();
    d.scenario = sc;
    d.vehicles = n;
    d.threads = threads;
    d.brute_force = brute;
    if (sc == AL_SCN_BOIDS) {
        // About the benchmark's density (0.05 per square unit), at least 100 x 100.
        float side = fmaxf(100.0f, sqrtf((float)n / 0.05f));
        d.world = (alWorld){side, side, AL_EDGE_WRAP};
    }
    alError err = {0};
    alSteering *s;
    alCreateSteering(&d, seed, &s, &err);
    assert_non_null(s);
    return s;
}

static bool same_state(const alSteering *a, const alSteering *b)
{
    alSteeringView va = alSteering_View(a), vb = alSteering_View(b);
    size_t bytes = sizeof(float) * (size_t)va.count;
    return va.count == vb.count && memcmp(va.x, vb.x, bytes) == 0 && memcmp(va.y, vb.y, bytes) == 0 &&
           memcmp(va.vx, vb.vx, bytes) == 0 && memcmp(va.vy, vb.vy, bytes) == 0 &&
           memcmp(va.hx, vb.hx, bytes) == 0;
}

static void flock_pass_gives_identical_results_with_grid_and_brute_force(void **state)
{
    (void)state;
    alScenario scs[] = {AL_SCN_BOIDS, AL_SCN_FCAS, AL_SCN_SEPARATION, AL_SCN_FISH, AL_SCN_COLLISION};
    for (size_t k = 0; k < sizeof scs / sizeof scs[0]; ++k) {
        alSteering *g = make_def(scs[k], 400, 1, false, 3), *b = make_def(scs[k], 400, 1, true, 3);
        for (int t = 0; t < 300; ++t) {
            alSteering_Step(g);
            alSteering_Step(b);
        }
        if (!same_state(g, b)) fail_msg("%s: grid and brute force differ", alScenario_Name(scs[k]));
        alDestroySteering(g);
        alDestroySteering(b);
    }
}

static void one_and_two_threads_give_identical_statistics(void **state)
{
    (void)state;
    alScenario scs[] = {AL_SCN_BOIDS, AL_SCN_FCAS,       AL_SCN_WANDER,     AL_SCN_FISH, AL_SCN_OBSTACLES_WALLS,
                        AL_SCN_FLEE,  AL_SCN_FLOW_FIELD, AL_SCN_SEPARATION, AL_SCN_PURSUIT_EVADE};
    for (size_t k = 0; k < sizeof scs / sizeof scs[0]; ++k) {
        alSteering *a = make_def(scs[k], 2000, 1, false, 8), *b = make_def(scs[k], 2000, 2, false, 8);
        for (int t = 0; t < 240; ++t) {
            bool ea = alSteering_Step(a), eb = alSteering_Step(b);
            assert_int_equal(ea, eb);
            if (ea) {
                alGenStats ga, gb;
                assert_true(alSteering_LastStats(a, &ga) && alSteering_LastStats(b, &gb));
                assert_true(ga.best == gb.best && ga.mean == gb.mean && ga.worst == gb.worst &&
                            ga.stddev == gb.stddev);
                assert_int_equal(ga.figure_count, gb.figure_count);
                for (int f = 0; f < ga.figure_count; ++f) assert_true(ga.figures[f] == gb.figures[f]);
            }
        }
        if (!same_state(a, b)) fail_msg("%s: 1 and 2 threads differ", alScenario_Name(scs[k]));
        alDestroySteering(a);
        alDestroySteering(b);
    }
}

static alSteering *make_big(int n, int threads, bool brute)
{
    alSteeringDef d = alDefaultSteeringDef();
    d.scenario = AL_SCN_BOIDS;
    d.vehicles = n;
    d.threads = threads;
    d.brute_force = brute;
    d.boids.think_interval = 2.0f;
    float side = sqrtf((float)n / 0.05f);
    d.world = (alWorld){side, side, AL_EDGE_WRAP};
    alError err = {0};
    alSteering *s;
    alCreateSteering(&d, 5, &s, &err);
    assert_non_null(s);
    return s;
}

static void big_flocks_renumbered_by_cell_stay_identical_across_threads_and_searches(void **state)
{
    (void)state;
    // Above 32768 vehicles the simulation renumbers vehicles by cell every
    // 32 ticks; that must not depend on threads or on the neighbour search.
    // The seed's final think interval (2 s) keeps the brute-force run cheap.
    int n = 33000;
    alSteering *a = make_big(n, 1, false), *b = make_big(n, 2, false), *c = make_big(n, 1, true);
    for (int t = 0; t < 34; ++t) {
        alSteering_Step(a);
        alSteering_Step(b);
        alSteering_Step(c);
    }
    assert_true(same_state(a, b));
    assert_true(same_state(a, c));
    alDestroySteering(a);
    alDestroySteering(b);
    alDestroySteering(c);
}

static void default_boids_reach_order_above_0_9(void **state)
{
    (void)state;
    // The lesson's config, as a student runs it.
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        alConfigDef cd = alDefaultConfigDef();
        cd.path = ALIFE_SOURCE_DIR "/experiments/steering/boids.ini";
        alError err = {0};
        alConfig *cfg;
        alCreateConfig(&cd, &cfg, &err);
        if (!cfg) fail_msg("%s", err.msg);
        alSteeringDef d;
        assert_int_equal(alSteeringDef_FromConfig(&d, cfg, &err), AL_OK);
        d.threads = 1;
        alSteering *s;
        alCreateSteering(&d, seed, &s, &err);
        alDestroyConfig(cfg);
        assert_non_null(s);
        double start = alSteering_Figures(s).order, best = 0;
        assert_true(start < 0.5); // random headings
        int reached = -1;
        for (int t = 1; t <= 60 * 120 && reached < 0; ++t) {
            alSteering_Step(s);
            if (t % 30 == 0 && alSteering_Figures(s).order > 0.9) reached = t;
        }
        best = alSteering_Figures(s).order;
        if (reached < 0) fail_msg("seed %llu: order %.3f after 7200 ticks", (unsigned long long)seed, best);
        alDestroySteering(s);
    }
}

static void adding_and_removing_vehicles_keeps_the_others(void **state)
{
    (void)state;
    alSteering *a = make(AL_SCN_WANDER, 50, 4);
    alSteering_AddVehicles(a, 30);
    alSteeringView v = alSteering_View(a);
    assert_int_equal(v.count, 80);
    alSteering *b = make(AL_SCN_WANDER, 80, 4);
    assert_true(same_state(a, b)); // a vehicle's start depends on (seed, index) only
    alSteering_RemoveVehicles(a, 1000);
    assert_int_equal(alSteering_View(a).count, 1);
    for (int t = 0; t < 10; ++t) alSteering_Step(a);
    alDestroySteering(a);
    alDestroySteering(b);
}

static void path_and_obstacle_edits_take_effect(void **state)
{
    (void)state;
    alSteering *s = make(AL_SCN_OBSTACLES_WALLS, 10, 4);
    alSteeringView v = alSteering_View(s);
    assert_true(v.obstacle_count > 0 && v.wall_count > 0);
    alVec2 c = v.obstacles[0].pos;
    assert_int_equal(alSteering_ObstacleAt(s, c), 0);
    alSteering_MoveObstacle(s, 0, alV2(10, 10));
    assert_float_equal(alSteering_View(s).obstacles[0].pos.x, 10, 0);
    int before = v.path_count;
    assert_true(alSteering_AddWaypoint(s, alV2(123, 45)));
    assert_int_equal(alSteering_View(s).path_count, before + 1);
    assert_true(alSteering_RemoveWaypoint(s, alV2(124, 45), 5));
    assert_false(alSteering_RemoveWaypoint(s, alV2(-500, -500), 5));
    alVehicleParams p = *alSteering_View(s).first;
    p.max_speed = 3;
    alError err;
    assert_int_equal(alSteering_SetFirstParams(s, &p, &err), AL_OK);
    p.mass = 0;
    assert_int_equal(alSteering_SetFirstParams(s, &p, &err), AL_ERR_CONFIG);
    assert_float_equal(alSteering_View(s).first->max_speed, 3, 0);
    for (int t = 0; t < 60; ++t) alSteering_Step(s);
    assert_true(hypotf(alSteering_View(s).vx[0], alSteering_View(s).vy[0]) <= 3.0001f);
    alSteering_SetScenario(s, AL_SCN_FLOW_FIELD);
    assert_non_null(alSteering_View(s).flow);
    for (int t = 0; t < 30; ++t) alSteering_Step(s);
    alDestroySteering(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_scenario_keeps_force_and_speed_limits_without_nan),
        cmocka_unit_test(vehicles_exactly_on_top_of_each_other_stay_finite),
        cmocka_unit_test(separation_pushes_away_from_a_close_neighbour),
        cmocka_unit_test(cohesion_pulls_towards_the_neighbours_centre),
        cmocka_unit_test(alignment_turns_towards_the_neighbours_heading),
        cmocka_unit_test(a_neighbour_outside_the_field_of_view_is_not_seen),
        cmocka_unit_test(no_neighbour_in_range_gives_no_flocking_force),
        cmocka_unit_test(grid_nearest_equals_brute_force_nearest),
        cmocka_unit_test(flock_pass_gives_identical_results_with_grid_and_brute_force),
        cmocka_unit_test(one_and_two_threads_give_identical_statistics),
        cmocka_unit_test(big_flocks_renumbered_by_cell_stay_identical_across_threads_and_searches),
        cmocka_unit_test(default_boids_reach_order_above_0_9),
        cmocka_unit_test(adding_and_removing_vehicles_keeps_the_others),
        cmocka_unit_test(path_and_obstacle_edits_take_effect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
