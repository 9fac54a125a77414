// The words the plot shows for a figure (figure_names.h): never the raw
// name (the trial read "food_mean", "baseline_mean", "axis_ratio",
// "lambda" in legends), and the CMA-ES figures explained in the title.
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legend_words_have_no_underscores),
        cmocka_unit_test(cmaes_figures_are_explained),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
