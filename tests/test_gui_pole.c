// The pole view, offscreen through the --script harness: the double-pole
// lesson opens in the pole mode, the best controller of each generation
// balances live (its trial advances one control step a frame and restarts
// with each new generation's best), once solved the solution keeps the poles
// up frame after frame, and key 5 switches to the pole mode from another.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_script.h"
#include "png_count.h"

// + from the class speed past the control-step rungs (1 to 100 control
// steps a frame, each best played out) to 2 generations a frame.
#define GENERATIONS "at 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\n"

static void the_lesson_balances_the_best_controller_live(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  GENERATIONS // faster than the class speed: a generation a frame or more
                  "at 3 state\n"
                  "at 8 state\n"
                  "at 200 state\n"
                  "at 260 state\n"
                  "at 261 quit\n",
                  "--no-log experiments/pole/double.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    for (int i = 0; i < 4; ++i) {
        assert_string_equal(gs_str(r.line[i], "mode"), "pole");
        assert_string_equal(gs_str(r.line[i], "scenario"), "double");
        assert_true(gs_num(r.line[i], "figures.weights") == 6);
    }
    // While evolving: each frame is a generation, and the view follows its best.
    assert_false(gs_bool(r.line[0], "finished"));
    assert_true(gs_num(r.line[1], "figures.controller_gen") > gs_num(r.line[0], "figures.controller_gen"));
    assert_true(gs_num(r.line[1], "figures.trials") > gs_num(r.line[0], "figures.trials"));
    // Solved by frame 200 (seed 1 needs 17 generations): the solution
    // balances on, one control step a frame, and the poles stay up.
    assert_true(gs_bool(r.line[2], "finished"));
    assert_true(gs_num(r.line[2], "figures.solved") == 1);
    double s2 = gs_num(r.line[2], "figures.trial_steps"), s3 = gs_num(r.line[3], "figures.trial_steps");
    assert_true(s2 > 100);
    assert_true(s3 - s2 == 60 * gs_num(r.line[3], "speed")); // speed steps a frame, once solved
    assert_true(gs_num(r.line[3], "figures.trial_failed") == 0);
    assert_true(fabs(gs_num(r.line[3], "figures.theta1")) < 0.6283);
    assert_true(fabs(gs_num(r.line[3], "figures.cart_x")) < 2.4);
    assert_true(gs_num(r.line[2], "figures.controller_gen") == gs_num(r.line[3], "figures.controller_gen"));
    gs_free(&r);
}

static int listed(const char *json, const char *prefix);

// The NEAT lesson in the same view: the best genome of each generation is
// compiled and balances live; once solved it keeps the poles up. The
// Parameters section lists NEAT's keys.
static void the_neat_lesson_balances_the_best_network_live(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  GENERATIONS
                  "at 3 state\n"
                  "at 8 state\n"
                  "at 200 state\n"
                  "at 260 state\n"
                  "at 261 quit\n",
                  "--no-log experiments/pole/double_neat.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    for (int i = 0; i < 4; ++i) {
        assert_string_equal(gs_str(r.line[i], "mode"), "pole");
        assert_string_equal(gs_str(r.line[i], "algorithm"), "neat");
        assert_true(gs_num(r.line[i], "figures.neat") == 1);
        assert_true(gs_num(r.line[i], "figures.net_nodes") >= 8); // 6 inputs, bias, output
    }
    assert_true(listed(r.line[0], "neat.") > 5);
    assert_int_equal(listed(r.line[0], "cmaes."), 0);
    assert_true(gs_num(r.line[1], "figures.controller_gen") > gs_num(r.line[0], "figures.controller_gen"));
    // Seed 1 solves at generation 31: by frame 200 the solution balances on.
    assert_true(gs_bool(r.line[2], "finished"));
    assert_true(gs_num(r.line[2], "figures.solved") == 1);
    double s2 = gs_num(r.line[2], "figures.trial_steps"), s3 = gs_num(r.line[3], "figures.trial_steps");
    assert_true(s3 - s2 == 60 * gs_num(r.line[3], "speed")); // speed steps a frame, once solved
    assert_true(gs_num(r.line[3], "figures.trial_failed") == 0);
    assert_true(fabs(gs_num(r.line[3], "figures.theta1")) < 0.6283);
    assert_true(fabs(gs_num(r.line[3], "figures.cart_x")) < 2.4);
    gs_free(&r);
}

