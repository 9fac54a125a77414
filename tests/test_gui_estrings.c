// The EStrings view, offscreen: T opens the target box and keys go to it
// (not to the shell), Enter restarts the evolution with the typed target, a
// target outside the alphabet leaves the run as it was, the world view shows
// the solved target in the "right character" green.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <unistd.h>

#include "alife/estrings.h"
#include "gui/gui.h"
#include "gui_events.h"
#include "gui/view.h"

static void the_view_is_registered_for_estrings(void **state)
{
    (void)state;
    const al_view *v = al_view_find("estrings");
    assert_non_null(v);
    assert_non_null(v->draw);
    assert_non_null(v->panel);
    assert_non_null(v->event);
}

static void typing_a_target_and_enter_restarts_the_evolution(void **state)
{
    (void)state;
    al_gui *g = gt_open_gui("estrings", 1280, 800);
    al_gui_run_ticks(g, 10);
    al_gui_draw(g);
    push_key(SDLK_t);
    push_text("t"); // SDL sends the T key as text too: it must not land in the box
    push_text("Hi 3");
    push_key(SDLK_3);     // typed into the box: must not switch the mode
    push_key(SDLK_SPACE); // nor pause
    al_gui_handle_events(g);
    assert_string_equal(al_gui_mode(g), "estrings");
    assert_false(al_gui_paused(g));
    assert_int_equal(al_gui_ticks(g), 10);
    push_key(SDLK_RETURN);
    al_gui_handle_events(g);
    assert_string_equal(alConfig_String(al_gui_config(g), "estrings.target"), "Hi 3");
    assert_int_equal(al_gui_ticks(g), 0); // a new run
    al_gui_run_ticks(g, 2000);            // stops when solved
    assert_true(al_gui_generations(g) < 2000);
    al_gui_draw(g);
    al_destroy_gui(g);
}

static void a_target_outside_the_alphabet_keeps_the_run(void **state)
{
    (void)state;
    al_gui *g = gt_open_gui("estrings", 1280, 800);
    al_gui_run_ticks(g, 12);
    push_key(SDLK_t);
    push_text("t");
    push_text("caf\xe2\x82\xac"); // the euro sign: in no alphabet (an e acute gets latin1)
    push_key(SDLK_RETURN);
    al_gui_handle_events(g);
    assert_int_equal(al_gui_ticks(g), 12); // the same session
    assert_string_equal(alConfig_String(al_gui_config(g), "estrings.target"), "Hello, World!");
    // After Esc the keys belong to the shell again: Space pauses.
    push_key(SDLK_t);
    push_key(SDLK_ESCAPE);
    push_key(SDLK_SPACE);
    assert_true(al_gui_handle_events(g)); // Esc closed the box, it did not quit
    assert_true(al_gui_paused(g));
    al_destroy_gui(g);
}

// The solved target is drawn in the view's "right character" green, and
// before it is solved there are fewer green characters.
static int green_pixels_in_world(al_gui *g)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/alife_estrings_view_%d.png", (int)getpid());
    alError err = {0};
    assert_int_equal(al_gui_save_png(g, path, &err), AL_OK);
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    assert_true(png_image_begin_read_from_file(&pi, path));
    pi.format = PNG_FORMAT_RGBA;
    uint8_t *px = malloc(PNG_IMAGE_SIZE(pi));
    assert_non_null(px);
    assert_true(png_image_finish_read(&pi, NULL, px, 0, NULL));
    remove(path);
    int n = 0;
    for (int y = world.y; y < world.y + world.h && y < (int)pi.height; ++y)
        for (int x = world.x; x < world.x + world.w && x < (int)pi.width; ++x) {
            const uint8_t *q = px + 4 * ((size_t)y * pi.width + (size_t)x);
            n += abs(q[0] - AL_COL_GOOD.r) < 12 && abs(q[1] - AL_COL_GOOD.g) < 12 &&
                 abs(q[2] - AL_COL_GOOD.b) < 12;
        }
    free(px);
    return n;
}

static void the_solved_run_shows_green_characters(void **state)
{
    (void)state;
    al_gui *g = gt_open_gui("estrings", 1280, 800);
    al_gui_run_ticks(g, 1);
    int early = green_pixels_in_world(g);
    al_gui_run_ticks(g, 5000); // stops when solved
    int solved = green_pixels_in_world(g);
    al_destroy_gui(g);
    assert_true(solved > 200);
    assert_true(solved > 2 * early);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_view_is_registered_for_estrings),
        cmocka_unit_test(typing_a_target_and_enter_restarts_the_evolution),
        cmocka_unit_test(a_target_outside_the_alphabet_keeps_the_run),
        cmocka_unit_test(the_solved_run_shows_green_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
