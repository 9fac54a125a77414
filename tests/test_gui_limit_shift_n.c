// Shift+N at the limit refuses as F does (issue 10 trial): it ran one
// generation past the limit as J does, unasked, the banner said "TARGET
// REACHED: 4 generations (0 to 3), past the limit of 3" with no target
// set, and the run's record said "the target jumped to". The Keys line and
// the help at the limit no longer offer it.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *const ants_args =
    "--no-log experiments/ants/default.ini --set run.generations=3 --set ants.ticks=100";

// Whether the array field name of state line json lists the string label.
static bool listed(const char *json, const char *name, const char *label)
{
    char key[40];
    snprintf(key, sizeof key, "\"%s\":[", name);
    const char *a = strstr(json, key);
    if (!a) fail_msg("no %s in %s", name, json);
    const char *end = strchr(a, ']');
    char q[32];
    snprintf(q, sizeof q, "\"%s", label);
    const char *k = strstr(a, q);
    return k && k < end;
}

static void shift_n_at_the_limit_refuses_as_f_does(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 3 key space\nat gen 3 key shift+n\nat 400 state\nat 401 quit\n", ants_args, 1);
    const char *l = r.line[0];
    if (gs_num(l, "generation") != 3 || !gs_bool(l, "finished"))
        fail_msg("Shift+N at the limit of 3 ran on: generation %g, banner '%s'", gs_num(l, "generation"),
                 gs_str(l, "banner"));
    if (strstr(gs_str(l, "banner"), "TARGET")) fail_msg("a target with none set: '%s'", gs_str(l, "banner"));
    const char *msg = gs_str(l, "message");
    if (!strstr(msg, "Shift+N does nothing now") || !strstr(msg, "limit") || !strstr(msg, "E: evolve on"))
        fail_msg("Shift+N at the limit says '%s'", msg);
    gs_free(&r);
}

// The Keys line (opened by a click on its heading) at the limit lists E and
// J, not F and Shift+N.
static void at_the_limit_the_keys_line_offers_no_shift_n(void **state)
{
    (void)state;
    gs_run first, r;
    gt_script(&first, "at 3 state\nat 4 quit\n", ants_args, 1);
    gt_box k = gt_section(first.line[0], "Keys");
    gs_free(&first);
    gt_script(&r, gt_fmt("at 3 click %d %d\nat 4 key f\nat gen 3 state\nat gen 3 quit\n", k.x + 20, k.y + 8),
              ants_args, 1);
    const char *l = r.line[0];
    if (!gs_bool(l, "finished")) fail_msg("not at the limit: %s", gs_str(l, "header"));
    if (listed(l, "panel_keys", "Shift+N")) fail_msg("at the limit the Keys line offers Shift+N: %s", l);
    if (!listed(l, "panel_keys", "E") || !listed(l, "panel_keys", "J"))
        fail_msg("at the limit the Keys line lacks E or J: %s", l);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shift_n_at_the_limit_refuses_as_f_does),
        cmocka_unit_test(at_the_limit_the_keys_line_offers_no_shift_n),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
