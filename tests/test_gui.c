// GUI smoke tests, all offscreen (SDL's software renderer; no display):
// screenshots are PNGs of the requested size whose panel is not blank, keys
// pushed with SDL_PushEvent switch the mode and pause, F12 writes a PNG, and
// the command line refuses bad input with exit 2.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <png.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gui/gui.h"
#include "gui/plot.h"
#include "gui/png_write.h"
#include "gui/view.h"

// ---- helpers ----------------------------------------------------------------------
typedef struct image {
    int w, h;
    uint8_t *px; // RGBA
} image;

static bool read_png(const char *path, image *img)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) return false;
    pi.format = PNG_FORMAT_RGBA;
    img->w = (int)pi.width;
    img->h = (int)pi.height;
    img->px = malloc(PNG_IMAGE_SIZE(pi));
    if (!img->px || !png_image_finish_read(&pi, NULL, img->px, 0, NULL)) {
        png_image_free(&pi);
        free(img->px);
        return false;
    }
    return true;
}

static bool same_colour(const uint8_t *p, SDL_Color c, int tol)
{
    return abs(p[0] - c.r) <= tol && abs(p[1] - c.g) <= tol && abs(p[2] - c.b) <= tol;
}

// Pixels of rect that differ from colour bg.
static int count_not(const image *img, SDL_Rect r, SDL_Color bg)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < img->h; ++y)
        for (int x = r.x; x < r.x + r.w && x < img->w; ++x)
            if (!same_colour(img->px + 4 * ((size_t)y * (size_t)img->w + (size_t)x), bg, 6)) n++;
    return n;
}

static int count_colour(const image *img, SDL_Rect r, SDL_Color c, int tol)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < img->h; ++y)
        for (int x = r.x; x < r.x + r.w && x < img->w; ++x)
            if (same_colour(img->px + 4 * ((size_t)y * (size_t)img->w + (size_t)x), c, tol)) n++;
    return n;
}

static char tmpdir[256];

static int make_tmpdir(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/alife_test_gui_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

// Runs the alife binary with args (a shell fragment); returns its exit status.
static int run_alife(const char *env, const char *args, const char *errfile)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s '%s' %s >/dev/null 2>'%s'", env ? env : "", ALIFE_BINARY, args,
             errfile ? errfile : "/dev/null");
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool file_contains(const char *path, const char *needle)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strstr(buf, needle) != NULL;
}

static al_gui *offscreen(const char *mode, int w, int h)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = mode;
    o.width = w;
    o.height = h;
    o.shot_dir = tmpdir;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fprintf(stderr, "al_create_gui: %s\n", err.msg);
    return g;
}

static void push_key(SDL_Keycode sym)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = sym;
    assert_int_equal(SDL_PushEvent(&e), 1);
}

// ---- the screenshot command -------------------------------------------------------
static void screenshot_writes_png_of_requested_size_with_a_drawn_panel(void **state)
{
    char out[400], args[600];
    snprintf(out, sizeof out, "%s/shot.png", tmpdir);
    snprintf(args, sizeof args, "screenshot --ticks 20 --width 1000 --height 640 --out '%s'", out);
    assert_int_equal(run_alife(NULL, args, NULL), 0);
    image img;
    assert_true(read_png(out, &img));
    assert_int_equal(img.w, 1000);
    assert_int_equal(img.h, 640);

    // Where the panel is for that size, from the same layout code.
    al_gui *g = offscreen("ants", 1000, 640);
    assert_non_null(g);
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    al_destroy_gui(g);
    assert_true(panel.w > 300 && panel.x + panel.w == 1000);
    // Text, rules and the plot: a good share of the panel is not background.
    int drawn = count_not(&img, panel, AL_COL_PANEL);
    assert_true(drawn > panel.w * panel.h / 50);
    // The world rectangle is there, and fills most of its side.
    assert_true(count_colour(&img, world, AL_COL_WORLD, 2) > world.w * world.h / 4);
    free(img.px);
}

static void screenshot_of_each_mode_differs_in_the_panel(void **state)
{
    // The mode's title is drawn, so the three pictures are not the same.
    image img[3];
    const char *modes[3] = {"steering", "estrings", "ants"};
    for (int i = 0; i < 3; ++i) {
        char out[400], args[600];
        snprintf(out, sizeof out, "%s/mode%d.png", tmpdir, i);
        snprintf(args, sizeof args, "screenshot --mode %s --width 800 --height 500 --out '%s'",
                 modes[i], out);
        assert_int_equal(run_alife(NULL, args, NULL), 0);
        assert_true(read_png(out, &img[i]));
    }
    assert_int_not_equal(memcmp(img[0].px, img[1].px, (size_t)800 * 500 * 4), 0);
    assert_int_not_equal(memcmp(img[1].px, img[2].px, (size_t)800 * 500 * 4), 0);
    for (int i = 0; i < 3; ++i) free(img[i].px);
}

