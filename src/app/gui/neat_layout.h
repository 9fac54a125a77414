// neat_layout.h — where a NEAT genome's nodes go in a drawing, as fractions
// of a box, shared by the views that draw evolved topologies (XOR, the ants'
// brain inspector). Pure: no SDL, so tests can check it.
#ifndef ALIFE_GUI_NEAT_LAYOUT_H
#define ALIFE_GUI_NEAT_LAYOUT_H

#include "alife/neat.h"

enum { AL_NEAT_DRAW_MAX_NODES = 256 }; ///< larger genomes are not drawn
enum { AL_NEAT_DRAW_MAX_CONNS = 2048 }; ///< links beyond this many are not bowed round nodes

/// Node i of g (genome order) at layer depth[i] in [0, 1] (inputs and bias
/// 0, outputs 1, hidden nodes in between by their longest path from an
/// input, so new nodes appear where NEAT adds them) and along[i] in (0, 1)
/// within its layer (in node order); *widest (may be NULL) receives the node
/// count of the fullest layer. False (nothing written) when g has more than
/// AL_NEAT_DRAW_MAX_NODES nodes.
bool al_neat_layout(const alNeatGenome *g, float *along, float *depth, int *widest);

/// Points on a link drawn from (ax, ay) to (bx, by), pixels: a straight line
/// for bow 0, else a quadratic curve whose middle lies bow pixels left of
/// the line (right for a negative bow). Writes AL_NEAT_LINK_POINTS points.
enum { AL_NEAT_LINK_POINTS = 13 };
void al_neat_link_path(float ax, float ay, float bx, float by, float bow, float *xs, float *ys);

/// How each of g's links is drawn so that none passes through a node that
/// is not one of its ends: bow[k] for conns[k] (al_neat_link_path) is 0
/// where the straight line keeps radius pixels clear of every other node
/// (x[i], y[i]: node i's centre, pixels), else the least curve that does.
/// Returns the links that still pass through a node (0 but for crowded
/// drawings); disabled links and self-loops get bow 0 and are not counted.
int al_neat_link_bows(const alNeatGenome *g, const float *x, const float *y, float radius, float *bow);

#endif
