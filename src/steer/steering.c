// The steering simulation: vehicles in structure-of-arrays, one pass per
// tick that reads the old state and writes the new one (so the result is the
// same with any number of threads), the scene, and the GUI's views and
// mutations.
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "alife/threads.h"
#include "steer_internal.h"

// The defaults are the schema's (steering_config.c), read through a config
// of defaults so that they are written only once.
alSteeringDef alDefaultSteeringDef(void)
{
    alSteeringDef d;
    memset(&d, 0, sizeof d);
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "steering";
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, NULL);
    assert(cfg && "out of memory building the steering defaults");
    if (cfg) alSteeringDef_FromConfig(&d, cfg, NULL);
    alDestroyConfig(cfg);
    return d;
}

static bool grow_f(float **p, int cap)
{
    float *q = realloc(*p, (size_t)cap * sizeof *q);
    if (!q) return false;
    *p = q;
    return true;
}

// Grows every per-vehicle array to cap slots.
static bool reserve(alSteering *s, int cap)
{
    if (cap <= s->cap) return true;
    float **fs[] = {&s->cur.x, &s->cur.y, &s->cur.vx, &s->cur.vy, &s->cur.hx, &s->cur.hy,
                    &s->nxt.x, &s->nxt.y, &s->nxt.vx, &s->nxt.vy, &s->nxt.hx, &s->nxt.hy,
                    &s->wx,    &s->wy,    &s->think_t, &s->near_d2, &s->dvx, &s->dvy, &s->speed};
    for (size_t k = 0; k < sizeof fs / sizeof fs[0]; ++k)
        if (!grow_f(fs[k], cap)) return false;
    int *pi = realloc(s->path_idx, (size_t)cap * sizeof *pi);
    if (!pi) return false;
    s->path_idx = pi;
    alRng *r = realloc(s->rng, (size_t)cap * sizeof *r);
    if (!r) return false;
    s->rng = r;
    if (s->dbg) {
        float *d = realloc(s->dbg, (size_t)cap * 6 * sizeof *d);
        if (!d) return false;
        s->dbg = d;
    }
    s->cap = cap;
    return true;
}

static alResult check_def(const alSteeringDef *d, alError *err)
{
    if (d->vehicles < 1) return alError_Set(err, AL_ERR_CONFIG, "steering.vehicles = %d: must be >= 1", d->vehicles);
    if (!(d->dt > 0) || !isfinite(d->dt)) return alError_Set(err, AL_ERR_CONFIG, "steering.dt must be > 0");
    if (!(d->neighbour_radius > 0) || !(d->group_distance > 0) || !(d->cell_factor > 0))
        return alError_Set(err, AL_ERR_CONFIG, "steering radii and cell_factor must be > 0");
    if (d->alignment_radius > d->neighbour_radius || d->separation_radius > d->neighbour_radius)
        return alError_Set(err, AL_ERR_CONFIG, "alignment and separation radii must be <= the neighbour radius");
    if (d->max_neighbours < 1 || d->max_neighbours > AL_GRID_MAX_K ||
        d->boids.max_neighbours < 1 || d->boids.max_neighbours > AL_GRID_MAX_K)
        return alError_Set(err, AL_ERR_CONFIG, "max_neighbours must be 1..%d", AL_GRID_MAX_K);
    if (!(d->flow_scale > 0) || !isfinite(d->flow_scale))
        return alError_Set(err, AL_ERR_CONFIG, "steering.flow_scale = %g: must be > 0", (double)d->flow_scale);
    if (d->report_every < 1) return alError_Set(err, AL_ERR_CONFIG, "steering.report_every must be >= 1");
    return alVehicleParams_Check(&d->params, err);
}

