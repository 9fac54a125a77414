// At the default 1280x800 the whole side panel fits (issue 10 item 9): no
// section is cut under "more below". The trial found the Keys section cut
// in the steering lessons hide, fcas and pursuit_evade (the flock's figures
// a line each), and in the ants lesson at its limit, where the Replay
// section (replayed and logged best and mean on two kv lines, the mean's
// wrapped) pushed Keys below the fold.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Every section of the state line json is shown whole (not cut).
static void nothing_cut(const char *json, const char *what)
{
    const char *s = strstr(json, "\"sections\":[");
    if (!s) fail_msg("%s: no sections in %s", what, json);
    const char *end = strchr(s, ']');
    const char *cut = strstr(s, "\"cut\":true");
    if (cut && cut < end) fail_msg("%s: a section is cut: %.*s", what, (int)(end - s + 1), s);
    assert_true(gt_has_section(json, "Keys"));
    assert_false(gt_section(json, "Keys").cut);
}

static void steering_lessons_fit_at_1280x800(void **state)
{
    (void)state;
    const char *lessons[] = {"hide", "fcas", "pursuit_evade"};
    for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; ++i) {
        gs_run r;
        gt_script(&r, "at 30 state\nat 200 state\nat 201 quit\n",
                  gt_fmt("--no-log experiments/steering/%s.ini", lessons[i]), 2);
        for (int k = 0; k < r.n; ++k) {
            assert_int_equal((int)gs_num(r.line[k], "window.width"), 1280);
            assert_int_equal((int)gs_num(r.line[k], "window.height"), 800);
            nothing_cut(r.line[k], lessons[i]);
        }
        gs_free(&r);
    }
}

static void ants_at_its_limit_fits_at_1280x800(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 3 state\nat 80 state\nat 81 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120",
                     gs_path("fit.db")),
              2);
    for (int k = 0; k < r.n; ++k) {
        // at the limit, replaying its last generation
        if (!gt_has_section(r.line[k], "Replay")) fail_msg("no Replay section: %s", r.line[k]);
        nothing_cut(r.line[k], "ants at its limit");
    }
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_lessons_fit_at_1280x800),
        cmocka_unit_test(ants_at_its_limit_fits_at_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
