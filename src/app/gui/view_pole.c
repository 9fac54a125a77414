// The pole-balancing view: the cart on its track and the poles, driven live
// by the best controller of the latest generation (the solution once
// solved). The view runs its own trial of that controller, one control step
// (0.02 s) per frame, in update (never while drawing); a new generation's
// best starts a new trial, and a fallen trial starts again after a pause.
// At normal speed the run waits for each best's trial (hold), so a class
// sees the poles fall early on; the speed keys run generations freely.
// Under NEAT the controller is the best genome, compiled into the view's
// own network.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/detmath.h"
#include "alife/pole.h"
#include "neat_draw.h"
#include "neat_layout.h"
#include "species_plot.h"
#include "view.h"

enum { REST_FRAMES = 45 };

typedef struct view_state {
    float w[512];
    int n;             // weights held, or 1 for a NEAT net (0: no controller yet)
    bool neat;         // the controller is `net` (built from `g`)
    alNeatGenome g;
    alNeatNet net;
    int64_t gen;       // generation the controller is from (-1 none)
    int64_t of;        // steps it balanced in that generation's evaluation (the table's)
    alPoleTrial trial; // the live trial
    int rest;          // frames left before a fallen trial restarts
    int64_t longest;   // longest live trial seen
    int trials;        // trials started
    int net_drawn;     // NEAT: nodes the panel drew last, and input labels
    int net_labels;
    int net_through; // links drawn through a node not their end (al_neat_draw)
    float caption_px, world_px; // the last frame's caption width and world width, pixels
    float pole_px[2];           // each pole's drawn length, pixels, and how many times
    int pole_zoom[2];           // longer than to scale it is drawn (1: to scale)
    al_species_plot *species;   // under NEAT: the stacked species plot, as xor and ants show it
} view_state;

static void *create(const al_view_ctx *ctx)
{
    view_state *st = calloc(1, sizeof *st);
    if (st) st->gen = -1;
    if (st && alPoleRun_Neat(ctx->mod)) { // NULL: no plot
        st->species = al_species_plot_create();
        al_species_plot_track(st->species, alPoleRun_Neat(ctx->mod)); // generation 0, before it ends
    }
    return st;
}

static void destroy(void *state)
{
    view_state *st = state;
    if (st) {
        alNeatGenome_Free(&st->g);
        alNeatNet_Free(&st->net);
        al_species_plot_destroy(st->species);
    }
    free(st);
}

static void restart_trial(const alPoleDef *d, view_state *st)
{
    alPoleTrial_Start(d, &st->trial, NULL);
    if (st->neat) alNeatNet_Reset(&st->net);
    st->rest = 0;
    st->trials++;
}

// At normal speed the run waits while the latest generation's best plays:
// until it falls (and the pause after it), or for HOLD_SECONDS of the
// cart's time when it balances longer (the caption then says when the run
// moves on). A 3 s hold once cut "step 131 of 168" short, so the class
// never saw the best fall.
enum { HOLD_REST = 20 };
#define HOLD_SECONDS 15.0
static int64_t hold_steps(const alPoleDef *d)
{
    return (int64_t)ceil(HOLD_SECONDS / (d->cart.dt * (double)d->cart.substeps));
}

static bool hold(al_view_ctx *ctx)
{
    const view_state *st = ctx->state;
    if (!st || st->n == 0 || ctx->done) return false;
    // The pause after a fall shortens as the play speeds up (at least a few
    // frames: the fall is still seen).
    int rest = HOLD_REST / (ctx->play_steps > 1 ? ctx->play_steps : 1);
    if (st->trial.failed) return st->rest < (rest > 3 ? rest : 3);
    return st->trial.steps < hold_steps(alPoleRun_Def(ctx->mod));
}

