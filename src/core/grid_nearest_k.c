// alGrid_NearestK: the k nearest agents by (squared distance, agent index),
// and alGrid_BruteNearestK, the O(N) scan it must equal.
#include "alife/grid.h"
#include "grid_internal.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

// A bounded list of the best (d2, agent) pairs seen so far, kept sorted.
// (d2, agent) is a total order, so the result does not depend on the order in
// which candidates arrive: grid and brute force agree exactly. The pair is
// packed in one 64-bit key (the bits of a float >= 0 order like the float),
// so a comparison is one integer compare and an insertion moves two words.
typedef struct topk {
    int n, k;
    // Entries 1..n; key[0] = 0, a sentinel no key is below, ends the
    // insertion's walk without a bounds test.
    uint64_t key[AL_GRID_MAX_K + 1];
    int val[AL_GRID_MAX_K + 1];
    float worst; // d2 of the last entry once full, else +inf
} topk;

static inline uint64_t topk_key(float d2, int agent)
{
    uint32_t bits;
    memcpy(&bits, &d2, sizeof bits);
    return ((uint64_t)bits << 32) | (uint32_t)agent;
}

static inline void topk_init(topk *t, int k)
{
    t->n = 0;
    t->k = k;
    t->key[0] = 0;
    t->worst = INFINITY;
}

static inline void topk_offer(topk *t, float d2, int agent, int val)
{
    uint64_t key = topk_key(d2, agent);
    if (t->n == t->k && key >= t->key[t->n]) return;
    int i = t->n < t->k ? ++t->n : t->n;
    while (key < t->key[i - 1]) {
        t->key[i] = t->key[i - 1];
        t->val[i] = t->val[i - 1];
        --i;
    }
    t->key[i] = key;
    t->val[i] = val;
    if (t->n == t->k) {
        uint32_t bits = (uint32_t)(t->key[t->n] >> 32);
        memcpy(&t->worst, &bits, sizeof bits);
    }
}

static int topk_out(const topk *t, int *out, float *out_d2)
{
    for (int i = 0; i < t->n; ++i) {
        out[i] = t->val[i + 1];
        if (out_d2) {
            uint32_t bits = (uint32_t)(t->key[i + 1] >> 32);
            memcpy(&out_d2[i], &bits, sizeof bits);
        }
    }
    return t->n;
}

// A candidate of the grid query: offered only if its d2 is within *lim (the
// radius, then the k-th best's once k are known), so most cost a compare.
static inline void offer_within(topk *t, float *lim, float d2, int agent, int slot)
{
    topk_offer(t, d2, agent, slot);
    if (t->n == t->k) *lim = t->worst;
}

// A lower bound on the distance along one axis from v to the agents of
// cell c, v's own (or nearest, when the block is clamped) cell being c0:
// 0 in c0 itself, else the gap to c's near side. `slack` (>= 0) keeps it a
// lower bound despite rounding in the cell a coordinate was put in. (In a
// bounded world agents beyond the edge sit in the border cells; those are
// never on the far side of c0 from v, so their open sides need no care.)
static inline float axis_gap(float v, int c, int c0, float size, float slack)
{
    float gap = c < c0 ? v - (float)(c + 1) * size : c > c0 ? (float)c * size - v : 0.0f;
    gap -= slack;
    return gap > 0 ? gap : 0;
}

// Offers the agents of cell (cx, cy) (unwrapped: on a torus a cell off the
// grid is its wrapped twin seen one world away; `shifted` says the block has
// such cells).
static inline void scan_cell_k(const alGrid *g, bool shifted, int cx, int cy, alVec2 p, int exclude,
                               topk *t, float *lim)
{
    const float *sx = g->sx, *sy = g->sy;
    const int *order = g->order;
    if (!shifted) {
        int c = cy * g->cols + cx;
        for (int s = g->cell_start[c], e = g->cell_start[c + 1]; s < e; ++s) {
            float dx = sx[s] - p.x, dy = sy[s] - p.y;
            float d2 = dx * dx + dy * dy;
            if (d2 <= *lim && order[s] != exclude) offer_within(t, lim, d2, order[s], s);
        }
        return;
    }
    // Adding the shift after the subtraction is exactly what alWorld_Delta
    // does, so distances match the brute-force scan bit for bit (the caller
    // keeps the block from wrapping onto itself). A zero shift changes no
    // bit of d2.
    float shx = 0, shy = 0;
    if (cx < 0) cx += g->cols, shx = -g->world.width;
    else if (cx >= g->cols) cx -= g->cols, shx = g->world.width;
    if (cy < 0) cy += g->rows, shy = -g->world.height;
    else if (cy >= g->rows) cy -= g->rows, shy = g->world.height;
    int c = cy * g->cols + cx;
    for (int s = g->cell_start[c], e = g->cell_start[c + 1]; s < e; ++s) {
        float dx = (sx[s] - p.x) + shx, dy = (sy[s] - p.y) + shy;
        float d2 = dx * dx + dy * dy;
        if (d2 <= *lim && order[s] != exclude) offer_within(t, lim, d2, order[s], s);
    }
}

