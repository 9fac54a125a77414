// The [steering], [boids] and [fish] config sections, and reading them into
// an alSteeringDef (with the checks a schema range cannot express).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "steer_internal.h"

#define SCENARIOS                                                                            \
    "seek|flee|arrive|wander|path|separation|cohesion|alignment|fcas|boids|fish|pursuit_evade|" \
    "obstacles_walls|leader_following|flow_field|hide|interpose|collision"

#define W(name, help) {"steering", "w_" name, AL_TYPE_FLOAT, "1", 0, 1000, NULL, "weight of " help}

static const alKeyDef keys[] = {
    {"steering", "scenario", AL_TYPE_ENUM, "boids", 0, 0, SCENARIOS,
     "which behaviours the vehicles use (one lesson per scenario, see experiments/steering)"},
    {"steering", "vehicles", AL_TYPE_INT, "100", 1, 2000000, NULL, "number of vehicles"},
    {"steering", "dt", AL_TYPE_FLOAT, "0.0166667", 0.0005, 0.1, NULL, "fixed tick, seconds"},
    {"steering", "mass", AL_TYPE_FLOAT, "1", 0.01, 1000, NULL, "vehicle mass: acceleration = force / mass"},
    {"steering", "max_speed", AL_TYPE_FLOAT, "150", 0.01, 100000, NULL,
     "top speed, world units/s (boids and fish use their own)"},
    {"steering", "max_force", AL_TYPE_FLOAT, "300", 0.01, 1000000, NULL,
     "largest steering force; the sum of behaviours is truncated to it"},
    {"steering", "radius", AL_TYPE_FLOAT, "5", 0.1, 1000, NULL, "body radius, world units"},
    {"steering", "turn_rate_deg", AL_TYPE_FLOAT, "360", 1, 100000, NULL,
     "how fast the heading follows the velocity, degrees/s"},
    {"steering", "fov_radius", AL_TYPE_FLOAT, "150", 1, 100000, NULL,
     "flee/evade only react to threats this close (the FOV circle)"},
    {"steering", "arrive_radius", AL_TYPE_FLOAT, "100", 0.1, 100000, NULL,
     "arrive slows down inside this distance of the target"},
    {"steering", "wander_radius", AL_TYPE_FLOAT, "20", 0.1, 10000, NULL, "radius of the wander circle"},
    {"steering", "wander_distance", AL_TYPE_FLOAT, "40", 0, 10000, NULL,
     "how far ahead of the vehicle the wander circle sits"},
    {"steering", "wander_jitter", AL_TYPE_FLOAT, "80", 0, 100000, NULL,
     "largest random move of the wander target per second"},
    {"steering", "path", AL_TYPE_STRING, "default", 0, 8192, NULL,
     "waypoints \"x1,y1 x2,y2 ...\", or 'default' (an ellipse round the world)"},
    {"steering", "path_loop", AL_TYPE_BOOL, "true", 0, 0, NULL,
     "closed path (loop) or open (arrive at the last waypoint)"},
    {"steering", "waypoint_distance", AL_TYPE_FLOAT, "10", 0.1, 10000, NULL,
     "take the next waypoint when this close to the current one"},
    {"steering", "neighbour_radius", AL_TYPE_FLOAT, "50", 0.1, 100000, NULL,
     "cohesion sees neighbours within this distance (the largest flocking radius)"},
    {"steering", "alignment_radius", AL_TYPE_FLOAT, "0", 0, 100000, NULL,
     "alignment sees neighbours within this distance (<= neighbour_radius; 0: neighbour_radius)"},
    {"steering", "separation_radius", AL_TYPE_FLOAT, "25", 0.1, 100000, NULL,
     "separation pushes away from neighbours within this distance (<= neighbour_radius)"},
    {"steering", "separation_view_deg", AL_TYPE_FLOAT, "360", 1, 360, NULL,
     "separation's field of view: a cone this wide around the heading, degrees"},
    {"steering", "cohesion_view_deg", AL_TYPE_FLOAT, "360", 1, 360, NULL,
     "cohesion's field of view, degrees"},
    {"steering", "alignment_view_deg", AL_TYPE_FLOAT, "360", 1, 360, NULL,
     "alignment's field of view, degrees"},
    {"steering", "max_neighbours", AL_TYPE_INT, "10", 1, AL_GRID_MAX_K, NULL,
     "the flock pass uses at most this many nearest neighbours"},
    {"steering", "brute_force", AL_TYPE_BOOL, "false", 0, 0, NULL,
     "find neighbours by scanning every vehicle instead of the grid (for comparison)"},
    {"steering", "cell_factor", AL_TYPE_FLOAT, "1", 0.25, 8, NULL,
     "grid cell size as a multiple of the neighbour radius"},
    {"steering", "combine", AL_TYPE_ENUM, "prioritised", 0, 0, "weighted|prioritised|dithered",
     "how behaviours combine: weighted truncated sum, prioritised running sum, prioritised dithering"},
    {"steering", "box_length", AL_TYPE_FLOAT, "60", 1, 10000, NULL, "obstacle detection box length"},
    {"steering", "feeler_length", AL_TYPE_FLOAT, "40", 1, 10000, NULL, "wall feeler length"},
    {"steering", "contain_margin", AL_TYPE_FLOAT, "30", 0.1, 10000, NULL,
     "containment pushes back inside this margin from the world's edge"},
    {"steering", "flow_scale", AL_TYPE_FLOAT, "300", 1, 100000, NULL,
     "flow field: how wide its currents are, world units (about 40, one cell: noise)"},
    {"steering", "group_distance", AL_TYPE_FLOAT, "30", 0.1, 100000, NULL,
     "vehicles closer than this belong to one group (figure 'groups')"},
    {"steering", "plot", AL_TYPE_ENUM, "order", 0, 0, "order|mean_speed|nn_distance|groups|fleeing|target_distance|contacts",
     "the figure the window plots over time (the one the lesson says to watch)"},
    {"steering", "report_every", AL_TYPE_INT, "60", 1, 1000000000, NULL,
     "ticks per report period (a 'generation' of the run log)"},
    W("seek", "seek"), W("flee", "flee"), W("arrive", "arrive"), W("wander", "wander"),
    W("path", "path following"), W("separation", "separation"), W("cohesion", "cohesion"),
    W("alignment", "alignment"), W("pursuit", "pursuit"), W("evade", "evade"),
    W("offset_pursuit", "offset pursuit"), W("obstacles", "obstacle avoidance"),
    W("walls", "wall avoidance"), W("contain", "containment"), W("hide", "hide"),
    W("interpose", "interpose"), W("flow", "flow-field following"),
    W("collision", "unaligned collision avoidance"),

    // The seed's lengths (7, 5, speed 15 in a 100 x 100 world) scaled by 7 to
    // the default 800 x 600 world, so the flock a newcomer sees forms within
    // 20 s (there the seed's 7 left ~50 lone groups after a minute);
    // experiments/steering/boids.ini has the seed's own numbers.
    {"boids", "cohesion_radius", AL_TYPE_FLOAT, "49", 0.1, 10000, NULL,
     "cohesion and alignment use neighbours within this distance (the boids article: 7 in its 100-wide world)"},
    {"boids", "separation_distance", AL_TYPE_FLOAT, "35", 0.01, 10000, NULL,
     "neighbours closer than this repel (<= cohesion_radius; the boids article: 5)"},
    {"boids", "cohesion", AL_TYPE_FLOAT, "1", 0, 1000, NULL, "cohesion coefficient (the boids article: 1)"},
    {"boids", "alignment", AL_TYPE_FLOAT, "4", 0, 1000, NULL, "alignment coefficient (the boids article: 4)"},
    {"boids", "separation", AL_TYPE_FLOAT, "10", 0, 1000, NULL, "separation coefficient (the boids article: 10)"},
    {"boids", "max_speed", AL_TYPE_FLOAT, "105", 0.01, 100000, NULL,
     "boid top speed, world units/s (the boids article: 15 in its 100-wide world)"},
    {"boids", "max_neighbours", AL_TYPE_INT, "10", 1, AL_GRID_MAX_K, NULL,
     "maxBoids: at most this many nearest neighbours are used (the boids article: 10)"},
    {"boids", "min_neighbours", AL_TYPE_INT, "2", 1, AL_GRID_MAX_K + 1, NULL,
     "leave early: think only with at least this many boids around, itself included (the boids article: 2)"},
    {"boids", "think_interval", AL_TYPE_FLOAT, "0.1", 0, 10, NULL,
     "seconds between a boid's velocity updates, phase random per boid (0: every tick)"},
    {"boids", "return_radius", AL_TYPE_FLOAT, "25", 0.1, 1000000, NULL,
     "beyond this distance from the world's centre a force pulls boids back (the boids article: 25)"},
    {"boids", "return_gain", AL_TYPE_FLOAT, "0", 0, 1000000, NULL,
     "return force's acceleration at return_radius, units/s² (0: off, the wrapped world keeps "
     "the flock; the boids article, in open space: 60)"},

    {"fish", "neighbour_distance", AL_TYPE_FLOAT, "20", 0.1, 10000, NULL,
     "a fish applies the flock rules over fish this close"},
    {"fish", "area_radius", AL_TYPE_FLOAT, "200", 1, 1000000, NULL,
     "beyond this distance from the world's centre a fish turns back"},
    {"fish", "min_speed", AL_TYPE_FLOAT, "20", 0.01, 100000, NULL, "slowest fish speed, units/s"},
    {"fish", "max_speed", AL_TYPE_FLOAT, "40", 0.01, 100000, NULL, "fastest fish speed (>= min_speed)"},
    {"fish", "rule_probability", AL_TYPE_FLOAT, "0.2", 0, 1, NULL,
     "chance per tick that a fish applies the flock rules (the fish-school article: 1 in 5)"},
    {"fish", "goal_probability", AL_TYPE_FLOAT, "0.005", 0, 1, NULL,
     "chance per tick that the shared goal moves (the fish-school article: 50 in 10000)"},
    {"fish", "turn_rate", AL_TYPE_FLOAT, "4", 0.01, 1000, NULL,
     "how fast a fish turns towards where it wants to go, 1/s (the fish-school article: 4)"},
};

