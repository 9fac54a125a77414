// The help (H) in an alife gui --brain FILE window says only what is true
// there (issue 10 trial): under the banner "nothing evolves, nothing is
// logged" its foot said "Runs are logged like 'alife run' ones", and + -
// reached "1 to 5 whole generations a frame" in a replay of one generation
// (those rungs ran a quarter of it a frame, named "1 generation/frame").
// Now the foot says the replay is not logged (a new run, R, is), and the
// ladder, its help and the speed line stop at the fastest ticks a frame.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// A stored 6-generation ants run of 150 ticks a generation exported as
// generation 5's brain file, into path; db is the run database.
static void brain_file(char *db, size_t dcap, char *path, size_t cap)
{
    gt_brain_file(db, dcap, path, cap, "brain_help", 6);
}

static void the_foot_says_the_replay_is_not_logged(void **state)
{
    (void)state;
    char db[512], path[512];
    brain_file(db, sizeof db, path, sizeof path);
    gs_run r;
    gt_script(&r, "at 3 key h\nat 4 state\nat 5 quit\n", gt_fmt("--brain '%s' --db '%s'", path, db), 1);
    const char *l = r.line[0];
    if (!gs_overlay(l, "help")) fail_msg("no help open: %s", l);
    gt_needs("the banner", gs_str(l, "banner"), "nothing is logged");
    char note[200];
    if (!gs_text(l, "help_note", note, sizeof note)) fail_msg("no help_note in %s", l);
    if (strstr(note, "Runs are logged")) fail_msg("the foot says runs are logged: '%s'", note);
    gt_needs("the foot", note, "Nothing of this brain file's replay is logged");
    gt_needs("the foot", note, "a new run (R) is logged");
    gs_free(&r);
}

// Tab in a brain file's replay said "Tab: a brain file's replay (generation
// 5) evolves nothing", words about evolving for a key that plots (trial).
static void tab_says_there_is_nothing_to_plot(void **state)
{
    (void)state;
    char db[512], path[512];
    brain_file(db, sizeof db, path, sizeof path);
    gs_run r;
    gt_script(&r, "at 3 key tab\nat 4 state\nat 5 quit\n", gt_fmt("--brain '%s' --no-log", path), 1);
    char m[400];
    if (!gs_text(r.line[0], "message", m, sizeof m)) fail_msg("no message in %s", r.line[0]);
    if (strstr(m, "evolves nothing")) fail_msg("Tab is refused in words about evolving: '%s'", m);
    gt_needs("Tab's refusal", m, "nothing to plot");
    gt_needs("Tab's refusal", m, "one generation (5)");
    gs_free(&r);
}

static void plus_and_minus_say_the_replays_rungs(void **state)
{
    (void)state;
    char db[512], path[512];
    brain_file(db, sizeof db, path, sizeof path);
    // H, then + until the top: the strip says the fastest speed
    char script[600] = "at 3 key h\nat 4 state\nat 5 key escape\n";
    for (int f = 6; f < 26; ++f) snprintf(script + strlen(script), sizeof script - strlen(script), "at %d key plus\n", f);
    snprintf(script + strlen(script), sizeof script - strlen(script), "at 27 state\nat 28 quit\n");
    gs_run r;
    gt_script(&r, script, gt_fmt("--brain '%s' --no-log", path), 2);
    const char *help = gt_help_text(r.line[0], "+ -");
    if (!help[0]) fail_msg("no + - in the help: %s", r.line[0]);
    if (strstr(help, "generations a frame") || strstr(help, "whole generation"))
        fail_msg("the help offers whole generations in a replay of one: '%s'", help);
    gt_needs("+ -", help, "to 50 ticks a frame");
    gt_needs("+ -", help, "its one generation of 150 ticks");
    // the ladder has no rung of whole generations, and + stops at 50 ticks a frame
    const char *rungs = gs_find(r.line[1], "speed_rungs");
    const char *end = rungs ? strchr(rungs, ']') : NULL;
    const char *gen = rungs ? strstr(rungs, "generation") : NULL;
    if (gen && gen < end) fail_msg("a generation rung in a brain file's replay: %.300s", rungs);
    gt_needs("the speed line", gs_str(r.line[1], "speed_line"), "50 ticks/frame");
    gt_needs("the strip", gs_str(r.line[1], "message"), "fastest speed: 50 ticks/frame");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_foot_says_the_replay_is_not_logged),
        cmocka_unit_test(plus_and_minus_say_the_replays_rungs),
        cmocka_unit_test(tab_says_there_is_nothing_to_plot),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
