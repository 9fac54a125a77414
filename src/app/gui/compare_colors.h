// compare_colors.h — the colours of compared runs and groups: eight hues
// that stay apart on the dark background and for the common colour-vision
// deficiencies (after Okabe & Ito's palette, brightened for a dark theme).
#ifndef ALIFE_GUI_COMPARE_COLORS_H
#define ALIFE_GUI_COMPARE_COLORS_H

#include <SDL.h>

/// Colour of the i-th run or group (cycles after eight).
static inline SDL_Color al_compare_colour(int i)
{
    static const SDL_Color pal[8] = {
        {240, 170, 40, 255},  // orange
        {90, 190, 245, 255},  // sky blue
        {40, 200, 140, 255},  // bluish green
        {245, 120, 170, 255}, // reddish purple
        {240, 230, 90, 255},  // yellow
        {70, 130, 230, 255},  // blue
        {230, 100, 40, 255},  // vermillion
        {200, 200, 210, 255}, // light grey
    };
    return pal[(i % 8 + 8) % 8];
}

#endif
