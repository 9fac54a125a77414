// alConfig_ReadFields (src/core/config_fields.c): a table of fields reads
// each key into its member as the typed getter and a cast would, touching
// nothing else; and the modules' *_FromConfig, which read through such
// tables, put a value set in the config where it belongs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "alife/algorithm_factory.h"
#include "alife/ants.h"
#include "alife/config.h"
#include "alife/neat.h"
#include "alife/pole.h"
#include "alife/steering.h"

static alConfig *config(const char *module, const char *const *sets, int n)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.module = module;
    cd.sets = sets;
    cd.set_count = n;
    alConfig *cfg = NULL;
    alError err = {0};
    if (alCreateConfig(&cd, &cfg, &err) != AL_OK) fail_msg("config: %s", err.msg);
    return cfg;
}

typedef struct {
    int guard0;
    int count;             // INT into int
    int64_t seed;          // INT into int64_t
    float turn;            // FLOAT into float
    double c1;             // FLOAT into double
    bool mines;            // BOOL
    alAntsWorldMode world; // ENUM into an enum
    int frame;             // ENUM into int
    struct {
        double x[2];
    } inner; // a nested array member
    int guard1;
} every_type;

static void test_each_type_reads_as_its_getter_and_cast(void **state)
{
    (void)state;
    const char *sets[] = {"ants.count=77",   "run.seed=9007199254740991", "ants.max_turn=0.1",
                          "neat.c1=0.1",     "ants.mines=true",           "ants.world=own",
                          "ants.frame=world"};
    alConfig *cfg = config("ants", sets, 7);
    static const alConfigField fields[] = {
        AL_CONFIG_FIELD(every_type, "ants.count", count),
        AL_CONFIG_FIELD(every_type, "run.seed", seed),
        AL_CONFIG_FIELD(every_type, "ants.max_turn", turn),
        AL_CONFIG_FIELD(every_type, "neat.c1", c1),
        AL_CONFIG_FIELD(every_type, "ants.mines", mines),
        AL_CONFIG_FIELD(every_type, "ants.world", world),
        AL_CONFIG_FIELD(every_type, "ants.frame", frame),
        AL_CONFIG_FIELD(every_type, "neat.c3", inner.x[1]),
    };
    every_type t;
    memset(&t, 0x5a, sizeof t);
    const every_type before = t;
    alConfig_ReadFields(cfg, &t, fields, (int)(sizeof fields / sizeof fields[0]));
    assert_int_equal(t.count, 77);
    assert_true(t.seed == INT64_C(9007199254740991)); // not cut to an int
    assert_true(t.turn == (float)alConfig_Float(cfg, "ants.max_turn"));
    assert_true(t.turn == 0.1f);
    assert_true(t.c1 == 0.1); // the double itself, not through a float
    assert_true(t.mines);
    assert_int_equal(t.world, AL_ANTS_OWN);
    assert_int_equal(t.frame, alConfig_Enum(cfg, "ants.frame"));
    assert_true(t.inner.x[1] == alConfig_Float(cfg, "neat.c3"));
    // Nothing outside the members listed is written.
    assert_memory_equal(&t.inner.x[0], &before.inner.x[0], sizeof t.inner.x[0]);
    assert_int_equal(t.guard0, before.guard0);
    assert_int_equal(t.guard1, before.guard1);
    alDestroyConfig(cfg);
}

