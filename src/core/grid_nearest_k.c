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
//  1. gather: LANES candidates at a time (GCC vector extensions: two SSE2
//     registers on the baseline x86-64, one AVX register where the CPU has
//     it, NEON on ARM) into squared distances and slots, the excluded
//     agent's d2 made NaN (no test passes it, whatever the radius). The
//     arithmetic is the scalar one lane by lane ((x - p.x) + shift, then
//     dx * dx + dy * dy; C17 mode does not contract it into an FMA), so
//     distances are bit-identical to alWorld_Delta's.
//  2. bound: a d2 bound T by which at least k candidates are counted (or
//     T = the limit when fewer are within it), found by a few counting
//     passes. The buffer's k nearest all have d2 <= T.
//  3. pick: candidates with d2 <= T (a vector's lanes that pass, one by one) are put in
//     exact (d2, agent) order: by rank when the list is empty and they are
//     few (no branch), else through the list.
// Cells are gathered in square rings around p's cell, and the search stops
// at the first ring by which k candidates lie nearer than any cell not yet
// gathered: in a crowd, cells about half the radius wide and the 3 x 3
// cells around p usually hold the answer (a third of the candidates of the
// whole block of cells within the radius).
enum { LANES = 8, CAP = 256, RANK_MAX = 32 };
typedef float vecf __attribute__((vector_size(LANES * sizeof(float))));
typedef int32_t veci __attribute__((vector_size(LANES * sizeof(int32_t))));
_Static_assert(LANES % 4 == 0, "a vector is whole alV4f");
_Static_assert(LANES - 1 <= GRID_PAD, "a last partial vector reads up to LANES - 1 slots past the agents");

// Every helper is inlined into the query, so that each of its clones (see
// CLONES) has them at its own width.
#define INLINE static inline __attribute__((always_inline))
// They pass 32-byte vectors by value, which GCC warns changes the ABI
// without AVX; inlined, they have no ABI.
#pragma GCC diagnostic ignored "-Wpsabi"

INLINE vecf vf_splat(float v)
{
    return (vecf){0} + v;
}
INLINE vecf vf_load(const float *p)
{
    vecf v;
    memcpy(&v, p, sizeof v);
    return v;
}
// Bit l set when lane l of a comparison's result m is true.
INLINE int lane_bits(veci m)
{
    int b = 0;
    for (int h = 0; h < LANES / 4; ++h) {
        alV4i q;
        memcpy(&q, (const char *)&m + sizeof q * (size_t)h, sizeof q);
        b |= alV4_Bits(q) << (4 * h);
    }
    return b;
}
INLINE int lane_sum(veci v)
{
    int n = 0;
    for (int l = 0; l < LANES; ++l) n += v[l];
    return n;
}

typedef struct query {
    const alGrid *g;
    vecf px, py;   // the query point
    vecf shx, shy; // the shift of the piece of row being gathered
    veci exclude;
    float lim; // the radius squared, then a bound on the k-th nearest's d2
    topk t;
    // The buffer: m candidates, with room for the LANES - 1 lanes a vector
    // writes past the last one.
    int m;
    float d2[CAP + LANES];
    int32_t slot[CAP + LANES];
} query;

// The lanes past the buffer's m candidates hold NaN, which no bound passes.
INLINE void pad_nan(query *q)
{
    for (int j = q->m; j < q->m + LANES; ++j) q->d2[j] = NAN;
}

// How many of the buffer's candidates have d2 <= bound (after pad_nan).
INLINE int count_within(const query *q, float bound)
{
    veci n = {0};
    vecf b = vf_splat(bound);
    for (int j = 0; j < q->m; j += LANES) n -= (veci)(vf_load(q->d2 + j) <= b); // a true lane is -1
    return lane_sum(n);
}

// Step 2: the smallest bound of a few tries by which at least k are
// counted. The count grows with the bound about as the area of a disc, so
// each try interpolates between the bounds tried with too few and enough.
INLINE float bound_k(const query *q, int k)
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