const alSchemaPart alSteeringSchema = {
    "steering", "steering boids fish", keys, (int)(sizeof keys / sizeof keys[0]), NULL, 0,
};

static float F(const alConfig *c, const char *k) { return (float)alConfig_Float(c, k); }

static alResult cross_error(const alConfig *cfg, alError *err, const char *key, const char *other,
                            const char *why)
{
    // alConfig_Locate (in alSteeringDef_FromConfig) adds where each was set.
    return alError_Set(err, AL_ERR_CONFIG, "%s = %s and %s = %s: %s", key, alConfig_Text(cfg, key),
                       other, alConfig_Text(cfg, other), why);
}

// The keys that land in the alSteeringDef member of their name: [steering]'s
// in the def or its vehicle params, [boids]' and [fish]'s in theirs; the
// wander circle's three by their own names. What is not here (angles in
// degrees, the weights, the path) from_config reads itself. An enum member
// takes the index of its key's choice: the choices are in the enum's order.
#define S(member) AL_CONFIG_FIELD(alSteeringDef, "steering." #member, member)
#define P(member) AL_CONFIG_FIELD(alSteeringDef, "steering." #member, params.member)
#define B(member) AL_CONFIG_FIELD(alSteeringDef, "boids." #member, boids.member)
#define FI(member) AL_CONFIG_FIELD(alSteeringDef, "fish." #member, fish.member)
// clang-format off
static const alConfigField fields[] = {
    S(scenario), S(vehicles), S(dt), S(combine), S(neighbour_radius), S(separation_radius),
    S(alignment_radius), S(max_neighbours), S(brute_force), S(cell_factor), S(path_loop),
    S(waypoint_distance), S(box_length), S(feeler_length), S(contain_margin), S(group_distance),
    S(flow_scale), S(report_every),
    P(mass), P(max_speed), P(max_force), P(radius), P(fov_radius), P(arrive_radius),
    AL_CONFIG_FIELD(alSteeringDef, "steering.wander_radius", params.wander.radius),
    AL_CONFIG_FIELD(alSteeringDef, "steering.wander_distance", params.wander.distance),
    AL_CONFIG_FIELD(alSteeringDef, "steering.wander_jitter", params.wander.jitter),
    B(cohesion_radius), B(separation_distance), B(cohesion), B(alignment), B(separation),
    B(max_speed), B(max_neighbours), B(min_neighbours), B(think_interval), B(return_radius),
    B(return_gain),
    FI(neighbour_distance), FI(area_radius), FI(min_speed), FI(max_speed), FI(rule_probability),
    FI(goal_probability), FI(turn_rate),
    AL_CONFIG_FIELD(alSteeringDef, "run.threads", threads),
};
// clang-format on

