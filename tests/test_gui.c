// GUI smoke tests, all offscreen (SDL's software renderer; no display):
// screenshots are PNGs of the requested size whose panel is not blank, keys
// pushed with SDL_PushEvent switch the mode and pause, F12 writes a PNG, and
// the command line refuses bad input with exit 2.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <png.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gui/gui.h"
#include "gui_events.h"
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
    snprintf(cmd, sizeof cmd, "%s '%s' >/dev/null %s 2>'%s'", env ? env : "", ALIFE_BINARY, args,
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

// al_create_gui, saying why when it fails.
static al_gui *create(const al_gui_opts *o)
{
    alError err = {0};
    al_gui *g = al_create_gui(o, &err);
    if (!g) fprintf(stderr, "al_create_gui: %s\n", err.msg);
    return g;
}

// The options of an offscreen window in mode at w x h, its shots in tmpdir.
static al_gui_opts offscreen_opts(const char *mode, int w, int h)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = mode;
    o.width = w;
    o.height = h;
    o.shot_dir = tmpdir;
    return o;
}

static al_gui *offscreen(const char *mode, int w, int h)
{
    al_gui_opts o = offscreen_opts(mode, w, h);
    return create(&o);
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
    for (int i = 0; i < 3; ++i)
        free(img[i].px);
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
    // Exactly one tick: every mode has its module in every build.
    assert_true(al_gui_has_session(g));
    assert_int_equal(al_gui_ticks(g), t0 + 1);
    push_key(SDLK_SPACE);
    al_gui_handle_events(g);
    assert_false(al_gui_paused(g));
    al_destroy_gui(g);
}

static void plus_and_minus_change_the_speed_within_limits(void **state)
{
    al_gui *g = offscreen("steering", 900, 600);
    assert_non_null(g);
    double s0 = al_gui_speed(g);
    assert_true(s0 == 1.0); // a view's default: one tick per frame
    push_key(SDLK_KP_PLUS);
    al_gui_handle_events(g);
    assert_true(al_gui_speed(g) > s0);
    for (int i = 0; i < 30; ++i)
        push_key(SDLK_MINUS);
    al_gui_handle_events(g);
    // The slowest: one tick every 60 frames (1 a second: XOR's generations to watch).
    assert_true(al_gui_speed(g) == 1.0 / 60);
    for (int i = 0; i < 40; ++i)
        push_key(SDLK_PLUS);
    al_gui_handle_events(g);
    assert_true(al_gui_speed(g) == 10000); // never above 10000 ticks a frame
    al_destroy_gui(g);
}

static void config_and_sets_follow_their_module_across_switches(void **state)
{
    char ini[400];
    snprintf(ini, sizeof ini, "%s/steer.ini", tmpdir);
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[run]\nmodule = steering\n[world]\nwidth = 500\n", f);
    fclose(f);
    const char *sets[] = {"world.height=300"};
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.config_path = ini; // no --mode: the config's module
    o.sets = sets;
    o.set_count = 1;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    assert_non_null(g);
    assert_string_equal(al_gui_mode(g), "steering");
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.width"), 500.0, 0);
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.height"), 300.0, 0);
    push_key(SDLK_3); // ants: embedded defaults, neither the file nor --set
    al_gui_handle_events(g);
    assert_string_equal(al_gui_mode(g), "ants");
    // The ants' own defaults (their part may override the common world size).
    alConfigDef dd = alDefaultConfigDef();
    dd.module = "ants";
    alConfig *defaults;
    alCreateConfig(&dd, &defaults, &err);
    assert_non_null(defaults);
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.width"),
                       alConfig_Float(defaults, "world.width"), 0);
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.height"),
                       alConfig_Float(defaults, "world.height"), 0);
    assert_true(alConfig_Float(defaults, "world.height") != 300.0); // not the --set value
    alDestroyConfig(defaults);
    push_key(SDLK_1); // back: the file and --set again
    al_gui_handle_events(g);
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.width"), 500.0, 0);
    assert_float_equal(alConfig_Float(al_gui_config(g), "world.height"), 300.0, 0);
    al_destroy_gui(g);
}

