/// steering.h — the steering-behaviour playground: Reynolds vehicles, boids
/// (seed 000), a fish school (seed 004) and every classic behaviour.
///
/// Three layers, each usable alone:
///  1. Behaviour functions (alSteer_*): pure functions of a vehicle's state
///     returning a steering force (world units/s², before truncation). No
///     allocation, no global state, safe from any thread.
///  2. The vehicle model: alVehicleParams and alSteer_Integrate, the one
///     place a force becomes motion.
///  3. The simulation (alSteering): N vehicles in structure-of-arrays in the
///     shared world, a named scenario, neighbours from the shared grid, passes
///     that read the old state and write the new (identical results with any
///     number of threads), figures every report period, read-only views for
///     the GUI and a small mutation API. It is also the module "steering".
///
/// Units: world units (about a pixel), seconds, radians unless a key says
/// degrees. World frame: origin top-left, y down (see world.h).
#ifndef ALIFE_STEERING_H
#define ALIFE_STEERING_H

#include <stdbool.h>
#include <stdint.h>

#include "alife/config.h"
#include "alife/error.h"
#include "alife/grid.h"
#include "alife/module.h"
#include "alife/rng.h"
#include "alife/vec2.h"
#include "alife/world.h"

// ---------------------------------------------------------------------------
// Behaviours (layer 1)
// ---------------------------------------------------------------------------

/// Desired-velocity behaviours (seek, flee, arrive, wander, path, cohesion,
/// alignment, pursuit, evade, offset pursuit, hide, interpose, flow) return a
/// velocity change, desired - velocity (Reynolds). Times AL_STEER_GAIN (1/s)
/// it becomes the force the simulation feeds the vehicle model: the gap would
/// close in about 1/AL_STEER_GAIN s if max_force allowed (Buckland's
/// "steering force tweaker"). Separation, obstacle, wall, containment and
/// collision avoidance return forces directly.
#define AL_STEER_GAIN 10.0f

/// Seek: steer towards target at full speed: desired = unit(target - pos) *
/// max_speed, force = desired - vel. Zero desired velocity when the target sits
/// on the vehicle (never NaN).
alVec2 alSteer_Seek(alVec2 pos, alVec2 vel, alVec2 target, float max_speed);
/// Flee: the opposite of seek, but only when the threat is within fov_radius
/// (the vehicle "sees" it); outside the field of view the force is zero.
alVec2 alSteer_Flee(alVec2 pos, alVec2 vel, alVec2 threat, float max_speed, float fov_radius);
/// Arrive: seek that slows down linearly inside arrive_radius (> 0) and comes
/// to rest on the target.
alVec2 alSteer_Arrive(alVec2 pos, alVec2 vel, alVec2 target, float max_speed, float arrive_radius);

/// Wander state of one vehicle: the hidden target on the wander circle, in the
/// vehicle's local frame (x along heading, y along side), relative to the
/// circle's centre; its length is always the wander radius.
typedef struct alWanderParams {
    float radius;   ///< circle radius, world units (> 0)
    float distance; ///< circle centre ahead of the vehicle, world units (>= 0)
    float jitter;   ///< largest random displacement of the target per second, world units/s
} alWanderParams;
/// Wander (seed 001): jitters *local_target by up to jitter*dt along each axis
/// (drawn from rng), projects it back onto the circle, and seeks the point
/// (circle centre + target) in world space: smooth, sustained turns.
/// *world_target (may be NULL) receives that point.
alVec2 alSteer_Wander(alRng *rng, alVec2 *local_target, const alWanderParams *wp, float dt,
                      alVec2 pos, alVec2 vel, alVec2 heading, float max_speed, alVec2 *world_target);
/// A point of the wander circle at angle radians, for initialising local_target.
alVec2 alSteer_WanderStart(const alWanderParams *wp, float angle);

