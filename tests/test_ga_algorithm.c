// The GA through the ask/tell interface (src/evolve/ga_algorithm.c): the
// same def and seed give, bit for bit, the populations and statistics of the
// GA driven directly; Tell reports the GA's refusals; elites are kept.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "alife/ga.h"

// A deterministic fitness of a float genome: a bumpy function of its genes.
static double score_floats(const float *g, int n)
{
    double s = 0;
    for (int j = 0; j < n; ++j) s += (double)g[j] * (double)(j % 3 - 1) - 0.1 * (double)g[j] * g[j];
    return s;
}

static double score_bytes(const void *genome, int n, void *ctx)
{
    (void)ctx;
    const uint8_t *g = genome;
    double e = 0;
    for (int j = 0; j < n; ++j) e += g[j] > 'm' ? g[j] - 'm' : 'm' - g[j];
    return e;
}

static alGaDef float_def(void)
{
    alGaDef d = alDefaultGaDef();
    d.type = AL_GENOME_FLOATS;
    d.population = 40;
    d.length = 44;
    d.mutation = AL_MUTATE_GAUSSIAN;
    d.elites = 4;
    d.threads = 1;
    return d;
}

static void test_floats_through_the_interface_equal_the_ga_direct(void **state)
{
    (void)state;
    alGaDef d = float_def();
    alGa *direct = NULL, *viewed = NULL;
    alError err = {0};
    assert_int_equal(alCreateGa(&d, 11, &direct, &err), AL_OK);
    assert_int_equal(alCreateGa(&d, 11, &viewed, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(viewed);
    assert_int_equal(a.cls->kind, AL_CANDIDATE_FLOATS);
    double f[40];
    for (int gen = 0; gen < 30; ++gen) {
        assert_int_equal(alAlgorithm_Ask(a), 40);
        for (int i = 0; i < 40; ++i) {
            const float *x = alAlgorithm_Candidate(a, i);
            assert_memory_equal(x, alGa_Floats(direct, i), 44 * sizeof(float));
            assert_int_equal(alAlgorithm_IsElite(a, i), alGa_IsElite(direct, i));
            f[i] = score_floats(x, 44);
            alGa_SetFitness(direct, i, score_floats(alGa_Floats(direct, i), 44));
        }
        assert_int_equal(alGa_Epoch(direct), AL_GA_RUNNING);
        assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
        alGaStats s;
        alGenStats g;
        assert_true(alGa_LastStats(direct, &s));
        assert_true(alAlgorithm_LastStats(a, &g));
        assert_true(g.best == s.best && g.mean == s.mean && g.worst == s.worst && g.stddev == s.stddev);
        assert_int_equal(g.evaluations, s.evaluations);
        assert_string_equal(g.figure_names[0], "diversity");
        assert_true(g.figures[0] == s.diversity);
    }
    double fd, fv;
    const void *bd = alGa_BestEver(direct, &fd), *bv = alAlgorithm_BestEver(a, &fv);
    assert_true(fd == fv);
    assert_memory_equal(bd, bv, 44 * sizeof(float));
    alDestroyGa(direct);
    alDestroyGa(viewed);
}

static void test_bytes_step_through_the_interface_equals_ga_step(void **state)
{
    (void)state;
    alGaDef d = alDefaultGaDef();
    d.population = 60;
    d.length = 20;
    d.minimise = true;
    d.fitness = score_bytes;
    d.threads = 2;
    alGa *direct = NULL, *viewed = NULL;
    alError err = {0};
    assert_int_equal(alCreateGa(&d, 5, &direct, &err), AL_OK);
    assert_int_equal(alCreateGa(&d, 5, &viewed, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(viewed);
    assert_int_equal(a.cls->kind, AL_CANDIDATE_BYTES);
    assert_true(alAlgorithm_HasStep(a));
    for (int gen = 0; gen < 40; ++gen) {
        alGaStop why = alGa_Step(direct);
        assert_int_equal(alAlgorithm_Step(a), why == AL_GA_RUNNING ? AL_ALGO_RUNNING : AL_ALGO_TARGET);
        for (int i = 0; i < 60; ++i)
            assert_memory_equal(alAlgorithm_Candidate(a, i), alGa_Bytes(direct, i), 20);
    }
    alGaStats s1, s2;
    alGa_LastStats(direct, &s1);
    alGa_LastStats(viewed, &s2);
    assert_memory_equal(&s1, &s2, sizeof s1);
    alDestroyGa(direct);
    alDestroyGa(viewed);
}

static void test_tell_reports_the_ga_refusal(void **state)
{
    (void)state;
    alGaDef d = float_def();
    d.selection = AL_SELECT_ROULETTE;
    d.negative = AL_GA_NEGATIVE_REFUSE;
    alGa *ga = NULL;
    alError err = {0};
    assert_int_equal(alCreateGa(&d, 3, &ga, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(ga);
    assert_false(alAlgorithm_HasStep(a));
    double f[40];
    for (int i = 0; i < 40; ++i) f[i] = i - 5.0;
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_ERROR);
    assert_true(strlen(alAlgorithm_Error(a)) > 0);
    assert_int_equal(alGa_Generation(ga), 0); // nothing was bred
    for (int i = 0; i < 40; ++i) f[i] = i;
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
    assert_string_equal(alAlgorithm_Error(a), "");
    alDestroyGa(ga);
}

static void test_nan_fitness_counts_as_the_worst_told(void **state)
{
    (void)state;
    alGaDef d = float_def();
    alGa *ga = NULL;
    alError err = {0};
    assert_int_equal(alCreateGa(&d, 3, &ga, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(ga);
    double f[40];
    for (int i = 0; i < 40; ++i) f[i] = 10.0 + i;
    f[39] = NAN;
    f[7] = INFINITY;
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
    alGenStats s;
    assert_true(alAlgorithm_LastStats(a, &s));
    assert_true(s.worst == 10.0 && s.best == 48.0);
    alDestroyGa(ga);
}

static void test_budget_and_target_map_to_the_interface(void **state)
{
    (void)state;
    alGaDef d = float_def();
    d.max_generations = 2;
    alGa *ga = NULL;
    alError err = {0};
    assert_int_equal(alCreateGa(&d, 3, &ga, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(ga);
    double f[40] = {0};
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_RUNNING);
    assert_int_equal(alAlgorithm_Tell(a, f), AL_ALGO_BUDGET);
    alDestroyGa(ga);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floats_through_the_interface_equal_the_ga_direct),
        cmocka_unit_test(test_bytes_step_through_the_interface_equals_ga_step),
        cmocka_unit_test(test_tell_reports_the_ga_refusal),
        cmocka_unit_test(test_nan_fitness_counts_as_the_worst_told),
        cmocka_unit_test(test_budget_and_target_map_to_the_interface),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
