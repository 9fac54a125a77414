// C opens a picker that says why it is empty and how to fill it (trial T9):
// in steering it showed "0 runs, 0 ticked; curves: best of each generation"
// and nothing else. Now an empty list says there is no other run of the
// mode in the database and which command makes one; steering's words are
// its report periods', never generations.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static void why_empty(const char *args, char *out, size_t cap)
{
    gs_run r;
    gt_script(&r, "at 5 key c\nat 6 state\nat 7 key c\nat 8 state\nat 9 quit\n", args, 2);
    assert_true(gs_overlay(r.line[0], "compare"));
    assert_true(gs_num(r.line[0], "compare.listed") == 0);
    assert_true(gs_text(r.line[0], "compare.why_empty", out, cap));
    char closed[64];
    assert_true(gs_text(r.line[1], "compare.why_empty", closed, sizeof closed));
    assert_string_equal(closed, ""); // closed: nothing to explain
    gs_free(&r);
}

// The arguments that open lesson on a fresh (removed) scratch database
// named db_name, its path into db.
static void fresh_db_args(char *args, size_t cap, char *db, size_t db_cap, const char *db_name, const char *lesson)
{
    gt_fresh_db(db, db_cap, db_name);
    snprintf(args, cap, "--db '%s' %s", db, lesson);
}

static void steering_says_why_and_how(void **state)
{
    (void)state;
    char db[512], args[700], why[600];
    fresh_db_args(args, sizeof args, db, sizeof db, "empty.db", "experiments/steering/boids.ini");
    why_empty(args, why, sizeof why);
    if (!strstr(why, "nothing to pick") || !strstr(why, "no other steering run with stored report periods") ||
        !strstr(why, "alife run experiments/steering/"))
        fail_msg("steering's empty picker says: '%s'", why);
    if (strstr(why, "generation")) fail_msg("steering's picker speaks of generations: '%s'", why);
}

// The command the empty picker names makes a run it lists.
static void the_named_command_fills_it(void **state)
{
    (void)state;
    char db[512], args[700];
    gt_stored_run(db, sizeof db, "filled.db", "experiments/steering/boids.ini --generations 3");
    snprintf(args, sizeof args, "--db '%s' experiments/steering/boids.ini", db);
    gs_run r;
    gt_script(&r, "at 5 key c\nat 6 state\nat 7 quit\n", args, 1);
    assert_true(gs_num(r.line[0], "compare.listed") == 1);
    char why[64];
    assert_true(gs_text(r.line[0], "compare.why_empty", why, sizeof why));
    assert_string_equal(why, "");
    gs_free(&r);
}

static void strings_say_how_too(void **state)
{
    (void)state;
    char db[512], args[700], why[600];
    fresh_db_args(args, sizeof args, db, sizeof db, "strings.db", "experiments/estrings/hello.ini");
    why_empty(args, why, sizeof why);
    if (!strstr(why, "no other estrings run") || !strstr(why, "alife run experiments/estrings/"))
        fail_msg("the strings' empty picker says: '%s'", why);
}

// A window closed after many generations left a run worth comparing: it is
// listed (the last trial found four such ants runs, 71-170 generations,
// hidden as "left window runs", the picker saying they stored nothing).
static void a_window_run_with_many_generations_is_listed(void **state)
{
    (void)state;
    char db[512], args[700];
    fresh_db_args(args, sizeof args, db, sizeof db, "left.db", // a target not reached in 12 generations: left
                  "experiments/estrings/hello.ini --set estrings.target=An_evolved_string_takes_time");
    gs_run r;
    gt_script(&r, "at 1 key j\nat 2 type \"12\"\nat 3 key return\nat gen 12 state\nat gen 12 quit\n", args, 1);
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs WHERE status = 'interrupted'") == 1);
    assert_true(gt_db_number(db, "SELECT count(*) FROM generations") >= 12);
    gt_script(&r, "at 5 key c\nat 6 state\nat 7 quit\n", args, 1);
    assert_true(gs_num(r.line[0], "compare.listed") == 1);
    assert_true(gs_num(r.line[0], "compare.hidden") == 0);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_says_why_and_how),
        cmocka_unit_test(a_window_run_with_many_generations_is_listed),
        cmocka_unit_test(the_named_command_fills_it),
        cmocka_unit_test(strings_say_how_too),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
