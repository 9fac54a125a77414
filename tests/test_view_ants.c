// The ants view in the GUI shell, offscreen: a logged run, a click on an ant
// (its brain), G and Y toggles, B replaying the best ant of a stored
// generation, [ and ] moving between generations, B back. Mostly a smoke test
// for the sanitizers; the replay itself is checked exactly in test_ants.c.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#ifdef ALIFE_HAVE_GUI
#include "gui/gui.h"
#include "gui_events.h"

static void push_click(int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = SDL_PRESSED;
    e.button.x = x;
    e.button.y = y;
    assert_int_equal(SDL_PushEvent(&e), 1);
}

static void frame(al_gui *g)
{
    al_gui_handle_events(g);
    al_gui_update(g);
    al_gui_draw(g);
    al_gui_present(g);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

static void the_ants_view_draws_clicks_and_replays(void **state)
{
    (void)state;
    char dir[] = "/tmp/alife-view-ants-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char db[128], shot1[128], shot2[128];
    snprintf(db, sizeof db, "%s/runs.db", dir);
    snprintf(shot1, sizeof shot1, "%s/a.png", dir);
    snprintf(shot2, sizeof shot2, "%s/b.png", dir);
    const char *sets[] = {"ants.ticks=200", "ants.mines=true"};
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = "ants";
    o.sets = sets;
    o.set_count = 2;
    o.db_path = db;
    o.shot_dir = dir;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fprintf(stderr, "al_create_gui: %s\n", err.msg);
    assert_non_null(g);
    assert_string_equal(al_gui_mode(g), "ants");
    assert_int_equal(al_gui_run_ticks(g, 650), 650); // three generations and a bit
    assert_true(al_gui_generations(g) >= 3);
    frame(g); // commits the logged generations
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    push_click(world.x + world.w / 2, world.y + world.h / 2); // most likely nobody: deselects
    push_key(SDLK_g);
    push_key(SDLK_y);
    frame(g);
    assert_int_equal(al_gui_save_png(g, shot1, &err), AL_OK);
    push_key(SDLK_b); // replay the last stored generation's best ant
    for (int i = 0; i < 5; ++i) frame(g);
    push_key(SDLK_LEFTBRACKET);
    for (int i = 0; i < 5; ++i) frame(g);
    push_key(SDLK_RIGHTBRACKET);
    for (int i = 0; i < 30; ++i) frame(g); // past the replay's 200 ticks: its fitness shows
    assert_int_equal(al_gui_save_png(g, shot2, &err), AL_OK);
    assert_true(file_size(shot1) > 1000 && file_size(shot2) > 1000);
    push_key(SDLK_b); // back to the population
    frame(g);
    assert_true(al_gui_has_session(g));
    al_destroy_gui(g);
    if (getenv("ALIFE_KEEP_TEST_FILES")) { // to look at the pictures
        printf("kept %s\n", dir);
        return;
    }
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}
#else
static void the_ants_view_draws_clicks_and_replays(void **state)
{
    (void)state;
    skip(); // no GUI in this build
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_ants_view_draws_clicks_and_replays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
