// The XOR and pole views at the smallest window, 720x480: nothing drawn
// over anything else (the trial saw the network over the truth table, the
// "species per generation" title on the bars and the pole caption wider
// than the world's box). Each view reports its last frame's boxes, pixels.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI

// The lesson in a 720x480 window, its script asserted to print 2 state lines.
static void at_720x480(gs_run *r, const char *script, const char *lesson)
{
    gt_script(r, script, gt_fmt("--no-log --width 720 --height 480 %s", lesson), 2);
}

static void xor_table_network_and_chart_do_not_overlap(void **state)
{
    (void)state;
    gs_run r;
    at_720x480(&r, "at 1 key F\nat 80 state\nat 81 resize 1280 800\nat 84 state\nat 85 quit\n",
               "experiments/xor/xor.ini");
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        assert_true(gs_num(l, "figures.table_right_px") > 0);
        assert_true(gs_num(l, "figures.net_left_px") >= gs_num(l, "figures.table_right_px"));
        // the inputs' labels end above the chart's title, which ends above the bars
        assert_true(gs_num(l, "figures.net_bottom_px") <= gs_num(l, "figures.chart_title_bottom_px") - 12);
        assert_true(gs_num(l, "figures.chart_title_bottom_px") <= gs_num(l, "figures.chart_top_px"));
    }
    assert_true(gs_num(r.line[0], "window.width") == 720);
    gs_free(&r);
}

static void the_pole_caption_fits_the_world(void **state)
{
    (void)state;
    gs_run r;
    at_720x480(&r, "at 5 state\nat 60 state\nat 61 quit\n", "experiments/pole/double.ini");
    for (int i = 0; i < r.n; ++i) {
        assert_true(gs_num(r.line[i], "figures.caption_px") > 0);
        assert_true(gs_num(r.line[i], "figures.caption_px") <= gs_num(r.line[i], "figures.world_px"));
    }
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xor_table_network_and_chart_do_not_overlap),
        cmocka_unit_test(the_pole_caption_fits_the_world),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
