// A script's `at tick N` in an alife gui --brain FILE window (issue 10
// trial): the replay loops its one generation, and at 200 ticks a frame its
// tick went 1800, then past the end round to 0, 200 ... so `at tick 1990`
// never came, no warning said so, and the window hung (killed after 30 s).
// Now a frame of the replay ends at the tick a script waits on, and a tick
// past the generation's last says it will not come. Each window here is
// killed after a minute, so a regression fails rather than hangs.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

enum { LIMIT_S = 60 };

// A stored 6-generation ants run of 150 ticks a generation, exported as
// generation 5's brain file: the window's arguments.
static const char *brain_args(void)
{
    char db[512], path[512];
    gt_brain_file(db, sizeof db, path, sizeof path, "brain_replay_tick", 6);
    return gt_fmt("--brain '%s' --no-log", path);
}

// The script in a brain file's window, killed after LIMIT_S; it must end in
// time, exit 0 and print n state lines.
static void in_time(gs_run *r, const char *script, int n)
{
    gs_run_script_within(r, script, brain_args(), LIMIT_S);
    if (r->status == 124 || r->status == 137) fail_msg("the script still waited after %d s: %s", LIMIT_S, r->err);
    assert_int_equal(r->status, 0);
    if (r->n != n) fail_msg("%d state lines, not %d: %s", r->n, n, r->err);
}

// Two + from 10 ticks a frame: 50 a frame, so the replay's tick is a
// multiple of 10 and goes 100, then round past 150 to 0: it never read 149.
static void a_tick_between_two_frames_comes(void **state)
{
    (void)state;
    gs_run r;
    in_time(&r, "at 2 key plus\nat 3 key plus\nat tick 149 state\nat tick 149 quit\n", 1);
    const char *l = r.line[0];
    assert_int_equal((int)gs_num(l, "tick"), 149);
    assert_int_equal((int)gs_num(l, "figures.replay_tick"), 149);
    gt_needs("the header", gs_str(l, "header"), "tick 149 of 150");
    gt_needs("the speed line", gs_str(l, "speed_line"), "50 ticks/frame");
    if (strstr(r.err, "warning")) fail_msg("a warning for a tick that came: %s", r.err);
    gs_free(&r);
}

// The generation's end: its last tick comes; the one after it (tick 150 of
// a 150-tick generation, which reads 0 again) never does, and says so.
static void the_end_of_the_generation_comes_and_past_it_says_so(void **state)
{
    (void)state;
    gs_run r;
    in_time(&r, "at 2 key plus\nat 3 key plus\nat tick 149 state\nat tick 150 state\nat 200 state\nat 201 quit\n", 3);
    assert_int_equal((int)gs_num(r.line[0], "tick"), 149);
    gt_needs("stderr", r.err, "script.txt:4: warning: tick 150 will not come");
    gt_needs("the warning", r.err, "ticks 0 to 149 of generation 5");
    // the line ran at once, and the replay went on round its generation
    assert_true(gs_num(r.line[1], "tick") < 150);
    assert_int_equal((int)gs_num(r.line[2], "generation"), 5);
    assert_true(gs_bool(r.line[2], "replaying"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_tick_between_two_frames_comes),
        cmocka_unit_test(the_end_of_the_generation_comes_and_past_it_says_so),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
