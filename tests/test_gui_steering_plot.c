// The steering plot shows the flock's figures over time, nothing of
// generations (trial T4, T5):
//   - Tab cycles the flock figures only: it reached a "fitness" figure
//     ("order parameter per report period", a best / mean legend) that
//     means nothing without generations;
//   - each value is drawn at the time it was measured: the value of t = 1 s
//     was drawn at x = 0, so flee's "15 at the start, 4 after a second"
//     could not be read off the plot (x = 0 showed 4); the plot's values
//     are the run log's reports only (x = 0, never logged, stays empty).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// The i-th entry of the state's plotted_values (x = plotted_from + i).
static double plotted_value(const char *json, int i)
{
    const char *p = gs_find(json, "plotted_values");
    if (!p || *p != '[') return NAN;
    p++;
    for (int k = 0; k < i; ++k) {
        p = strchr(p, ',');
        if (!p) return NAN;
        p++;
    }
    if (*p == ']' || strncmp(p, "null", 4) == 0) return NAN;
    return strtod(p, NULL);
}

static int plotted_count(const char *json)
{
    const char *p = gs_find(json, "plotted_values");
    if (!p || *p != '[' || p[1] == ']') return 0;
    int n = 1;
    for (; *p && *p != ']'; ++p)
        n += *p == ',';
    return n;
}

static void tab_cycles_the_flock_figures_only(void **state)
{
    (void)state;
    gs_run r;
    char script[1024] = "at 1 key tab\nat 2 state\nat 70 state\n";
    for (int k = 0; k < 6; ++k) {
        char line[64];
        snprintf(line, sizeof line, "at %d key tab\nat %d state\n", 71 + 2 * k, 72 + 2 * k);
        strcat(script, line);
    }
    strcat(script, "at 90 quit\n");
    gt_script(&r, script, "--no-log experiments/steering/boids.ini", 8);
    const char *seen[8];
    for (int i = 0; i < 8; ++i) {
        const char *l = r.line[i];
        char plotted[64];
        snprintf(plotted, sizeof plotted, "%s", gs_str(l, "plotted"));
        seen[i] = strdup(plotted);
        if (strcmp(plotted, "fitness") == 0 || strcmp(plotted, "error") == 0)
            fail_msg("state %d plots '%s': %s", i, plotted, gs_str(l, "plot_title_full"));
        const char *t = gs_str(l, "plot_title_full");
        if (strstr(t, "generation") || strstr(t, "report period") || strstr(t, "best"))
            fail_msg("state %d: the plot title speaks of generations: '%s'", i, t);
    }
    // Tab moved through the figures: order, mean speed, nn distance, groups, order again
    assert_string_equal(seen[1], "order");
    assert_string_equal(seen[2], "mean_speed");
    assert_string_equal(seen[3], "nn_distance");
    assert_string_equal(seen[4], "groups");
    assert_string_equal(seen[5], "order");
    for (int i = 0; i < 8; ++i)
        free((void *)seen[i]);
    gs_free(&r);
}

static void each_value_is_drawn_when_it_was_measured(void **state)
{
    (void)state;
    gs_run r;
    // flee: the vehicles that see the threat, at the start and after 1 s, 2 s
    gt_script(&r, "at 1 state\nat 62 state\nat 122 state\nat 123 quit\n",
              "--no-log experiments/steering/flee.ini", 3);
    assert_string_equal(gs_str(r.line[0], "plotted"), "fleeing");
    double at_start = gs_num(r.line[0], "figures.fleeing");
    double at_1s = gs_num(r.line[1], "figures.fleeing");
    assert_true(gs_num(r.line[1], "generation") == 1); // one report, at t = 1 s
    assert_true(gs_num(r.line[1], "plotted_from") == 0);
    // x = 0 empty, the first report's at x = 1: the plot shows the run log's
    // reports at their times and nothing else (a start value at x = 0 put
    // seek's curve at 33 before the log's first 23.09, a period before the
    // lesson, which quotes the log)
    assert_int_equal(plotted_count(r.line[1]), 2);
    if (!isnan(plotted_value(r.line[1], 0))) fail_msg("x = 0 shows %g, never logged", plotted_value(r.line[1], 0));
    assert_true(plotted_value(r.line[1], 1) == at_1s);
    assert_true(at_start > at_1s); // the lesson's "many at the start, fewer after a second"
    assert_int_equal(plotted_count(r.line[2]), 3);
    assert_true(plotted_value(r.line[2], 1) == at_1s);
    assert_true(isfinite(plotted_value(r.line[2], 2))); // the report of t = 2 s (measured 3 ticks before the state)
    gs_free(&r);
}

// At 720x480 the scenario's title wraps rather than being cut ("Boids (seed
// 000): cohesion 1, alignment 4, sepa...").
static void the_scenario_title_is_whole_at_720x480(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 resize 720 480\nat 4 state\nat 5 quit\n", "--no-log experiments/steering/boids.ini", 1);
    assert_false(gt_section(r.line[0], "Scenario").cut);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tab_cycles_the_flock_figures_only),
        cmocka_unit_test(each_value_is_drawn_when_it_was_measured),
        cmocka_unit_test(the_scenario_title_is_whole_at_720x480),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
