// Layers of a NEAT drawing (neat_layout.h): the longest path from an input.
#include "neat_layout.h"

// Longest path from an input to each node (feed-forward). A self-loop adds
// no depth, and a recurrent genome's longer cycles stop at the hidden node
// count (no simple path is longer): a looping hidden node once climbed to
// the cap of 16 layers and was drawn against the output (trial, issue 10).
static void depths(const alNeatGenome *g, int *depth)
{
    int hidden = 0;
    for (int i = 0; i < g->node_count; ++i) {
        depth[i] = 0;
        if (g->nodes[i].type == AL_NEAT_HIDDEN) hidden++;
    }
    for (int pass = 0; pass < 16; ++pass) {
        bool changed = false;
        for (int c = 0; c < g->conn_count; ++c) {
            const alNeatConn *k = &g->conns[c];
            if (!k->enabled) continue;
            int a = alNeatGenome_FindNode(g, k->in), b = alNeatGenome_FindNode(g, k->out);
            if (g->nodes[b].type == AL_NEAT_OUTPUT || a == b) continue; // outputs sit on the last layer
            if (depth[b] < depth[a] + 1 && depth[a] < hidden) {
                depth[b] = depth[a] + 1;
                changed = true;
            }
        }
        if (!changed) break;
    }
}

static int layer_of(const alNeatGenome *g, const int *depth, int layers, int i)
{
    uint8_t t = g->nodes[i].type;
    if (t == AL_NEAT_OUTPUT) return layers - 1;
    if (t != AL_NEAT_HIDDEN) return 0;
    return depth[i] < 1 ? 1 : depth[i];
}

bool al_neat_layout(const alNeatGenome *g, float *along, float *depth_out, int *widest)
{
    if (g->node_count > AL_NEAT_DRAW_MAX_NODES) return false;
    int depth[AL_NEAT_DRAW_MAX_NODES], maxd = 0;
    depths(g, depth);
    for (int i = 0; i < g->node_count; ++i)
        if (g->nodes[i].type == AL_NEAT_HIDDEN && depth[i] > maxd) maxd = depth[i];
    int layers = maxd + 2; // inputs, hidden depths 1..maxd, outputs
    if (widest) *widest = 0;
    for (int i = 0; i < g->node_count; ++i) {
        int layer = layer_of(g, depth, layers, i), count = 0, rank = 0;
        for (int j = 0; j < g->node_count; ++j) {
            if (layer_of(g, depth, layers, j) != layer) continue;
            if (j < i) rank++;
            count++;
        }
        along[i] = (float)(rank + 1) / (float)(count + 1);
        if (widest && count > *widest) *widest = count;
        depth_out[i] = (float)layer / (float)(layers - 1);
    }
    return true;
}
