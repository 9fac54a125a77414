// The second teacher trial of the window (issue 10): each test one thing a
// fresh-eyed teacher found, driven through `alife gui --offscreen --script`
// and checked on the `state` lines (or on the shell's own functions).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>

#include "gui/shell.h"
#include "gui_script.h"
#include "png_count.h"

// ---- 1. the lesson overlay scrolls, and says when there is more -----------------------
static void the_lesson_scrolls_to_its_last_line_with_a_more_sign(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
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
              "experiments/xor/xor.ini", 5);
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
    assert_non_null(strstr(gs_str(r.line[3], "lesson_view.last_row"), "positive / negative weights"));
    assert_true((int)gs_num(r.line[4], "lesson_view.top") < rows - vis);
    gs_free(&r);
}

// The panel's "more below" sign and the lesson overlay's are one sign
// (al_shell_more_sign): the same strip with the same triangle, pixel for
// pixel (the lesson once said it in words only).
static void the_panel_and_the_lesson_draw_the_same_more_sign(void **state)
{
    (void)state;
    char panel_png[512], lesson_png[512];
    snprintf(panel_png, sizeof panel_png, "%s", gs_path("sign_panel.png"));
    snprintf(lesson_png, sizeof lesson_png, "%s", gs_path("sign_lesson.png"));
    gs_run r;
    gt_script(&r,
              gt_fmt("at 2 resize 720 480\nat 8 state\nat 8 shot %s\nat 9 key l\nat 12 state\nat 12 shot %s\n"
                     "at 13 quit\n",
                     panel_png, lesson_png),
              "experiments/xor/xor.ini", 2);
    assert_true(gs_bool(r.line[0], "scroll.sign")); // the panel has more below at 720x480
    assert_true(gs_bool(r.line[1], "lesson_view.more_below"));
    SDL_Rect p = gt_rect(r.line[0], "more_signs.in_panel"), l = gt_rect(r.line[1], "more_signs.in_lesson");
    assert_true(p.w > 0 && l.w > 0);
    assert_int_equal(p.h, l.h);
    // The strip's first 40 pixels hold the triangles (the words start after).
    SDL_Rect pt = {p.x, p.y, 40, p.h}, lt = {l.x, l.y, 40, l.h};
    int w, h;
    const SDL_Color warn = {250, 210, 90, 255}, strip = {40, 46, 60, 255};
    int pw = png_count_colour(panel_png, &pt, warn, 40, &w, &h);
    int lw = png_count_colour(lesson_png, &lt, warn, 40, &w, &h);
    int pb = png_count_colour(panel_png, &pt, strip, 4, &w, &h);
    int lb = png_count_colour(lesson_png, &lt, strip, 4, &w, &h);
    print_message("sign: panel %d warn %d strip px, lesson %d warn %d strip px\n", pw, pb, lw, lb);
    assert_true(pw > 10);
    assert_int_equal(pw, lw);
    assert_int_equal(pb, lb);
    gs_free(&r);
}

static void the_help_lists_the_lesson_scroll_keys(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 key h\nat 5 state\nat 6 quit\n", "experiments/xor/xor.ini", 1);
    assert_non_null(strstr(r.line[0], "\"Up Down\""));
    assert_non_null(strstr(r.line[0], "\"PgUp PgDn\""));
    gs_free(&r);
}

// ---- 2. no speed lands on a generation's empty first tick ----------------------------
static void a_generation_a_frame_shows_generations_under_way(void **state)
{
    (void)state;
    gs_run r;
    // From the ants view's 10 ticks a frame, 3 presses of + is 1 generation a
    // frame: of 200 ticks, the rung after 50 ticks a frame (from half a
    // generation a frame up the rungs are whole generations; 100 and 200 ticks
    // a frame were two rungs that both ran one).
    gt_script(&r,
              "at 2 key plus\nat 3 key plus\nat 4 key plus\n"
              // (late frames: actions whose frame has passed run on one frame, and a
              // slow build needs a few frames per generation before the length is known)
              "at 300 state\nat 301 state\nat 302 state\nat 303 state\nat 304 quit\n",
              "experiments/ants/default.ini --set ants.ticks=200 --set run.generations=1000", 4);
    int at_start = 0;
    for (int i = 0; i < 4; ++i) {
        assert_int_equal((int)gs_num(r.line[i], "gens_per_frame"), 1);
        assert_non_null(strstr(gs_str(r.line[i], "speed_line"), "1 generation/frame"));
        at_start += (int64_t)gs_num(r.line[i], "tick") % 200 == 0;
        if (i) assert_true(gs_num(r.line[i], "tick") > gs_num(r.line[i - 1], "tick"));
    }
    assert_true(at_start <= 1); // (a frame cut by its time budget may end anywhere)
    gs_free(&r);
}