// Sets up scenario sc: the vehicle parameters it implies, a grid sized for
// its query radius, its flow field, its scene and vehicles. False (nothing
// changed) when out of memory.
static bool apply_scenario(alSteering *s, alScenario sc)
{
    const alSteeringDef *d = &s->def;
    // The flock pass queries one radius for all its behaviours.
    float r = sc == AL_SCN_BOIDS ? d->boids.cohesion_radius
            : sc == AL_SCN_FISH  ? d->fish.neighbour_distance
                                 : d->neighbour_radius;
    alGrid *g;
    alCreateGrid(&(alGridDef){d->world, r * d->cell_factor}, &g, NULL);
    if (!g) return false;
    if (sc == AL_SCN_FLOW_FIELD && !s->flow.dir) {
        alFlowField f;
        f.cols = (int)fmaxf(1, ceilf(d->world.width / 40));
        f.rows = (int)fmaxf(1, ceilf(d->world.height / 40));
        f.cell_w = d->world.width / (float)f.cols;
        f.cell_h = d->world.height / (float)f.rows;
        f.dir = calloc((size_t)f.cols * f.rows, sizeof *f.dir);
        if (!f.dir) {
            alDestroyGrid(g);
            return false;
        }
        s->flow = f;
    }
    alDestroyGrid(s->grid);
    g->threads = s->threads;
    s->grid = g;
    s->query_radius = r;
    s->def.scenario = sc;
    s->first = s->others = d->params;
    // Boids and fish bring their own top speeds (seed 000: 15).
    if (sc == AL_SCN_BOIDS) s->first.max_speed = s->others.max_speed = d->boids.max_speed;
    if (sc == AL_SCN_FISH) s->first.max_speed = s->others.max_speed = d->fish.max_speed;
    scenario_setup(s);
    return true;
}

static alSteering *create_steering(const alSteeringDef *def, uint64_t seed, alError *err)
{
    if (check_def(def, err) != AL_OK) return NULL;
    alSteering *s = calloc(1, sizeof *s);
    if (!s) goto nomem;
    s->def = *def;
    s->seed = seed;
    if (def->path_count > MAX_PATH) {
        alError_Set(err, AL_ERR_CONFIG, "steering.path: %d waypoints, at most %d", def->path_count, MAX_PATH);
        alDestroySteering(s);
        return NULL;
    }
    if (def->path_count > 0) memcpy(s->cfg_path, def->path, (size_t)def->path_count * sizeof *s->path);
    s->threads = alThreads_Resolve(def->threads);
    s->n = def->vehicles;
    if (!reserve(s, s->n)) goto nomem;
    if (!apply_scenario(s, def->scenario)) goto nomem;
    s->ord_min = INFINITY;
    s->ord_max = -INFINITY;
    return s;
nomem:
    alDestroySteering(s);
    alError_Set(err, AL_ERR_NOMEM, "out of memory creating %d vehicles", def->vehicles);
    return NULL;
}

alResult alCreateSteering(const alSteeringDef *def, uint64_t seed, alSteering **out, alError *err)
{
    alError local = {0};
    alError *e = err ? err : &local;
    *out = create_steering(def, seed, e);
    if (*out) return AL_OK;
    return e->code != AL_OK ? e->code : AL_ERR_NOMEM;
}

void alDestroySteering(alSteering *s)
{
    if (!s) return;
    float *fs[] = {s->cur.x, s->cur.y, s->cur.vx, s->cur.vy, s->cur.hx, s->cur.hy, s->nxt.x,
                   s->nxt.y, s->nxt.vx, s->nxt.vy, s->nxt.hx, s->nxt.hy, s->wx,    s->wy,
                   s->think_t, s->near_d2, s->dvx, s->dvy, s->speed, s->dbg};
    for (size_t k = 0; k < sizeof fs / sizeof fs[0]; ++k) free(fs[k]);
    free(s->path_idx);
    free(s->rng);
    free(s->flow.dir);
    alDestroyGrid(s->grid);
    free(s);
}

bool steer_ensure_grid(alSteering *s)
{
    if (s->grid_fresh) return true;
    if (!alGrid_Build(s->grid, s->cur.x, s->cur.y, s->n)) return false;
    s->grid_fresh = true;
    return true;
}

// Big flocks outgrow the cache: every REORDER_EVERY ticks renumber the
// vehicles (all but the first two, whose roles are by index) in the grid's
// cell order, so that vehicles near in space are near in memory and the
// per-vehicle arrays are read almost in sequence. A pure function of the
// state, done the same way with any thread count or neighbour search.
enum { REORDER_MIN = 32768, REORDER_EVERY = 32 };

static void permute_f(float **a, float **scratch, const int *perm, int n)
{
    float *src = *a, *dst = *scratch;
    for (int k = 0; k < n; ++k) dst[k] = src[perm[k]];
    *a = dst;
    *scratch = src;
}

