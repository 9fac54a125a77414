// The ants view in the GUI shell, offscreen: a logged run, a click on an ant
// (its brain), G and Y toggles, B replaying the best ant of a stored
// generation, [ and ] moving between generations, B back. The pictures are
// read back: the click lands on an ant found in the picture and selects it
// (accent colour), B shows one ant instead of the population and the replay
// heading, [ changes the panel. The replay itself is checked exactly in
// test_ants.c.
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
#include "png_count.h"

// The first pixel (row by row) within tol of c inside rect, or false.
static bool png_find_colour(const char *path, SDL_Rect r, SDL_Color c, int tol, int *fx, int *fy)
{
    for (int y = r.y; y < r.y + r.h; y += 2) {
        SDL_Rect row = {r.x, y, r.w, 2};
        int w, h;
        if (png_count_colour(path, &row, c, tol, &w, &h) <= 0) continue;
        for (int x = r.x; x < r.x + r.w; ++x) {
            SDL_Rect px = {x, y, 1, 2};
            if (png_count_colour(path, &px, c, tol, &w, &h) > 0) {
                *fx = x;
                *fy = y;
                return true;
            }
        }
    }
    return false;
}

static int count_in(const char *path, SDL_Rect r, SDL_Color c)
{
    int w, h;
    return png_count_colour(path, &r, c, 8, &w, &h);
}

static const SDL_Color AGENT = {200, 210, 230, 255}, ACCENT = {110, 180, 255, 255},
                       WARN = {250, 210, 90, 255}, TEXT = {226, 230, 238, 255};

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

static void the_ants_view_draws_clicks_and_replays(void **state)
{
    (void)state;
    char dir[] = "/tmp/alife-view-ants-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char db[128], shot0[128], shot1[128], shot2[128], shot3[128];
    snprintf(db, sizeof db, "%s/runs.db", dir);
    snprintf(shot0, sizeof shot0, "%s/0.png", dir);
    snprintf(shot1, sizeof shot1, "%s/a.png", dir);
    snprintf(shot2, sizeof shot2, "%s/b.png", dir);
    snprintf(shot3, sizeof shot3, "%s/c.png", dir);
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
    // Click on an ant, found in the picture (an ant's colour, not the
    // brain's box at the top right): it is selected and drawn in the accent.
    assert_int_equal(al_gui_save_png(g, shot0, &err), AL_OK);
    SDL_Rect left = {world.x, world.y + world.h / 4, world.w, world.h - world.h / 4}; // below the box
    int ax = 0, ay = 0;
    assert_true(png_find_colour(shot0, left, AGENT, 8, &ax, &ay));
    push_click(ax + 1, ay + 1);
    push_key(SDLK_g);
    push_key(SDLK_y);
    frame(g);
    assert_int_equal(al_gui_save_png(g, shot1, &err), AL_OK);
    assert_true(count_in(shot1, left, ACCENT) > count_in(shot0, left, ACCENT) + 30);
    int population = count_in(shot1, left, AGENT);
    assert_true(population > 100); // the 30 ants
    push_key(SDLK_b); // replay the last stored generation's best ant
    for (int i = 0; i < 5; ++i) frame(g);
    push_key(SDLK_LEFTBRACKET); // the generation before
    for (int i = 0; i < 5; ++i) frame(g);
    assert_int_equal(al_gui_save_png(g, shot3, &err), AL_OK);
    push_key(SDLK_RIGHTBRACKET); // and back
    for (int i = 0; i < 30; ++i) frame(g); // past the replay's 200 ticks: its fitness shows
    assert_int_equal(al_gui_save_png(g, shot2, &err), AL_OK);
    // B: one ant replayed instead of the population, and the panel's replay
    // heading in the warning colour; [ ]: another generation, other text.
    assert_true(count_in(shot2, left, AGENT) < population / 4);
    assert_true(count_in(shot2, panel, WARN) > count_in(shot1, panel, WARN) + 100);
    assert_true(count_in(shot3, panel, TEXT) != count_in(shot2, panel, TEXT) ||
                count_in(shot3, panel, WARN) != count_in(shot2, panel, WARN));
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