static void at_the_limit_the_replay_moves_at_the_fastest_speed(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 2 key plus\nat 3 key plus\nat 4 key plus\nat 5 key plus\n"
              "at gen 6 state\nat 300 state\nat 301 state\nat 302 state\nat 303 quit\n",
              gt_fmt("experiments/ants/default.ini --set ants.ticks=200 --set run.generations=6 --db '%s'",
                     gs_path("limit.db")),
              4);
    assert_true(gs_bool(r.line[1], "finished"));
    assert_true(gs_bool(r.line[1], "replaying"));
    double t1 = gs_num(r.line[1], "figures.replay_tick"), t2 = gs_num(r.line[2], "figures.replay_tick"),
           t3 = gs_num(r.line[3], "figures.replay_tick");
    assert_true(t1 != t2 && t2 != t3); // the old shell: 200 ticks a frame of a 200-tick loop, stuck
    gs_free(&r);
}

// ---- 3. keys act at the fastest speed and in fast-forward -----------------------------
static void keys_act_within_frames_at_the_fastest_speed_on_mines(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 2 key plus\nat 3 key plus\nat 4 key plus\nat 5 key plus\nat 6 key plus\nat 7 key plus\n"
              "at 8 key plus\nat 9 key plus\nat 10 key plus\nat 11 key f\n"
              "at 20 key h\nat 22 state\nat 23 key h\nat 25 state\nat 26 key f\nat 28 state\nat 29 quit\n",
              "experiments/ants/mines.ini --set ants.ticks=300 --set ants.count=40", 3);
    assert_true(gs_bool(r.line[0], "fast"));
    assert_true(gs_overlay(r.line[0], "help")); // two frames after H
    assert_false(gs_overlay(r.line[1], "help"));
    assert_false(gs_bool(r.line[2], "fast"));
    // The frame's ticks keep to a budget of wall time (reported, not asserted:
    // a loaded machine stretches any one tick).
    print_message("last update %.1f ms\n", gs_num(r.line[2], "update_ms"));
    gs_free(&r);
}

// ---- 4. an empty run ticked in the picker hides no other curve -------------------------
static void the_picker_skips_a_run_without_generations_and_draws_the_others(void **state)
{
    (void)state;
    char db[512];
    const char *cfg = "experiments/ants/default.ini --set ants.ticks=100";
    gt_stored_run(db, sizeof db, "picker.db", gt_fmt("%s --generations 3", cfg));
    // A run stopped before its first generation (a window run that finished
    // none leaves no row, so a headless one: run.steps within generation 0).
    gt_store_run(db, gt_fmt("%s --set run.steps=5", cfg));
    gs_run r;
    // The empty run is listed first (this window's own run is not), then the good one.
    gt_script(&r,
              "at 3 key c\nat 4 key a\nat 6 key space\nat 7 key down\nat 8 key space\n"
              "at 10 state\nat 11 quit\n",
              gt_fmt("%s --db '%s'", cfg, db), 1);
    assert_int_equal((int)gs_num(r.line[0], "compare.curves"), 1);
    assert_int_equal((int)gs_num(r.line[0], "compare.skipped"), 1);
    assert_non_null(strstr(gs_str(r.line[0], "compare.note"), "run 2: no generation stored"));
    gs_free(&r);
}

