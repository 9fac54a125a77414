// The run-control words say the truth, through the --script harness:
//  - pole: + climbs from 1 control step a frame through more control steps
//    a frame (each best still plays out) before generations a frame (one +
//    went straight to "2 generations/frame"), and the speed line keeps
//    "(each best plays out)" when the window has the room (1600x1000; at
//    1280x800 those words go before the seed, as every mode's words do);
//  - J past the limit: the limit stays run.generations and the jump's
//    generation is a target ("paused gen 6 of 6", "LIMIT: 6 generations done"
//    of a run limited to 3), and `alife show` says why it stopped in words
//    (it printed "stopped   generations");
//  - the header's tick is the tick within the generation under way in a
//    run, a --from run and a replay alike (it counted from the run's start,
//    from the window's opening, and within the generation);
//  - F says "fastest" (strings said "1 gen/15 frames" while fast-forwarding);
//  - , and . (vehicles) undo each other exactly at every rung (21 -> 20 ->
//    22), and + and - walk the speed ladder the same both ways in every mode.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdlib.h>
#include <string.h>

static void pole_climbs_through_control_steps_before_generations(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 key =\nat 6 state\nat 7 key =\nat 9 state\nat 10 quit\n",
              "experiments/pole/double.ini --no-log --width 1600 --height 1000", 3);
    static const char *const want[3] = {"1 control step/frame (each best plays out)",
                                        "2 control steps/frame (each best plays out)",
                                        "5 control steps/frame (each best plays out)"};
    for (int i = 0; i < 3; ++i) {
        const char *line = gs_str(r.line[i], "speed_line");
        if (!strstr(line, want[i]) || gs_bool(r.line[i], "speed_line_cut"))
            fail_msg("press %d: the speed line at 1600x1000 reads '%s', not '%s'", i, line, want[i]);
        assert_true(gs_num(r.line[i], "play_steps") == (i == 0 ? 1 : i == 1 ? 2 : 5));
    }
    gs_free(&r);
}

// An ants run limited to 3 generations, logged to db, fast-forwarded to its
// limit, then J to 6: states at the target (paused) and after Space.
static void jumped_past_the_limit(gs_run *r, const char *db)
{
    gt_script(r,
              "at 2 key f\nat gen 3 state\nat 400 key j\nat 401 type \"6\"\nat 402 key return\n"
              "at gen 6 state\nat 450 key space\nat 460 state\nat 461 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 "
                     "--set ants.count=12",
                     db),
              3);
}

static void j_past_the_limit_keeps_the_limit_and_names_the_target(void **state)
{
    (void)state;
    char db[1024];
    gt_fresh_db(db, sizeof db, "target.db");
    gs_run r;
    jumped_past_the_limit(&r, db);
    const char *paused = gs_str(r.line[1], "header"), *done = gs_str(r.line[2], "banner");
    if (!strstr(paused, "gen 6, target 6 (limit 3)") || strstr(paused, "of 6"))
        fail_msg("paused at the J target 6 of a run limited to 3, the header reads '%s'", paused);
    if (strstr(done, "LIMIT: 6") || !strstr(done, "TARGET REACHED: 6 generations") || !strstr(done, "past the limit of 3"))
        fail_msg("after Space at the J target, the banner reads '%s'", done);
    assert_true(gs_num(r.line[2], "generations_limit") == 3);
    gs_free(&r);
    // `alife show`: why it stopped, in words
    char out[8192] = "";
    gt_alife_says(gt_fmt("show 1 --db '%s'", db), out, sizeof out);
    if (!strstr(out, "stopped   reached generation 6, the target jumped to (J in the window), past its limit "
                     "(run.generations = 3)"))
        fail_msg("alife show of a run J took past its limit says:\n%s", out);
}

// "tick N of 120" in s, N < 120; -1 if s has no such words.
static int tick_of_120(const char *s)
{
    const char *t = strstr(s, "tick ");
    if (!t || !strstr(t, " of 120")) return -1;
    return atoi(t + 5);
}

