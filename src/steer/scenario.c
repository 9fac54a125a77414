// The named scenarios: which behaviours each vehicle uses, the scene they
// play in (target, path, obstacles, walls, flow field), how vehicles start,
// and the force of one vehicle in one tick.
#include <math.h>
#include <string.h>

#include "steer_internal.h"

#define B(x) (1u << (AL_B_##x))

static const struct {
    const char *name, *title;
    uint32_t first, others; // behaviours of vehicle 0, and of the rest
    // Seeds 000 and 004: rules of their own instead of behaviours, reading
    // a neighbour radius and no mass (they track a desired velocity).
    bool own_rules;
} table[AL_SCN_COUNT] = {
    [AL_SCN_SEEK] = {"seek", "Seek: every vehicle heads for the target", B(SEEK), B(SEEK), false},
    [AL_SCN_FLEE] = {"flee", "Flee: run from the target when it is inside the FOV", B(FLEE), B(FLEE), false},
    [AL_SCN_ARRIVE] = {"arrive", "Arrive: slow down inside the arrive radius", B(ARRIVE), B(ARRIVE), false},
    [AL_SCN_WANDER] = {"wander", "Wander: chase a target jittered on a circle ahead", B(WANDER), B(WANDER), false},
    [AL_SCN_PATH] = {"path", "Path following: waypoints in order, looping", B(PATH), B(PATH), false},
    [AL_SCN_SEPARATION] = {"separation", "Separation: keep your distance (1/r)", B(SEPARATION), B(SEPARATION), false},
    [AL_SCN_COHESION] = {"cohesion", "Cohesion: seek the neighbours' centre", B(COHESION), B(COHESION), false},
    [AL_SCN_ALIGNMENT] = {"alignment", "Alignment: match the neighbours' velocity", B(ALIGNMENT), B(ALIGNMENT), false},
    [AL_SCN_FCAS] = {"fcas", "FCAS: one wanders, the herd flees it and flocks",
                     B(WANDER), B(FLEE) | B(COHESION) | B(ALIGNMENT) | B(SEPARATION), false},
    [AL_SCN_BOIDS] = {"boids", "Boids (Reynolds' rules): cohesion 1, alignment 4, separation 10", 0, 0, true},
    [AL_SCN_FISH] = {"fish", "Fish school (simple schooling): a shared goal that moves", 0, 0, true},
    [AL_SCN_PURSUIT_EVADE] = {"pursuit_evade", "Pursuit and evade: all chase the first vehicle",
                              B(WANDER) | B(EVADE), B(PURSUIT) | B(SEPARATION), false},
    [AL_SCN_OBSTACLES_WALLS] = {"obstacles_walls", "Obstacles (detection box) and walls (feelers)",
                                B(WALLS) | B(OBSTACLES) | B(SEPARATION) | B(WANDER),
                                B(WALLS) | B(OBSTACLES) | B(SEPARATION) | B(WANDER), false},
    [AL_SCN_LEADER_FOLLOWING] = {"leader_following", "Leader following: a formation behind the leader",
                                 B(PATH), B(OFFSET_PURSUIT) | B(SEPARATION), false},
    [AL_SCN_FLOW_FIELD] = {"flow_field", "Flow field: ride the currents",
                           B(FLOW) | B(SEPARATION), B(FLOW) | B(SEPARATION), false},
    [AL_SCN_HIDE] = {"hide", "Hide: get an obstacle between you and the hunter",
                     B(WANDER) | B(OBSTACLES), B(HIDE) | B(OBSTACLES) | B(SEPARATION), false},
    [AL_SCN_INTERPOSE] = {"interpose", "Interpose: get between the two wanderers",
                          B(WANDER), B(INTERPOSE) | B(SEPARATION), false},
    [AL_SCN_COLLISION] = {"collision", "Unaligned collision avoidance: predict and sidestep",
                          B(WANDER) | B(COLLISION) | B(CONTAIN), B(WANDER) | B(COLLISION) | B(CONTAIN), false},
};

const char *alScenario_Name(alScenario s) { return table[s].name; }
const char *alScenario_Title(alScenario s) { return table[s].title; }

int alScenario_Parse(const char *name)
{
    for (int i = 0; i < AL_SCN_COUNT; ++i)
        if (strcmp(name, table[i].name) == 0) return i;
    return -1;
}