// ---- 5. a replay started while paused stays paused until Space -------------------------
static void b_while_paused_replays_only_once_space_runs_it(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at gen 2 key space\nat 40 key b\nat 45 state\nat 50 state\nat 51 key space\n"
              "at 56 state\nat 57 quit\n",
              gt_fmt("experiments/ants/default.ini --set ants.ticks=100 --db '%s'", gs_path("pause.db")), 3);
    for (int i = 0; i < 2; ++i) {
        assert_true(gs_bool(r.line[i], "paused"));
        assert_true(gs_bool(r.line[i], "replaying"));
        assert_non_null(strstr(gs_str(r.line[i], "banner"), "PAUSED"));
    }
    assert_true(gs_num(r.line[0], "figures.replay_tick") == gs_num(r.line[1], "figures.replay_tick"));
    assert_false(gs_bool(r.line[2], "paused"));
    assert_true(gs_num(r.line[2], "figures.replay_tick") != gs_num(r.line[1], "figures.replay_tick"));
    gs_free(&r);
}

// ---- 10. a steering run that did its report periods is logged finished -----------------
static void a_steering_run_past_its_generations_is_logged_finished(void **state)
{
    (void)state;
    char db[512];
    snprintf(db, sizeof db, "%s", gs_path("steer.db"));
    const char *args = gt_fmt("experiments/steering/seek.ini --set run.generations=2 --db '%s'", db);
    gs_run r;
    gt_script(&r, "at 2 key plus\nat 3 key plus\nat 4 key plus\nat gen 3 quit\n", args, 0);
    gs_free(&r);
    gt_script(&r, "at 2 quit\n", args, 0); // left before its first report period: no run
    gs_free(&r);
    assert_int_equal(gt_alife(gt_fmt("runs --db '%s'", db), "runs.txt"), 0);
    FILE *f = fopen(gs_path("runs.txt"), "r");
    assert_non_null(f);
    char line[512];
    int finished = 0, interrupted = 0;
    while (fgets(line, sizeof line, f)) {
        finished += strstr(line, " finished ") != NULL;
        interrupted += strstr(line, " interrupted ") != NULL;
    }
    fclose(f);
    assert_int_equal(finished, 1);    // the old shell: interrupted, always
    assert_int_equal(interrupted, 0); // and one cut short before a report leaves no run
}

// ---- 9. the lessons' figures are the window's ---------------------------------------
static void lesson_of(const char *rel, char *out, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/experiments/%s", ALIFE_SOURCE_DIR, rel);
    assert_true(al_lesson_text(path, out, cap) > 0);
    for (char *c = out; *c; ++c) // one paragraph: lines joined by spaces
        if (*c == '\n') *c = ' ';
}

// The figure fig of the first state line of a script that prints one.
static double first_state_figure(const char *args, const char *script, const char *fig)
{
    gs_run r;
    gt_script(&r, script, args, 1);
    double v = gs_num(r.line[0], gt_fmt("figures.%s", fig));
    gs_free(&r);
    return v;
}

static void the_lessons_figures_are_what_the_window_shows(void **state)
{
    (void)state;
    static char text[8192];
    // seek: the plotted nn distance starts where the lesson says (the first
    // report period's value; the lesson said ~33, the tick-0 value).
    lesson_of("steering/seek.ini", text, sizeof text);
    const char *p = strstr(text, "falls from ~");
    assert_non_null(p);
    double said = strtod(p + strlen("falls from ~"), NULL);
    double nn = first_state_figure("experiments/steering/seek.ini", "at gen 1 state\nat gen 1 quit\n", "nn_distance");
    print_message("seek: lesson ~%g, first plotted %g\n", said, nn);
    assert_true(fabs(said - nn) <= 0.15 * nn);
    // flee: three radii, three counts, each the window's at the start.
    lesson_of("steering/flee.ini", text, sizeof text);
    p = strstr(text, "count who reacts: ");
    assert_non_null(p);
    int want[3];
    assert_int_equal(sscanf(p, "count who reacts: %d, %d and %d", &want[0], &want[1], &want[2]), 3);
    assert_non_null(strstr(text, "fov_radius to 50, 150 (this file) and 400"));
    const int fov[3] = {50, 150, 400};
    for (int k = 0; k < 3; ++k) {
        char args[128];
        snprintf(args, sizeof args, "experiments/steering/flee.ini --set steering.fov_radius=%d", fov[k]);
        double got = first_state_figure(args, "at 0 state\nat 1 quit\n", "fleeing");
        print_message("flee, FOV %d: lesson %d, window %g\n", fov[k], want[k], got);
        assert_true(fabs(got - want[k]) <= 1 + 0.1 * want[k]);
    }
    // --set exercises say how to do them in the window (or that they are the CLI's).
    static const char *const sets[] = {"xor/xor.ini", "pole/single.ini", "pole/double.ini",
                                       "pole/double_novel.ini", "ants/default.ini", "ants/mines.ini",
                                       "ants/smart_sweepers.ini"};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; ++i) {
        lesson_of(sets[i], text, sizeof text);
        const char *try = strstr(text, "What to try");
        assert_non_null(try);
        if (!strstr(try, "`alife gui FILE")) fail_msg("%s: its 'What to try' does not say how in the window", sets[i]);
    }
}

