// The plot's "off the scale" label went where it hid least, and when the
// curves filled the plot (a best curve swinging over the whole axis at
// every generation) that was still over plotted points. Now the values are
// drawn under a strip that holds the label, so it never hides a point nor
// a line; where the plot has room elsewhere the label still goes there.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include "gui/plot.h"
#include "gui/plot_label.h"
#include "gui_font.h"

static void a_label_over_full_curves_hides_no_point(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 500, 200);
    enum { N = 240 };
    double best[N], mean[N], greedy[N];
    for (int i = 0; i < N; ++i) {
        best[i] = i % 2 ? 60 : 0; // top to bottom at every generation
        mean[i] = i % 2 ? 0 : 60;
        greedy[i] = 110;
    }
    al_series se[3] = {{"best", AL_COL_BEST, best, N, false, false},
                       {"mean", AL_COL_MEAN, mean, N, false, false},
                       {"greedy group", AL_COL_GOOD, greedy, N, true, false}};
    for (int h = 140; h <= 300; h += 80) {
        al_plot_drawn d =
            al_plot_draw(c.ren, c.font, (SDL_Rect){0, 0, 480, h}, "generation", "fitness", se, 3);
        assert_int_equal(d.off_scale_labels, 1);
        SDL_Rect box = d.off_scale[0];
        int cost = al_plot_label_cost(box, d.segs, d.nsegs);
        print_message("h %d: label at %d,%d %dx%d; axes %d,%d %dx%d; cost %d\n", h, box.x, box.y,
                      box.w, box.h, d.axes.x, d.axes.y, d.axes.w, d.axes.h, cost);
        if (cost != 0)
            fail_msg("area %d px high: the label hides %d points and %d lines", h, cost / 100,
                     cost % 100);
        SDL_Rect in;
        assert_true(SDL_IntersectRect(&box, &d.axes, &in) &&
                    SDL_RectEquals(&in, &box)); // inside the axes
    }
    gf_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_label_over_full_curves_hides_no_point),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
