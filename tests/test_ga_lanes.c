// The byte GA's vector paths (ga->wide: AVX2 tournaments over eight random
// lanes, and whatever else takes eight lanes at once) give exactly the
// scalar rule's run: the same genomes and fitness, generation after
// generation, for tournament sizes odd and even, populations that leave
// partial rounds of lanes, and populations whose 16-bit contestant draws are
// often redrawn. On a CPU without AVX2 both runs are the scalar one.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include "../src/evolve/ga_internal.h"

static double error_to_a(const void *genome, int length, void *ctx)
{
    (void)ctx;
    const uint8_t *g = genome;
    int sum = 0;
    for (int j = 0; j < length; ++j) sum += g[j] > 'a' ? g[j] - 'a' : 'a' - g[j];
    return sum;
}

static const uint8_t printable[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?";

static alGaDef def_for(int pop, int len, int k, alMutation m)
{
    alGaDef d = alDefaultGaDef();
    d.population = pop;
    d.length = len;
    d.minimise = true;
    d.alphabet = printable;
    d.alphabet_size = (int)sizeof printable - 1;
    d.selection = AL_SELECT_TOURNAMENT;
    d.tournament_k = k;
    d.crossover = AL_CROSS_UNIFORM;
    d.crossover_rate = 1;
    d.mutation = m;
    d.mutation_rate = 0.08;
    d.creep = 4;
    d.elites = 2;
    d.threads = 1;
    d.fitness = error_to_a;
    return d;
}

// Runs gens generations of d with the vector paths (AVX-512 where the CPU
// has it, AVX2 without AVX-512) and without; fails at the first genome or
// fitness that differs.
static void same_run_def(alGaDef d, int gens)
{
    const int pop = d.population, len = d.length, k = d.tournament_k;
    alGa *v = NULL, *w = NULL, *s = NULL;
    assert_int_equal(alCreateGa(&d, 11, &v, NULL), AL_OK);
    assert_int_equal(alCreateGa(&d, 11, &w, NULL), AL_OK);
    assert_int_equal(alCreateGa(&d, 11, &s, NULL), AL_OK);
    w->wide512 = false;
    s->wide = false;
    s->wide512 = false;
    for (int g = 0; g < gens; ++g) {
        alGa_Step(v);
        alGa_Step(w);
        alGa_Step(s);
        for (int i = 0; i < pop; ++i) {
            for (int o = 0; o < 2; ++o) {
                const alGa *x = o ? w : v;
                if (memcmp(alGa_Bytes(x, i), alGa_Bytes(s, i), (size_t)len) != 0 ||
                    alGa_Fitness(x, i) != alGa_Fitness(s, i))
                    fail_msg("pop %d len %d k %d (%s): generation %d individual %d differs", pop,
                             len, k, o ? "AVX2" : "widest", (int)alGa_Generation(s), i);
            }
        }
    }
    alGaStats a, b;
    assert_true(alGa_LastStats(v, &a));
    assert_true(alGa_LastStats(s, &b));
    assert_true(a.best == b.best && a.mean == b.mean && a.diversity == b.diversity);
    alDestroyGa(v);
    alDestroyGa(w);
    alDestroyGa(s);
}

static void same_run(int pop, int len, int k, alMutation m, int gens)
{
    same_run_def(def_for(pop, len, k, m), gens);
}

static void test_tournaments_of_six_at_1000_by_64(void **state)
{
    (void)state;
    same_run(1000, 64, 6, AL_MUTATE_CREEP, 25);
}

static void test_odd_and_small_tournaments(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; ++k) same_run(101, 23, k, AL_MUTATE_CREEP, 12);
}

static void test_partial_rounds_of_lanes(void **state)
{
    (void)state;
    // 2 elites leave 35 children: 18 pairs, a block of 16 and one of 2
    // (four parents: half a round of lanes).
    same_run(37, 9, 3, AL_MUTATE_RESET, 20);
    same_run(3, 5, 2, AL_MUTATE_RESET, 20);
}

