// The words the plot shows for a figure (figure_names.h): never the raw
// name (the trial read "food_mean", "baseline_mean", "axis_ratio",
// "lambda" in legends), and the CMA-ES figures explained in the title. The
// baseline has one name, "greedy group", in the plot and the summary alike
// (with ants.world = own the summary said "greedy forager").
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <ctype.h>
#include <glob.h>
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

// The figures' log names that are not words ("mines_mean"): on screen
// the plot's words ("mines per ant") stand for them.
static const char *const log_names[] = {"food_mean",  "baseline_mean", "baseline_mines", "mines_mean",
                                        "distance_mean", "axis_ratio",  "best_nodes",     "best_conns",
                                        "best_steps", "mean_speed",    "nn_distance",    "target_distance"};

static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '=';
}

// Whether s, just after a name, goes on with it ("_x", "=2", ".count";
// not a sentence's full stop).
static bool name_goes_on(const char *s)
{
    return name_char(s[0]) && !(s[0] == '.' && !isalnum((unsigned char)s[1]));
}

// The first log name in text not in parentheses right after the plot's
// words ("mines per ant (mines_mean)" is allowed), or NULL.
static const char *bare_log_name(const char *text)
{
    for (size_t i = 0; i < sizeof log_names / sizeof log_names[0]; ++i) {
        size_t n = strlen(log_names[i]);
        for (const char *p = strstr(text, log_names[i]); p; p = strstr(p + 1, log_names[i])) {
            if ((p > text && name_char(p[-1])) || name_goes_on(p + n)) continue; // part of a longer name
            const char *w = al_figure_words(log_names[i]);
            size_t wl = strlen(w);
            bool named = (size_t)(p - text) >= wl + 2 && p[-1] == '(' && strncmp(p - 2 - wl, w, wl) == 0;
            if (!named) return p;
        }
    }
    return NULL;
}

static void lesson_text_names_figures_in_the_plots_words(void **state)
{
    (void)state;
    char out[256];
    al_figure_words_in("What to watch: mines_mean, food_mean and distance_mean.", out, sizeof out);
    assert_string_equal(out, "What to watch: mines per ant (mines_mean), food per ant (food_mean) and "
                             "distance per ant (distance_mean).");
    al_figure_words_in("ants.mine_range = 30, target_species=2; mines per ant (mines_mean)", out, sizeof out);
    assert_string_equal(out, "ants.mine_range = 30, target_species=2; mines per ant (mines_mean)");
    al_figure_words_in("nn_distance", out, 8); // cut to its buffer, ended
    assert_true(strlen(out) == 7);
}

// Issue 10: the lesson (L) said "What to watch: mines_mean (mines hit per
// ant), food_mean and distance_mean" where the plot says "mines per ant".
// Every lesson as the window shows it, and the help (H) of every mode,
// name no figure by its bare log name.
static void no_lesson_or_help_shows_a_bare_log_name(void **state)
{
    (void)state;
    glob_t gl = {0};
    glob(ALIFE_SOURCE_DIR "/experiments/*/*.ini", 0, NULL, &gl);
    if (gl.gl_pathc < 30) fail_msg("only %zu lesson files found", gl.gl_pathc);
    static char text[16384];
    for (size_t i = 0; i < gl.gl_pathc; ++i) {
        gs_run r;
        gt_script(&r, "at 3 key L\nat 5 state\nat 6 quit\n", gt_fmt("--no-log '%s'", gl.gl_pathv[i]), 1);
        if (!gs_find(r.line[0], "lesson_view.text")) fail_msg("%s: the state has no lesson text", gl.gl_pathv[i]);
        gs_text(r.line[0], "lesson_view.text", text, sizeof text);
        assert_true(strlen(text) > 100);
        const char *bare = bare_log_name(text);
        if (bare) fail_msg("%s: the lesson shows a log name: '...%.60s'", gl.gl_pathv[i], bare > text + 20 ? bare - 20 : text);
        gs_free(&r);
    }
    globfree(&gl);
    static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};
    for (int m = 0; m < 5; ++m) {
        gs_run r;
        gt_script(&r, "at 3 key H\nat 5 state\nat 6 quit\n", gt_fmt("--no-log --mode %s", modes[m]), 1);
        const char *rows = gs_find(r.line[0], "help_rows");
        assert_non_null(rows);
        assert_true(strlen(rows) > 500);
        const char *bare = bare_log_name(rows);
        if (bare) fail_msg("%s: the help shows a log name: '%.60s'", modes[m], bare);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legend_words_have_no_underscores),
        cmocka_unit_test(cmaes_figures_are_explained),
        cmocka_unit_test(own_worlds_name_the_greedy_group_as_the_plot_does),
        cmocka_unit_test(lesson_text_names_figures_in_the_plots_words),
        cmocka_unit_test(no_lesson_or_help_shows_a_bare_log_name),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
