// The steering playground's view: vehicles as one batch of oriented
// triangles, the scene (target, path, obstacles, walls, flow field, fish
// goal), teaching overlays (trails, FOV and radius circles, wander circle,
// force rays, grid cells), and the keys and mouse of the seed's playground.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/steering.h"
#include "count_ladder.h"
#include "view.h"

#define TRAIL_N 200 // vehicles with a trail (the first ones)
#define TRAIL_LEN 90 // samples per trail
#define RAYS_MAX 3000 // vehicles with force rays

#define COL_SEP AL_RGB(90, 220, 110)   // separation: green (seed 000)
#define COL_COH AL_RGB(230, 90, 230)   // cohesion: magenta
#define COL_ALI AL_RGB(90, 140, 255)   // alignment: blue
#define COL_GENERAL AL_RGB(120, 220, 130) // panel: general variables (seed: green)
#define COL_SPECIFIC AL_RGB(250, 210, 90) // panel: this behaviour's (seed: yellow)
#define COL_REACTING AL_RGB(255, 140, 60) // a vehicle that sees its threat
#define COL_FOV AL_RGBA(240, 90, 90, 170)  // the FOV circle (seed: red)
#define COL_MIDPOINT AL_RGB(240, 240, 240) // interpose's midpoint of the two wanderers
// The wander circle: pink, no circle's colour beside it (its seed's light
// green was nearly the separation circle's green in fcas, trial 2).
#define COL_WANDER AL_RGBA(255, 120, 200, 210)

typedef struct view_state {
    bool trails, circles, rays, cells;
    float trail_x[TRAIL_N][TRAIL_LEN], trail_y[TRAIL_N][TRAIL_LEN];
    int trail_head, trail_fill, trail_n;
    int64_t trail_tick;
    int drag_obstacle;  // obstacle being dragged, or -1
    bool drag_target;   // the target follows the mouse
    int weight;         // the behaviour weight W changes
    char say[160];      // last message for the panel
    char plot[32];      // the figure to plot (steering.plot, the lesson's)
    SDL_Rect chooser;   // where the scenario chooser was drawn (for clicks)
    int chooser_cols, chooser_row_h;
    uint32_t drawn;     // the marks (1 << mark) the last frame drew, for `state`
} view_state;

// The behaviours whose weights W and Q offer in scenario sc. Vehicle 1 may
// have the first's role (interpose's second wanderer): 2 is one of the others.
static uint32_t weight_mask(alScenario sc)
{
    return alScenario_Behaviours(sc, 0) | alScenario_Behaviours(sc, 2);
}

static bool several_weights(alScenario sc)
{
    uint32_t m = weight_mask(sc);
    return (m & (m - 1)) != 0;
}

static alSteering *sim(al_view_ctx *ctx) { return ctx->mod; }

// The flock's figures, by the names the run log stores (in the order of the
// steering.plot choices); the plot shows the one the lesson names.
static const char *const figure_names[] = {"order",  "mean_speed",      "nn_distance", "groups",
                                           "fleeing", "target_distance", "contacts",    NULL};
enum { FIGURES = sizeof figure_names / sizeof figure_names[0] - 1 };

static void *create(const al_view_ctx *ctx)
{
    view_state *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->circles = true;
    v->drag_obstacle = -1;
    int plot = ctx->session && ctx->session->cfg ? alConfig_Enum(ctx->session->cfg, "steering.plot") : 0;
    snprintf(v->plot, sizeof v->plot, "%s", figure_names[plot >= 0 && plot < FIGURES ? plot : 0]);
    const alSteering *s = ctx->mod;
    // Start on a weight the scenario uses.
    alSteeringView sv = alSteering_View(s);
    uint32_t mask = alScenario_Behaviours(sv.def->scenario, 0) | alScenario_Behaviours(sv.def->scenario, 1);
    for (int b = 0; b < AL_B_COUNT; ++b)
        if (mask & (1u << b)) {
            v->weight = b;
            break;
        }
    return v;
}

static void destroy(void *state) { free(state); }

// ---- update: trails ----------------------------------------------------------
static void update(al_view_ctx *ctx, int64_t ticks)
{
    view_state *v = ctx->state;
    if (!v || ticks <= 0) return;
    alSteeringView sv = alSteering_View(sim(ctx));
    if (sv.ticks == v->trail_tick) return;
    v->trail_tick = sv.ticks;
    int n = sv.count < TRAIL_N ? sv.count : TRAIL_N;
    if (n != v->trail_n) v->trail_fill = 0, v->trail_n = n; // vehicles added or removed
    int h = v->trail_head;
    for (int i = 0; i < n; ++i) {
        v->trail_x[i][h] = sv.x[i];
        v->trail_y[i][h] = sv.y[i];
    }
    v->trail_head = (h + 1) % TRAIL_LEN;
    if (v->trail_fill < TRAIL_LEN) v->trail_fill++;
}

// ---- draw --------------------------------------------------------------------
static void draw_flow(al_canvas *c, const alFlowField *f)
{
    for (int r = 0; r < f->rows; ++r)
        for (int k = 0; k < f->cols; ++k) {
            alVec2 o = alV2(((float)k + 0.5f) * f->cell_w, ((float)r + 0.5f) * f->cell_h);
            alVec2 d = alV2_Scale(f->dir[r * f->cols + k], 0.4f * fminf(f->cell_w, f->cell_h));
            al_batch_line(c->batch, c, alV2_Sub(o, d), alV2_Add(o, d), 1.0f, AL_RGBA(90, 110, 140, 160));
            al_batch_disc(c->batch, c, alV2_Add(o, d), 0.06f * f->cell_w, 6, AL_RGBA(90, 110, 140, 200));
        }
}

static void draw_cells(al_canvas *c, const alGrid *g)
{
    if (g->cell_w * c->scale < 4) return; // too fine to see
    SDL_Color col = AL_RGBA(60, 70, 90, 140);
    for (int k = 1; k < g->cols; ++k)
        al_batch_line(c->batch, c, alV2((float)k * g->cell_w, 0), alV2((float)k * g->cell_w, c->world.height), 1, col);
    for (int r = 1; r < g->rows; ++r)
        al_batch_line(c->batch, c, alV2(0, (float)r * g->cell_h), alV2(c->world.width, (float)r * g->cell_h), 1, col);
}

