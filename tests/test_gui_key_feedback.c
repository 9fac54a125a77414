// A key that cannot do what it says tells why, where the user looks: on the
// message strip (a last trial found these silent or contradicting the screen).
//  - strings at 720x480: a refused target's error was only in the Target
//    section, scrolled out of sight;
//  - ants with --no-log: B said why only in its Replay section;
//  - steering: J opened "jump to generation", though steering has none;
//  - pole: B said the view "shows" the best while the world said "replaying";
//  - E off past the limit said "generation limit 3 again" beside the banner's
//    "LIMIT: 5 generations".
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *message_after(const char *script, const char *args, char *out, size_t cap)
{
    gs_run r;
    gt_script(&r, script, args, 1);
    gs_text(r.line[0], "message", out, cap);
    gs_free(&r);
    return out;
}

static void a_refused_target_is_said_on_the_strip_at_720x480(void **state)
{
    (void)state;
    char m[600];
    // once generation 1 is in the table, Target is scrolled out of sight
    // (said once: in sight it is said under the box, test_gui_text_trial)
    message_after("at 32 key t\nat 33 key return\nat 38 state\nat 39 quit\n",
                  "--no-log --width 720 --height 480 experiments/estrings/hello.ini", m, sizeof m);
    if (!strstr(m, "The target is empty")) fail_msg("the strip says '%s'", m);
}

static void b_without_a_database_says_why(void **state)
{
    (void)state;
    char m[600];
    message_after("at 5 key b\nat 6 state\nat 7 quit\n", "--no-log experiments/ants/default.ini", m, sizeof m);
    if (!strstr(m, "replay needs the run database")) fail_msg("the strip says '%s'", m);
}

static void j_in_steering_says_there_are_no_generations(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 key j\nat 6 state\nat 7 quit\n", "--no-log experiments/steering/hide.ini", 1);
    char m[600];
    gs_text(r.line[0], "message", m, sizeof m);
    if (!strstr(m, "steering has no generations")) fail_msg("the strip says '%s'", m);
    char overlays[200]; // no prompt opened
    const char *o = gs_find(r.line[0], "overlays");
    snprintf(overlays, sizeof overlays, "%.*s", (int)(strchr(o, ']') - o + 1), o);
    assert_null(strstr(overlays, "jump"));
    gs_free(&r);
}

static void b_in_pole_says_the_view_replays(void **state)
{
    (void)state;
    char m[600];
    message_after("at 1 key f\nat gen 2 key f\nat gen 2 key b\nat gen 2 state\nat gen 2 quit\n",
                  "--no-log experiments/pole/single.ini", m, sizeof m);
    if (!strstr(m, "already replays the best of generation")) fail_msg("the strip says '%s'", m);
}

static void e_off_past_the_limit_says_where_the_run_ends(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 key f\nat gen 3 key e\nat gen 5 key e\nat gen 5 state\nat gen 5 quit\n",
              "--no-log experiments/ants/default.ini --set run.generations=3", 1);
    char m[600], banner[300], want[80];
    gs_text(r.line[0], "message", m, sizeof m);
    gs_text(r.line[0], "banner", banner, sizeof banner);
    double gens = gs_num(r.line[0], "generation");
    assert_true(gens > 3);
    snprintf(want, sizeof want, "the run ends at %.0f", gens);
    if (!strstr(m, want)) fail_msg("the strip says '%s' (want '%s')", m, want);
    // the banner names what ended it: E, which brought back the limit
    snprintf(want, sizeof want, "ENDED BY E: %.0f generations", gens);
    if (!strstr(banner, want) || !strstr(banner, "brought back the limit of 3"))
        fail_msg("the banner says '%s' (want '%s' and the limit E brought back)", banner, want);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_refused_target_is_said_on_the_strip_at_720x480),
        cmocka_unit_test(b_without_a_database_says_why),
        cmocka_unit_test(j_in_steering_says_there_are_no_generations),
        cmocka_unit_test(b_in_pole_says_the_view_replays),
        cmocka_unit_test(e_off_past_the_limit_says_where_the_run_ends),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