// Under NEAT the panel draws the best controller's network as the ants'
// brain inspector draws theirs (neat_draw.h): every node, each input named
// (6 with velocities, 3 without), the links in their colours; a weight
// vector (CMA-ES) has no such section.
static void the_neat_controller_is_drawn_with_its_inputs_named(void **state)
{
    (void)state;
    static const struct {
        const char *ini;
        int inputs;
    } lesson[] = {{"experiments/pole/double_neat.ini", 6}, {"experiments/pole/double_novel_neat.ini", 3}};
    for (int k = 0; k < 2; ++k) {
        char shot[512], script[700], args[256];
        snprintf(shot, sizeof shot, "%s", gs_path("pole_net.png"));
        snprintf(script, sizeof script, GENERATIONS "at 40 state\nat 40 shot %s\nat 41 quit\n", shot);
        snprintf(args, sizeof args, "--no-log %s", lesson[k].ini);
        gs_run r;
        gt_script(&r, script, args, 1);
        const char *l = r.line[0];
        int x = 0, y = 0, w = 0, h = 0;
        bool cut;
        if (!gs_section(l, "Network", &x, &y, &w, &h, &cut)) fail_msg("%s: no Network section: %s", lesson[k].ini, l);
        assert_true(h > 40 && w > 100);
        assert_true(gs_num(l, "figures.net_drawn") == gs_num(l, "figures.net_nodes"));
        assert_true(gs_num(l, "figures.net_inputs_labelled") == lesson[k].inputs);
        SDL_Rect sec = {x, y, w, h};
        int iw, ih;
        int links = png_count_colour(shot, &sec, (SDL_Color){110, 220, 120, 255}, 60, &iw, &ih) +
                    png_count_colour(shot, &sec, (SDL_Color){240, 90, 90, 255}, 60, &iw, &ih);
        if (links < 30) fail_msg("%s: only %d link pixels in the Network section", lesson[k].ini, links);
        gs_free(&r);
    }
    gs_run r;
    gs_run_script(&r, GENERATIONS "at 20 state\nat 21 quit\n", "--no-log experiments/pole/double.ini");
    assert_int_equal(r.status, 0);
    int x = 0, y = 0, w = 0, h = 0;
    bool cut;
    assert_false(gs_section(r.line[0], "Network", &x, &y, &w, &h, &cut));
    gs_free(&r);
}

// At the speed the mode opens with, each generation's best plays until it
// falls (and a short pause) or 150 steps (3 s) before the next generation:
// early on the poles fall within a second, and the class sees it.
static void each_best_plays_before_the_next_generation(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 3 state\n"
                  "at 8 state\n"
                  "at 300 state\n"
                  "at 301 quit\n",
                  "--no-log experiments/pole/double.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    assert_true(gs_num(r.line[0], "speed") == 1);
    assert_true(gs_num(r.line[0], "figures.controller_gen") == gs_num(r.line[1], "figures.controller_gen"));
    assert_true(gs_num(r.line[0], "generation") == gs_num(r.line[1], "generation"));
    assert_true(gs_num(r.line[1], "figures.trial_steps") > gs_num(r.line[0], "figures.trial_steps") ||
                gs_num(r.line[1], "figures.trial_failed") == 1);
    // Still evolving, a generation per trial watched (fewer than 300).
    double gen = gs_num(r.line[2], "figures.controller_gen");
    assert_true(gen > gs_num(r.line[1], "figures.controller_gen"));
    assert_true(gen < 40);
    gs_free(&r);
}

static void key_5_opens_the_pole_mode(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 3 state\n"
                  "at 4 key 5\n"
                  "at 10 state\n"
                  "at 11 quit\n",
                  "--no-log --mode steering");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    assert_string_equal(gs_str(r.line[0], "mode"), "steering");
    assert_string_equal(gs_str(r.line[1], "mode"), "pole");
    assert_true(gs_num(r.line[1], "generation") > 0);
    gs_free(&r);
}

// How many keys of the Parameters section's list start with prefix.
static int listed(const char *json, const char *prefix)
{
    const char *p = gs_find(json, "parameters"), *end = p ? strchr(p, ']') : NULL;
    if (!p) fail_msg("no parameters in %s", json);
    char q[64];
    snprintf(q, sizeof q, "\"%s", prefix);
    int n = 0;
    for (const char *h = strstr(p, q); h && h < end; h = strstr(h + 1, q))
        n++;
    return n;
}

