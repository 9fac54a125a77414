// Uniform grid, rebuilt each tick by a counting sort (O(N), stable: agents of
// one cell stay in index order, so every query result is deterministic).
#include "alife/grid.h"
#include "grid_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static alGrid *create_grid(const alWorld *w, float cell_size)
{
    assert(w && w->width > 0 && w->height > 0 && cell_size > 0);
    alGrid *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->world = *w;
    g->threads = 1;
    g->cols = (int)fmaxf(1.0f, floorf(w->width / cell_size));
    g->rows = (int)fmaxf(1.0f, floorf(w->height / cell_size));
    // Keep the grid to a sane size even for a tiny cell in a huge world.
    while ((int64_t)g->cols * g->rows > (1 << 22)) {
        g->cols = g->cols / 2 + 1;
        g->rows = g->rows / 2 + 1;
    }
    g->cell_w = w->width / (float)g->cols;
    g->cell_h = w->height / (float)g->rows;
    g->inv_w = 1.0f / g->cell_w;
    g->inv_h = 1.0f / g->cell_h;
    g->cell_start = calloc((size_t)g->cols * g->rows + 1, sizeof *g->cell_start);
    if (!g->cell_start) {
        free(g);
        return NULL;
    }
    return g;
}

alResult alCreateGrid(const alGridDef *def, alGrid **out, alError *err)
{
    *out = create_grid(&def->world, def->cell_size);
    if (*out) return AL_OK;
    return alError_Set(err, AL_ERR_NOMEM, "out of memory for a grid over %g x %g in cells of %g",
                       (double)def->world.width, (double)def->world.height, (double)def->cell_size);
}

void alDestroyGrid(alGrid *g)
{
    if (!g) return;
    free(g->cell_start);
    free(g->order);
    free(g->agent_cell);
    free(g->sx);
    free(g->sy);
    free(g);
}

static bool grow(alGrid *g, int n)
{
    if (n <= g->capacity) return true;
    int cap = g->capacity ? g->capacity : 64;
    while (cap < n) cap *= 2;
    int *order = realloc(g->order, ((size_t)cap + GRID_PAD) * sizeof *order);
    if (order) g->order = order;
    int *cell = realloc(g->agent_cell, (size_t)cap * sizeof *cell);
    if (cell) g->agent_cell = cell;
    float *sx = realloc(g->sx, ((size_t)cap + GRID_PAD) * sizeof *sx);
    if (sx) g->sx = sx;
    float *sy = realloc(g->sy, ((size_t)cap + GRID_PAD) * sizeof *sy);
    if (sy) g->sy = sy;
    if (!order || !cell || !sx || !sy) return false;
    for (int i = cap; i < cap + GRID_PAD; ++i) {
        order[i] = -1;
        sx[i] = sy[i] = 0.0f;
    }
    g->capacity = cap;
    return true;
}

bool alGrid_Build(alGrid *g, const float *x, const float *y, int n)
{
    assert(n >= 0);
    if (!grow(g, n)) return false;
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    int ncells = g->cols * g->rows;
    memset(g->cell_start, 0, ((size_t)ncells + 1) * sizeof *g->cell_start);
    // Each agent's cell: independent, so spread over threads; the counting
    // below stays serial (it is cheap and its order is what makes it stable).
    // Four agents at a time when all four are inside the grid (nearly
    // always), where cell_coord is a truncation; one by one otherwise.
    alV4f inv_w = alV4_Splat(g->inv_w), inv_h = alV4_Splat(g->inv_h);
    alV4f cols = alV4_Splat((float)g->cols), rows = alV4_Splat((float)g->rows), zero = alV4_Splat(0.0f);
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(g->threads) if (n >= 65536)
#endif
    for (int b = 0; b < (n + 3) / 4; ++b) {
        int i0 = 4 * b;
        if (i0 + 4 <= n) {
            alV4f fx = alV4_Load(x + i0) * inv_w, fy = alV4_Load(y + i0) * inv_h;
            alV4i in = (fx >= zero) & (fx < cols) & (fy >= zero) & (fy < rows);
            if (in[0] & in[1] & in[2] & in[3]) {
                alV4i c = __builtin_convertvector(fy, alV4i) * g->cols + __builtin_convertvector(fx, alV4i);
                memcpy(g->agent_cell + i0, &c, sizeof c);
                continue;
            }
        }
        for (int i = i0; i < n && i < i0 + 4; ++i)
            g->agent_cell[i] = cell_coord(y[i], g->inv_h, g->rows, g->world.height, wrap) * g->cols +
                               cell_coord(x[i], g->inv_w, g->cols, g->world.width, wrap);
    }
    for (int i = 0; i < n; ++i) g->cell_start[g->agent_cell[i] + 1]++;
    for (int c = 0; c < ncells; ++c) g->cell_start[c + 1] += g->cell_start[c];
    // Scatter with a running cursor per cell; cell_start[c] is restored after.
    for (int i = 0; i < n; ++i) {
        int k = g->cell_start[g->agent_cell[i]]++;
        g->order[k] = i;
        g->sx[k] = x[i];
        g->sy[k] = y[i];
    }
    for (int c = ncells; c > 0; --c) g->cell_start[c] = g->cell_start[c - 1];
    g->cell_start[0] = 0;
    g->count = n;
    return true;
}

static inline int wrap_index(int c, int n)
{
    c %= n;
    return c < 0 ? c + n : c;
}

