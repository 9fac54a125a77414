// plot_label.h — where a label goes on a plot: clear of the lines drawn
// there (shell-internal; plot.c's "off the scale" labels).
#ifndef ALIFE_GUI_PLOT_LABEL_H
#define ALIFE_GUI_PLOT_LABEL_H

#include <SDL.h>
#include <stdbool.h>

/// One straight piece of a line as drawn on a plot, in window pixels (a
/// lone point: a == b).
typedef struct al_plot_seg {
    SDL_FPoint a, b;
} al_plot_seg;

/// What a label at box would hide, with box grown by 2 px (a line is 2 px
/// thick): 100 for each end of a segment under it (a value plotted), 1 for
/// each segment crossing it. 0: it hides nothing.
int al_plot_label_cost(SDL_Rect box, const al_plot_seg *seg, int nseg);

/// The place of a w x h label inside plot (4 px in from its edges): in rows
/// from the top edge (up) or the bottom one inward, each row tried from the
/// left at sixteen places along it, the first that hides nothing
/// (al_plot_label_cost) and overlaps no box of taken; when every place
/// hides something, the one that hides least (a value plotted under the
/// label costs more than a line crossing it). *cost (may be NULL): what
/// the place returned hides.
SDL_Rect al_plot_label_place(SDL_Rect plot, int w, int h, bool up, const al_plot_seg *seg, int nseg,
                             const SDL_Rect *taken, int ntaken, int *cost);

#endif