/// Pursuit: seek where the evader will be, look-ahead = distance / (own
/// max_speed + evader speed).
alVec2 alSteer_Pursuit(alVec2 pos, alVec2 vel, float max_speed, alVec2 evader_pos, alVec2 evader_vel);
/// Evade: flee the pursuer's predicted position (only within fov_radius).
alVec2 alSteer_Evade(alVec2 pos, alVec2 vel, float max_speed, alVec2 pursuer_pos,
                     alVec2 pursuer_vel, float fov_radius);
/// Offset pursuit (leader following, formations): arrive at the point offset
/// (leader's local frame: x along its heading, y along its side) from the
/// leader, predicted ahead.
alVec2 alSteer_OffsetPursuit(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius,
                             alVec2 leader_pos, alVec2 leader_vel, alVec2 leader_heading,
                             alVec2 offset);

/// A circular obstacle.
typedef struct alObstacle {
    alVec2 pos;   ///< centre
    float radius; ///< world units, > 0
} alObstacle;
/// A wall segment; its normal points to the side vehicles should stay on.
typedef struct alWall {
    alVec2 a, b;  ///< end points
    alVec2 normal; ///< unit normal (left of a->b in the y-down frame)
} alWall;
/// A wall from a to b with its normal computed.
alWall alWall_Make(alVec2 a, alVec2 b);

/// Obstacle avoidance (Buckland): a detection box ahead of the vehicle, as
/// wide as its radius and box_length long; the closest obstacle intersecting
/// it pushes the vehicle sideways (stronger when closer) and brakes it.
alVec2 alSteer_AvoidObstacles(alVec2 pos, alVec2 heading, float speed, float radius, float box_length,
                              const alObstacle *obs, int n);
/// Wall avoidance with three feelers (ahead, and +-45 degrees at half
/// length): the deepest penetration of a feeler beyond a wall pushes back
/// along the wall's normal. feeler_length > 0.
alVec2 alSteer_AvoidWalls(alVec2 pos, alVec2 heading, float feeler_length, const alWall *walls, int n);
/// Containment: inside [margin, w - margin] x [margin, h - margin] no force;
/// beyond it a force back in, proportional to the depth, scaled to max_force.
alVec2 alSteer_Contain(alVec2 pos, float w, float h, float margin, float max_force);

/// Hide: arrive at the hiding spot behind the obstacle nearest to the
/// vehicle, seen from the hunter (just beyond its radius); evade the hunter
/// when there is no obstacle.
alVec2 alSteer_Hide(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius, alVec2 hunter_pos,
                    alVec2 hunter_vel, const alObstacle *obs, int n);
/// Interpose: arrive at the midpoint between a and b predicted at the time the
/// vehicle would need to reach the current midpoint.
alVec2 alSteer_Interpose(alVec2 pos, alVec2 vel, float max_speed, float arrive_radius, alVec2 a_pos,
                         alVec2 a_vel, alVec2 b_pos, alVec2 b_vel);

/// A flow field: a cols x rows grid of unit directions over the world.
typedef struct alFlowField {
    int cols, rows;
    float cell_w, cell_h; ///< world units
    alVec2 *dir;          ///< cols*rows unit vectors, row-major (owned by the simulation)
} alFlowField;
/// The field's direction at pos (nearest cell, clamped).
alVec2 alFlowField_At(const alFlowField *f, alVec2 pos);
/// Flow-field following: desired velocity = field direction * max_speed.
alVec2 alSteer_FollowFlow(const alFlowField *f, alVec2 pos, alVec2 vel, float max_speed);

/// A path of waypoints, closed (loops) or open (arrives at the last one).
typedef struct alPath {
    alVec2 *points; ///< owned by whoever made it (the simulation for its own path)
    int count;      ///< > 0
    bool loop;
} alPath;
/// Parses "x1,y1 x2,y2 ..." (spaces and/or semicolons between points) into at
/// most cap points. Returns the count (>= 1) or -1 with err naming key and the
/// bad token (an empty path is an error).
int alPath_Parse(const char *text, const char *key, alVec2 *out, int cap, alError *err);
/// Path following: seek waypoint *index; within waypoint_dist of it, move on
/// to the next (wrapping to 0 on a loop; on an open path arrive at the last).
alVec2 alSteer_FollowPath(const alPath *path, int *index, float waypoint_dist, float arrive_radius,
                          alVec2 pos, alVec2 vel, float max_speed);

