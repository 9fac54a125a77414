// The ants under each algorithm run.algorithm names (src/evolve/ants.c
// through the factory): CMA-ES and NEAT give the same statistics bit for bit
// with 1 and 2 threads in both world modes, really are CMA-ES and NEAT (their
// figures, a population of ants.count, NEAT's genomes growing), the GA path
// is the GA's, and a stored NEAT generation replays exactly.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/neat.h"

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

// It is CMA-ES: a population of ants.count, sigma adapting from sigma0.
static void is_cmaes(const alGenStats *s)
{
    assert_true(figure(&s[0], "lambda") == 30);
    assert_true(figure(&s[0], "sigma") != figure(&s[GENS - 1], "sigma"));
}

// It is NEAT: species, the best genome's nodes (4 inputs, a bias, 2 outputs
// at least), and some ant found food.
static void is_neat(const alGenStats *s)
{
    assert_true(figure(&s[0], "species") >= 1);
    assert_true(figure(&s[GENS - 1], "best_nodes") >= 7);
    assert_true(s[GENS - 1].best > 0);
}

// One row a case: an algorithm in a world mode gives the same statistics
// bit for bit with 1 and 2 threads, and its figures say it is that algorithm.
typedef struct {
    alAlgorithmId algorithm;
    alAntsWorldMode mode;
    void (*is_it)(const alGenStats *s);
} ThreadRow;

static void test_same_with_1_and_2_threads(void **state)
{
    const ThreadRow *row = *state;
    alGenStats one[GENS], two[GENS];
    alAntsDef d1 = small_def(row->algorithm, row->mode, 1);
    alAntsDef d2 = small_def(row->algorithm, row->mode, 2);
    run(&d1, 42, one);
    run(&d2, 42, two);
    assert_same_stats(one, two);
    row->is_it(one);
}

// A cmocka test of one row, named after it.
#define THREAD_TEST(row)                                                                           \
    {                                                                                              \
        .name = #row "_same_with_1_and_2_threads", .test_func = test_same_with_1_and_2_threads,    \
        .initial_state = &row                                                                      \
    }

static ThreadRow cmaes_own = {AL_ALGORITHM_CMAES, AL_ANTS_OWN, is_cmaes};
static ThreadRow cmaes_shared = {AL_ALGORITHM_CMAES, AL_ANTS_SHARED, is_cmaes};
static ThreadRow neat_own = {AL_ALGORITHM_NEAT, AL_ANTS_OWN, is_neat};
static ThreadRow neat_shared = {AL_ALGORITHM_NEAT, AL_ANTS_SHARED, is_neat};

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

// Ant i's brain is a NEAT genome of the ants' sensors and two tracks, and
// its activations are the network's: the outputs lie in the sigmoid's (0, 1).
static void test_neat_ants_brains_are_genomes(void **state)
{
    (void)state;
    alAntsDef d = small_def(AL_ALGORITHM_NEAT, AL_ANTS_OWN, 1);
    alAnts *a = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(&d, 5, &a, &err), AL_OK);
    assert_non_null(alAnts_Neat(a));
    assert_null(alAnts_Genome(a, 0)); // no weight vector
    alAnts_Advance(a, 10);
    const double *values = NULL;
    const alNeatGenome *g = alAnts_NeatGenome(a, 3, &values);
    assert_non_null(g);
    assert_int_equal(g->inputs, 4);
    assert_int_equal(g->outputs, 2);
    assert_true(g->bias);
    for (int i = 0; i < g->node_count; ++i)
        if (g->nodes[i].type == AL_NEAT_OUTPUT) assert_true(values[i] > 0.0 && values[i] < 1.0);
    assert_ptr_equal(g, alNeat_Candidate(alAnts_Neat(a), 3));
    alDestroyAnts(a);
}

