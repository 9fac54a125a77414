// Reading [steering], [boids] and [fish]: defaults, values, and the errors
// of checks that span keys or parse text (each naming file:line and keys).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "alife/steering.h"

// Resolves INI text as file "t.ini" and reads the steering def from it.
static alResult read(const char *text, alSteeringDef *d, alError *err)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.text = text;
    cd.path = "t.ini";
    cd.module = "steering";
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, err);
    if (!cfg) return err->code;
    alResult r = alSteeringDef_FromConfig(d, cfg, err);
    alDestroyConfig(cfg);
    return r;
}

// The seed's coefficients and counts; its lengths and speed scaled by 7 from
// its 100-wide world to the default 800 x 600 one (boids.ini has the seed's own).
static void defaults_are_the_seed_values(void **state)
{
    (void)state;
    alSteeringDef d;
    alError err = {0};
    assert_int_equal(read("[run]\nmodule = steering\n", &d, &err), AL_OK);
    assert_int_equal(d.vehicles, 100);
    assert_int_equal(d.scenario, AL_SCN_BOIDS);
    assert_int_equal(d.combine, AL_COMBINE_PRIORITISED);
    assert_float_equal(d.boids.cohesion_radius, 7 * 7, 0);
    assert_float_equal(d.boids.separation_distance, 5 * 7, 0);
    assert_float_equal(d.boids.cohesion, 1, 0);
    assert_float_equal(d.boids.alignment, 4, 0);
    assert_float_equal(d.boids.separation, 10, 0);
    assert_float_equal(d.boids.max_speed, 15 * 7, 0);
    assert_int_equal(d.boids.max_neighbours, 10);
    assert_int_equal(d.boids.min_neighbours, 2);
    assert_int_equal(d.path_count, 0);
}

static void values_and_path_are_read(void **state)
{
    (void)state;
    alSteeringDef d;
    alError err = {0};
    assert_int_equal(read("[run]\nmodule = steering\nthreads = 2\n[steering]\nscenario = fcas\nmass = 2.5\n"
                          "path = \"1,2 3,4 5,6\"\ncohesion_view_deg = 180\ncombine = dithered\n[fish]\nmax_speed = 50\n",
                          &d, &err),
                     AL_OK);
    assert_int_equal(d.scenario, AL_SCN_FCAS);
    assert_int_equal(d.threads, 2);
    assert_float_equal(d.params.mass, 2.5, 1e-6);
    assert_int_equal(d.path_count, 3);
    assert_float_equal(d.path[2].y, 6, 0);
    assert_float_equal(d.view_cohesion, 3.14159, 1e-4);
    assert_float_equal(d.view_alignment, 6.28319, 1e-4);
    assert_int_equal(d.combine, AL_COMBINE_DITHERED);
    assert_float_equal(d.fish.max_speed, 50, 0);
}

static void expect_error(const char *text, const char *const *needles)
{
    alSteeringDef d;
    alError err = {0};
    assert_int_equal(read(text, &d, &err), AL_ERR_CONFIG);
    for (; *needles; ++needles)
        if (!strstr(err.msg, *needles)) fail_msg("'%s' not in: %s", *needles, err.msg);
}

static void cross_key_errors_name_both_keys_and_where(void **state)
{
    (void)state;
    expect_error("[run]\nmodule = steering\n[boids]\ncohesion_radius = 4\nseparation_distance = 6\n",
                 (const char *[]){"t.ini:5", "boids.separation_distance = 6", "boids.cohesion_radius = 4",
                                  "separation_distance <= cohesion_radius", NULL});
    expect_error("[run]\nmodule = steering\n[fish]\nmin_speed = 50\nmax_speed = 40\n",
                 (const char *[]){"t.ini:4", "fish.min_speed = 50", "fish.max_speed = 40", NULL});
    expect_error("[run]\nmodule = steering\n[steering]\nseparation_radius = 60\n",
                 (const char *[]){"t.ini:4", "separation_radius <= neighbour_radius", NULL});
    expect_error("[run]\nmodule = steering\n[world]\nwidth = 50\nheight = 50\n[steering]\nseparation_radius = 20\n"
                 "neighbour_radius = 40\n",
                 (const char *[]){"t.ini:8", "steering.neighbour_radius = 40", NULL});
}

static void path_errors_name_the_token(void **state)
{
    (void)state;
    expect_error("[run]\nmodule = steering\n[steering]\npath = \"1,1 2;2\"\n",
                 (const char *[]){"t.ini:4", "steering.path", "bad waypoint '2'", NULL});
    expect_error("[run]\nmodule = steering\n[steering]\npath =\n",
                 (const char *[]){"t.ini:4", "the path is empty", NULL});
    expect_error("[run]\nmodule = steering\n[steering]\npath = \"   \"\n",
                 (const char *[]){"t.ini:4", "the path is empty", NULL});
    // The word default (what a resolved config holds) is the scenario's own path.
    alSteeringDef d;
    alError err = {0};
    assert_int_equal(read("[run]\nmodule = steering\n[steering]\npath = default\n", &d, &err), AL_OK);
    assert_int_equal(d.path_count, 0);
    expect_error("[run]\nmodule = steering\n[steering]\npath = \"1,1 inf,2\"\n",
                 (const char *[]){"bad waypoint 'inf,2'", NULL});
}

static void schema_ranges_reject_bad_numbers(void **state)
{
    (void)state;
    expect_error("[run]\nmodule = steering\n[steering]\nmass = 0\n",
                 (const char *[]){"t.ini:4", "steering.mass = '0'", "out of range", "0.01", NULL});
    expect_error("[run]\nmodule = steering\n[boids]\nmax_neighbours = 65\n",
                 (const char *[]){"boids.max_neighbours", "out of range", NULL});
    expect_error("[run]\nmodule = steering\n[steering]\nmax_speed = NaN\n",
                 (const char *[]){"steering.max_speed", "not a number", NULL});
}

static void create_rejects_bad_defs(void **state)
{
    (void)state;
    alSteeringDef d = alDefaultSteeringDef();
    alError err = {0};
    d.params.mass = 0;
    alSteering *s = (alSteering *)&d; // must be overwritten
    assert_int_equal(alCreateSteering(&d, 1, &s, &err), AL_ERR_CONFIG);
    assert_null(s);
    assert_int_equal(err.code, AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "mass"));
    d = alDefaultSteeringDef();
    d.max_neighbours = 0;
    assert_int_equal(alCreateSteering(&d, 1, &s, &err), AL_ERR_CONFIG);
    assert_null(s);
    alDestroySteering(NULL);
}

static void scenario_names_round_trip(void **state)
{
    (void)state;
    for (int s = 0; s < AL_SCN_COUNT; ++s) {
        assert_int_equal(alScenario_Parse(alScenario_Name((alScenario)s)), s);
        assert_non_null(alScenario_Title((alScenario)s));
    }
    assert_int_equal(alScenario_Parse("nope"), -1);
    // The module is registered and its keys are in the schema.
    assert_non_null(alModule_Find("steering"));
    assert_non_null(alSchema_Find("steering.w_separation"));
    assert_non_null(alSchema_Find("boids.think_interval"));
    assert_non_null(alSchema_Find("fish.goal_probability"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_are_the_seed_values),
        cmocka_unit_test(values_and_path_are_read),
        cmocka_unit_test(cross_key_errors_name_both_keys_and_where),
        cmocka_unit_test(path_errors_name_the_token),
        cmocka_unit_test(schema_ranges_reject_bad_numbers),
        cmocka_unit_test(create_rejects_bad_defs),
        cmocka_unit_test(scenario_names_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
