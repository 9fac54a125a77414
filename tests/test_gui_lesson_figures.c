// What the steering lessons quote is on the screen (issue 10, a classroom
// trial): hide's lesson counted hiders with an obstacle between them and
// the hunter ("5 of 29 at the start"), a figure the window did not show;
// interpose's spoke of the midpoint of the two wanderers, which was not
// drawn. The panel shows "hidden" (and `state` reports it), interpose draws
// the midpoint as a white ring and its legend says so. (Their numbers are
// checked against the simulation in test_steering_lessons.)
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "png_count.h"

static void hide_shows_how_many_hide(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 state\nat 300 state\nat 301 quit\n", "--no-log experiments/steering/hide.ini", 2);
    // The lesson: "reads 5 of 29 at the start and nearly all after 5 s".
    assert_int_equal((int)gs_num(r.line[0], "figures.hidden"), 5);
    assert_true(gs_num(r.line[1], "figures.hidden") >= 23);
    gs_free(&r);
}

static void interpose_draws_the_midpoint_and_names_it(void **state)
{
    (void)state;
    const char *png = gs_path("interpose.png");
    gs_run r;
    gt_script(&r, gt_fmt("at 600 shot %s\nat 600 state\nat 601 key l\nat 602 state\nat 603 quit\n", png),
              "--no-log experiments/steering/interpose.ini", 2);
    SDL_Rect world = gt_rect(r.line[0], "world_rect");
    const char *marks = gs_find(r.line[1], "lesson_marks"), *end = marks ? strchr(marks, ']') : NULL;
    const char *ring = marks ? strstr(marks, "\"white ring\"") : NULL;
    if (!ring || ring > end) fail_msg("marks: %.400s", marks ? marks : r.line[1]);
    gs_free(&r);
    // The ring (7 px, 1 px wide) and its dot, in their own white: the
    // vehicles are (200,210,230), the wander point (255,255,224).
    SDL_Color white = {240, 240, 240, 255};
    int w, h, n = png_count_colour(png, &world, white, 8, &w, &h);
    if (n < 20) fail_msg("%d midpoint pixels in the world", n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hide_shows_how_many_hide),
        cmocka_unit_test(interpose_draws_the_midpoint_and_names_it),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
