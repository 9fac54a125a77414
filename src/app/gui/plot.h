// plot.h — the side panel's live line plot (shell-internal).
#ifndef ALIFE_GUI_PLOT_H
#define ALIFE_GUI_PLOT_H

#include <SDL.h>
#include <stdbool.h>

#include "plot_label.h"
#include "view.h"

/// One line: y[i] is the value at generation i (x = i). NaN leaves a gap.
typedef struct al_series {
    const char *name; ///< legend label
    SDL_Color col;
    const double *y;
    int n;
    bool dashed; ///< a reference line (e.g. the greedy group): see al_plot_range
    bool on_scale; ///< a reference line the axis takes in, as a data line (a yardstick to read the
                   ///< data against); false: labelled "off the scale" beyond the data's range
} al_series;

/// A band around a series (e.g. its 95% confidence interval): lo[i] and
/// hi[i] at generation i, as many values as the series has. NaN leaves a gap.
typedef struct al_band {
    const double *lo, *hi; ///< NULL: no band for this series
} al_band;

/// The legend takes at most this many rows of its own, and only while the
/// axes keep AL_PLOT_MIN_H pixels; the title at most AL_PLOT_TITLE_LINES
/// lines; at most AL_PLOT_OFF_LABELS "off the scale" labels are recorded.
enum { AL_PLOT_LEGEND_ROWS = 2, AL_PLOT_MIN_H = 48, AL_PLOT_TITLE_LINES = 2, AL_PLOT_OFF_LABELS = 4 };

/// What al_plot_draw_banded drew: the axes' box (w and h 0 when the area is
/// too small for any), the title's lines and the box they cover (w the
/// widest), the legend's own rows (0: on the title's last row or none) and
/// how many series the legend names and leaves out ("+N more").
typedef struct al_plot_drawn {
    SDL_Rect axes;
    SDL_Rect title;
    int title_rows;
    int legend_rows, legend_shown, legend_hidden;
    int off_scale_labels; ///< reference lines now off the scale: a gap there, labelled "name v, off the scale"
    SDL_Rect off_scale[AL_PLOT_OFF_LABELS]; ///< each such label's box (its opaque background)
    const al_plot_seg *segs; ///< the lines as drawn, piece by piece (valid until the next plot is drawn)
    int nsegs;
    const char *empty; ///< what it said over empty axes (NULL: there was data); valid as segs
} al_plot_drawn;

/// Draws axes with tick labels, axis titles, a legend and the series into
/// area. ytitle may hold AL_PLOT_TITLE_LINES lines, '\n' between. With no data it draws the empty axes and "no generations yet".
al_plot_drawn al_plot_draw(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                           const char *ytitle, const al_series *series, int nseries);

/// Same, saying empty_says over empty axes (NULL: as al_plot_draw says).
al_plot_drawn al_plot_draw_says(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                                const char *ytitle, const al_series *series, int nseries, const char *empty_says);

/// Same, with bands[i] (may be NULL) filled translucent in series i's colour
/// under the lines; the y range covers the bands too. Both return what
/// they drew.
al_plot_drawn al_plot_draw_banded(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                                  const char *ytitle, const al_series *series, const al_band *bands,
                                  int nseries);

/// The y range al_plot_draw gives series (and bands, may be NULL), on tick
/// steps: from the data lines (not dashed) and their bands, so that a
/// reference line far above them (the greedy group's 110 food beside early
/// learning at 5..30) does not squash them into the bottom. A reference
/// line inside that range is drawn as usual; off it, it has a gap, and a
/// label with its name, value and an arrow says where it is (placed near
/// the edge it lies beyond, where no line drawn crosses it). With
/// no data lines, the reference lines set the range. The range always
/// takes in 0 (a food count of 109..111 on an axis from 108 made noise look
/// like swings); values all 0, or none: 0 .. 1.
void al_plot_range(const al_series *series, const al_band *bands, int nseries, double *lo,
                   double *hi);

/// A plot title that fits width pixels: on one line "title   (hint)" when it
/// fits, else with a shorter hint ("Tab" for a hint starting with it), else
/// the title alone; else the title wrapped to AL_PLOT_TITLE_LINES lines
/// ('\n' between; al_plot_draw draws them, the axes one row lower), the
/// hint after its last line when there is room; else the last line cut
/// with "..." (returns true then: part of the title is not shown). hint
/// may be NULL.
bool al_plot_fit_title(const al_font *font, const char *title, const char *hint, int width, char *out,
                       size_t cap);

/// "Nice" tick step (1, 2 or 5 times a power of ten) for about target ticks
/// over span (> 0).
double al_plot_tick_step(double span, int target);

#endif
