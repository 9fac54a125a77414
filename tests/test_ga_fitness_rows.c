// alGaDef.fitness_rows, the block-at-a-time fitness of the fused epoch: a
// run with it is the run without it, evaluation for evaluation, and it
// never scores the spare row an odd number of children leaves.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "alife/ga.h"

enum { LEN = 40, POP = 25, GENS = 30 }; // 2 elites: 23 children, an odd count

// The error of a genome: how far its bytes are from 'a'.
static double one(const void *genome, int length, void *ctx)
{
    (void)ctx;
    const uint8_t *g = genome;
    int sum = 0;
    for (int j = 0; j < length; ++j) sum += g[j] > 'a' ? g[j] - 'a' : 'a' - g[j];
    return sum;
}

typedef struct tally {
    int calls;
    long rows;
} tally;

static void rows(const void *genomes, size_t stride, int count, int length, double *fit, void *ctx)
{
    tally *t = ctx; // one thread: the population is too small to breed on two
    t->calls++;
    t->rows += count;
    for (int i = 0; i < count; ++i) fit[i] = one((const uint8_t *)genomes + (size_t)i * stride, length, NULL);
}

static alGaDef def_for(tally *t)
{
    alGaDef d = alDefaultGaDef();
    d.population = POP;
    d.length = LEN;
    d.minimise = true;
    d.elites = 2;
    d.threads = 1;
    d.fitness = one;
    d.fitness_ctx = t;
    d.fitness_rows = t ? rows : NULL;
    return d;
}

static void test_rows_give_the_run_of_one_by_one(void **state)
{
    (void)state;
    tally t = {0, 0};
    alGaDef plain = def_for(NULL), batched = def_for(&t);
    alGa *a = NULL, *b = NULL;
    assert_int_equal(alCreateGa(&plain, 7, &a, NULL), AL_OK);
    assert_int_equal(alCreateGa(&batched, 7, &b, NULL), AL_OK);
    for (int g = 0; g < GENS; ++g) {
        alGa_Step(a);
        alGa_Step(b);
        alGaStats sa, sb;
        assert_true(alGa_LastStats(a, &sa) && alGa_LastStats(b, &sb));
        assert_true(sa.best == sb.best && sa.mean == sb.mean && sa.worst == sb.worst);
        assert_int_equal(sa.evaluations, sb.evaluations);
        assert_memory_equal(alGa_LastBest(a), alGa_LastBest(b), LEN);
        for (int i = 0; i < POP; ++i) assert_true(alGa_Fitness(a, i) == alGa_Fitness(b, i));
    }
    // Every child of every bred generation went through rows, the spare row
    // never: 23 a generation (the elites keep their fitness).
    assert_true(t.calls >= GENS);
    assert_int_equal(t.rows, (long)GENS * (POP - 2));
    alDestroyGa(a);
    alDestroyGa(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_give_the_run_of_one_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
