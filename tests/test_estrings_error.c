// The strings' error as the GA scores it (the block-at-a-time fitness, in
// AVX-512 or AVX2 where the CPU has it): every individual's fitness is the sum of
// absolute differences from the target, for lengths below, at and between
// multiples of 32 characters (the vector width), also in long strings whose
// differences are large.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "alife/estrings.h"
#include "alife/ga.h"
#include "alife/rng.h"

static void check_length(int len)
{
    static char target[300];
    alRng r = alRng_Stream(5, (uint64_t)len);
    for (int i = 0; i < len; ++i) target[i] = (char)alRng_Int(&r, 32, 126);
    target[len] = '\0';
    alEStringsDef d = alDefaultEStringsDef();
    d.target = target;
    d.ga.population = 53; // 51 children: rows in groups of 8 and 3 left over
    d.ga.threads = 1;
    alEStrings *es = NULL;
    alError err = {0};
    if (alCreateEStrings(&d, 3, &es, &err) != AL_OK) fail_msg("rejected: %s", err.msg);
    const uint8_t *t = alEStrings_TargetCodes(es);
    assert_int_equal(alEStrings_Length(es), len);
    for (int gen = 0; gen < 4; ++gen) {
        alEStrings_Step(es); // generation gen+1's children are scored in the same pass
        const alGa *ga = alEStrings_Ga(es);
        for (int i = 0; i < alGa_Size(ga); ++i) {
            const uint8_t *g = alGa_Bytes(ga, i);
            int want = 0;
            for (int j = 0; j < len; ++j) want += abs((int)g[j] - (int)t[j]);
            if (alGa_Fitness(ga, i) != (double)want)
                fail_msg("length %d, generation %d, string %d: error %g, the sum is %d", len, gen + 1, i,
                         alGa_Fitness(ga, i), want);
        }
    }
    alDestroyEStrings(es);
}

static void test_error_is_the_sum_of_differences_at_every_length(void **state)
{
    (void)state;
    static const int lens[] = {1, 2, 13, 31, 32, 33, 63, 64, 65, 95, 96, 100, 255};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; ++k) check_length(lens[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_is_the_sum_of_differences_at_every_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
