// The steering playground's view: vehicles as one batch of oriented
// triangles, the scene (target, path, obstacles, walls, flow field, fish
// goal), teaching overlays (trails, FOV and radius circles, wander circle,
// force rays, grid cells), and the keys and mouse of the seed's playground.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/steering.h"
#include "view.h"

#define TRAIL_N 200 // vehicles with a trail (the first ones)
#define TRAIL_LEN 90 // samples per trail
#define RAYS_MAX 3000 // vehicles with force rays

#define COL_SEP AL_RGB(90, 220, 110)   // separation: green (seed 000)
#define COL_COH AL_RGB(230, 90, 230)   // cohesion: magenta
#define COL_ALI AL_RGB(90, 140, 255)   // alignment: blue
#define COL_GENERAL AL_RGB(120, 220, 130) // panel: general variables (seed: green)
#define COL_SPECIFIC AL_RGB(250, 210, 90) // panel: this behaviour's (seed: yellow)

typedef struct view_state {
    bool trails, circles, rays, cells;
    float trail_x[TRAIL_N][TRAIL_LEN], trail_y[TRAIL_N][TRAIL_LEN];
    int trail_head, trail_fill, trail_n;
    int64_t trail_tick;
    int drag_obstacle;  // obstacle being dragged, or -1
    bool drag_target;   // the target follows the mouse
    int weight;         // the behaviour weight W changes
    char say[160];      // last message for the panel
    SDL_Rect chooser;   // where the scenario chooser was drawn (for clicks)
    int chooser_cols, chooser_row_h;
} view_state;

static alSteering *sim(al_view_ctx *ctx) { return ctx->mod; }