static alResult from_config(const alConfig *cfg, alSteeringDef *d, alError *err)
{
    memset(d, 0, sizeof *d); // every field is set from the config below
    d->world = alWorld_FromConfig(cfg);
    alConfig_ReadFields(cfg, d, fields, (int)(sizeof fields / sizeof fields[0]));
    alVehicleParams *p = &d->params;
    p->turn_rate = F(cfg, "steering.turn_rate_deg") * 0.017453293f;
    for (int b = 0; b < AL_B_COUNT; ++b) {
        char key[64];
        snprintf(key, sizeof key, "steering.w_%s", alBehaviour_Name((alBehaviour)b));
        p->weight[b] = F(cfg, key);
    }
    if (d->alignment_radius == 0) d->alignment_radius = d->neighbour_radius;
    d->view_separation = F(cfg, "steering.separation_view_deg") * 0.017453293f;
    d->view_cohesion = F(cfg, "steering.cohesion_view_deg") * 0.017453293f;
    d->view_alignment = F(cfg, "steering.alignment_view_deg") * 0.017453293f;
    const alBoidsParams *b = &d->boids;
    const alFishParams *f = &d->fish;

    // Checks across keys, each naming both keys and where they were set.
    if (d->separation_radius > d->neighbour_radius)
        return cross_error(cfg, err, "steering.separation_radius", "steering.neighbour_radius",
                           "separation only sees neighbours inside neighbour_radius (allowed: "
                           "separation_radius <= neighbour_radius)");
    if (d->alignment_radius > d->neighbour_radius)
        return cross_error(cfg, err, "steering.alignment_radius", "steering.neighbour_radius",
                           "alignment only sees neighbours inside neighbour_radius (allowed: "
                           "alignment_radius <= neighbour_radius)");
    if (b->separation_distance > b->cohesion_radius)
        return cross_error(cfg, err, "boids.separation_distance", "boids.cohesion_radius",
                           "separation only sees boids inside the cohesion radius (allowed: "
                           "separation_distance <= cohesion_radius)");
    if (f->min_speed > f->max_speed)
        return cross_error(cfg, err, "fish.min_speed", "fish.max_speed", "allowed: min_speed <= max_speed");
    float half = 0.5f * fminf(d->world.width, d->world.height);
    const char *side = d->world.height < d->world.width ? "world.height" : "world.width";
    if (d->neighbour_radius > half)
        return cross_error(cfg, err, "steering.neighbour_radius", side,
                           "a neighbour radius beyond half the world sees every vehicle (allowed: "
                           "neighbour_radius <= half the smaller world side)");
    if (b->cohesion_radius > half)
        return cross_error(cfg, err, "boids.cohesion_radius", side,
                           "allowed: cohesion_radius <= half the smaller world side");

    // The path: text "x1,y1 x2,y2 ..." or the word default; empty is an error.
    const char *text = alConfig_String(cfg, "steering.path");
    const char *origin = alConfig_Origin(cfg, "steering.path");
    if (strcmp(text, "default") != 0) {
        char key[300];
        snprintf(key, sizeof key, "%s: steering.path = '%.200s'", origin, text);
        alError perr;
        int n = alPath_Parse(text, key, d->path, MAX_PATH, &perr);
        if (n < 0) {
            if (err) *err = perr;
            return AL_ERR_CONFIG;
        }
        d->path_count = n;
    }
    return AL_OK;
}

alResult alSteeringDef_FromConfig(alSteeringDef *d, const alConfig *cfg, alError *err)
{
    // Steering evolves nothing: an algorithm asked for would be ignored.
    const char *alg = alConfig_Text(cfg, "run.algorithm");
    alResult r = alg && strcmp(alg, "ga") != 0
                     ? alError_Set(err, AL_ERR_CONFIG,
                                   "run.algorithm = %s: the steering module evolves nothing and "
                                   "runs no algorithm (allowed: ga, the default, unused)",
                                   alg)
                     : from_config(cfg, d, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}