// Control steps of the live trial per frame: while the run holds, the
// speed's (1 at normal speed, more on the rungs above it); once the run is
// done the replay is all there is to watch, and + and - speed it up as they
// speed up the run (the shell's ticks per frame), up to a cap that keeps a
// frame short (100,000 steps once took 33 minutes to watch).
enum { MAX_STEPS_PER_FRAME = 20000 };
static int64_t steps_per_frame(const al_view_ctx *ctx, int64_t ticks)
{
    if (!ctx->done) return ctx->holds && ctx->play_steps > 1 ? ctx->play_steps : 1;
    // (0 at the slow rungs' frames between steps: the replay goes at 1 step
    // every k frames, as the speed line says; it went at 1 a frame)
    return ticks < MAX_STEPS_PER_FRAME ? ticks : MAX_STEPS_PER_FRAME;
}

// Each generation's species as it ends (fast frames run through many).
static void track_species(al_view_ctx *ctx)
{
    view_state *st = ctx->state;
    if (st) al_species_plot_track(st->species, alPoleRun_Neat(ctx->mod));
}

static void update(al_view_ctx *ctx, int64_t ticks)
{
    view_state *st = ctx->state;
    if (!st) return;
    const alPoleRun *run = ctx->mod;
    const alPoleDef *d = alPoleRun_Def(run);
    int n = 0;
    const float *w = alPoleRun_Best(run, &n);
    bool recurrent = false;
    double slope = 0;
    const alNeatGenome *g = alPoleRun_BestGenome(run, &recurrent, &slope);
    int64_t gen = ctx->session->have_last ? ctx->session->last.gen : -1;
    bool fresh = false;
    if (w && n <= (int)(sizeof st->w / sizeof st->w[0]) && gen != st->gen) {
        memcpy(st->w, w, (size_t)n * sizeof *w);
        st->n = n;
        st->neat = false;
        fresh = true;
    } else if (g && gen != st->gen && alNeatGenome_Copy(&st->g, g) == AL_OK &&
               alNeatNet_Build(&st->net, &st->g, recurrent, slope, NULL) == AL_OK) {
        st->n = 1;
        st->neat = true;
        fresh = true;
    }
    if (fresh) { // a new generation's best: its steps in the table, for the caption
        st->gen = gen;
        st->of = -1;
        const alGenStats *ls = &ctx->session->last;
        for (int k = 0; k < ls->figure_count; ++k)
            if (strcmp(ls->figure_names[k], "best_steps") == 0) st->of = (int64_t)ls->figures[k];
        int64_t sg = 0;
        // A solution was tried for the whole max_steps (double_novel's trial
        // of 1,000 steps is only its fitness).
        if (alPoleRun_Solved(run, &sg, NULL) && gen >= sg && st->of < (int64_t)d->max_steps)
            st->of = (int64_t)d->max_steps;
        restart_trial(d, st);
    }
    if (st->n == 0) return;
    if (st->trial.failed) {
        if (++st->rest >= REST_FRAMES) restart_trial(d, st);
        return;
    }
    if (ctx->paused) return;
    for (int64_t k = steps_per_frame(ctx, ticks); k > 0 && !st->trial.failed; --k) {
        if (st->neat)
            alPoleTrial_StepNet(d, &st->net, &st->trial);
        else
            alPoleTrial_Step(d, st->w, &st->trial);
    }
    if (st->trial.steps > st->longest) st->longest = st->trial.steps;
}

// The words over the cart: the trial is a replay, live, of the generation's
// best, whose whole evaluation the table counts ("of 75"); the caption
// counts the replay's steps so far (it once read "best of generation 4: 36
// steps" while the table said that best balanced 75).
static void caption_text(const view_state *st, const alPoleDef *d, bool held, char *out, size_t cap)
{
    if (!st || st->n == 0) {
        snprintf(out, cap, "waiting for the first generation");
        return;
    }
    char of[32] = "";
    if (st->of >= 0) snprintf(of, sizeof of, " of %lld", (long long)st->of);
    double secs = d->cart.dt * (double)d->cart.substeps * (double)st->trial.steps;
    if (st->trial.failed)
        snprintf(out, cap, "generation %lld's best fell at step %lld%s (%.1f s)", (long long)st->gen,
                 (long long)st->trial.steps, of, secs);
    else if (held && (st->of < 0 || st->of > hold_steps(d)))
        snprintf(out, cap, "replaying generation %lld's best: step %lld%s (%.1f s; the run goes on at %.0f s)",
                 (long long)st->gen, (long long)st->trial.steps, of, secs, HOLD_SECONDS);
    else
        snprintf(out, cap, "replaying generation %lld's best: step %lld%s (%.1f s)", (long long)st->gen,
                 (long long)st->trial.steps, of, secs);
}