static void draw_trails(view_state *v, al_canvas *c)
{
    float half_w = 0.5f * c->world.width, half_h = 0.5f * c->world.height;
    for (int i = 0; i < v->trail_n; ++i)
        for (int k = 1; k < v->trail_fill; ++k) {
            int a = (v->trail_head - k + TRAIL_LEN) % TRAIL_LEN, b = (a - 1 + TRAIL_LEN) % TRAIL_LEN;
            alVec2 p = alV2(v->trail_x[i][a], v->trail_y[i][a]), q = alV2(v->trail_x[i][b], v->trail_y[i][b]);
            if (fabsf(p.x - q.x) > half_w || fabsf(p.y - q.y) > half_h) continue; // wrapped
            Uint8 alpha = (Uint8)(160 - 150 * k / TRAIL_LEN);
            al_batch_line(c->batch, c, p, q, i == 0 ? 2.0f : 1.0f,
                          i == 0 ? AL_RGBA(250, 210, 90, alpha) : AL_RGBA(150, 170, 200, alpha));
        }
}

static void draw_rays(al_canvas *c, const alSteeringView *sv, float body)
{
    if (!sv->sep_x) return;
    int n = sv->count < RAYS_MAX ? sv->count : RAYS_MAX;
    // One scale for all rays: the longest is eight body lengths.
    float longest = 1e-6f;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k)
            longest = fmaxf(longest, hypotf(sv->sep_x[6 * i + 2 * k], sv->sep_y[6 * i + 2 * k]));
    float scale = 8.0f * body / longest;
    SDL_Color cols[3] = {COL_SEP, COL_COH, COL_ALI};
    for (int i = 0; i < n; ++i) {
        alVec2 p = alV2(sv->x[i], sv->y[i]);
        for (int k = 0; k < 3; ++k) {
            alVec2 f = alV2(sv->sep_x[6 * i + 2 * k], sv->sep_y[6 * i + 2 * k]);
            if (f.x == 0 && f.y == 0) continue;
            al_batch_line(c->batch, c, p, alV2_Add(p, alV2_Scale(f, scale)), 1.5f, cols[k]);
        }
    }
}

// A circle of the world (a FOV, a neighbour radius), clipped to the world
// (as everything draw() draws); on a torus also its images across the edges, as the behaviours see
// through them. What is drawn is the outline of the region (the union of
// the images): an arc inside another image's disc is left out, so a FOV
// wider than the world shows no inner arcs.
static void draw_world_circle(al_canvas *c, alVec2 centre, float r, SDL_Color col)
{
    SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(c->r, col.r, col.g, col.b, col.a);
    float W = c->world.width, H = c->world.height;
    int k = c->world.edge == AL_EDGE_WRAP ? 1 : 0, m = 0;
    alVec2 img[9];
    for (int dy = -k; dy <= k; ++dy)
        for (int dx = -k; dx <= k; ++dx) {
            alVec2 o = alV2(centre.x + (float)dx * W, centre.y + (float)dy * H);
            // Only the images that reach into the world.
            if (o.x + r < 0 || o.x - r > W || o.y + r < 0 || o.y - r > H) continue;
            img[m++] = o;
        }
    enum { SEG = 160 };
    for (int a = 0; a < m; ++a) {
        SDL_FPoint prev = {0, 0};
        bool have = false;
        for (int i = 0; i <= SEG; ++i) {
            float t = 6.2831853f * (float)i / SEG;
            alVec2 q = alV2(img[a].x + r * cosf(t), img[a].y + r * sinf(t));
            bool covered = false;
            for (int b = 0; b < m && !covered; ++b)
                covered = b != a && alV2_DistSq(q, img[b]) < r * r * 0.9999f;
            SDL_FPoint pt = al_canvas_to_screen(c, q);
            if (!covered && have) SDL_RenderDrawLineF(c->r, prev.x, prev.y, pt.x, pt.y);
            prev = pt;
            have = !covered;
        }
    }
}

static SDL_Color vehicle_colour(alScenario sc, int i)
{
    if (i != 0 && !(sc == AL_SCN_INTERPOSE && i == 1)) return AL_COL_AGENT;
    switch (sc) {
    case AL_SCN_FCAS:
    case AL_SCN_HIDE:
    case AL_SCN_PURSUIT_EVADE: return AL_COL_BAD; // the threat / the quarry
    case AL_SCN_LEADER_FOLLOWING: return AL_COL_BEST;
    default: return AL_COL_WARN;
    }
}

// The marks the world can show, each with its line of the lesson's legend
// (L). The legend lists what scene_marks says the scenario draws now, and
// draw_on_world draws just those: the fish lesson listed red, orange and
// yellow vehicles and no goal ring.
enum {
    MK_FIRST, MK_THREAT, MK_LEADER, MK_OTHERS, MK_REACTING, MK_TARGET, MK_ARRIVE, MK_GOAL, MK_OBSTACLES,
    MK_WALLS, MK_BOX, MK_FOV, MK_RADII, MK_BOIDS_RADII, MK_BODY, MK_WANDER, MK_MIDPOINT, MK_FLOW, MK_PATH,
    MK_TRAILS, MK_FORCES, MK_GRID, MK_COUNT
};
static const char *const mark_lines[MK_COUNT] = {
    [MK_FIRST] = "yellow triangle  %s",
    [MK_THREAT] = "red triangle  %s",
    [MK_LEADER] = "orange triangle  the leader",
    [MK_OTHERS] = "grey triangles  %s",
    [MK_REACTING] = "orange triangles  vehicles that see their threat (the figure 'fleeing')",
    [MK_TARGET] = "red cross  the target (click to move it)",
    [MK_ARRIVE] = "blue circle  the arrive radius round the target: inside it vehicles slow down",
    [MK_GOAL] = "green ring  the school's goal: every so often it jumps and the school follows",
    [MK_OBSTACLES] = "grey discs  the obstacles (drag to move)",
    [MK_WALLS] = "light grey lines  the walls",
    [MK_BOX] = "yellow box  the first vehicle's detection box (longer the faster it goes)",
    // The circles say round what they are drawn and what their radius is
    // (fcas showed three circles the legend named "vehicle 2", unmarked).
    [MK_FOV] = "red circle  round the threat, the field of view's radius (Y): a vehicle inside it sees the "
               "threat and flees",
    [MK_RADII] = "blue / green circles  round one vehicle (the second), standing for all: its neighbour "
                 "radius (K), within which it flocks with others, and its separation radius, within which it "
                 "moves away from them",
    [MK_BOIDS_RADII] = "magenta / green circles  round one boid (the second), standing for all: its cohesion "
                       "radius and its separation distance",
    [MK_BODY] = "yellow circle  the first vehicle's body radius (V: circles off)",
    [MK_WANDER] = "pink circle  the wander circle and the point held on it",
    [MK_MIDPOINT] = "white ring  the midpoint of the two wanderers: the bodyguards close on it (target "
                    "distance: their mean distance to it)",
    [MK_FLOW] = "grey arrows  the flow field",
    [MK_PATH] = "blue line  the path (yellow dot: the next waypoint; click: add, right: remove)",
    [MK_TRAILS] = "yellow / grey lines  trails of the first vehicle / of the others (T)",
    [MK_FORCES] = "green / magenta / blue lines  separation, cohesion, alignment forces (D)",
    [MK_GRID] = "dark grey lines  the neighbour grid's cells (G)",
};
#define MK(k) (1u << (k))