/// Unaligned collision avoidance (Reynolds 1999): for each other vehicle
/// predict the time of closest approach; for the soonest one that comes
/// within the two radii, steer sideways and brake/accelerate away from the
/// predicted meeting point. Returns zero when no collision is ahead within
/// horizon seconds.
alVec2 alSteer_AvoidCollision(alVec2 pos, alVec2 vel, float radius, float max_force, const alVec2 *other_pos,
                              const alVec2 *other_vel, const float *other_radius, int n, float horizon);

/// The group sums one flock pass gathers for a vehicle. Forces are zero when
/// no neighbour is within the behaviour's radius.
typedef struct alFlockForces {
    alVec2 separation; ///< sum over neighbours of unit(away) / distance (1/r weighting)
    alVec2 cohesion;   ///< seek force towards the neighbours' centre of mass
    alVec2 alignment;  ///< mean neighbour velocity minus own velocity
    int neighbours;    ///< neighbours used (after the cap)
} alFlockForces;

/// How forces of several behaviours are combined into one.
typedef enum alCombine {
    AL_COMBINE_WEIGHTED = 0, ///< sum of weight*force, truncated to max_force
    AL_COMBINE_PRIORITISED = 1, ///< running sum in priority order until max_force is used up (default)
    AL_COMBINE_DITHERED = 2, ///< one behaviour per tick: each in order with its probability
} alCombine;
/// One behaviour's contribution, in priority order (avoidance first).
typedef struct alForceTerm {
    alVec2 force;
    float weight;
    float probability; ///< dithering only: chance this behaviour is evaluated
} alForceTerm;
/// Combines n terms by method (rng used only by dithering). Result |f| <= max_force.
alVec2 alSteer_Combine(alCombine method, const alForceTerm *terms, int n, float max_force, alRng *rng);

// ---------------------------------------------------------------------------
// The vehicle model (layer 2)
// ---------------------------------------------------------------------------

/// Behaviour weights, indices into alVehicleParams.weight.
typedef enum alBehaviour {
    AL_B_SEEK, AL_B_FLEE, AL_B_ARRIVE, AL_B_WANDER, AL_B_PATH, AL_B_SEPARATION, AL_B_COHESION,
    AL_B_ALIGNMENT, AL_B_PURSUIT, AL_B_EVADE, AL_B_OFFSET_PURSUIT, AL_B_OBSTACLES, AL_B_WALLS,
    AL_B_CONTAIN, AL_B_HIDE, AL_B_INTERPOSE, AL_B_FLOW, AL_B_COLLISION,
    AL_B_COUNT
} alBehaviour;
/// Short snake_case name of a behaviour ("seek", "separation", ...).
const char *alBehaviour_Name(alBehaviour b);

/// Parameters of a vehicle. The simulation keeps two sets: one for the first
/// vehicle (changed live from the GUI) and one for all the others.
typedef struct alVehicleParams {
    float mass;        ///< > 0 (steering.mass, default 1)
    float max_speed;   ///< world units/s, > 0 (steering.max_speed, default 150)
    float max_force;   ///< world units/s² * mass, > 0 (steering.max_force, default 300)
    float radius;      ///< body radius, world units, > 0 (steering.radius, default 5)
    float turn_rate;   ///< largest heading change, rad/s (steering.turn_rate_deg)
    float fov_radius;  ///< flee/evade see threats this close (steering.fov_radius)
    float arrive_radius; ///< arrive starts slowing here (steering.arrive_radius)
    alWanderParams wander;
    float weight[AL_B_COUNT]; ///< behaviour weights (steering.w_*)
} alVehicleParams;
/// The defaults of the [steering] section.
alVehicleParams alDefaultVehicleParams(void);
/// Checks a parameter set (mass, speeds, radii > 0 and finite); on failure
/// fills err naming the field and returns AL_ERR_CONFIG.
alResult alVehicleParams_Check(const alVehicleParams *p, alError *err);