// A filled rectangle from a to b (world units) as a thick line.
static void box(al_canvas *c, alVec2 a, alVec2 b, SDL_Color col)
{
    float hpx = (b.y - a.y) * c->scale;
    al_batch_line(c->batch, c, alV2(a.x, 0.5f * (a.y + b.y)), alV2(b.x, 0.5f * (a.y + b.y)), hpx, col);
}

// A pole from p to q (pixels), width px wide with smooth edges: a solid
// core and a one-pixel fringe fading to clear on every side, so a leaning
// pole shows no stair steps (SDL interpolates the vertices' alpha).
static void smooth_pole(SDL_Renderer *r, SDL_FPoint p, SDL_FPoint q, float width, SDL_Color col)
{
    float dx = q.x - p.x, dy = q.y - p.y, l = sqrtf(dx * dx + dy * dy);
    if (l < 1e-3f) return;
    float ux = dx / l, uy = dy / l, nx = -uy, ny = ux;
    float h = 0.5f * width - 0.5f, f = h + 1.0f; // the core's half width, the fringe's
    if (h < 0.5f) h = 0.5f;
    SDL_Color clear = {col.r, col.g, col.b, 0};
    // Four rings of corners: the core (solid) and the fringe (clear), each
    // running p-left, q-left, q-right, p-right; the fringe reaches a pixel
    // past the ends too.
    SDL_FPoint in[4] = {{p.x + nx * h, p.y + ny * h}, {q.x + nx * h, q.y + ny * h},
                        {q.x - nx * h, q.y - ny * h}, {p.x - nx * h, p.y - ny * h}};
    SDL_FPoint out[4] = {{p.x + nx * f - ux, p.y + ny * f - uy}, {q.x + nx * f + ux, q.y + ny * f + uy},
                         {q.x - nx * f + ux, q.y - ny * f + uy}, {p.x - nx * f - ux, p.y - ny * f - uy}};
    SDL_Vertex v[30];
    int n = 0;
#define PUT(pt, c) (v[n++] = (SDL_Vertex){(pt), (c), {0, 0}})
    PUT(in[0], col), PUT(in[1], col), PUT(in[2], col);
    PUT(in[0], col), PUT(in[2], col), PUT(in[3], col);
    for (int e = 0; e < 4; ++e) { // the fringe along each side of the core
        int e2 = (e + 1) % 4;
        PUT(in[e], col), PUT(in[e2], col), PUT(out[e2], clear);
        PUT(in[e], col), PUT(out[e2], clear), PUT(out[e], clear);
    }
#undef PUT
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, v, n, NULL, 0);
}

