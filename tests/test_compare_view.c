// The GUI compare view, offscreen: C opens the picker over the database's
// runs of the current module, Space ticks one, and its curve joins the side
// panel's plot while the window's own run goes on; runs of another module are
// not listed; without a database the picker says so.
#include "store_fixtures.h"
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <SDL.h>

#include "gui/compare_series.h"
#include "gui/gui.h"
#include "gui_events.h"
#include "gui/shell.h"
#include "png_count.h"

static int count_in(const char *path, SDL_Rect rect, SDL_Color c)
{
    int w, h;
    return png_count_colour(path, &rect, c, 10, &w, &h);
}

static void make_db(void)
{
    alRunLog *log;
    alError err = {0};
    assert_int_equal(alRunLog_Open(fx_path("runs.db"), &log, &err), AL_OK);
    for (int i = 0; i < 3; ++i) {
        alConfig *c = fx_config("estrings", NULL);
        fx_log_run(log, c, "old", (uint64_t)i + 1, 0, 30 + 10 * i, "finished");
        alDestroyConfig(c);
    }
    alConfig *a = fx_config("ants", NULL); // another module: never listed in estrings mode
    fx_log_run(log, a, "ant", 1, 0, 5, "finished");
    alDestroyConfig(a);
    alRunLog_Close(log);
}

static al_gui *open_gui(const char *db)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = "estrings";
    o.width = 1280;
    o.height = 800;
    o.db_path = db;
    o.shot_dir = g_dir;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fail_msg("al_create_gui: %s", err.msg);
    return g;
}

static void picked_run_joins_the_plot_while_the_run_goes_on(void **state)
{
    make_db();
    al_gui *g = open_gui(fx_path("runs.db"));
    al_gui_run_ticks(g, 5);
    assert_int_equal(al_compare_view_count(g->cmpv, "estrings"), 0);
    SDL_Rect world, panel;
    al_gui_layout(g, &world, &panel);
    assert_int_equal(al_gui_save_png(g, fx_path("plain.png"), &(alError){0}), AL_OK);
    assert_true(count_in(fx_path("plain.png"), panel, al_compare_colour(2)) < 10);
    push_key(SDLK_c);
    al_gui_handle_events(g);
    assert_true(al_compare_view_open(g->cmpv));
    // The picker lists the 3 old estrings runs, newest first: not the ants
    // run, and not this window's own run (4), whose curve is the live one
    // (ticked, it hid exactly under the "now" curve). Tick the first two.
    assert_int_equal(al_compare_view_listed(g->cmpv, NULL), 3);
    push_key(SDLK_SPACE);
    push_key(SDLK_DOWN);
    push_key(SDLK_SPACE);
    al_gui_handle_events(g);
    assert_int_equal(al_compare_view_count(g->cmpv, "estrings"), 2);
    // Their curves show in the picker's box at once (it covers the panel's
    // plot they join): it drew nothing but the list. Run 3's line covers
    // run 2's (the fixtures' values are the same), whose legend chip shows.
    {
        assert_int_equal(al_gui_save_png(g, fx_path("ticked.png"), &(alError){0}), AL_OK);
        SDL_Rect box = {150, 40, 980, 720}; // the picker's box at 1280x800
        int a = count_in(fx_path("ticked.png"), box, al_compare_colour(1));
        int b = count_in(fx_path("ticked.png"), box, al_compare_colour(2));
        if (a < 5 || b < 200) fail_msg("ticked runs' curves in the picker: %d and %d pixels", a, b);
    }
    assert_int_equal(al_compare_view_count(g->cmpv, "ants"), 0);
    // G groups them (one group: both have the same run.group) and back.
    push_key(SDLK_g);
    al_gui_handle_events(g);
    assert_int_equal(al_compare_view_count(g->cmpv, "estrings"), 2);
    push_key(SDLK_g);
    al_gui_handle_events(g);
    assert_true(al_gui_save_png(g, fx_path("picker.png"), &(alError){0}) == AL_OK);
    // Keys went to the picker: space did not pause the run.
    assert_false(al_gui_paused(g));
    push_key(SDLK_c);
    al_gui_handle_events(g);
    assert_false(al_compare_view_open(g->cmpv));
    int64_t before = al_gui_generations(g);
    al_gui_run_ticks(g, 2000);
    assert_true(al_gui_generations(g) > before); // the run goes on beside the comparison
    alError err = {0};
    if (al_gui_save_png(g, fx_path("panel.png"), &err) != AL_OK) fail_msg("%s", err.msg);
    // The two ticked runs' lines, in the compare colours 1 and 2 (0 is near
    // the live best's orange), in the panel and nowhere before they were ticked.
    int a = count_in(fx_path("panel.png"), panel, al_compare_colour(1));
    int b = count_in(fx_path("panel.png"), panel, al_compare_colour(2));
    if (a < 40 || b < 40) fail_msg("compare lines in the panel: %d and %d pixels", a, b);
    // Ticking them off again leaves the plain plot.
    push_key(SDLK_c);
    push_key(SDLK_SPACE);
    push_key(SDLK_UP);
    push_key(SDLK_SPACE);
    push_key(SDLK_ESCAPE);
    al_gui_handle_events(g);
    assert_false(al_compare_view_open(g->cmpv));
    assert_int_equal(al_compare_view_count(g->cmpv, "estrings"), 0);
    al_destroy_gui(g);
}

static void without_a_database_the_picker_says_so(void **state)
{
    al_gui *g = open_gui(NULL);
    push_key(SDLK_c);
    al_gui_handle_events(g);
    assert_true(al_compare_view_open(g->cmpv));
    assert_int_equal(al_compare_view_count(g->cmpv, "estrings"), 0);
    alError err = {0};
    assert_int_equal(al_gui_save_png(g, fx_path("nodb.png"), &err), AL_OK);
    al_destroy_gui(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(picked_run_joins_the_plot_while_the_run_goes_on,
                                        fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(without_a_database_the_picker_says_so, fx_setup,
                                        fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
