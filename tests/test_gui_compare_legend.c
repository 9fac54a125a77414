// The panel's plot with picked runs (C) at 720x480 and 1280x800: the legend
// takes a line or two, the axes keep their height, and `state` says what was
// drawn. The trial ticked 3 ants runs at 720x480: the legend's rows of long
// labels left no room and the plot (title, legend, axes) vanished while
// `state` said the Plot section was shown and not cut; at 1280x800 the plot
// shrank to ~50 px.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui/plot.h"

// A database of 3 short ants runs (seeds 1..3) of a sweep group in db: the
// group made each legend label long ("run 5 (seed 2, ga.mutation_rate=0.05)").
static void three_ants_runs(char *db, size_t cap)
{
    const char *run = "experiments/ants/default.ini --set run.generations=3 --set ants.ticks=100 "
                      "--set ants.count=10 --set ga.mutation_rate=0.05 --set run.group=ga.mutation_rate=0.05 --seed";
    gt_stored_run(db, cap, "legend.db", gt_fmt("%s 1", run));
    gt_store_run(db, gt_fmt("%s 2", run));
    gt_store_run(db, gt_fmt("%s 3", run));
}

// The window at w x h over db, the 3 runs ticked in the picker (C, Space,
// Down, ...) and closed (Esc): one state line there, one after a resize to
// 1280x800 (0 0: none).
static void ticked(gs_run *r, const char *db, int w, int h, int w2, int h2)
{
    const char *resize = w2 ? gt_fmt("at 30 resize %d %d\nat 34 state\n", w2, h2) : "";
    gt_script(r,
              gt_fmt("at 5 key c\nat 6 key space\nat 7 key down\nat 8 key space\nat 9 key down\n"
                     "at 10 key space\nat 11 key escape\nat 14 state\n%sat 36 quit\n",
                     resize),
              gt_fmt("--db '%s' --width %d --height %d experiments/ants/default.ini", db, w, h),
              w2 ? 2 : 1);
}

// The state line's plot: compare curves drawn with axes at least min_h high,
// a legend of at most two rows naming or counting all 4 curves, and a Plot
// section not cut.
static void plot_drawn_whole(const char *l, int min_h)
{
    if (strcmp(gs_str(l, "plotted"), "compare best") != 0) fail_msg("no compare plot: %s", l);
    int axes_h = (int)gs_num(l, "plot_axes.h");
    if (axes_h < min_h) fail_msg("axes %d px high, not %d or more: %s", axes_h, min_h, l);
    assert_true(gs_num(l, "plot_axes.w") > 100);
    // inside the plot's area, under the title row
    assert_true(gs_num(l, "plot_axes.y") > gs_num(l, "plot_rect.y"));
    assert_true(gs_num(l, "plot_axes.y") + axes_h <= gs_num(l, "plot_rect.y") + gs_num(l, "plot_rect.h"));
    assert_true(gs_num(l, "plot_legend.rows") <= AL_PLOT_LEGEND_ROWS);
    assert_true(gs_num(l, "plot_legend.shown") >= 1);
    assert_int_equal((int)(gs_num(l, "plot_legend.shown") + gs_num(l, "plot_legend.hidden")), 4);
    gt_box plot = gt_section(l, "Plot");
    assert_false(plot.cut);
    assert_true(plot.h > 0);
}

static void three_picked_runs_keep_the_plot_at_720x480_and_1280x800(void **state)
{
    (void)state;
    char db[512];
    three_ants_runs(db, sizeof db);
    gs_run r;
    ticked(&r, db, 720, 480, 1280, 800);
    assert_int_equal((int)gs_num(r.line[0], "window.width"), 720);
    plot_drawn_whole(r.line[0], AL_PLOT_MIN_H);
    assert_int_equal((int)gs_num(r.line[1], "window.width"), 1280);
    plot_drawn_whole(r.line[1], 70); // ~50 px before: the legend took two rows
    // At 1280x800 the four short labels ("run 3", ..., "now: best") all show.
    assert_int_equal((int)gs_num(r.line[1], "plot_legend.hidden"), 0);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_picked_runs_keep_the_plot_at_720x480_and_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
