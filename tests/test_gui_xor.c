// The XOR view, offscreen: registered for the module, key 4 opens the XOR
// mode, and the drawn network grows: no hidden node (yellow) at the start,
// hidden nodes once XOR is solved, and the truth table's outputs all in the
// "right side of 0.5" green.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/xor.h"
#include "gui/gui.h"
#include "gui/view.h"
#include "gui_events.h"
#include "gui_script.h"
#include "png_count.h"

// world.* keys in the Parameters section's list (none: XOR has no world).
static int listed_world_keys(const char *json)
{
    const char *p = gs_find(json, "parameters"), *end = p ? strchr(p, ']') : NULL;
    if (!p) fail_msg("no parameters in %s", json);
    int n = 0;
    for (const char *h = strstr(p, "\"world."); h && h < end; h = strstr(h + 1, "\"world."))
        n++;
    return n;
}

static void the_view_is_registered_for_xor(void **state)
{
    (void)state;
    const al_view *v = al_view_find("xor");
    assert_non_null(v);
    assert_non_null(v->draw);
    assert_non_null(v->panel);
}

static void key_4_opens_the_xor_mode(void **state)
{
    (void)state;
    al_gui *g = gt_open_gui("estrings", 1280, 800);
    push_key(SDLK_4);
    al_gui_handle_events(g);
    assert_string_equal(al_gui_mode(g), "xor");
    al_destroy_gui(g);
}

static int count_in_world(al_gui *g, SDL_Color c)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/alife-test-xor-%d.png", (int)getpid());
    al_gui_draw(g);
    alError err = {0};
    assert_int_equal(al_gui_save_png(g, path, &err), AL_OK);
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    int w, h;
    int n = png_count_colour(path, &world, c, 10, &w, &h);
    remove(path);
    return n;
}

static void hidden_nodes_appear_as_neat_adds_them(void **state)
{
    (void)state;
    al_gui *g = gt_open_gui("xor", 1280, 800);
    al_gui_run_ticks(g, 1);
    int hidden0 = count_in_world(g, AL_COL_WARN);
    al_gui_run_ticks(g, 500); // stops when solved
    int hidden1 = count_in_world(g, AL_COL_WARN);
    int green = count_in_world(g, AL_COL_GOOD);
    al_destroy_gui(g);
    assert_int_equal(hidden0, 0); // generation 0: inputs wired straight to the output
    assert_true(hidden1 > 300);   // at least one hidden disc (radius 14 world units)
    assert_true(green > 50);      // four outputs and "solved" in green
}

// The mode opens slow enough for a class to watch the hidden nodes and the
// species appear (one generation a second: 60 frames), the speed keys still
// run it to the solution, and the panel's species count is the
// generation's the chart and `state` give. (At 4 generations a second
// seed 1 was solved about 3.5 s after the window opened.)
static void opens_at_a_speed_a_class_can_watch(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 30 state\n"
                  "at 250 state\n"
                  "at 251 key =\nat 252 key =\nat 253 key =\nat 254 key =\nat 255 key =\nat 256 key =\n"
                  "at 257 key =\n"
                  "at 600 state\n"
                  "at 601 quit\n",
                  "--no-log experiments/xor/xor.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    assert_string_equal(gs_str(r.line[0], "mode"), "xor");
    assert_true(fabs(gs_num(r.line[0], "speed") - 1.0 / 60) < 1e-4); // one generation a second
    assert_true(gs_num(r.line[0], "generation") == 0);   // half a second in: none yet
    // 250 frames (about 4 s at 60 frames a second): about 4 generations, not solved
    assert_true(gs_num(r.line[1], "generation") >= 3 && gs_num(r.line[1], "generation") <= 5);
    assert_false(gs_bool(r.line[1], "finished"));
    assert_true(gs_bool(r.line[2], "finished")); // solved once faster
    for (int i = 1; i < 3; ++i)
        assert_true(gs_num(r.line[i], "figures.panel_species") == gs_num(r.line[i], "figures.species"));
    assert_int_equal(listed_world_keys(r.line[2]), 0);
    gs_free(&r);
}

// At 720x480 the GOAL banner of XOR and of pole fits in the world's area
// (it was cut at the panel).
static void the_goal_banner_fits_a_small_window(void **state)
{
    (void)state;
    const char *args[2] = {"--no-log experiments/xor/xor.ini", "--no-log experiments/pole/double.ini"};
    for (int k = 0; k < 2; ++k) {
        gs_run r;
        gs_run_script(&r,
                      "at 1 resize 720 480\nat 2 key =\nat 3 key =\nat 4 key =\nat 5 key =\nat 6 key =\n"
                      "at 300 state\nat 301 quit\n",
                      args[k]);
        assert_int_equal(r.status, 0);
        assert_int_equal(r.n, 1);
        assert_true(gs_bool(r.line[0], "finished"));
        const char *b = gs_find(r.line[0], "badges");
        assert_non_null(b);
        assert_true(b[0] == '[' && b[1] == '{');
        double bx = gs_num(b + 1, "x"), bw = gs_num(b + 1, "w");
        double right = gs_num(r.line[0], "world_rect.x") + gs_num(r.line[0], "world_rect.w");
        if (!(bx + bw <= right)) fail_msg("%s: banner ends at %g, world at %g", args[k], bx + bw, right);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_view_is_registered_for_xor),
        cmocka_unit_test(key_4_opens_the_xor_mode),
        cmocka_unit_test(hidden_nodes_appear_as_neat_adds_them),
        cmocka_unit_test(opens_at_a_speed_a_class_can_watch),
        cmocka_unit_test(the_goal_banner_fits_a_small_window),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
