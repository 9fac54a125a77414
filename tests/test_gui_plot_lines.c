// The live plot's lines belong on its axis and are named once: XOR drew
// its species count dashed on the fitness axis (a count ramping against
// 0..16); the ants' title named one dashed line ("dashed: food per ant")
// while two were drawn, the lesson calling the other baseline_mean and the
// legend "greedy group". (The greedy group's ~110 food set the ants' y
// range, and was then taken out of it; the trial read it off the scale for
// 10-20 generations, so it is on the scale again: test_gui_ants_window_trial.)
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "gui/plot.h"

// The plot's line number i: its name and whether it is dashed; false past the last.
static bool line_at(const char *l, int i, char *name, size_t cap, bool *dashed)
{
    const char *p = gs_find(l, "plot_lines");
    if (!p) fail_msg("no plot_lines in %s", l);
    for (int k = 0; k <= i; ++k) {
        p = strstr(p, "{\"name\":");
        const char *end = strchr(gs_find(l, "plot_lines"), ']');
        if (!p || p > end) return false;
        p += 1;
    }
    gs_text(p - 1, "name", name, cap);
    *dashed = gs_bool(p - 1, "dashed");
    return true;
}

static void xor_plots_fitness_alone_on_its_fitness_axis(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key F\nat gen 8 key F\nat gen 8 state\nat gen 8 quit\n", "--no-log experiments/xor/xor.ini", 1);
    const char *l = r.line[0];
    char name[64];
    bool dashed;
    int n = 0;
    for (; line_at(l, n, name, sizeof name, &dashed); ++n) {
        print_message("xor line %d: %s%s\n", n, name, dashed ? " (dashed)" : "");
        assert_false(dashed);
        assert_null(strstr(name, "species"));
    }
    assert_int_equal(n, 2); // best and mean, as the title says
    assert_non_null(strstr(gs_str(l, "plot_title_full"), "best, mean"));
    // Fitness: 16 is perfect, and the axis rounds up to its next tick (20)
    // once the best nears it. Fast-forward reaches the state at generation 8
    // to about 14, depending on the machine's speed.
    assert_true(gs_num(l, "plot_range.hi") <= 20);
    gs_free(&r);
}

static void every_dashed_ants_line_is_named_by_the_title_and_the_lesson(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key F\nat gen 2 state\nat gen 2 quit\n", "--no-log experiments/ants/default.ini", 1);
    const char *l = r.line[0];
    char name[64], title[240];
    bool dashed;
    int ndashed = 0;
    gs_text(l, "plot_title_full", title, sizeof title);
    for (int i = 0; line_at(l, i, name, sizeof name, &dashed); ++i) {
        if (!dashed) continue;
        ndashed++;
        if (!strstr(title, name)) fail_msg("dashed line '%s' is not named in the title '%s'", name, title);
    }
    assert_int_equal(ndashed, 1);
    assert_non_null(strstr(title, "dashed: greedy group"));
    // The lesson names it as the legend does, not by its column name.
    static char text[1 << 16];
    gt_read_file(ALIFE_SOURCE_DIR "/experiments/ants/default.ini", text, sizeof text);
    assert_null(strstr(text, "baseline_mean"));
    assert_non_null(strstr(text, "dashed line, the greedy group,"));
    gs_free(&r);
}

// Issue 10: NEAT's ants plotted the greedy group alone (Tab) on an axis of
// 108..111, and its noise looked like big swings. Every figure's axis
// takes in 0; the greedy group's runs from 0 to above its values.
static void every_ants_figure_axis_takes_in_zero(void **state)
{
    (void)state;
    enum { TABS = 13 };
    char script[2048] = "at 2 key F\nat gen 3 key F\nat gen 3 state\n";
    for (int t = 0; t < TABS; ++t)
        strcat(script, "at gen 3 key Tab\nat gen 3 state\n");
    strcat(script, "at gen 3 quit\n");
    gs_run r;
    gt_script(&r, script, "--no-log experiments/ants/neat.ini", TABS + 1);
    bool greedy = false;
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        double lo = gs_num(l, "plot_range.lo"), hi = gs_num(l, "plot_range.hi");
        print_message("%s: %g .. %g\n", gs_str(l, "plotted"), lo, hi);
        if (!(lo <= 0 && hi >= 0))
            fail_msg("figure %s: the axis %g .. %g leaves out 0", gs_str(l, "plotted"), lo, hi);
        if (strcmp(gs_str(l, "plotted"), "baseline_mean") == 0) {
            greedy = true;
            double v = gs_num(l, "figures.baseline_mean");
            assert_true(lo == 0);
            assert_true(hi >= v && hi <= 2 * v); // the values in the plot's upper half
        }
    }
    assert_true(greedy);
    gs_free(&r);
}

// al_plot_range: data lines set it; a reference line far above does not,
// one inside stays inside, and reference lines alone set it.
static void the_range_follows_the_data_lines(void **state)
{
    (void)state;
    const double best[3] = {27, 34, 41}, mean[3] = {4, 10, 17}, greedy[3] = {109, 110, 109};
    al_series se[3] = {{"best", AL_COL_BEST, best, 3, false, false},
                       {"mean", AL_COL_MEAN, mean, 3, false, false},
                       {"greedy group", AL_COL_GOOD, greedy, 3, true, false}};
    double lo, hi;
    al_plot_range(se, NULL, 3, &lo, &hi);
    assert_true(lo == 0 && hi >= 41 && hi <= 60); // 0 .. 41 on steps of 20
    const double late[3] = {95, 101, 105};
    se[0].y = late;
    al_plot_range(se, NULL, 3, &lo, &hi);
    assert_true(hi >= 110); // the greedy group inside the range once the best nears it
    al_plot_range(&se[2], NULL, 1, &lo, &hi);
    assert_true(lo == 0 && hi >= 110); // from 0, not 108 (noise read as swings)
    al_plot_range(se, NULL, 0, &lo, &hi);
    assert_true(lo == 0 && hi == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xor_plots_fitness_alone_on_its_fitness_axis),
        cmocka_unit_test(every_dashed_ants_line_is_named_by_the_title_and_the_lesson),
        cmocka_unit_test(every_ants_figure_axis_takes_in_zero),
        cmocka_unit_test(the_range_follows_the_data_lines),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
