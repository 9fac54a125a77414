// P in the ants view gives feedback (trial T17): in own worlds it pinned the
// caption's ant but nothing marked it; in the shared world it did nothing
// and said nothing. Now the pinned ant is ringed (yellow, "pinned"), the
// panel says which ant is pinned and how to unpin, and in the shared world P
// says why there is nothing to pin.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "png_count.h"

static int yellow_in_world(const char *shot, const char *state_line)
{
    SDL_Rect w = {(int)gs_num(state_line, "world_rect.x"), (int)gs_num(state_line, "world_rect.y"),
                  (int)gs_num(state_line, "world_rect.w"), (int)gs_num(state_line, "world_rect.h")};
    int iw, ih;
    return png_count_colour(shot, &w, (SDL_Color){250, 210, 90, 255}, 8, &iw, &ih);
}

static void p_marks_the_pinned_ant_in_own_worlds(void **state)
{
    (void)state;
    char before[512], after[512], script[2048];
    snprintf(before, sizeof before, "%s", gs_path("pin0.png"));
    snprintf(after, sizeof after, "%s", gs_path("pin1.png"));
    // paused, so the world is the same in both shots but for the mark
    snprintf(script, sizeof script,
             "at 20 key space\nat 21 state\nat 22 shot %s\nat 23 key p\nat 24 state\nat 25 shot %s\n"
             "at 26 key p\nat 27 state\nat 28 quit\n",
             before, after);
    gs_run r;
    gt_script(&r, script, "--no-log --set ants.world=own", 3);
    assert_true(gs_num(r.line[0], "figures.pinned") == -1);
    double owner = gs_num(r.line[0], "figures.world_owner");
    // pinned: the ant whose world the caption named, marked, said in the panel
    assert_true(gs_num(r.line[1], "figures.pinned") == owner);
    assert_true(gs_num(r.line[1], "figures.pinned_marked") == 1);
    char want[64];
    snprintf(want, sizeof want, "ant %g pinned", owner);
    const char *note = gs_str(r.line[1], "view_note");
    if (!strstr(note, want)) fail_msg("the panel says '%s', not '%s'", note, want);
    int y0 = yellow_in_world(before, r.line[0]), y1 = yellow_in_world(after, r.line[1]);
    if (!(y1 > y0 + 60)) fail_msg("yellow pixels in the world: %d before P, %d after: no mark drawn", y0, y1);
    // P again: unpinned, the mark gone
    assert_true(gs_num(r.line[2], "figures.pinned") == -1);
    assert_true(gs_num(r.line[2], "figures.pinned_marked") == 0);
    assert_non_null(strstr(gs_str(r.line[2], "view_note"), "unpinned"));
    gs_free(&r);
}

static void p_in_the_shared_world_says_why(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 key p\nat 6 state\nat 7 quit\n", "--no-log --set ants.world=shared", 1);
    assert_true(gs_num(r.line[0], "figures.pinned") == -1);
    const char *note = gs_str(r.line[0], "view_note");
    if (!strstr(note, "ants.world = own") || !strstr(note, "share one world"))
        fail_msg("P in the shared world says '%s'", note);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(p_marks_the_pinned_ant_in_own_worlds),
        cmocka_unit_test(p_in_the_shared_world_says_why),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
