// neat_draw.h — a NEAT genome drawn in a box of the screen, shared by the
// views that show an evolved controller beside what it drives (the ants'
// brain inspector, the pole's controller). Positions: neat_layout.h.
#ifndef ALIFE_GUI_NEAT_DRAW_H
#define ALIFE_GUI_NEAT_DRAW_H

#include "alife/neat.h"
#include "view.h"

/// How much of a network's labels fits a box w pixels wide whose widest
/// input label is left_full pixels with its value and left_name without
/// (outputs: right_full, right_name).
typedef enum {
    AL_NET_LABELS_NONE,  ///< the network alone, "labels hidden: window too small" under it
    AL_NET_LABELS_NAMES, ///< names without values, "values hidden: window too small" under it
    AL_NET_LABELS_FULL,  ///< names and values
} al_net_labels;
al_net_labels al_net_labels_fit(int w, int left_full, int right_full, int left_name, int right_name);

/// What the box says when labels give way (NULL for AL_NET_LABELS_FULL).
const char *al_net_labels_note(al_net_labels fit);

/// Writes that note on the last lines of box (two at most, wrapped to its
/// width); returns the pixels it took from the box's bottom (0: none).
int al_net_labels_say(SDL_Renderer *r, const al_font *f, SDL_Rect box, al_net_labels fit);

/// Draws g in box (pixels): inputs and the bias on the left, the outputs on
/// the right, hidden nodes between them by depth (they appear where NEAT
/// adds them); enabled links green for positive weights and red for
/// negative, wider when stronger; nodes filled by their value (values: one
/// per node in genome order, e.g. alNeatNet's; NULL: unfilled). Input i is
/// labelled in_names[i] and output o out_names[o], each with its value
/// (names NULL: none); in a box too narrow for them, the names alone, or
/// the network alone, the box's last line saying so (al_net_labels_fit).
/// A link that would cross a node not its end is bowed round it
/// (al_neat_link_bows). Returns the nodes drawn (0: more than
/// AL_NEAT_DRAW_MAX_NODES, said in the box); *labels (may be NULL) receives
/// the input labels drawn, *through (may be NULL) the links still crossing
/// a node (-1: more than AL_NEAT_DRAW_MAX_CONNS links, drawn straight).
int al_neat_draw(SDL_Renderer *r, const al_font *f, SDL_Rect box, const alNeatGenome *g, const double *values,
                 const char *const *in_names, const char *const *out_names, int *labels, int *through);

#endif
