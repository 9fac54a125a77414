// At 720x480 the pole's NEAT sections were titled "Pole balancing (NEAT,
// recurrent: 1 self-lo..." and "Network (the best: 0 hidden nodes, 5 lin..."
// (classroom trial, issue 10): the titles are short and fit; the counts
// are in the summary line above them.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The section of json named name: found, and (shown) not cut.
static void whole_section(const char *json, const char *name)
{
    int x = 0, y = 0, w = 0, h = 0;
    bool cut = false;
    if (!gs_section(json, name, &x, &y, &w, &h, &cut)) fail_msg("no section '%s' in %s", name, json);
    if (cut) fail_msg("the section '%s' is cut", name);
}

static void neat_pole_titles_fit_at_720x480(void **state)
{
    (void)state;
    gs_run r;
    // PgDn: both sections on screen at 720x480 (Network is below the fold)
    gt_script(&r, "at 2 resize 720 480\nat gen 3 key pagedown\nat gen 3 state\nat gen 3 quit\n",
              "--no-log experiments/pole/double_novel_neat.ini", 1);
    assert_int_equal((int)gs_num(r.line[0], "window.width"), 720);
    whole_section(r.line[0], "Pole balancing");
    whole_section(r.line[0], "Network");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(neat_pole_titles_fit_at_720x480),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
