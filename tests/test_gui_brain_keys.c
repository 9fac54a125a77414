// alife gui --brain FILE replays the file's generation and evolves nothing
// (trial T2): B showed "LIMIT: 0 generations - the population of generation
// 0" (a fresh random generation, not the file's) and E started evolving
// from generation 0. Now B replays the file's generation again from its
// first tick, and E, J and Shift+N are refused with a message saying why.
// The help lists only the keys that work here, Space says PAUSED, N steps
// the replay a tick and the first I opens the brain.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// A stored 6-generation ants run exported as generation 5's brain file;
// its path is copied into path.
static void brain_file(char *path, size_t cap)
{
    char db[512];
    gt_brain_file(db, sizeof db, path, cap, "brain_keys", 6);
}

// The script run in a --brain window of brain_file's file, its n state lines in r.
static void brain_script(gs_run *r, const char *script, int n)
{
    char path[512];
    brain_file(path, sizeof path);
    gt_script(r, script, gt_fmt("--brain '%s'", path), n);
}

static void b_replays_the_files_generation_again(void **state)
{
    (void)state;
    char path[512], args[600];
    brain_file(path, sizeof path);
    snprintf(args, sizeof args, "--brain '%s'", path);
    gs_run r;
    gt_script(&r,
              "at 1 state\n"
              "at 40 state\n"
              "at 41 key b\n"
              "at 42 state\n"
              "at 60 key b\n"
              "at 61 state\n"
              "at 62 quit\n",
              args, 4);
    for (int i = 0; i < 4; ++i) {
        if (!gs_bool(r.line[i], "replaying")) fail_msg("line %d: not replaying: %s", i, r.line[i]);
        assert_true(gs_num(r.line[i], "figures.replay_generation") == 5);
        assert_true(gs_num(r.line[i], "generation") == 5); // the file's, nothing evolved past it
        assert_null(strstr(gs_str(r.line[i], "banner"), "LIMIT"));
    }
    double t1 = gs_num(r.line[1], "figures.replay_tick");
    assert_true(t1 > 0);
    // B starts the file's generation again from its first tick
    assert_true(gs_num(r.line[2], "figures.replay_tick") < t1);
    assert_true(gs_num(r.line[3], "figures.replay_tick") < t1);
    gs_free(&r);
}

static void refused(const char *keys, const char *what)
{
    char path[512], args[600];
    brain_file(path, sizeof path);
    snprintf(args, sizeof args, "--brain '%s'", path);
    char script[400];
    snprintf(script, sizeof script, "%sat 30 state\nat 90 state\nat 91 quit\n", keys);
    gs_run r;
    gt_script(&r, script, args, 2);
    for (int i = 0; i < 2; ++i) {
        assert_true(gs_num(r.line[i], "generation") == 5);
        if (!gs_bool(r.line[i], "replaying")) fail_msg("%s: line %d not replaying: %s", what, i, r.line[i]);
        assert_true(gs_num(r.line[i], "figures.replay_generation") == 5);
    }
    const char *m = gs_str(r.line[0], "message");
    if (!strstr(m, "brain file") || !strstr(m, "evolves nothing"))
        fail_msg("%s: the message does not say why: '%s'", what, m);
    gs_free(&r);
}

static void e_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key e\n", "E");
}

static void j_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key j\nat 11 type \"9\"\nat 12 key return\n", "J 9");
}

static void shift_n_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key shift+n\n", "Shift+N");
}

// The window opens with the best ant marked and its brain closed, as at
// the limit, so the first I opens it: the window opened with the brain open
// and the first I closed it (the second opened it).
static void the_first_i_opens_the_brain(void **state)
{
    (void)state;
    gs_run r;
    brain_script(&r, "at 5 state\nat 6 key i\nat 7 state\nat 8 quit\n", 2);
    if (gs_overlay(r.line[0], "brain")) fail_msg("the brain is open before I: %s", r.line[0]);
    double marked = gs_num(r.line[0], "figures.marked");
    assert_true(marked >= 0);
    if (!gs_overlay(r.line[1], "brain")) fail_msg("the first I did not open the brain: %s", r.line[1]);
    assert_true(gs_num(r.line[1], "selected") == marked);
    gs_free(&r);
}

// Space pauses the replay and says so as in every window (the banner kept
// "BRAIN FILE: ..."); N then runs it one tick (it did nothing).
static void space_shows_paused_and_n_steps_one_tick(void **state)
{
    (void)state;
    gs_run r;
    brain_script(&r, "at 5 key space\nat 7 state\nat 8 key n\nat 10 state\nat 11 quit\n", 2);
    assert_true(gs_bool(r.line[0], "paused"));
    const char *b = gs_str(r.line[0], "banner");
    if (strncmp(b, "PAUSED", 6) != 0 || !strstr(b, "brain file")) fail_msg("the banner: '%s'", b);
    assert_true(gs_num(r.line[1], "figures.replay_tick") == gs_num(r.line[0], "figures.replay_tick") + 1);
    assert_true(gs_bool(r.line[1], "paused"));
    gs_free(&r);
}

// The help lists the keys that work in the replay and no other: not E, J,
// Shift+N, F or Tab (nothing evolves), nor the view's M, P, [ ]; B says what
// it does here.
static void the_help_lists_only_the_keys_that_work(void **state)
{
    (void)state;
    gs_run r;
    brain_script(&r, "at 5 key h\nat 7 state\nat 8 key escape\nat 9 quit\n", 1);
    const char *l = r.line[0];
    static const char *const idle[] = {"E", "J", "Shift+N", "F", "Tab", "M", "P", "[ ]"};
    for (size_t i = 0; i < sizeof idle / sizeof idle[0]; ++i)
        if (gt_help_text(l, idle[i])[0]) fail_msg("the help lists %s: %s", idle[i], gt_help_text(l, idle[i]));
    static const char *const work[] = {"Space", "N", "+ -", "R", "C", "L", "Esc", "A", "G", "click", "I", "B"};
    for (size_t i = 0; i < sizeof work / sizeof work[0]; ++i)
        if (!gt_help_text(l, work[i])[0]) fail_msg("the help leaves out %s", work[i]);
    if (!strstr(gt_help_text(l, "B"), "brain file")) fail_msg("B: '%s'", gt_help_text(l, "B"));
    if (!strstr(gs_str(l, "help_title"), "brain file")) fail_msg("the title: '%s'", gs_str(l, "help_title"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(b_replays_the_files_generation_again),
        cmocka_unit_test(e_is_refused_with_a_reason),
        cmocka_unit_test(j_is_refused_with_a_reason),
        cmocka_unit_test(shift_n_is_refused_with_a_reason),
        cmocka_unit_test(the_first_i_opens_the_brain),
        cmocka_unit_test(space_shows_paused_and_n_steps_one_tick),
        cmocka_unit_test(the_help_lists_only_the_keys_that_work),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