/// One step of the vehicle model for one vehicle: steer =
/// truncate(force, max_force); acc = steer / mass; vel = truncate(vel + acc*dt,
/// max_speed); pos += vel*dt; the heading turns towards the velocity by at most
/// turn_rate*dt (it keeps its direction when the vehicle stops). The world's
/// edge policy is applied to pos and vel.
void alSteer_Integrate(const alWorld *w, const alVehicleParams *p, alVec2 force, float dt, alVec2 *pos,
                       alVec2 *vel, alVec2 *heading);

// ---------------------------------------------------------------------------
// The simulation (layer 3)
// ---------------------------------------------------------------------------

/// The named scenarios (steering.scenario).
typedef enum alScenario {
    AL_SCN_SEEK, AL_SCN_FLEE, AL_SCN_ARRIVE, AL_SCN_WANDER, AL_SCN_PATH, AL_SCN_SEPARATION,
    AL_SCN_COHESION, AL_SCN_ALIGNMENT, AL_SCN_FCAS, AL_SCN_BOIDS, AL_SCN_FISH, AL_SCN_PURSUIT_EVADE,
    AL_SCN_OBSTACLES_WALLS, AL_SCN_LEADER_FOLLOWING, AL_SCN_FLOW_FIELD, AL_SCN_HIDE, AL_SCN_INTERPOSE,
    AL_SCN_COLLISION,
    AL_SCN_COUNT
} alScenario;
/// The scenario's name as written in configs ("seek", "fcas", "boids", ...).
const char *alScenario_Name(alScenario s);
/// A one-line description for the GUI's chooser.
const char *alScenario_Title(alScenario s);
/// Index of a name, or -1.
int alScenario_Parse(const char *name);
/// Bit mask (1u << alBehaviour) of the behaviours vehicle i uses in scenario s
/// (vehicle 0 often has a role of its own: the wanderer of FCAS, the leader).
uint32_t alScenario_Behaviours(alScenario s, int i);

/// The vehicle settings a user changes live (the steering view's keys), for
/// alScenario_Uses. Max speed and max force act in every scenario.
typedef enum alSetting {
    AL_SET_MAX_SPEED,  ///< max_speed
    AL_SET_MAX_FORCE,  ///< max_force
    AL_SET_MASS,       ///< mass (boids and fish track a desired velocity whatever the mass)
    AL_SET_FOV,        ///< fov_radius: flee and evade
    AL_SET_ARRIVE,     ///< arrive_radius: arrive, offset pursuit, hide, interpose
    AL_SET_WANDER,     ///< the wander circle's radius, distance and jitter
    AL_SET_NEIGHBOUR,  ///< the flock's neighbour radius (separation, cohesion, alignment, boids, fish)
    AL_SET_WEIGHTS,    ///< the behaviour weights (steering.w_*): scenarios with behaviours
    AL_SET_COUNT
} alSetting;
/// Whether scenario s reads setting what (for any of its vehicles): derived
/// from the scenario table's behaviours, the one place that says it, so a
/// key whose setting the scenario does not use can say so instead of
/// changing a hidden value.
bool alScenario_Uses(alScenario s, alSetting what);
/// The first scenario (in alScenario order) that uses what: where it acts.
alScenario alScenario_FirstUsing(alSetting what);
/// The behaviours that read setting what (flee and evade for AL_SET_FOV);
/// 0 for the settings every vehicle reads (speed, force, mass, weights).
uint32_t alSetting_Behaviours(alSetting what);