uint32_t alScenario_Behaviours(alScenario s, int i)
{
    // Interpose needs two wanderers to stand between.
    if (s == AL_SCN_INTERPOSE && i == 1) return table[s].first;
    return i == 0 ? table[s].first : table[s].others;
}

uint32_t alSetting_Behaviours(alSetting what)
{
    switch (what) {
    case AL_SET_FOV: return B(FLEE) | B(EVADE);
    case AL_SET_ARRIVE: return B(ARRIVE) | B(OFFSET_PURSUIT) | B(HIDE) | B(INTERPOSE);
    case AL_SET_WANDER: return B(WANDER);
    case AL_SET_NEIGHBOUR: return B(SEPARATION) | B(COHESION) | B(ALIGNMENT);
    default: return 0;
    }
}

bool alScenario_Uses(alScenario s, alSetting what)
{
    uint32_t b = table[s].first | table[s].others;
    switch (what) {
    case AL_SET_MAX_SPEED:
    case AL_SET_MAX_FORCE: return true;
    case AL_SET_MASS: return !table[s].own_rules;
    case AL_SET_NEIGHBOUR: return table[s].own_rules || (b & alSetting_Behaviours(what)) != 0;
    case AL_SET_WEIGHTS: return b != 0;
    default: return (b & alSetting_Behaviours(what)) != 0;
    }
}

alScenario alScenario_FirstUsing(alSetting what)
{
    for (int s = 0; s < AL_SCN_COUNT; ++s)
        if (alScenario_Uses((alScenario)s, what)) return (alScenario)s;
    return AL_SCN_SEEK;
}

bool scenario_has_fov(alScenario sc) { return alScenario_Uses(sc, AL_SET_FOV); }

bool alSteering_Reacting(const alSteering *cs, int i)
{
    alSteering *s = (alSteering *)cs; // steer_neighbours reads only
    if (i < 0 || i >= s->n) return false;
    alScenario sc = s->def.scenario;
    uint32_t mask = alScenario_Behaviours(sc, i);
    const alVehicleParams *P = params_of(s, i);
    alVec2 pos = pos_of(&s->cur, i);
    float r2 = P->fov_radius * P->fov_radius;
    if (mask & B(FLEE)) {
        // The threat as scenario_force sees it (alSteer_Flee's own test).
        alVec2 threat = sc == AL_SCN_FCAS ? pos_of(&s->cur, 0) : s->target;
        if (alV2_DistSq(pos, near_image(&s->def.world, pos, threat)) <= r2) return true;
    }
    if (mask & B(EVADE)) {
        neighbours near;
        steer_neighbours(s, i, P->fov_radius, 1, &near);
        if (near.n > 0) return true;
    }
    return false;
}

bool alSteering_Hidden(const alSteering *s, int i)
{
    if (s->def.scenario != AL_SCN_HIDE || i <= 0 || i >= s->n) return false;
    const alWorld *w = &s->def.world;
    alVec2 p = pos_of(&s->cur, i), d = alV2_Sub(near_image(w, p, pos_of(&s->cur, 0)), p);
    float len2 = alV2_LengthSq(d);
    for (int k = 0; k < s->obstacle_count; ++k) {
        alVec2 o = near_image(w, p, s->obstacles[k].pos);
        // The segment's point nearest the obstacle's centre.
        float t = len2 > 0 ? alV2_Dot(alV2_Sub(o, p), d) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        float r = s->obstacles[k].radius;
        if (alV2_DistSq(alV2_Add(p, alV2_Scale(d, t)), o) < r * r) return true;
    }
    return false;
}

bool scenario_uses_grid(alScenario sc)
{
    if (sc == AL_SCN_BOIDS || sc == AL_SCN_FISH || sc == AL_SCN_PURSUIT_EVADE) return true;
    uint32_t need = B(SEPARATION) | B(COHESION) | B(ALIGNMENT) | B(COLLISION);
    return ((table[sc].first | table[sc].others) & need) != 0;
}

// ---------------------------------------------------------------------------
// The scene