// A mark's legend line in scenario sc: mark_lines, but in pursuit_evade the
// circle is the quarry's own field of view and the orange vehicle is the
// quarry seeing a pursuer, not a threat seen by the others (the legend said
// "round the threat ... sees the threat and flees", and the quarry is the
// one every other vehicle chases).
static const char *mark_line(alScenario sc, int k)
{
    if (sc == AL_SCN_PURSUIT_EVADE && k == MK_FOV)
        return "red circle  round the quarry, its field of view's radius (Y): when a pursuer is inside it, "
               "the quarry sees it and evades";
    if (sc == AL_SCN_PURSUIT_EVADE && k == MK_REACTING)
        return "orange triangle  the quarry while it sees a pursuer and evades (the figure 'fleeing')";
    return mark_lines[k];
}

// Which mark vehicle i is drawn as (its colour, vehicle_colour; reacting:
// it sees its threat).
static int vehicle_kind(alScenario sc, int i, bool reacting)
{
    SDL_Color col = vehicle_colour(sc, i), bad = AL_COL_BAD, best = AL_COL_BEST, agent = AL_COL_AGENT;
    if (reacting) return MK_REACTING;
    return memcmp(&col, &agent, sizeof col) == 0  ? MK_OTHERS
           : memcmp(&col, &bad, sizeof col) == 0  ? MK_THREAT
           : memcmp(&col, &best, sizeof col) == 0 ? MK_LEADER
                                                  : MK_FIRST;
}

// Whether the flee / fcas / pursuit_evade colouring of vehicles that see
// their threat is on.
static bool marks_reacting(const alSteeringView *sv)
{
    alScenario sc = sv->def->scenario;
    return (sc == AL_SCN_FLEE || sc == AL_SCN_FCAS || sc == AL_SCN_PURSUIT_EVADE) && sv->count <= 20000;
}

// What the world shows now (MK()'s of the marks above): the scenario's
// scene, its vehicles' colours and the overlays switched on.
static uint32_t scene_marks(al_view_ctx *ctx, const al_canvas *c)
{
    const view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    uint32_t m = 0;
    // Each vehicle's own colour (vehicle_kind): the first two and one of the
    // others stand for all; and orange, for those that see their threat,
    // wherever that colouring is on. The lines stay while vehicles change
    // colour (in flee the first vehicle's yellow line came and went with its
    // orange, every few frames).
    for (int i = 0; i < sv.count && i < 3; ++i)
        m |= MK(vehicle_kind(sc, i, false));
    if (marks_reacting(&sv)) m |= MK(MK_REACTING);
    if (sc == AL_SCN_SEEK || sc == AL_SCN_FLEE || sc == AL_SCN_ARRIVE) m |= MK(MK_TARGET);
    if (sc == AL_SCN_FISH) m |= MK(MK_GOAL);
    if (sc == AL_SCN_INTERPOSE && sv.count > 1) m |= MK(MK_MIDPOINT);
    if (sv.obstacle_count > 0) m |= MK(MK_OBSTACLES);
    if (sv.wall_count > 0) m |= MK(MK_WALLS);
    if (sv.flow) m |= MK(MK_FLOW);
    if (sc == AL_SCN_PATH || sc == AL_SCN_LEADER_FOLLOWING) m |= MK(MK_PATH);
    if (v && v->trails && v->trail_n > 0 && v->trail_fill > 1) m |= MK(MK_TRAILS);
    if (v && v->rays && sv.sep_x) m |= MK(MK_FORCES);
    if (v && v->cells && sv.grid && c && sv.grid->cell_w * c->scale >= 4) m |= MK(MK_GRID);
    if (v && v->circles && sv.count > 0) {
        m |= MK(MK_BODY);
        if (sc == AL_SCN_ARRIVE) m |= MK(MK_ARRIVE);
        if (sc == AL_SCN_FLEE || sc == AL_SCN_FCAS || sc == AL_SCN_PURSUIT_EVADE) m |= MK(MK_FOV);
        if (sv.count > 1 && (sc == AL_SCN_SEPARATION || sc == AL_SCN_COHESION || sc == AL_SCN_ALIGNMENT ||
                             sc == AL_SCN_FCAS))
            m |= MK(MK_RADII);
        if (sc == AL_SCN_BOIDS && sv.count > 1) m |= MK(MK_BOIDS_RADII);
        uint32_t m0 = alScenario_Behaviours(sc, 0);
        if (m0 & (1u << AL_B_WANDER)) m |= MK(MK_WANDER);
        if (m0 & (1u << AL_B_OBSTACLES)) m |= MK(MK_BOX);
    }
    return m;
}

