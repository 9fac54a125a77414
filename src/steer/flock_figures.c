// Figures of a flock: order parameter (polarisation), mean speed, mean
// nearest-neighbour distance and number of groups (union-find over pairs
// closer than group_distance, found with the grid). Sums run serially in
// vehicle order so the figures do not depend on the number of threads.
// Comparisons may not trap here, so the still-vehicle selects of the order
// sums vectorise. No value changes.
#pragma GCC optimize("no-trapping-math")

#include <math.h>
#include <stdlib.h>

#include "steer_internal.h"

// |sum of unit velocities| / n, from sums of fixed blocks of vehicles added
// in block order: the same bits with any number of threads.
void order_sums_init(order_sums *o, int n)
{
    int nb = (n + ORDER_BLOCK - 1) / ORDER_BLOCK;
    o->per = nb > ORDER_MAXB ? (n + ORDER_MAXB - 1) / ORDER_MAXB : ORDER_BLOCK; // huge flocks: bigger blocks
    o->nb = (n + o->per - 1) / o->per;
}

// Compiled for AVX-512 and AVX2 as well where the CPU has them: the unit
// velocities' square roots and divisions in double, 8 or 4 lanes instead of
// 2 (correctly rounded in every width, no FMA: the same bits). Not under
// clang (the ThreadSanitizer build), as everywhere.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#endif
void order_sums_block(order_sums *o, const float *vx, const float *vy, int n, int b)
{
    // The unit velocities a batch at a time (their square roots and
    // divisions vectorise), then the sums one term at a time in vehicle
    // order, as always. A still vehicle's term is +0.0, which leaves a sum
    // unchanged (a sum that starts at +0.0 is never -0.0). Small batches,
    // so that the processor overlaps one batch's divisions with the last
    // one's chain of dependent additions (256 at a time it did not).
    enum { BATCH = 32 };
    double tx[BATCH], ty[BATCH];
    double sx = 0, sy = 0;
    int end = (b + 1) * o->per < n ? (b + 1) * o->per : n;
    for (int i0 = b * o->per; i0 < end; i0 += BATCH) {
        int m = end - i0 < BATCH ? end - i0 : BATCH;
        for (int j = 0; j < m; ++j) {
            double x = vx[i0 + j], y = vy[i0 + j], l = sqrt(x * x + y * y);
            double ux = x / l, uy = y / l; // unused (maybe NaN) when l is 0
            tx[j] = l > 1e-9 ? ux : 0.0;
            ty[j] = l > 1e-9 ? uy : 0.0;
        }
        for (int j = 0; j < m; ++j) sx += tx[j], sy += ty[j];
    }
    o->bx[b] = sx;
    o->by[b] = sy;
}

double order_sums_total(const order_sums *o, int n)
{
    double sx = 0, sy = 0;
    for (int b = 0; b < o->nb; ++b) sx += o->bx[b], sy += o->by[b];
    return sqrt(sx * sx + sy * sy) / n;
}

static double order_parameter(const alSteering *s)
{
    order_sums o;
    order_sums_init(&o, s->n);
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(s->threads) if (o.nb > 1)
#endif
    for (int b = 0; b < o.nb; ++b) order_sums_block(&o, s->cur.vx, s->cur.vy, s->n, b);
    return order_sums_total(&o, s->n);
}

void stats_sample(alSteering *s, double o)
{
    s->ord_sum += o;
    s->ord_sq += o * o;
    if (o < s->ord_min) s->ord_min = o;
    if (o > s->ord_max) s->ord_max = o;
    s->ord_n++;
}

typedef struct uf_ctx {
    int *parent;
    int self;
} uf_ctx;

