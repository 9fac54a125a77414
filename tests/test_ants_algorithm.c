// The ants under each algorithm run.algorithm names (src/evolve/ants.c
// through the factory): CMA-ES gives the same statistics bit for bit with 1
// and 2 threads in both world modes, really is CMA-ES (its figures, its
// population of ants.count), and the GA path is the GA's.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "alife/ants.h"

enum { GENS = 6 };

static alAntsDef small_def(alAlgorithmId algo, alAntsWorldMode mode, int threads)
{
    alAntsDef d = alDefaultAntsDef();
    d.algorithm = algo;
    d.world_mode = mode;
    d.count = 30;
    d.ticks = 300; // 9,000 ant-ticks a generation: the passes may go parallel
    d.threads = threads;
    return d;
}

// Runs GENS generations; stats into out.
static void run(const alAntsDef *d, uint64_t seed, alGenStats *out)
{
    alAnts *a = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(d, seed, &a, &err), AL_OK);
    for (int g = 0; g < GENS; ++g) {
        while (!alAnts_Advance(a, 1000)) {
        }
        assert_true(alAnts_LastStats(a, &out[g]));
    }
    alDestroyAnts(a);
}

static void assert_same_stats(const alGenStats *x, const alGenStats *y)
{
    for (int g = 0; g < GENS; ++g) {
        assert_true(x[g].best == y[g].best && x[g].mean == y[g].mean && x[g].worst == y[g].worst &&
                    x[g].stddev == y[g].stddev);
        assert_int_equal(x[g].figure_count, y[g].figure_count);
        for (int k = 0; k < x[g].figure_count; ++k) {
            assert_string_equal(x[g].figure_names[k], y[g].figure_names[k]);
            assert_memory_equal(&x[g].figures[k], &y[g].figures[k], sizeof(double));
        }
    }
}

static double figure(const alGenStats *s, const char *name)
{
    for (int k = 0; k < s->figure_count; ++k)
        if (strcmp(s->figure_names[k], name) == 0) return s->figures[k];
    fail_msg("no figure %s", name);
    return 0;
}

static void test_cmaes_ants_same_with_1_and_2_threads(void **state)
{
    (void)state;
    for (int mode = 0; mode < 2; ++mode) {
        alGenStats one[GENS], two[GENS];
        alAntsDef d1 = small_def(AL_ALGORITHM_CMAES, (alAntsWorldMode)mode, 1);
        alAntsDef d2 = small_def(AL_ALGORITHM_CMAES, (alAntsWorldMode)mode, 2);
        run(&d1, 42, one);
        run(&d2, 42, two);
        assert_same_stats(one, two);
        // It is CMA-ES: a population of ants.count, sigma adapting from sigma0.
        assert_true(figure(&one[0], "lambda") == 30);
        assert_true(figure(&one[0], "sigma") != figure(&one[GENS - 1], "sigma"));
    }
}

static void test_ga_and_cmaes_differ(void **state)
{
    (void)state;
    alGenStats ga[GENS], cm[GENS];
    alAntsDef dg = small_def(AL_ALGORITHM_GA, AL_ANTS_OWN, 1);
    alAntsDef dc = small_def(AL_ALGORITHM_CMAES, AL_ANTS_OWN, 1);
    run(&dg, 7, ga);
    run(&dc, 7, cm);
    figure(&ga[0], "diversity"); // the GA's own figure, as before
    assert_true(ga[0].mean != cm[0].mean);
    // CMA-ES's first generation is sampled around x0 = 0 with sigma0 = 0.5:
    // its genomes are not the GA's uniform [-1, 1) ones.
    alAnts *a = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(&dc, 7, &a, &err), AL_OK);
    const float *g0 = alAnts_Genome(a, 0);
    int n = alNN_WeightCount(alAnts_Layout(a));
    double sum2 = 0;
    for (int j = 0; j < n; ++j) sum2 += (double)g0[j] * g0[j];
    assert_true(sum2 / n > 0.05 && sum2 / n < 0.6); // about sigma0^2 = 0.25
    alDestroyAnts(a);
}

static void test_cmaes_refuses_what_a_fixed_population_cannot_do(void **state)
{
    (void)state;
    alAntsDef d = small_def(AL_ALGORITHM_CMAES, AL_ANTS_SHARED, 1);
    d.cmaes.restarts = 1;
    alAnts *a = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(&d, 1, &a, &err), AL_ERR_CONFIG);
    assert_null(a);
    assert_non_null(strstr(err.msg, "cmaes.restarts = 1"));
    d.cmaes.restarts = 0;
    d.cmaes.sigma = 0;
    assert_int_equal(alAntsDef_Validate(&d, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cmaes.sigma"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cmaes_ants_same_with_1_and_2_threads),
        cmocka_unit_test(test_ga_and_cmaes_differ),
        cmocka_unit_test(test_cmaes_refuses_what_a_fixed_population_cannot_do),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
