// Each mode keeps its own panel scroll (trial 8): at 720x480, ants scrolled
// by PgDn PgDn, then 4 opened XOR scrolled by 110 pixels, its status row
// (the header and the speed line) out of sight. Now a mode opens with its
// panel at the top, and one shown again is where it was left.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// The Status section is in sight, whole, under the fixed title and tabs.
static void status_in_sight(const char *l, const char *what)
{
    gt_box st = gt_section(l, "Status");
    if (st.h <= 0 || st.cut) fail_msg("%s: the Status section is out of sight or cut: %s", what, l);
    if (gs_num(l, "scroll.offset") != 0) fail_msg("%s: scrolled by %g", what, gs_num(l, "scroll.offset"));
    SDL_Rect hr = gt_rect(l, "header_rect");
    if (!(hr.y >= st.y && hr.y + hr.h <= st.y + st.h)) fail_msg("%s: the header at y %d, Status %d..%d", what, hr.y,
                                                                 st.y, st.y + st.h);
}

static void a_mode_opens_at_the_top_and_keeps_its_scroll(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 5 key pagedown\nat 6 key pagedown\nat 8 state\n"
              "at 9 key 4\nat 12 state\n"
              "at 13 key 5\nat 16 state\n"
              "at 17 key 3\nat 20 state\nat 21 quit\n",
              "--mode ants --width 720 --height 480 --no-log", 4);
    double ants_scroll = gs_num(r.line[0], "scroll.offset");
    if (!(ants_scroll > 0)) fail_msg("PgDn PgDn did not scroll the ants panel: %s", r.line[0]);
    assert_string_equal(gs_str(r.line[1], "mode"), "xor");
    status_in_sight(r.line[1], "4 after ants PgDn PgDn");
    assert_string_equal(gs_str(r.line[2], "mode"), "pole");
    status_in_sight(r.line[2], "5 after xor");
    // back in ants: where it was left
    assert_string_equal(gs_str(r.line[3], "mode"), "ants");
    if (gs_num(r.line[3], "scroll.offset") != ants_scroll)
        fail_msg("ants shown again scrolled by %g, left at %g", gs_num(r.line[3], "scroll.offset"), ants_scroll);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_mode_opens_at_the_top_and_keeps_its_scroll),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
