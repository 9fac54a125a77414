// gui_font.h — a software renderer drawing into a surface, with the GUI's
// sans font at 13 px, for tests that call the drawing helpers directly.
// Include after <cmocka.h>.
#ifndef ALIFE_TESTS_GUI_FONT_H
#define ALIFE_TESTS_GUI_FONT_H

#include <SDL.h>
#include <SDL_ttf.h>

#include "gui/font.h"
#include "gui/view.h"

typedef struct gf_canvas {
    SDL_Surface *sf;
    SDL_Renderer *ren;
    al_font *font;
} gf_canvas;

/// A w x h surface cleared to black, its renderer and the font.
static inline void gf_open(gf_canvas *c, int w, int h)
{
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    assert_int_equal(TTF_Init(), 0);
    c->sf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    c->ren = c->sf ? SDL_CreateSoftwareRenderer(c->sf) : NULL;
    assert_non_null(c->ren);
    char path[512];
    alError err = {0};
    assert_int_equal(al_font_find(AL_FACE_SANS, path, sizeof path, &err), AL_OK);
    c->font = al_font_create(c->ren, path, 13, &err);
    assert_non_null(c->font);
    SDL_SetRenderDrawColor(c->ren, 0, 0, 0, 255);
    SDL_RenderClear(c->ren);
}

/// Pixels drawn (not black) in the columns [x0, x1) of the rows [y0, y1),
/// clipped to the surface.
static inline int gf_pixels_in(const gf_canvas *c, int x0, int x1, int y0, int y1)
{
    SDL_RenderPresent(c->ren);
    int n = 0;
    for (int py = y0 < 0 ? 0 : y0; py < y1 && py < c->sf->h; ++py)
        for (int px = x0 < 0 ? 0 : x0; px < x1 && px < c->sf->w; ++px)
            n += (((const Uint32 *)c->sf->pixels)[py * (c->sf->pitch / 4) + px] & 0xffffff) != 0;
    return n;
}

/// Pixels drawn (not black) in the columns from x to the surface's right edge.
static inline int gf_pixels_right_of(const gf_canvas *c, int x)
{
    return gf_pixels_in(c, x, c->sf->w, 0, c->sf->h);
}

static inline void gf_close(gf_canvas *c)
{
    al_font_destroy(c->font);
    SDL_DestroyRenderer(c->ren);
    SDL_FreeSurface(c->sf);
    TTF_Quit();
    SDL_Quit();
}

#endif
