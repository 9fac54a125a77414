// The algorithm factory (src/algo/algorithm_factory.c): each name makes its
// algorithm with the task's kind, length and population; a bad name, an
// algorithm the task cannot take, one not built yet and bad [cmaes] values
// are config errors that name what is wrong.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alife/algorithm_factory.h"

static alConfig *config(const char *module, const char *set1, const char *set2, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.module = module;
    const char *sets[2] = {set1, set2};
    def.sets = sets;
    def.set_count = set2 ? 2 : set1 ? 1 : 0;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    return cfg;
}

static const alAlgorithmTask floats_task = {
    .name = "ants", .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS), .length = 44, .population = 30,
};
static const alAlgorithmTask bytes_task = {
    .name = "estrings", .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_BYTES), .length = 13, .population = 50,
    .minimise = true,
};

static void test_ga_makes_float_vectors_of_the_task(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("ants", NULL, NULL, &err);
    assert_non_null(cfg);
    alAlgorithm a;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_OK);
    assert_string_equal(a.cls->name, "ga");
    assert_int_equal(a.cls->kind, AL_CANDIDATE_FLOATS);
    assert_int_equal(alAlgorithm_Ask(a), 30);
    assert_int_equal(alAlgorithm_Length(a), 44);
    assert_non_null(alGa_FromAlgorithm(a));
    // The ants' [ga] defaults reach it: 4 elites after one generation.
    double f[30];
    for (int i = 0; i < 30; ++i) f[i] = i;
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
    assert_true(alAlgorithm_IsElite(a, 3));
    assert_false(alAlgorithm_IsElite(a, 4));
    alDestroyAlgorithm(a);
    alDestroyConfig(cfg);
}

static void test_ga_makes_bytes_for_a_byte_task(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("estrings", NULL, NULL, &err);
    assert_non_null(cfg);
    alAlgorithm a;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &bytes_task, 7, &a, &err), AL_OK);
    assert_int_equal(a.cls->kind, AL_CANDIDATE_BYTES);
    assert_int_equal(alAlgorithm_Ask(a), 50);
    assert_int_equal(alAlgorithm_Length(a), 13);
    assert_false(alAlgorithm_HasStep(a)); // no fitness callback given
    alDestroyAlgorithm(a);
    alDestroyConfig(cfg);
}

static void test_cmaes_takes_the_task_population_and_sigma0(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("ants", "run.algorithm=cmaes", "cmaes.sigma0=0.25", &err);
    assert_non_null(cfg);
    alAlgorithm a;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_OK);
    assert_string_equal(a.cls->name, "cmaes");
    assert_int_equal(alAlgorithm_Ask(a), 30); // lambda = ants.count, not 4 + 3 ln 44 = 15
    assert_int_equal(alAlgorithm_Length(a), 44);
    assert_true(alCmaes_Sigma(a.self) == 0.25);
    assert_false(alCmaes_Mean(a.self)[0] != 0.0);
    alDestroyAlgorithm(a);
    alDestroyConfig(cfg);
    // Without a fixed population: Hansen's default.
    cfg = config("ants", "run.algorithm=cmaes", NULL, &err);
    alAlgorithmTask free_task = floats_task;
    free_task.population = 0;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &free_task, 7, &a, &err), AL_OK);
    assert_int_equal(alAlgorithm_Ask(a), 15);
    alDestroyAlgorithm(a);
    alDestroyConfig(cfg);
}

static void test_cmaes_on_strings_is_a_config_error_naming_both(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("estrings", "run.algorithm=cmaes", NULL, &err);
    assert_non_null(cfg);
    alAlgorithm a;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &bytes_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_null(a.self);
    assert_non_null(strstr(err.msg, "run.algorithm = cmaes makes float vectors"));
    assert_non_null(strstr(err.msg, "task 'estrings' takes bytes"));
    assert_non_null(strstr(err.msg, "--set run.algorithm=cmaes")); // where it was set
    alDestroyConfig(cfg);
}

