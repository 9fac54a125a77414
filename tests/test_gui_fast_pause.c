// F on a paused run fast-forwards it; F again puts it back as F found it:
// paused (it ran on, and nothing said so). On a running run F off leaves
// it running. At the limit F says why it does nothing.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI

static const char *const ants_args = "--no-log experiments/ants/default.ini";

// F then F again, on a run paused first (pause_first) or running: the
// state lines before F, during it, just after F off and 38 frames later.
static void f_on_and_off(gs_run *r, bool pause_first)
{
    gt_script(r,
              gt_fmt("%sat 10 state\nat 11 key f\nat 20 state\nat 21 key f\nat 22 state\nat 60 state\nat 61 quit\n",
                     pause_first ? "at 5 key space\n" : ""),
              ants_args, 4);
    assert_true(gs_bool(r->line[1], "fast")); // F ran it
    assert_false(gs_bool(r->line[1], "paused"));
    assert_true(gs_num(r->line[1], "tick") > gs_num(r->line[0], "tick"));
    assert_false(gs_bool(r->line[2], "fast"));
}

static void f_off_puts_the_run_back_as_f_found_it(void **state)
{
    (void)state;
    gs_run r;
    f_on_and_off(&r, true);
    assert_true(gs_bool(r.line[0], "paused"));
    if (!gs_bool(r.line[2], "paused"))
        fail_msg("F off on a run F found paused left it running: banner '%s'", gs_str(r.line[2], "banner"));
    assert_non_null(strstr(gs_str(r.line[2], "banner"), "PAUSED"));
    assert_true(gs_num(r.line[3], "tick") == gs_num(r.line[2], "tick")); // and nothing runs
    gs_free(&r);
    f_on_and_off(&r, false); // a running run runs on
    assert_false(gs_bool(r.line[2], "paused"));
    assert_true(gs_num(r.line[3], "tick") > gs_num(r.line[2], "tick"));
    gs_free(&r);
}

// At the limit F has nothing to run: it says so, and what does run on
// (it did nothing, unsaid).
static void f_at_the_limit_says_what_runs_on(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 2 key f\nat gen 2 state\nat gen 2 quit\n",
              "--no-log experiments/ants/default.ini --set run.generations=2 --set ants.ticks=100", 1);
    assert_true(gs_bool(r.line[0], "finished"));
    assert_false(gs_bool(r.line[0], "fast"));
    const char *msg = gs_str(r.line[0], "message");
    if (!strstr(msg, "F does nothing now") || !strstr(msg, "limit") || !strstr(msg, "E: evolve on"))
        fail_msg("F at the limit says '%s'", msg);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f_off_puts_the_run_back_as_f_found_it),
        cmocka_unit_test(f_at_the_limit_says_what_runs_on),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