static void *create(const al_view_ctx *ctx)
{
    view_state *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->circles = true;
    v->drag_obstacle = -1;
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

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    const alVehicleParams *P = sv.first;
    if (sv.flow) draw_flow(c, sv.flow);
    if (v && v->cells && sv.grid) draw_cells(c, sv.grid);
    // The scene.
    for (int k = 0; k < sv.obstacle_count; ++k)
        al_batch_disc(c->batch, c, sv.obstacles[k].pos, sv.obstacles[k].radius, 32,
                      v && v->drag_obstacle == k ? AL_RGB(90, 110, 150) : AL_RGB(64, 74, 96));
    for (int k = 0; k < sv.wall_count; ++k)
        al_batch_line(c->batch, c, sv.walls[k].a, sv.walls[k].b, 3, AL_RGB(150, 160, 180));
    bool uses_path = sc == AL_SCN_PATH || sc == AL_SCN_LEADER_FOLLOWING;
    if (uses_path) {
        int n = sv.path_count;
        for (int k = 0; k + 1 < n || (sv.path_loop && k < n && n > 1); ++k)
            al_batch_line(c->batch, c, sv.path[k], sv.path[(k + 1) % n], 1.5f, AL_RGBA(110, 180, 255, 150));
        for (int k = 0; k < n; ++k)
            al_batch_disc(c->batch, c, sv.path[k], 4 / c->scale, 10,
                          k == sv.path_index0 ? AL_COL_WARN : AL_COL_ACCENT);
    }
    if (v && v->trails) draw_trails(v, c);
    // The vehicles: one triangle each, all in the same batch.
    float body = P->radius;
    al_batch_reserve(c->batch, 3 * sv.count);
    for (int i = sv.count - 1; i >= 0; --i)
        al_batch_tri(c->batch, c, alV2(sv.x[i], sv.y[i]), alV2(sv.hx[i], sv.hy[i]),
                     (i == 0 ? 3.0f : 2.5f) * (i == 0 ? P->radius : sv.others->radius),
                     vehicle_colour(sc, i));
    if (v && v->rays) draw_rays(c, &sv, body);
    al_batch_draw(c);
    // Teaching overlays of the first vehicle and the target (thin outlines).
    alVec2 p0 = alV2(sv.x[0], sv.y[0]);
    bool show_target = sc == AL_SCN_SEEK || sc == AL_SCN_FLEE || sc == AL_SCN_ARRIVE;
    if (show_target) {
        float s = 8 / c->scale;
        al_draw_line(c, alV2_Sub(sv.target, alV2(s, 0)), alV2_Add(sv.target, alV2(s, 0)), AL_COL_BAD);
        al_draw_line(c, alV2_Sub(sv.target, alV2(0, s)), alV2_Add(sv.target, alV2(0, s)), AL_COL_BAD);
        if (sc == AL_SCN_ARRIVE && v && v->circles)
            al_draw_circle(c, sv.target, P->arrive_radius, AL_RGBA(135, 206, 250, 160)); // seed: SkyBlue
    }
    if (sc == AL_SCN_FISH) al_draw_circle(c, sv.fish_goal, 6 / c->scale, AL_COL_GOOD);
    if (v && v->circles) {
        // FOV: flee/evade react to threats inside it (seed: red circle).
        bool fov = sc == AL_SCN_FLEE || sc == AL_SCN_FCAS || sc == AL_SCN_PURSUIT_EVADE;
        if (sc == AL_SCN_FLEE) al_draw_circle(c, sv.target, P->fov_radius, AL_RGBA(240, 90, 90, 170));
        else if (fov) al_draw_circle(c, p0, P->fov_radius, AL_RGBA(240, 90, 90, 170));
        if (sv.count > 1 && (sc == AL_SCN_SEPARATION || sc == AL_SCN_COHESION || sc == AL_SCN_ALIGNMENT ||
                             sc == AL_SCN_FCAS)) {
            alVec2 p1 = alV2(sv.x[1], sv.y[1]);
            al_draw_circle(c, p1, sv.def->neighbour_radius, AL_RGBA(110, 180, 255, 120));
            al_draw_circle(c, p1, sv.def->separation_radius, AL_RGBA(90, 220, 110, 120));
        }
        if (sc == AL_SCN_BOIDS && sv.count > 1) {
            alVec2 p1 = alV2(sv.x[1], sv.y[1]);
            al_draw_circle(c, p1, sv.def->boids.cohesion_radius, AL_RGBA(230, 90, 230, 120));
            al_draw_circle(c, p1, sv.def->boids.separation_distance, AL_RGBA(90, 220, 110, 120));
        }
        al_draw_circle(c, p0, P->radius, AL_COL_WARN);
        uint32_t m0 = alScenario_Behaviours(sc, 0);
        if (m0 & (1u << AL_B_WANDER)) {
            // Seed 001: the circle ahead and the target held on it.
            al_draw_circle(c, sv.wander_centre0, P->wander.radius, AL_RGBA(144, 238, 144, 200));
            al_draw_line(c, p0, sv.wander_centre0, AL_RGBA(144, 238, 144, 120));
            al_draw_disc(c, sv.wander_target0, 3 / c->scale, AL_RGB(255, 255, 224));
        }
        if (m0 & (1u << AL_B_OBSTACLES)) {
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
}

// ---- panel --------------------------------------------------------------------
typedef struct var {
    char key;
    const char *name;
    bool specific; // belongs to the current behaviour (else general)
} var;

static bool scenario_uses(alScenario sc, alBehaviour b)
{
    return ((alScenario_Behaviours(sc, 0) | alScenario_Behaviours(sc, 1)) & (1u << b)) != 0;
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alScenario sc = sv.def->scenario;
    const alVehicleParams *P = sv.first;
    al_panel_heading(p, "Scenario (click one, or [ ])");
    al_panel_wrap(p, p->small, AL_COL_DIM, alScenario_Title(sc), 1);
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
    al_panel_heading(p, "First vehicle (key: more, Shift+key: less)");
    al_panel_text(p, COL_GENERAL, "S max speed     %.3g", (double)P->max_speed);
    al_panel_text(p, COL_GENERAL, "A max force     %.3g", (double)P->max_force);
    al_panel_text(p, COL_GENERAL, "M mass          %.3g", (double)P->mass);
    if (scenario_uses(sc, AL_B_FLEE) || scenario_uses(sc, AL_B_EVADE))
        al_panel_text(p, COL_SPECIFIC, "Y FOV radius    %.3g", (double)P->fov_radius);
    if (scenario_uses(sc, AL_B_ARRIVE) || scenario_uses(sc, AL_B_OFFSET_PURSUIT) || scenario_uses(sc, AL_B_HIDE) ||
        scenario_uses(sc, AL_B_INTERPOSE))
        al_panel_text(p, COL_SPECIFIC, "U arrive radius %.3g", (double)P->arrive_radius);
    if (scenario_uses(sc, AL_B_WANDER)) {
        al_panel_text(p, COL_SPECIFIC, "I wander radius %.3g", (double)P->wander.radius);
        al_panel_text(p, COL_SPECIFIC, "O wander dist.  %.3g", (double)P->wander.distance);
        al_panel_text(p, COL_SPECIFIC, "P wander jitter %.3g", (double)P->wander.jitter);
    }
    if (sc != AL_SCN_BOIDS && sc != AL_SCN_FISH)
        al_panel_text(p, COL_SPECIFIC, "W weight %-10s %.3g  (Q: next)", alBehaviour_Name((alBehaviour)(v ? v->weight : 0)),
                      (double)P->weight[v ? v->weight : 0]);
    al_panel_heading(p, "Flock");
    al_panel_kv(p, "vehicles (. ,)", "%d", sv.count);
    alGenStats g;
    if (alSteering_LastStats(sim(ctx), &g) && g.figure_count >= 4) {
        al_panel_kv(p, "order", "%.3f", g.figures[0]);
        al_panel_kv(p, "mean speed", "%.3g", g.figures[1]);
        al_panel_kv(p, "nn distance", "%.3g", g.figures[2]);
        al_panel_kv(p, "groups", "%.0f", g.figures[3]);
    } else { // the same lines before the first report: nothing below moves
        al_panel_kv(p, "order", "...");
        al_panel_kv(p, "mean speed", "...");
        al_panel_kv(p, "nn distance", "...");
        al_panel_kv(p, "groups", "...");
    }
    if (v) {
        // One line of toggles: lit when on.
        al_panel_text(p, AL_COL_DIM, "show: %s %s %s %s", v->trails ? "[T trails]" : "t trails",
                      v->circles ? "[V circles]" : "v circles", v->rays ? "[D forces]" : "d forces",
                      v->cells ? "[G grid]" : "g grid");
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

static bool change_first(al_view_ctx *ctx, SDL_Keycode k, bool less)
{
    view_state *v = ctx->state;
    alSteeringView sv = alSteering_View(sim(ctx));
    alVehicleParams p = *sv.first;
    switch (k) {
    case SDLK_s: scale_param(&p.max_speed, less, 0.1f, 1e5f); break;
    case SDLK_a: scale_param(&p.max_force, less, 0.1f, 1e6f); break;
    case SDLK_m: scale_param(&p.mass, less, 0.05f, 1000); break;
    case SDLK_y: scale_param(&p.fov_radius, less, 1, 1e5f); break;
    case SDLK_u: scale_param(&p.arrive_radius, less, 1, 1e5f); break;
    case SDLK_i: scale_param(&p.wander.radius, less, 0.5f, 1e4f); break;
    case SDLK_o: scale_param(&p.wander.distance, less, 0, 1e4f); break;
    case SDLK_p: scale_param(&p.wander.jitter, less, 0, 1e5f); break;
    case SDLK_w:
        if (!v) return false;
        scale_param(&p.weight[v->weight], less, 0, 1000);
        if (less && p.weight[v->weight] < 0.02f) p.weight[v->weight] = 0;
        break;
    default: return false;
    }
    alError err = {0};
    if (alSteering_SetFirstParams(sim(ctx), &p, &err) != AL_OK && v)
        snprintf(v->say, sizeof v->say, "%.150s", err.msg);
    else al_view_mark_edited(ctx, "first vehicle's variables changed");
    return true;
}

static void choose(al_view_ctx *ctx, int scenario)
{
    char set[64];
    snprintf(set, sizeof set, "steering.scenario=%s", alScenario_Name((alScenario)scenario));
    al_view_request_restart(ctx, set); // a new run, logged with its scenario
}

static bool key(al_view_ctx *ctx, const SDL_KeyboardEvent *e)
{
    view_state *v = ctx->state;
    SDL_Keycode k = e->keysym.sym;
    bool shift = (e->keysym.mod & KMOD_SHIFT) != 0;
    if (e->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return false;
    alSteeringView sv = alSteering_View(sim(ctx));
    switch (k) {
    case SDLK_LEFTBRACKET:
    case SDLK_RIGHTBRACKET: {
        choose(ctx, ((int)sv.def->scenario + (k == SDLK_RIGHTBRACKET ? 1 : AL_SCN_COUNT - 1)) % AL_SCN_COUNT);
        return true;
    }
    case SDLK_PERIOD:
    case SDLK_INSERT: {
        int add = sv.count / 10 > 1 ? sv.count / 10 : 1;
        if (!alSteering_AddVehicles(sim(ctx), add) && v) snprintf(v->say, sizeof v->say, "out of memory");
        al_view_mark_edited(ctx, "vehicles added");
        return true;
    }
    case SDLK_COMMA:
    case SDLK_DELETE: alSteering_RemoveVehicles(sim(ctx), sv.count / 10 > 1 ? sv.count / 10 : 1); al_view_mark_edited(ctx, "vehicles removed"); return true;
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
        case SDLK_q: v->weight = (v->weight + (shift ? AL_B_COUNT - 1 : 1)) % AL_B_COUNT; return true;
        default: break;
        }
    }
    return change_first(ctx, k, shift);
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

static const char *const plot_figures[] = {NULL};

const al_view al_view_steering = {
    .module = "steering",
    .ticks_per_frame = 1,
    .plot_figures = plot_figures,
    .keys_help = "[ ]  previous / next scenario\n"
                 "S A M  max speed, max force, mass (Shift: less)\n"
                 "Y U  FOV radius, arrive radius\n"
                 "I O P  wander radius, distance, jitter\n"
                 "Q W  choose a behaviour weight (Shift+Q: back), change it\n"
                 ". , Ins Del  add / remove 10% of the vehicles\n"
                 "T V D G  trails, circles, force rays, grid\n"
                 "mouse  target / drag obstacle / add waypoint, right: remove",
    .plot_y = "order parameter per report period",
    .plot_x = "report period",
    .plot_default = "order",
    .no_table = true,
    .create = create,
    .destroy = destroy,
    .update = update,
    .draw = draw,
    .panel = panel,
    .event = event,
};
