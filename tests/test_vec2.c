// vec2 math and the world's edge policies.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>

#include "alife/vec2.h"
#include "alife/world.h"

#define PI_F 3.14159265f
#define NEAR(a, b) assert_true(fabsf((a) - (b)) < 1e-5f)

static void test_basic_arithmetic(void **state)
{
    (void)state;
    alVec2 a = alV2(3, 4), b = alV2(-1, 2);
    alVec2 s = alV2_Add(a, b), d = alV2_Sub(a, b), k = alV2_Scale(a, 2);
    NEAR(s.x, 2); NEAR(s.y, 6);
    NEAR(d.x, 4); NEAR(d.y, 2);
    NEAR(k.x, 6); NEAR(k.y, 8);
    NEAR(alV2_Dot(a, b), 5);
    NEAR(alV2_Cross(alV2(1, 0), alV2(0, 1)), 1);
    NEAR(alV2_Length(a), 5);
    NEAR(alV2_LengthSq(a), 25);
    NEAR(alV2_DistSq(a, b), 20);
    NEAR(alV2_Dist(alV2(0, 0), alV2(0, 7)), 7);
}

static void test_normalize_of_zero_is_zero_not_nan(void **state)
{
    (void)state;
    alVec2 z = alV2_Normalize(alV2(0, 0));
    assert_true(z.x == 0 && z.y == 0);
    alVec2 tiny = alV2_Normalize(alV2(1e-30f, 0));
    assert_false(isnan(tiny.x) || isnan(tiny.y));
    alVec2 n = alV2_Normalize(alV2(0, -3));
    NEAR(n.x, 0); NEAR(n.y, -1);
}

static void test_truncate_caps_length_keeps_direction(void **state)
{
    (void)state;
    alVec2 t = alV2_Truncate(alV2(30, 40), 5);
    NEAR(alV2_Length(t), 5);
    NEAR(t.x / t.y, 0.75f);
    alVec2 u = alV2_Truncate(alV2(1, 1), 5);
    NEAR(u.x, 1); NEAR(u.y, 1);
    alVec2 z = alV2_Truncate(alV2(0, 0), 0);
    assert_true(z.x == 0 && z.y == 0);
}

static void test_perp_rotate_angle_lerp(void **state)
{
    (void)state;
    alVec2 p = alV2_Perp(alV2(1, 0));
    NEAR(p.x, 0); NEAR(p.y, 1);
    alVec2 r = alV2_Rotate(alV2(1, 0), PI_F / 2);
    NEAR(r.x, 0); NEAR(r.y, 1);
    NEAR(alV2_Angle(alV2(0, 1)), PI_F / 2);
    NEAR(alV2_Angle(alV2(0, 0)), 0);
    alVec2 f = alV2_FromAngle(PI_F);
    NEAR(f.x, -1);
    alVec2 l = alV2_Lerp(alV2(0, 0), alV2(10, -10), 0.25f);
    NEAR(l.x, 2.5f); NEAR(l.y, -2.5f);
}

static void test_wrapped_delta_takes_the_short_way(void **state)
{
    (void)state;
    alWorld w = {100, 50, AL_EDGE_WRAP};
    alVec2 d = alWorld_Delta(&w, alV2(95, 45), alV2(5, 5));
    NEAR(d.x, 10); NEAR(d.y, 10);
    NEAR(alWorld_DistSq(&w, alV2(1, 1), alV2(99, 49)), 8);
    alWorld b = {100, 50, AL_EDGE_BOUNCE};
    d = alWorld_Delta(&b, alV2(95, 45), alV2(5, 5));
    NEAR(d.x, -90); NEAR(d.y, -40);
}

static void test_confine_wrap_bounce_contain(void **state)
{
    (void)state;
    alWorld w = {100, 50, AL_EDGE_WRAP};
    alVec2 p = alV2(-5, 55), v = alV2(-1, 1);
    alWorld_Confine(&w, &p, &v);
    NEAR(p.x, 95); NEAR(p.y, 5);
    NEAR(v.x, -1);
    p = alV2(100, 0);
    alWorld_Confine(&w, &p, NULL);
    assert_true(p.x >= 0 && p.x < 100);

    alWorld b = {100, 50, AL_EDGE_BOUNCE};
    p = alV2(103, -2);
    v = alV2(2, -3);
    alWorld_Confine(&b, &p, &v);
    NEAR(p.x, 97); NEAR(p.y, 2);
    NEAR(v.x, -2); NEAR(v.y, 3);

    alWorld c = {100, 50, AL_EDGE_CONTAIN};
    p = alV2(120, 20);
    v = alV2(4, 1);
    alWorld_Confine(&c, &p, &v);
    NEAR(p.x, 100); NEAR(v.x, 0); NEAR(v.y, 1);
}

static void test_edge_policy_names_round_trip(void **state)
{
    (void)state;
    for (int e = 0; e < 3; ++e)
        assert_int_equal(alEdgePolicy_Parse(alEdgePolicy_Name((alEdgePolicy)e)), e);
    assert_int_equal(alEdgePolicy_Parse("torus"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_arithmetic),
        cmocka_unit_test(test_normalize_of_zero_is_zero_not_nan),
        cmocka_unit_test(test_truncate_caps_length_keeps_direction),
        cmocka_unit_test(test_perp_rotate_angle_lerp),
        cmocka_unit_test(test_wrapped_delta_takes_the_short_way),
        cmocka_unit_test(test_confine_wrap_bounce_contain),
        cmocka_unit_test(test_edge_policy_names_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
