// A reference line off the plot's scale (the greedy group at 109.6 on a
// 0..60 axis, early in the Smart Sweepers lesson, before the ants kept it on
// the scale: al_series.on_scale) is not drawn along the
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

// A reference line off the data's range is labelled, not drawn at the edge;
// one kept on the scale (al_series.on_scale: the ants' greedy group, the
// yardstick, after the trial read it off the scale for 10-20 generations)
// sets the axis with the data and needs no label.
static void an_off_scale_line_is_labelled_unless_kept_on_the_scale(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 500, 200);
    double best[4] = {20, 30, 40, 41}, mean[4] = {4, 8, 12, 16},
           greedy[4] = {109.6, 109.6, 109.6, 109.6};
    for (int keep = 0; keep < 2; ++keep) {
        al_series se[3] = {{"best", AL_COL_BEST, best, 4, false, false},
                           {"mean", AL_COL_MEAN, mean, 4, false, false},
                           {"greedy group", AL_COL_GOOD, greedy, 4, true, keep}};
        al_plot_drawn d =
            al_plot_draw(c.ren, c.font, (SDL_Rect){0, 0, 480, 190}, "generation", "fitness", se, 3);
        double lo, hi;
        al_plot_range(se, NULL, 3, &lo, &hi);
        print_message("on_scale %d: axis %g .. %g, %d labels\n", keep, lo, hi, d.off_scale_labels);
        assert_true(lo == 0);
        if (keep) {
            assert_true(hi >= 109.6);
            assert_int_equal(d.off_scale_labels, 0);
        } else {
            assert_true(hi < 109.6);
            assert_int_equal(d.off_scale_labels, 1);
        }
    }
    gf_close(&c);
}

// The same, drawn directly: a best curve flat near the top of its axis, a
// mean low, the greedy group far above; the label goes where neither line is.
static void a_label_moves_off_a_high_flat_best_curve(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 500, 200);
    double best[6] = {57, 56, 58, 57, 56, 57}, mean[6] = {4, 5, 6, 6, 7, 8}, greedy[6] = {110, 110, 110, 110, 110, 110};
    al_series se[3] = {{"best", AL_COL_BEST, best, 6, false, false},
                       {"mean", AL_COL_MEAN, mean, 6, false, false},
                       {"greedy group", AL_COL_GOOD, greedy, 6, true, false}};
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
        cmocka_unit_test(an_off_scale_line_is_labelled_unless_kept_on_the_scale),
        cmocka_unit_test(a_label_moves_off_a_high_flat_best_curve),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