// A pole shorter than this on screen is drawn longer (a whole number of
// times, said beside it): at true scale the 0.1 m short pole spanned only a few pixels.
enum { POLE_MIN_PX = 40 };

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    view_state *st = ctx->state;
    const alPoleDef *d = alPoleRun_Def(ctx->mod);
    float W = c->world.width, H = c->world.height;
    float k = 0.9f * W / (float)d->cart.track; // world units per metre
    float ground = 0.72f * H, cx0 = 0.5f * W;
    // The track, its ends (the failure bounds) and the centre.
    al_batch_line(c->batch, c, alV2(cx0 - 0.5f * k * (float)d->cart.track, ground),
                  alV2(cx0 + 0.5f * k * (float)d->cart.track, ground), 3.0f, AL_COL_BORDER);
    for (int s = -1; s <= 1; s += 2) {
        float x = cx0 + (float)s * 0.5f * k * (float)d->cart.track;
        al_batch_line(c->batch, c, alV2(x, ground - 0.15f * k), alV2(x, ground + 0.05f * k), 3.0f, AL_COL_BAD);
    }
    al_batch_line(c->batch, c, alV2(cx0, ground), alV2(cx0, ground + 0.05f * k), 2.0f, AL_COL_DIM);
    const alCartPoleState *cs = st ? &st->trial.cart : NULL;
    double x = cs ? cs->s[0] : 0, th[2] = {cs ? cs->s[2] : d->start_angle, cs ? cs->s[4] : 0};
    float cx = cx0 + (float)x * k, cw = 0.3f * k, ch = 0.15f * k;
    bool down = st && st->trial.failed;
    box(c, alV2(cx - 0.5f * cw, ground - ch), alV2(cx + 0.5f * cw, ground), down ? AL_COL_BAD : AL_COL_AGENT);
    alVec2 hinge = alV2(cx, ground - ch);
    int poles = d->variant == AL_POLE_SINGLE ? 1 : 2;
    static const SDL_Color pole_col[2] = {AL_RGB(255, 170, 60), AL_RGB(110, 220, 120)};
    al_batch_draw(c); // the track and the cart under the poles
    SDL_FPoint hp = al_canvas_to_screen(c, hinge);
    for (int i = 0; i < poles; ++i) { // the thinner short pole over the long one
        float len_px = (float)d->cart.pole_length[i] * k * c->scale;
        int zoom = 1;
        if (len_px > 0.01f && len_px < POLE_MIN_PX) zoom = (int)ceilf(POLE_MIN_PX / len_px);
        float l = len_px * (float)zoom, sn = (float)alDet_Sin(th[i]), cn = (float)alDet_Cos(th[i]);
        SDL_FPoint tip = {hp.x + l * sn, hp.y - l * cn};
        smooth_pole(c->r, hp, tip, i == 0 ? 6.0f : 4.0f, pole_col[i]);
        if (zoom > 1) { // says so beside its tip, on the side away from the long pole
            char z[24];
            snprintf(z, sizeof z, "drawn x%d", zoom);
            float side = sn >= (float)alDet_Sin(th[0]) ? 1.0f : -1.0f;
            float tw = (float)al_text_width(c->small, z), th_px = (float)al_font_height(c->small);
            float zx = tip.x + (side > 0 ? 6.0f : -6.0f - tw);
            al_draw_text_px(c->r, c->small, zx, tip.y - th_px, pole_col[i], z);
        }
        if (st) st->pole_px[i] = l, st->pole_zoom[i] = zoom;
    }
    al_batch_disc(c->batch, c, hinge, 0.03f * k, 12, AL_COL_TEXT);
    al_batch_draw(c);
    char says[160];
    caption_text(st, d, ctx->holds && !ctx->done, says, sizeof says);
    // Shorter forms while it is wider than the world (at 720x480 it ran past
    // the world's box): the step count, then the step alone.
    float room = c->world_px.w - 8;
    if (st && st->n && (float)al_text_width(c->small, says) > room)
        snprintf(says, sizeof says, "gen %lld's best: step %lld", (long long)st->gen, (long long)st->trial.steps);
    if (st && st->n && (float)al_text_width(c->small, says) > room)
        snprintf(says, sizeof says, "step %lld", (long long)st->trial.steps);
    if (st) {
        st->caption_px = (float)al_text_width(c->small, says);
        st->world_px = c->world_px.w;
    }
    al_draw_text(c, alV2(cx0, 0.2f * H), !st || st->n == 0 ? AL_COL_DIM : down ? AL_COL_BAD : AL_COL_TEXT,
                 "%s", says);
}

