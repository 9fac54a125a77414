// Issue 10, the pole view's drawing (experiments/pole/double.ini at the
// default 1280x800): the 0.1 m short pole was a stub of about 15 pixels, so
// it is drawn at least 40 pixels long (a whole number of times longer, said
// beside it; the long pole stays to scale); and the poles have smooth edges
// (pixels blended between the pole's colour and the background), not the
// stair steps of a hard-edged quad.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <png.h>

typedef struct image {
    unsigned char *px;
    int w, h;
} image;

static image read_png(const char *path)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    assert_true(png_image_begin_read_from_file(&img, path));
    img.format = PNG_FORMAT_RGB;
    image im = {malloc(PNG_IMAGE_SIZE(img)), (int)img.width, (int)img.height};
    assert_non_null(im.px);
    assert_true(png_image_finish_read(&img, NULL, im.px, 0, NULL));
    return im;
}

static const unsigned char *at(const image *im, int x, int y)
{
    return im->px + 3 * ((size_t)y * (size_t)im->w + (size_t)x);
}

// Whether p is col blended over bg by a fraction in [lo, hi] (within tol).
static bool blend_of(const unsigned char *p, const unsigned char *bg, SDL_Color col, double lo, double hi, int tol)
{
    int span = col.g - bg[1]; // the channel that tells the fraction best for both colours
    if (abs(span) < 40) return false;
    double a = (double)(p[1] - bg[1]) / span;
    if (a < lo || a > hi) return false;
    const int c[3] = {col.r, col.g, col.b};
    for (int k = 0; k < 3; ++k)
        if (fabs(p[k] - (a * c[k] + (1 - a) * bg[k])) > tol) return false;
    return true;
}

static const SDL_Color LONG = {255, 170, 60, 255}, SHORT = {110, 220, 120, 255};

static void the_short_pole_is_drawn_visible_and_the_poles_smooth(void **state)
{
    (void)state;
    const char *shot = gs_path("pole.png");
    char script[512];
    snprintf(script, sizeof script, "at 20 shot %s\nat 20 state\nat 21 quit\n", shot);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/pole/double.ini", 1);
    const char *l = r.line[0];
    // The state says how the poles are drawn: the long one to scale, the
    // short one at least 40 px long.
    assert_true(gs_num(l, "figures.pole_zoom") == 1);
    assert_true(gs_num(l, "figures.short_pole_px") >= 40);
    assert_true(gs_num(l, "figures.theta2") != -1e300); // the figures before them still reported
    // The picture: the short pole's solid pixels span at least 35 px (they
    // spanned about 15), and it has a label of its colour (the "drawn x3").
    SDL_Rect w = {(int)gs_num(l, "world_rect.x"), (int)gs_num(l, "world_rect.y"), (int)gs_num(l, "world_rect.w"),
                  (int)gs_num(l, "world_rect.h")};
    assert_true(w.w > 200 && w.h > 200);
    image im = read_png(shot);
    int y0 = 1 << 30, y1 = -1, x0 = 1 << 30, x1 = -1, solid_short = 0, blended = 0;
    const unsigned char *bg = at(&im, w.x + 3, w.y + 3);
    for (int y = w.y; y < w.y + w.h && y < im.h; ++y)
        for (int x = w.x; x < w.x + w.w && x < im.w; ++x) {
            const unsigned char *p = at(&im, x, y);
            if (abs(p[0] - SHORT.r) <= 8 && abs(p[1] - SHORT.g) <= 8 && abs(p[2] - SHORT.b) <= 8) {
                solid_short++;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
            }
            // the long pole's edge pixels: its orange part-covering the background
            if (blend_of(p, bg, LONG, 0.15, 0.85, 10)) blended++;
        }
    free(im.px);
    int span = y1 - y0 > x1 - x0 ? y1 - y0 : x1 - x0;
    if (span < 35) fail_msg("the short pole spans %d px (%d solid pixels)", span, solid_short);
    if (blended < 40) fail_msg("only %d pixels blend the long pole into the background: hard edges", blended);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_short_pole_is_drawn_visible_and_the_poles_smooth),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