// Every stored generation replays to exactly the logged best (own worlds:
// the best alone; shared: the whole generation, and its mean too), and the
// blob is genomes in NEAT's stored format.
static void test_neat_ants_replay_stored_exact(void **state)
{
    (void)state;
    for (int mode = 0; mode < 2; ++mode) {
        alAntsDef d = small_def(AL_ALGORITHM_NEAT, (alAntsWorldMode)mode, 2);
        d.neat.add_node = 0.3; // grow hidden nodes within a few generations
        d.neat.add_conn = 0.3;
        alAnts *a = NULL;
        alError err = {0};
        assert_int_equal(alCreateAnts(&d, 11, &a, &err), AL_OK);
        int grown = 0;
        for (int g = 0; g < GENS; ++g) {
            while (!alAnts_Advance(a, 1000)) {
            }
            alGenStats st;
            assert_true(alAnts_LastStats(a, &st));
            size_t size = 0;
            const void *blob = alAnts_LastStored(a, &size);
            assert_non_null(blob);
            assert_memory_equal(blob, "NEAT", 4);
            alNeatGenome best = {0};
            uint32_t k, m;
            memcpy(&k, (const char *)blob + 8, 4);
            memcpy(&m, (const char *)blob + 12, 4);
            size_t one = 16 + 8 * (size_t)k + 24 * (size_t)m;
            assert_true(mode == AL_ANTS_OWN ? size == one : size > one);
            assert_int_equal(alNeatGenome_Decode(&best, NULL, blob, one, &err), AL_OK);
            for (int i = 0; i < best.node_count; ++i) grown += best.nodes[i].type == AL_NEAT_HIDDEN;
            alNeatGenome_Free(&best);
            double rb = -1, rm = -1;
            assert_int_equal(alAnts_ReplayStored(&d, 11, st.gen, blob, size, &rb, &rm, &err), AL_OK);
            assert_true(rb == st.best);
            if (mode == AL_ANTS_SHARED) assert_true(rm == st.mean);
            // A blob cut short is refused, saying so.
            assert_int_equal(alAnts_ReplayStored(&d, 11, st.gen, blob, size - 1, &rb, &rm, &err),
                             AL_ERR_CONFIG);
            assert_non_null(strstr(err.msg, "generation"));
        }
        assert_true(grown > 0); // replayed brains with hidden nodes, not only the minimal net
        alDestroyAnts(a);
    }
}

// run.algorithm = neat reaches the ants through the config, with [neat]'s keys.
static void test_neat_ants_from_config(void **state)
{
    (void)state;
    const char *sets[] = {"run.algorithm=neat", "neat.add_node=0.2", "ants.inputs=3"};
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "ants";
    cd.sets = sets;
    cd.set_count = 3;
    alError err = {0};
    alConfig *cfg = NULL;
    assert_int_equal(alCreateConfig(&cd, &cfg, &err), AL_OK);
    alAntsDef d;
    assert_int_equal(alAntsDef_FromConfig(&d, cfg, &err), AL_OK);
    assert_int_equal(d.algorithm, AL_ALGORITHM_NEAT);
    assert_true(d.neat.add_node == 0.2);
    alAnts *a = NULL;
    d.ticks = 50;
    assert_int_equal(alCreateAnts(&d, 3, &a, &err), AL_OK);
    assert_int_equal(alAnts_NeatGenome(a, 0, NULL)->inputs, 3);
    alDestroyAnts(a);
    alDestroyConfig(cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        THREAD_TEST(cmaes_own),
        THREAD_TEST(cmaes_shared),
        THREAD_TEST(neat_own),
        THREAD_TEST(neat_shared),
        cmocka_unit_test(test_ga_and_cmaes_differ),
        cmocka_unit_test(test_cmaes_refuses_what_a_fixed_population_cannot_do),
        cmocka_unit_test(test_neat_ants_brains_are_genomes),
        cmocka_unit_test(test_neat_ants_replay_stored_exact),
        cmocka_unit_test(test_neat_ants_from_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
