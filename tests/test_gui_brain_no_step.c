// The brain inspector right after J (or B, Shift+N) at a generation's start
// showed "look x +0.00 ... left 0.00 right 0.00" with food in view (trial 6):
// no ant has sensed anything before the generation's first tick, and the
// zeros looked like broken sensors. Now it says "no step yet" and shows the
// names alone until a tick is run, then the values.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Whether the state line's world texts hold one with text.
static bool world_text_has(const char *json, const char *text)
{
    const char *w = strstr(json, "\"world_texts\":[");
    const char *end = w ? strstr(w, "\"world_texts_dropped\"") : NULL;
    const char *t = w ? strstr(w, text) : NULL;
    return t && t < end;
}

static void the_inspector_says_no_step_yet_after_j(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 3 key j\nat 4 type \"1\"\nat 5 key return\n"
              "at 200 key i\nat 201 state\nat 202 key n\nat 203 state\nat 204 quit\n",
              "--no-log experiments/ants/default.ini", 2);
    assert_true(gs_num(r.line[0], "generation") == 1);
    assert_true(gs_num(r.line[0], "figures.brain_stepped") == 0);
    assert_true(gs_num(r.line[0], "figures.brain_values_shown") == 0); // no zeros passed off as sensed
    if (!world_text_has(r.line[0], "no step yet")) fail_msg("the inspector does not say why: %s", r.line[0]);
    // one tick later: sensed values, and no "no step yet"
    assert_true(gs_num(r.line[1], "figures.brain_stepped") == 1);
    assert_true(gs_num(r.line[1], "figures.brain_values_shown") == 1);
    assert_false(world_text_has(r.line[1], "no step yet"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_inspector_says_no_step_yet_after_j),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
