// F fast-forwards, paused or not, and the window says what it does (trial
// 8): F on a paused run said "fast-forward gen 0 of 500" under the PAUSED
// banner while nothing moved, paused and fast both true, also after
// --from RUN:GEN (which opens paused; a script's `at gen N` then hung); the
// speed line said "speed 10 ticks/frame" while F ran ~90 generations a
// minute. Now F runs a paused run on, fast; Space stops it there, paused,
// the world drawn; and the speed line says fast-forward and its rate.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// A small ants world: generations of 150 ticks, many of them a second.
#define ANTS_SET "--set ants.ticks=150 --set ants.count=12"
#define ANTS "--mode ants " ANTS_SET " --set run.generations=100000 --no-log"

// A state line fast-forwarding: not paused, no PAUSED banner, the header
// and the fast line saying it.
static void fast_forwarding(const char *l, const char *what)
{
    if (gs_bool(l, "paused") || !gs_bool(l, "fast")) fail_msg("%s: paused or not fast: %s", what, l);
    if (strstr(gs_str(l, "banner"), "PAUSED")) fail_msg("%s: the banner says PAUSED: %s", what, gs_str(l, "banner"));
    if (!strstr(gs_str(l, "header"), "fast-forward")) fail_msg("%s: header '%s'", what, gs_str(l, "header"));
}

static void f_on_a_paused_run_runs_it_fast(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 key space\nat 6 key F\nat 8 state\nat 60 state\nat 61 quit\n", ANTS, 2);
    fast_forwarding(r.line[0], "Space, F");
    if (!(gs_num(r.line[1], "generation") > gs_num(r.line[0], "generation")))
        fail_msg("Space, F: nothing moved: generation %g then %g", gs_num(r.line[0], "generation"),
                 gs_num(r.line[1], "generation"));
    gs_free(&r);
}

// Space (or N) under F stops it there: paused, the world drawn.
static void stops_f_paused(const char *key)
{
    gs_run r;
    gt_script(&r, gt_fmt("at 3 key F\nat 20 key %s\nat 21 state\nat 40 state\nat 41 quit\n", key), ANTS, 2);
    for (int i = 0; i < 2; ++i) {
        if (!gs_bool(r.line[i], "paused") || gs_bool(r.line[i], "fast")) fail_msg("F, %s: %s", key, r.line[i]);
        assert_string_equal(gs_str(r.line[i], "fast_line"), "");
    }
    assert_true(gs_num(r.line[1], "generation") == gs_num(r.line[0], "generation"));
    assert_non_null(strstr(gs_str(r.line[0], "banner"), "PAUSED"));
    gs_free(&r);
}

static void space_or_n_stops_f_paused_with_the_world_drawn(void **state)
{
    (void)state;
    stops_f_paused("space");
    stops_f_paused("n");
}

// --from RUN:GEN opens paused at GEN; F, the first key, runs on from there
// (a script's `at gen N` past it hung).
static void f_after_from_runs_on(void **state)
{
    (void)state;
    char db[512];
    gt_stored_run(db, sizeof db, "fast_from.db", "experiments/ants/default.ini " ANTS_SET " --generations 6");
    gs_run r;
    gt_script(&r, "at 2 state\nat 3 key F\nat 5 state\nat 40 state\nat 41 quit\n",
              gt_fmt("--from 1:3 --set run.generations=1000 --db '%s' --no-log", db), 3);
    if (!gs_bool(r.line[0], "paused") || gs_num(r.line[0], "generation") != 3)
        fail_msg("--from 1:3 does not open paused at 3: %s", r.line[0]);
    fast_forwarding(r.line[1], "--from, F");
    if (!(gs_num(r.line[2], "generation") > 3)) fail_msg("--from 1:3, F: still at generation 3: %s", r.line[2]);
    gs_free(&r);
}

// While F runs, the speed line says so and its rate in generations a second
// (it said "10 ticks/frame", a speed that was not running).
static void the_speed_line_says_fast_forward_and_its_rate(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 key F\nat 4 state\nat 90 state\nat 91 quit\n", ANTS, 2);
    for (int i = 0; i < 2; ++i) {
        const char *sl = gs_str(r.line[i], "speed_line_full");
        if (!strstr(sl, "fast-forward") || strstr(sl, "ticks/frame") || strstr(sl, "/frame"))
            fail_msg("line %d: the speed line under F: '%s'", i, sl);
    }
    // measured once it has run a second
    const char *sl = gs_str(r.line[1], "speed_line_full");
    if (!strstr(sl, "generations/s")) fail_msg("no rate after a while: '%s'", sl);
    double rate = strtod(strstr(sl, "fast-forward, ") + strlen("fast-forward, "), NULL);
    if (!(rate > 0)) fail_msg("rate %g: '%s'", rate, sl);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f_on_a_paused_run_runs_it_fast),
        cmocka_unit_test(space_or_n_stops_f_paused_with_the_world_drawn),
        cmocka_unit_test(f_after_from_runs_on),
        cmocka_unit_test(the_speed_line_says_fast_forward_and_its_rate),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