static void default_path(alSteering *s)
{
    const alWorld *w = &s->def.world;
    s->path_count = 8;
    for (int k = 0; k < 8; ++k) {
        float a = 6.2831853f * (float)k / 8.0f;
        s->path[k] = alV2(w->width * (0.5f + 0.35f * alDet_Cosf(a)), w->height * (0.5f + 0.35f * alDet_Sinf(a)));
    }
}

static void place_obstacles(alSteering *s, int n)
{
    const alWorld *w = &s->def.world;
    float base = fminf(w->width, w->height) * 0.05f;
    s->obstacle_count = 0;
    for (int tries = 0; tries < 500 && s->obstacle_count < n; ++tries) {
        float r = base * alRng_Range(&s->scene_rng, 0.6f, 1.4f);
        // One draw per statement: the order of a call's arguments is
        // unspecified (GCC draws y first, clang x). y first, as GCC did.
        float py = alRng_Range(&s->scene_rng, 0.15f, 0.85f) * w->height;
        float px = alRng_Range(&s->scene_rng, 0.15f, 0.85f) * w->width;
        alVec2 p = alV2(px, py);
        bool clear = true;
        for (int k = 0; k < s->obstacle_count && clear; ++k) {
            float gap = s->obstacles[k].radius + r + 3 * base;
            clear = alV2_DistSq(p, s->obstacles[k].pos) > gap * gap;
        }
        if (clear) s->obstacles[s->obstacle_count++] = (alObstacle){p, r};
    }
}

static void make_walls(alSteering *s)
{
    const alWorld *w = &s->def.world;
    float m = fminf(w->width, w->height) * 0.04f;
    alVec2 a = alV2(m, m), b = alV2(w->width - m, m), c = alV2(w->width - m, w->height - m),
           d = alV2(m, w->height - m);
    s->walls[0] = alWall_Make(a, b);
    s->walls[1] = alWall_Make(b, c);
    s->walls[2] = alWall_Make(c, d);
    s->walls[3] = alWall_Make(d, a);
    // A low wall jutting in from the left, to make the feelers work.
    s->walls[4] = alWall_Make(alV2(m, w->height * 0.5f), alV2(w->width * 0.35f, w->height * 0.5f));
    s->wall_count = 5;
}

void scenario_setup(alSteering *s)
{
    const alWorld *w = &s->def.world;
    s->scene_rng = alRng_Stream(s->seed, 0x5ce4e);
    s->target = alV2(0.5f * w->width, 0.5f * w->height);
    if (s->def.path_count > 0) {
        s->path_count = s->def.path_count;
        memcpy(s->path, s->cfg_path, (size_t)s->path_count * sizeof *s->path);
    } else {
        default_path(s);
    }
    s->obstacle_count = 0;
    s->wall_count = 0;
    alScenario sc = s->def.scenario;
    if (sc == AL_SCN_OBSTACLES_WALLS) {
        place_obstacles(s, 7);
        make_walls(s);
    } else if (sc == AL_SCN_HIDE) {
        place_obstacles(s, 6);
    }
    if (s->flow.dir) flow_fill(&s->flow, &s->def.world, s->def.flow_scale, &s->scene_rng);
    s->fish_goal = s->target;
    scenario_place(s, 0);
}

