// The steering view draws nothing of the world past the world rectangle
// (issue 10, a classroom trial): boids' force lines (D) near the edges ran
// over the caption under the world and the margin beside it, and wander's
// and arrive's circles were drawn unclipped too. `state` counts the marks
// the drawing helpers drew past the rectangle without a clip keeping them
// on it ("world_marks_outside"); the screenshot shows no force colour in the
// margins.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "png_count.h"

// A state line every 20 frames from frame `from` for `lines` lines, after
// `first` (script lines run before), then quit; the most marks outside seen.
static int most_outside(const char *first, int from, int lines, const char *args)
{
    char script[4096];
    size_t len = (size_t)snprintf(script, sizeof script, "%s", first);
    for (int k = 0; k < lines; ++k)
        len += (size_t)snprintf(script + len, sizeof script - len, "at %d state\n", from + 20 * k);
    snprintf(script + len, sizeof script - len, "at %d quit\n", from + 20 * lines);
    gs_run r;
    gt_script(&r, script, args, lines);
    int most = 0;
    for (int k = 0; k < r.n; ++k) {
        int n = (int)gs_num(r.line[k], "world_marks_outside");
        most = n > most ? n : most;
    }
    gs_free(&r);
    return most;
}

static void boids_forces_stay_in_the_world(void **state)
{
    (void)state;
    // Seed 1's flock crosses the wrapped edges within 4 s: rays there reached
    // over the caption (the old build drew four past the frame at tick 200).
    assert_int_equal(most_outside("at 2 key d\n", 20, 20, "--no-log experiments/steering/boids.ini"), 0);
    const char *png = gs_path("boids_forces.png");
    gs_run r;
    gt_script(&r, gt_fmt("at 2 key d\nat 200 shot %s\nat 200 state\nat 201 quit\n", png),
              "--no-log experiments/steering/boids.ini", 1);
    SDL_Rect world = gt_rect(r.line[0], "world_rect"), area = gt_rect(r.line[0], "world_area");
    gs_free(&r);
    int wx = world.x, wy = world.y, ww = world.w, wh = world.h, ax = area.x, ay = area.y, aw = area.w, ah = area.h;
    SDL_Rect margins[4] = {{ax, ay, wx - ax - 1, ah},
                           {wx + ww + 1, ay, ax + aw - wx - ww - 1, ah},
                           {ax, ay, aw, wy - ay - 1},
                           {ax, wy + wh + 1, aw, ay + ah - wy - wh - 1}};
    SDL_Color alignment = {90, 140, 255, 255}; // the alignment force's blue, opaque
    for (int k = 0; k < 4; ++k) {
        if (margins[k].w <= 0 || margins[k].h <= 0) continue;
        int w, h, n = png_count_colour(png, &margins[k], alignment, 24, &w, &h);
        if (n != 0) fail_msg("%d force pixels in the margin %d (%d,%d %dx%d)", n, k, margins[k].x, margins[k].y,
                             margins[k].w, margins[k].h);
    }
}

static void wander_circles_stay_in_the_world(void **state)
{
    (void)state;
    // The wanderer's circle ahead crosses the wrapped edges in 20 s (the
    // old drawing left it past the frame in most of these states).
    assert_int_equal(most_outside("", 20, 60, "--no-log experiments/steering/wander.ini"), 0);
}

static void arrive_circle_stays_in_the_world(void **state)
{
    (void)state;
    // The target clicked into the world's top left corner: its arrive radius
    // (100) reaches far past the frame.
    gs_run r;
    gt_script(&r, "at 1 state\nat 2 quit\n", "--no-log experiments/steering/arrive.ini", 1);
    SDL_Rect world = gt_rect(r.line[0], "world_rect");
    gs_free(&r);
    const char *click = gt_fmt("at 2 click %d %d\n", world.x + 16, world.y + 14);
    assert_int_equal(most_outside(click, 20, 15, "--no-log experiments/steering/arrive.ini"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(boids_forces_stay_in_the_world),
        cmocka_unit_test(wander_circles_stay_in_the_world),
        cmocka_unit_test(arrive_circle_stays_in_the_world),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
