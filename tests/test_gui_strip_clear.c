// The message strip keeps clear of the brain inspector: in an ants replay at
// the limit, P's two-line message hid the box's bottom row ("food side")
// where the best ant's box sat low in the world (the trial; here seed 5).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI

static void the_message_strip_does_not_cover_the_brain_box(void **state)
{
    (void)state;
    const char *script = "at 2 key f\nat gen 3 key f\nat 300 key i\nat 302 key p\nat 304 state\nat 305 quit\n";
    for (int seed = 1; seed <= 6; ++seed) {
        gs_run r;
        gt_script(&r, script,
                  gt_fmt("experiments/ants/default.ini --set run.generations=3 --set run.seed=%d --no-log", seed), 1);
        SDL_Rect m = gt_rect(r.line[0], "message_rect");
        SDL_Rect b = {(int)gs_num(r.line[0], "figures.brain_x"), (int)gs_num(r.line[0], "figures.brain_y"),
                      (int)gs_num(r.line[0], "figures.brain_w"), (int)gs_num(r.line[0], "figures.brain_h")};
        if (m.w <= 0 || b.w <= 0) fail_msg("seed %d: no message (w %d) or no brain box (w %d)", seed, m.w, b.w);
        if (SDL_HasIntersection(&m, &b))
            fail_msg("seed %d: the message strip %d,%d %dx%d covers the brain box %d,%d %dx%d", seed, m.x, m.y, m.w,
                     m.h, b.x, b.y, b.w, b.h);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_message_strip_does_not_cover_the_brain_box),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