static void test_neat_is_made_for_a_task_that_takes_networks(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("ants", "run.algorithm=neat", NULL, &err);
    assert_non_null(cfg);
    alAlgorithm a;
    alAlgorithmTask neat_task = floats_task;
    neat_task.accepted |= AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT);
    neat_task.inputs = 3;
    neat_task.outputs = 2;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &neat_task, 7, &a, &err), AL_OK);
    assert_string_equal(a.cls->name, "neat");
    assert_int_equal(a.cls->kind, AL_CANDIDATE_NEAT);
    int n = alAlgorithm_Ask(a);
    const alNeatGenome *g = alAlgorithm_Candidate(a, 0);
    assert_int_equal(g->inputs, 3);
    assert_int_equal(g->outputs, 2);
    assert_int_equal(g->conn_count, (3 + 1) * 2); // inputs and bias to every output
    double *f = calloc((size_t)n, sizeof *f);
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
    free(f);
    alDestroyAlgorithm(a);
    // No inputs: NEAT's own check, naming the field.
    neat_task.inputs = 0;
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &neat_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat.inputs = 0"));
    // A task that takes only float vectors refuses NEAT by kind.
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat makes NEAT genomes; task 'ants' takes float vectors"));
    alDestroyConfig(cfg);
}

static void test_a_bad_name_is_refused_by_the_schema(void **state)
{
    (void)state;
    alError err = {0};
    alConfig *cfg = config("ants", "run.algorithm=pso", NULL, &err);
    assert_null(cfg);
    assert_int_equal(err.code, AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "run.algorithm"));
    assert_non_null(strstr(err.msg, "ga|neat|cmaes"));
    // And an id outside the table, for callers that fill a def by hand.
    alAlgorithmDef d = alDefaultAlgorithmDef();
    d.id = (alAlgorithmId)9;
    alAlgorithm a;
    assert_int_equal(alCreateAlgorithm(&d, &floats_task, 1, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "unknown"));
}

static void test_bad_cmaes_values_are_clear_errors(void **state)
{
    (void)state;
    alError err = {0};
    assert_null(config("ants", "run.algorithm=cmaes", "cmaes.sigma0=0", &err));
    assert_non_null(strstr(err.msg, "cmaes.sigma0"));
    assert_null(config("ants", "run.algorithm=cmaes", "cmaes.sigma0=-1", &err));
    assert_non_null(strstr(err.msg, "cmaes.sigma0"));
    // A fixed population refuses another lambda and IPOP restarts.
    alAlgorithm a;
    alConfig *cfg = config("ants", "run.algorithm=cmaes", "cmaes.lambda=12", &err);
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cmaes.lambda = 12"));
    assert_non_null(strstr(err.msg, "fixed population of 30"));
    alDestroyConfig(cfg);
    cfg = config("ants", "run.algorithm=cmaes", "cmaes.restarts=2", &err);
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cmaes.restarts = 2"));
    alDestroyConfig(cfg);
    cfg = config("ants", "run.algorithm=cmaes", "cmaes.lambda=1", &err);
    assert_int_equal(alCreateAlgorithmFromConfig(cfg, &floats_task, 7, &a, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cmaes.lambda = 1"));
    alDestroyConfig(cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ga_makes_float_vectors_of_the_task),
        cmocka_unit_test(test_ga_makes_bytes_for_a_byte_task),
        cmocka_unit_test(test_cmaes_takes_the_task_population_and_sigma0),
        cmocka_unit_test(test_cmaes_on_strings_is_a_config_error_naming_both),
        cmocka_unit_test(test_neat_is_made_for_a_task_that_takes_networks),
        cmocka_unit_test(test_a_bad_name_is_refused_by_the_schema),
        cmocka_unit_test(test_bad_cmaes_values_are_clear_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
