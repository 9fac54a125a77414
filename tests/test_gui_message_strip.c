// The transient one-line messages have a place of their own (trial T6): they
// were drawn half-transparent over the world's caption and the bottom of the
// world, text on text ("this is the ants mode: R starts a new run" over
// "shared world: ...", E's "evolving on ...", J's "generation 1 is already
// done ...", B's in steering). Now the strip never covers the caption or a
// badge, stays in the world area, and is opaque: nothing under it shows.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "png_count.h"

static bool overlap(SDL_Rect a, SDL_Rect b)
{
    return a.w > 0 && b.w > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Runs keys (script lines before frame `at`) in args, then checks the message
// strip in the state line and the shot of frame at + 1.
static void strip_has_its_own_place(const char *keys, int at, const char *args, const char *says)
{
    const char *shot = gs_path("msg.png");
    remove(shot);
    char script[1024];
    snprintf(script, sizeof script, "%sat %d state\nat %d shot %s\nat %d quit\n", keys, at, at + 1, shot, at + 2);
    gs_run r;
    gt_script(&r, script, args, 1);
    const char *l = r.line[0];
    const char *m = gs_str(l, "message");
    if (!strstr(m, says)) fail_msg("%s: the message is '%s', not '%s'", args, m, says);
    SDL_Rect s = gt_rect(l, "message_rect"), cap = gt_rect(l, "caption_rect"), world = gt_rect(l, "world_rect");
    if (s.w <= 0 || s.h <= 0) fail_msg("%s: no message strip drawn", args);
    if (overlap(s, cap))
        fail_msg("%s: the strip %d,%d %dx%d covers the caption %d,%d %dx%d", args, s.x, s.y, s.w, s.h, cap.x, cap.y,
                 cap.w, cap.h);
    const char *b = gs_find(l, "badges");
    if (b && b[1] != ']' && overlap(s, gt_rect(l, "badges"))) fail_msg("%s: the strip covers the first badge", args);
    // in the world area (left of the panel, which starts right of the world)
    assert_true(s.x >= 0 && s.x + s.w <= world.x + world.w + 14);
    // opaque: inside its border, most pixels are the strip's own colour
    SDL_Rect in = {s.x + 1, s.y + 1, s.w - 2, s.h - 2};
    int w, h;
    int n = png_count_colour(shot, &in, (SDL_Color){10, 12, 16, 255}, 1, &w, &h);
    if (n < in.w * in.h / 2)
        fail_msg("%s: %d of %d pixels of the strip are its colour: what is under it shows", args, n, in.w * in.h);
    gs_free(&r);
}

static void mode_key_message_in_ants(void **state)
{
    (void)state;
    strip_has_its_own_place("at 5 key 3\n", 6, "--no-log", "this is the ants mode");
}

static void mode_key_message_at_720x480(void **state)
{
    (void)state;
    strip_has_its_own_place("at 1 resize 720 480\nat 5 key 3\n", 6, "--no-log", "this is the ants mode");
}

static void evolve_on_message(void **state)
{
    (void)state;
    strip_has_its_own_place("at 5 key e\n", 6, "--no-log", "evolving on");
}

static void jump_to_a_done_generation_message(void **state)
{
    (void)state;
    // ants.ticks=100 at 10 ticks a frame: generation 3 is done by frame 40
    strip_has_its_own_place("at 40 key j\nat 41 type \"1\"\nat 42 key return\n", 43, "--no-log --set ants.ticks=100",
                            "already done");
}

static void b_message_in_steering(void **state)
{
    (void)state;
    strip_has_its_own_place("at 5 key b\n", 6, "--no-log experiments/steering/boids.ini", "B");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mode_key_message_in_ants),
        cmocka_unit_test(mode_key_message_at_720x480),
        cmocka_unit_test(evolve_on_message),
        cmocka_unit_test(jump_to_a_done_generation_message),
        cmocka_unit_test(b_message_in_steering),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
