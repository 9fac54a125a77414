// One source of defaults: for every module the def built from an empty config
// (the schema's defaults) equals the module's default def, field by field.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/estrings.h"
#include "alife/ga.h"
#include "alife/steering.h"

static int differences;

#define EQ(a, b, f)                                                                          \
    do {                                                                                     \
        if (memcmp(&(a).f, &(b).f, sizeof(a).f) != 0) {                                      \
            print_message("%s: default def %.9g, from the schema %.9g\n", #f, (double)(a).f, \
                          (double)(b).f);                                                    \
            differences++;                                                                   \
        }                                                                                    \
    } while (0)

static alConfig *empty_config(const char *module)
{
    alConfigDef def = alDefaultConfigDef();
    def.module = module;
    alError err;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) fail_msg("%s", err.msg);
    return cfg;
}

static void compare_ga(const alGaDef a, const alGaDef b)
{
    EQ(a, b, type); EQ(a, b, population); EQ(a, b, length); EQ(a, b, minimise);
    EQ(a, b, alphabet_size); EQ(a, b, init_min); EQ(a, b, init_max); EQ(a, b, clamp_min);
    EQ(a, b, clamp_max); EQ(a, b, selection); EQ(a, b, tournament_k); EQ(a, b, truncation);
    EQ(a, b, negative); EQ(a, b, crossover); EQ(a, b, crossover_rate); EQ(a, b, mutation);
    EQ(a, b, mutation_rate); EQ(a, b, creep); EQ(a, b, max_perturbation); EQ(a, b, elites);
    EQ(a, b, elite_copies); EQ(a, b, has_target); EQ(a, b, target_fitness);
    EQ(a, b, max_generations); EQ(a, b, stall_generations); EQ(a, b, diversity_sample);
    EQ(a, b, threads); EQ(a, b, stream);
    assert_true(a.alphabet == b.alphabet && a.fitness == b.fitness && a.fitness_ctx == b.fitness_ctx);
}

static void test_ga_defaults_are_the_schema(void **state)
{
    (void)state;
    differences = 0;
    alConfig *cfg = empty_config("estrings");
    alGaDef a = alDefaultGaDef(), b = alDefaultGaDef();
    alError err;
    assert_int_equal(alGaDef_FromConfig(&b, cfg, &err), AL_OK);
    compare_ga(a, b);
    alDestroyConfig(cfg);
    assert_int_equal(differences, 0);
}

static void test_estrings_defaults_are_the_schema(void **state)
{
    (void)state;
    differences = 0;
    alConfig *cfg = empty_config("estrings");
    alEStringsDef a = alDefaultEStringsDef(), b;
    alError err;
    assert_int_equal(alEStringsDef_FromConfig(&b, cfg, &err), AL_OK);
    assert_string_equal(a.target, b.target);
    EQ(a, b, alphabet); EQ(a, b, fitness); EQ(a, b, history);
    compare_ga(a.ga, b.ga);
    alDestroyConfig(cfg);
    assert_int_equal(differences, 0);
}

static void test_ants_defaults_are_the_schema(void **state)
{
    (void)state;
    differences = 0;
    alConfig *cfg = empty_config("ants");
    alAntsDef a = alDefaultAntsDef(), b;
    alError err;
    assert_int_equal(alAntsDef_FromConfig(&b, cfg, &err), AL_OK);
    EQ(a, b, world.width); EQ(a, b, world.height); EQ(a, b, world.edge); EQ(a, b, count);
    EQ(a, b, ticks); EQ(a, b, food); EQ(a, b, brain.layer_count); EQ(a, b, brain.activation);
    EQ(a, b, brain.response);
    for (int i = 0; i < AL_NN_MAX_LAYERS; ++i) EQ(a, b, brain.sizes[i]);
    EQ(a, b, frame); EQ(a, b, max_turn); EQ(a, b, max_speed); EQ(a, b, eat_radius);
    EQ(a, b, mines); EQ(a, b, mine_count); EQ(a, b, mine_penalty); EQ(a, b, mine_ramp);
    EQ(a, b, mine_range); EQ(a, b, mine_hit); EQ(a, b, baseline_ants); EQ(a, b, threads);
    compare_ga(a.ga, b.ga);
    alDestroyConfig(cfg);
    assert_int_equal(differences, 0);
}

static void test_steering_defaults_are_the_schema(void **state)
{
    (void)state;
    differences = 0;
    alConfig *cfg = empty_config("steering");
    alSteeringDef a = alDefaultSteeringDef(), b;
    alError err;
    assert_int_equal(alSteeringDef_FromConfig(&b, cfg, &err), AL_OK);
    EQ(a, b, world.width); EQ(a, b, world.height); EQ(a, b, world.edge); EQ(a, b, scenario);
    EQ(a, b, vehicles); EQ(a, b, dt); EQ(a, b, threads);
    EQ(a, b, params.mass); EQ(a, b, params.max_speed); EQ(a, b, params.max_force);
    EQ(a, b, params.radius); EQ(a, b, params.turn_rate); EQ(a, b, params.fov_radius);
    EQ(a, b, params.arrive_radius); EQ(a, b, params.wander.radius);
    EQ(a, b, params.wander.distance); EQ(a, b, params.wander.jitter);
    for (int i = 0; i < AL_B_COUNT; ++i) EQ(a, b, params.weight[i]);
    EQ(a, b, combine); EQ(a, b, neighbour_radius); EQ(a, b, alignment_radius);
    EQ(a, b, separation_radius); EQ(a, b, view_separation); EQ(a, b, view_cohesion);
    EQ(a, b, view_alignment); EQ(a, b, max_neighbours); EQ(a, b, brute_force);
    EQ(a, b, cell_factor); EQ(a, b, waypoint_distance); EQ(a, b, path_loop);
    EQ(a, b, path_count); EQ(a, b, box_length); EQ(a, b, feeler_length);
    EQ(a, b, contain_margin); EQ(a, b, flow_scale); EQ(a, b, group_distance);
    EQ(a, b, report_every);
    EQ(a, b, boids.cohesion_radius); EQ(a, b, boids.separation_distance);
    EQ(a, b, boids.cohesion); EQ(a, b, boids.alignment); EQ(a, b, boids.separation);
    EQ(a, b, boids.max_speed); EQ(a, b, boids.max_neighbours); EQ(a, b, boids.min_neighbours);
    EQ(a, b, boids.think_interval); EQ(a, b, boids.return_radius); EQ(a, b, boids.return_gain);
    EQ(a, b, fish.neighbour_distance); EQ(a, b, fish.area_radius); EQ(a, b, fish.min_speed);
    EQ(a, b, fish.max_speed); EQ(a, b, fish.rule_probability); EQ(a, b, fish.goal_probability);
    EQ(a, b, fish.turn_rate);
    assert_true(a.path_count == 0 && b.path_count == 0);
    // the vehicle's own defaults are the steering def's
    alVehicleParams p = alDefaultVehicleParams();
    assert_memory_equal(&p, &a.params, sizeof p);
    alDestroyConfig(cfg);
    assert_int_equal(differences, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ga_defaults_are_the_schema),
        cmocka_unit_test(test_estrings_defaults_are_the_schema),
        cmocka_unit_test(test_ants_defaults_are_the_schema),
        cmocka_unit_test(test_steering_defaults_are_the_schema),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