// The Parameters section lists the task's own keys and the running
// algorithm's, not another algorithm's; a module without a world lists no
// world keys.
static void parameters_are_the_task_and_its_algorithm(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 state\nat 3 quit\n", "--no-log experiments/pole/double.ini", 1);
    assert_string_equal(gs_str(r.line[0], "algorithm"), "cmaes");
    assert_true(listed(r.line[0], "pole.") > 5);
    assert_true(listed(r.line[0], "cmaes.") > 0);
    assert_int_equal(listed(r.line[0], "ga."), 0);
    assert_int_equal(listed(r.line[0], "world."), 0);
    assert_true(listed(r.line[0], "run.seed") == 1);
    gs_free(&r);
    gt_script(&r, "at 2 state\nat 3 quit\n", "--no-log --mode ants --set run.algorithm=cmaes", 1);
    assert_string_equal(gs_str(r.line[0], "algorithm"), "cmaes");
    assert_true(listed(r.line[0], "cmaes.") > 0);
    assert_int_equal(listed(r.line[0], "ga."), 0);
    assert_true(listed(r.line[0], "ants.") > 0);
    assert_true(listed(r.line[0], "world.") > 0);
    gs_free(&r);
}

// The caption over the cart says the trial is a replay, live, of the
// generation's best, counting its steps against what that best balanced in
// the table ("replaying generation 3's best: step 36 of 75"); it used to
// read "best of generation 3: 36 steps" beside a table saying 75.
static void the_caption_counts_the_replay_against_the_tables_best(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 40 state\nat 41 quit\n", "--no-log experiments/pole/single.ini", 1);
    const char *l = r.line[0];
    double of = gs_num(l, "figures.trial_of"), steps = gs_num(l, "figures.trial_steps");
    double gen = gs_num(l, "figures.controller_gen");
    print_message("caption: %s (table's best_steps %g)\n", gs_str(l, "view_note"), gs_num(l, "figures.best_steps"));
    assert_true(gen >= 0);
    assert_true(of == gs_num(l, "figures.best_steps")); // the table's generation, its best's steps
    assert_true(steps <= of);
    char want[160];
    snprintf(want, sizeof want, "generation %.0f's best", gen);
    assert_non_null(strstr(gs_str(l, "view_note"), want));
    snprintf(want, sizeof want, "step %.0f of %.0f", steps, of);
    assert_non_null(strstr(gs_str(l, "view_note"), want));
    const char *how = gs_bool(l, "figures.trial_failed") ? "fell at" : "replaying";
    assert_non_null(strstr(gs_str(l, "view_note"), how));
    gs_free(&r);
}

// Modules without a 2D world report none in `state`'s settings (it said
// 800 x 600, the unused world.* defaults); the ants report theirs.
static void settings_report_no_world_for_pole_and_xor(void **state)
{
    (void)state;
    const char *args[3] = {"--no-log experiments/pole/single.ini", "--no-log experiments/xor/xor.ini",
                           "--no-log experiments/ants/default.ini"};
    for (int k = 0; k < 3; ++k) {
        gs_run r;
        gt_script(&r, "at 2 state\nat 3 quit\n", args[k], 1);
        if (k < 2) {
            assert_true(gs_is_null(r.line[0], "settings.world"));
        } else {
            assert_false(gs_is_null(r.line[0], "settings.world"));
            assert_true(gs_num(r.line[0], "settings.world.width") == 400);
        }
        assert_true(gs_num(r.line[0], "settings.agents") > 0);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_lesson_balances_the_best_controller_live),
        cmocka_unit_test(the_neat_lesson_balances_the_best_network_live),
        cmocka_unit_test(the_neat_controller_is_drawn_with_its_inputs_named),
        cmocka_unit_test(each_best_plays_before_the_next_generation),
        cmocka_unit_test(key_5_opens_the_pole_mode),
        cmocka_unit_test(parameters_are_the_task_and_its_algorithm),
        cmocka_unit_test(the_caption_counts_the_replay_against_the_tables_best),
        cmocka_unit_test(settings_report_no_world_for_pole_and_xor),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
