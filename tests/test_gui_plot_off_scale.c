// A reference line off the plot's scale (the greedy group at 109.6 on a
// 0..60 axis, early in the Smart Sweepers lesson) is not drawn along the
// edge, where the trial read it as about 58: the line has a gap there and
// its label says "off the scale". The label hides no line: at the plot's
// top left it sat over the best curve where that starts high (issue 10).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui/plot.h"
#include "gui_font.h"

// Whether the segment (x1, y1)-(x2, y2) passes through box: sampled every
// quarter pixel, a line 2 px thick (drawn at y and y + 1).
static bool crosses(SDL_Rect box, double x1, double y1, double x2, double y2)
{
    double len = hypot(x2 - x1, y2 - y1);
    int steps = (int)(len * 4) + 1;
    for (int i = 0; i <= steps; ++i) {
        double t = (double)i / steps, x = x1 + t * (x2 - x1), y = y1 + t * (y2 - y1);
        for (int dy = 0; dy < 2; ++dy)
            if (x >= box.x && x < box.x + box.w && y + dy >= box.y && y + dy < box.y + box.h) return true;
    }
    return false;
}

// How many of the state line's drawn segments ("plot_segments") cross box.
static int segments_crossing(const char *l, SDL_Rect box)
{
    const char *p = gs_find(l, "plot_segments");
    if (!p || *p != '[') fail_msg("no plot_segments in the state");
    int n = 0;
    double x1, y1, x2, y2;
    for (p = strchr(p + 1, '['); p && sscanf(p, "[%lf,%lf,%lf,%lf]", &x1, &y1, &x2, &y2) == 4;
         p = strchr(p + 1, '[')) {
        n += crosses(box, x1, y1, x2, y2);
        const char *e = strchr(p, ']');
        if (!e || e[1] == ']') break;
    }
    return n;
}

static void an_off_scale_line_is_labelled_not_drawn_at_the_edge(void **state)
{
    (void)state;
    gs_run r;
    // The screenshot goes to the scratch folder, not into the source tree.
    gt_script(&r,
              gt_fmt("at 2 key f\nat gen 4 key f\nat gen 4 state\nat gen 4 shot %s\nat gen 4 quit\n",
                     gs_path("off_scale.png")),
              "experiments/ants/smart_sweepers.ini --no-log", 1);
    double hi = gs_num(r.line[0], "plot_range.hi"), greedy = gs_num(r.line[0], "figures.baseline_mean");
    if (!(greedy > hi)) fail_msg("the greedy group (%g) is on the scale (top %g): nothing to check", greedy, hi);
    assert_int_equal((int)gs_num(r.line[0], "plot_off_scale"), 1);
    gs_free(&r);
}

// Early generations of two lessons where the best curve runs through the
// label's old place (the plot's top left): the label's box is inside the
// axes and no line drawn crosses it.
static void the_off_scale_label_hides_no_line(void **state)
{
    (void)state;
    static const struct {
        const char *lesson;
        int gen;
    } cases[] = {{"experiments/ants/smart_sweepers.ini", 3}, {"experiments/ants/default.ini", 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        gs_run r;
        gt_script(&r, gt_fmt("at 2 key f\nat gen %d state\nat gen %d quit\n", cases[i].gen, cases[i].gen),
                  gt_fmt("%s --no-log", cases[i].lesson), 1);
        const char *l = r.line[0];
        assert_int_equal((int)gs_num(l, "plot_off_scale"), 1);
        SDL_Rect axes = gt_rect(l, "plot_axes"), box = gt_rect(l, "plot_off_scale_boxes");
        print_message("%s gen %d: label at %d,%d %dx%d in the axes %d,%d %dx%d\n", cases[i].lesson, cases[i].gen,
                      box.x, box.y, box.w, box.h, axes.x, axes.y, axes.w, axes.h);
        assert_true(box.w > 100 && box.h > 8);
        SDL_Rect inside;
        if (!SDL_IntersectRect(&box, &axes, &inside) || !SDL_RectEquals(&inside, &box))
            fail_msg("the label's box runs out of the axes");
        SDL_Rect old = {axes.x + 2, axes.y + 4, box.w, box.h}; // where it was drawn before
        if (segments_crossing(l, old) == 0) fail_msg("no line crosses the old place: nothing to check");
        int n = segments_crossing(l, box);
        if (n) fail_msg("%s gen %d: %d lines cross the label", cases[i].lesson, cases[i].gen, n);
        gs_free(&r);
    }
}

// The same, drawn directly: a best curve flat near the top of its axis, a
// mean low, the greedy group far above; the label goes where neither line is.
static void a_label_moves_off_a_high_flat_best_curve(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 500, 200);
    double best[6] = {57, 56, 58, 57, 56, 57}, mean[6] = {4, 5, 6, 6, 7, 8}, greedy[6] = {110, 110, 110, 110, 110, 110};
    al_series se[3] = {{"best", AL_COL_BEST, best, 6, false},
                       {"mean", AL_COL_MEAN, mean, 6, false},
                       {"greedy group", AL_COL_GOOD, greedy, 6, true}};
    al_plot_drawn d = al_plot_draw(c.ren, c.font, (SDL_Rect){0, 0, 480, 190}, "generation", "fitness", se, 3);
    assert_int_equal(d.off_scale_labels, 1);
    SDL_Rect box = d.off_scale[0];
    int n = 0, old_n = 0;
    SDL_Rect old = {d.axes.x + 2, d.axes.y + 4, box.w, box.h};
    for (int i = 0; i < d.nsegs; ++i) {
        n += crosses(box, d.segs[i].a.x, d.segs[i].a.y, d.segs[i].b.x, d.segs[i].b.y);
        old_n += crosses(old, d.segs[i].a.x, d.segs[i].a.y, d.segs[i].b.x, d.segs[i].b.y);
    }
    print_message("label at %d,%d %dx%d; axes %d,%d %dx%d; %d segments\n", box.x, box.y, box.w, box.h, d.axes.x,
                  d.axes.y, d.axes.w, d.axes.h, d.nsegs);
    assert_true(old_n > 0); // the best curve runs through the old place
    assert_int_equal(n, 0);
    gf_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_off_scale_line_is_labelled_not_drawn_at_the_edge),
        cmocka_unit_test(the_off_scale_label_hides_no_line),
        cmocka_unit_test(a_label_moves_off_a_high_flat_best_curve),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
