// The ants' Marks and the lesson legend follow what the world draws:
// elites (orange triangles with a ring) only under the GA, which makes them
// (the CMA-ES lesson listed "orange rings: the elites", none drawn); each
// mark is drawn as the world draws it, not a "^" caret; and the mines
// lesson's plot opens on the figure it says to watch (mines_mean).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "png_count.h"
#include "gui/view.h"

// Pixels near colour c in the Marks section of the shot at path.
static int in_marks(const char *json, const char *path, SDL_Color c)
{
    gt_box b = gt_section(json, "Marks");
    assert_true(b.h > 0);
    int iw, ih, n = png_count_colour(path, &(SDL_Rect){b.x, b.y, b.w, b.h}, c, 12, &iw, &ih);
    assert_true(n >= 0);
    return n;
}

// The lesson at 1600x1000, shot at frame 5 into shot and its state at 6.
static void run_marks(gs_run *r, const char *lesson, const char *shot)
{
    gt_script(r, gt_fmt("at 5 shot %s\nat 6 state\nat 7 quit\n", shot),
              gt_fmt("--no-log --width 1600 --height 1000 %s", lesson), 1);
}

static void the_ga_lists_its_elites_drawn_as_in_the_world(void **state)
{
    (void)state;
    gs_run r;
    const char *shot = gs_path("ga.png");
    // generation 1: the first with elites (the legend lists them only while drawn)
    gt_script(
        &r,
        gt_fmt("at 2 key f\nat gen 1 key f\nat gen 1 shot %s\nat gen 1 state\nat gen 1 quit\n",
               shot),
        "--no-log --width 1600 --height 1000 experiments/ants/default.ini", 1);
    assert_true(gs_num(r.line[0], "figures.elite_rings") > 0);
    assert_non_null(strstr(gs_str(r.line[0], "marks"), "orange rings"));
    // the elite: an orange filled triangle with its ring, as in the world
    assert_true(in_marks(r.line[0], shot, AL_COL_BEST) > 40);
    // the ant: the world's filled triangle (a "^" caret has a few pixels)
    assert_true(in_marks(r.line[0], shot, AL_COL_AGENT) > 30);
    assert_true(in_marks(r.line[0], shot, AL_COL_ACCENT) > 30); // the selected ant
    gs_free(&r);
}

static void cmaes_has_no_elites_in_marks_or_legend(void **state)
{
    (void)state;
    gs_run r;
    const char *shot = gs_path("cmaes.png");
    run_marks(&r, "experiments/ants/cmaes.ini", shot);
    assert_null(strstr(gs_str(r.line[0], "marks"), "elite"));
    assert_int_equal(in_marks(r.line[0], shot, AL_COL_BEST), 0);
    assert_true(in_marks(r.line[0], shot, AL_COL_AGENT) > 30);
    gs_free(&r);
}

static void the_mines_lesson_plots_mines_per_ant(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 key F\nat 400 state\nat 401 quit\n",
              "--no-log --set run.generations=2 experiments/ants/mines.ini", 1);
    assert_true(gs_num(r.line[0], "generation") >= 1);
    assert_string_equal(gs_str(r.line[0], "plotted"), "mines_mean");
    // in words, saying what it counts, not the raw name
    assert_non_null(strstr(gs_str(r.line[0], "plot_title_full"), "mines per ant"));
    assert_null(strstr(gs_str(r.line[0], "plot_title_full"), "_"));
    assert_false(gt_section(r.line[0], "Last generations").cut); // the summary line fits ("mines hit 6.0..." was cut)
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_ga_lists_its_elites_drawn_as_in_the_world),
        cmocka_unit_test(cmaes_has_no_elites_in_marks_or_legend),
        cmocka_unit_test(the_mines_lesson_plots_mines_per_ant),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