// The NEAT controller's network (neat_draw.h, as the ants' brain inspector
// draws theirs), its inputs named as the controller sees them (pole.h).
static void network_panel(view_state *st, const alPoleDef *d, al_panel *p)
{
    const char *in[8];
    int k = 0;
    in[k++] = "cart x";
    if (d->variant != AL_POLE_DOUBLE_NOVEL) in[k++] = "cart v";
    in[k++] = d->variant == AL_POLE_SINGLE ? "pole angle" : "long angle";
    if (d->variant != AL_POLE_DOUBLE_NOVEL) in[k++] = d->variant == AL_POLE_SINGLE ? "pole ang. v" : "long ang. v";
    if (d->variant != AL_POLE_SINGLE) {
        in[k++] = "short angle";
        if (d->variant == AL_POLE_DOUBLE) in[k++] = "short ang. v";
    }
    if (d->bias) in[k++] = "1 (pole.bias)";
    static const char *const out[] = {"push"};
    float along[AL_NEAT_DRAW_MAX_NODES], depth[AL_NEAT_DRAW_MAX_NODES];
    int rows = 1;
    if (!al_neat_layout(&st->g, along, depth, &rows)) rows = 1;
    // A short heading: with the node and link counts it was cut with "..."
    // at 720x480 (trial, issue 10); they are in the summary just above, and
    // no line is spare (at 1280x800 the whole panel fits).
    char head[64], sl[40];
    int loops = 0;
    for (int c = 0; c < st->g.conn_count; ++c)
        loops += st->g.conns[c].enabled && st->g.conns[c].in == st->g.conns[c].out;
    if (st->net.recurrent)
        snprintf(head, sizeof head, "Network (the best, %s)", alCounted(sl, sizeof sl, loops, "self-loop", NULL));
    else
        snprintf(head, sizeof head, "Network (the best)");
    al_panel_heading(p, head);
    int sh = al_font_height(p->small);
    SDL_Rect area = al_panel_area(p, rows * sh + 6); // a row a label
    st->net_drawn = st->net_labels = st->net_through = 0;
    if (area.h <= 0 || k != st->g.inputs) return;
    // al_neat_draw puts a column's nodes at 1/(n+1) .. n/(n+1) of its box:
    // a box half a row taller at each end puts the labels a row (sh) apart
    // over the area, from its top (it was a row and a half of blank top and
    // bottom, and 7 px more than the NEAT panel had at 1280x800); the
    // "labels hidden" note at the box's foot stays within 2 px of the area.
    SDL_Rect box = {area.x, area.y + 3 - sh / 2, area.w, sh * (rows + 1)};
    if (box.y + box.h > area.y + area.h + 2) box.h = area.y + area.h + 2 - box.y;
    st->net_drawn = al_neat_draw(p->r, p->small, box, &st->g, st->net.value, in, out, &st->net_labels,
                                 &st->net_through);
}

// The set-up's label / value rows, one way for every algorithm (NEAT's
// once read "steps balanced   solved at 100000", a label with a value
// that was not its own): the variant and the fixed net's weights where the
// summary above does not name them (with_net: under NEAT it names the
// net), then the fitness and the steps that solve.
static void setup_rows(const alPoleDef *d, bool with_net, al_panel *p)
{
    if (with_net) {
        al_panel_kv(p, "variant", "%s", alPoleVariant_Name(d->variant));
        al_panel_kv(p, "controller", "%d weights, %d hidden%s", alPole_WeightCount(d), d->hidden,
                    d->recurrent ? ", recurrent" : "");
    }
    al_panel_kv(p, "fitness", "%s", d->damping ? "damping (Gruau et al.)" : "steps balanced");
    al_panel_kv(p, "solved at", "%lld steps", (long long)d->max_steps);
}

// Under NEAT the panel also holds the network and the species plot, so the
// set-up takes a heading and a line, and the live trial is the network's
// values: at 1280x800 every section fits above the plot, nothing to scroll.
static void neat_panel(view_state *st, const alPoleDef *d, al_panel *p)
{
    // A short heading (a long one was cut at 720x480: trial, issue 10); the
    // controller's kind and counts are in the summary above, its self-loops
    // in the Network heading below.
    al_panel_heading(p, "Pole balancing (NEAT)");
    setup_rows(d, false, p);
    // The live trial's state is in the network's input and output values,
    // its step count over the cart.
    network_panel(st, d, p);
    if (st->species) al_species_plot_panel(st->species, p, al_species_plot_height(p));
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    view_state *st = ctx->state;
    const alPoleDef *d = alPoleRun_Def(ctx->mod);
    if (st && st->neat) {
        neat_panel(st, d, p);
        return;
    }
    al_panel_heading(p, "Pole balancing");
    setup_rows(d, true, p);
    // The generalisation score and the solution are in the summary above
    // (and on the banner): not said twice.
    if (st && st->n) {
        al_panel_heading(p, "Live trial");
        const double *s = st->trial.cart.s;
        al_panel_kv(p, "steps", "%lld", (long long)st->trial.steps);
        al_panel_kv(p, "cart x", "%+.3f m", s[0]);
        al_panel_kv(p, d->variant == AL_POLE_SINGLE ? "pole" : "long pole", "%+.2f deg", s[2] * 57.29577951308232);
        if (d->variant != AL_POLE_SINGLE) al_panel_kv(p, "short pole", "%+.2f deg", s[4] * 57.29577951308232);
        al_panel_kv(p, "force", "%+.2f N", st->trial.push * d->cart.force);
    }
    if (st && st->species) al_species_plot_panel(st->species, p, 96);
}