static void draw_on_world(al_view_ctx *ctx, al_canvas *c)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    const alVehicleParams *P = sv.first;
    uint32_t shows = scene_marks(ctx, c), drawn = 0;
    if (sv.flow) draw_flow(c, sv.flow), drawn |= MK(MK_FLOW);
    if (shows & MK(MK_GRID)) draw_cells(c, sv.grid), drawn |= MK(MK_GRID);
    // The scene.
    for (int k = 0; k < sv.obstacle_count; ++k, drawn |= MK(MK_OBSTACLES))
        al_batch_disc(c->batch, c, sv.obstacles[k].pos, sv.obstacles[k].radius, 32,
                      v && v->drag_obstacle == k ? AL_RGB(90, 110, 150) : AL_RGB(64, 74, 96));
    for (int k = 0; k < sv.wall_count; ++k, drawn |= MK(MK_WALLS))
        al_batch_line(c->batch, c, sv.walls[k].a, sv.walls[k].b, 3, AL_RGB(150, 160, 180));
    bool uses_path = shows & MK(MK_PATH);
    if (uses_path) {
        drawn |= MK(MK_PATH);
        int n = sv.path_count;
        for (int k = 0; k + 1 < n || (sv.path_loop && k < n && n > 1); ++k)
            al_batch_line(c->batch, c, sv.path[k], sv.path[(k + 1) % n], 1.5f, AL_RGBA(110, 180, 255, 150));
        for (int k = 0; k < n; ++k)
            al_batch_disc(c->batch, c, sv.path[k], 4 / c->scale, 10,
                          k == sv.path_index0 ? AL_COL_WARN : AL_COL_ACCENT);
    }
    if (shows & MK(MK_TRAILS)) draw_trails(v, c), drawn |= MK(MK_TRAILS);
    // The vehicles: one triangle each, all in the same batch.
    float body = P->radius;
    al_batch_reserve(c->batch, 3 * sv.count);
    // Vehicles that see their threat (flee, fcas, pursuit_evade) in orange:
    // the ones the "fleeing" figure counts.
    bool mark = marks_reacting(&sv);
    for (int i = sv.count - 1; i >= 0; --i) {
        SDL_Color col = vehicle_colour(sc, i);
        bool reacts = mark && alSteering_Reacting(sim(ctx), i);
        if (reacts) col = COL_REACTING;
        if (i < 3) drawn |= MK(vehicle_kind(sc, i, false)); // its own colour, when it does not react
        if (mark) drawn |= MK(MK_REACTING); // the colouring is on, whoever has it now
        al_batch_tri(c->batch, c, alV2(sv.x[i], sv.y[i]), alV2(sv.hx[i], sv.hy[i]),
                     (i == 0 ? 3.0f : 2.5f) * (i == 0 ? P->radius : sv.others->radius), col);
    }
    if (shows & MK(MK_FORCES)) draw_rays(c, &sv, body), drawn |= MK(MK_FORCES);
    al_batch_draw(c);
    // Teaching overlays of the first vehicle and the target (thin outlines).
    alVec2 p0 = alV2(sv.x[0], sv.y[0]);
    if (shows & MK(MK_TARGET)) {
        float s = 8 / c->scale;
        al_draw_line(c, alV2_Sub(sv.target, alV2(s, 0)), alV2_Add(sv.target, alV2(s, 0)), AL_COL_BAD);
        al_draw_line(c, alV2_Sub(sv.target, alV2(0, s)), alV2_Add(sv.target, alV2(0, s)), AL_COL_BAD);
        drawn |= MK(MK_TARGET);
    }
    if (shows & MK(MK_ARRIVE)) {
        al_draw_circle(c, sv.target, P->arrive_radius, AL_RGBA(135, 206, 250, 160)); // seed: SkyBlue
        drawn |= MK(MK_ARRIVE);
    }
    if (shows & MK(MK_GOAL)) al_draw_circle(c, sv.fish_goal, 6 / c->scale, AL_COL_GOOD), drawn |= MK(MK_GOAL);
    if (shows & MK(MK_MIDPOINT)) {
        drawn |= MK(MK_MIDPOINT);
        // The midpoint of the two wanderers (through the edges: between
        // nearest images), which the bodyguards close on and the figure
        // "target distance" measures them from.
        alVec2 mid = alV2_Add(p0, alV2_Scale(alWorld_Delta(&c->world, p0, alV2(sv.x[1], sv.y[1])), 0.5f));
        alWorld_Confine(&c->world, &mid, NULL);
        al_draw_circle(c, mid, 7 / c->scale, COL_MIDPOINT);
        al_draw_disc(c, mid, 2 / c->scale, COL_MIDPOINT);
    }
    if (shows & MK(MK_BODY)) {
        // FOV (seed: a red circle round the threat): a vehicle reacts when the
        // threat is within its fov_radius, i.e. when it is inside this circle
        // of that radius round the threat: the target in flee, the wanderer
        // in fcas (the herd's FOV), the quarry's own in pursuit_evade.
        if (sc == AL_SCN_FLEE) draw_world_circle(c, sv.target, sv.others->fov_radius, COL_FOV);
        else if (sc == AL_SCN_FCAS) draw_world_circle(c, p0, sv.others->fov_radius, COL_FOV);
        else if (sc == AL_SCN_PURSUIT_EVADE) draw_world_circle(c, p0, P->fov_radius, COL_FOV);
        if (shows & MK(MK_FOV)) drawn |= MK(MK_FOV);
        if (shows & MK(MK_RADII)) {
            alVec2 p1 = alV2(sv.x[1], sv.y[1]);
            draw_world_circle(c, p1, sv.def->neighbour_radius, AL_RGBA(110, 180, 255, 120));
            draw_world_circle(c, p1, sv.def->separation_radius, AL_RGBA(90, 220, 110, 120));
            drawn |= MK(MK_RADII);
        }
        if (shows & MK(MK_BOIDS_RADII)) {
            alVec2 p1 = alV2(sv.x[1], sv.y[1]);
            draw_world_circle(c, p1, sv.def->boids.cohesion_radius, AL_RGBA(230, 90, 230, 120));
            draw_world_circle(c, p1, sv.def->boids.separation_distance, AL_RGBA(90, 220, 110, 120));
            drawn |= MK(MK_BOIDS_RADII);
        }
        al_draw_circle(c, p0, P->radius, AL_COL_WARN);
        drawn |= MK(MK_BODY);
        if (shows & MK(MK_WANDER)) {
            drawn |= MK(MK_WANDER);
            // Seed 001: the circle ahead and the target held on it.
            al_draw_circle(c, sv.wander_centre0, P->wander.radius, COL_WANDER);
            al_draw_line(c, p0, sv.wander_centre0, AL_RGBA(255, 120, 200, 130));
            al_draw_disc(c, sv.wander_target0, 3 / c->scale, AL_RGB(255, 255, 224));
        }
        if (shows & MK(MK_BOX)) {
            drawn |= MK(MK_BOX);
            // The detection box (its length grows with speed as in the behaviour).
            float speed = hypotf(sv.vx[0], sv.vy[0]);
            float len = sv.def->box_length * (1.0f + speed / (speed + 100.0f));
            alVec2 h = alV2(sv.hx[0], sv.hy[0]), side = alV2_Scale(alV2_Perp(h), P->radius);
            alVec2 a = alV2_Add(p0, side), b = alV2_Sub(p0, side);
            alVec2 a2 = alV2_Add(a, alV2_Scale(h, len)), b2 = alV2_Add(b, alV2_Scale(h, len));
            SDL_Color bc = AL_RGBA(250, 210, 90, 140);
            al_draw_line(c, a, a2, bc);
            al_draw_line(c, b, b2, bc);
            al_draw_line(c, a2, b2, bc);
        }
    }
    if (v) v->drawn = drawn;
}

// Everything of the world stays on its rectangle: a force ray, a wander or
// arrive circle near an edge is cut there, not drawn over the caption and
// the margin (the trial saw boids' rays there).
static void draw(al_view_ctx *ctx, al_canvas *c)
{
    if (!al_canvas_clip_world(c)) return;
    draw_on_world(ctx, c);
    SDL_RenderSetClipRect(c->r, &c->rect);
}

// ---- panel --------------------------------------------------------------------
// Whose parameter a key changes: the first vehicle, the others, or both.
enum { FIRST = 1, OTHERS = 2, ALL = 3 };