// Step 3's survivors: the buffer indices of the candidates with d2 <= the
// bound of step 2 (returned in *bound).
INLINE int survivors(query *q, int *surv, float *bound)
{
    int m = q->m;
    pad_nan(q);
    *bound = bound_k(q, q->t.k);
    // A vector's set lanes one by one: few candidates survive (about k).
    int ns = 0;
    vecf b = vf_splat(*bound);
    for (int j = 0; j < m; j += LANES)
        for (int bits = lane_bits((veci)(vf_load(q->d2 + j) <= b)); bits; bits &= bits - 1)
            surv[ns++] = j + __builtin_ctz((unsigned)bits);
    return ns;
}

// Offers the survivors to the list.
INLINE void offer_all(query *q, const int *surv, int ns)
{
    const int *order = q->g->order;
    for (int i = 0; i < ns; ++i) {
        int j = surv[i], slot = q->slot[j];
        topk_offer(&q->t, q->d2[j], order[slot], slot);
    }
}

// Steps 2 and 3 for a full buffer: its best go to the list; empties it.
INLINE void pick(query *q)
{
    int surv[CAP + LANES];
    float bound;
    int ns = survivors(q, surv, &bound);
    offer_all(q, surv, ns);
    q->m = 0;
    q->lim = q->t.n == q->t.k ? q->t.worst : bound;
}

// Writes the best k of ns (<= RANK_MAX) survivors (their buffer indices) in
// order when their d2 are all distinct: each goes to its rank, the number
// of survivors nearer, counted for LANES survivors at a time with no branch.
// Returns false, writing nothing, when two d2 tie (the agents then decide
// the order: left to the list).
INLINE bool rank_out(const query *q, const int *surv, int ns, int *out_slot, float *out_d2)
{
    float d[RANK_MAX + LANES];
    for (int i = 0; i < ns; ++i) d[i] = q->d2[surv[i]];
    for (int i = ns; i < ns + LANES; ++i) d[i] = NAN; // below none, equal to none
    int32_t rank[RANK_MAX + LANES];
    veci equal = {0};
    for (int i = 0; i < ns; i += LANES) {
        vecf di = vf_load(d + i);
        veci r = {0};
        for (int j = 0; j < ns; ++j) {
            vecf dj = vf_splat(d[j]);
            r -= dj < di; // a true lane is -1
            equal -= dj == di;
        }
        memcpy(rank + i, &r, sizeof r);
    }
    if (lane_sum(equal) != ns) return false; // each equals itself
    int k = q->t.k;
    for (int i = 0; i < ns; ++i) {
        int r = rank[i];
        if (r < k) {
            out_slot[r] = q->slot[surv[i]];
            if (out_d2) out_d2[r] = d[i];
        }
    }
    return true;
}

// The answer: the k best of the list and the buffer within the limit.
INLINE int finish(query *q, int *out_slot, float *out_d2)
{
    if (q->m == 0) return topk_out(&q->t, out_slot, out_d2);
    int surv[CAP + LANES];
    float bound;
    int ns = survivors(q, surv, &bound);
    if (q->t.n == 0 && ns <= RANK_MAX && rank_out(q, surv, ns, out_slot, out_d2))
        return ns < q->t.k ? ns : q->t.k;
    offer_all(q, surv, ns);
    return topk_out(&q->t, out_slot, out_d2);
}

