// neat_draw.h — a NEAT genome drawn in a box of the screen, shared by the
// views that show an evolved controller beside what it drives (the ants'
// brain inspector, the pole's controller). Positions: neat_layout.h.
#ifndef ALIFE_GUI_NEAT_DRAW_H
#define ALIFE_GUI_NEAT_DRAW_H

#include "alife/neat.h"
#include "view.h"

/// Draws g in box (pixels): inputs and the bias on the left, the outputs on
/// the right, hidden nodes between them by depth (they appear where NEAT
/// adds them); enabled links green for positive weights and red for
/// negative, wider when stronger; nodes filled by their value (values: one
/// per node in genome order, e.g. alNeatNet's; NULL: unfilled). Input i is
/// labelled in_names[i] and output o out_names[o], each with its value
/// (names NULL: none); in a box too narrow for the labels, the network
/// alone. Returns the nodes drawn (0: more than AL_NEAT_DRAW_MAX_NODES, said
/// in the box); *labels (may be NULL) receives the input labels drawn.
int al_neat_draw(SDL_Renderer *r, const al_font *f, SDL_Rect box, const alNeatGenome *g, const double *values,
                 const char *const *in_names, const char *const *out_names, int *labels);

#endif
