// The --script harness itself: actions reach the window through SDL's event
// queue, `state` prints one JSON line, resize changes the drawn size, and a
// bad line is an error naming its file and line (exit 2).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include "gui/script.h"
#include "gui_script.h"

static void state_reports_mode_pause_settings_and_window(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "# pause, look, step once\n"
                  "at 3 state\n"
                  "at 4 key space   # pause\n"
                  "at 6 state\n"
                  "at 9 state\n"
                  "at 10 quit\n",
                  "--no-log experiments/steering/boids.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    assert_string_equal(gs_str(r.line[0], "mode"), "steering");
    assert_false(gs_bool(r.line[0], "paused"));
    assert_true(gs_bool(r.line[1], "paused"));
    // Paused: no tick passes between two frames.
    assert_true(gs_num(r.line[1], "tick") == gs_num(r.line[2], "tick"));
    assert_true(gs_num(r.line[0], "tick") > 0);
    assert_string_equal(gs_str(r.line[0], "scenario"), "boids");
    assert_true(gs_num(r.line[0], "settings.width") == 100);
    assert_string_equal(gs_str(r.line[0], "settings.edge"), "wrap");
    assert_true(gs_num(r.line[0], "settings.agents") > 0);
    assert_true(gs_num(r.line[0], "window.width") == 1280);
    assert_true(gs_num(r.line[0], "window.height") == 800);
    int x = 0, y = 0, w = 0, h = 0;
    bool cut;
    assert_true(gs_section(r.line[0], "Plot", &x, &y, &w, &h, &cut));
    assert_true(h > 100 && x > 640);
    gs_free(&r);
}

static void resize_changes_the_window_and_the_panel(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 state\n"
                  "at 3 resize 720 480\n"
                  "at 5 state\n"
                  "at 6 shot small.png\n"
                  "at 6 quit\n",
                  "--no-log experiments/ants/default.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    assert_true(gs_num(r.line[1], "window.width") == 720);
    assert_true(gs_num(r.line[1], "window.height") == 480);
    int x0 = 0, y0 = 0, w0 = 0, h0 = 0, x1 = 0, y1 = 0, w1 = 0, h1 = 0;
    bool c0, c1;
    assert_true(gs_section(r.line[0], "Plot", &x0, &y0, &w0, &h0, &c0));
    assert_true(gs_section(r.line[1], "Plot", &x1, &y1, &w1, &h1, &c1));
    assert_true(x1 + w1 <= 720 && y1 + h1 <= 480);
    assert_true(x1 < x0);
    FILE *f = fopen(ALIFE_SOURCE_DIR "/small.png", "rb");
    if (f) { // the shot is relative to where the window runs
        fclose(f);
        remove(ALIFE_SOURCE_DIR "/small.png");
    } else {
        fail_msg("shot small.png was not written");
    }
    gs_free(&r);
}

static void typed_text_reaches_the_text_box_as_utf8(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 key t\n"
                  "at 3 type \"Ada Lovelace\"\n"
                  "at 4 key return\n"
                  "at 6 state\n"
                  "at 7 quit\n",
                  "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 1);
    assert_string_equal(gs_str(r.line[0], "scenario"), "Ada Lovelace");
    gs_free(&r);
}

static void bad_lines_name_the_file_and_line_and_exit_2(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"at 5 jump\n", ":1: 'jump': not an action"},
        {"# ok\nat x key F\n", ":2: 'x': the frame"},
        {"at 1 key nosuchkey\n", ":1: 'nosuchkey': not a key name"},
        {"at 1 click 10\n", ":1: 'click' takes 2 arguments"},
        {"at 1 resize 100 100\n", "resize W H needs whole numbers from 320"},
        {"at 1 type \"open\n", ":1: a quote is not closed"},
        {"key F\n", ":1: 'key': a line starts with 'at FRAME'"},
        // Caught (issue 10, second trial): frames out of order were run late, silently.
        {"at 10 state\nat tick 3 state\nat 5 quit\n", ":3: 'at 5' comes after line 1's 'at 10'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        gs_run r;
        gs_run_script(&r, bad[i][0], "--no-log");
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "script.txt"));
        if (!strstr(r.err, bad[i][1])) fail_msg("'%s' gave: %s", bad[i][0], r.err);
        gs_free(&r);
    }
}

static void key_names_and_modifiers_parse(void **state)
{
    (void)state;
    SDL_Keycode k;
    Uint16 m;
    assert_true(al_script_key("F", &k, &m));
    assert_int_equal(k, SDLK_f);
    assert_int_equal(m, 0);
    assert_true(al_script_key("shift+c", &k, &m));
    assert_int_equal(k, SDLK_c);
    assert_true(m & KMOD_SHIFT);
    assert_true(al_script_key("F1", &k, &m));
    assert_int_equal(k, SDLK_F1);
    assert_true(al_script_key("space", &k, &m));
    assert_int_equal(k, SDLK_SPACE);
    assert_true(al_script_key("pageup", &k, &m));
    assert_int_equal(k, SDLK_PAGEUP);
    assert_true(al_script_key("PgDn", &k, &m));
    assert_int_equal(k, SDLK_PAGEDOWN);
    assert_true(al_script_key("Insert", &k, &m));
    assert_int_equal(k, SDLK_INSERT);
    assert_true(al_script_key("delete", &k, &m));
    assert_int_equal(k, SDLK_DELETE);
    assert_true(al_script_key("[", &k, &m));
    assert_int_equal(k, SDLK_LEFTBRACKET);
    assert_true(al_script_key("+", &k, &m));
    assert_int_equal(k, SDLK_PLUS);
    assert_false(al_script_key("shift+", &k, &m) && k == 0);
    assert_false(al_script_key("hyper+c", &k, &m));
}

static void wait_for_a_generation(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 0 key F\nat gen 3 state\nat gen 3 quit\n",
                  "--no-log experiments/estrings/hello.ini", 1);
    assert_true(gs_num(r.line[0], "generation") >= 3);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(state_reports_mode_pause_settings_and_window),
        cmocka_unit_test(resize_changes_the_window_and_the_panel),
        cmocka_unit_test(typed_text_reaches_the_text_box_as_utf8),
        cmocka_unit_test(bad_lines_name_the_file_and_line_and_exit_2),
        cmocka_unit_test(key_names_and_modifiers_parse),
        cmocka_unit_test(wait_for_a_generation),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
