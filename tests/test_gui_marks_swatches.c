// The ants panel's Marks legend drew a swatch for each mark but had no
// entry for the "3 ants" label of ants standing together, the pinned ant's
// double ring (P, own worlds) or the white rings where food was just
// eaten, which the lesson's legend (L) names: each now has its swatch, drawn
// as the world draws it, and the pin only where there is one to make.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The state line's panel_marks entry for label ("label: swatch"), or fails.
static void has_mark(const char *l, const char *label, const char *swatch)
{
    const char *p = strstr(l, "\"panel_marks\":[");
    if (!p) fail_msg("no panel_marks in the state line");
    const char *end = strchr(p, ']');
    char want[120];
    snprintf(want, sizeof want, "\"%s: %s\"", label, swatch);
    const char *at = strstr(p, want);
    if (!at || at > end) fail_msg("no '%s: %s' in %.*s", label, swatch, (int)(end - p), p);
}

static void every_mark_has_its_swatch(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 20 state\nat 21 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own", 1);
    has_mark(r.line[0], "together", "text"); // the white "3 ants" sample
    has_mark(r.line[0], "pinned (P)", "double-ringed ant");
    has_mark(r.line[0], "just eaten", "ring");
    gs_free(&r);
    gt_script(&r, "at 20 state\nat 21 quit\n", "--no-log experiments/ants/default.ini", 1);
    has_mark(r.line[0], "together", "text");
    if (strstr(r.line[0], "\"pinned (P): "))
        fail_msg("a pin in the shared world, where P pins nothing");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_mark_has_its_swatch),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
