// Issue 10 (trial): at 720x480 in ants, "Last generations: none finished
// yet" was followed by ~100 px of blank (the table's full height, reserved
// before it had rows) while the Evolution section sat under "more below".
// Where the panel does not fit its view, the empty table takes one line;
// with the mouse over the panel below it the first rows do not move what is
// under the mouse (the page scrolls on by the rows' height). At 1280x800,
// where the panel fits, the table keeps its full height from the start
// (test_gui_panel_fit): nothing below it moves.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI

static const char *const small_ants = "--no-log --width 720 --height 480 experiments/ants/default.ini";

// The empty table is its heading and one line, the Evolution section right under it.
static void check_empty_is_one_line(const char *l)
{
    gt_box t = gt_section(l, "Last generations"), e = gt_section(l, "Evolution");
    if (t.h > 45) fail_msg("the empty table takes %d px", t.h);
    if (e.y - (t.y + t.h) > 8) fail_msg("%d px between the table and Evolution", e.y - (t.y + t.h));
}

static void the_empty_table_takes_one_line_at_720x480(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 quit\n", small_ants, 1);
    check_empty_is_one_line(r.line[0]);
    gs_free(&r);
}

static void the_first_rows_do_not_move_what_is_under_the_mouse(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 move 600 160\nat 6 state\nat gen 1 state\nat gen 2 state\nat gen 2 quit\n", small_ants, 3);
    check_empty_is_one_line(r.line[0]);
    int y0 = gt_section(r.line[0], "Evolution").y;
    for (int k = 1; k < 3; ++k) {
        int y = gt_section(r.line[k], "Evolution").y;
        if (y != y0) fail_msg("state %d: Evolution moved from y %d to %d under the mouse", k, y0, y);
    }
    assert_true(gt_section(r.line[1], "Last generations").h > gt_section(r.line[0], "Last generations").h);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_empty_table_takes_one_line_at_720x480),
        cmocka_unit_test(the_first_rows_do_not_move_what_is_under_the_mouse),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