// Step 1 for slots [s, e) (a run of cells of one grid row) with the current
// shift; picks whenever the buffer fills.
INLINE void gather(query *q, int s, int e)
{
    // Locals, so that the stores into the buffer are not taken to change them.
    const float *sx = q->g->sx, *sy = q->g->sy;
    const int *order = q->g->order;
    const vecf px = q->px, py = q->py, shx = q->shx, shy = q->shy;
    const veci exclude = q->exclude, nan = (veci)vf_splat(NAN);
    veci lane;
    for (int l = 0; l < LANES; ++l) lane[l] = l;
    while (s < e) {
        int m = q->m, n = e - s < CAP - m ? e - s : CAP - m;
        float *d2_out = q->d2 + m;
        int32_t *slot_out = q->slot + m;
        veci slot = lane + s;
        for (int i = 0; i < n; i += LANES, slot += LANES) {
            veci agent;
            memcpy(&agent, order + s + i, sizeof agent);
            vecf dx = (vf_load(sx + s + i) - px) + shx, dy = (vf_load(sy + s + i) - py) + shy;
            vecf d2 = dx * dx + dy * dy;
            // Or-ing in a quiet NaN's bits makes any float a NaN.
            d2 = (vecf)((veci)d2 | (nan & (agent == exclude)));
            memcpy(d2_out + i, &d2, sizeof d2);
            memcpy(slot_out + i, &slot, sizeof slot);
        }
        q->m = m + n;
        s += n;
        if (q->m == CAP) pick(q);
    }
}

// Gathers the agents of cells a..b (unwrapped) of row cy (unwrapped), each
// piece (row_pieces) with its shift. A zero shift changes no bit of d2.
INLINE void gather_row(query *q, int cy, int a, int b)
{
    row_piece pc[3];
    float shy;
    int np = row_pieces(q->g, cy, a, b, &shy, pc);
    q->shy = vf_splat(shy);
    for (int i = 0; i < np; ++i) {
        q->shx = vf_splat(pc[i].shx);
        gather(q, pc[i].s, pc[i].e);
    }
}

// (int)ceilf(v) for |v| < 2^31 without the libm calls of the baseline
// x86-64 (no roundss): truncation is the ceiling but for a positive
// fraction. (fminf is a call there too.)
INLINE int ceil_int(float v)
{
    if (!(v < 0x1p28f)) return 1 << 28; // huge, infinite or NaN: the cast would be undefined
    int c = (int)v;
    return c + ((float)c < v);
}

// Entries of the list with d2 <= bound (the list holds candidates only when
// the buffer overflowed).
INLINE int list_within(const topk *t, float bound)
{
    int n = 0;
    for (int i = 1; i <= t->n; ++i) {
        uint32_t bits = (uint32_t)(t->key[i] >> 32);
        float d;
        memcpy(&d, &bits, sizeof d);
        n += d <= bound;
    }
    return n;
}

enum { MAX_REACH = 64 }; // cells from p's cell the gap tables cover

// Squared gap d cells from p's cell, from a table of -MAX_REACH..MAX_REACH
// (centred); farther cells take the last entry's, a lower bound.
INLINE float gap_at(const float *g2, int d)
{
    return g2[d < -MAX_REACH ? -MAX_REACH : d > MAX_REACH ? MAX_REACH : d];
}

// Gathers those of row cy's cells a..b that may hold an agent within the
// limit (gy2: the row's squared gap; gx2: the columns', centred on cx0): a
// gap grows away from cx0, so they are one run.
INLINE void gather_cells(query *q, const float *gx2, int cx0, int cy, int a, int b, float gy2)
{
    float lim = q->lim * 1.000001f;
    if (gy2 > lim) return;
    while (a <= b && a < cx0 && gap_at(gx2, a - cx0) + gy2 > lim) ++a;
    while (b >= a && b > cx0 && gap_at(gx2, b - cx0) + gy2 > lim) --b;
    gather_row(q, cy, a, b);
}