/// Seed 000 boids (section [boids]).
typedef struct alBoidsParams {
    float cohesion_radius;    ///< neighbours for cohesion and alignment (default 7)
    float separation_distance; ///< neighbours closer than this repel (default 5)
    float cohesion, alignment, separation; ///< coefficients (1, 4, 10)
    float max_speed;          ///< world units/s (15)
    int max_neighbours;       ///< maxBoids: nearest neighbours used (10)
    int min_neighbours;       ///< think only with at least this many, counting itself (2)
    float think_interval;     ///< seconds between a boid's velocity updates (0.1; 0 = every tick)
    float return_radius;      ///< beyond this distance from the world centre a return force acts
    float return_gain;        ///< strength of the return force per unit beyond (1/s²)
} alBoidsParams;

/// Seed 004 fish school (section [fish]).
typedef struct alFishParams {
    float neighbour_distance; ///< flock rules over fish this close (default 20)
    float area_radius;        ///< beyond this distance from the world centre fish turn back
    float min_speed, max_speed; ///< each fish's speed is drawn in [min, max]
    float rule_probability;   ///< chance per tick a fish applies the flock rules (0.2)
    float goal_probability;   ///< chance per tick the shared goal moves (0.005)
    float turn_rate;          ///< rad/s of the slerp towards the wanted direction
} alFishParams;

/// Most waypoints a path holds (in a def, and as edited in the window).
#define AL_STEER_MAX_PATH 256

/// Everything a simulation is created from. Fill from alDefaultSteeringDef()
/// or alSteeringDef_FromConfig.
typedef struct alSteeringDef {
    alWorld world;
    alScenario scenario;
    int vehicles;           ///< number of vehicles (steering.vehicles, default 100)
    float dt;               ///< fixed tick, seconds (1/60)
    int threads;            ///< 0 = OMP_NUM_THREADS, else one per processor (alThreads_Resolve; run.threads)
    alVehicleParams params;
    alCombine combine;
    float neighbour_radius; ///< cohesion's radius, and the flock pass's query radius (50)
    float alignment_radius; ///< alignment only within this (<= neighbour_radius; steering.alignment_radius 0 = neighbour_radius)
    float separation_radius; ///< separation only within this (25, <= neighbour_radius)
    /// Field of view of each flocking behaviour: a neighbour counts when it
    /// lies within +-angle/2 of the heading, radians (2*pi = all round).
    float view_separation, view_cohesion, view_alignment;
    int max_neighbours;     ///< nearest neighbours used by the flock pass (10)
    bool brute_force;       ///< neighbours by scanning all vehicles instead of the grid
    float cell_factor;      ///< grid cell size = query radius * cell_factor (1)
    float waypoint_distance; ///< next waypoint when this close (10)
    bool path_loop;
    alVec2 path[AL_STEER_MAX_PATH]; ///< waypoints, path_count of them (0: the scenario's own path)
    int path_count;
    float box_length;       ///< obstacle detection box length (60)
    float feeler_length;    ///< wall feeler length (40)
    float contain_margin;   ///< containment margin (30)
    float flow_scale;       ///< flow field: size of its currents, world units (300; ~40 = noise)
    float group_distance;   ///< vehicles closer than this are in one group (figure "groups")
    int report_every;       ///< ticks per report period (60)
    alBoidsParams boids;
    alFishParams fish;
} alSteeringDef;

/// The defaults of every key of [steering], [boids] and [fish], world 800 x
/// 600 wrapped, scenario boids, no path (the scenario's own).
alSteeringDef alDefaultSteeringDef(void);
/// Reads [world], [run], [steering], [boids], [fish] from a resolved config.
/// Cross-key and textual checks (the path) fail with AL_ERR_CONFIG naming the
/// key, its origin (file:line) and the bad token. The def is plain data (the
/// path inside it): nothing to free.
alResult alSteeringDef_FromConfig(alSteeringDef *def, const alConfig *cfg, alError *err);

/// A running simulation (opaque). Not thread-safe: one caller steps it; it
/// runs its own passes on run.threads OpenMP threads inside alSteering_Step.
typedef struct alSteering alSteering;

