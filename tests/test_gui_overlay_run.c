// The help (H) and the lesson (L) do not pause the run, and now say so
// (trial 8: nothing said the run went on behind them): "the run goes on
// behind: Space pauses it" on the overlay's title row; Space pauses (and
// runs) the run with the overlay open, which stays open, and the overlay
// then says the run is paused. Any other key still closes it.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static void overlay_says_and_space_works(const char *key, const char *overlay)
{
    gs_run r;
    gt_script(&r,
              gt_fmt("at 3 key %s\nat 5 state\nat 40 state\nat 41 key space\nat 42 state\nat 60 state\n"
                     "at 61 key space\nat 62 state\nat 63 key g\nat 64 state\nat 65 quit\n",
                     key),
              "--mode ants --set ants.ticks=150 --set ants.count=12 --no-log", 6);
    for (int i = 0; i < 5; ++i)
        if (!gs_overlay(r.line[i], overlay)) fail_msg("%s: line %d: the %s overlay closed: %s", key, i, overlay, r.line[i]);
    // open, the run goes on, and the overlay says so
    if (!strstr(gs_str(r.line[0], "overlay_note"), "the run goes on behind: Space pauses it"))
        fail_msg("%s: overlay note '%s'", key, gs_str(r.line[0], "overlay_note"));
    assert_false(gs_bool(r.line[0], "paused"));
    assert_true(gs_num(r.line[1], "tick") > gs_num(r.line[0], "tick"));
    // Space pauses it, the overlay open, and says so
    assert_true(gs_bool(r.line[2], "paused"));
    assert_true(gs_num(r.line[3], "tick") == gs_num(r.line[2], "tick"));
    if (!strstr(gs_str(r.line[3], "overlay_note"), "paused: Space runs it"))
        fail_msg("%s: paused, the overlay note '%s'", key, gs_str(r.line[3], "overlay_note"));
    // Space again runs it on; another key closes the overlay and does only that
    assert_false(gs_bool(r.line[4], "paused"));
    assert_false(gs_overlay(r.line[5], overlay));
    assert_string_equal(gs_str(r.line[5], "overlay_note"), "");
    gs_free(&r);
}

static void the_help_says_the_run_goes_on_and_space_pauses_it(void **state)
{
    (void)state;
    overlay_says_and_space_works("h", "help");
}

static void the_lesson_says_the_run_goes_on_and_space_pauses_it(void **state)
{
    (void)state;
    overlay_says_and_space_works("l", "lesson");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_help_says_the_run_goes_on_and_space_pauses_it),
        cmocka_unit_test(the_lesson_says_the_run_goes_on_and_space_pauses_it),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