static void reorder_by_cell(alSteering *s)
{
    int n = s->n;
    if (!s->grid_fresh && !steer_ensure_grid(s)) return;
    int *perm = malloc((size_t)n * sizeof *perm);
    float *scratch = malloc((size_t)n * sizeof *scratch);
    alRng *rs = malloc((size_t)n * sizeof *rs);
    int *pi = malloc((size_t)n * sizeof *pi);
    if (!perm || !scratch || !rs || !pi) goto done;
    int m = 0;
    for (int i = 0; i < n && i < 2; ++i) perm[m++] = i;
    for (int k = 0; k < n; ++k)
        if (s->grid->order[k] >= 2) perm[m++] = s->grid->order[k];
    // Floats through one spare array (each permuted array becomes the spare
    // of the next); the spare must have the arrays' capacity.
    float *spare = realloc(scratch, (size_t)s->cap * sizeof *spare);
    if (!spare) goto done;
    scratch = spare;
    float **fs[] = {&s->cur.x, &s->cur.y, &s->cur.vx, &s->cur.vy, &s->cur.hx, &s->cur.hy,
                    &s->wx,    &s->wy,    &s->think_t, &s->near_d2, &s->dvx, &s->dvy, &s->speed};
    for (size_t a = 0; a < sizeof fs / sizeof fs[0]; ++a) permute_f(fs[a], &scratch, perm, n);
    for (int k = 0; k < n; ++k) rs[k] = s->rng[perm[k]], pi[k] = s->path_idx[perm[k]];
    memcpy(s->rng, rs, (size_t)n * sizeof *rs);
    memcpy(s->path_idx, pi, (size_t)n * sizeof *pi);
    if (s->dbg)
        for (int c = 0; c < 6; ++c) {
            for (int k = 0; k < n; ++k) scratch[k] = s->dbg[6 * (size_t)perm[k] + c];
            for (int k = 0; k < n; ++k) s->dbg[6 * (size_t)k + c] = scratch[k];
        }
    s->grid_fresh = false;
done:
    free(perm);
    free(scratch);
    free(rs);
    free(pi);
}

// Vehicles are moved in blocks: a block's forces first (they read only the
// old state), then its integration in vector lanes: independent chains of
// square roots and divisions, which the processor overlaps.
enum { BLOCK = BLOCK_MAX };

typedef struct tick_consts {
    float dt;
    float c0, s0, c1, s1; // cosine and sine of the turn limit: vehicle 0, the others
} tick_consts;

static void integrate_one(alSteering *s, const tick_consts *t, int i, alVec2 f)
{
    alVec2 p = pos_of(&s->cur, i), v = vel_of(&s->cur, i), h = heading_of(&s->cur, i);
    steer_integrate(&s->def.world, params_of(s, i), i ? t->c1 : t->c0, i ? t->s1 : t->s0, f, t->dt,
                    &p, &v, &h);
    s->nxt.x[i] = p.x, s->nxt.y[i] = p.y;
    s->nxt.vx[i] = v.x, s->nxt.vy[i] = v.y;
    s->nxt.hx[i] = h.x, s->nxt.hy[i] = h.y;
}

// Moves vehicles i0..i1-1 by their forces (fx[k], fy[k] for vehicle i0 + k):
// vehicle 0 (its own params) alone, the rest in one vector pass
// (steer_integrate_n, bit-identical).
static void integrate_block(alSteering *s, const tick_consts *t, int i0, int i1, const float *fx,
                            const float *fy)
{
    int i = i0;
    if (i == 0 && i < i1) integrate_one(s, t, i++, alV2(fx[0], fy[0]));
    if (i >= i1) return;
    soa *c = &s->cur, *x = &s->nxt;
    lanes in = {c->x + i, c->y + i, c->vx + i, c->vy + i, c->hx + i, c->hy + i};
    lanes out = {x->x + i, x->y + i, x->vx + i, x->vy + i, x->hx + i, x->hy + i};
    steer_integrate_n(&s->def.world, &s->others, t->c1, t->s1, fx + (i - i0), fy + (i - i0), t->dt, &in,
                      &out, i1 - i);
}

