// J's box (issue 10 trial). Twenty nines were cut to fifteen unsaid ("evolving
// on past the limit of 5000 to generation 999999999999999"); letters were
// dropped unsaid and Enter closed the box with no word; and when the goal
// came before the jump's target, the header read "target 999... (limit
// 5000)" and the strip "evolving on past the limit ..." under GOAL REACHED.
// Now a number past the largest is refused naming the largest, a non-digit
// says "digits only", and at the goal the jump ends and both say the goal.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#define STRINGS "--no-log experiments/estrings/hello.ini"

// Twenty nines are refused, naming the largest; the largest itself is then
// taken: the jump goes there (past the limit).
static void a_number_too_large_is_refused_naming_the_largest(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 1 key space\nat 2 key j\nat 3 type \"99999999999999999999\"\nat 4 key return\nat 5 state\n"
              "at 6 key j\nat 7 type \"1000000000\"\nat 8 key return\nat 8 state\nat 9 quit\n",
              "--no-log experiments/ants/default.ini --set ants.ticks=50 --set ants.count=8", 2);
    const char *l = r.line[0], *m = gs_str(l, "message");
    gt_needs("the strip", m, "99999999999999999999 is too large");
    gt_needs("the strip", m, "the largest generation J goes to is 1000000000");
    if (strstr(m, "generation 999999999999999") || strstr(m, "evolving on")) fail_msg("the jump went ahead: '%s'", m);
    assert_int_equal((int)gs_num(l, "jump_to"), 0);
    assert_int_equal((int)gs_num(l, "generations_target"), 0);
    if (gs_overlay(l, "jump")) fail_msg("the box stayed open: %s", l);
    assert_true(gs_num(r.line[1], "jump_to") == 1e9);
    gt_needs("the strip", gs_str(r.line[1], "message"), "to generation 1000000000");
    gs_free(&r);
}

static void letters_say_digits_only(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 key space\nat 2 key j\nat 3 type \"abc\"\nat 4 state\nat 5 key return\nat 6 state\n"
                  "at 7 key j\nat 8 type \"1x2\"\nat 9 state\nat 10 key escape\nat 11 quit\n",
              STRINGS, 3);
    // while typing: the box is open, and the strip says what was left out
    assert_true(gs_overlay(r.line[0], "jump"));
    gt_needs("the strip", gs_str(r.line[0], "message"), "digits only");
    gt_needs("the strip", gs_str(r.line[0], "message"), "'abc'");
    // Enter with no digits: no jump, and a word why
    if (gs_overlay(r.line[1], "jump")) fail_msg("the box is still open: %s", r.line[1]);
    gt_needs("the strip after Enter", gs_str(r.line[1], "message"), "'abc' is not a generation number");
    assert_int_equal((int)gs_num(r.line[1], "jump_to"), 0);
    // digits among letters are kept, the letter said
    gt_needs("the strip", gs_str(r.line[2], "message"), "'x' left out");
    gt_needs("the window", r.line[2], "jump to generation: 12_"); // (the box is drawn over the world)
    gs_free(&r);
}

// The goal (at generation 99 with seed 1) comes before the jump's target,
// past the limit and within it: the jump ends, and the header and the strip
// say the goal, as without a jump.
static void the_goal_ends_the_jump(const char *gen, const char *args)
{
    gs_run r;
    gt_script(&r,
              gt_fmt("at 2 key j\nat 3 type \"%s\"\nat 4 key return\nat 200 state\nat 201 quit\n", gen), args, 1);
    const char *l = r.line[0], *h = gs_str(l, "header"), *m = gs_str(l, "message");
    gt_needs("the banner", gs_str(l, "banner"), "GOAL REACHED");
    gt_needs("the header", h, "goal reached   after 99 generations");
    if (strstr(h, "target")) fail_msg("the header keeps the jump's target: '%s'", h);
    gt_needs("the strip", m, "goal reached after 99 generations");
    if (strstr(m, "evolving on")) fail_msg("the strip still says the jump: '%s'", m);
    assert_int_equal((int)gs_num(l, "jump_to"), 0);
    assert_int_equal((int)gs_num(l, "generations_target"), 0);
    gs_free(&r);
}

static void the_goal_ends_a_jump_past_the_limit(void **state)
{
    (void)state;
    the_goal_ends_the_jump("900000", STRINGS);
}

static void the_goal_ends_a_jump_within_the_limit(void **state)
{
    (void)state;
    the_goal_ends_the_jump("4000", STRINGS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_number_too_large_is_refused_naming_the_largest),
        cmocka_unit_test(letters_say_digits_only),
        cmocka_unit_test(the_goal_ends_a_jump_past_the_limit),
        cmocka_unit_test(the_goal_ends_a_jump_within_the_limit),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