static void r_starts_a_new_run_with_the_next_seed(void **state)
{
    al_gui *g = offscreen("estrings", 900, 600);
    assert_non_null(g);
    int64_t seed = alConfig_Int(al_gui_config(g), "run.seed");
    push_key(SDLK_r);
    al_gui_handle_events(g);
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.seed"), seed + 1);
    assert_int_equal(al_gui_ticks(g), 0);
    push_key(SDLK_r);
    al_gui_handle_events(g);
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.seed"), seed + 2);
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
    for (int i = 0; i < 3; ++i) { // each mode has its module; the first one runs below
        al_gui_opts o = offscreen_opts(modes[i], 1000, 700);
        o.db_path = db;
        alError err = {0};
        al_gui *m = al_create_gui(&o, &err);
        assert_non_null(m);
        assert_true(al_gui_has_session(m));
        if (!g) g = m;
        else al_destroy_gui(m);
    }
    for (int i = 0; i < 200000 && al_gui_generations(g) < 3; ++i)
        al_gui_run_ticks(g, 1);
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
    assert_int_equal(
        sqlite3_prepare_v2(sq, "SELECT status, (SELECT count(*) FROM generations) FROM runs", -1,
                           &st, NULL),
        SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_not_equal((const char *)sqlite3_column_text(st, 0), "running");
    assert_true(sqlite3_column_int(st, 1) >= 3);
    sqlite3_finalize(st);
    sqlite3_close(sq);
}

// ---- a toy module and view of the test's own, through the real session -------------
// A generation every 10 ticks; best = generation number + 1, mean half that.
typedef struct toy {
    int64_t tick, gen;
    alGenStats last;
    bool have;
} toy;

static alResult toy_create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    // A cross-key check of the kind real modules make in create.
    if (alConfig_Int(cfg, "run.generations") == 13)
        return alError_Set(err, AL_ERR_CONFIG, "toy: run.generations = 13 is refused");
    *out = calloc(1, sizeof(toy));
    return *out ? AL_OK : alError_Set(err, AL_ERR_NOMEM, "toy");
}
static void toy_destroy(void *self)
{
    free(self);
}
static bool toy_step(void *self)
{
    toy *t = self;
    if (++t->tick % 10) return false;
    memset(&t->last, 0, sizeof t->last);
    t->last.gen = t->gen++;
    t->last.best = (double)t->gen;
    t->last.mean = 0.5 * (double)t->gen;
    t->last.ticks = t->tick;
    alGenStats_AddFigure(&t->last, "baseline_mean", 3.0);
    t->have = true;
    return true;
}
static bool toy_last(const void *self, alGenStats *out)
{
    const toy *t = self;
    *out = t->last;
    return t->have;
}
static bool toy_finished(const void *self)
{
    return false;
}
static const alModuleClass toy_class = {.name = "steering",
                                        .title = "Toy module",
                                        .create = toy_create,
                                        .destroy = toy_destroy,
                                        .step = toy_step,
                                        .last_stats = toy_last,
                                        .finished = toy_finished};
static const alModuleClass *const toy_modules[] = {&toy_class, NULL};

typedef struct toy_view_state {
    al_textinput box;
} toy_view_state;
static toy_view_state *toy_state; // the live one, for the test to find the box
static int64_t toy_updated_ticks;

static void *toy_view_create(const al_view_ctx *ctx)
{
    toy_state = calloc(1, sizeof *toy_state);
    return toy_state;
}
static void toy_view_destroy(void *state)
{
    if (state == toy_state) toy_state = NULL;
    free(state);
}
static void toy_view_update(al_view_ctx *ctx, int64_t ticks)
{
    toy_updated_ticks += ticks;
}
static void toy_view_draw(al_view_ctx *ctx, al_canvas *c)
{
    for (int i = 0; i < 200; ++i)
        al_batch_tri(c->batch, c, alV2((float)(i % 20) * 40 + 20, (float)(i / 20) * 60 + 30),
                     alV2(1, 0), 30, AL_COL_GOOD);
    al_batch_draw(c);
}
static void toy_view_panel(al_view_ctx *ctx, al_panel *p)
{
    al_panel_heading(p, "Toy");
    al_panel_textinput(p, &((toy_view_state *)ctx->state)->box, "override");
}
static bool toy_view_event(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c)
{
    toy_view_state *st = ctx->state;
    bool used = al_textinput_event(&st->box, e);
    if (st->box.submitted) {
        st->box.submitted = false;
        al_view_request_restart(ctx, st->box.text);
    }
    return used;
}
static const char *const toy_figures[] = {"baseline_mean", NULL};
static const al_view toy_view = {.module = "steering",
                                 .plot_figures = toy_figures,
                                 .create = toy_view_create,
                                 .destroy = toy_view_destroy,
                                 .update = toy_view_update,
                                 .draw = toy_view_draw,
                                 .panel = toy_view_panel,
                                 .event = toy_view_event};
