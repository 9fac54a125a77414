// The mode tabs at the panel's top look clickable; a click on one did nothing
// (classroom trial, issue 10). A click switches mode as its number key does.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void a_click_on_a_tab_switches_mode(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n", "--no-log experiments/xor/xor.ini", 1);
    int x = (int)gs_num(r.line[0], "tabs.pole.x"), y = (int)gs_num(r.line[0], "tabs.pole.y");
    int w = (int)gs_num(r.line[0], "tabs.pole.w"), h = (int)gs_num(r.line[0], "tabs.pole.h");
    assert_string_equal(gs_str(r.line[0], "mode"), "xor");
    gs_free(&r);
    if (w <= 0 || h <= 0) fail_msg("the pole tab was not drawn: %d x %d", w, h);
    gt_script(&r, gt_fmt("at 3 click %d %d\nat 6 state\nat 7 quit\n", x + w / 2, y + h / 2),
              "--no-log experiments/xor/xor.ini", 1);
    if (strcmp(gs_str(r.line[0], "mode"), "pole") != 0)
        fail_msg("a click on the pole tab at %d,%d left the mode %s", x + w / 2, y + h / 2,
                 gs_str(r.line[0], "mode"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_click_on_a_tab_switches_mode),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
