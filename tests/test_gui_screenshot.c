// `alife screenshot` writes a picture of what the run shows, not only a
// file with a PNG signature: read back, the ants view has its food, its
// mines only when the config has mines, and its ants; the steering view has
// its vehicles, more of them for a bigger flock.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "png_count.h"

static const SDL_Color FOOD = {110, 220, 120, 255}, MINE = {240, 90, 90, 255},
                       AGENT = {200, 210, 230, 255};

// Renders CONFIG after ticks into dir/name.png with extra options; the
// pixels of colour c in the world (left 60% of the picture, below its top).
static int shot(const char *name, const char *args, SDL_Color c)
{
    char out[256], cmd[1024];
    snprintf(out, sizeof out, "/tmp/alife-shot-%ld-%s.png", (long)getpid(), name);
    snprintf(cmd, sizeof cmd, "SDL_VIDEODRIVER=dummy '%s' screenshot %s --width 1000 --height 700 --out '%s' >/dev/null 2>&1",
             ALIFE_BINARY, args, out);
    assert_int_equal(system(cmd), 0);
    int w, h;
    SDL_Rect world = {0, 180, 600, 520};
    int n = png_count_colour(out, &world, c, 8, &w, &h);
    assert_int_equal(w, 1000);
    assert_int_equal(h, 700);
    remove(out);
    return n;
}

static void test_ants_screenshot_shows_food_mines_and_ants(void **s)
{
    (void)s;
    const char *def = ALIFE_SOURCE_DIR "/experiments/ants/default.ini --ticks 300";
    char with[512];
    snprintf(with, sizeof with, "%s --set ants.mines=true --set ants.mine_count=60", def);
    int food = shot("food", def, FOOD), mines_off = shot("nomines", def, MINE), mines_on = shot("mines", with, MINE);
    int ants = shot("ants", def, AGENT);
    assert_true(food > 200);             // 40 food discs, most in the region
    assert_true(mines_on > 300);         // 60 mine discs
    assert_true(mines_off < mines_on / 10);
    assert_true(ants > 30);
}

static void test_steering_screenshot_shows_the_flock(void **s)
{
    (void)s;
    const char *base = ALIFE_SOURCE_DIR "/experiments/steering/boids.ini --ticks 5";
    char few[512], many[512];
    snprintf(few, sizeof few, "%s --set steering.vehicles=20", base);
    snprintf(many, sizeof many, "%s --set steering.vehicles=600", base);
    int a = shot("few", few, AGENT), b = shot("many", many, AGENT);
    assert_true(a > 20);
    assert_true(b > 5 * a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ants_screenshot_shows_food_mines_and_ants),
        cmocka_unit_test(test_steering_screenshot_shows_the_flock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