static const al_view *const toy_views[] = {&toy_view, NULL};

static al_gui *toy_gui(const char *db, const char *const *sets, int nsets)
{
    al_gui_opts o = offscreen_opts("steering", 1000, 700);
    o.db_path = db;
    o.sets = sets;
    o.set_count = nsets;
    o.modules = toy_modules;
    o.views = toy_views;
    return create(&o);
}

static void finished_run_stays_on_screen_logged_as_finished(void **state)
{
    char db[400], out[400];
    snprintf(db, sizeof db, "%s/toy.db", tmpdir);
    snprintf(out, sizeof out, "%s/toy.png", tmpdir);
    const char *sets[] = {"run.generations=4"};
    al_gui *g = toy_gui(db, sets, 1);
    assert_non_null(g);
    assert_true(al_gui_has_session(g));
    assert_int_equal(al_gui_run_ticks(g, 1000), 40); // stops at the generation limit
    assert_int_equal(al_gui_generations(g), 4);
    al_gui_update(g); // finished: no more ticks
    assert_int_equal(al_gui_ticks(g), 40);
    // Logged and ended while the window still shows it.
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM runs WHERE status = 'finished'"), 1);
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM generations"), 4);
    alError err = {0};
    assert_int_equal(al_gui_save_png(g, out, &err), AL_OK);
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    al_destroy_gui(g);
    image img;
    assert_true(read_png(out, &img));
    assert_true(count_colour(&img, world, AL_COL_GOOD, 0) > 1000); // the view drew
    SDL_Rect plot = {panel.x, panel.y + panel.h * 2 / 3, panel.w, panel.h / 3};
    assert_true(count_colour(&img, plot, AL_COL_BEST, 12) > 40);           // best line
    assert_true(count_colour(&img, plot, AL_RGB(150, 230, 140), 12) > 20); // baseline dashes
    free(img.px);
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM runs WHERE status = 'finished'"), 1);
}

static void quitting_mid_run_logs_it_as_interrupted(void **state)
{
    char db[400];
    snprintf(db, sizeof db, "%s/toy2.db", tmpdir);
    al_gui *g = toy_gui(db, NULL, 0);
    assert_non_null(g);
    al_gui_run_ticks(g, 35);
    al_destroy_gui(g);
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM runs WHERE status = 'interrupted'"), 1);
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM generations"), 3);
}

static void frames_tick_the_view_update_with_the_ticks_simulated(void **state)
{
    al_gui *g = toy_gui(NULL, NULL, 0);
    assert_non_null(g);
    toy_updated_ticks = 0;
    for (int i = 0; i < 5; ++i)
        al_gui_update(g);
    assert_true(al_gui_ticks(g) >= 5);
    assert_int_equal(toy_updated_ticks, al_gui_ticks(g));
    push_key(SDLK_f); // fast-forward: whole slices of ticks, still counted
    al_gui_handle_events(g);
    al_gui_update(g);
    assert_true(al_gui_ticks(g) > 10);
    assert_int_equal(toy_updated_ticks, al_gui_ticks(g));
    al_destroy_gui(g);
}

static void click(int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
}

static void type(const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    SDL_PushEvent(&e);
}

