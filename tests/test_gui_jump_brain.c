// The jump prompt (J) drops onto the world's top edge where the banner
// leaves it no room (720x480), and the brain inspector (I) of an ant near
// the top sat under it: each hid the other's edge. The prompt now keeps
// clear of the inspector (the top edge, else the bottom one, else beside
// the box), at 720x480 and at 1280x800.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>

static void prompt_and_inspector_apart(int w, int h)
{
    gs_run r;
    gt_script(
        &r,
        gt_fmt("at 1 resize %d %d\nat 2 key f\nat gen 2 key f\nat gen 2 key space\nat 150 key i\n"
               "at 152 key j\nat 155 type \"12\"\nat 160 state\nat 161 quit\n",
               w, h),
        "--no-log experiments/ants/default.ini --set ants.ticks=40 --set run.generations=20", 1);
    const char *l = r.line[0];
    if (!gs_overlay(l, "jump") || !gs_overlay(l, "brain"))
        fail_msg("%dx%d: the prompt and the inspector are not both open", w, h);
    SDL_Rect brain = {(int)gs_num(l, "figures.brain_x"), (int)gs_num(l, "figures.brain_y"),
                      (int)gs_num(l, "figures.brain_w"), (int)gs_num(l, "figures.brain_h")};
    assert_true(brain.w > 0);
    // The badges: the banner, then the prompt.
    const char *b = gs_find(l, "badges");
    assert_non_null(b);
    int n = 0;
    for (const char *p = strstr(b, "{\"x\":"); p && p < strchr(b, ']');
         p = strstr(p + 1, "{\"x\":"), ++n) {
        SDL_Rect t = {(int)gs_num(p, "x"), (int)gs_num(p, "y"), (int)gs_num(p, "w"),
                      (int)gs_num(p, "h")};
        if (SDL_HasIntersection(&t, &brain))
            fail_msg("%dx%d: badge %d (%d,%d %dx%d) overlaps the brain box (%d,%d %dx%d)", w, h, n,
                     t.x, t.y, t.w, t.h, brain.x, brain.y, brain.w, brain.h);
    }
    assert_int_equal(n, 2);
    gs_free(&r);
}

static void apart_at_720x480(void **state)
{
    (void)state;
    prompt_and_inspector_apart(720, 480);
}

static void apart_at_1280x800(void **state)
{
    (void)state;
    prompt_and_inspector_apart(1280, 800);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(apart_at_720x480),
        cmocka_unit_test(apart_at_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
