// A reference line off the plot's scale (the greedy group at 109.6 on a
// 0..60 axis, early in the Smart Sweepers lesson) is not drawn along the
// edge, where the trial read it as about 58: the line has a gap there and
// its label says "off the scale".
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI

static void an_off_scale_line_is_labelled_not_drawn_at_the_edge(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 4 key f\nat gen 4 state\nat gen 4 shot off_scale.png\nat gen 4 quit\n",
              "experiments/ants/smart_sweepers.ini --no-log", 1);
    double hi = gs_num(r.line[0], "plot_range.hi"), greedy = gs_num(r.line[0], "figures.baseline_mean");
    if (!(greedy > hi)) fail_msg("the greedy group (%g) is on the scale (top %g): nothing to check", greedy, hi);
    assert_int_equal((int)gs_num(r.line[0], "plot_off_scale"), 1);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_off_scale_line_is_labelled_not_drawn_at_the_edge),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