static void test_populations_with_many_redraws(void **state)
{
    (void)state;
    // 65536 mod 40000 = 25536: four in ten 16-bit contestants are redrawn.
    same_run(40000, 4, 4, AL_MUTATE_CREEP, 3);
    same_run(65536, 3, 3, AL_MUTATE_CREEP, 2); // the largest the 16-bit path takes
}

// The mutation lanes (AVX-512: eight in one register) against the scalar
// rule, for each way of picking the new symbol (creep table exact, creep
// table with rejected draws, creep too wide for a table, reset), padded
// rows, and rates whose gap table is cut short or not used.
static void test_mutation_lanes_every_symbol_rule_and_rate(void **state)
{
    (void)state;
    const int creeps[] = {4, 3, 20};
    for (int c = 0; c < 3; ++c) {
        alGaDef d = def_for(300, 64, 6, AL_MUTATE_CREEP);
        d.creep = creeps[c];
        same_run_def(d, 10);
    }
    same_run(300, 64, 6, AL_MUTATE_RESET, 10);
    same_run(200, 13, 6, AL_MUTATE_CREEP, 10); // rows padded to 16
    same_run(200, 28, 6, AL_MUTATE_RESET, 10); // rows padded to 32
    const double rates[] = {0.0001, 0.01, 0.3, 0.7, 0.99};
    for (int r = 0; r < 5; ++r) {
        alGaDef d = def_for(300, 64, 6, AL_MUTATE_CREEP);
        d.mutation_rate = rates[r];
        same_run_def(d, 6);
    }
}

// Each gene mutates with the rate, whatever the lanes' reach: strings of
// one symbol bred without crossover, where every changed gene is a
// mutation (creep always moves), count close to the rate.
static double fitness_zero(const void *genome, int length, void *ctx)
{
    (void)genome;
    (void)length;
    (void)ctx;
    return 0;
}

static void test_mutation_lanes_keep_the_rate(void **state)
{
    (void)state;
    const double rates[] = {0.001, 0.08, 0.3, 0.7};
    for (int r = 0; r < 4; ++r) {
        for (int wide = 0; wide < 2; ++wide) {
            alGaDef d = def_for(2001, 64, 1, AL_MUTATE_CREEP);
            d.mutation_rate = rates[r];
            d.crossover_rate = 0;
            d.elites = 1;
            d.fitness = fitness_zero;
            alGa *ga = NULL;
            assert_int_equal(alCreateGa(&d, 5, &ga, NULL), AL_OK);
            if (!wide) ga->wide = ga->wide512 = false;
            memset(ga->genes[ga->cur], 'm', (size_t)(ga->n + 1) * ga->stride);
            alGa_Step(ga); // generation 1, bred from all-'m' parents
            long changed = 0, genes = 0;
            for (int i = 1; i < ga->n; ++i) { // not the elite
                const uint8_t *g = alGa_Bytes(ga, i);
                for (int j = 0; j < 64; ++j) changed += g[j] != 'm';
                genes += 64;
            }
            double p = rates[r], got = (double)changed / (double)genes;
            double sd = sqrt(p * (1 - p) / (double)genes);
            if (fabs(got - p) > 5 * sd)
                fail_msg("rate %g (%s): %g of genes mutated (5 sd = %g)", p,
                         wide ? "vector" : "scalar", got, 5 * sd);
            alDestroyGa(ga);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tournaments_of_six_at_1000_by_64),
        cmocka_unit_test(test_odd_and_small_tournaments),
        cmocka_unit_test(test_partial_rounds_of_lanes),
        cmocka_unit_test(test_populations_with_many_redraws),
        cmocka_unit_test(test_mutation_lanes_every_symbol_rule_and_rate),
        cmocka_unit_test(test_mutation_lanes_keep_the_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
