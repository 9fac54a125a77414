// At the class speed each generation's best balances to its end before the
// next generation's best takes over: the trial found "step 131 of 168" cut
// at about step 145, so the class never saw the best controller fall. A
// best that balances longer than the hold is cut, and its caption says when.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void each_best_plays_to_its_fall(void **state)
{
    (void)state;
    char script[8192] = "";
    size_t n = 0;
    for (int f = 10; f <= 640; f += 10) // 64 states: generations 0, 1 and 2's start
        n += (size_t)snprintf(script + n, sizeof script - n, "at %d state\n", f);
    snprintf(script + n, sizeof script - n, "at 641 quit\n");
    gs_run r;
    gt_script(&r, script, "experiments/pole/single.ini --no-log", 64);
    int switches = 0;
    for (int i = 1; i < r.n; ++i) {
        double was = gs_num(r.line[i - 1], "figures.controller_gen");
        if (gs_num(r.line[i], "figures.controller_gen") != was) {
            ++switches;
            // The one before was shown to its end: it fell at its count.
            assert_true(gs_num(r.line[i - 1], "figures.trial_failed") == 1);
            assert_true(gs_num(r.line[i - 1], "figures.trial_steps") == gs_num(r.line[i - 1], "figures.trial_of"));
        }
    }
    assert_true(switches >= 2); // generations 0 -> 1 -> 2 (168 and 361 steps, seed 1)
    gs_free(&r);
}

// Seed 38's double pole: generation 19's best balances 839 steps, longer
// than the 15 s (750-step) hold. The caption says when the run goes on, and
// it does go on there; once solved there is no hold and no such words.
static void a_long_best_says_when_the_run_goes_on(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 2 key j\nat 3 type \"20\"\nat 4 key return\nat 50 key space\n" // jump, then the class speed
              "at 100 state\nat 400 state\nat 900 state\nat 901 quit\n",
              "experiments/pole/double.ini --set run.seed=38 --no-log", 3);
    for (int i = 0; i < 2; ++i) {
        assert_true(gs_num(r.line[i], "figures.controller_gen") == 19);
        assert_true(gs_num(r.line[i], "figures.trial_of") == 839);
        assert_non_null(strstr(gs_str(r.line[i], "view_note"), "the run goes on at 15 s"));
    }
    // 850 frames later the next generation has solved it: no hold.
    assert_true(gs_bool(r.line[2], "finished"));
    assert_true(gs_num(r.line[2], "figures.controller_gen") == 20);
    assert_null(strstr(gs_str(r.line[2], "view_note"), "goes on"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_best_plays_to_its_fall),
        cmocka_unit_test(a_long_best_says_when_the_run_goes_on),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
