// The panel's Keys line lists only keys that act now (issue 10 trial): after
// "strings solved" it still listed F, E and J, which refuse there, and at
// the generation limit F, which does nothing there (E and J evolve on).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Whether the Keys line of state line json lists the key labelled label;
// the test fails when the line reports no Keys line.
static bool listed(const char *json, const char *label)
{
    const char *a = strstr(json, "\"panel_keys\":[");
    if (!a) fail_msg("no panel_keys in %s", json);
    const char *end = strchr(a, ']');
    char q[32];
    snprintf(q, sizeof q, "\"%s\"", label);
    const char *k = strstr(a, q);
    return k && k < end;
}

// The state lines of script run in a window of args with the Keys section
// opened by a click on its heading (where a first window drew it) at frame 3.
static void keys_open(gs_run *r, const char *args, const char *script, int lines)
{
    gs_run first;
    gt_script(&first, "at 3 state\nat 4 quit\n", args, 1);
    gt_box k = gt_section(first.line[0], "Keys");
    gs_free(&first);
    gt_script(r, gt_fmt("at 3 click %d %d\n%s", k.x + 20, k.y + 8, script), args, lines);
}

static void after_the_goal_the_refused_keys_are_not_listed(void **state)
{
    (void)state;
    gs_run r;
    keys_open(&r, "experiments/estrings/hello.ini --no-log", "at 5 state\nat 6 key f\nat 600 state\nat 601 quit\n", 2);
    const char *before = r.line[0], *after = r.line[1];
    // under way they act, and are listed
    if (!listed(before, "F") || !listed(before, "E") || !listed(before, "J"))
        fail_msg("under way the Keys line lacks F, E or J: %s", before);
    if (!gs_bool(after, "finished") || !strstr(gs_str(after, "header"), "goal"))
        fail_msg("not at the goal by frame 600: %s", gs_str(after, "header"));
    static const char *const refused[] = {"F", "E", "J", "N"};
    for (int i = 0; i < 4; ++i)
        if (listed(after, refused[i])) fail_msg("after the goal the Keys line lists %s: %s", refused[i], after);
    assert_true(listed(after, "R")); // a new run acts
    assert_true(listed(after, "Space"));
    gs_free(&r);
}

static void at_the_limit_f_is_not_listed_e_and_j_are(void **state)
{
    (void)state;
    gs_run r;
    keys_open(&r,
              "experiments/estrings/hello.ini --no-log --set run.generations=20 --set "
              "estrings.target='The quick brown fox jumps over the lazy dog again and again'",
              "at 5 key f\nat 200 state\nat 201 quit\n", 1);
    const char *l = r.line[0];
    if (!gs_bool(l, "finished")) fail_msg("not at the limit by frame 200: %s", gs_str(l, "header"));
    if (listed(l, "F")) fail_msg("at the limit the Keys line lists F (it does nothing there): %s", l);
    if (!listed(l, "E") || !listed(l, "J")) fail_msg("at the limit the Keys line lacks E or J: %s", l);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(after_the_goal_the_refused_keys_are_not_listed),
        cmocka_unit_test(at_the_limit_f_is_not_listed_e_and_j_are),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
