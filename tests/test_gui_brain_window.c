// What an alife gui --brain FILE window says of itself (trial 8). Its state
// said tick 0 and generation 0 for the whole replay under a header "replay
// of gen 150 tick 310 of 2000", so a script's `at tick N` never came (a script's `at` reads the
// same tick and generation); M
// changed a mutation rate shown "(live)" though nothing evolves; the table
// said "none finished yet" and the plot "no generations yet" for the whole
// replay. Now tick and generation follow the replay, M is refused with a
// plain message and the Evolution section claims nothing live, and the
// table and the plot say what the window is.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// A stored 6-generation ants run exported as generation 5's brain file: the
// window's arguments.
static const char *brain_args(void)
{
    char db[512], path[512];
    gt_brain_file(db, sizeof db, path, sizeof path, "brain_window", 6);
    return gt_fmt("--brain '%s' --no-log", path);
}

static void tick_and_generation_follow_the_replay(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 6 state\nat 9 state\nat 10 quit\n", brain_args(), 3); // 150 ticks at 10 a frame
    for (int i = 0; i < 3; ++i) {
        const char *l = r.line[i];
        if (gs_num(l, "generation") != 5) fail_msg("line %d: not the replayed generation 5: %s", i, l);
        if (gs_num(l, "tick") != gs_num(l, "figures.replay_tick"))
            fail_msg("line %d: tick %g, the replay at %g", i, gs_num(l, "tick"), gs_num(l, "figures.replay_tick"));
        char want[64];
        snprintf(want, sizeof want, "tick %lld of 150", (long long)gs_num(l, "tick"));
        if (!strstr(gs_str(l, "header"), want)) fail_msg("line %d: header '%s', state tick %g", i,
                                                           gs_str(l, "header"), gs_num(l, "tick"));
    }
    assert_true(gs_num(r.line[1], "tick") > gs_num(r.line[0], "tick"));
    assert_true(gs_num(r.line[2], "tick") > gs_num(r.line[1], "tick"));
    gs_free(&r);
}

static void m_is_refused_and_nothing_claims_to_be_live(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 state\nat 10 key m\nat 11 state\nat 12 quit\n", brain_args(), 2);
    const char *m = gs_str(r.line[1], "message");
    if (!strstr(m, "evolves nothing") || strstr(m, "from the next generation"))
        fail_msg("M in a brain file's window: '%s'", m);
    assert_string_equal(gs_str(r.line[1], "last_edit"), "");
    for (int i = 0; i < 2; ++i) {
        gt_value_box v;
        if (gt_has_value(r.line[i], "mutation_rate", &v)) fail_msg("line %d: a live mutation rate value", i);
        assert_true(gt_has_value(r.line[i], "ants", &v)); // A: a new run of its world, as before
    }
    gs_free(&r);
}

static void the_plot_says_what_the_window_is(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 quit\n", brain_args(), 1);
    const char *e = gs_str(r.line[0], "plot_empty");
    if (!strstr(e, "brain file") || strstr(e, "yet")) fail_msg("the empty plot says '%s'", e);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tick_and_generation_follow_the_replay),
        cmocka_unit_test(m_is_refused_and_nothing_claims_to_be_live),
        cmocka_unit_test(the_plot_says_what_the_window_is),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