void scenario_place(alSteering *s, int from)
{
    const alWorld *w = &s->def.world;
    alScenario sc = s->def.scenario;
    for (int i = from; i < s->n; ++i) {
        // Each vehicle's stream depends on (seed, index) only, so adding
        // vehicles or changing threads never changes the others.
        alRng r = alRng_Stream(s->seed, 0x100000000ull + (uint64_t)i);
        const alVehicleParams *P = params_of(s, i);
        alVec2 p;
        // Fish start in their area; boids with a return force inside its
        // radius (the seed: insideUnitSphere * 25); all else anywhere.
        // Separation starts packed in a disc at the centre, about one body
        // radius apart, so the crowd visibly spreads out.
        bool central = sc == AL_SCN_FISH || (sc == AL_SCN_BOIDS && s->def.boids.return_gain > 0) ||
                       sc == AL_SCN_SEPARATION;
        if (central) {
            float R = sc == AL_SCN_FISH    ? s->def.fish.area_radius
                    : sc == AL_SCN_BOIDS   ? s->def.boids.return_radius
                                           : fminf(P->radius * sqrtf((float)s->n), 0.45f * fminf(w->width, w->height));
            float a = alRng_Range(&r, 0, 6.2831853f), d = R * sqrtf(alRng_Float(&r));
            p = alV2(0.5f * w->width + d * alDet_Cosf(a), 0.5f * w->height + d * alDet_Sinf(a));
        } else {
            // Inside the walls when there are walls (they sit 4% in).
            float m = sc == AL_SCN_OBSTACLES_WALLS ? 0.1f : 0.05f;
            // y drawn first, then x (not as two arguments: see above)
            float py = alRng_Range(&r, m, 1 - m) * w->height;
            p = alV2(alRng_Range(&r, m, 1 - m) * w->width, py);
        }
        if (sc == AL_SCN_OBSTACLES_WALLS || sc == AL_SCN_HIDE) {
            // Start outside every obstacle.
            for (int k = 0; k < s->obstacle_count; ++k) {
                alVec2 d = alV2_Sub(p, s->obstacles[k].pos);
                float need = s->obstacles[k].radius + P->radius + 1;
                if (alV2_LengthSq(d) < need * need)
                    p = alV2_Add(s->obstacles[k].pos, alV2_Scale(alV2_Normalize(alV2_Add(d, alV2(1e-3f, 0))), need));
            }
        }
        alWorld_Confine(w, &p, NULL);
        float a = alRng_Range(&r, 0, 6.2831853f);
        alVec2 h = alV2_FromAngle(a);
        float speed;
        if (sc == AL_SCN_BOIDS) speed = P->max_speed; // the seed: random direction, full speed
        else if (sc == AL_SCN_FISH) speed = alRng_Range(&r, s->def.fish.min_speed, s->def.fish.max_speed);
        else speed = P->max_speed * alRng_Range(&r, 0.0f, 0.5f);
        alVec2 v = alV2_Scale(h, speed);
        s->cur.x[i] = p.x, s->cur.y[i] = p.y;
        s->cur.vx[i] = v.x, s->cur.vy[i] = v.y;
        s->cur.hx[i] = h.x, s->cur.hy[i] = h.y;
        s->wx[i] = 0, s->wy[i] = 0;
        alVec2 wt = alSteer_WanderStart(&P->wander, alRng_Range(&r, 0, 6.2831853f));
        s->wx[i] = wt.x, s->wy[i] = wt.y;
        s->path_idx[i] = 0;
        s->think_t[i] = alRng_Float(&r) * s->def.boids.think_interval; // randomised phase
        s->near_d2[i] = INFINITY; // no guess yet
        s->dvx[i] = v.x, s->dvy[i] = v.y;
        s->speed[i] = speed;
        s->rng[i] = r;
    }
    s->grid_fresh = false;
}

void scenario_tick(alSteering *s)
{
    if (s->def.scenario != AL_SCN_FISH) return;
    // The seed's manager: now and then, at random, move the shared goal.
    if (alRng_Float(&s->scene_rng) < s->def.fish.goal_probability) {
        const alWorld *w = &s->def.world;
        float R = s->def.fish.area_radius;
        float a = alRng_Range(&s->scene_rng, 0, 6.2831853f), d = R * sqrtf(alRng_Float(&s->scene_rng));
        s->fish_goal = alV2(0.5f * w->width + d * alDet_Cosf(a), 0.5f * w->height + d * alDet_Sinf(a));
    }
}

// ---------------------------------------------------------------------------
// The force of one vehicle

// Chance each behaviour is evaluated under prioritised dithering (Buckland's).
static const float dither_p[AL_B_COUNT] = {
    [AL_B_SEEK] = 0.8f,      [AL_B_FLEE] = 0.6f,       [AL_B_ARRIVE] = 0.5f,
    [AL_B_WANDER] = 0.8f,    [AL_B_PATH] = 0.7f,       [AL_B_SEPARATION] = 0.2f,
    [AL_B_COHESION] = 0.6f,  [AL_B_ALIGNMENT] = 0.3f,  [AL_B_PURSUIT] = 0.8f,
    [AL_B_EVADE] = 1.0f,     [AL_B_OFFSET_PURSUIT] = 0.8f, [AL_B_OBSTACLES] = 0.9f,
    [AL_B_WALLS] = 0.5f,     [AL_B_CONTAIN] = 0.9f,    [AL_B_HIDE] = 0.8f,
    [AL_B_INTERPOSE] = 0.8f, [AL_B_FLOW] = 0.8f,       [AL_B_COLLISION] = 0.9f,
};

