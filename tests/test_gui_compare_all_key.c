// Compare's A in strings (issue 10 trial): "A all runs" showed 0 runs
// before and after, and the trial could not tell what A widens. A lists
// this module's empty runs and those a window left after a few
// generations too (never other modules'); its key line says so, and each
// press says what it did, also when there was nothing more to show.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static const char *const open_a_a =
    "at 2 key f\nat 100 key c\nat 101 state\nat 102 key a\nat 103 state\n"
    "at 104 key a\nat 105 state\nat 106 quit\n";

static void a_says_what_it_widens(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "compare_a.db");
    const char *args = gt_fmt("--db '%s' experiments/estrings/hello.ini", db);
    gs_run r;
    // a window left after a generation or two: hidden until A
    gt_script(&r, "at 2 key f\nat gen 2 quit\n", args, 0);
    gs_free(&r);
    gt_script(&r, open_a_a, args, 3);
    double before = gs_num(r.line[0], "compare.listed"),
           with_a = gs_num(r.line[1], "compare.listed");
    if (!(with_a == before + 1)) fail_msg("A listed %g runs, %g before it", with_a, before);
    if (!strstr(gs_str(r.line[0], "compare.a_key"), "empty and left runs"))
        fail_msg("the key line says '%s'", gs_str(r.line[0], "compare.a_key"));
    if (!strstr(gs_str(r.line[1], "compare.a_said"), "1 empty or left run listed too"))
        fail_msg("A says '%s'", gs_str(r.line[1], "compare.a_said"));
    if (!strstr(gs_str(r.line[1], "compare.a_key"), "hide"))
        fail_msg("with A on, the key line says '%s'", gs_str(r.line[1], "compare.a_key"));
    if (gs_num(r.line[2], "compare.listed") != before) fail_msg("A again did not hide them");
    gs_free(&r);
}

static void a_says_when_nothing_more_can_be_shown(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "compare_a_none.db");
    gs_run r;
    gt_script(&r, open_a_a, gt_fmt("--db '%s' experiments/estrings/hello.ini", db), 3);
    assert_true(gs_num(r.line[1], "compare.listed") == gs_num(r.line[0], "compare.listed"));
    // each press says so, and the key line keeps its words: it flipped to
    // "A hide empty and left runs" with nothing listed to hide (trial 2)
    char before[256];
    snprintf(before, sizeof before, "%s", gs_str(r.line[0], "compare.a_key"));
    for (int k = 1; k <= 2; ++k) {
        if (!strstr(gs_str(r.line[k], "compare.a_said"), "nothing more to show"))
            fail_msg("A press %d with nothing to add says '%s'", k, gs_str(r.line[k], "compare.a_said"));
        if (strcmp(gs_str(r.line[k], "compare.a_key"), before) != 0)
            fail_msg("after A press %d the key line says '%s', before it '%s'", k, gs_str(r.line[k], "compare.a_key"),
                     before);
    }
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_says_what_it_widens),
        cmocka_unit_test(a_says_when_nothing_more_can_be_shown),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