// Scenarios where the first vehicle has a role of its own (and its name, and
// the others'); elsewhere every vehicle is alike and a key changes them all.
static bool roles(alScenario sc, const char **first, const char **others)
{
    static const struct { alScenario sc; const char *first, *others; } r[] = {
        {AL_SCN_FCAS, "the wanderer", "the herd"},        {AL_SCN_PURSUIT_EVADE, "the quarry", "pursuers"},
        {AL_SCN_LEADER_FOLLOWING, "the leader", "followers"}, {AL_SCN_HIDE, "the hunter", "hiders"},
        {AL_SCN_INTERPOSE, "the wanderers", "bodyguards"},
    };
    for (size_t k = 0; k < sizeof r / sizeof r[0]; ++k)
        if (r[k].sc == sc) {
            if (first) *first = r[k].first;
            if (others) *others = r[k].others;
            return true;
        }
    return false;
}

// The vehicles a parameter belongs to: those whose behaviours (mask uses; 0
// for the general ones: speed, force, mass) need it. Without roles, all.
static int owners(alScenario sc, uint32_t uses)
{
    if (!roles(sc, NULL, NULL)) return ALL;
    if (uses == 0) return FIRST; // the role's own speed, force and mass
    // Vehicle 1 uses the others' parameters even where it has the first's
    // role (the second wanderer of interpose).
    uint32_t mo = alScenario_Behaviours(sc, 1) | alScenario_Behaviours(sc, 2);
    int o = ((alScenario_Behaviours(sc, 0) & uses) ? FIRST : 0) | ((mo & uses) ? OTHERS : 0);
    return o ? o : FIRST;
}

// What the scenario's vehicles read (alScenario_Uses, from the scenario table).
static bool uses(alScenario sc, alSetting what) { return alScenario_Uses(sc, what); }
static uint32_t readers(alSetting what) { return alSetting_Behaviours(what); }

// "  (the herd)" after a value, when the key changes only some vehicles.
static const char *whose(alScenario sc, int o)
{
    const char *f = "", *r = "";
    if (!roles(sc, &f, &r) || o == ALL) return "";
    static char buf[48];
    snprintf(buf, sizeof buf, "  (%s)", o == FIRST ? f : r);
    return buf;
}

// The parameters a key shows: the first vehicle's when it changes them.
static const alVehicleParams *shown(const alSteeringView *sv, int o)
{
    return (o & FIRST) ? sv->first : sv->others;
}

// Who sees their threat now: the orange vehicles drawn. The report's
// "fleeing" is a snapshot of its last tick, up to a report period old.
// Vehicles for which is(s, i) holds now, as drawn (not as last reported):
// those reacting to their threat ("fleeing"), those hiding ("hidden").
static int count_now(al_view_ctx *ctx, bool (*is)(const alSteering *, int))
{
    alSteeringView sv = alSteering_View(sim(ctx));
    int n = 0;
    for (int i = 0; i < sv.count; ++i)
        n += is(sim(ctx), i);
    return n;
}

static int fleeing_now(al_view_ctx *ctx) { return count_now(ctx, alSteering_Reacting); }