int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int exclude, int k, int *out_slot,
                    float *out_d2)
{
    assert(k >= 1 && k <= AL_GRID_MAX_K);
    if (g->count == 0) return 0;
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    float r2 = radius * radius;
    float cs = fminf(g->cell_w, g->cell_h);
    int maxk = (int)ceilf(radius / cs) + 1;
    int smaller = g->cols < g->rows ? g->cols : g->rows;
    topk t;
    topk_init(&t, k);
    if (wrap && 2 * maxk + 1 >= smaller) {
        // The block would wrap onto itself (a radius near half the world):
        // offer every agent, with the torus distance of alWorld_Delta.
        for (int s = 0; s < g->count; ++s) {
            float d2 = sep_sq(g, p, s);
            if (d2 <= r2 && g->order[s] != exclude) topk_offer(&t, d2, g->order[s], s);
        }
        return topk_out(&t, out_slot, out_d2);
    }
    // The block of cells that can hold a neighbour, [x0, x1] x [y0, y1]
    // (unwrapped on a torus, clamped to the grid otherwise), searched in
    // square rings outward from p's cell (cx0, cy0): the nearest come first,
    // so the limit falls to the k-th best early and most cells further out
    // are skipped by their gap alone. The answer is the k smallest (d2,
    // agent) keys whatever the order, so it equals the brute-force scan's.
    int x0, x1, y0, y1, cx0, cy0;
    if (wrap) {
        int qx = (int)ceilf(radius * g->inv_w), qy = (int)ceilf(radius * g->inv_h);
        cx0 = cell_coord(p.x, g->inv_w, g->cols, true);
        cy0 = cell_coord(p.y, g->inv_h, g->rows, true);
        x0 = cx0 - qx, x1 = cx0 + qx, y0 = cy0 - qy, y1 = cy0 + qy;
    } else {
        axis_range(p.x, radius, g->inv_w, g->cols, false, &x0, &x1);
        axis_range(p.y, radius, g->inv_h, g->rows, false, &y0, &y1);
        cx0 = cell_coord(p.x, g->inv_w, g->cols, false);
        cy0 = cell_coord(p.y, g->inv_h, g->rows, false);
        cx0 = cx0 < x0 ? x0 : cx0 > x1 ? x1 : cx0;
        cy0 = cy0 < y0 ? y0 : cy0 > y1 ? y1 : cy0;
    }
    // Rounding: a coordinate may sit a few ulps outside its cell's span,
    // and a computed d2 a few ulps below the true one. Shrinking the gaps by
    // a millionth of the coordinates' scale, and asking a gap to beat the
    // limit by a millionth, keeps every skip safe.
    float slack = 1e-6f * (fabsf(p.x) + fabsf(p.y) + (float)(x1 - x0 + 2) * g->cell_w +
                           (float)(y1 - y0 + 2) * g->cell_h);
    float lim = r2;
    bool shifted = wrap && (x0 < 0 || y0 < 0 || x1 >= g->cols || y1 >= g->rows);
    int dmax = cx0 - x0;
    if (x1 - cx0 > dmax) dmax = x1 - cx0;
    if (cy0 - y0 > dmax) dmax = cy0 - y0;
    if (y1 - cy0 > dmax) dmax = y1 - cy0;
    for (int d = 0; d <= dmax; ++d) {
        int ylo = cy0 - d < y0 ? y0 : cy0 - d, yhi = cy0 + d > y1 ? y1 : cy0 + d;
        int xlo = cx0 - d < x0 ? x0 : cx0 - d, xhi = cx0 + d > x1 ? x1 : cx0 + d;
        if (d > 1) {
            // Each cell of ring d lies on one of its four sides; once every
            // side is beyond the limit, so is every ring further out. (Not
            // worth asking for ring 1: the limit is rarely below its gaps.)
            float near = INFINITY, gap;
            if (cx0 - d >= x0) gap = axis_gap(p.x, cx0 - d, cx0, g->cell_w, slack), near = fminf(near, gap);
            if (cx0 + d <= x1) gap = axis_gap(p.x, cx0 + d, cx0, g->cell_w, slack), near = fminf(near, gap);
            if (cy0 - d >= y0) gap = axis_gap(p.y, cy0 - d, cy0, g->cell_h, slack), near = fminf(near, gap);
            if (cy0 + d <= y1) gap = axis_gap(p.y, cy0 + d, cy0, g->cell_h, slack), near = fminf(near, gap);
            if (near * near > lim * 1.000001f) break;
        }
        for (int cy = ylo; cy <= yhi; ++cy) {
            float gy = axis_gap(p.y, cy, cy0, g->cell_h, slack), gy2 = gy * gy;
            if (gy2 > lim * 1.000001f) continue;
            bool whole_row = cy == cy0 - d || cy == cy0 + d;
            // Ring d: its top and bottom rows whole, its other rows' two ends.
            int step = whole_row ? 1 : 2 * d;
            for (int cx = whole_row ? xlo : cx0 - d; cx <= xhi; cx += step) {
                if (cx < xlo) continue;
                float gx = axis_gap(p.x, cx, cx0, g->cell_w, slack);
                if (gx * gx + gy2 > lim * 1.000001f) continue;
                scan_cell_k(g, shifted, cx, cy, p, exclude, &t, &lim);
            }
        }
    }
    return topk_out(&t, out_slot, out_d2);
}

int alGrid_BruteNearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                         float radius, int exclude, int k, int *out_idx, float *out_d2)
{
    assert(k >= 1 && k <= AL_GRID_MAX_K);
    topk t;
    topk_init(&t, k);
    float r2 = radius * radius;
    for (int i = 0; i < n; ++i) {
        float d2 = alWorld_DistSq(w, p, (alVec2){x[i], y[i]});
        if (d2 <= r2 && i != exclude) topk_offer(&t, d2, i, i);
    }
    return topk_out(&t, out_idx, out_d2);
}