// ---- 8. the lesson lists the marks the running config draws --------------------------
// The marks the lesson of config lists (decoded: one mark a line).
static void the_marks_of(const char *config, char *out, size_t cap)
{
    gs_run r;
    gt_script(&r, "at 3 key l\nat 5 state\nat 6 quit\n", config, 1);
    assert_true(gs_text(r.line[0], "marks", out, cap));
    gs_free(&r);
}

static void the_lessons_marks_are_those_the_config_draws(void **state)
{
    (void)state;
    char m[4096];
    the_marks_of("experiments/ants/default.ini", m, sizeof m);
    assert_non_null(strstr(m, "food"));
    assert_null(strstr(m, "a hit costs")); // no mines drawn: no mine explained as if it were
    the_marks_of("experiments/ants/mines.ini", m, sizeof m);
    assert_non_null(strstr(m, "red dots  mines"));
    the_marks_of("experiments/pole/single.ini", m, sizeof m);
    assert_non_null(strstr(m, "the pole (1 m)"));
    assert_null(strstr(m, "short pole"));
    the_marks_of("experiments/pole/double.ini", m, sizeof m);
    assert_non_null(strstr(m, "short pole"));
    the_marks_of("experiments/steering/seek.ini", m, sizeof m);
    assert_non_null(strstr(m, "the target"));
    assert_null(strstr(m, "flow field"));
    assert_null(strstr(m, "wander circle"));
    assert_null(strstr(m, "field of view"));
    assert_null(strstr(m, "the path"));
    the_marks_of("experiments/steering/flow_field.ini", m, sizeof m);
    assert_non_null(strstr(m, "flow field"));
    assert_null(strstr(m, "the target"));
}

static void a_legend_lines_condition_is_checked_and_not_shown(void **state)
{
    (void)state;
    alError err = {0};
    alConfigDef def = alDefaultConfigDef();
    def.path = "t.ini";
    def.text = "[run]\nmodule = ants\n[ants]\nmines = false\n";
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    assert_non_null(cfg);
    char out[256];
    al_legend_for("a  always\n[ants.mines] b  mines\n[run.module=xor|ants] c  either", cfg, out, sizeof out);
    assert_string_equal(out, "a  always\nc  either");
    al_legend_for("[run.module=xor] x  no", cfg, out, sizeof out);
    assert_string_equal(out, "");
    // "[!key]": the key is off; several conditions: all of them hold.
    al_legend_for("[!ants.mines] n  no mines\n[!run.module=ants] m  not ants\n"
                  "[run.module=ants][ants.world=shared] s  shared\n[ants.mines][ants.world=shared] t  no",
                  cfg, out, sizeof out);
    assert_string_equal(out, "n  no mines\ns  shared");
    alDestroyConfig(cfg);
}

