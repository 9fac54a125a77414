// alRng8: eight PCG32 lanes seeded at once, each an ordinary stream.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "alife/rng.h"

static void test_lanes_are_reproducible(void **state)
{
    (void)state;
    alRng8 a = alRng8_Stream(7, 99), b = alRng8_Stream(7, 99);
    for (int l = 0; l < 8; ++l) {
        assert_int_equal(a.state[l], b.state[l]);
        assert_int_equal(a.inc[l], b.inc[l]);
        assert_int_equal(a.inc[l] & 1u, 1u);
    }
}

static void test_lanes_differ_from_each_other_and_from_other_seeds(void **state)
{
    (void)state;
    alRng8 a = alRng8_Stream(7, 99), c = alRng8_Stream(8, 99), d = alRng8_Stream(7, 100);
    uint32_t first[8][64];
    for (int l = 0; l < 8; ++l) {
        alRng r = alRng8_Lane(&a, l);
        for (int i = 0; i < 64; ++i) first[l][i] = alRng_Next(&r);
    }
    for (int l = 0; l < 8; ++l) {
        for (int m = l + 1; m < 8; ++m) {
            assert_true(a.inc[l] != a.inc[m]);
            int same = 0;
            for (int i = 0; i < 64; ++i) same += first[l][i] == first[m][i];
            assert_true(same < 2);
        }
        alRng rc = alRng8_Lane(&c, l), rd = alRng8_Lane(&d, l);
        int same_c = 0, same_d = 0;
        for (int i = 0; i < 64; ++i) {
            uint32_t vc = alRng_Next(&rc), vd = alRng_Next(&rd);
            same_c += vc == first[l][i];
            same_d += vd == first[l][i];
        }
        assert_true(same_c < 2);
        assert_true(same_d < 2);
    }
}

static void test_set_lane_keeps_the_stepped_state(void **state)
{
    (void)state;
    alRng8 a = alRng8_Stream(1, 2), b = a;
    alRng r = alRng8_Lane(&a, 3);
    uint32_t x = alRng_Next(&r);
    alRng8_SetLane(&a, 3, r);
    alRng s = alRng8_Lane(&a, 3), t = alRng8_Lane(&b, 3);
    assert_int_equal(alRng_Next(&t), x);
    assert_int_equal(alRng_Next(&s), alRng_Next(&t));
    assert_int_equal(a.state[2], b.state[2]);
}

static void test_two_sets_seeded_together_equal_two_seeded_alone(void **state)
{
    (void)state;
    const uint64_t streams[][2] = {{7, 8}, {0, 0}, {~0ull, 1ull << 63}};
    for (int k = 0; k < 3; ++k) {
        alRng8 a, b, a1 = alRng8_Stream(99, streams[k][0]), b1 = alRng8_Stream(99, streams[k][1]);
        alRng8_Stream2(99, streams[k][0], streams[k][1], &a, &b);
        assert_memory_equal(&a, &a1, sizeof a);
        assert_memory_equal(&b, &b1, sizeof b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lanes_are_reproducible),
        cmocka_unit_test(test_lanes_differ_from_each_other_and_from_other_seeds),
        cmocka_unit_test(test_set_lane_keeps_the_stepped_state),
        cmocka_unit_test(test_two_sets_seeded_together_equal_two_seeded_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
