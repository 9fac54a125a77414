// Network links had blue/red for positive/negative weights in XOR but
// green/red in the pole's controller and the ants' brain (classroom trial,
// issue 10). One scheme (view.h) and every legend with a network says it.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void legend_names_the_link_colours(const char *cfg)
{
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n", gt_fmt("--no-log %s", cfg), 1);
    char m[4096];
    assert_true(gs_text(r.line[0], "marks", m, sizeof m));
    if (!strstr(m, "blue / red links") || !strstr(m, "positive / negative weights") || strstr(m, "green / red") ||
        strstr(m, "green/red"))
        fail_msg("%s: the legend does not say blue / red links: %s", cfg, m);
    gs_free(&r);
}

static void every_network_legend_says_blue_red(void **state)
{
    (void)state;
    legend_names_the_link_colours("experiments/xor/xor.ini");
    legend_names_the_link_colours("experiments/pole/double_novel_neat.ini");
    legend_names_the_link_colours("experiments/ants/neat.ini");
    legend_names_the_link_colours("experiments/ants/default.ini");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_network_legend_says_blue_red),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