// ---- keys -----------------------------------------------------------------------------
static void number_keys_switch_the_mode(void **state)
{
    al_gui *g = offscreen(NULL, 900, 600);
    assert_non_null(g);
    assert_string_equal(al_gui_mode(g), "ants"); // no mode, no config: ants
    push_key(SDLK_2);
    assert_true(al_gui_handle_events(g));
    assert_string_equal(al_gui_mode(g), "estrings");
    push_key(SDLK_1);
    assert_true(al_gui_handle_events(g));
    assert_string_equal(al_gui_mode(g), "steering");
    push_key(SDLK_3);
    assert_true(al_gui_handle_events(g));
    assert_string_equal(al_gui_mode(g), "ants");
    al_gui_draw(g); // drawing after switches must not crash
    al_destroy_gui(g);
}

static void space_toggles_pause_and_n_steps_one_tick(void **state)
{
    al_gui *g = offscreen("ants", 900, 600);
    assert_non_null(g);
    assert_false(al_gui_paused(g));
    push_key(SDLK_SPACE);
    al_gui_handle_events(g);
    assert_true(al_gui_paused(g));
    int64_t t0 = al_gui_ticks(g);
    al_gui_update(g); // paused: nothing happens
    assert_int_equal(al_gui_ticks(g), t0);
    push_key(SDLK_n);
    al_gui_handle_events(g);
    al_gui_update(g);
    assert_true(al_gui_paused(g));
    // One tick, if this build has the module (otherwise nothing simulates).
    assert_int_equal(al_gui_ticks(g), t0 + (al_gui_has_session(g) ? 1 : 0));
    push_key(SDLK_SPACE);
    al_gui_handle_events(g);
    assert_false(al_gui_paused(g));
    al_destroy_gui(g);
}

static void plus_and_minus_change_the_speed_within_limits(void **state)
{
    al_gui *g = offscreen("steering", 900, 600);
    assert_non_null(g);
    int s0 = al_gui_speed(g);
    push_key(SDLK_KP_PLUS);
    al_gui_handle_events(g);
    assert_true(al_gui_speed(g) > s0);
    for (int i = 0; i < 30; ++i) push_key(SDLK_MINUS);
    al_gui_handle_events(g);
    assert_int_equal(al_gui_speed(g), 1); // never below one tick per frame
    al_destroy_gui(g);
}

static void escape_quits(void **state)
{
    al_gui *g = offscreen("ants", 900, 600);
    assert_non_null(g);
    assert_true(al_gui_handle_events(g));
    push_key(SDLK_ESCAPE);
    assert_false(al_gui_handle_events(g));
    al_destroy_gui(g);
}

static void f12_writes_a_png_of_the_frame(void **state)
{
    al_gui *g = offscreen("estrings", 960, 600);
    assert_non_null(g);
    assert_string_equal(al_gui_last_shot(g), "");
    push_key(SDLK_F12);
    al_gui_handle_events(g);
    al_gui_draw(g);
    const char *path = al_gui_last_shot(g);
    assert_true(strncmp(path, tmpdir, strlen(tmpdir)) == 0);
    assert_non_null(strstr(path, "estrings"));
    image img;
    assert_true(read_png(path, &img));
    assert_int_equal(img.w, 960);
    assert_int_equal(img.h, 600);
    free(img.px);
    al_destroy_gui(g);
}