// Priority order: what keeps a vehicle alive first, what it wants last.
static const alBehaviour priority[AL_B_COUNT] = {
    AL_B_WALLS,     AL_B_OBSTACLES, AL_B_CONTAIN,  AL_B_COLLISION, AL_B_SEPARATION, AL_B_EVADE,
    AL_B_FLEE,      AL_B_HIDE,      AL_B_ALIGNMENT, AL_B_COHESION, AL_B_PURSUIT,   AL_B_OFFSET_PURSUIT,
    AL_B_INTERPOSE, AL_B_SEEK,      AL_B_ARRIVE,   AL_B_PATH,      AL_B_FLOW,       AL_B_WANDER,
};

// The follower's place in a formation nine wide behind the leader.
static alVec2 formation_offset(int i, float spacing)
{
    int k = i - 1, row = k / 9, col = k % 9;
    return alV2(-(float)(row + 1) * spacing, (float)(col - 4) * spacing);
}

alVec2 scenario_force(alSteering *s, int i, float *dbg6)
{
    alScenario sc = s->def.scenario;
    if (sc == AL_SCN_FISH) return fish_force(s, i);
    const alWorld *w = &s->def.world;
    const alVehicleParams *P = params_of(s, i);
    uint32_t mask = alScenario_Behaviours(sc, i);
    alVec2 pos = pos_of(&s->cur, i), vel = vel_of(&s->cur, i), hd = heading_of(&s->cur, i);
    float ms = P->max_speed, speed = alV2_Length(vel);
    alVec2 f[AL_B_COUNT];
    memset(f, 0, sizeof f);

    neighbours nb;
    nb.n = 0;
    if (mask & (B(SEPARATION) | B(COHESION) | B(ALIGNMENT) | B(COLLISION)))
        steer_neighbours(s, i, s->query_radius, s->def.max_neighbours, &nb);
    if (mask & (B(SEPARATION) | B(COHESION) | B(ALIGNMENT))) {
        alFlockForces ff = steer_flock(s, i, &nb);
        f[AL_B_SEPARATION] = ff.separation;
        f[AL_B_COHESION] = ff.cohesion;
        f[AL_B_ALIGNMENT] = ff.alignment;
    }
    alVec2 target = near_image(w, pos, s->target);
    alVec2 p0 = near_image(w, pos, pos_of(&s->cur, 0)), v0 = vel_of(&s->cur, 0);
    if (mask & B(SEEK)) f[AL_B_SEEK] = alSteer_Seek(pos, vel, target, ms);
    if (mask & B(ARRIVE)) f[AL_B_ARRIVE] = alSteer_Arrive(pos, vel, target, ms, P->arrive_radius);
    if (mask & B(FLEE)) {
        // In FCAS the threat is the wandering first vehicle, else the target.
        alVec2 threat = sc == AL_SCN_FCAS ? p0 : target;
        f[AL_B_FLEE] = alSteer_Flee(pos, vel, threat, ms, P->fov_radius);
    }
    if (mask & B(WANDER)) {
        alVec2 lt = alV2(s->wx[i], s->wy[i]), wt;
        f[AL_B_WANDER] = alSteer_Wander(&s->rng[i], &lt, &P->wander, s->def.dt, pos, vel, hd, ms, &wt);
        s->wx[i] = lt.x, s->wy[i] = lt.y;
        if (i == 0) {
            s->wander_target0 = wt;
            s->wander_centre0 = alV2_Add(pos, alV2_Scale(hd, P->wander.distance));
        }
    }
    if (mask & B(PATH)) {
        alPath path = {s->path, s->path_count, s->def.path_loop};
        f[AL_B_PATH] = alSteer_FollowPath(&path, &s->path_idx[i], s->def.waypoint_distance,
                                          P->arrive_radius, pos, vel, ms);
    }
    if (mask & B(PURSUIT)) f[AL_B_PURSUIT] = alSteer_Pursuit(pos, vel, ms, p0, v0);
    if (mask & B(EVADE)) {
        // Evade the nearest pursuer.
        neighbours near;
        steer_neighbours(s, i, P->fov_radius, 1, &near);
        if (near.n > 0)
            f[AL_B_EVADE] = alSteer_Evade(pos, vel, ms, alV2_Add(pos, near.dpos[0]), near.vel[0], P->fov_radius);
    }
    if (mask & B(OFFSET_PURSUIT))
        f[AL_B_OFFSET_PURSUIT] = alSteer_OffsetPursuit(pos, vel, ms, P->arrive_radius, p0, v0,
                                                       heading_of(&s->cur, 0),
                                                       formation_offset(i, 4.0f * P->radius));
    if (mask & B(OBSTACLES))
        f[AL_B_OBSTACLES] = alSteer_AvoidObstacles(pos, hd, speed, P->radius, s->def.box_length,
                                                   s->obstacles, s->obstacle_count);
    if (mask & B(WALLS)) {
        // Feelers along where the vehicle goes: its heading lags a sharp
        // turn (turn_rate), and a vehicle sliding along a wall while heading
        // parallel to it felt nothing and slipped through.
        alVec2 dir = speed > 1e-3f ? alV2_Scale(vel, 1.0f / speed) : hd;
        f[AL_B_WALLS] = alSteer_AvoidWalls(pos, dir, s->def.feeler_length, s->walls, s->wall_count);
    }
    if (mask & B(CONTAIN))
        f[AL_B_CONTAIN] = alSteer_Contain(pos, w->width, w->height, s->def.contain_margin, P->max_force);
    if (mask & B(HIDE))
        f[AL_B_HIDE] = alSteer_Hide(pos, vel, ms, P->arrive_radius, p0, v0, s->obstacles, s->obstacle_count);
    if (mask & B(INTERPOSE)) {
        alVec2 p1 = near_image(w, pos, pos_of(&s->cur, 1 % s->n)), v1 = vel_of(&s->cur, 1 % s->n);
        f[AL_B_INTERPOSE] = alSteer_Interpose(pos, vel, ms, P->arrive_radius, p0, v0, p1, v1);
    }
    if (mask & B(FLOW) && s->flow.dir) f[AL_B_FLOW] = alSteer_FollowFlow(&s->flow, pos, vel, ms);
    if (mask & B(COLLISION)) {
        alVec2 op[AL_GRID_MAX_K], ov[AL_GRID_MAX_K];
        float orad[AL_GRID_MAX_K];
        for (int k = 0; k < nb.n; ++k) {
            op[k] = alV2_Add(pos, nb.dpos[k]);
            ov[k] = nb.vel[k];
            orad[k] = params_of(s, nb.idx[k])->radius;
        }
        f[AL_B_COLLISION] = alSteer_AvoidCollision(pos, vel, P->radius, P->max_force, op, ov, orad, nb.n, 2.0f);
    }
    if (dbg6) {
        float ws = P->weight[AL_B_SEPARATION], wc = P->weight[AL_B_COHESION], wa = P->weight[AL_B_ALIGNMENT];
        dbg6[0] = f[AL_B_SEPARATION].x * ws, dbg6[1] = f[AL_B_SEPARATION].y * ws;
        wc *= AL_STEER_GAIN, wa *= AL_STEER_GAIN;
        dbg6[2] = f[AL_B_COHESION].x * wc, dbg6[3] = f[AL_B_COHESION].y * wc;
        dbg6[4] = f[AL_B_ALIGNMENT].x * wa, dbg6[5] = f[AL_B_ALIGNMENT].y * wa;
    }
    alForceTerm terms[AL_B_COUNT];
    int n = 0;
    const uint32_t direct = B(SEPARATION) | B(OBSTACLES) | B(WALLS) | B(CONTAIN) | B(COLLISION);
    for (int k = 0; k < AL_B_COUNT; ++k) {
        alBehaviour b = priority[k];
        if (!(mask & (1u << b))) continue;
        float gain = (direct & (1u << b)) ? 1.0f : AL_STEER_GAIN;
        terms[n++] = (alForceTerm){alV2_Scale(f[b], gain), P->weight[b], dither_p[b]};
    }
    return alSteer_Combine(s->def.combine, terms, n, P->max_force, &s->rng[i]);
}
