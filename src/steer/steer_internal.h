// steer_internal.h — the simulation's data, shared by the files of src/steer.
// Not installed: the GUI and tests see it through steering.h only.
#ifndef ALIFE_STEER_INTERNAL_H
#define ALIFE_STEER_INTERNAL_H

#include "alife/steering.h"

#define MAX_PATH AL_STEER_MAX_PATH
#define MAX_OBSTACLES 32
#define MAX_WALLS 16

// Structure of arrays: index i is vehicle i. "Old" arrays are read by every
// pass of a tick; the pass writes the "new" ones, then the two are swapped.
typedef struct soa {
    float *x, *y, *vx, *vy, *hx, *hy;
} soa;

struct alSteering {
    alSteeringDef def;
    alVehicleParams first, others; // vehicle 0, and all the others
    uint64_t seed;
    int threads;
    int n, cap;
    soa cur, nxt;
    // Per-vehicle private state: only vehicle i's own pass touches slot i.
    alRng *rng;
    float *wx, *wy;     // wander target, local frame
    int *path_idx;      // current waypoint
    float *think_t;     // boids: seconds to the next think
    float *near_d2;     // boids: a guess at the k-th neighbour's d2 (the last think's, widened):
                        // the query's hint, which never changes its answer
    float *dvx, *dvy;   // boids/fish: desired velocity held between thinks
    float *speed;       // fish: own speed
    bool record;        // fill the debug force arrays
    float *dbg;         // 6 * cap floats: sep xy, coh xy, ali xy
    alGrid *grid;
    float query_radius; // the flock pass's radius (largest of its behaviours)
    bool grid_fresh;    // grid built from cur positions
    // The scene.
    alVec2 target;
    alVec2 path[MAX_PATH];  // the path being followed (editable)
    int path_count;
    alVec2 cfg_path[MAX_PATH]; // the configured path (def.path_count points), restored by a reset
    alObstacle obstacles[MAX_OBSTACLES];
    int obstacle_count;
    alWall walls[MAX_WALLS];
    int wall_count;
    alFlowField flow;
    alVec2 fish_goal;
    alRng scene_rng;    // serial scene events (the fish goal)
    alVec2 wander_target0, wander_centre0;
    int64_t ticks;
    // The report period.
    double ord_sum, ord_sq, ord_min, ord_max;
    int ord_n;
    int64_t contacts; // pair-ticks of touching bodies this period (collision only)
    int64_t gen;
    alGenStats last;
    bool have_last;
};

static inline const alVehicleParams *params_of(const alSteering *s, int i)
{
    return i == 0 ? &s->first : &s->others;
}
static inline alVec2 pos_of(const soa *a, int i) { return alV2(a->x[i], a->y[i]); }
static inline alVec2 vel_of(const soa *a, int i) { return alV2(a->vx[i], a->vy[i]); }
static inline alVec2 heading_of(const soa *a, int i) { return alV2(a->hx[i], a->hy[i]); }

// A point seen from p through the world's edges (its nearest image on a torus).
static inline alVec2 near_image(const alWorld *w, alVec2 p, alVec2 q)
{
    return alV2_Add(p, alWorld_Delta(w, p, q));
}

// flock.c: the nearest (<= max) neighbours of vehicle i within radius, in
// (distance, index) order; positions and velocities copied out (wrap-aware
// relative positions in dpos). Grid or brute force as the def says.
typedef struct neighbours {
    int n;
    int idx[AL_GRID_MAX_K];
    float d2[AL_GRID_MAX_K];
    alVec2 dpos[AL_GRID_MAX_K]; // neighbour minus self
    alVec2 vel[AL_GRID_MAX_K];
} neighbours;
void steer_neighbours(const alSteering *s, int i, float radius, int max, neighbours *out);
// Separation, cohesion and alignment of vehicle i from one neighbour list.
alFlockForces steer_flock(const alSteering *s, int i, const neighbours *nb);

// scenario.c
void scenario_setup(alSteering *s);          // scene + initial vehicles
void scenario_place(alSteering *s, int from); // initial state of vehicles [from, n)
alVec2 scenario_force(alSteering *s, int i, float *dbg6);
bool scenario_uses_grid(alScenario sc);
bool scenario_has_fov(alScenario sc);         // flee or evade: the "fleeing" figure
void scenario_tick(alSteering *s);           // serial scene events after a tick

// flowfield.c: fills f (cols, rows and cells set) with smooth value noise of
// the angle, features about scale world units across, from rng.
void flow_fill(alFlowField *f, const alWorld *w, float scale, alRng *rng);

// boids.c and fish.c
// The forces of boids i0..i1-1 (at most BLOCK_MAX of them, the tick's
// block) into fx[i - i0], fy[i - i0] (those whose turn it is think first;
// the GUI's debug forces when recording).
enum { BLOCK_MAX = 64 };
void boids_forces(alSteering *s, int i0, int i1, float *fx, float *fy);
alVec2 fish_force(alSteering *s, int i);

// vehicle.c: alSteer_Integrate with the turn's cosine and sine precomputed.
void steer_integrate(const alWorld *w, const alVehicleParams *p, float cos_turn, float sin_turn,
                     alVec2 force, float dt, alVec2 *pos, alVec2 *vel, alVec2 *heading);

// The state arrays of a run of consecutive vehicles, one pointer per array
// (positions, velocities, headings), for steer_integrate_n.
typedef struct lanes {
    float *x, *y, *vx, *vy, *hx, *hy;
} lanes;

// steer_integrate for n vehicles with the same params (forces fx, fy;
// state read from in, written to out, which must not overlap it): bit for
// bit what n calls of steer_integrate give, in vector lanes.
void steer_integrate_n(const alWorld *w, const alVehicleParams *p, float cos_turn, float sin_turn,
                       const float *fx, const float *fy, float dt, const lanes *in,
                       const lanes *out, int n);

// flock_figures.c
// The order parameter by fixed blocks of vehicles (ORDER_BLOCK each, more
// for huge flocks), so that any thread may sum any block and the total has
// the same bits: init, then order_sums_block for each b < nb (in any order,
// from any thread), then order_sums_total.
enum { ORDER_BLOCK = 4096, ORDER_MAXB = 1024 };
typedef struct order_sums {
    int per, nb; // vehicles per block, blocks
    double bx[ORDER_MAXB], by[ORDER_MAXB];
} order_sums;
void order_sums_init(order_sums *o, int n);
void order_sums_block(order_sums *o, const float *vx, const float *vy, int n, int b);
double order_sums_total(const order_sums *o, int n);
void stats_sample(alSteering *s, double order); // the tick's order parameter into the period's figures
void stats_report(alSteering *s);
void stats_contacts(alSteering *s); // the tick's touching pairs into the period's "contacts" (collision)
bool steer_ensure_grid(alSteering *s);

#endif
