// Paused at the limit shows it (issue 10 trial): `at gen 3 key space` at an
// ants run's limit gave state paused:true under a banner with no sign of
// it, where a running run shows "PAUSED - Space to run"; and the folded
// Keys line said "Space: pause" while paused.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void paused_at_the_limit_says_so(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 3 state\nat gen 3 key space\nat gen 3 state\nat gen 3 quit\n",
              "--no-log experiments/ants/default.ini --set run.generations=3 --set ants.ticks=100", 2);
    const char *run = r.line[0], *paused = r.line[1];
    assert_true(gs_bool(paused, "finished"));
    assert_true(gs_bool(paused, "paused"));
    if (strstr(gs_str(run, "banner"), "PAUSED")) fail_msg("running, the banner says PAUSED: '%s'", gs_str(run, "banner"));
    if (!strstr(gs_str(paused, "banner"), "PAUSED") || !strstr(gs_str(paused, "banner"), "LIMIT"))
        fail_msg("paused at the limit the banner says '%s'", gs_str(paused, "banner"));
    if (!strstr(gs_str(paused, "keys_folded"), "Space: run"))
        fail_msg("paused, the folded Keys line says '%s'", gs_str(paused, "keys_folded"));
    if (!strstr(gs_str(run, "keys_folded"), "Space: pause"))
        fail_msg("running, the folded Keys line says '%s'", gs_str(run, "keys_folded"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paused_at_the_limit_says_so),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
