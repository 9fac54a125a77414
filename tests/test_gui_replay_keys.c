// Keys a teacher presses while a solution replays, through the --script
// harness: + and - speed up the pole's replay as they speed up the run (the
// trial saw "speed 100 ticks/frame" while the poles moved one step a frame,
// 33 minutes for 100,000 steps); B in a view that has no stored-generation
// replay says so on screen instead of doing nothing; the strings mode opens
// slow enough to watch (a few generations a second) and + makes it faster.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The double pole fast-forwarded to its goal (seed 1 solves at generation
// 17), the keys k1..k4 pressed at frames 100 to 103 as its solution replays,
// its state at frames 110 and 120.
static void the_solved_poles_replay(gs_run *r, const char *k1, const char *k2, const char *k3, const char *k4)
{
    gt_script(r,
              gt_fmt("at 1 key F\n"
                     "at 100 key %s\nat 101 key %s\nat 102 key %s\nat 103 key %s\n"
                     "at 110 state\nat 120 state\nat 121 quit\n",
                     k1, k2, k3, k4),
              "--no-log experiments/pole/double.ini", 2);
}

static void plus_speeds_up_the_solved_poles_replay(void **state)
{
    (void)state;
    gs_run r;
    the_solved_poles_replay(&r, "+", "+", "+", "+");
    assert_true(gs_bool(r.line[0], "finished"));
    double steps = gs_num(r.line[0], "play_steps"); // the control-step rungs: 1, 2, 5, 10, 20
    assert_true(steps >= 10);
    assert_non_null(strstr(gs_str(r.line[0], "speed_line"), gt_fmt("%g control steps/frame", steps)));
    assert_true(gs_num(r.line[1], "figures.trial_failed") == 0); // the solution balances on
    double moved = gs_num(r.line[1], "figures.trial_steps") - gs_num(r.line[0], "figures.trial_steps");
    assert_true(moved == 10 * steps); // ten frames at that many steps a frame
    gs_free(&r);
}

static void minus_slows_it_back_to_a_step_a_frame(void **state)
{
    (void)state;
    gs_run r;
    the_solved_poles_replay(&r, "+", "+", "-", "-");
    assert_true(gs_num(r.line[0], "speed") == 1);
    assert_true(gs_num(r.line[1], "figures.trial_steps") - gs_num(r.line[0], "figures.trial_steps") == 10);
    gs_free(&r);
}

static void b_says_why_it_does_nothing(const char *lesson)
{
    gs_run r;
    gt_script(&r, "at 3 state\nat 5 key b\nat 6 state\nat 7 quit\n", gt_fmt("--no-log %s", lesson), 2);
    assert_string_equal(gs_str(r.line[0], "message"), "");
    const char *m = gs_str(r.line[1], "message");
    assert_non_null(strstr(m, "B replays"));
    assert_non_null(strstr(m, "ants"));
    gs_free(&r);
}

static void b_in_the_pole_view_says_why_not(void **state)
{
    (void)state;
    b_says_why_it_does_nothing("experiments/pole/double.ini");
}

static void b_in_the_xor_view_says_why_not(void **state)
{
    (void)state;
    b_says_why_it_does_nothing("experiments/xor/xor.ini");
}

static void strings_open_at_a_few_generations_a_second(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 60 state\n" // one second at 60 frames
              "at 61 key +\nat 62 key +\nat 63 key +\nat 64 key +\nat 65 key +\nat 66 key +\n"
              "at 100 state\n"
              "at 101 quit\n",
              "--no-log experiments/estrings/hello.ini", 2);
    double g1 = gs_num(r.line[0], "generation");
    assert_true(g1 >= 2 && g1 <= 8); // "Hello, World!" needs 62: about 15 s to watch
    assert_false(gs_bool(r.line[0], "finished"));
    assert_true(gs_num(r.line[0], "speed") < 1);
    // faster with +: more generations in the next 35 frames than in the first 60
    assert_true(gs_num(r.line[1], "generation") - g1 > g1 || gs_bool(r.line[1], "finished"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plus_speeds_up_the_solved_poles_replay),
        cmocka_unit_test(minus_slows_it_back_to_a_step_a_frame),
        cmocka_unit_test(b_in_the_pole_view_says_why_not),
        cmocka_unit_test(b_in_the_xor_view_says_why_not),
        cmocka_unit_test(strings_open_at_a_few_generations_a_second),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