/// Creates a simulation into *out; the def (and its path) is copied. On bad
/// values (AL_ERR_CONFIG) or no memory (AL_ERR_NOMEM): that code, *out NULL
/// and err (may be NULL) filled.
alResult alCreateSteering(const alSteeringDef *def, uint64_t seed, alSteering **out, alError *err);
/// Bytes alCreateSteering would allocate for def (an upper estimate).
double alSteering_EstimateBytes(const alSteeringDef *def);
/// Frees; NULL is a no-op.
void alDestroySteering(alSteering *s);
/// Advances one tick. Returns true when a report period just ended.
bool alSteering_Step(alSteering *s);

/// The statistics of the last report period. best/mean/worst/stddev are the
/// order parameter (polarisation, |mean unit velocity|, 0..1) sampled every
/// tick of the period: its highest, mean, lowest and standard deviation.
/// Figures: "order" (at the end of the period), "mean_speed",
/// "nn_distance" (mean nearest-neighbour distance), "groups" (connected
/// components under steering.group_distance), and in the scenarios with a
/// field of view (flee, fcas, pursuit_evade) "fleeing" (the vehicles that see
/// their threat: alSteeringFigures.reacting); in pursuit_evade,
/// leader_following and interpose "target_distance"
/// (alSteeringFigures.target_distance); in collision "contacts" (pairs of
/// vehicles whose bodies overlap, summed over the period's ticks: pair-ticks).
/// False before the first period.
bool alSteering_LastStats(const alSteering *s, alGenStats *out);
/// Figures of the current state (see alSteering_LastStats).
typedef struct alSteeringFigures {
    double order;       ///< |mean unit velocity|, 0 (disorder) .. 1 (all one way)
    double mean_speed;  ///< world units/s
    double nn_distance; ///< mean distance to the nearest other vehicle (NaN if out of memory)
    int groups;         ///< connected components under group_distance (-1 if out of memory)
    int reacting;       ///< vehicles whose threat is inside their FOV now (alSteering_Reacting)
    /// Mean distance of the others to what they close on: the quarry (vehicle
    /// 0) in pursuit_evade, the leader (vehicle 0) in leader_following, the
    /// midpoint of vehicles 0 and 1 in interpose (its others from vehicle 2);
    /// world units, NaN in other scenarios.
    double target_distance;
} alSteeringFigures;
/// Whether vehicle i reacts to a threat now: its flee behaviour's threat (the
/// target in flee, the first vehicle in fcas) or, evading, its nearest
/// pursuer lies inside its fov_radius (the same test the behaviours make,
/// through the world's edges). False for vehicles without flee or evade.
bool alSteering_Reacting(const alSteering *s, int i);
/// Whether vehicle i hides from the hunter now: in the hide scenario, an
/// obstacle crosses the segment from i to the hunter (vehicle 0; through the
/// world's edges, their nearest images). False in other scenarios and for
/// the hunter itself. The window's figure "hidden" counts these.
bool alSteering_Hidden(const alSteering *s, int i);
/// Computes the figures now, O(N) with the grid (a private one when the
/// state's grid is stale: s is only read, so readers may share it).
alSteeringFigures alSteering_Figures(const alSteering *s);

/// Read-only views, valid until the next step or mutation. With 32768
/// vehicles or more, vehicles 2 and up are renumbered in the grid's cell
/// order every 32 ticks (memory locality); vehicles 0 and 1 keep their index.
typedef struct alSteeringView {
    int count;                   ///< vehicles
    const float *x, *y;          ///< positions
    const float *vx, *vy;        ///< velocities
    const float *hx, *hy;        ///< unit headings (side = (-hy, hx))
    /// Per-vehicle force components of the last tick (NULL unless recording
    /// was switched on with alSteering_RecordForces): debug rays. Interleaved:
    /// vehicle i's separation is (sep_x[6*i], sep_y[6*i]), likewise the others.
    /// For boids they are the last think's desired-velocity terms.
    const float *sep_x, *sep_y, *coh_x, *coh_y, *ali_x, *ali_y;
    alVec2 wander_target0;       ///< the first vehicle's wander target, world
    alVec2 wander_centre0;       ///< the first vehicle's wander circle centre, world
    alVec2 target;               ///< the target point (seek, flee, arrive)
    alVec2 fish_goal;            ///< the fish school's shared goal
    const alVec2 *path; int path_count; bool path_loop;
    int path_index0;             ///< the first vehicle's current waypoint
    const alObstacle *obstacles; int obstacle_count;
    const alWall *walls; int wall_count;
    const alFlowField *flow;     ///< NULL unless the scenario uses one
    const alGrid *grid;          ///< the neighbour grid of the last tick
    const alVehicleParams *first, *others;
    const alSteeringDef *def;
    int64_t ticks;
} alSteeringView;
/// The view of the current state; cheap (pointers only).
alSteeringView alSteering_View(const alSteering *s);