bool alSteering_Step(alSteering *s)
{
    const alSteeringDef *d = &s->def;
    int n = s->n;
    if (n >= REORDER_MIN && s->ticks % REORDER_EVERY == 0 && scenario_uses_grid(d->scenario))
        reorder_by_cell(s);
    // Out of memory growing the grid falls back to brute force this tick.
    if (scenario_uses_grid(d->scenario) && !d->brute_force) (void)steer_ensure_grid(s);
    float dt = d->dt;
    float a0 = fminf(s->first.turn_rate * dt, 3.14159265f), a1 = fminf(s->others.turn_rate * dt, 3.14159265f);
    const tick_consts tc = {dt, alDet_Cosf(a0), alDet_Sinf(a0), alDet_Cosf(a1), alDet_Sinf(a1)};
    order_sums ord;
    order_sums_init(&ord, n);
    // One team a tick for the vehicles' pass and the order parameter of the
    // state it writes (each fork/join costs, and more on a busy machine).
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel num_threads(s->threads) if (n >= 512)
#endif
    {
#ifdef ALIFE_HAVE_OPENMP
#pragma omp for schedule(dynamic, 4)
#endif
        for (int b = 0; b < (n + BLOCK - 1) / BLOCK; ++b) {
            // In index order, each thread writes its own run of the arrays (cell
            // order scattered the writes, and two threads kept taking the same
            // cache lines from each other). Big flocks are renumbered in cell
            // order (reorder_by_cell), so index order is also spatial order.
            // Blocks of BLOCK vehicles (see there); 4 blocks a chunk.
            int i0 = BLOCK * b, i1 = i0 + BLOCK < n ? i0 + BLOCK : n;
            float fx[BLOCK], fy[BLOCK];
            if (d->scenario == AL_SCN_BOIDS) {
                boids_forces(s, i0, i1, fx, fy);
            } else {
                for (int i = i0; i < i1; ++i) {
                    alVec2 f = scenario_force(s, i, s->record ? s->dbg + 6 * (size_t)i : NULL);
                    fx[i - i0] = f.x, fy[i - i0] = f.y;
                }
            }
            integrate_block(s, &tc, i0, i1, fx, fy);
        }
#ifdef ALIFE_HAVE_OPENMP
#pragma omp for schedule(dynamic, 1)
#endif
        for (int b = 0; b < ord.nb; ++b) order_sums_block(&ord, s->nxt.vx, s->nxt.vy, n, b);
    }
    soa t = s->cur;
    s->cur = s->nxt;
    s->nxt = t;
    s->grid_fresh = false;
    s->ticks++;
    scenario_tick(s);
    stats_sample(s, order_sums_total(&ord, n));
    if (d->scenario == AL_SCN_COLLISION) stats_contacts(s);
    if (s->ticks % d->report_every == 0) {
        stats_report(s);
        return true;
    }
    return false;
}

bool alSteering_LastStats(const alSteering *s, alGenStats *out)
{
    if (!s->have_last) return false;
    *out = s->last;
    return true;
}

alSteeringView alSteering_View(const alSteering *s)
{
    alSteeringView v;
    memset(&v, 0, sizeof v);
    v.count = s->n;
    v.x = s->cur.x, v.y = s->cur.y, v.vx = s->cur.vx, v.vy = s->cur.vy, v.hx = s->cur.hx, v.hy = s->cur.hy;
    if (s->record && s->dbg) {
        // Interleaved storage: the view gives strided pointers' bases; the
        // GUI reads dbg[6*i + c] through sep_x[6*i] etc.
        v.sep_x = s->dbg + 0, v.sep_y = s->dbg + 1, v.coh_x = s->dbg + 2;
        v.coh_y = s->dbg + 3, v.ali_x = s->dbg + 4, v.ali_y = s->dbg + 5;
    }
    v.wander_target0 = s->wander_target0;
    v.wander_centre0 = s->wander_centre0;
    v.target = s->target;
    v.fish_goal = s->fish_goal;
    v.path = s->path, v.path_count = s->path_count, v.path_loop = s->def.path_loop;
    v.path_index0 = s->n > 0 ? s->path_idx[0] : 0;
    v.obstacles = s->obstacles, v.obstacle_count = s->obstacle_count;
    v.walls = s->walls, v.wall_count = s->wall_count;
    v.flow = s->flow.dir && s->def.scenario == AL_SCN_FLOW_FIELD ? &s->flow : NULL;
    v.grid = s->grid;
    v.first = &s->first, v.others = &s->others;
    v.def = &s->def;
    v.ticks = s->ticks;
    return v;
}

// ---------------------------------------------------------------------------
// Mutations

void alSteering_RecordForces(alSteering *s, bool on)
{
    if (on && !s->dbg) {
        s->dbg = calloc((size_t)s->cap * 6, sizeof *s->dbg);
        if (!s->dbg) return;
    }
    s->record = on;
}

void alSteering_SetTarget(alSteering *s, alVec2 p)
{
    alWorld_Confine(&s->def.world, &p, NULL);
    s->target = p;
}

void alSteering_MoveObstacle(alSteering *s, int i, alVec2 p)
{
    if (i < 0 || i >= s->obstacle_count) return;
    alWorld_Confine(&s->def.world, &p, NULL);
    s->obstacles[i].pos = p;
}

