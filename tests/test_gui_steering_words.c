// Steering has no generations: its pause banner offers one report period
// for Shift+N and its speed line counts ticks, where the trial read
// "Shift+N one generation" and "speed 166 generations/frame". The evolving
// modes keep their generations.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

// "at F key =" for F = from .. from + n - 1: n presses of faster.
static const char *faster(int from, int n)
{
    static char s[1024];
    size_t k = 0;
    for (int i = 0; i < n; ++i)
        k += (size_t)snprintf(s + k, sizeof s - k, "at %d key =\n", from + i);
    return s;
}

// The window of args paused (state 0), then at the top speed (state 1).
static void paused_then_fastest(gs_run *r, const char *args)
{
    gt_script(r, gt_fmt("at 2 key space\nat 3 state\nat 4 key space\n%sat 40 state\nat 41 quit\n", faster(5, 20)),
              args, 2);
}

static void steering_counts_periods_and_ticks(void **state)
{
    (void)state;
    gs_run r;
    paused_then_fastest(&r, "experiments/steering/boids.ini --no-log");
    assert_non_null(strstr(gs_str(r.line[0], "banner"), "Shift+N one report period"));
    assert_null(strstr(gs_str(r.line[0], "banner"), "generation"));
    assert_true(gs_num(r.line[1], "speed") == 10000); // the top speed
    assert_non_null(strstr(gs_str(r.line[1], "speed_line"), "10000 ticks/frame"));
    assert_null(strstr(gs_str(r.line[1], "speed_line"), "gen"));
    gs_free(&r);
}

static void ants_count_generations(void **state)
{
    (void)state;
    gs_run r;
    paused_then_fastest(&r, "experiments/ants/default.ini --no-log");
    assert_non_null(strstr(gs_str(r.line[0], "banner"), "Shift+N one generation"));
    assert_non_null(strstr(gs_str(r.line[1], "speed_line"), "generations/frame"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_counts_periods_and_ticks),
        cmocka_unit_test(ants_count_generations),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
