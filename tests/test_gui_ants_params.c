// The ants' key parameters in the window, through the --script harness: the
// mutation rate changes live (M, Shift+M, the wheel or a drag on its value)
// through the algorithm interface, the run going on and marked edited; an
// algorithm without a mutation rate refuses and says why; X turns the mines
// on and off (a new run), listed in the help overlay; A and O change the ant
// count and the food (a new run each).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_script.h"

/// The panel value called name in a state line: its rectangle and value;
/// false when the panel does not offer it.
static bool value_of(const char *json, const char *name, int *x, int *y, int *w, int *h, double *v)
{
    const char *vals = gs_find(json, "values");
    if (!vals) return false;
    char q[96];
    snprintf(q, sizeof q, "{\"name\":\"%s\",", name);
    const char *p = strstr(vals, q);
    if (!p) return false;
    p += strlen(q);
    *x = (int)gs_num(p, "x");
    *y = (int)gs_num(p, "y");
    *w = (int)gs_num(p, "w");
    *h = (int)gs_num(p, "h");
    *v = gs_num(p, "value");
    return true;
}

static const char *const ants_args = "--no-log experiments/ants/default.ini";

static void m_changes_the_mutation_rate_live(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 3 state\n"
                  "at 4 key m\n"
                  "at 6 state\n"
                  "at 7 key shift+m\nat 8 key shift+m\n"
                  "at 10 state\n"
                  "at 11 quit\n",
                  ants_args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    int x, y, w, h;
    double v[3];
    for (int i = 0; i < 3; ++i) {
        if (!value_of(r.line[i], "mutation_rate", &x, &y, &w, &h, &v[i]))
            fail_msg("no mutation_rate value in the panel: %s", r.line[i]);
        assert_true(v[i] == gs_num(r.line[i], "figures.mutation_rate")); // the GA's own rate
    }
    assert_true(fabs(v[0] - 0.1) < 1e-12); // default.ini's ga.mutation_rate
    assert_true(fabs(v[1] - 0.1 * 1.15) < 1e-12);
    assert_true(fabs(v[2] - 0.1 * 1.15 / 1.15 / 1.15) < 1e-12);
    // Live: the same run goes on (its ticks count on), marked edited.
    assert_true(gs_num(r.line[1], "tick") > gs_num(r.line[0], "tick"));
    assert_true(gs_num(r.line[2], "tick") > gs_num(r.line[1], "tick"));
    assert_non_null(strstr(gs_str(r.line[1], "last_edit"), "mutation rate"));
    assert_non_null(strstr(gs_str(r.line[1], "view_note"), "from the next generation"));
    gs_free(&r);
}

static void the_wheel_and_a_drag_on_the_rate_change_it_like_m(void **state)
{
    (void)state;
    gs_run r0;
    gs_run_script(&r0, "at 3 state\nat 4 quit\n", ants_args);
    assert_int_equal(r0.n, 1);
    int x, y, w, h;
    double v0;
    if (!value_of(r0.line[0], "mutation_rate", &x, &y, &w, &h, &v0))
        fail_msg("no mutation_rate value in the panel: %s", r0.line[0]);
    gs_free(&r0);
    int cx = x + w / 2, cy = y + h / 2;
    char script[512];
    snprintf(script, sizeof script,
             "at 3 state\n"
             "at 4 scroll %d %d 2\n"   // two notches up
             "at 6 state\n"
             "at 7 drag %d %d %d %d\n" // 36 px left: three steps down
             "at 9 state\n"
             "at 10 quit\n",
             cx, cy, cx, cy, cx - 36, cy);
    gs_run r;
    gt_script(&r, script, ants_args, 3);
    double v[3];
    for (int i = 0; i < 3; ++i)
        assert_true(value_of(r.line[i], "mutation_rate", &x, &y, &w, &h, &v[i]));
    if (!(fabs(v[1] - v[0] * 1.15 * 1.15) < 1e-9)) fail_msg("wheel: %g -> %g", v[0], v[1]);
    if (!(fabs(v[2] - v[1] / pow(1.15, 3)) < 1e-9)) fail_msg("drag: %g -> %g", v[1], v[2]);
    // The values stay where they were while the note under them appeared.
    int x2, y2, w2, h2;
    double dummy;
    assert_true(value_of(r.line[2], "mutation_rate", &x2, &y2, &w2, &h2, &dummy));
    assert_int_equal(y2, cy - h / 2);
    gs_free(&r);
}