// The flock's figures two to a line ("order 0.750   mean speed 18.7") when
// the pairs fit the panel, else one a line: a line each pushed the Keys
// section below the fold at 1280x800 (hide, fcas, pursuit_evade).
static void figure_pairs(al_panel *p, const char *const *lab, char (*val)[32], int n)
{
    int gap = al_text_width(p->font, "   "), lw = 0, vw = al_text_width(p->font, "0.000");
    for (int i = 0; i < n; ++i) {
        int a = al_text_width(p->font, lab[i]), b = al_text_width(p->font, val[i]);
        if (a > lw) lw = a;
        if (b > vw) vw = b;
    }
    int col = lw + gap / 2 + vw + gap;
    if (2 * col > p->width) {
        for (int i = 0; i < n; ++i)
            al_panel_kv(p, lab[i], "%s", val[i]);
        return;
    }
    int lh = al_font_height(p->font); // al_panel_kv's line
    for (int i = 0; i < n; i += 2) {
        SDL_Rect row = al_panel_area(p, lh);
        if (row.h == 0) return; // said cut by the panel
        for (int k = i; k < n && k < i + 2; ++k) {
            float x = (float)(row.x + (k - i) * (p->width / 2));
            al_draw_text_px(p->r, p->font, x, (float)row.y, AL_COL_DIM, lab[k]);
            al_draw_text_px(p->r, p->font, x + (float)(lw + gap / 2), (float)row.y, AL_COL_TEXT, val[k]);
        }
    }
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    al_panel_heading(p, "Scenario (click one, or [ ])");
    al_panel_wrap(p, p->small, AL_COL_DIM, alScenario_Title(sc), 2); // 720 px wide: boids' needs two
    // The chooser: every scenario's name in three columns, the current lit.
    enum { COLS = 3 };
    int row_h = al_font_height(p->small) + 2, rows = (AL_SCN_COUNT + COLS - 1) / COLS;
    SDL_Rect area = al_panel_area(p, rows * row_h + 4);
    if (v) {
        v->chooser = area;
        v->chooser_cols = COLS;
        v->chooser_row_h = row_h;
    }
    if (area.h > 0) {
        int col_w = area.w / COLS;
        for (int k = 0; k < AL_SCN_COUNT; ++k) {
            float x = (float)(area.x + (k / rows) * col_w), y = (float)(area.y + (k % rows) * row_h);
            al_draw_text_px(p->r, p->small, x, y, k == (int)sc ? AL_COL_WARN : AL_COL_DIM,
                            alScenario_Name((alScenario)k));
        }
    }
    // Every key says whose value it changes, and shows that value.
    al_panel_heading(p, roles(sc, NULL, NULL) ? "Vehicles (key: more, Shift+key: less)"
                                              : "All vehicles (key: more, Shift+key: less)");
    int og = owners(sc, 0);
    const alVehicleParams *G = shown(&sv, og);
    // Each value also changes with the wheel or a drag on it (al_panel_value).
    al_panel_value(p, COL_GENERAL, "max_speed", G->max_speed, SDLK_s, 0, "S max speed     %.3g%s",
                   (double)G->max_speed, whose(sc, og));
    al_panel_value(p, COL_GENERAL, "max_force", G->max_force, SDLK_a, 0, "A max force     %.3g%s",
                   (double)G->max_force, whose(sc, og));
    if (uses(sc, AL_SET_MASS))
        al_panel_value(p, COL_GENERAL, "mass", G->mass, SDLK_m, 0, "M mass          %.3g%s",
                       (double)G->mass, whose(sc, og));
    if (uses(sc, AL_SET_FOV)) {
        int o = owners(sc, readers(AL_SET_FOV));
        double fov = shown(&sv, o)->fov_radius;
        al_panel_value(p, COL_SPECIFIC, "fov_radius", fov, SDLK_y, 0, "Y FOV radius    %.3g%s", fov, whose(sc, o));
    }
    if (uses(sc, AL_SET_ARRIVE)) {
        int o = owners(sc, readers(AL_SET_ARRIVE));
        double ar = shown(&sv, o)->arrive_radius;
        al_panel_value(p, COL_SPECIFIC, "arrive_radius", ar, SDLK_u, 0, "U arrive radius %.3g%s", ar, whose(sc, o));
    }
    if (uses(sc, AL_SET_WANDER)) {
        int o = owners(sc, readers(AL_SET_WANDER));
        const alVehicleParams *Q = shown(&sv, o);
        al_panel_value(p, COL_SPECIFIC, "wander_radius", Q->wander.radius, SDLK_i, 0, "I wander radius %.3g%s",
                       (double)Q->wander.radius, whose(sc, o));
        al_panel_value(p, COL_SPECIFIC, "wander_distance", Q->wander.distance, SDLK_o, 0,
                       "O wander dist.  %.3g%s", (double)Q->wander.distance, whose(sc, o));
        al_panel_value(p, COL_SPECIFIC, "wander_jitter", Q->wander.jitter, SDLK_p, 0, "P wander jitter %.3g%s",
                       (double)Q->wander.jitter, whose(sc, o));
    }
    if (uses(sc, AL_SET_NEIGHBOUR)) {
        double nr = alSteering_NeighbourRadius(sim(ctx));
        al_panel_value(p, COL_SPECIFIC, "neighbour_radius", nr, SDLK_k, 0, "K neighbour radius %.3g", nr);
    }
    if (uses(sc, AL_SET_WEIGHTS)) {
        int b = v ? v->weight : 0, o = owners(sc, 1u << b);
        char name[24];
        snprintf(name, sizeof name, "weight_%s", alBehaviour_Name((alBehaviour)b));
        double wb = shown(&sv, o)->weight[b];
        al_panel_value(p, COL_SPECIFIC, name, wb, SDLK_w, 0, "W weight %-10s %.3g%s%s",
                       alBehaviour_Name((alBehaviour)b), wb, several_weights(sc) ? "  (Q: next)" : "",
                       whose(sc, o));
    }
    al_panel_heading(p, "Flock");
    al_panel_value_kv(p, "vehicles", sv.count, SDLK_PERIOD, SDLK_COMMA, "vehicles (. ,)", "%d", sv.count);
    alGenStats g;
    bool have = alSteering_LastStats(sim(ctx), &g);
    bool fov = uses(sc, AL_SET_FOV);
    {
        // Each figure under its stored name (the plot's title names the
        // plotted one; Tab changes it); "..." before the first report, so
        // nothing below moves.
        static const struct { const char *name, *label, *fmt; } figs[] = {
            {"order", "order (0..1)", "%.3f"}, {"mean_speed", "mean speed", "%.3g"},
            {"nn_distance", "nn distance", "%.3g"}, {"groups", "groups", "%.0f"},
            {"fleeing", "fleeing", "%.0f"}, {"target_distance", "target distance", "%.3g"},
            {"contacts", "contacts", "%.0f"}, {"hidden", "hidden", "%.0f"},
        };
        enum { NF = sizeof figs / sizeof figs[0] };
        char val[NF][32];
        const char *lab[NF];
        int n = 0;
        for (size_t r = 0; r < NF; ++r) {
            if (r == 4 && !fov) continue;
            bool target = sc == AL_SCN_PURSUIT_EVADE || sc == AL_SCN_LEADER_FOLLOWING || sc == AL_SCN_INTERPOSE;
            if ((r == 5 && !target) || (r == 6 && sc != AL_SCN_COLLISION) || (r == 7 && sc != AL_SCN_HIDE)) continue;
            int found = -1;
            for (int k = 0; have && k < g.figure_count; ++k)
                if (strcmp(g.figure_names[k], figs[r].name) == 0) found = k;
            lab[n] = figs[r].label;
            if (r == 4) snprintf(val[n], sizeof val[n], "%d", fleeing_now(ctx));
            else if (r == 7) snprintf(val[n], sizeof val[n], "%d of %d", count_now(ctx, alSteering_Hidden), sv.count - 1);
            else if (found >= 0) snprintf(val[n], sizeof val[n], figs[r].fmt, g.figures[found]);
            else snprintf(val[n], sizeof val[n], AL_ELLIPSIS); // not measured yet
            n++;
        }
        figure_pairs(p, lab, val, n);
    }
    if (v) {
        // One line of toggles: lit when on.
        al_panel_text(p, AL_COL_DIM, "show: %s %s %s %s", v->trails ? "[T trails]" : "T trails",
                      v->circles ? "[V circles]" : "V circles", v->rays ? "[D forces]" : "D forces",
                      v->cells ? "[G grid]" : "G grid");
        if (v->say[0]) al_panel_note(p, "%s", v->say);
    }
}

// ---- events -------------------------------------------------------------------
static void scale_param(float *x, bool less, float lo, float hi)
{
    float f = less ? 1.0f / 1.15f : 1.15f;
    float nx = *x * f;
    if (*x == 0 && !less) nx = lo > 0 ? lo : 0.1f;
    *x = fminf(fmaxf(nx, lo), hi);
}

// One key's change to one parameter set.
static bool change(alVehicleParams *p, SDL_Keycode k, bool less, int weight)
{
    switch (k) {
    case SDLK_s: scale_param(&p->max_speed, less, 0.1f, 1e5f); break;
    case SDLK_a: scale_param(&p->max_force, less, 0.1f, 1e6f); break;
    case SDLK_m: scale_param(&p->mass, less, 0.05f, 1000); break;
    case SDLK_y: scale_param(&p->fov_radius, less, 1, 1e5f); break;
    case SDLK_u: scale_param(&p->arrive_radius, less, 1, 1e5f); break;
    case SDLK_i: scale_param(&p->wander.radius, less, 0.5f, 1e4f); break;
    case SDLK_o: scale_param(&p->wander.distance, less, 0, 1e4f); break;
    case SDLK_p: scale_param(&p->wander.jitter, less, 0, 1e5f); break;
    case SDLK_w:
        if (weight < 0) return false;
        scale_param(&p->weight[weight], less, 0, 1000);
        if (less && p->weight[weight] < 0.02f) p->weight[weight] = 0;
        break;
    default: return false;
    }
    return true;
}

// The parameter keys: the setting each changes (alScenario_Uses says which
// scenarios read it) and its name for the run's record and the strip.
static const struct param_key {
    SDL_Keycode k;
    alSetting set;
    const char *name;
} param_keys[] = {
    {SDLK_s, AL_SET_MAX_SPEED, "max speed"},      {SDLK_a, AL_SET_MAX_FORCE, "max force"},
    {SDLK_m, AL_SET_MASS, "mass"},                {SDLK_y, AL_SET_FOV, "field of view"},
    {SDLK_u, AL_SET_ARRIVE, "arrive radius"},     {SDLK_i, AL_SET_WANDER, "wander radius"},
    {SDLK_o, AL_SET_WANDER, "wander distance"},   {SDLK_p, AL_SET_WANDER, "wander jitter"},
    {SDLK_k, AL_SET_NEIGHBOUR, "neighbour radius"}, {SDLK_w, AL_SET_WEIGHTS, "behaviour weight"},
    {SDLK_q, AL_SET_WEIGHTS, "choose a behaviour weight"},
};