// Calls fn(ctx, agent, d2) for every agent within radius of p but exclude,
// in cell scan order, until fn returns false. Returns false if stopped.
static bool scan_radius(const alGrid *g, alVec2 p, float radius, int exclude,
                        bool (*fn)(void *ctx, int agent, float d2), void *ctx)
{
    if (g->count == 0) return true;
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    float r2 = radius * radius;
    int x0, x1, y0, y1;
    axis_range(p.x, radius, g->inv_w, g->cols, wrap, &x0, &x1);
    axis_range(p.y, radius, g->inv_h, g->rows, wrap, &y0, &y1);
    for (int cy = y0; cy <= y1; ++cy) {
        int row = (wrap ? wrap_index(cy, g->rows) : cy) * g->cols;
        for (int cx = x0; cx <= x1; ++cx) {
            int c = row + (wrap ? wrap_index(cx, g->cols) : cx);
            for (int k = g->cell_start[c], e = g->cell_start[c + 1]; k < e; ++k) {
                float d2 = sep_sq(g, p, k);
                if (d2 <= r2 && g->order[k] != exclude && !fn(ctx, g->order[k], d2)) return false;
            }
        }
    }
    return true;
}

typedef struct collect {
    int *out;
    int found, max_out;
} collect;

static bool collect_one(void *ctx, int agent, float d2)
{
    (void)d2;
    collect *c = ctx;
    c->out[c->found++] = agent;
    return c->found < c->max_out;
}

int alGrid_Query(const alGrid *g, alVec2 p, float radius, int exclude, int *out, int max_out)
{
    if (max_out <= 0) return 0;
    collect c = {out, 0, max_out};
    scan_radius(g, p, radius, exclude, collect_one, &c);
    return c.found;
}

static inline void consider(const alGrid *g, alVec2 p, int k, int exclude, float r2, int *best,
                            float *best_d2)
{
    int i = g->order[k];
    if (i == exclude) return;
    float d2 = sep_sq(g, p, k);
    if (d2 > r2) return;
    if (*best < 0 || d2 < *best_d2 || (d2 == *best_d2 && i < *best)) {
        *best = i;
        *best_d2 = d2;
    }
}

static void scan_cell(const alGrid *g, int cx, int cy, alVec2 p, int exclude, float r2, int *best,
                      float *best_d2)
{
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    if (wrap) {
        cx = wrap_index(cx, g->cols);
        cy = wrap_index(cy, g->rows);
    } else if (cx < 0 || cy < 0 || cx >= g->cols || cy >= g->rows) {
        return;
    }
    int c = cy * g->cols + cx;
    for (int k = g->cell_start[c], e = g->cell_start[c + 1]; k < e; ++k)
        consider(g, p, k, exclude, r2, best, best_d2);
}

int alGrid_Nearest(const alGrid *g, alVec2 p, float radius, int exclude, float *dist_sq)
{
    int best = -1;
    float best_d2 = 0.0f, r2 = radius * radius;
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    float cs = fminf(g->cell_w, g->cell_h);
    int maxk = -floor_clamp(-(radius / cs), -(1 << 28), 0) + 1; // ceil, clamped before the cast
    int smaller = g->cols < g->rows ? g->cols : g->rows;
    if (g->count == 0) {
        // nothing to find
    } else if (wrap && 2 * maxk + 1 >= smaller) {
        // The rings would wrap onto themselves: a plain scan is simpler and,
        // on a grid this small relative to the radius, no slower.
        for (int k = 0; k < g->count; ++k) consider(g, p, k, exclude, r2, &best, &best_d2);
    } else {
        // Search rings of cells outward from p's cell (which, in a bounded
        // world, may lie outside the grid). Every point of ring k + 1 is at
        // least k * cs from p, so the search ends once the best is closer
        // than that, or once that distance is beyond the radius.
        // Off a bounded grid, p's cell is clamped to one just outside it: the
        // rings then understate distances from p, so the stop stays safe.
        int pcx = wrap ? cell_coord(p.x, g->inv_w, g->cols, g->world.width, true)
                       : floor_clamp(p.x * g->inv_w, -1, g->cols);
        int pcy = wrap ? cell_coord(p.y, g->inv_h, g->rows, g->world.height, true)
                       : floor_clamp(p.y * g->inv_h, -1, g->rows);
        for (int k = 0;; ++k) {
            if (k == 0) {
                scan_cell(g, pcx, pcy, p, exclude, r2, &best, &best_d2);
            } else {
                for (int dx = -k; dx <= k; ++dx) {
                    scan_cell(g, pcx + dx, pcy - k, p, exclude, r2, &best, &best_d2);
                    scan_cell(g, pcx + dx, pcy + k, p, exclude, r2, &best, &best_d2);
                }
                for (int dy = -k + 1; dy <= k - 1; ++dy) {
                    scan_cell(g, pcx - k, pcy + dy, p, exclude, r2, &best, &best_d2);
                    scan_cell(g, pcx + k, pcy + dy, p, exclude, r2, &best, &best_d2);
                }
            }
            float reach = (float)k * cs;
            if (best >= 0 && best_d2 < reach * reach) break;
            if (reach > radius) break;
            if (pcx - k <= 0 && pcx + k >= g->cols - 1 && pcy - k <= 0 && pcy + k >= g->rows - 1)
                break; // every cell of a bounded grid has been seen
        }
    }
    if (dist_sq) *dist_sq = best >= 0 ? best_d2 : 0.0f;
    return best;
}


typedef struct visit {
    void (*fn)(void *ctx, int agent, float dist_sq);
    void *ctx;
} visit;

static bool visit_one(void *ctx, int agent, float d2)
{
    visit *v = ctx;
    v->fn(v->ctx, agent, d2);
    return true;
}

void alGrid_Visit(const alGrid *g, alVec2 p, float radius, int exclude,
                  void (*fn)(void *ctx, int agent, float dist_sq), void *ctx)
{
    visit v = {fn, ctx};
    scan_radius(g, p, radius, exclude, visit_one, &v);
}