// Rings R = 2, 3, ... around p's cell (cx0, cy0) after ring 1 ([a, b] x
// [c, d] of the block [x0, x1] x [y0, y1] gathered): until k candidates lie
// nearer than every cell not yet gathered, or the block is done. On return
// q->lim bounds the k nearest's d2.
INLINE void more_rings(query *q, alVec2 p, int x0, int x1, int y0, int y1, int cx0, int cy0, int a,
                       int b, int c, int d)
{
    const alGrid *g = q->g;
    int k = q->t.k;
    // Rounding: a coordinate may sit a few ulps outside its cell's span,
    // and a computed d2 a few ulps below the true one. Shrinking the gaps by
    // a millionth of the coordinates' scale, and asking a gap to beat the
    // limit by a millionth, keeps every skip safe.
    float slack = 1e-6f * (fabsf(p.x) + fabsf(p.y) + (float)(x1 - x0 + 2) * g->cell_w +
                           (float)(y1 - y0 + 2) * g->cell_h);
    // Squared gaps from p to the columns and rows of the block (relative to
    // cx0, cy0; beyond MAX_REACH cells the gap of the last one, a lower bound).
    float gx2_[2 * MAX_REACH + 1], gy2_[2 * MAX_REACH + 1];
    float *gx2 = gx2_ + MAX_REACH, *gy2 = gy2_ + MAX_REACH;
    int rx = x1 - cx0 > cx0 - x0 ? x1 - cx0 : cx0 - x0, ry = y1 - cy0 > cy0 - y0 ? y1 - cy0 : cy0 - y0;
    rx = rx > MAX_REACH ? MAX_REACH : rx, ry = ry > MAX_REACH ? MAX_REACH : ry;
    for (int i = -rx; i <= rx; ++i) {
        float gx = axis_gap(p.x, cx0 + i, cx0, g->cell_w, slack);
        gx2[i] = gx * gx;
    }
    for (int i = -ry; i <= ry; ++i) {
        float gy = axis_gap(p.y, cy0 + i, cy0, g->cell_h, slack);
        gy2[i] = gy * gy;
    }
    for (int R = 2;; ++R) {
        // Every cell not gathered yet lies beyond the smallest gap of the
        // open sides: done when k candidates are nearer than that.
        float gmin = INFINITY;
        float gl = a > x0 ? gap_at(gx2, a - 1 - cx0) : INFINITY, gr = b < x1 ? gap_at(gx2, b + 1 - cx0) : INFINITY;
        float gu = c > y0 ? gap_at(gy2, c - 1 - cy0) : INFINITY, gd = d < y1 ? gap_at(gy2, d + 1 - cy0) : INFINITY;
        gmin = gl < gmin ? gl : gmin, gmin = gr < gmin ? gr : gmin;
        gmin = gu < gmin ? gu : gmin, gmin = gd < gmin ? gd : gmin;
        float safe = gmin * 0.999998f;
        if (safe >= q->lim) return; // nothing within the limit is left
        pad_nan(q);
        if (count_within(q, safe) + list_within(&q->t, safe) >= k) {
            q->lim = safe;
            return;
        }
        int na = cx0 - R < x0 ? x0 : cx0 - R, nb = cx0 + R > x1 ? x1 : cx0 + R;
        int nc = cy0 - R < y0 ? y0 : cy0 - R, nd = cy0 + R > y1 ? y1 : cy0 + R;
        if (R > MAX_REACH) na = x0, nb = x1, nc = y0, nd = y1; // far reaches: the rest at once
        for (int cy = nc; cy < c; ++cy) gather_cells(q, gx2, cx0, cy, na, nb, gap_at(gy2, cy - cy0));
        for (int cy = c; cy <= d; ++cy) {
            if (na < a) gather_cells(q, gx2, cx0, cy, na, a - 1, gap_at(gy2, cy - cy0));
            if (nb > b) gather_cells(q, gx2, cx0, cy, b + 1, nb, gap_at(gy2, cy - cy0));
        }
        for (int cy = d + 1; cy <= nd; ++cy) gather_cells(q, gx2, cx0, cy, na, nb, gap_at(gy2, cy - cy0));
        a = na, b = nb, c = nc, d = nd;
        if (a == x0 && b == x1 && c == y0 && d == y1) return; // the whole block
    }
}

// Compiled for AVX2 as well where the CPU has it (twice the lanes per
// instruction; no FMA either way, so the same bits). Not under clang (the
// ThreadSanitizer build): clang 14 emits no resolver for a cloned function
// called from another file.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CLONES
#endif

