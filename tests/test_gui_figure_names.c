// The words the plot shows for a figure (figure_names.h): never the raw
// name (the trial read "food_mean", "baseline_mean", "axis_ratio",
// "lambda" in legends), and the CMA-ES figures explained in the title. The
// baseline has one name, "greedy group", in the plot and the summary alike
// (with ants.world = own the summary said "greedy forager").
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui/figure_names.h"

static void legend_words_have_no_underscores(void **state)
{
    (void)state;
    static const char *const raw[] = {"food_mean", "baseline_mean", "mines_mean", "distance_mean", "axis_ratio",
                                      "lambda", "sigma", "best_conns", "nn_distance", "some_new_figure"};
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; ++i) {
        const char *w = al_figure_words(raw[i]);
        assert_non_null(w);
        assert_true(w[0] != '\0');
        assert_null(strchr(w, '_'));
    }
    assert_string_equal(al_figure_words("food_mean"), "food per ant");
    assert_string_equal(al_figure_words("baseline_mean"), "greedy group");
    assert_string_equal(al_figure_words("some_new_figure"), "some new figure");
}

static void cmaes_figures_are_explained(void **state)
{
    (void)state;
    char t[160];
    assert_non_null(strstr(al_figure_title("axis_ratio", t, sizeof t), "ellipse"));
    assert_non_null(strstr(al_figure_title("lambda", t, sizeof t), "candidates per generation"));
    assert_non_null(strstr(al_figure_title("sigma", t, sizeof t), "step size"));
    assert_string_equal(al_figure_title("unknown_one", t, sizeof t), "unknown one");
}

// Own worlds: the summary under the generations table and the plot's legend
// name the baseline as the shared world does.
static void own_worlds_name_the_greedy_group_as_the_plot_does(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key F\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own --set ants.ticks=200", 1);
    const char *l = r.line[0];
    const char *summary = gs_str(l, "summary.text");
    if (!strstr(summary, "(greedy group ")) fail_msg("the summary does not name the greedy group: %s", summary);
    assert_null(strstr(summary, "forager"));
    assert_non_null(strstr(gs_find(l, "plot_lines"), "\"greedy group\""));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legend_words_have_no_underscores),
        cmocka_unit_test(cmaes_figures_are_explained),
        cmocka_unit_test(own_worlds_name_the_greedy_group_as_the_plot_does),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
