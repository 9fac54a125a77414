// The note a replay leaves when the run evolves on (issue 10, fourth trial):
// it said "the run evolves on, drawn" under fast-forward, which draws the
// world only now and then, and it stood in the panel and the strip for the
// rest of the run. It now says which, and goes when its moment does.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void the_note_says_fast_forward_and_goes_with_it(void **state)
{
    (void)state;
    char db[512];
    gt_stored_run(db, sizeof db, "replay_end_note.db", "experiments/ants/default.ini --set run.generations=3 --set ants.ticks=100");
    gs_run r;
    // B replays generation 1 of a run under way; F ends the replay in
    // fast-forward; F again ends fast-forward.
    gt_script(&r, "at gen 2 key b\nat gen 2 key f\nat gen 2 state\nat gen 4 key f\nat gen 4 state\nat gen 4 quit\n",
              gt_fmt("experiments/ants/default.ini --set ants.ticks=100 --set run.generations=60 --db '%s'", db), 2);
    const char *note = gs_str(r.line[0], "view_note");
    gt_needs("the note under F", note, "ended: the run evolves on in fast-forward (the world is drawn when it stops)");
    gt_needs("the note under F", note, "(B: replay the newest stored generation)");
    gt_needs("the strip under F", gs_str(r.line[0], "message"), "in fast-forward");
    assert_string_equal(gs_str(r.line[1], "view_note"), ""); // F off: its moment is over
    if (strstr(gs_str(r.line[1], "message"), "the replay of generation"))
        fail_msg("the strip still says the replay's end: %s", gs_str(r.line[1], "message"));
    gs_free(&r);
}

static void the_note_says_drawn_and_goes_two_generations_on(void **state)
{
    (void)state;
    char db[512];
    gt_stored_run(db, sizeof db, "replay_end_note2.db", "experiments/ants/default.ini --set run.generations=3 --set ants.ticks=100");
    gs_run r;
    gt_script(&r, "at gen 2 key b\nat gen 2 key plus\nat gen 2 state\nat gen 5 state\nat gen 5 quit\n",
              gt_fmt("experiments/ants/default.ini --set ants.ticks=100 --set run.generations=60 --db '%s'", db), 2);
    gt_needs("the note under +", gs_str(r.line[0], "view_note"), "ended: the run evolves on, drawn");
    if (strstr(gs_str(r.line[0], "view_note"), "fast-forward"))
        fail_msg("the note speaks of fast-forward: %s", gs_str(r.line[0], "view_note"));
    assert_string_equal(gs_str(r.line[1], "view_note"), "");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_note_says_fast_forward_and_goes_with_it),
        cmocka_unit_test(the_note_says_drawn_and_goes_two_generations_on),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