static const struct param_key *param_key_of(SDL_Keycode k)
{
    for (size_t i = 0; i < sizeof param_keys / sizeof param_keys[0]; ++i)
        if (param_keys[i].k == k) return &param_keys[i];
    return NULL;
}

// What a parameter key changed, for the run's record: the parameter and
// whose ("field of view of all vehicles changed", "max speed of the herd").
static const char *edit_name(alScenario sc, const struct param_key *pk, int o)
{
    const char *f = "", *r = "";
    static char buf[64];
    if (!roles(sc, &f, &r) || o == ALL) snprintf(buf, sizeof buf, "%s of all vehicles changed", pk->name);
    else snprintf(buf, sizeof buf, "%s of %s changed", pk->name, o == FIRST ? f : r);
    return buf;
}

// The parameter keys: each changes the vehicles whose behaviour uses the
// parameter (all of them where no vehicle has a role of its own), so what
// the panel shows is what those vehicles use.
static bool change_params(al_view_ctx *ctx, const struct param_key *pk, bool less)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    uint32_t who = pk->set == AL_SET_WEIGHTS ? (v ? 1u << v->weight : 0) : readers(pk->set);
    int o = owners(sc, who), weight = v ? v->weight : -1;
    alVehicleParams f = *sv.first, r = *sv.others;
    if (!change(&f, pk->k, less, weight)) return false;
    change(&r, pk->k, less, weight); // the same factor: sets that were equal stay equal
    alError err = {0};
    if (alSteering_SetParams(sim(ctx), (o & FIRST) ? &f : NULL, (o & OTHERS) ? &r : NULL, &err) != AL_OK && v)
        snprintf(v->say, sizeof v->say, "%.150s", err.msg);
    else al_view_mark_edited(ctx, edit_name(sc, pk, o));
    return true;
}

// A key whose setting the scenario does not read changes nothing (nothing
// hidden, no edit recorded): it says so on the strip, and where it acts.
static void say_unused(al_view_ctx *ctx, alScenario sc, const struct param_key *pk)
{
    char who[48];
    if (sc == AL_SCN_BOIDS || sc == AL_SCN_FISH) snprintf(who, sizeof who, "%s", alScenario_Name(sc));
    else snprintf(who, sizeof who, "%s vehicles", alScenario_Name(sc));
    al_view_say(ctx, "%c: %s; %s have none; it acts in %s", (char)(pk->k - 'a' + 'A'), pk->name, who,
                alScenario_Name(alScenario_FirstUsing(pk->set)));
}

// Q: the next (Shift: previous) behaviour weight the scenario uses.
static void next_weight(al_view_ctx *ctx, view_state *v, alScenario sc, bool back)
{
    uint32_t mask = weight_mask(sc);
    if (!several_weights(sc)) {
        al_view_say(ctx, "Q: the %s scenario has one behaviour weight, %s (W changes it): there is no other to choose",
                    alScenario_Name(sc), alBehaviour_Name((alBehaviour)v->weight));
        return;
    }
    for (int step = 1; step <= AL_B_COUNT; ++step) {
        int b = (v->weight + (back ? AL_B_COUNT - step : step)) % AL_B_COUNT;
        if (mask & (1u << b)) {
            v->weight = b;
            return;
        }
    }
}

static void choose(al_view_ctx *ctx, int scenario)
{
    char set[64];
    snprintf(set, sizeof set, "steering.scenario=%s", alScenario_Name((alScenario)scenario));
    al_view_request_restart(ctx, set); // a new run, logged with its scenario
}

// The vehicle count . (up) or , gives: the next rung of the ladder through
// the count the run opened with (count_ladder.h), up to the schema's most.
static int vehicles_step(alSteeringView sv, bool up)
{
    const alKeyDef *k = alSchema_Find("steering.vehicles");
    return al_count_ladder_step(sv.def->vehicles, k ? (int)k->max : sv.count, sv.count, up);
}

