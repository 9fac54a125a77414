// Layers of a NEAT drawing (neat_layout.h): the longest path from an input;
// links bowed round the nodes a straight line would cross.
#include "neat_layout.h"

#include <math.h>

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

void al_neat_link_path(float ax, float ay, float bx, float by, float bow, float *xs, float *ys)
{
    float dx = bx - ax, dy = by - ay, len = sqrtf(dx * dx + dy * dy);
    // the control point: twice the bow off the middle puts the curve's middle at bow
    float cx = 0.5f * (ax + bx), cy = 0.5f * (ay + by);
    if (len > 0) cx += 2 * bow * dy / len, cy -= 2 * bow * dx / len;
    for (int i = 0; i < AL_NEAT_LINK_POINTS; ++i) {
        float t = (float)i / (float)(AL_NEAT_LINK_POINTS - 1), u = 1 - t;
        xs[i] = u * u * ax + 2 * u * t * cx + t * t * bx;
        ys[i] = u * u * ay + 2 * u * t * cy + t * t * by;
    }
}

// Squared distance from (px, py) to the segment (ax, ay)-(bx, by).
static float seg_dist2(float px, float py, float ax, float ay, float bx, float by)
{
    float dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy, t = 0;
    if (l2 > 0) t = ((px - ax) * dx + (py - ay) * dy) / l2;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    float ex = ax + t * dx - px, ey = ay + t * dy - py;
    return ex * ex + ey * ey;
}

// Whether the link from node a to node b, drawn with this bow, passes
// within radius of a node other than a and b.
static bool hits(const alNeatGenome *g, const float *x, const float *y, float radius, int a, int b,
                 float bow)
{
    float xs[AL_NEAT_LINK_POINTS], ys[AL_NEAT_LINK_POINTS];
    al_neat_link_path(x[a], y[a], x[b], y[b], bow, xs, ys);
    float lo_x = xs[0], hi_x = xs[0], lo_y = ys[0], hi_y = ys[0];
    for (int s = 1; s < AL_NEAT_LINK_POINTS; ++s) {
        lo_x = fminf(lo_x, xs[s]), hi_x = fmaxf(hi_x, xs[s]);
        lo_y = fminf(lo_y, ys[s]), hi_y = fmaxf(hi_y, ys[s]);
    }
    for (int i = 0; i < g->node_count; ++i) {
        if (i == a || i == b) continue;
        if (x[i] < lo_x - radius || x[i] > hi_x + radius || y[i] < lo_y - radius ||
            y[i] > hi_y + radius)
            continue;
        for (int s = 1; s < AL_NEAT_LINK_POINTS; ++s)
            if (seg_dist2(x[i], y[i], xs[s - 1], ys[s - 1], xs[s], ys[s]) < radius * radius) return true;
    }
    return false;
}

int al_neat_link_bows(const alNeatGenome *g, const float *x, const float *y, float radius, float *bow)
{
    int through = 0;
    for (int k = 0; k < g->conn_count; ++k) {
        const alNeatConn *cn = &g->conns[k];
        bow[k] = 0;
        int a = alNeatGenome_FindNode(g, cn->in), b = alNeatGenome_FindNode(g, cn->out);
        if (!cn->enabled || a < 0 || b < 0 || a == b || !hits(g, x, y, radius, a, b, 0)) continue;
        // the least curve that clears, either side, in steps of a node's width
        bool clear = false;
        for (int step = 1; step <= 8 && !clear; ++step)
            for (int side = 1; side >= -1 && !clear; side -= 2)
                if (!hits(g, x, y, radius, a, b, (float)(side * step) * 2 * radius)) {
                    bow[k] = (float)(side * step) * 2 * radius;
                    clear = true;
                }
        through += !clear;
    }
    return through;
}
