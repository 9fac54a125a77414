// Helpers shared by the grid's files (grid.c builds and answers radius
// queries, grid_nearest_k.c the k-nearest queries). Not public API.
#ifndef ALIFE_GRID_INTERNAL_H
#define ALIFE_GRID_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "alife/grid.h"
#include "alife/v4.h"

// Slots allocated past the capacity of order, sx and sy (kept defined): a
// vector load of the last few agents may read that far; the lanes past the
// agents are never used.
#define GRID_PAD 16

// floorf(f) as an int clamped to [lo, hi] (|lo|, |hi| <= 2^30); NaN gives
// lo. Casting a float outside int's range (a huge or infinite coordinate)
// is undefined behaviour, so the clamp comes before the cast.
static inline int floor_clamp(float f, int lo, int hi)
{
    if (!(f >= (float)lo)) return lo;
    if (f >= (float)hi) return hi;
    return (int)floorf(f);
}

// The cell of coordinate v along an axis of n cells of size 1 / inv over
// [0, extent); off the grid it wraps (torus) or clamps to the border cell.
static inline int cell_coord(float v, float inv, int n, float extent, bool wrap)
{
    // Inside the grid (nearly always) truncation is the floor: no libm
    // floorf (a call on the baseline x86-64, which lacks roundss), no modulo.
    float f = v * inv;
    if (f >= 0.0f && f < (float)n) return (int)f;
    // A coordinate inside the world whose product rounded up to n (just
    // below the far edge) is in the last cell: wrapped to cell 0 it was a
    // whole world away from its neighbours, and queries missed it.
    if (v >= 0.0f && v < extent) return n - 1;
    if (!wrap) return floor_clamp(f, 0, n - 1); // NaN: cell 0
    if (!isfinite(f)) return 0;
    if (!(fabsf(f) < 0x1p30f)) f = fmodf(f, (float)n); // exact, and in int's range
    int c = (int)floorf(f) % n;
    return c < 0 ? c + n : c;
}

// The range of cells [lo, hi] a query of [v - r, v + r] touches along one
// axis. With wrapping the range may leave [0, n) and is taken modulo n; a
// range as wide as the grid is reduced to [0, n) so no cell is seen twice.
static inline void axis_range(float v, float r, float inv, int n, bool wrap, int *lo, int *hi)
{
    float fa = (v - r) * inv, fb = (v + r) * inv;
    if (wrap) {
        // Huge, infinite or NaN ends: the whole axis (a superset, defined).
        bool huge = !(fabsf(fa) < 0x1p30f && fabsf(fb) < 0x1p30f);
        int a = huge ? 0 : (int)floorf(fa), b = huge ? n - 1 : (int)floorf(fb);
        if (b - a + 1 >= n) {
            a = 0;
            b = n - 1;
        }
        *lo = a;
        *hi = b;
        return;
    }
    int a = floor_clamp(fa, -1, n), b = floor_clamp(fb, -1, n);
    if (a < 0) a = 0;
    if (b > n - 1) b = n - 1;
    if (a > n - 1) a = n - 1; // a point beyond the far edge
    if (b < 0) b = 0;
    *lo = a;
    *hi = b;
}

// Squared distance from p to the agent in grid slot k, as alWorld_DistSq.
static inline float sep_sq(const alGrid *g, alVec2 p, int k)
{
    return alWorld_DistSq(&g->world, p, (alVec2){g->sx[k], g->sy[k]});
}

// A run of grid slots [s, e) seen from the query shifted by shx along x.
typedef struct row_piece {
    int s, e;
    float shx;
} row_piece;

// The slots of cells a..b (unwrapped) of row cy (unwrapped, its shift along
// y into *shy): on a torus the cells off the grid are their wrapped twins
// seen one world away, so the run splits into up to three pieces, each
// shifted by its own multiple of the world width. Adding the shift after
// the subtraction is exactly what alWorld_Delta does, so distances match
// the brute-force scan bit for bit (the caller keeps the block from
// wrapping onto itself). Returns the number of pieces (0 when a > b).
static inline int row_pieces(const alGrid *g, int cy, int a, int b, float *shy, row_piece out[3])
{
    *shy = 0;
    if (a > b) return 0;
    if (cy < 0) cy += g->rows, *shy = -g->world.height;
    else if (cy >= g->rows) cy -= g->rows, *shy = g->world.height;
    const int *start = g->cell_start + cy * g->cols;
    int cols = g->cols, n = 0;
    if (a >= 0 && b < cols) { // the common case: one piece
        out[0] = (row_piece){start[a], start[b + 1], 0.0f};
        return 1;
    }
    if (a < 0) out[n++] = (row_piece){start[a + cols], start[(b < 0 ? b : -1) + cols + 1], -g->world.width};
    if (a < cols && b >= 0)
        out[n++] = (row_piece){start[a < 0 ? 0 : a], start[(b >= cols ? cols - 1 : b) + 1], 0.0f};
    if (b >= cols) out[n++] = (row_piece){start[(a >= cols ? a : cols) - cols], start[b - cols + 1], g->world.width};
    return n;
}

// grid_nearest_k_avx512.c: alGrid_NearestK's answer when its block is the
// 3 x 3 cells [a, b] x [c, d] (unwrapped) around p's, by AVX-512 (the same
// bits: the same arithmetic, no FMA). hint: alGrid_NearestKHint's. -1 when
// it cannot answer (no AVX-512 on this CPU, or more candidates than its
// buffer holds).
int grid_nearest_k_block(const alGrid *g, alVec2 p, float r2, float hint, int exclude, int k, int a, int b,
                         int c, int d, int *out_slot, float *out_d2);

#endif