static bool key(al_view_ctx *ctx, const SDL_KeyboardEvent *e)
{
    view_state *v = ctx->state;
    SDL_Keycode k = e->keysym.sym;
    bool shift = (e->keysym.mod & KMOD_SHIFT) != 0;
    if (e->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return false;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    const struct param_key *pk = param_key_of(k);
    if (pk && !uses(sc, pk->set)) {
        say_unused(ctx, sc, pk);
        return true;
    }
    switch (k) {
    case SDLK_LEFTBRACKET:
    case SDLK_RIGHTBRACKET: {
        choose(ctx, ((int)sc + (k == SDLK_RIGHTBRACKET ? 1 : AL_SCN_COUNT - 1)) % AL_SCN_COUNT);
        return true;
    }
    case SDLK_PERIOD:
    case SDLK_INSERT: {
        int to = vehicles_step(sv, true);
        if (to == sv.count) {
            al_view_say(ctx, ".: %d vehicles is the most (steering.vehicles)", sv.count);
            return true;
        }
        if (!alSteering_AddVehicles(sim(ctx), to - sv.count) && v) snprintf(v->say, sizeof v->say, "out of memory");
        al_view_mark_edited(ctx, "vehicles added");
        return true;
    }
    case SDLK_k: {
        float r = alSteering_NeighbourRadius(sim(ctx)) * (shift ? 1.0f / 1.15f : 1.15f);
        alError err = {0};
        if (alSteering_SetNeighbourRadius(sim(ctx), r, &err) != AL_OK) {
            if (v) snprintf(v->say, sizeof v->say, "%.150s", err.msg);
        } else {
            al_view_mark_edited(ctx, "neighbour radius of all vehicles changed");
        }
        return true;
    }
    case SDLK_COMMA:
    case SDLK_DELETE: { // the inverse of . at every rung
        int to = vehicles_step(sv, false);
        if (to == sv.count) {
            al_view_say(ctx, ",: one vehicle is the fewest");
            return true;
        }
        alSteering_RemoveVehicles(sim(ctx), sv.count - to);
        al_view_mark_edited(ctx, "vehicles removed");
        return true;
    }
    default: break;
    }
    if (v) {
        switch (k) {
        case SDLK_t: v->trails = !v->trails, v->trail_fill = 0; return true;
        case SDLK_v: v->circles = !v->circles; return true;
        case SDLK_d:
            v->rays = !v->rays;
            alSteering_RecordForces(sim(ctx), v->rays);
            return true;
        case SDLK_g: v->cells = !v->cells; return true;
        case SDLK_q: next_weight(ctx, v, sc, shift); return true;
        default: break;
        }
    }
    return pk && change_params(ctx, pk, shift);
}

// A click on the panel's chooser: the scenario under it, or -1.
static int chooser_hit(const view_state *v, int x, int y)
{
    const SDL_Rect *r = &v->chooser;
    if (r->h <= 0 || x < r->x || y < r->y || x >= r->x + r->w || y >= r->y + r->h) return -1;
    int rows = (AL_SCN_COUNT + v->chooser_cols - 1) / v->chooser_cols;
    int col = (x - r->x) / (r->w / v->chooser_cols), row = (y - r->y) / v->chooser_row_h;
    int k = col * rows + row;
    return row < rows && k < AL_SCN_COUNT ? k : -1;
}

static bool event(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c)
{
    view_state *v = ctx->state;
    alSteering *s = sim(ctx);
    alScenario sc = alSteering_View(s).def->scenario;
    switch (e->type) {
    case SDL_KEYDOWN: return key(ctx, &e->key);
    case SDL_MOUSEBUTTONDOWN: {
        int pick = v && e->button.button == SDL_BUTTON_LEFT ? chooser_hit(v, e->button.x, e->button.y) : -1;
        if (pick >= 0) {
            if (pick != (int)sc) choose(ctx, pick);
            return true;
        }
        if (!al_canvas_hit(c, e->button.x, e->button.y)) return false;
        alVec2 w = al_canvas_to_world(c, (float)e->button.x, (float)e->button.y);
        bool uses_path = sc == AL_SCN_PATH || sc == AL_SCN_LEADER_FOLLOWING;
        if (e->button.button == SDL_BUTTON_RIGHT) {
            if (uses_path) {
                alSteering_RemoveWaypoint(s, w, 12 / c->scale);
                al_view_mark_edited(ctx, "path changed");
            }
            return true;
        }
        if (e->button.button != SDL_BUTTON_LEFT) return false;
        int ob = alSteering_ObstacleAt(s, w);
        if (ob >= 0 && v) {
            v->drag_obstacle = ob;
        } else if (uses_path) {
            if (!alSteering_AddWaypoint(s, w) && v) snprintf(v->say, sizeof v->say, "the path is full");
            al_view_mark_edited(ctx, "path changed");
        } else {
            alSteering_SetTarget(s, w);
            al_view_mark_edited(ctx, "target moved");
            if (v) v->drag_target = true;
        }
        return true;
    }
    case SDL_MOUSEMOTION: {
        if (!v || (v->drag_obstacle < 0 && !v->drag_target)) return false;
        alVec2 w = al_canvas_to_world(c, (float)e->motion.x, (float)e->motion.y);
        if (v->drag_obstacle >= 0) alSteering_MoveObstacle(s, v->drag_obstacle, w);
        else alSteering_SetTarget(s, w);
        al_view_mark_edited(ctx, v->drag_obstacle >= 0 ? "obstacle moved" : "target moved");
        return true;
    }
    case SDL_MOUSEBUTTONUP:
        if (!v || (v->drag_obstacle < 0 && !v->drag_target)) return false;
        v->drag_obstacle = -1;
        v->drag_target = false;
        return true;
    default: return false;
    }
}

static const char *plotted(al_view_ctx *ctx)
{
    const view_state *v = ctx->state;
    return v ? v->plot : NULL;
}

// For the --script harness's state: the vehicles and the first one's variables.
static void report(al_view_ctx *ctx, al_view_report *r)
{
    alSteeringView sv = alSteering_View(sim(ctx));
    r->agents = sv.count;
    al_view_report_figure(r, "max_speed", (double)sv.first->max_speed);
    al_view_report_figure(r, "max_force", (double)sv.first->max_force);
    al_view_report_figure(r, "mass", (double)sv.first->mass);
    alScenario sc = sv.def->scenario;
    if (uses(sc, AL_SET_FOV))
        al_view_report_figure(r, "fleeing", fleeing_now(ctx)); // as drawn, not as last reported
    if (sc == AL_SCN_HIDE) al_view_report_figure(r, "hidden", count_now(ctx, alSteering_Hidden));
    // The legend's marks (L) and those the last frame drew, as bits of the
    // mark list (mark_lines): a test checks they are the same.
    view_state *v = ctx->state;
    uint32_t listed = scene_marks(ctx, NULL) | (v ? v->drawn & MK(MK_GRID) : 0);
    al_view_report_figure(r, "marks_listed", (double)listed);
    al_view_report_figure(r, "marks_drawn", v ? (double)v->drawn : -1.0);
}

// The lesson's legend: a line for each mark the world shows now.
static void legend_now(al_view_ctx *ctx, char *out, size_t cap)
{
    out[0] = '\0';
    if (!ctx->mod) return;
    alSteeringView sv = alSteering_View(sim(ctx));
    const char *first = "the first vehicle", *others = "the other vehicles";
    roles(sv.def->scenario, &first, &others);
    uint32_t m = scene_marks(ctx, NULL);
    const view_state *v = ctx->state;
    if (v) m |= v->drawn & MK(MK_GRID); // drawn only when its cells are big enough to see
    for (int k = 0; k < MK_COUNT; ++k) {
        if (!(m & MK(k))) continue;
        size_t n = strlen(out);
        char line[300];
        snprintf(line, sizeof line, mark_line(sv.def->scenario, k), k == MK_OTHERS ? others : first);
        snprintf(out + n, cap - n, "%s%s", n ? "\n" : "", line);
    }
}

const al_view al_view_steering = {
    .module = "steering",
    .ticks_per_frame = 1,
    .keys_help = "[ ]  previous / next scenario\n"
                 "S A M  max speed, max force, mass (Shift: less)\n"
                 "Y U  FOV radius, arrive radius (of the vehicles using them)\n"
                 "K  neighbour radius (flocks: boids, fish, separation ...)\n"
                 "I O P  wander radius, distance, jitter\n"
                 "Q W  choose a behaviour weight (Shift+Q: back), change it\n"
                 ". , Ins Del  add 10% of the vehicles / remove 1/11 (undoes .)\n"
                 "T V D G  trails, circles, forces, grid (on / off)\n"
                 "mouse  target / drag obstacle / add waypoint, right: remove",
    .plot_y = "order parameter per report period",
    .plot_x = "seconds (report periods)",
    .plot_default = "order",
    .plotted = plotted,
    // What the marks mean: the ones the world shows now (scene_marks).
    .marks = legend_now,
    .no_table = true,
    .create = create,
    .destroy = destroy,
    .update = update,
    .draw = draw,
    .panel = panel,
    .event = event,
    .report = report,
};