static void view_restart_request_applies_an_override_that_r_keeps(void **state)
{
    al_gui *g = toy_gui(NULL, NULL, 0);
    assert_non_null(g);
    al_gui_run_ticks(g, 25);
    al_gui_draw(g); // lays out the text box
    assert_non_null(toy_state);
    SDL_Rect box = toy_state->box.rect;
    assert_true(box.w > 0);
    click(box.x + 5, box.y + 5);
    type("run.generations=7");
    push_key(SDLK_3); // typed into the box: must not switch the mode
    al_gui_handle_events(g);
    assert_string_equal(al_gui_mode(g), "steering");
    assert_true(toy_state->box.active);
    push_key(SDLK_RETURN);
    al_gui_handle_events(g);
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.generations"), 7);
    assert_int_equal(al_gui_ticks(g), 0); // a new session
    push_key(SDLK_r);
    al_gui_handle_events(g);
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.generations"), 7);
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.seed"), 2);
    al_destroy_gui(g);
}

static void bad_view_override_keeps_the_run_going(void **state)
{
    al_gui *g = toy_gui(NULL, NULL, 0);
    assert_non_null(g);
    al_gui_run_ticks(g, 25);
    al_gui_draw(g);
    SDL_Rect box = toy_state->box.rect;
    click(box.x + 5, box.y + 5);
    type("run.generations=0"); // below the allowed minimum of 1
    push_key(SDLK_KP_ENTER);
    al_gui_handle_events(g);
    assert_int_equal(al_gui_ticks(g), 25); // the same session
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.generations"), 100);
    al_destroy_gui(g);
}

static void override_the_module_refuses_keeps_the_run_and_its_log(void **state)
{
    char db[400];
    snprintf(db, sizeof db, "%s/toy3.db", tmpdir);
    al_gui *g = toy_gui(db, NULL, 0);
    assert_non_null(g);
    al_gui_run_ticks(g, 25);
    al_gui_draw(g);
    SDL_Rect box = toy_state->box.rect;
    click(box.x + 5, box.y + 5);
    type("run.generations=13"); // in range, but the module's create refuses it
    push_key(SDLK_RETURN);
    al_gui_handle_events(g);
    assert_int_equal(al_gui_ticks(g), 25); // the same session, still logging
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.generations"), 100);
    al_gui_run_ticks(g, 10);
    al_destroy_gui(g);
    // Only the one run; the refused one never reached the database.
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM runs"), 1);
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM generations"), 3);
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
    assert_true(file_contains(err, "out of range (allowed: 720 to 8192"));
    // The window's minimum is 720x480: a smaller one is out of range (the
    // trial's "--width 100: not a whole number of pixels" gave a wrong reason).
    assert_int_equal(run_alife(NULL, "gui --width 100 --no-log", err), 2);
    assert_true(file_contains(err, "out of range (allowed: 720 to 8192"));
    assert_int_equal(run_alife(NULL, "gui --height 4x --no-log", err), 2);
    assert_true(file_contains(err, "not a whole number"));
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
    assert_int_equal(
        run_alife("env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=dummy", "gui --no-log", err),
        1);
    assert_true(file_contains(err, "alife run"));
    assert_true(file_contains(err, "make run"));
}

static void plain_alife_opens_the_gui_so_without_a_display_it_says_so(void **state)
{
    char err[400];
    snprintf(err, sizeof err, "%s/err.txt", tmpdir);
    assert_int_equal(run_alife("env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=dummy", "", err),
                     1);
    assert_true(file_contains(err, "no display"));
}

