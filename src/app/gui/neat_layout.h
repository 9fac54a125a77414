// neat_layout.h — where a NEAT genome's nodes go in a drawing, as fractions
// of a box, shared by the views that draw evolved topologies (XOR, the ants'
// brain inspector). Pure: no SDL, so tests can check it.
#ifndef ALIFE_GUI_NEAT_LAYOUT_H
#define ALIFE_GUI_NEAT_LAYOUT_H

#include "alife/neat.h"

enum { AL_NEAT_DRAW_MAX_NODES = 256 }; ///< larger genomes are not drawn

/// Node i of g (genome order) at layer depth[i] in [0, 1] (inputs and bias
/// 0, outputs 1, hidden nodes in between by their longest path from an
/// input, so new nodes appear where NEAT adds them) and along[i] in (0, 1)
/// within its layer (in node order); *widest (may be NULL) receives the node
/// count of the fullest layer. False (nothing written) when g has more than
/// AL_NEAT_DRAW_MAX_NODES nodes.
bool al_neat_layout(const alNeatGenome *g, float *along, float *depth, int *widest);

#endif
