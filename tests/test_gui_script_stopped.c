// A script line `at gen N` or `at tick N` that the run will never reach (it
// stopped at its goal or limit first, or offscreen it is paused with no key
// to come) waited for ever (200,000 frames: hours). Now it runs at once,
// with a warning on stderr naming the line. Each run here is killed after
// two minutes, so a regression fails rather than hangs.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

enum { LIMIT_S = 120 };

// The script ran to its end in time, exit 0, its one state line printed,
// and stderr warned of line `line` waiting on `what`.
static void ran_on_with_a_warning(gs_run *r, int line, const char *what)
{
    if (r->status == 124 || r->status == 137) fail_msg("the script still waited after %d s: %s", LIMIT_S, r->err);
    assert_int_equal(r->status, 0);
    assert_int_equal(r->n, 1);
    if (!strstr(r->err, gt_fmt("script.txt:%d: warning: %s", line, what)))
        fail_msg("no warning naming line %d (%s): '%s'", line, what, r->err);
}

static void at_gen_after_the_goal_runs_at_once(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script_within(&r, "at 2 key f\nat gen 100000 state\nat gen 100001 quit\n",
                         "--no-log experiments/estrings/hello.ini", LIMIT_S);
    ran_on_with_a_warning(&r, 2, "gen 100000");
    assert_true(gs_bool(r.line[0], "finished"));
    assert_true(gs_num(r.line[0], "generation") < 100000);
    assert_non_null(strstr(r.err, "script.txt:3: warning: gen 100001"));
    gs_free(&r);
}

static void at_tick_after_the_limit_runs_at_once(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script_within(&r, "at 2 key f\nat tick 100000000 state\nat 3 quit\n",
                         "--no-log experiments/ants/default.ini --set run.generations=2 --set ants.ticks=100",
                         LIMIT_S);
    ran_on_with_a_warning(&r, 2, "tick 100000000");
    assert_true(gs_bool(r.line[0], "finished"));
    assert_int_equal((int)gs_num(r.line[0], "generation"), 2);
    gs_free(&r);
}

static void at_gen_of_a_paused_run_offscreen_runs_at_once(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script_within(&r, "at 3 key space\nat gen 50 state\nat 4 quit\n", "--no-log experiments/ants/default.ini",
                         LIMIT_S);
    ran_on_with_a_warning(&r, 2, "gen 50");
    assert_true(gs_bool(r.line[0], "paused"));
    assert_int_equal((int)gs_num(r.line[0], "generation"), 0);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(at_gen_after_the_goal_runs_at_once),
        cmocka_unit_test(at_tick_after_the_limit_runs_at_once),
        cmocka_unit_test(at_gen_of_a_paused_run_offscreen_runs_at_once),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
