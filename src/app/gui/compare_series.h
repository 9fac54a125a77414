// compare_series.h — a compare model as plot series, for the PNG of
// `alife compare --plot` and the GUI's compare view alike, and the colours of
// compared runs and groups: eight hues that stay apart on the dark background
// and for the common colour-vision deficiencies (after Okabe & Ito's palette,
// brightened for a dark theme).
#ifndef ALIFE_GUI_COMPARE_SERIES_H
#define ALIFE_GUI_COMPARE_SERIES_H

#include <SDL.h>

#include "compare_model.h"
#include "plot.h"

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

/// Fills se[g] and bands[g] for every group g of m over generations
/// 0..npts-1: grouped, the group's mean with its 95% band (runs held at their
/// last value); per run, the run's own curve, ending where the run ended.
/// Colours al_compare_colour(colour0 + g). buf: 3 * npts doubles per group;
/// names: one 300-byte label per group (the series point into buf and names).
void al_compare_fill_series(const al_compare_model *m, int npts, int colour0, al_series *se,
                            al_band *bands, double *buf, char (*names)[300]);

#endif
