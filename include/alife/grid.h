/// grid.h — a uniform spatial grid over the world for neighbour queries.
/// Rebuilt from scratch every tick in O(N) by a counting sort of agent indices
/// by cell; it keeps a cell-ordered copy of the positions so that a query reads
/// contiguous memory. Queries are read-only and may run from many threads.
#ifndef ALIFE_GRID_H
#define ALIFE_GRID_H

#include <stdbool.h>
#include "alife/world.h"

typedef struct alGrid {
    alWorld world;
    float cell_w, cell_h; ///< cell size, world units: whole cells tile the world
    float inv_w, inv_h;   ///< 1 / cell size
    int cols, rows;    ///< number of cells across and down
    int count;         ///< agents in the last build
    int capacity;      ///< allocated agent slots
    int *cell_start;   ///< cols*rows+1 offsets into order[]
    int *order;        ///< agent indices sorted by cell
    int *agent_cell;   ///< cell of each agent (build scratch)
    float *sx, *sy;    ///< positions in cell order (sx[k] is agent order[k])
} alGrid;

/// Creates a grid for world w with cells of about cell_size (> 0) world units
/// (rounded so that whole cells tile the world). Returns NULL if out of memory.
/// Destroy with alDestroyGrid.
alGrid *alCreateGrid(const alWorld *w, float cell_size);
/// Frees the grid; NULL is a no-op.
void alDestroyGrid(alGrid *g);

/// Sorts n agents at (x[i], y[i]) into cells. Positions outside the world are
/// clamped into the border cells. Returns false if growing the arrays failed.
bool alGrid_Build(alGrid *g, const float *x, const float *y, int n);

/// Agents within radius of p (distance <= radius, edge-aware), agent `exclude`
/// left out (-1 to keep all). Writes at most max_out indices to out in cell
/// scan order (deterministic) and returns how many it wrote; max_out caps the
/// neighbours used (the seed's maxBoids).
int alGrid_Query(const alGrid *g, alVec2 p, float radius, int exclude, int *out, int max_out);

/// The nearest agent within radius of p (edge-aware), or -1 when none; ties go
/// to the lower agent index. *dist_sq (may be NULL) receives its squared distance.
int alGrid_Nearest(const alGrid *g, alVec2 p, float radius, int exclude, float *dist_sq);

/// The k (1..AL_GRID_MAX_K) nearest agents within radius of p, nearest first
/// (ties: lower index first), into idx[] and their squared distances into
/// d2[] (either may be NULL); returns how many were found (< k when fewer lie
/// within radius). *next_sq (may be NULL) receives the squared distance of the
/// (k+1)-th nearest within radius, or INFINITY: no other agent is nearer than
/// that, which lets a caller cache the k nearest while it moves (a point that
/// moved s world units cannot find an uncached agent nearer than
/// sqrt(*next_sq) - s). One pass over the cell-ordered positions, vectorised:
/// meant for the few hundred items an agent caches over; O(count) each call.
int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int k, int *idx, float *d2,
                    float *next_sq);
/// Largest k of alGrid_NearestK and alWorld_NearestK.
#define AL_GRID_MAX_K 16

/// alGrid_NearestK over n plain points (x[j], y[j]) in world w, no grid: for
/// a few hundred points that move now and then (an ant's food), where
/// rebuilding a grid after each move would cost more than the scan. Indices
/// are j; same ordering, ties and *next_sq as alGrid_NearestK.
int alWorld_NearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                     float radius, int k, int *idx, float *d2, float *next_sq);

#endif
