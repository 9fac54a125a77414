// How closing the window logs the run it shows, by one rule: a run with no
// end in the window (steering; evolving on past its limit with E or J) is
// finished, stop reason 'closed'; a run short of its limit is interrupted.
// E then Esc turned a run that had finished at its limit "interrupted",
// and the help's Esc line said "an unfinished run is logged as
// interrupted" in steering too, whose runs the window logs finished. The
// help now says, of the run shown, what closing does to it: also of a run
// stored at its goal (it said "not logged"), of one with no generation yet
// (closing leaves no run) and with --no-log.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// The window opened with args and a scratch database runs keys, then opens
// the help at frame at, prints a state line, closes the help and quits with
// Esc. Returns the help's Esc line; the database's path into db.
static const char *close_with_esc(const char *keys, int at, const char *args, const char **db)
{
    static char path[512];
    gt_fresh_db(path, sizeof path, "close.db");
    *db = path;
    gs_run r;
    gt_script(&r,
              gt_fmt("%sat %d key h\nat %d state\nat %d key escape\nat %d key escape\n", keys, at, at + 2, at + 3,
                     at + 4),
              gt_fmt("%s --db '%s'", args, path), 1);
    static char help[1200];
    snprintf(help, sizeof help, "%s", gt_help_text(r.line[0], "Esc"));
    gs_free(&r);
    return help;
}

static const char *ANTS3 = "experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 "
                           "--set ants.count=12";

// The one run's status and stop reason in the database db are these, after
// gens generations.
static void logged(const char *db, const char *status, const char *reason, int gens)
{
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
    double same = gt_db_number(db, gt_fmt("SELECT status = '%s' AND coalesce(stop_reason, '') = '%s'"
                                          " FROM runs", status, reason));
    if (same != 1)
        fail_msg("the run is not logged %s (stop reason '%s'): status %s", status, reason,
                 gt_db_number(db, "SELECT status = 'interrupted' FROM runs") == 1 ? "interrupted" : "other");
    assert_int_equal((int)gt_db_number(db, "SELECT count(*) FROM generations"), gens);
}

static void e_past_the_limit_then_esc_is_finished_closed(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("at 2 key f\nat gen 3 key e\nat gen 5 key space\n", 300, ANTS3, &db);
    if (!strstr(help, "logged finished")) fail_msg("the help's Esc line: '%s'", help);
    logged(db, "finished", "closed", 5);
    // alife show says why it stopped in generations, not steering's report periods.
    char out[4096] = "";
    gt_alife_says(gt_fmt("show 1 --db '%s'", db), out, sizeof out);
    if (!strstr(out, "closed in the window after 5 generations")) fail_msg("alife show says:\n%s", out);
}

// J on past the old limit, Space on the way (at its target the run ends
// as at its limit: test_gui_jump_end).
static void j_past_the_limit_then_esc_is_finished_closed(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc(
        "at 2 key f\nat gen 3 key j\nat gen 3 type \"60\"\nat gen 3 key return\nat gen 5 key space\n", 300, ANTS3,
        &db);
    if (!strstr(help, "logged finished") || !strstr(help, "past its limit")) fail_msg("the help's Esc line: '%s'", help);
    logged(db, "finished", "closed", 5);
}

static void short_of_its_limit_esc_is_interrupted(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("at gen 2 key space\n", 100,
                                      "experiments/ants/default.ini --set ants.ticks=120 --set ants.count=12", &db);
    if (!strstr(help, "logged interrupted")) fail_msg("the help's Esc line: '%s'", help);
    logged(db, "interrupted", "interrupted", 2);
}

static void steering_help_says_finished(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("at gen 2 key space\n", 300, "experiments/steering/seek.ini", &db);
    if (!strstr(help, "logged finished") || strstr(help, "interrupted")) fail_msg("the help's Esc line: '%s'", help);
    logged(db, "finished", "closed", 2);
}

// A run that reached its goal is stored finished, its log closed: the
// Esc line said "(this run is not logged)" of it.
static void at_its_goal_esc_says_the_run_is_stored_finished(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("at 2 key f\n", 200, "experiments/estrings/hello.ini", &db);
    if (!strstr(help, "run 1 is stored, finished") || strstr(help, "not logged"))
        fail_msg("the help's Esc line: '%s'", help);
    assert_true(gt_db_number(db, "SELECT status = 'finished' AND stop_reason = 'solved' FROM runs") == 1);
}

// Closed before its first generation the run leaves no row (end_session):
// the Esc line said it would be "logged interrupted".
static void before_its_first_generation_esc_leaves_no_run(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("", 3, ANTS3, &db);
    if (!strstr(help, "leaves no run") || strstr(help, "interrupted")) fail_msg("the help's Esc line: '%s'", help);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 0);
}

// "not logged" is said with --no-log, and says so.
static void with_no_log_esc_says_not_logged(void **state)
{
    (void)state;
    const char *db;
    const char *help = close_with_esc("at 2 key f\n", 200, "--no-log experiments/estrings/hello.ini", &db);
    if (!strstr(help, "not logged: --no-log")) fail_msg("the help's Esc line: '%s'", help);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(e_past_the_limit_then_esc_is_finished_closed),
        cmocka_unit_test(j_past_the_limit_then_esc_is_finished_closed),
        cmocka_unit_test(short_of_its_limit_esc_is_interrupted),
        cmocka_unit_test(steering_help_says_finished),
        cmocka_unit_test(at_its_goal_esc_says_the_run_is_stored_finished),
        cmocka_unit_test(before_its_first_generation_esc_leaves_no_run),
        cmocka_unit_test(with_no_log_esc_says_not_logged),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