static void an_algorithm_without_a_mutation_rate_says_why(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 key m\nat 6 state\nat 7 quit\n",
                  "--no-log experiments/ants/default.ini --set run.algorithm=cmaes", 2);
    assert_string_equal(gs_str(r.line[0], "algorithm"), "cmaes");
    int x, y, w, h;
    double v;
    assert_true(value_of(r.line[0], "mutation_rate", &x, &y, &w, &h, &v));
    assert_true(v == -1e300); // null: none
    const char *why = gs_str(r.line[1], "view_note");
    print_message("M under CMA-ES: %s\n", why);
    assert_non_null(strstr(why, "cmaes"));
    assert_non_null(strstr(why, "mutation_rate"));
    assert_string_equal(gs_str(r.line[1], "last_edit"), ""); // nothing changed
    assert_true(gs_num(r.line[1], "tick") > gs_num(r.line[0], "tick")); // the same run
    gs_free(&r);
}

static void x_turns_the_mines_on_and_off_and_the_help_lists_it(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 3 state\n"
                  "at 4 key x\n"
                  "at 8 state\n"
                  "at 9 key x\n"
                  "at 12 state\n"
                  "at 13 key h\n"
                  "at 14 state\n"
                  "at 15 quit\n",
                  ants_args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    assert_true(gs_num(r.line[0], "figures.mines") == 0);
    assert_true(gs_num(r.line[1], "figures.mines") == 1);
    assert_true(gs_num(r.line[2], "figures.mines") == 0);
    // A new run each time (its ticks start again), with the mines drawn.
    assert_true(gs_num(r.line[1], "tick") < gs_num(r.line[0], "tick") + 40);
    int x, y, w, h;
    double v;
    assert_true(value_of(r.line[1], "mines", &x, &y, &w, &h, &v) && v == 1);
    assert_true(gs_overlay(r.line[3], "help"));
    const char *keys = gs_find(r.line[3], "help_keys");
    assert_non_null(keys);
    assert_non_null(strstr(keys, "\"X\""));
    assert_non_null(strstr(keys, "\"M\""));
    gs_free(&r);
}

static void a_and_o_change_the_ants_and_the_food_in_a_new_run(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 3 state\n"
                  "at 4 key a\n"
                  "at 7 state\n"
                  "at 8 key shift+o\n"
                  "at 11 state\n"
                  "at 12 quit\n",
                  ants_args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    assert_true(gs_num(r.line[0], "settings.agents") == 30);
    assert_true(gs_num(r.line[1], "settings.agents") == 35); // 30 x 1.15, rounded
    assert_true(gs_num(r.line[1], "food") == 40);
    assert_true(gs_num(r.line[2], "settings.agents") == 35); // kept for the next run
    assert_true(gs_num(r.line[2], "food") == 34); // 40 / 1.15
    gs_free(&r);
}

// The summary under the generations table (fitness, food, the greedy
// group, mines hit) is never cut with "...": at 720x480 it takes a third
// line of the small font; at 1280x800 two lines of the regular one.
static void the_summary_line_fits_the_smallest_window(void **state)
{
    (void)state;
    static const char *const sizes[] = {"720 480", "1280 800"};
    for (int k = 0; k < 2; ++k) {
        char script[256];
        snprintf(script, sizeof script, "at 1 resize %s\nat 2 key F\nat gen 2 state\nat gen 2 quit\n", sizes[k]);
        gs_run r;
        gt_script(&r, script, "--no-log experiments/ants/mines.ini --set run.generations=50", 1);
        const char *l = r.line[0];
        const char *text = gs_str(l, "summary.text");
        print_message("%s: %g lines: %s\n", sizes[k], gs_num(l, "summary.lines"), text);
        assert_non_null(strstr(text, "mines hit")); // the longest summary there is
        assert_true(gs_num(l, "summary.lines") >= 2);
        if (gs_bool(l, "summary.cut")) fail_msg("at %s the summary is cut: %s", sizes[k], text);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(m_changes_the_mutation_rate_live),
        cmocka_unit_test(the_wheel_and_a_drag_on_the_rate_change_it_like_m),
        cmocka_unit_test(an_algorithm_without_a_mutation_rate_says_why),
        cmocka_unit_test(x_turns_the_mines_on_and_off_and_the_help_lists_it),
        cmocka_unit_test(a_and_o_change_the_ants_and_the_food_in_a_new_run),
        cmocka_unit_test(the_summary_line_fits_the_smallest_window),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