static void help_of_gui_and_screenshot_exits_0(void **state)
{
    char out[400], args[600];
    snprintf(out, sizeof out, "%s/help.txt", tmpdir);
    snprintf(args, sizeof args, "gui --help >'%s'", out);
    assert_int_equal(run_alife(NULL, args, NULL), 0);
    assert_true(file_contains(out, "usage: alife gui"));
    snprintf(args, sizeof args, "screenshot --help >'%s'", out);
    assert_int_equal(run_alife(NULL, args, NULL), 0);
    assert_true(file_contains(out, "--ticks N"));
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
    al_canvas c = {.world = {800, 600, AL_EDGE_WRAP},
                   .scale = 0.5f,
                   .world_px = {10, 20, 400, 300},
                   .batch = &b};
    SDL_FPoint s = al_canvas_to_screen(&c, alV2(100, 50));
    assert_float_equal(s.x, 60.0f, 1e-4);
    assert_float_equal(s.y, 45.0f, 1e-4);
    alVec2 w = al_canvas_to_world(&c, s.x, s.y);
    assert_float_equal(w.x, 100.0f, 1e-4);
    assert_float_equal(w.y, 50.0f, 1e-4);
    assert_true(al_canvas_hit(&c, 11, 21));
    assert_false(al_canvas_hit(&c, 9, 21));

    al_batch_tri(&b, &c, alV2(100, 50), alV2(0, 3), 20.0f,
                 AL_COL_AGENT); // 10 px long, pointing down
    assert_int_equal(b.count, 3);
    assert_float_equal(b.v[0].position.x, 60.0f, 1e-4);
    assert_float_equal(b.v[0].position.y, 50.0f, 1e-4); // nose 5 px below the centre
    assert_true(b.v[1].position.y < 45.0f && b.v[2].position.y < 45.0f);
    al_batch_disc(&b, &c, alV2(0, 0), 4, 12, AL_COL_GOOD);
    assert_int_equal(b.count, 3 + 36);
    al_batch_line(&b, &c, alV2(0, 0), alV2(10, 0), 2, AL_COL_BAD);
    assert_int_equal(b.count, 3 + 36 + 6);
    for (int i = 0; i < 20000; ++i)
        al_batch_tri(&b, &c, alV2(1, 1), alV2(1, 0), 2, AL_COL_AGENT);
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

static void registered_views_belong_to_a_mode_and_can_draw(void **state)
{
    const char *modes[] = {"steering", "estrings", "ants"};
    for (int i = 0; i < 3; ++i) {
        const al_view *v = al_view_find(modes[i]);
        assert_non_null(v); // every mode has its view
        assert_string_equal(v->module, modes[i]);
        assert_non_null(v->draw);
        assert_true(v->ticks_per_frame >= -60); // at slowest a tick a second (strings: -15)
        if (v->create) assert_non_null(v->destroy); // state made is state freed
    }
    assert_null(al_view_find("bogus"));
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
        cmocka_unit_test(config_and_sets_follow_their_module_across_switches),
        cmocka_unit_test(r_starts_a_new_run_with_the_next_seed),
        cmocka_unit_test(escape_quits),
        cmocka_unit_test(f12_writes_a_png_of_the_frame),
        cmocka_unit_test(a_running_module_feeds_the_plot_and_the_run_log),
        cmocka_unit_test(finished_run_stays_on_screen_logged_as_finished),
        cmocka_unit_test(quitting_mid_run_logs_it_as_interrupted),
        cmocka_unit_test(frames_tick_the_view_update_with_the_ticks_simulated),
        cmocka_unit_test(view_restart_request_applies_an_override_that_r_keeps),
        cmocka_unit_test(bad_view_override_keeps_the_run_going),
        cmocka_unit_test(override_the_module_refuses_keeps_the_run_and_its_log),
        cmocka_unit_test(bogus_mode_exits_2),
        cmocka_unit_test(screenshot_without_out_exits_2),
        cmocka_unit_test(config_error_exits_2_and_writes_nothing),
        cmocka_unit_test(mode_and_config_of_another_module_exit_2),
        cmocka_unit_test(gui_without_a_display_exits_1_and_points_to_alife_run),
        cmocka_unit_test(plain_alife_opens_the_gui_so_without_a_display_it_says_so),
        cmocka_unit_test(help_of_gui_and_screenshot_exits_0),
        cmocka_unit_test(unreadable_alife_font_is_a_clear_error),
        cmocka_unit_test(canvas_transform_round_trips_and_triangles_point_along_heading),
        cmocka_unit_test(text_box_edits_submits_and_lets_keys_through_when_inactive),
        cmocka_unit_test(registered_views_belong_to_a_mode_and_can_draw),
        cmocka_unit_test(plot_ticks_are_nice_numbers),
        cmocka_unit_test(png_writer_reports_an_unwritable_path),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
#endif
