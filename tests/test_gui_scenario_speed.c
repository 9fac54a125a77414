// Switching steering scenarios ([ and ]) keeps the speed the teacher chose:
// it fell back to 1 tick a frame at every switch (last trial). A new mode
// still opens at its own lesson speed.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI

static void a_scenario_switch_keeps_the_speed(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key +\nat 3 key +\nat 4 state\nat 5 key ]\nat 8 key ]\nat 10 state\nat 11 quit\n",
              "--no-log experiments/steering/seek.ini", 2);
    double sped = gs_num(r.line[0], "speed");
    assert_true(sped > 1);
    assert_string_not_equal(gs_str(r.line[0], "scenario"), gs_str(r.line[1], "scenario"));
    assert_true(gs_num(r.line[1], "speed") == sped);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_scenario_switch_keeps_the_speed),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
