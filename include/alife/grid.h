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
    float *sx, *sy;    ///< positions in cell order (sx[k] is agent order[k]);
                       ///< order, sx and sy have a few slots past capacity
                       ///< (defined, unused) for the queries' vector loads
    int threads;       ///< OpenMP threads alGrid_Build may use (default 1);
                       ///< the result is the same with any number
} alGrid;

/// What a grid covers; plain data, copied by alCreateGrid.
typedef struct alGridDef {
    alWorld world;   ///< the world (its width and height > 0)
    float cell_size; ///< about this many world units a cell (> 0), rounded so whole cells tile the world
} alGridDef;

/// Creates a grid over def->world into *out. AL_ERR_NOMEM (*out NULL, err
/// filled; err may be NULL) if out of memory. Destroy with alDestroyGrid.
alResult alCreateGrid(const alGridDef *def, alGrid **out, alError *err);
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

/// The k (1..AL_GRID_MAX_K) nearest agents within radius of p (distance <=
/// radius, edge-aware), agent `exclude` left out, sorted by (squared distance,
/// agent index). The answer does not depend on the cell size or scan order and
/// equals alGrid_BruteNearestK's. Writes grid slots (positions in order[],
/// sx[], sy[]: agent = order[slot]) to out_slot and their squared distances to
/// out_d2 (may be NULL); returns how many (<= k). Read-only: any thread.
int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int exclude, int k, int *out_slot,
                    float *out_d2);
/// alGrid_NearestK with a guess: hint_d2, a squared distance within which
/// about k agents are expected (say this query's k-th d2 when last asked,
/// a little widened; INFINITY or NaN for none). The answer is the same for
/// any hint; a close one saves work (it bounds the candidates at once, and
/// costs a second look when fewer than k lie within it).
int alGrid_NearestKHint(const alGrid *g, alVec2 p, float radius, int exclude, int k, float hint_d2,
                        int *out_slot, float *out_d2);
/// The same query by scanning all n agents (the O(N) reference the grid is
/// checked against and compared with in benchmarks). Writes agent indices.
int alGrid_BruteNearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                         float radius, int exclude, int k, int *out_idx, float *out_d2);
/// Calls fn(ctx, agent, dist_sq) for every agent within radius of p (edge-
/// aware) except `exclude`, in cell scan order, without a cap. Read-only.
void alGrid_Visit(const alGrid *g, alVec2 p, float radius, int exclude,
                  void (*fn)(void *ctx, int agent, float dist_sq), void *ctx);

/// Largest k of the NearestK queries.
#define AL_GRID_MAX_K 64

/// The k (1..AL_GRID_MAX_K) nearest of n plain points (x[j], y[j]) within
/// radius of p in world w, no grid: for a few hundred points that move now
/// and then (an ant's food), where rebuilding a grid after each move would
/// cost more than the scan. Indices j into idx[], squared distances into d2[]
/// (either may be NULL), nearest first, ties to the lower index; returns how
/// many were found. *next_sq (may be NULL) receives the squared distance of
/// the (k+1)-th nearest within radius, or INFINITY: no other point is nearer
/// than that, which lets a caller cache the k nearest while it moves (a point
/// that moved s world units cannot find an uncached point nearer than
/// sqrt(*next_sq) - s). One vectorised pass: O(n) each call.
int alWorld_NearestK(const alWorld *w, const float *x, const float *y, int n, alVec2 p,
                     float radius, int k, int *idx, float *d2, float *next_sq);

#endif
