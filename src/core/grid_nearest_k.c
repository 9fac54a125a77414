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

static inline void topk_update_worst(topk *t)
{
    if (t->n == t->k) {
        uint32_t bits = (uint32_t)(t->key[t->n] >> 32);
        memcpy(&t->worst, &bits, sizeof bits);
    }
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
    topk_update_worst(t);
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

// The grid query gathers its candidates into a buffer, then offers the list
// only those that can matter, so that few reach the sorted list (whose
// insertions mispredict) and the rest cost no branch:
//  1. gather: LANES candidates at a time (GCC vector extensions: SSE2 on
//     x86-64, NEON on ARM) into squared distances and slots, the excluded
//     agent's d2 made NaN (no test passes it, whatever the radius). The
//     arithmetic is the scalar one lane by lane ((x - p.x) + shift, then
//     dx * dx + dy * dy; C17 mode does not contract it into an FMA), so
//     distances are bit-identical to alWorld_Delta's.
//  2. bound: a d2 bound T by which at least k candidates are counted (or
//     T = the limit when fewer are within it), found by a few counting
//     passes. The buffer's k nearest all have d2 <= T.
//  3. pick: candidates with d2 <= T, compacted without a branch, are put in
//     exact (d2, agent) order: by rank when the list is empty and they are
//     few (no branch), else through the list.
// T also bounds the k-th nearest overall, so it becomes the limit that
// keeps cells out.
enum { LANES = 4, CAP = 256, RANK_MAX = 32 };
_Static_assert(LANES * sizeof(float) == sizeof(alV4f), "a vector holds LANES candidates");
_Static_assert(LANES - 1 <= GRID_PAD, "a last partial vector reads up to LANES - 1 slots past the agents");

typedef struct query {
    const alGrid *g;
    alV4f px, py;   // the query point
    alV4f shx, shy; // the shift of the piece of row being gathered
    alV4i exclude;
    float lim; // the radius squared, then a bound on the k-th nearest's d2
    topk t;
    // The buffer: m candidates, with room for the LANES - 1 lanes a vector
    // writes past the last one.
    int m;
    float d2[CAP + LANES];
    int32_t slot[CAP + LANES];
} query;

// How many of the buffer's candidates have d2 <= bound. The lanes past m
// hold NaN.
static inline int count_within(const query *q, float bound)
{
    alV4i n = {0, 0, 0, 0};
    alV4f b = alV4_Splat(bound);
    for (int j = 0; j < q->m; j += LANES) {
        alV4f d;
        memcpy(&d, q->d2 + j, sizeof d);
        n -= (alV4i)(d <= b); // a true lane is -1
    }
    return n[0] + n[1] + n[2] + n[3];
}

// Step 2: the smallest bound of a few tries by which at least k are
// counted. The count grows with the bound about as the area of a disc, so
// each try interpolates between the bounds tried with too few and enough.
static float bound_k(const query *q, int k)
{
    float lo = 0, hi = q->lim;
    int nlo = 0, nhi = count_within(q, hi);
    if (nhi <= k || !(hi < INFINITY)) return hi;
    for (int tries = 0; tries < 4 && nhi > k + k / 4 + 1; ++tries) {
        float t = lo + (hi - lo) * ((float)(k - nlo) + 0.5f) / (float)(nhi - nlo);
        if (!(t > lo && t < hi)) break;
        int n = count_within(q, t);
        if (n >= k) hi = t, nhi = n;
        else lo = t, nlo = n;
    }
    return hi;
}

// Fills the empty list with the best k of ns (<= RANK_MAX) survivors (their
// buffer indices) when their d2 are all distinct: each goes to its rank,
// the number of survivors nearer, counted for LANES survivors at a time
// with no branch. Returns false, doing nothing, when two d2 tie (the agents
// then decide the order: left to the list).
static bool rank_into(query *q, const int *surv, int ns)
{
    float d[RANK_MAX + LANES];
    for (int i = 0; i < ns; ++i) d[i] = q->d2[surv[i]];
    for (int i = ns; i < ns + LANES; ++i) d[i] = NAN; // below none, equal to none
    int32_t rank[RANK_MAX + LANES];
    alV4i equal = {0, 0, 0, 0};
    for (int i = 0; i < ns; i += LANES) {
        alV4f di;
        memcpy(&di, d + i, sizeof di);
        alV4i r = {0, 0, 0, 0};
        for (int j = 0; j < ns; ++j) {
            alV4f dj = alV4_Splat(d[j]);
            r -= dj < di; // a true lane is -1
            equal -= dj == di;
        }
        memcpy(rank + i, &r, sizeof r);
    }
    if (equal[0] + equal[1] + equal[2] + equal[3] != ns) return false; // each equals itself
    uint64_t key[RANK_MAX];
    int val[RANK_MAX];
    const int *order = q->g->order;
    for (int i = 0; i < ns; ++i) {
        int slot = q->slot[surv[i]];
        key[rank[i]] = topk_key(d[i], order[slot]);
        val[rank[i]] = slot;
    }
    topk *t = &q->t;
    t->n = ns < t->k ? ns : t->k;
    for (int i = 0; i < t->n; ++i) t->key[i + 1] = key[i], t->val[i + 1] = val[i];
    topk_update_worst(t);
    return true;
}

// Steps 2 and 3 for the buffer; empties it.
static void pick(query *q)
{
    int m = q->m, k = q->t.k;
    if (m == 0) return;
    for (int j = m; j < m + LANES; ++j) q->d2[j] = NAN;
    float bound = bound_k(q, k);
    // Survivors' indices, LANES at a time: at[bits] lists the set lanes.
    static const int32_t at[16][LANES] = {
        {0}, {0}, {1}, {0, 1}, {2}, {0, 2}, {1, 2}, {0, 1, 2},
        {3}, {0, 3}, {1, 3}, {0, 1, 3}, {2, 3}, {0, 2, 3}, {1, 2, 3}, {0, 1, 2, 3}};
    static const uint8_t set[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    int surv[CAP + LANES], ns = 0;
    alV4f b = alV4_Splat(bound);
    for (int j = 0; j < m; j += LANES) {
        alV4f dj;
        memcpy(&dj, q->d2 + j, sizeof dj);
        int bits = alV4_Bits(dj <= b);
        alV4i idx;
        memcpy(&idx, at[bits], sizeof idx);
        idx += j;
        memcpy(surv + ns, &idx, sizeof idx);
        ns += set[bits];
    }
    if (!(q->t.n == 0 && ns <= RANK_MAX && rank_into(q, surv, ns))) {
        const int *order = q->g->order;
        for (int i = 0; i < ns; ++i) {
            int j = surv[i], slot = q->slot[j];
            topk_offer(&q->t, q->d2[j], order[slot], slot);
        }
    }
    q->m = 0;
    q->lim = q->t.n == k ? q->t.worst : bound;
}

// Step 1 for slots [s, e) (a run of cells of one grid row) with the current
// shift; picks whenever the buffer fills.
static inline void gather(query *q, int s, int e)
{
    // Locals, so that the stores into the buffer are not taken to change them.
    const float *sx = q->g->sx, *sy = q->g->sy;
    const int *order = q->g->order;
    const alV4f px = q->px, py = q->py, shx = q->shx, shy = q->shy;
    const alV4i exclude = q->exclude, nan = (alV4i)alV4_Splat(NAN);
    while (s < e) {
        int m = q->m, n = e - s < CAP - m ? e - s : CAP - m;
        float *d2_out = q->d2 + m;
        int32_t *slot_out = q->slot + m;
        alV4i slot = (alV4i){0, 1, 2, 3} + s;
        for (int i = 0; i < n; i += LANES, slot += LANES) {
            alV4f x, y;
            alV4i agent;
            memcpy(&x, sx + s + i, sizeof x);
            memcpy(&y, sy + s + i, sizeof y);
            memcpy(&agent, order + s + i, sizeof agent);
            alV4f dx = (x - px) + shx, dy = (y - py) + shy;
            alV4f d2 = dx * dx + dy * dy;
            // Or-ing in a quiet NaN's bits makes any float a NaN.
            d2 = (alV4f)((alV4i)d2 | (nan & (agent == exclude)));
            memcpy(d2_out + i, &d2, sizeof d2);
            memcpy(slot_out + i, &slot, sizeof slot);
        }
        q->m = m + n;
        s += n;
        if (q->m == CAP) pick(q);
    }
}

// Gathers the agents of cells a..b (unwrapped) of row cy (unwrapped). On a
// torus the cells off the grid are their wrapped twins seen one world away,
// so the run splits into up to three pieces, each shifted by its own
// multiple of the world size. Adding the shift after the subtraction is
// exactly what alWorld_Delta does, so distances match the brute-force scan
// bit for bit (the caller keeps the block from wrapping onto itself). A
// zero shift changes no bit of d2. Inlined: about four calls a query.
static inline __attribute__((always_inline)) void gather_row(query *q, int cy, int a, int b)
{
    if (a > b) return;
    const alGrid *g = q->g;
    float shy = 0;
    if (cy < 0) cy += g->rows, shy = -g->world.height;
    else if (cy >= g->rows) cy -= g->rows, shy = g->world.height;
    q->shy = alV4_Splat(shy);
    const int *start = g->cell_start + cy * g->cols;
    int cols = g->cols;
    if (a < 0) {
        q->shx = alV4_Splat(-g->world.width);
        gather(q, start[a + cols], start[(b < 0 ? b : -1) + cols + 1]);
    }
    if (a < cols && b >= 0) {
        q->shx = alV4_Splat(0.0f);
        gather(q, start[a < 0 ? 0 : a], start[(b >= cols ? cols - 1 : b) + 1]);
    }
    if (b >= cols) {
        q->shx = alV4_Splat(g->world.width);
        gather(q, start[(a >= cols ? a : cols) - cols], start[b - cols + 1]);
    }
}

// (int)ceilf(v) for |v| < 2^31 without the libm calls of the baseline
// x86-64 (no roundss): truncation is the ceiling but for a positive
// fraction. (fminf is a call there too.)
static inline int ceil_int(float v)
{
    if (!(v < 0x1p28f)) return 1 << 28; // huge, infinite or NaN: the cast would be undefined
    int c = (int)v;
    return c + ((float)c < v);
}

int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int exclude, int k, int *out_slot,
                    float *out_d2)
{
    assert(k >= 1 && k <= AL_GRID_MAX_K);
    if (g->count == 0) return 0;
    bool wrap = g->world.edge == AL_EDGE_WRAP;
    float r2 = radius * radius;
    float cs = g->cell_w < g->cell_h ? g->cell_w : g->cell_h;
    int maxk = ceil_int(radius / cs) + 1;
    int smaller = g->cols < g->rows ? g->cols : g->rows;
    if (wrap && 2 * maxk + 1 >= smaller) {
        // The block would wrap onto itself (a radius near half the world):
        // offer every agent, with the torus distance of alWorld_Delta.
        topk t;
        topk_init(&t, k);
        for (int s = 0; s < g->count; ++s) {
            float d2 = sep_sq(g, p, s);
            if (d2 <= r2 && g->order[s] != exclude) topk_offer(&t, d2, g->order[s], s);
        }
        return topk_out(&t, out_slot, out_d2);
    }
    // The block of cells that can hold a neighbour, [x0, x1] x [y0, y1]
    // (unwrapped on a torus, clamped to the grid otherwise), around p's
    // cell (cx0, cy0). That cell first, then rows outward from cy0: the
    // nearest come first, so a bound on the k-th nearest comes early and
    // most cells further out are skipped by their gap alone. The answer is
    // the k smallest (d2, agent) keys whatever the order, so it equals the
    // brute-force scan's.
    int x0, x1, y0, y1, cx0, cy0;
    if (wrap) {
        int qx = ceil_int(radius * g->inv_w), qy = ceil_int(radius * g->inv_h);
        cx0 = cell_coord(p.x, g->inv_w, g->cols, g->world.width, true);
        cy0 = cell_coord(p.y, g->inv_h, g->rows, g->world.height, true);
        x0 = cx0 - qx, x1 = cx0 + qx, y0 = cy0 - qy, y1 = cy0 + qy;
    } else {
        axis_range(p.x, radius, g->inv_w, g->cols, false, &x0, &x1);
        axis_range(p.y, radius, g->inv_h, g->rows, false, &y0, &y1);
        cx0 = cell_coord(p.x, g->inv_w, g->cols, g->world.width, false);
        cy0 = cell_coord(p.y, g->inv_h, g->rows, g->world.height, false);
        cx0 = cx0 < x0 ? x0 : cx0 > x1 ? x1 : cx0;
        cy0 = cy0 < y0 ? y0 : cy0 > y1 ? y1 : cy0;
    }
    // Rounding: a coordinate may sit a few ulps outside its cell's span,
    // and a computed d2 a few ulps below the true one. Shrinking the gaps by
    // a millionth of the coordinates' scale, and asking a gap to beat the
    // limit by a millionth, keeps every skip safe.
    float slack = 1e-6f * (fabsf(p.x) + fabsf(p.y) + (float)(x1 - x0 + 2) * g->cell_w +
                           (float)(y1 - y0 + 2) * g->cell_h);
    query q;
    q.g = g;
    q.px = alV4_Splat(p.x), q.py = alV4_Splat(p.y);
    q.exclude = (alV4i){exclude, exclude, exclude, exclude};
    q.lim = r2;
    topk_init(&q.t, k);
    q.m = 0;
    // p's cell first; a bound from it (when it holds k) keeps most other
    // cells out.
    gather_row(&q, cy0, cx0, cx0);
    if (q.m >= k) {
        for (int j = q.m; j < q.m + LANES; ++j) q.d2[j] = NAN;
        q.lim = bound_k(&q, k);
    }
    // Rows cy0, cy0 - 1, cy0 + 1, cy0 - 2, ...: a row's gap grows away from
    // cy0, so once one side's row is beyond the limit, that side is done.
    bool up = true, down = true;
    for (int d = 0; up || down; ++d) {
        for (int side = -1; side <= 1; side += 2) {
            bool *live = side < 0 ? &up : &down;
            int cy = cy0 + side * d;
            if (!*live) continue;
            if (cy < y0 || cy > y1) {
                *live = false;
                continue;
            }
            float gy = axis_gap(p.y, cy, cy0, g->cell_h, slack), gy2 = gy * gy;
            if (gy2 > q.lim * 1.000001f) {
                *live = false;
                continue;
            }
            // The cells of the row within the limit: a gap grows away from
            // cx0 too, so they are one run a..b around cx0.
            int a = cx0, b = cx0;
            while (a > x0) {
                float gx = axis_gap(p.x, a - 1, cx0, g->cell_w, slack);
                if (gx * gx + gy2 > q.lim * 1.000001f) break;
                --a;
            }
            while (b < x1) {
                float gx = axis_gap(p.x, b + 1, cx0, g->cell_w, slack);
                if (gx * gx + gy2 > q.lim * 1.000001f) break;
                ++b;
            }
            if (d == 0) { // p's own cell is done
                gather_row(&q, cy, a, cx0 - 1);
                gather_row(&q, cy, cx0 + 1, b);
                break; // row cy0 has one side only
            }
            gather_row(&q, cy, a, b);
        }
    }
    pick(&q);
    return topk_out(&q.t, out_slot, out_d2);
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
