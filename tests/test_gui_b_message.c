// B outside the ants mode says what is true in that mode and state (trial
// T8): XOR at generation 0 and steering both said "this view already shows
// the latest generation's best", though XOR had no generation yet and
// steering has none at all.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static void b_message(const char *script, const char *args, char *out, size_t cap)
{
    gs_run r;
    gt_script(&r, script, args, 1);
    snprintf(out, cap, "%s", gs_str(r.line[0], "message"));
    gs_free(&r);
}

static void steering_says_it_has_no_generations(void **state)
{
    (void)state;
    char m[600];
    b_message("at 5 key b\nat 6 state\nat 7 quit\n", "--no-log experiments/steering/boids.ini", m, sizeof m);
    assert_non_null(strstr(m, "B replays"));
    if (strstr(m, "generation's best") || strstr(m, "already shows") || !strstr(m, "no generations"))
        fail_msg("steering's B message: '%s'", m);
}

static void xor_at_generation_0_says_none_is_done(void **state)
{
    (void)state;
    char m[600];
    b_message("at 5 key b\nat 6 state\nat 7 quit\n", "--no-log experiments/xor/xor.ini", m, sizeof m);
    if (strstr(m, "already shows") || !strstr(m, "no generation is done yet"))
        fail_msg("XOR's B message at generation 0: '%s'", m);
}

static void xor_after_generations_names_the_latest(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 key f\nat gen 3 key f\nat gen 3 key b\nat gen 3 state\nat gen 3 quit\n",
              "--no-log experiments/xor/xor.ini", 1);
    double done = gs_num(r.line[0], "generation");
    char want[64];
    snprintf(want, sizeof want, "best of generation %g, the latest", done - 1);
    const char *m = gs_str(r.line[0], "message");
    if (!strstr(m, want)) fail_msg("XOR's B message after %g generations: '%s'", done, m);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_says_it_has_no_generations),
        cmocka_unit_test(xor_at_generation_0_says_none_is_done),
        cmocka_unit_test(xor_after_generations_names_the_latest),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
