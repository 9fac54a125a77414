// Every mode runs exactly the lesson file the window shows (L): the plain
// window (`alife`, ants) and each mode key (1 steering, 2 strings, 3 ants,
// 4 XOR, 5 pole) open with the lesson file's settings, key for key. The
// plain window ran the embedded defaults (ants: food_sense = nearest and
// 100 generations, while its lesson default.ini says free and 200), and
// L named a lesson the run did not use (XOR showed the ants' lesson).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <SDL.h>
#include <stdio.h>
#include <string.h>

#include "alife/config.h"
#include "gui/gui.h"
#include "gui/shell.h"
#include "gui_events.h"

typedef struct diff_ctx {
    const alConfig *run;
    char first[400];
    int n;
} diff_ctx;

static void compare_key(const char *key, const char *value, void *vctx)
{
    diff_ctx *d = vctx;
    const char *have = alConfig_Text(d->run, key);
    if (have && strcmp(have, value) == 0) return;
    if (!d->n++)
        snprintf(d->first, sizeof d->first, "%s: the run has '%s', the lesson '%s'", key,
                 have ? have : "(none)", value);
}

// The window shows mode `mode` and runs exactly the lesson it names.
static void runs_its_lesson(al_gui *g, const char *mode, const char *lesson_rel)
{
    assert_string_equal(al_gui_mode(g), mode);
    char path[1024];
    al_shell_lesson_path(g, path, sizeof path);
    size_t n = strlen(path), k = strlen(lesson_rel);
    if (n < k || strcmp(path + n - k, lesson_rel) != 0)
        fail_msg("mode %s: L shows '%s', expected %s", mode, path, lesson_rel);
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    alConfig *lesson = NULL;
    alError err = {0};
    alCreateConfig(&def, &lesson, &err);
    if (!lesson) fail_msg("%s: %s", path, err.msg);
    diff_ctx d = {.run = al_gui_config(g)};
    assert_non_null(d.run);
    alConfig_Each(lesson, compare_key, &d);
    alDestroyConfig(lesson);
    if (d.n) fail_msg("mode %s runs other settings than %s (%d keys differ): %s", mode, lesson_rel, d.n,
                      d.first);
}

static al_gui *open_plain(const char *config)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.db_path = NULL;
    o.config_path = config;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fail_msg("al_create_gui: %s", err.msg);
    return g;
}

static void press(al_gui *g, SDL_Keycode k)
{
    push_key(k);
    al_gui_handle_events(g);
}

static void the_plain_window_and_every_mode_key_run_their_lesson(void **state)
{
    (void)state;
    al_gui *g = open_plain(NULL); // plain `alife`
    runs_its_lesson(g, "ants", "ants/default.ini");
    press(g, SDLK_1);
    runs_its_lesson(g, "steering", "steering/boids.ini");
    press(g, SDLK_2);
    runs_its_lesson(g, "estrings", "estrings/hello.ini");
    press(g, SDLK_4);
    runs_its_lesson(g, "xor", "xor/xor.ini");
    press(g, SDLK_5);
    runs_its_lesson(g, "pole", "pole/single.ini");
    press(g, SDLK_3); // back: the ants' kept run, still its lesson's
    runs_its_lesson(g, "ants", "ants/default.ini");
    press(g, SDLK_r); // a new run of the mode: the lesson again, seed + 1
    assert_string_equal(al_gui_mode(g), "ants");
    assert_int_equal(alConfig_Int(al_gui_config(g), "run.generations"), 200);
    assert_string_equal(alConfig_Text(al_gui_config(g), "ants.food_sense"), "free");
    al_destroy_gui(g);
}

static void a_mode_key_from_another_modules_config_runs_its_lesson(void **state)
{
    (void)state;
    al_gui *g = open_plain(ALIFE_SOURCE_DIR "/experiments/xor/xor.ini");
    runs_its_lesson(g, "xor", "xor/xor.ini");
    press(g, SDLK_3);
    runs_its_lesson(g, "ants", "ants/default.ini");
    press(g, SDLK_5);
    runs_its_lesson(g, "pole", "pole/single.ini");
    al_destroy_gui(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_plain_window_and_every_mode_key_run_their_lesson),
        cmocka_unit_test(a_mode_key_from_another_modules_config_runs_its_lesson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
