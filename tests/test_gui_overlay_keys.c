// A key that closes an overlay does only that, for the help and the lesson
// alike (trial T12): with the lesson (L) open, 2 closed it and switched to
// the strings mode too, while the help overlay swallowed its closing key.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// Opens the overlay with open_key, presses key, checks the overlay closed
// and nothing else changed; then the same key does its job.
static void closing_key_does_only_that(const char *open_key, const char *overlay, const char *key)
{
    char script[512];
    snprintf(script, sizeof script,
             "at 5 key %s\nat 6 state\nat 7 key %s\nat 8 state\nat 9 key %s\nat 10 state\nat 11 quit\n", open_key,
             key, key);
    gs_run r;
    gt_script(&r, script, "--no-log", 3);
    if (!gs_overlay(r.line[0], overlay)) fail_msg("%s did not open the %s", open_key, overlay);
    const char *after = r.line[1];
    if (gs_overlay(after, overlay)) fail_msg("%s did not close the %s", key, overlay);
    char mode0[32];
    snprintf(mode0, sizeof mode0, "%s", gs_str(r.line[0], "mode"));
    if (strcmp(gs_str(after, "mode"), mode0) != 0)
        fail_msg("%s closed the %s and switched to %s", key, overlay, gs_str(after, "mode"));
    assert_true(gs_bool(after, "paused") == gs_bool(r.line[0], "paused"));
    assert_true(gs_bool(after, "forever") == gs_bool(r.line[0], "forever"));
    assert_false(gs_overlay(after, "help") || gs_overlay(after, "lesson")); // H in the lesson opens no help
    // pressed again, with no overlay open, the key works
    const char *again = r.line[2];
    bool changed = strcmp(gs_str(again, "mode"), mode0) != 0 || gs_bool(again, "paused") != gs_bool(after, "paused") ||
                   gs_bool(again, "forever") != gs_bool(after, "forever") || gs_overlay(again, "help") ||
                   gs_overlay(again, "lesson");
    if (!changed) fail_msg("%s did nothing with no overlay open", key);
    gs_free(&r);
}

static void two_closes_the_lesson_only(void **state)
{
    (void)state;
    closing_key_does_only_that("l", "lesson", "2");
}

static void two_closes_the_help_only(void **state)
{
    (void)state;
    closing_key_does_only_that("h", "help", "2");
}

// (Space does not close them: it pauses the run behind them, test_gui_overlay_run.c.)
static void e_closes_the_lesson_only(void **state)
{
    (void)state;
    closing_key_does_only_that("l", "lesson", "e");
}

static void e_closes_the_help_only(void **state)
{
    (void)state;
    closing_key_does_only_that("h", "help", "e");
}

static void h_closes_the_lesson_only(void **state)
{
    (void)state;
    closing_key_does_only_that("l", "lesson", "h");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_closes_the_lesson_only), cmocka_unit_test(two_closes_the_help_only),
        cmocka_unit_test(e_closes_the_lesson_only), cmocka_unit_test(e_closes_the_help_only),
        cmocka_unit_test(h_closes_the_lesson_only),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