int alSteering_Threads(const alSteering *s) { return s->threads; }

int alSteering_ObstacleAt(const alSteering *s, alVec2 p)
{
    for (int i = s->obstacle_count - 1; i >= 0; --i)
        if (alV2_DistSq(p, s->obstacles[i].pos) <= s->obstacles[i].radius * s->obstacles[i].radius) return i;
    return -1;
}

// Squared distance from p to the segment a-b, and where along it (0..1).
static float seg_dist2(alVec2 p, alVec2 a, alVec2 b, float *t)
{
    alVec2 ab = alV2_Sub(b, a);
    float l2 = alV2_LengthSq(ab), u = l2 > 0 ? alV2_Dot(alV2_Sub(p, a), ab) / l2 : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    *t = u;
    return alV2_DistSq(p, alV2_Add(a, alV2_Scale(ab, u)));
}

// Whether segments a-b and c-d cross properly (touching ends do not count).
static bool seg_cross(alVec2 a, alVec2 b, alVec2 c, alVec2 d)
{
    float d1 = alV2_Cross(alV2_Sub(b, a), alV2_Sub(c, a)), d2 = alV2_Cross(alV2_Sub(b, a), alV2_Sub(d, a));
    float d3 = alV2_Cross(alV2_Sub(d, c), alV2_Sub(a, c)), d4 = alV2_Cross(alV2_Sub(d, c), alV2_Sub(b, c));
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// Whether putting p before index at (0..n) makes a segment through p cross
// one of the path's others.
static bool insert_crosses(const alVec2 *pt, int n, bool loop, int at, alVec2 p)
{
    // The new segments: prev-p and p-next (when those points exist).
    bool has_prev = at > 0 || loop, has_next = at < n || loop;
    alVec2 prev = pt[(at - 1 + n) % n], next = pt[at % n];
    int segs = loop ? n : n - 1;
    for (int k = 0; k < segs; ++k) {
        int k1 = (k + 1) % n;
        // The segment the point splits is gone; its neighbours share ends.
        if ((k1 == at % n && k == (at - 1 + n) % n) && has_prev && has_next) continue;
        alVec2 a = pt[k], b = pt[k1];
        if (has_prev && seg_cross(prev, p, a, b)) return true;
        if (has_next && seg_cross(p, next, a, b)) return true;
    }
    return false;
}

bool alSteering_AddWaypoint(alSteering *s, alVec2 p)
{
    if (s->path_count >= MAX_PATH) return false;
    alWorld_Confine(&s->def.world, &p, NULL);
    int n = s->path_count, at = n; // insert before index at
    if (n >= 2) {
        // The nearest segment where the point does not make the path cross
        // itself (a convex path always has one: a side facing the point, or
        // any when it lies inside); else the nearest. An open path may also
        // grow at an end.
        bool loop = s->def.path_loop;
        int segs = loop ? n : n - 1, best = -1, any = -1;
        float bd = INFINITY, ad = INFINITY, t;
        for (int c = 0; c < segs + (loop ? 0 : 2); ++c) {
            int pos;
            float d;
            if (c < segs) {
                pos = c + 1;
                d = seg_dist2(p, s->path[c], s->path[(c + 1) % n], &t);
            } else {
                pos = c == segs ? 0 : n; // before the first or after the last
                d = alV2_DistSq(p, s->path[pos == 0 ? 0 : n - 1]);
            }
            if (d < ad) ad = d, any = pos;
            if (d < bd && !insert_crosses(s->path, n, loop, pos, p)) bd = d, best = pos;
        }
        at = best >= 0 ? best : any;
    }
    memmove(s->path + at + 1, s->path + at, (size_t)(n - at) * sizeof *s->path);
    s->path[at] = p;
    s->path_count = n + 1;
    for (int i = 0; i < s->n; ++i)
        if (s->path_idx[i] >= at) s->path_idx[i]++;
    return true;
}

bool alSteering_RemoveWaypoint(alSteering *s, alVec2 p, float radius)
{
    if (s->path_count <= 1) return false;
    int best = -1;
    float bd = radius * radius;
    for (int k = 0; k < s->path_count; ++k) {
        float d = alV2_DistSq(p, s->path[k]);
        if (d <= bd) bd = d, best = k;
    }
    if (best < 0) return false;
    memmove(s->path + best, s->path + best + 1, (size_t)(s->path_count - best - 1) * sizeof *s->path);
    s->path_count--;
    for (int i = 0; i < s->n; ++i)
        if (s->path_idx[i] >= s->path_count) s->path_idx[i] = 0;
    return true;
}

bool alSteering_AddVehicles(alSteering *s, int n)
{
    if (n <= 0) return true;
    int want = s->n + n, cap = s->cap;
    while (cap < want) cap = cap * 2 + 16;
    if (!reserve(s, cap)) return false;
    int from = s->n;
    s->n = want;
    if (s->dbg) memset(s->dbg + 6 * (size_t)from, 0, 6 * (size_t)n * sizeof *s->dbg);
    scenario_place(s, from);
    return true;
}

void alSteering_RemoveVehicles(alSteering *s, int n)
{
    s->n = s->n - n < 1 ? 1 : s->n - n;
    s->grid_fresh = false;
}

void alSteering_SetVehicle(alSteering *s, int i, alVec2 pos, alVec2 vel)
{
    if (i < 0 || i >= s->n) return;
    vel = alV2_Truncate(vel, params_of(s, i)->max_speed);
    alWorld_Confine(&s->def.world, &pos, &vel);
    s->cur.x[i] = pos.x, s->cur.y[i] = pos.y;
    s->cur.vx[i] = vel.x, s->cur.vy[i] = vel.y;
    s->dvx[i] = vel.x, s->dvy[i] = vel.y;
    alVec2 h = alV2_Normalize(vel);
    if (h.x != 0 || h.y != 0) s->cur.hx[i] = h.x, s->cur.hy[i] = h.y;
    s->grid_fresh = false;
}

alResult alSteering_SetFirstParams(alSteering *s, const alVehicleParams *p, alError *err)
{
    return alSteering_SetParams(s, p, NULL, err);
}

alResult alSteering_SetParams(alSteering *s, const alVehicleParams *first, const alVehicleParams *others,
                              alError *err)
{
    alResult r = first ? alVehicleParams_Check(first, err) : AL_OK;
    if (r == AL_OK && others) r = alVehicleParams_Check(others, err);
    if (r != AL_OK) return r;
    if (first) s->first = *first;
    if (others) s->others = *others;
    return AL_OK;
}

float alSteering_NeighbourRadius(const alSteering *s)
{
    return s->query_radius;
}

alResult alSteering_SetNeighbourRadius(alSteering *s, float r, alError *err)
{
    alSteeringDef *d = &s->def;
    float half = 0.5f * fminf(d->world.width, d->world.height);
    if (!(r > 0 && r <= half))
        return alError_Set(err, AL_ERR_CONFIG,
                           "neighbour radius %g (allowed: above 0, at most half the smaller world "
                           "side, %g)",
                           (double)r, (double)half);
    alGrid *g;
    alCreateGrid(&(alGridDef){d->world, r * d->cell_factor}, &g, NULL);
    if (!g) return alError_Set(err, AL_ERR_NOMEM, "out of memory for the neighbour grid");
    float f = r / s->query_radius;
    if (d->scenario == AL_SCN_BOIDS) {
        d->boids.cohesion_radius = r;
        d->boids.separation_distance *= f;
    } else if (d->scenario == AL_SCN_FISH) {
        d->fish.neighbour_distance = r;
    } else {
        d->neighbour_radius = r;
        d->alignment_radius = fminf(d->alignment_radius * f, r);
        d->separation_radius = fminf(d->separation_radius * f, r);
    }
    alDestroyGrid(s->grid);
    g->threads = s->threads;
    s->grid = g;
    s->grid_fresh = false;
    s->query_radius = r;
    return AL_OK;
}

void alSteering_SetScenario(alSteering *s, alScenario sc)
{
    alScenario old = s->def.scenario;
    if (!apply_scenario(s, sc)) apply_scenario(s, old); // out of memory: keep the old one
}

double alSteering_EstimateBytes(const alSteeringDef *def)
{
    // Per vehicle: the 18 float arrays and path index, its stream, the
    // GUI's force vectors, the grid's four arrays and the reordering's
    // scratch; the grid's cells (at most 2^22 of them).
    double per = 18.0 * sizeof(float) + sizeof(int) + sizeof(alRng) + 6.0 * sizeof(float) +
                 4.0 * sizeof(int) + 3.0 * sizeof(int) + sizeof(alRng);
    return sizeof(alSteering) + (double)def->vehicles * per + (double)(1 << 22) * sizeof(int);
}