// A value set away from its default reaches its member through each
// module's table: a wrong row (a key into another member) shows here.
static void test_neat_and_cmaes_tables(void **state)
{
    (void)state;
    const char *sets[] = {"neat.weight_max=6.5", "neat.population_stagnation=7",
                          "neat.recurrent=true", "cmaes.sigma0=0.25",
                          "cmaes.x0=0.125",      "cmaes.covariance=separable",
                          "cmaes.tol_x=1e-9",    "run.threads=2"};
    alConfig *cfg = config("pole", sets, 8);
    alError err = {0};
    alNeatDef n = alDefaultNeatDef();
    assert_int_equal(alNeatDef_FromConfig(&n, cfg, &err), AL_OK);
    assert_true(n.weight_max == 6.5);
    assert_int_equal(n.population_stagnation, 7);
    assert_true(n.recurrent);
    assert_int_equal(n.threads, 2);
    alCmaesDef c = alDefaultCmaesDef();
    assert_int_equal(alCmaesDef_FromConfig(&c, cfg, &err), AL_OK);
    assert_true(c.sigma == 0.25);
    assert_true(c.x0_value == 0.125);
    assert_null(c.x0);
    assert_int_equal(c.covariance, AL_CMAES_SEPARABLE);
    assert_true(c.tol_x == 1e-9);
    assert_int_equal(c.threads, 2);
    alDestroyConfig(cfg);
}

static void test_ants_table(void **state)
{
    (void)state;
    const char *sets[] = {"ants.world=own",       "ants.mine_range=33", "ants.mine_hit=end",
                          "ants.activation=tanh", "ants.response=0.5",  "ants.baseline_ants=3"};
    alConfig *cfg = config("ants", sets, 6);
    alError err = {0};
    alAntsDef d;
    assert_int_equal(alAntsDef_FromConfig(&d, cfg, &err), AL_OK);
    assert_int_equal(d.world_mode, AL_ANTS_OWN);
    assert_true(d.mine_range == 33.0f);
    assert_int_equal(d.mine_hit, alConfig_Enum(cfg, "ants.mine_hit"));
    assert_int_equal(d.brain.activation, alConfig_Enum(cfg, "ants.activation"));
    assert_true(d.brain.response == 0.5f);
    assert_int_equal(d.baseline_ants, 3);
    alDestroyConfig(cfg);
}

static void test_steering_table(void **state)
{
    (void)state;
    const char *sets[] = {"steering.wander_jitter=12", "steering.arrive_radius=44",
                          "steering.report_every=9",   "boids.return_gain=2.5",
                          "boids.min_neighbours=3",    "fish.turn_rate=1.5",
                          "steering.turn_rate_deg=90"};
    alConfig *cfg = config("steering", sets, 7);
    alError err = {0};
    alSteeringDef d;
    assert_int_equal(alSteeringDef_FromConfig(&d, cfg, &err), AL_OK);
    assert_true(d.params.wander.jitter == 12.0f);
    assert_true(d.params.arrive_radius == 44.0f);
    assert_int_equal(d.report_every, 9);
    assert_true(d.boids.return_gain == 2.5f);
    assert_int_equal(d.boids.min_neighbours, 3);
    assert_true(d.fish.turn_rate == 1.5f);
    assert_true(d.params.turn_rate == 90.0f * 0.017453293f); // degrees read as radians
    alDestroyConfig(cfg);
}

static void test_pole_table(void **state)
{
    (void)state;
    const char *sets[] = {"pole.variant=double", "pole.short_pole_mass=0.02",
                          "pole.long_pole_length=0.75", "pole.substeps=3",
                          "pole.max_steps=123456789"};
    alConfig *cfg = config("pole", sets, 5);
    alError err = {0};
    alPoleDef d;
    assert_int_equal(alPoleDef_FromConfig(&d, cfg, &err), AL_OK);
    assert_int_equal(d.variant, AL_POLE_DOUBLE);
    assert_int_equal(d.cart.poles, 2);
    assert_true(d.cart.pole_mass[1] == 0.02);
    assert_true(d.cart.pole_length[0] == 0.75);
    assert_int_equal(d.cart.substeps, 3);
    assert_true(d.max_steps == 123456789); // an int64_t member
    alDestroyConfig(cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_type_reads_as_its_getter_and_cast),
        cmocka_unit_test(test_neat_and_cmaes_tables),
        cmocka_unit_test(test_ants_table),
        cmocka_unit_test(test_steering_table),
        cmocka_unit_test(test_pole_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
