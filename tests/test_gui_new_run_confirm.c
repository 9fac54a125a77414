// A key that throws away an evolved run asks first (trial: a single A, meant
// for the closed compare picker, ended an evolved ants run and started a new
// one at generation 0). Once the run has a generation, the first press of A,
// O, X, R (ants) or P (strings' population) only says so on the strip and
// the run goes on, nothing new in the database; a second press of the same
// key does it; any other key between them keeps the run.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "gui_script.h"

// The ants run logged in a fresh database (db), evolving: keys (script
// lines) at generation 1, then a state line at generation 1 (of the new
// run, if there is one) and one at frame 300.
static void ants_keys(gs_run *r, char *db, size_t cap, const char *name, const char *keys)
{
    gt_fresh_db(db, cap, name);
    gt_script(r, gt_fmt("at gen 1 state\n%sat gen 1 state\nat 300 state\nat 301 quit\n", keys),
              gt_fmt("experiments/ants/default.ini --set ants.ticks=150 --set ants.count=12 --db '%s'", db), 3);
}

static void one_press(const char *key, const char *words)
{
    char db[512];
    gs_run r;
    ants_keys(&r, db, sizeof db, "confirm_one.db", gt_fmt("at gen 1 key %s\n", key));
    const char *m = gs_str(r.line[1], "message");
    if (!strstr(m, "again within 4 s to do it") || !strstr(m, words) || !strstr(m, "keep this run"))
        fail_msg("%s: the strip does not ask: '%s'", key, m);
    // the same run goes on (its generations count on), its settings kept, none new
    if (gs_num(r.line[2], "generation") <= gs_num(r.line[1], "generation"))
        fail_msg("%s: the run did not go on: generation %g then %g", key, gs_num(r.line[1], "generation"),
                 gs_num(r.line[2], "generation"));
    assert_true(gt_value(r.line[2], "ants").value == 12);
    assert_true(gs_num(r.line[2], "seed") == gs_num(r.line[0], "seed"));
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
}

// Two presses: the new run (its ant count or seed changed), logged beside the first.
static void two_presses(const char *key, double ants, double seed)
{
    char db[512];
    gs_run r;
    ants_keys(&r, db, sizeof db, "confirm_two.db", gt_fmt("at gen 1 key %s\nat gen 1 key %s\n", key, key));
    if (gt_value(r.line[1], "ants").value != ants || gs_num(r.line[1], "seed") != seed)
        fail_msg("%s twice: not the new run: %s", key, r.line[1]);
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 2);
}

static void one_a_keeps_the_evolved_run(void **state)
{
    (void)state;
    one_press("a", "the ant count and starts a new run: press A again");
}

static void one_o_x_or_r_keeps_the_evolved_run(void **state)
{
    (void)state;
    one_press("o", "the food items");
    one_press("x", "the mines");
    one_press("r", "press R again");
}

static void a_twice_starts_the_new_run(void **state)
{
    (void)state;
    two_presses("a", 14, 1);
}

static void r_twice_starts_the_new_run(void **state)
{
    (void)state;
    two_presses("r", 12, 2);
}

static void another_key_between_keeps_the_run(void **state)
{
    (void)state;
    char db[512];
    gs_run r;
    ants_keys(&r, db, sizeof db, "confirm_other.db", "at gen 1 key a\nat gen 1 key tab\nat gen 1 key a\n");
    if (!strstr(gs_str(r.line[1], "message"), "press A again"))
        fail_msg("A, Tab, A: the last A does not ask: '%s'", gs_str(r.line[1], "message"));
    assert_true(gt_value(r.line[2], "ants").value == 12);
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
}

static void strings_population_asks_too(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at gen 2 key p\nat gen 2 state\nat gen 2 key p\nat gen 1 state\nat 300 quit\n",
              "--no-log experiments/estrings/hello.ini", 2);
    if (!strstr(gs_str(r.line[0], "message"), "changes the population and starts a new run"))
        fail_msg("one P: %s", gs_str(r.line[0], "message"));
    double p0 = gt_value(r.line[0], "population").value, p1 = gt_value(r.line[1], "population").value;
    if (!(p1 > p0)) fail_msg("P twice: the population %g then %g", p0, p1);
    gs_free(&r);
}

