// png_count.h — for tests that look at a PNG the program wrote: how many
// pixels (in a rectangle) are close to a colour. Header-only (each test is
// its own program); needs a GUI build (SDL and libpng).
#ifndef ALIFE_TESTS_PNG_COUNT_H
#define ALIFE_TESTS_PNG_COUNT_H

#include <SDL.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

/// Pixels of the PNG at path within tol of c in every channel, inside rect
/// (NULL: the whole image); the image's size into *w, *h. -1 if unreadable.
static int png_count_colour(const char *path, const SDL_Rect *rect, SDL_Color c, int tol, int *w,
                            int *h)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) return -1;
    img.format = PNG_FORMAT_RGB;
    unsigned char *px = malloc(PNG_IMAGE_SIZE(img));
    if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        free(px);
        png_image_free(&img);
        return -1;
    }
    *w = (int)img.width;
    *h = (int)img.height;
    SDL_Rect all = {0, 0, *w, *h}, r = rect ? *rect : all;
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < *h; ++y)
        for (int x = r.x; x < r.x + r.w && x < *w; ++x) {
            const unsigned char *p = px + 3 * ((size_t)y * img.width + (size_t)x);
            if (abs(p[0] - c.r) <= tol && abs(p[1] - c.g) <= tol && abs(p[2] - c.b) <= tol) ++n;
        }
    free(px);
    return n;
}

#endif