// The query without the block kernel: ring 1 ([a, b] x [c, d]), then more
// rings of the block [x0, x1] x [y0, y1] around (cx0, cy0) as needed; the
// ten ints in that order in at. Apart from alGrid_NearestK, whose common
// case (the block kernel) then needs none of its buffers' stack.
CLONES __attribute__((noinline)) static int gather_block(const alGrid *g, alVec2 p, float r2, int exclude,
                                                         int k, const int at[10], int *out_slot, float *out_d2)
{
    int x0 = at[0], x1 = at[1], y0 = at[2], y1 = at[3], cx0 = at[4], cy0 = at[5];
    int a = at[6], b = at[7], c = at[8], d = at[9];
    query q;
    q.g = g;
    q.px = vf_splat(p.x), q.py = vf_splat(p.y);
    q.exclude = (veci){0} + exclude;
    q.lim = r2;
    topk_init(&q.t, k);
    q.m = 0;
    for (int cy = c; cy <= d; ++cy) gather_row(&q, cy, a, b);
    if (a > x0 || b < x1 || c > y0 || d < y1) more_rings(&q, p, x0, x1, y0, y1, cx0, cy0, a, b, c, d);
    return finish(&q, out_slot, out_d2);
}

int alGrid_NearestK(const alGrid *g, alVec2 p, float radius, int exclude, int k, int *out_slot, float *out_d2)
{
    return alGrid_NearestKHint(g, p, radius, exclude, k, INFINITY, out_slot, out_d2);
}

CLONES int alGrid_NearestKHint(const alGrid *g, alVec2 p, float radius, int exclude, int k, float hint_d2,
                               int *out_slot, float *out_d2)
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
    // cell (cx0, cy0). The answer is the k smallest (d2, agent) keys
    // whatever the order the cells are gathered in, so it equals the
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
    // Ring 1: the 3 x 3 cells around p's (those of the block), [a, b] x [c, d].
    int a = cx0 - 1 < x0 ? x0 : cx0 - 1, b = cx0 + 1 > x1 ? x1 : cx0 + 1;
    int c = cy0 - 1 < y0 ? y0 : cy0 - 1, d = cy0 + 1 > y1 ? y1 : cy0 + 1;
    if (!(a > x0 || b < x1 || c > y0 || d < y1)) {
        int n = grid_nearest_k_block(g, p, r2, hint_d2, exclude, k, a, b, c, d, out_slot, out_d2);
        if (n >= 0) return n;
    } else {
        // A grid finer than the radius: the block kernel on ring 1, limited
        // to what no cell beyond it can beat (as more_rings' stop); when
        // that holds k, they are the answer, else the whole block once.
        float slack = 1e-6f * (fabsf(p.x) + fabsf(p.y) + (float)(x1 - x0 + 2) * g->cell_w +
                               (float)(y1 - y0 + 2) * g->cell_h);
        float gl = a > x0 ? axis_gap(p.x, a - 1, cx0, g->cell_w, slack) : INFINITY;
        float gr = b < x1 ? axis_gap(p.x, b + 1, cx0, g->cell_w, slack) : INFINITY;
        float gu = c > y0 ? axis_gap(p.y, c - 1, cy0, g->cell_h, slack) : INFINITY;
        float gd = d < y1 ? axis_gap(p.y, d + 1, cy0, g->cell_h, slack) : INFINITY;
        float gmin = gl < gr ? gl : gr;
        gmin = gu < gmin ? gu : gmin, gmin = gd < gmin ? gd : gmin;
        float safe = gmin * gmin * 0.999998f, lim = safe < r2 ? safe : r2;
        int n = grid_nearest_k_block(g, p, lim, hint_d2, exclude, k, a, b, c, d, out_slot, out_d2);
        if (n >= k || (n >= 0 && safe >= r2)) return n;
        if (n >= 0) {
            n = grid_nearest_k_block(g, p, r2, hint_d2, exclude, k, x0, x1, y0, y1, out_slot, out_d2);
            if (n >= 0) return n;
        }
    }
    return gather_block(g, p, r2, exclude, k, (const int[]){x0, x1, y0, y1, cx0, cy0, a, b, c, d},
                        out_slot, out_d2);
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
