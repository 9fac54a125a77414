// A strings target's error goes once it is old news (trial T13): T, empty
// target, Enter showed "The target is empty..."; after T, "abc", Esc and
// then J 50 it was still under Target. Now it is cleared when the target is
// edited (T) or the edit cancelled, and when the run has moved on. A refused
// target keeps the box open with what was typed (trial8: it closed, reset, and
// T had to be pressed again): typing in it is the edit that clears the error.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static const char *const args = "--no-log experiments/estrings/hello.ini";
static const char *const empty_target = "at 5 key t\nat 6 key return\nat 7 state\n";

static void assert_said(const char *line, bool said)
{
    const char *note = gs_str(line, "view_note");
    if (said != (strstr(note, "The target is empty") != NULL))
        fail_msg("the note is '%s' (%s expected)", note, said ? "the empty target's error" : "none");
}

static void the_trials_sequence_clears_it(void **state)
{
    (void)state;
    char script[512];
    snprintf(script, sizeof script,
             "%sat 10 type \"abc\"\nat 12 key escape\nat 13 state\n"
             "at 14 key j\nat 15 type \"50\"\nat 16 key return\nat gen 50 state\nat gen 50 quit\n",
             empty_target);
    gs_run r;
    gt_script(&r, script, args, 3);
    assert_said(r.line[0], true);
    assert_said(r.line[1], false);
    assert_said(r.line[2], false);
    gs_free(&r);
}

static void an_edit_clears_it_and_the_box_stays_open(void **state)
{
    (void)state;
    char script[512];
    snprintf(script, sizeof script, "%sat 10 type \"a\"\nat 11 state\nat 12 quit\n", empty_target);
    gs_run r;
    gt_script(&r, script, args, 2);
    assert_said(r.line[0], true);
    assert_int_equal((int)gs_num(r.line[0], "figures.typing"), 1); // refused: still open, empty
    assert_int_equal((int)gs_num(r.line[0], "figures.typed_bytes"), 0);
    assert_said(r.line[1], false);
    assert_int_equal((int)gs_num(r.line[1], "figures.typed_bytes"), 1); // typed on, no T again
    gs_free(&r);
}

static void a_jump_clears_it(void **state)
{
    (void)state;
    char script[512];
    snprintf(script, sizeof script,
             "%sat 7 click 300 600\nat 8 key j\nat 9 type \"50\"\nat 10 key return\nat gen 50 state\nat gen 50 quit\n",
             empty_target);
    gs_run r;
    gt_script(&r, script, args, 2);
    assert_said(r.line[0], true);
    assert_said(r.line[1], false);
    gs_free(&r);
}

static void it_stays_while_it_is_news(void **state)
{
    (void)state;
    char script[512]; // a second at the opening speed: a few generations
    snprintf(script, sizeof script, "%sat 67 state\nat 68 quit\n", empty_target);
    gs_run r;
    gt_script(&r, script, args, 2);
    assert_said(r.line[0], true);
    assert_said(r.line[1], true);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_trials_sequence_clears_it),
        cmocka_unit_test(an_edit_clears_it_and_the_box_stays_open),
        cmocka_unit_test(a_jump_clears_it),
        cmocka_unit_test(it_stays_while_it_is_news),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
