// Live parameters through the algorithm interface (algorithm.h set_param /
// get_param): the GA's mutation rate changed mid-run breeds exactly as a GA
// made with that rate does from then on; a bad value or an unknown name is
// refused with nothing changed; an algorithm without the hook refuses,
// naming itself and the parameter.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "alife/algorithm.h"
#include "alife/ga.h"

static alGaDef float_def(double rate)
{
    alGaDef d = alDefaultGaDef();
    d.type = AL_GENOME_FLOATS;
    d.population = 30;
    d.length = 20;
    d.mutation = AL_MUTATE_GAUSSIAN;
    d.mutation_rate = rate;
    d.elites = 2;
    d.threads = 1;
    return d;
}

static void tell_all(alAlgorithm a, int gen)
{
    double f[30];
    int n = alAlgorithm_Ask(a);
    for (int i = 0; i < n; ++i) {
        const float *x = alAlgorithm_Candidate(a, i);
        f[i] = (double)x[0] - 0.01 * (double)(i + gen);
    }
    alAlgorithm_Tell(a, f);
}

static bool same_population(alAlgorithm a, alAlgorithm b)
{
    int n = alAlgorithm_Ask(a);
    if (n != alAlgorithm_Ask(b)) return false;
    for (int i = 0; i < n; ++i)
        if (memcmp(alAlgorithm_Candidate(a, i), alAlgorithm_Candidate(b, i), 20 * sizeof(float)) != 0)
            return false;
    return true;
}

// A GA at rate 0.05 switched to 0.4 after its first generation breeds its
// second exactly as one made at 0.4 (fed the same first population) does, and
// unlike one left at 0.05.
static void a_live_rate_breeds_as_a_ga_made_with_it(void **state)
{
    (void)state;
    alGa *live = NULL, *made = NULL, *kept = NULL;
    alError err = {0};
    alGaDef lo = float_def(0.05), hi = float_def(0.4);
    assert_int_equal(alCreateGa(&lo, 5, &live, &err), AL_OK);
    assert_int_equal(alCreateGa(&hi, 5, &made, &err), AL_OK);
    assert_int_equal(alCreateGa(&lo, 5, &kept, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(live), b = alGa_Algorithm(made), c = alGa_Algorithm(kept);
    // The same generation 0 in all three (the initial draw does not use the rate).
    assert_true(same_population(a, b));
    double r = 0;
    assert_true(alAlgorithm_GetParam(a, "mutation_rate", &r));
    assert_true(r == 0.05);
    assert_int_equal(alAlgorithm_SetParam(a, "mutation_rate", 0.4, &err), AL_OK);
    assert_true(alAlgorithm_GetParam(a, "mutation_rate", &r) && r == 0.4);
    tell_all(a, 0);
    tell_all(b, 0);
    tell_all(c, 0);
    assert_true(same_population(a, b));
    assert_false(same_population(a, c));
    alDestroyGa(live);
    alDestroyGa(made);
    alDestroyGa(kept);
}

static void a_bad_rate_or_name_is_refused_and_nothing_changes(void **state)
{
    (void)state;
    alGa *ga = NULL;
    alError err = {0};
    alGaDef d = float_def(0.1);
    assert_int_equal(alCreateGa(&d, 1, &ga, &err), AL_OK);
    alAlgorithm a = alGa_Algorithm(ga);
    assert_int_equal(alAlgorithm_SetParam(a, "mutation_rate", 1.5, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "1.5"));
    assert_non_null(strstr(err.msg, "0 to 1"));
    double r = 0;
    assert_true(alAlgorithm_GetParam(a, "mutation_rate", &r) && r == 0.1);
    err = (alError){0};
    assert_int_equal(alAlgorithm_SetParam(a, "elites", 3, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "elites"));
    assert_false(alAlgorithm_GetParam(a, "elites", &r));
    alDestroyGa(ga);
}

static void an_algorithm_without_the_hook_says_so(void **state)
{
    (void)state;
    static const alAlgorithmClass none = {.name = "cmaes"};
    alAlgorithm a = {&none, NULL};
    alError err = {0};
    assert_int_equal(alAlgorithm_SetParam(a, "mutation_rate", 0.2, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cmaes"));
    assert_non_null(strstr(err.msg, "mutation_rate"));
    double r;
    assert_false(alAlgorithm_GetParam(a, "mutation_rate", &r));
    alAlgorithm nothing = {NULL, NULL};
    assert_int_equal(alAlgorithm_SetParam(nothing, "mutation_rate", 0.2, &err), AL_ERR_CONFIG);
    assert_false(alAlgorithm_GetParam(nothing, "mutation_rate", &r));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_live_rate_breeds_as_a_ga_made_with_it),
        cmocka_unit_test(a_bad_rate_or_name_is_refused_and_nothing_changes),
        cmocka_unit_test(an_algorithm_without_the_hook_says_so),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