// The marks each lesson lists, exactly, for the configs whose legend lines
// depend on their values (one mechanism: the legend's "[key]" conditions).
static void each_lesson_lists_exactly_its_marks(void **state)
{
    (void)state;
    // (at frame 5 of generation 0 no ant wears an orange ring: no elite yet,
    // no replay; the legend lists only the marks drawn now)
#define ANTS_TAIL                                                                                  \
    "blue ant  the one clicked: its brain, live\n"                                                 \
    "blue / red links  positive / negative weights (thicker: larger)\n"                             \
    "green numbers  food each ant has eaten this generation\n"                                     \
    "yellow numbers  the ants' indices (Y: on/off)\n"                                            \
    "white \"3 ants\"  ants standing together: one label for all"
    static const char *const want[][2] = {
        {"experiments/ants/default.ini",
         "green dots  food; eaten food is gone for all and respawns elsewhere\n"
         "white rings  where an item was just eaten\n" ANTS_TAIL "\n"
         "red dots  mines: off in this run (X turns them on, a new run)"},
        {"experiments/ants/default.ini --set ants.world=own",
         "green dots  food of the ant whose copy is drawn (the caption says whose)\n"
         "white rings  where an item was just eaten in that copy\n"
         "yellow double ring  the pinned ant (P): its world stays drawn while its genome lives\n" ANTS_TAIL "\n"
         "red dots  mines: off in this run (X turns them on, a new run)"},
        {"experiments/ants/mines.ini",
         "green dots  food; eaten food is gone for all and respawns elsewhere\n"
         "red dots  mines: a hit costs fitness (X turns them off, a new run)\n"
         "grey ants  stopped by a mine (ants.mine_hit = end)\n"
         "white rings  where an item was just eaten\n" ANTS_TAIL},
        {"experiments/ants/mines.ini --set ants.world=own",
         "green dots  food of the ant whose copy is drawn (the caption says whose)\n"
         "red dots  mines of that copy: a hit costs fitness (X: off, a new run)\n"
         "grey ants  stopped by a mine (ants.mine_hit = end)\n"
         "white rings  where an item was just eaten in that copy\n"
         "yellow double ring  the pinned ant (P): its world stays drawn while its genome lives\n" ANTS_TAIL},
        {"experiments/pole/single.ini", "orange  the pole (1 m)\n"
                                        "white box  the cart (red once the trial failed)\n"
                                        "red  the track's ends: the cart fails beyond them"},
        {"experiments/pole/double.ini", "orange  the long pole (1 m)\n"
                                        "green  the short pole (0.1 m), at the same hinge, drawn longer than to scale when "
                                        "small (\"drawn x3\": 3 times)\n"
                                        "white box  the cart (red once the trial failed)\n"
                                        "red  the track's ends: the cart fails beyond them"},
        {"experiments/estrings/hello.ini",
         "green characters  match the target\n"
         "yellow characters  within 4 codes of the target's\n"
         "grey characters  further off\n"
         "yellow numbers  the error: how far the string is from the target"},
        // (the legend lists every colour the vehicles have in this lesson,
        // also the first vehicle's yellow while it sees the threat and is
        // drawn orange: its lines stay put, test_gui_text_trial)
        {"experiments/steering/flee.ini",
         "yellow triangle  the first vehicle\n"
         "grey triangles  the other vehicles\n"
         "orange triangles  vehicles that see their threat (the figure 'fleeing')\n"
         "red cross  the target (click to move it)\n"
         "red circle  round the threat, the field of view's radius (Y): a vehicle inside it sees the "
         "threat and flees\n"
         "yellow circle  the first vehicle's body radius (V: circles off)"},
    };
#undef ANTS_TAIL
    char m[4096];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
        the_marks_of(want[i][0], m, sizeof m);
        if (strcmp(m, want[i][1]) != 0) fail_msg("%s lists\n%s\nnot\n%s", want[i][0], m, want[i][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_lesson_scrolls_to_its_last_line_with_a_more_sign),
        cmocka_unit_test(the_panel_and_the_lesson_draw_the_same_more_sign),
        cmocka_unit_test(the_help_lists_the_lesson_scroll_keys),
        cmocka_unit_test(a_generation_a_frame_shows_generations_under_way),
        cmocka_unit_test(at_the_limit_the_replay_moves_at_the_fastest_speed),
        cmocka_unit_test(keys_act_within_frames_at_the_fastest_speed_on_mines),
        cmocka_unit_test(the_picker_skips_a_run_without_generations_and_draws_the_others),
        cmocka_unit_test(b_while_paused_replays_only_once_space_runs_it),
        cmocka_unit_test(a_steering_run_past_its_generations_is_logged_finished),
        cmocka_unit_test(the_lessons_figures_are_what_the_window_shows),
        cmocka_unit_test(the_lessons_marks_are_those_the_config_draws),
        cmocka_unit_test(a_legend_lines_condition_is_checked_and_not_shown),
        cmocka_unit_test(each_lesson_lists_exactly_its_marks),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
