// Boids as in seed 000: each boid recomputes a desired velocity only every
// think_interval seconds (its phase randomised so the flock does not pulse)
// from at most max_neighbours nearest neighbours within the cohesion radius,
// leaves early when it has fewer than min_neighbours (itself included), and
// feels a return force beyond return_radius from the world's centre.
#include <assert.h>
#include <math.h>

#include "steer_internal.h"

// The three sums of one neighbour list, added in its (distance, agent)
// order: every path that lists the neighbours adds them the same way.
typedef struct sums {
    alVec2 centre, avg, sep;
    int nsep;
} sums;

static inline void add_neighbour(sums *u, alVec2 d, alVec2 v, float d2, float sd2)
{
    u->centre = alV2_Add(u->centre, d);
    u->avg = alV2_Add(u->avg, v);
    if (d2 > 0 && d2 < sd2) {
        // The seed's own optimisation: away / |away|² (1/r, no sqrt).
        u->sep = alV2_Sub(u->sep, alV2_Scale(d, 1.0f / d2));
        u->nsep++;
    }
}

// Boid i's neighbours and their sums; returns how many neighbours. On a
// fresh grid straight from the grid's slots (steer_neighbours' copy into a
// list cost as much as the sums), else through steer_neighbours.
static int neighbour_sums(alSteering *s, int i, sums *u)
{
    const alBoidsParams *b = &s->def.boids;
    float sd2 = b->separation_distance * b->separation_distance;
    *u = (sums){{0, 0}, {0, 0}, {0, 0}, 0};
    if (s->def.brute_force || !s->grid_fresh) {
        neighbours nb;
        steer_neighbours(s, i, b->cohesion_radius, b->max_neighbours, &nb);
        for (int k = 0; k < nb.n; ++k) add_neighbour(u, nb.dpos[k], nb.vel[k], nb.d2[k], sd2);
        return nb.n;
    }
    const alGrid *g = s->grid;
    const alWorld *w = &s->def.world;
    int got[AL_GRID_MAX_K];
    float d2[AL_GRID_MAX_K];
    int max = b->max_neighbours > AL_GRID_MAX_K ? AL_GRID_MAX_K : b->max_neighbours;
    alVec2 p = pos_of(&s->cur, i);
    // Hinted by this boid's last think: its neighbours move little between
    // thinks, so about max + 2 lie within 1.25 times the last k-th's d2.
    int n = alGrid_NearestKHint(g, p, b->cohesion_radius, i, max, s->near_d2[i], got, d2);
    s->near_d2[i] = n == max ? 1.25f * d2[n - 1] : INFINITY;
    const float *sx = g->sx, *sy = g->sy, *vx = s->cur.vx, *vy = s->cur.vy;
    const int *order = g->order;
    sums acc = *u; // a local: its stores cannot be taken to change the world
    for (int k = 0; k < n; ++k) {
        int slot = got[k], j = order[slot];
        add_neighbour(&acc, alWorld_Delta(w, p, alV2(sx[slot], sy[slot])), alV2(vx[j], vy[j]), d2[k], sd2);
    }
    *u = acc;
    return n;
}

static void think(alSteering *s, int i, float *dbg6)
{
    const alBoidsParams *b = &s->def.boids;
    sums u;
    int n = neighbour_sums(s, i, &u);
    if (n + 1 < b->min_neighbours) return; // keep the old desired velocity
    // The top speed is the boid's own (boids.max_speed at the start; the
    // GUI's S key changes it), so the speed limit and the wish agree.
    float ms = params_of(s, i)->max_speed;
    alVec2 centre = u.centre, avg = u.avg, sep = u.sep;
    int nsep = u.nsep;
    alVec2 coh = {0, 0}, ali = {0, 0};
    if (n > 0) {
        float inv = 1.0f / (float)n;
        coh = alV2_Scale(alV2_Truncate(alV2_Scale(centre, inv), ms), b->cohesion);
        ali = alV2_Scale(alV2_Truncate(alV2_Scale(avg, inv), ms), b->alignment);
    }
    if (nsep > 0) sep = alV2_Scale(alV2_Truncate(alV2_Scale(sep, 1.0f / (float)nsep), ms), b->separation);
    alVec2 desired = alV2_Truncate(alV2_Add(alV2_Add(coh, sep), ali), ms);
    s->dvx[i] = desired.x;
    s->dvy[i] = desired.y;
    if (dbg6) {
        dbg6[0] = sep.x, dbg6[1] = sep.y;
        dbg6[2] = coh.x, dbg6[3] = coh.y;
        dbg6[4] = ali.x, dbg6[5] = ali.y;
    }
}

void boids_forces(alSteering *s, int i0, int i1, float *fx, float *fy)
{
    const alBoidsParams *b = &s->def.boids;
    float dt = s->def.dt, *think_t = s->think_t;
    // Whose turn it is, listed without a branch (a sixth of the flock, at
    // random: the branch mispredicted), then their thinks, each of which
    // touches only its own boid's slots.
    int turn[BLOCK_MAX], nt = 0;
    assert(i1 - i0 <= BLOCK_MAX);
    for (int i = i0; i < i1; ++i) {
        float t = think_t[i] - dt;
        think_t[i] = t;
        turn[nt] = i;
        nt += t <= 0;
    }
    for (int k = 0; k < nt; ++k) {
        int i = turn[k];
        think_t[i] += b->think_interval;
        if (think_t[i] < 0) think_t[i] = 0; // interval 0: every tick
        think(s, i, s->record ? s->dbg + 6 * (size_t)i : NULL);
    }
    // Track the desired velocity over about one think interval: a pass
    // over the block's arrays that vectorises (vehicle 0 has its own mass).
    float tau = b->think_interval > 4.0f * dt ? b->think_interval : 4.0f * dt; // fmaxf is a call here
    float g0 = s->first.mass / tau, g1 = s->others.mass / tau;
    const float *dvx = s->dvx, *dvy = s->dvy, *vx = s->cur.vx, *vy = s->cur.vy;
    for (int i = i0; i < i1; ++i) {
        float g = i == 0 ? g0 : g1;
        fx[i - i0] = (dvx[i] - vx[i]) * g;
        fy[i - i0] = (dvy[i] - vy[i]) * g;
    }
    if (b->return_gain <= 0) return;
    const alWorld *w = &s->def.world;
    for (int i = i0; i < i1; ++i) {
        const alVehicleParams *P = params_of(s, i);
        alVec2 home = alWorld_Delta(w, pos_of(&s->cur, i), alV2(0.5f * w->width, 0.5f * w->height));
        if (alV2_LengthSq(home) > b->return_radius * b->return_radius) {
            alVec2 f = alV2_Add(alV2(fx[i - i0], fy[i - i0]), alV2_Scale(home, P->mass * b->return_gain / b->return_radius));
            fx[i - i0] = f.x, fy[i - i0] = f.y;
        }
    }
}