static void the_header_counts_ticks_within_the_generation_everywhere(void **state)
{
    (void)state;
    char db[1024];
    gt_stored_run(db, sizeof db, "ticks.db",
                  "experiments/ants/default.ini --generations 3 --set ants.ticks=120 --set ants.count=12");
    const char *ants = "experiments/ants/default.ini --set ants.ticks=120 --set ants.count=12 --set run.generations=3";
    gs_run r;
    // a run in its second generation, a --from run in its first in the
    // window (the stored run's second), the replay at the limit
    gt_script(&r, "at gen 1 state\nat 3 state\nat 4 quit\n", gt_fmt("%s --no-log", ants), 2);
    const char *run = gs_str(r.line[1], "header");
    int t = tick_of_120(run);
    if (t < 0 || t != (int)gs_num(r.line[1], "gen_tick") || gs_num(r.line[1], "tick") < 120)
        fail_msg("a run in generation %g at tick %g says '%s'", gs_num(r.line[1], "generation"),
                 gs_num(r.line[1], "tick"), run);
    gs_free(&r);
    gt_script(&r, "at 2 key space\nat 6 state\nat 7 quit\n", gt_fmt("--from 1:1 --db '%s'", db), 1);
    const char *from = gs_str(r.line[0], "header");
    if (tick_of_120(from) < 0) fail_msg("a --from run says '%s'", from);
    gs_free(&r);
    gt_script(&r, "at 2 key f\nat gen 3 state\nat 400 state\nat 401 quit\n", gt_fmt("%s --no-log", ants), 2);
    const char *replay = gs_str(r.line[1], "header");
    if (!strstr(replay, "replay") || tick_of_120(replay) < 0) fail_msg("the replay at the limit says '%s'", replay);
    gs_free(&r);
}

static void f_says_fastest_in_strings(void **state)
{
    (void)state;
    gs_run r;
    // hello.ini with a target and a limit far enough to take more than a
    // frame of F (its 5000 generations took one frame on a quick GA)
    gt_script(&r, "at 2 key f\nat 3 state\nat 4 quit\n",
              "experiments/estrings/hello.ini --no-log --set run.generations=100000000 --set 'estrings.target=Hello, "
              "World! Hello, strings, evolving one generation after another, and another, and another'",
              1);
    const char *line = gs_str(r.line[0], "speed_line");
    assert_true(gs_bool(r.line[0], "fast"));
    if (!strstr(line, "fastest") || strstr(line, "frames")) fail_msg("fast-forwarding, the speed line reads '%s'", line);
    gs_free(&r);
}

// Presses of key there, a state after each (n), then as many of key back,
// a state after each, in a window opened with args after the keys in
// first (a script's lines); words(state line) says what is on the rung.
// Going back passes the rungs going there, in reverse, one a press (where
// the ladder ends presses do nothing: those states repeat and are skipped;
// then the way back goes on past the start).
typedef void (*rung_words)(const char *json, char *out, size_t cap);
static void walk_both_ways(const char *args, const char *first, const char *there, const char *back, int n,
                           rung_words words)
{
    static char script[1 << 15];
    size_t at = (size_t)snprintf(script, sizeof script, "%s", first);
    int frame = 40;
    at += (size_t)snprintf(script + at, sizeof script - at, "at %d state\n", frame++);
    for (int k = 0; k < 2 * n; ++k, frame += 2)
        at += (size_t)snprintf(script + at, sizeof script - at, "at %d key %s\nat %d state\n", frame,
                               k < n ? there : back, frame + 1);
    snprintf(script + at, sizeof script - at, "at %d quit\n", frame);
    gs_run r;
    gt_script(&r, script, args, 2 * n + 1);
    static char up[128][400], down[128][400];
    int nu = 0, nd = 0;
    for (int i = 0; i <= n; ++i) { // the start, then the rungs going there
        words(r.line[i], up[nu], sizeof up[nu]);
        if (nu == 0 || strcmp(up[nu], up[nu - 1]) != 0) nu++;
    }
    for (int i = n; i <= 2 * n; ++i) { // coming back (past the start when the way there ended early)
        words(r.line[i], down[nd], sizeof down[nd]);
        if (nd == 0 || strcmp(down[nd], down[nd - 1]) != 0) nd++;
    }
    if (nd < nu) fail_msg("%s: %d rungs with %s, %d back with %s", args, nu, there, nd, back);
    for (int i = 0; i < nu; ++i)
        if (strcmp(up[nu - 1 - i], down[i]) != 0)
            fail_msg("%s: rung %d is '%s' with %s, '%s' back with %s", args, nu - 1 - i, up[nu - 1 - i], there,
                     down[i], back);
    gs_free(&r);
}