// ---- with a module in the build -----------------------------------------------------
static void a_running_module_feeds_the_plot_and_the_run_log(void **state)
{
    char db[400];
    snprintf(db, sizeof db, "%s/gui.db", tmpdir);
    const char *modes[3] = {"steering", "estrings", "ants"};
    al_gui *g = NULL;
    for (int i = 0; i < 3 && !g; ++i) {
        al_gui_opts o = al_default_gui_opts();
        o.offscreen = true;
        o.mode = modes[i];
        o.db_path = db;
        o.width = 1000;
        o.height = 700;
        alError err = {0};
        g = al_create_gui(&o, &err);
        assert_non_null(g);
        if (!al_gui_has_session(g)) {
            al_destroy_gui(g);
            g = NULL;
        }
    }
    if (!g) skip(); // no module in this build yet: the empty worlds are tested above
    for (int i = 0; i < 200000 && al_gui_generations(g) < 3; ++i) al_gui_run_ticks(g, 1);
    assert_true(al_gui_generations(g) >= 3);
    char out[400];
    snprintf(out, sizeof out, "%s/running.png", tmpdir);
    alError err = {0};
    assert_int_equal(al_gui_save_png(g, out, &err), AL_OK);
    SDL_Rect panel;
    al_gui_layout(g, NULL, &panel);
    al_destroy_gui(g);
    image img;
    assert_true(read_png(out, &img));
    // The best line (and its legend swatch) is drawn in the plot at the bottom.
    SDL_Rect plot = {panel.x, panel.y + panel.h * 2 / 3, panel.w, panel.h / 3};
    assert_true(count_colour(&img, plot, AL_COL_BEST, 12) > 40);
    free(img.px);

    // The run was logged, its generations too, and it ended (interrupted:
    // the window closed before the run finished).
    sqlite3 *sq;
    assert_int_equal(sqlite3_open_v2(db, &sq, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(sq,
                                        "SELECT status, (SELECT count(*) FROM generations) FROM runs",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_not_equal((const char *)sqlite3_column_text(st, 0), "running");
    assert_true(sqlite3_column_int(st, 1) >= 3);
    sqlite3_finalize(st);
    sqlite3_close(sq);
}

// ---- bad input ------------------------------------------------------------------------
static void bogus_mode_exits_2(void **state)
{
    char err[400];
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    assert_int_equal(run_alife(NULL, "gui --mode bogus", err), 2);
    assert_true(file_contains(err, "bogus"));
    assert_int_equal(run_alife(NULL, "screenshot --mode bogus --out /tmp/x.png", err), 2);
}

static void screenshot_without_out_exits_2(void **state)
{
    char err[400];
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    assert_int_equal(run_alife(NULL, "screenshot --ticks 5", err), 2);
    assert_true(file_contains(err, "--out"));
    assert_int_equal(run_alife(NULL, "screenshot --ticks -3 --out /tmp/x.png", err), 2);
    assert_int_equal(run_alife(NULL, "screenshot --width 10 --out /tmp/x.png", err), 2);
    assert_int_equal(run_alife(NULL, "screenshot a.ini b.ini --out /tmp/x.png", err), 2);
}

static void config_error_exits_2_and_writes_nothing(void **state)
{
    char err[400], out[400], args[800];
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    snprintf(out, sizeof out, "%s/never.png", tmpdir);
    snprintf(args, sizeof args, "screenshot --set world.width=-4 --out '%s'", out);
    assert_int_equal(run_alife(NULL, args, err), 2);
    assert_true(file_contains(err, "world.width"));
    assert_int_not_equal(access(out, F_OK), 0);
}

static void mode_and_config_of_another_module_exit_2(void **state)
{
    char ini[400], err[400], args[900];
    snprintf(ini, sizeof ini, "%s/ants.ini", tmpdir);
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[run]\nmodule = ants\n", f);
    fclose(f);
    snprintf(args, sizeof args, "screenshot --mode estrings '%s' --out '%s/x.png'", ini, tmpdir);
    assert_int_equal(run_alife(NULL, args, err), 2);
    assert_true(file_contains(err, "ants"));
}

static void gui_without_a_display_exits_1_and_points_to_alife_run(void **state)
{
    char err[400];
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    assert_int_equal(run_alife("env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=dummy", "gui --no-log", err), 1);
    assert_true(file_contains(err, "alife run"));
    assert_true(file_contains(err, "make run"));
}

static void unreadable_alife_font_is_a_clear_error(void **state)
{
    setenv("ALIFE_FONT", "/nonexistent/font.ttf", 1);
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    unsetenv("ALIFE_FONT");
    assert_null(g);
    assert_int_equal(err.code, AL_ERR_NOTFOUND);
    assert_non_null(strstr(err.msg, "/nonexistent/font.ttf"));
}

// ---- helpers for views ------------------------------------------------------------------
static void canvas_transform_round_trips_and_triangles_point_along_heading(void **state)
{
    al_batch b = {0};
    al_canvas c = {.world = {800, 600, AL_EDGE_WRAP}, .scale = 0.5f, .world_px = {10, 20, 400, 300},
                   .batch = &b};
    SDL_FPoint s = al_canvas_to_screen(&c, alV2(100, 50));
    assert_float_equal(s.x, 60.0f, 1e-4);
    assert_float_equal(s.y, 45.0f, 1e-4);
    alVec2 w = al_canvas_to_world(&c, s.x, s.y);
    assert_float_equal(w.x, 100.0f, 1e-4);
    assert_float_equal(w.y, 50.0f, 1e-4);
    assert_true(al_canvas_hit(&c, 11, 21));
    assert_false(al_canvas_hit(&c, 9, 21));

    al_batch_tri(&b, &c, alV2(100, 50), alV2(0, 3), 20.0f, AL_COL_AGENT); // 10 px long, pointing down
    assert_int_equal(b.count, 3);
    assert_float_equal(b.v[0].position.x, 60.0f, 1e-4);
    assert_float_equal(b.v[0].position.y, 50.0f, 1e-4); // nose 5 px below the centre
    assert_true(b.v[1].position.y < 45.0f && b.v[2].position.y < 45.0f);
    al_batch_disc(&b, &c, alV2(0, 0), 4, 12, AL_COL_GOOD);
    assert_int_equal(b.count, 3 + 36);
    al_batch_line(&b, &c, alV2(0, 0), alV2(10, 0), 2, AL_COL_BAD);
    assert_int_equal(b.count, 3 + 36 + 6);
    for (int i = 0; i < 20000; ++i) al_batch_tri(&b, &c, alV2(1, 1), alV2(1, 0), 2, AL_COL_AGENT);
    assert_int_equal(b.count, 45 + 60000);
    assert_false(b.failed);
    al_batch_free(&b);
    assert_null(b.v);
}

static SDL_Event text_event(const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    return e;
}

static SDL_Event key_event(SDL_Keycode sym)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    return e;
}

static void text_box_edits_submits_and_lets_keys_through_when_inactive(void **state)
{
    al_textinput t;
    memset(&t, 0, sizeof t);
    al_textinput_set(&t, "Hi");
    SDL_Event e = text_event("x");
    assert_false(al_textinput_event(&t, &e)); // inactive: not its business
    assert_string_equal(t.text, "Hi");
    t.rect = (SDL_Rect){10, 10, 100, 20};
    SDL_Event click;
    memset(&click, 0, sizeof click);
    click.type = SDL_MOUSEBUTTONDOWN;
    click.button.x = 15;
    click.button.y = 15;
    assert_true(al_textinput_event(&t, &click));
    assert_true(t.active);
    e = text_event("!1");
    assert_true(al_textinput_event(&t, &e));
    assert_string_equal(t.text, "Hi!1");
    e = key_event(SDLK_1); // the key press behind the typed '1' is swallowed too
    assert_true(al_textinput_event(&t, &e));
    e = key_event(SDLK_BACKSPACE);
    assert_true(al_textinput_event(&t, &e));
    assert_string_equal(t.text, "Hi!");
    e = key_event(SDLK_RETURN);
    assert_true(al_textinput_event(&t, &e));
    assert_false(t.active);
    assert_true(t.submitted);
    click.button.x = 500; // a click elsewhere is not taken
    assert_false(al_textinput_event(&t, &click));
}

static void plot_ticks_are_nice_numbers(void **state)
{
    assert_float_equal(al_plot_tick_step(10, 5), 2.0, 1e-12);
    assert_float_equal(al_plot_tick_step(1, 4), 0.5, 1e-12);
    assert_float_equal(al_plot_tick_step(1000, 4), 500.0, 1e-9);
    assert_float_equal(al_plot_tick_step(0.03, 3), 0.01, 1e-12);
}

static void png_writer_reports_an_unwritable_path(void **state)
{
    uint8_t px[4 * 4] = {0};
    alError err = {0};
    assert_int_equal(al_png_write("/nonexistent/dir/x.png", px, 2, 2, 8, &err), AL_ERR_IO);
    assert_non_null(strstr(err.msg, "/nonexistent/dir/x.png"));
    char path[400];
    snprintf(path, sizeof path, "%s/tiny.png", tmpdir);
    px[0] = 255; // one red pixel top-left
    px[3] = 255;
    assert_int_equal(al_png_write(path, px, 2, 2, 8, &err), AL_OK);
    image img;
    assert_true(read_png(path, &img));
    assert_int_equal(img.w, 2);
    assert_int_equal(img.px[0], 255);
    assert_int_equal(img.px[4], 0);
    free(img.px);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(screenshot_writes_png_of_requested_size_with_a_drawn_panel),
        cmocka_unit_test(screenshot_of_each_mode_differs_in_the_panel),
        cmocka_unit_test(number_keys_switch_the_mode),
        cmocka_unit_test(space_toggles_pause_and_n_steps_one_tick),
        cmocka_unit_test(plus_and_minus_change_the_speed_within_limits),
        cmocka_unit_test(escape_quits),
        cmocka_unit_test(f12_writes_a_png_of_the_frame),
        cmocka_unit_test(a_running_module_feeds_the_plot_and_the_run_log),
        cmocka_unit_test(bogus_mode_exits_2),
        cmocka_unit_test(screenshot_without_out_exits_2),
        cmocka_unit_test(config_error_exits_2_and_writes_nothing),
        cmocka_unit_test(mode_and_config_of_another_module_exit_2),
        cmocka_unit_test(gui_without_a_display_exits_1_and_points_to_alife_run),
        cmocka_unit_test(unreadable_alife_font_is_a_clear_error),
        cmocka_unit_test(canvas_transform_round_trips_and_triangles_point_along_heading),
        cmocka_unit_test(text_box_edits_submits_and_lets_keys_through_when_inactive),
        cmocka_unit_test(plot_ticks_are_nice_numbers),
        cmocka_unit_test(png_writer_reports_an_unwritable_path),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