// A wheel notch on a "(a new run)" value never throws an evolved run away
// (a trial's notch meant to scroll the panel dropped a 4-generation run).
static void the_wheel_on_a_new_run_value_keeps_the_run(void **state)
{
    (void)state;
    char db[512];
    gs_run r;
    ants_keys(&r, db, sizeof db, "confirm_wheel0.db", "");
    gt_value_box food = {0, 0, 0, 0, 0};
    if (!gt_has_value(r.line[1], "food", &food)) fail_msg("no food value: %s", r.line[1]);
    gs_free(&r);
    ants_keys(&r, db, sizeof db, "confirm_wheel.db",
              gt_fmt("at gen 1 scroll %d %d -1\n", food.x + food.w / 2, food.y + food.h / 2));
    if (!strstr(gs_str(r.line[2], "message"), "the wheel and drags leave this run alone"))
        fail_msg("the wheel on food: '%s'", gs_str(r.line[2], "message"));
    assert_true(gs_num(r.line[2], "generation") > gs_num(r.line[1], "generation"));
    assert_true(gt_value(r.line[2], "food").value == food.value);
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
}

// Past the limit (E) the living population is still at stake: A asks first.
static void a_after_e_asks_too(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 2 key e\nat gen 3 key a\nat gen 3 state\nat 200 state\nat 201 quit\n",
              "experiments/ants/default.ini --set run.generations=2 --set ants.ticks=150 --set ants.count=12 --no-log",
              2);
    if (!strstr(gs_str(r.line[0], "message"), "press A again"))
        fail_msg("A after E does not ask: '%s'", gs_str(r.line[0], "message"));
    assert_true(gs_num(r.line[1], "generation") >= 3);
    assert_true(gt_value(r.line[1], "ants").value == 12);
    gs_free(&r);
}

// A script's messages live by its frames, not the wall clock: ten seconds
// are 600 frames however fast (paused, offscreen) or slow (a loaded machine)
// they are drawn, so a `state` never races the clock.
static void a_scripts_message_lives_600_frames(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key space\nat 3 key e\nat 598 state\nat 610 state\nat 611 quit\n",
              "experiments/ants/default.ini --no-log", 2);
    if (!strstr(gs_str(r.line[0], "message"), "without a generation limit"))
        fail_msg("E said nothing, or its words ran out early: '%s'", gs_str(r.line[0], "message"));
    if (gs_str(r.line[1], "message")[0])
        fail_msg("600 frames on the message is still there: '%s'", gs_str(r.line[1], "message"));
    gs_free(&r);
}

// The prompt says its time limit, and leaves the strip as the limit ends
// (trial 8: "press A again to do it" stood 10 s, past its 4 s).
static void the_prompt_says_its_time_and_leaves_with_it(void **state)
{
    (void)state;
    char db[512];
    gs_run r;
    ants_keys(&r, db, sizeof db, "confirm_time.db", "at gen 1 key a\n");
    const char *m = gs_str(r.line[1], "message");
    if (!strstr(m, "press A again within 4 s to do it")) fail_msg("the prompt says no time: '%s'", m);
    double left = gs_num(r.line[1], "message_seconds");
    if (!(left > 0 && left <= 4.0)) fail_msg("the prompt stays %g s on the strip, its limit 4 s", left);
    gs_free(&r);
}

// Before a generation is done nothing is at stake: the first press acts at
// once, and the strip says so and why, for R as for A.
static void a_or_r_before_a_generation_acts_at_once_and_says_why(void **state)
{
    (void)state;
    const char *keys[] = {"a", "r"};
    for (int i = 0; i < 2; ++i) {
        gs_run r;
        gt_script(&r, gt_fmt("at 5 key %s\nat 6 state\nat 7 quit\n", keys[i]),
                  "experiments/ants/default.ini --set ants.ticks=150 --set ants.count=12 --no-log", 1);
        const char *m = gs_str(r.line[0], "message");
        if (!strstr(m, "at once, not asked first: no generation of its run was done yet"))
            fail_msg("%s at tick 5: the strip does not say why it acted at once: '%s'", keys[i], m);
        assert_true(gt_value(r.line[0], "ants").value == (i == 0 ? 14 : 12));
        assert_true(gs_num(r.line[0], "seed") == (i == 0 ? 1 : 2));
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_a_keeps_the_evolved_run),
        cmocka_unit_test(one_o_x_or_r_keeps_the_evolved_run),
        cmocka_unit_test(a_twice_starts_the_new_run),
        cmocka_unit_test(r_twice_starts_the_new_run),
        cmocka_unit_test(another_key_between_keeps_the_run),
        cmocka_unit_test(strings_population_asks_too),
        cmocka_unit_test(the_wheel_on_a_new_run_value_keeps_the_run),
        cmocka_unit_test(a_after_e_asks_too),
        cmocka_unit_test(a_scripts_message_lives_600_frames),
        cmocka_unit_test(the_prompt_says_its_time_and_leaves_with_it),
        cmocka_unit_test(a_or_r_before_a_generation_acts_at_once_and_says_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