static void vehicle_count(const char *json, char *out, size_t cap)
{
    snprintf(out, cap, "%d vehicles", (int)gt_value(json, "vehicles").value);
}

static void comma_and_period_undo_each_other_at_every_rung(void **state)
{
    (void)state;
    // lessons of 12 to 200 vehicles: down to one vehicle and back, up thirty rungs and back
    static const char *const lessons[] = {"interpose", "seek", "flow_field"};
    for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; ++i) {
        const char *args = gt_fmt("experiments/steering/%s.ini --no-log", lessons[i]);
        walk_both_ways(args, "at 2 key space\n", ",", ".", 50, vehicle_count);
        walk_both_ways(args, "at 2 key space\n", ".", ",", 30, vehicle_count);
    }
    // the trial's case: 21 vehicles, , then .
    gs_run r;
    gt_script(&r, "at 2 key space\nat 3 state\nat 4 key ,\nat 5 state\nat 6 key .\nat 7 state\nat 8 quit\n",
              "experiments/steering/seek.ini --no-log --set steering.vehicles=21", 3);
    assert_int_equal((int)gt_value(r.line[0], "vehicles").value, 21);
    assert_int_equal((int)gt_value(r.line[1], "vehicles").value, 20);
    assert_int_equal((int)gt_value(r.line[2], "vehicles").value, 21);
    gs_free(&r);
}

// The rung's speed words: its figures and the speed line's first words.
static void speed_words(const char *json, char *out, size_t cap)
{
    char line[512];
    gs_text(json, "speed_line_full", line, sizeof line);
    char *end = strstr(line, "   ");
    if (end) *end = '\0';
    snprintf(out, cap, "%g %g %s", gs_num(json, "speed"), gs_num(json, "play_steps"), line);
}

static void plus_and_minus_walk_the_ladder_alike_both_ways_in_every_mode(void **state)
{
    (void)state;
    static const char *const lessons[] = {"steering/seek", "estrings/hello", "ants/default", "xor/xor", "pole/double"};
    // paused (nothing simulates at 10,000 ticks a frame), at the slowest rung
    static char slowest[1024];
    size_t at = (size_t)snprintf(slowest, sizeof slowest, "at 2 key space\n");
    for (int i = 0; i < 30; ++i)
        at += (size_t)snprintf(slowest + at, sizeof slowest - at, "at %d key -\n", 3 + i);
    for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; ++i)
        walk_both_ways(gt_fmt("experiments/%s.ini --no-log", lessons[i]), slowest, "=", "-", 30, speed_words);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pole_climbs_through_control_steps_before_generations),
        cmocka_unit_test(j_past_the_limit_keeps_the_limit_and_names_the_target),
        cmocka_unit_test(the_header_counts_ticks_within_the_generation_everywhere),
        cmocka_unit_test(f_says_fastest_in_strings),
        cmocka_unit_test(comma_and_period_undo_each_other_at_every_rung),
        cmocka_unit_test(plus_and_minus_walk_the_ladder_alike_both_ways_in_every_mode),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
