// The header (the status line over the panel) counts what the module has:
// steering has no generations (its report periods only measure), so it says
// the simulated time and ticks; it said "generations N done" (issue 10).
// An evolving module still counts its generations.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_script.h"

static void steering_counts_time_not_generations(void **state)
{
    (void)state;
    gs_run r;
    // 300 ticks of boids at dt = 1/60 s: 5 s simulated, 5 report periods.
    gs_run_script(&r, "at tick 300 key space\nat 400 state\nat 401 quit\n",
                  "--no-log experiments/steering/boids.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 1);
    const char *h = gs_str(r.line[0], "header");
    if (strstr(h, "generation")) fail_msg("the steering header counts generations: '%s'", h);
    int ticks = (int)gs_num(r.line[0], "tick");
    assert_true(ticks >= 300);
    char want[64];
    snprintf(want, sizeof want, "tick %d", ticks);
    if (!strstr(h, want)) fail_msg("no '%s' in the header '%s'", want, h);
    snprintf(want, sizeof want, "time %.1f s", ticks * 0.0166667);
    if (!strstr(h, want)) fail_msg("no '%s' in the header '%s'", want, h);
    gs_free(&r);
}

static void an_evolving_module_counts_its_generations(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at gen 2 key space\nat 400 state\nat 401 quit\n",
                  "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 1);
    char want[64];
    snprintf(want, sizeof want, "gen %d of 5000", (int)gs_num(r.line[0], "generation"));
    if (!strstr(gs_str(r.line[0], "header"), want))
        fail_msg("no '%s' in '%s'", want, gs_str(r.line[0], "header"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_counts_time_not_generations),
        cmocka_unit_test(an_evolving_module_counts_its_generations),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
