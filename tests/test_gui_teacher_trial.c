// The second teacher trial of the window (issue 10): each test one thing a
// fresh-eyed teacher found, driven through `alife gui --offscreen --script`
// and checked on the `state` lines (or on the shell's own functions).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#ifdef ALIFE_HAVE_GUI
#include "gui/shell.h"
#include "gui_script.h"

// ---- 1. the lesson overlay scrolls, and says when there is more -----------------------
static void the_lesson_scrolls_to_its_last_line_with_a_more_sign(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 resize 720 480\n"
                  "at 5 key l\n"
                  "at 8 state\n"
                  "at 9 key down\n"
                  "at 11 state\n"
                  "at 12 scroll 300 200 -3\n"
                  "at 14 state\n"
                  "at 15 key pagedown\nat 16 key pagedown\nat 17 key pagedown\nat 18 key pagedown\n"
                  "at 20 state\n"
                  "at 21 key pageup\n"
                  "at 23 state\n"
                  "at 24 quit\n",
                  "experiments/xor/xor.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 5);
    // At 720x480 the xor lesson does not fit: the first view says so.
    assert_true(gs_overlay(r.line[0], "lesson"));
    assert_int_equal((int)gs_num(r.line[0], "lesson_view.top"), 0);
    assert_true(gs_bool(r.line[0], "lesson_view.more_below"));
    assert_false(gs_bool(r.line[0], "lesson_view.more_above"));
    // Down scrolls a line and keeps the lesson open; the wheel 3 rows a notch.
    assert_true(gs_overlay(r.line[1], "lesson"));
    assert_int_equal((int)gs_num(r.line[1], "lesson_view.top"), 1);
    assert_true(gs_bool(r.line[1], "lesson_view.more_above"));
    assert_int_equal((int)gs_num(r.line[2], "lesson_view.top"), 1 + 3 * 3); // 3 rows a notch
    // PgDn reaches the end: the last row drawn is the legend's last line.
    assert_true(gs_overlay(r.line[3], "lesson"));
    assert_false(gs_bool(r.line[3], "lesson_view.more_below"));
    int rows = (int)gs_num(r.line[3], "lesson_view.rows"), vis = (int)gs_num(r.line[3], "lesson_view.visible");
    assert_int_equal((int)gs_num(r.line[3], "lesson_view.top"), rows - vis);
    assert_non_null(strstr(gs_str(r.line[3], "lesson_view.last_row"), "positive/negative weights"));
    assert_true((int)gs_num(r.line[4], "lesson_view.top") < rows - vis);
    gs_free(&r);
}

static void the_help_lists_the_lesson_scroll_keys(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at 3 key h\nat 5 state\nat 6 quit\n", "experiments/xor/xor.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 1);
    assert_non_null(strstr(r.line[0], "\"Up Down\""));
    assert_non_null(strstr(r.line[0], "\"PgUp PgDn\""));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_lesson_scrolls_to_its_last_line_with_a_more_sign),
        cmocka_unit_test(the_help_lists_the_lesson_scroll_keys),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#else
static void gui_not_built(void **state)
{
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(gui_not_built)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
