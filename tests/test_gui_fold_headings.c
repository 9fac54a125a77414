// The panel's folding headings ("Parameters (+ click to open)", "Keys (+
// click to open; H: all, the view's too)") are never cut: at 720x480 the
// Keys heading read "Keys (+ click to open; H: all, the view's t" in every
// mode (trial8). Each mode, scrolled to the panel's end at 720x480 and
// 1280x800, shows both headings whole, closed and, after a click, open.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void heading_whole(const char *json, const char *name, const char *what)
{
    gt_box b = gt_section(json, name);
    if (b.h <= 0) fail_msg("%s: the %s section is not shown (%d px high)", what, name, b.h);
    if (b.cut) fail_msg("%s: the %s section's text is cut: %s", what, name, json);
}

static void headings_whole_in(const char *mode, int w, int h)
{
    char what[96];
    snprintf(what, sizeof what, "%s at %dx%d", mode, w, h);
    // to the end of the panel, look; open Keys with a click on its heading
    // (where the first state says it is), look again
    gs_run r;
    gt_script(&r, "at 5 key pagedown\nat 6 key pagedown\nat 7 key pagedown\nat 8 key pagedown\nat 10 state\nat 11 quit\n",
              gt_fmt("--mode %s --no-log --width %d --height %d", mode, w, h), 1);
    heading_whole(r.line[0], "Keys", what);
    heading_whole(r.line[0], "Parameters", what);
    gt_box k = gt_section(r.line[0], "Keys");
    gs_free(&r);
    gs_run r2;
    gt_script(&r2,
              gt_fmt("at 5 key pagedown\nat 6 key pagedown\nat 7 key pagedown\nat 8 key pagedown\nat 10 click %d %d\n"
                     "at 11 key pagedown\nat 12 key pagedown\nat 14 state\nat 15 quit\n",
                     k.x + 20, k.y + 8),
              gt_fmt("--mode %s --no-log --width %d --height %d", mode, w, h), 1);
    const char *ks = strstr(r2.line[0], "{\"name\":\"Keys\"");
    if (!ks || gs_bool(ks, "collapsed")) fail_msg("%s: a click on the Keys heading did not open it", what);
    strcat(what, ", Keys open");
    heading_whole(r2.line[0], "Keys", what);
    gs_free(&r2);
}

static void fold_headings_are_whole(void **state)
{
    (void)state;
    static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};
    for (int i = 0; i < 5; ++i) {
        headings_whole_in(modes[i], 720, 480);
        headings_whole_in(modes[i], 1280, 800);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(fold_headings_are_whole)};
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
