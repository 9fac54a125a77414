// The pin at the run's limit (own worlds, issue 10 trial): the limit's
// replay draws the best ant alone, ant 0 of one, yet the strip still said
// "ant 7 pinned (yellow rings): its world is drawn" (state pinned 7,
// world_owner 0), the Marks legend listed "pinned (P)", and P then said
// "ant 7 unpinned: the world of the ant with most food is drawn" over the
// best ant's replay. Now the replay ends the pin, said once on the strip,
// and P there says there is nothing to pin.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static bool marks_list(const char *l, const char *label)
{
    const char *p = gs_find(l, "panel_marks"), *end = p ? strchr(p, ']') : NULL;
    const char *hit = p ? strstr(p, label) : NULL;
    return hit && hit < end;
}

static void the_limits_replay_ends_the_pin_and_p_says_so(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 31 key p\nat 33 state\nat 34 key f\nat gen 3 state\nat gen 3 key p\nat gen 3 state\n"
              "at gen 3 quit\n",
              "--no-log --set ants.world=own --set run.generations=3", 3);
    const double pinned = gs_num(r.line[0], "figures.pinned");
    if (pinned < 0) fail_msg("P at tick 31 pinned nothing: %s", gs_str(r.line[0], "view_note"));
    assert_true(marks_list(r.line[0], "pinned (P)"));
    // at the limit: the best ant alone, no pin, and the strip says it ended
    assert_true(gs_bool(r.line[1], "replaying"));
    assert_true(gs_num(r.line[1], "figures.pinned") == -1);
    const char *want = "no ant is pinned (ant "; // (its pin may have moved to an elite's copy)
    const char *msg = gs_str(r.line[1], "message");
    if (!strstr(msg, want) || strstr(msg, "pinned (yellow rings)"))
        fail_msg("the strip at the limit says '%s', not '%s'", msg, want);
    if (marks_list(r.line[1], "pinned (P)")) fail_msg("the Marks legend lists 'pinned (P)' with nothing to pin");
    // P there: nothing to pin, not "the world of the ant with most food"
    assert_true(gs_num(r.line[2], "figures.pinned") == -1);
    const char *note = gs_str(r.line[2], "view_note");
    if (!strstr(note, "nothing to pin") || strstr(note, "most food")) fail_msg("P at the limit says '%s'", note);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_limits_replay_ends_the_pin_and_p_says_so),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