static void report(al_view_ctx *ctx, al_view_report *r)
{
    view_state *st = ctx->state;
    const alPoleDef *d = alPoleRun_Def(ctx->mod);
    snprintf(r->scenario, sizeof r->scenario, "%s", alPoleVariant_Name(d->variant));
    r->agents = 1;
    r->food = -1;
    al_view_report_figure(r, "weights", st && st->neat ? 0 : alPole_WeightCount(d));
    al_view_report_figure(r, "solved", alPoleRun_Solved(ctx->mod, NULL, NULL) ? 1 : 0);
    if (!st) return;
    al_view_report_figure(r, "controller_gen", (double)st->gen);
    al_view_report_figure(r, "trial_steps", (double)st->trial.steps);
    al_view_report_figure(r, "trial_of", (double)st->of);
    caption_text(st, alPoleRun_Def(ctx->mod), ctx->holds && !ctx->done, r->note, sizeof r->note);
    al_view_report_figure(r, "trial_failed", st->trial.failed ? 1 : 0);
    al_view_report_figure(r, "longest_trial", (double)st->longest);
    al_view_report_figure(r, "trials", st->trials);
    al_view_report_figure(r, "neat", st->neat ? 1 : 0);
    al_species_plot_report(st->species, r);
    al_view_report_figure(r, "caption_px", st->caption_px);
    al_view_report_figure(r, "world_px", st->world_px);
    if (st->neat) al_view_report_figure(r, "net_nodes", st->g.node_count);
    if (st->neat) al_view_report_figure(r, "net_drawn", st->net_drawn);         // nodes in the Network section
    if (st->neat) al_view_report_figure(r, "net_inputs_labelled", st->net_labels);
    if (st->neat) al_view_report_figure(r, "net_links_through_nodes", st->net_through);
    al_view_report_figure(r, "cart_x", st->trial.cart.s[0]);
    al_view_report_figure(r, "theta1", st->trial.cart.s[2]);
    al_view_report_figure(r, "theta2", st->trial.cart.s[4]);
    // how the poles are drawn (last: the figures have a cap)
    al_view_report_figure(r, "pole_zoom", st->pole_zoom[0]); // the long pole: 1, to scale
    if (d->variant != AL_POLE_SINGLE) al_view_report_figure(r, "short_pole_px", st->pole_px[1]);
}

static const char *const plot_figures[] = {NULL};

const al_view al_view_pole = {
    .module = "pole",
    .ticks_per_frame = 1,
    .tick_is_generation = true,
    .plot_figures = plot_figures,
    .plot_y = "fitness per generation (best, mean)",
    .no_world = true,
    // One pole in the single-pole lesson, two otherwise.
    .legend = "[pole.variant=single] orange  the pole (1 m)\n"
              "[!pole.variant=single] orange  the long pole (1 m)\n"
              "[!pole.variant=single] green  the short pole (0.1 m), at the same hinge, drawn longer than to "
              "scale when small (\"drawn x3\": 3 times)\n"
              "white box  the cart (red once the trial failed)\n"
              "red  the track's ends: the cart fails beyond them\n"
              "[run.algorithm=neat] network  the best controller (panel): inputs left, the push right\n"
              "[run.algorithm=neat] " AL_LINK_LEGEND,
    .create = create,
    .destroy = destroy,
    .update = update,
    .generation = track_species,
    .hold = hold,
    .draw = draw,
    .panel = panel,
    .report = report,
};