/// Mutations from the GUI, between steps. Each keeps every invariant.
/// Records (or stops recording) every vehicle's separation, cohesion and
/// alignment force each tick, for the debug rays of alSteeringView.
void alSteering_RecordForces(alSteering *s, bool on);
/// Moves the target point of seek, flee and arrive (clamped into the world).
void alSteering_SetTarget(alSteering *s, alVec2 p);
/// Moves obstacle i (ignored when out of range).
void alSteering_MoveObstacle(alSteering *s, int i, alVec2 p);
/// The obstacle under p, or -1.
int alSteering_ObstacleAt(const alSteering *s, alVec2 p);
/// The thread count in use: def.threads, or for 0 alThreads_Resolve's.
int alSteering_Threads(const alSteering *s);
/// Inserts a waypoint into the path's segment nearest to p (on an open path
/// beyond an end when p lies past it), so a click beside a side bends that
/// side out; vehicles keep heading for the waypoint they were heading for.
/// False when the path is full (256 points).
bool alSteering_AddWaypoint(alSteering *s, alVec2 p);
/// Removes the waypoint nearest to p within radius; never the last one.
bool alSteering_RemoveWaypoint(alSteering *s, alVec2 p, float radius);
/// Adds n vehicles at random places (false if out of memory).
bool alSteering_AddVehicles(alSteering *s, int n);
/// Removes up to n vehicles from the end, keeping at least one.
void alSteering_RemoveVehicles(alSteering *s, int n);
/// Places vehicle i (ignored when out of range) at pos with velocity vel
/// (truncated to its max_speed); its heading follows vel when vel is not zero.
void alSteering_SetVehicle(alSteering *s, int i, alVec2 pos, alVec2 vel);
/// Replaces the first vehicle's parameters (checked; AL_ERR_CONFIG if bad).
alResult alSteering_SetFirstParams(alSteering *s, const alVehicleParams *p, alError *err);
/// Replaces the parameters of the first vehicle and of all the others (either
/// may be NULL: unchanged); both are checked first, nothing changes on an
/// error. In boids and fish, max_speed is the school's top speed.
alResult alSteering_SetParams(alSteering *s, const alVehicleParams *first, const alVehicleParams *others,
                              alError *err);
/// The neighbour radius the flock pass queries now: boids' cohesion_radius,
/// fish's neighbour_distance, else neighbour_radius.
float alSteering_NeighbourRadius(const alSteering *s);
/// Sets it to r (world units, > 0, at most half the smaller world side:
/// AL_ERR_CONFIG naming the range otherwise, nothing changed), scaling the
/// radii that lie inside it (alignment and separation; boids' separation
/// distance) by the same factor, and re-sizing the neighbour grid.
/// AL_ERR_NOMEM leaves everything as it was.
alResult alSteering_SetNeighbourRadius(alSteering *s, float r, alError *err);
/// Switches scenario, resetting the vehicles (same count, same seed).
void alSteering_SetScenario(alSteering *s, alScenario sc);

/// The module class "steering" (listed in src/core/module.c).
extern const alModuleClass alSteeringModule;
/// The [steering], [boids] and [fish] schema part (listed in src/core/schema.c).
extern const alSchemaPart alSteeringSchema;

#endif