static int find(int *parent, int a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

static void unite(void *ctx, int agent, float d2)
{
    (void)d2;
    uf_ctx *u = ctx;
    int a = find(u->parent, u->self), b = find(u->parent, agent);
    if (a != b) {
        if (a < b) u->parent[b] = a;
        else u->parent[a] = b;
    }
}

// The scenarios whose vehicles close on something (alSteeringFigures.target_distance).
static bool has_target_distance(alScenario sc)
{
    return sc == AL_SCN_PURSUIT_EVADE || sc == AL_SCN_LEADER_FOLLOWING || sc == AL_SCN_INTERPOSE;
}

// Across a wrapped edge by the nearest images, as the behaviours see them
// (interpose: the midpoint of the two's images nearest to each bodyguard).
static double target_distance(const alSteering *s)
{
    alScenario sc = s->def.scenario;
    if (!has_target_distance(sc)) return NAN;
    int from = sc == AL_SCN_INTERPOSE ? 2 : 1;
    if (s->n <= from) return 0.0;
    const alWorld *w = &s->def.world;
    alVec2 a = pos_of(&s->cur, 0), b = pos_of(&s->cur, s->n > 1 ? 1 : 0);
    double sum = 0;
    for (int i = from; i < s->n; ++i) {
        alVec2 p = pos_of(&s->cur, i), da = alWorld_Delta(w, p, a);
        alVec2 d = sc == AL_SCN_INTERPOSE ? alV2_Scale(alV2_Add(da, alWorld_Delta(w, p, b)), 0.5f) : da;
        sum += alV2_Length(d);
    }
    return sum / (s->n - from);
}

typedef struct touch_ctx {
    const alSteering *s;
    int self;
    int64_t n;
} touch_ctx;

static void touch(void *ctx, int agent, float d2)
{
    touch_ctx *t = ctx;
    float r = params_of(t->s, t->self)->radius + params_of(t->s, agent)->radius;
    t->n += agent > t->self && d2 < r * r; // each pair once
}

void stats_contacts(alSteering *s)
{
    // The grid of the new positions, which the next tick's forces use anyway.
    if (!steer_ensure_grid(s)) return;
    float r = fmaxf(s->first.radius, s->others.radius) * 2.0f;
    touch_ctx t = {s, 0, 0};
    for (int i = 0; i < s->n; ++i) {
        t.self = i;
        alGrid_Visit(s->grid, pos_of(&s->cur, i), r, i, touch, &t);
    }
    s->contacts += t.n;
}

// The figures of s, with g a grid built from s's current positions (NULL:
// out of memory, the figures that need no grid only).
static alSteeringFigures figures(const alSteering *s, const alGrid *g)
{
    alSteeringFigures f = {0, 0, 0, 0, 0, NAN};
    f.order = order_parameter(s);
    f.target_distance = target_distance(s);
    double speed = 0, nn = 0;
    int nn_count = 0;
    for (int i = 0; i < s->n; ++i) speed += sqrt((double)s->cur.vx[i] * s->cur.vx[i] + (double)s->cur.vy[i] * s->cur.vy[i]);
    f.mean_speed = speed / s->n;
    if (scenario_has_fov(s->def.scenario))
        for (int i = 0; i < s->n; ++i) f.reacting += alSteering_Reacting(s, i);
    int *parent = g ? malloc((size_t)s->n * sizeof *parent) : NULL;
    if (!parent) {
        // Out of memory: report what needs no scratch space.
        f.nn_distance = NAN;
        f.groups = -1;
        return f;
    }
    const alWorld *w = &s->def.world;
    // The ring search of alGrid_Nearest needs a radius whose rings do not
    // wrap onto themselves (else it scans everything): half the grid less
    // two cells. Vehicles alone within it are left out of the mean.
    int smaller = g->cols < g->rows ? g->cols : g->rows;
    float far = ((float)(smaller / 2) - 2.0f) * fminf(g->cell_w, g->cell_h);
    if (far <= 0) far = fmaxf(w->width, w->height);
    for (int i = 0; i < s->n; ++i) {
        float d2;
        if (alGrid_Nearest(g, pos_of(&s->cur, i), far, i, &d2) >= 0) {
            nn += sqrt((double)d2);
            nn_count++;
        }
        parent[i] = i;
    }
    f.nn_distance = nn_count > 0 ? nn / nn_count : 0.0;
    for (int i = 0; i < s->n; ++i) {
        uf_ctx u = {parent, i};
        alGrid_Visit(g, pos_of(&s->cur, i), s->def.group_distance, i, unite, &u);
    }
    for (int i = 0; i < s->n; ++i)
        if (find(parent, i) == i) f.groups++;
    free(parent);
    return f;
}

alSteeringFigures alSteering_Figures(const alSteering *s)
{
    if (s->grid_fresh) return figures(s, s->grid);
    // A stale grid is not rebuilt in place: the state is const, and readers
    // in other threads may hold it. A private grid of the same cells instead.
    alGrid *g;
    alCreateGrid(&(alGridDef){s->def.world, s->query_radius * s->def.cell_factor}, &g, NULL);
    if (g && !alGrid_Build(g, s->cur.x, s->cur.y, s->n)) {
        alDestroyGrid(g);
        g = NULL;
    }
    alSteeringFigures f = figures(s, g);
    alDestroyGrid(g);
    return f;
}

void stats_report(alSteering *s)
{
    alGenStats *g = &s->last;
    *g = (alGenStats){0};
    g->gen = s->gen++;
    double m = s->ord_n ? s->ord_sum / s->ord_n : 0;
    g->best = s->ord_max;
    g->mean = m;
    g->worst = s->ord_min;
    g->stddev = s->ord_n ? sqrt(fmax(0.0, s->ord_sq / s->ord_n - m * m)) : 0;
    g->evaluations = s->ticks * (int64_t)s->n;
    g->ticks = s->ticks;
    alSteeringFigures f = figures(s, steer_ensure_grid(s) ? s->grid : NULL);
    alGenStats_AddFigure(g, "order", f.order);
    alGenStats_AddFigure(g, "mean_speed", f.mean_speed);
    alGenStats_AddFigure(g, "nn_distance", f.nn_distance);
    alGenStats_AddFigure(g, "groups", f.groups);
    if (scenario_has_fov(s->def.scenario)) alGenStats_AddFigure(g, "fleeing", f.reacting);
    if (has_target_distance(s->def.scenario)) alGenStats_AddFigure(g, "target_distance", f.target_distance);
    if (s->def.scenario == AL_SCN_COLLISION) alGenStats_AddFigure(g, "contacts", (double)s->contacts);
    s->contacts = 0;
    s->have_last = true;
    s->ord_sum = s->ord_sq = 0;
    s->ord_min = INFINITY;
    s->ord_max = -INFINITY;
    s->ord_n = 0;
}
