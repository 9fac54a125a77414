// The XOR view: the truth table with the best network's four outputs
// (green on the right side of 0.5, red on the wrong one), the network
// itself (inputs and bias below, the output on top, hidden nodes in
// between by depth, so they appear as NEAT adds them; links blue for
// positive weights, red for negative, thicker for larger), and the number
// of species per generation.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/xor.h"
#include "neat_layout.h"
#include "species_plot.h"
#include "view.h"

// The view's state: the stacked species plot, and where the last frame put
// the table, the network and the species chart (pixels), so `state` can
// show that none of them overlaps another at any window size.
typedef struct xor_view {
    al_species_plot *species;
    float table_right, table_bottom; // the truth table's right and bottom edges
    float net_left, net_bottom;      // the network's leftmost node edge, its lowest label's bottom
    float chart_title_bottom, chart_top;
    int net_through; // links drawn through a node not their end (al_neat_link_bows)
} xor_view;

// Where the nodes go: src/app/gui/neat_layout.c, shared with the ants' brain inspector.
static void layout(const alNeatGenome *g, float x0, float y0, float w, float h, alVec2 *pos)
{
    float along[AL_NEAT_DRAW_MAX_NODES], depth[AL_NEAT_DRAW_MAX_NODES];
    al_neat_layout(g, along, depth, NULL);
    for (int i = 0; i < g->node_count; ++i) pos[i] = alV2(x0 + along[i] * w, y0 + h - depth[i] * h);
}

static void draw_network(al_canvas *c, const alNeatGenome *g, float x0, float y0, float w, float h, xor_view *v)
{
    if (g->node_count > AL_NEAT_DRAW_MAX_NODES) {
        al_draw_text(c, alV2(x0 + w / 2, y0 + h / 2), AL_COL_DIM, "%d nodes: too many to draw",
                     g->node_count);
        return;
    }
    alVec2 pos[AL_NEAT_DRAW_MAX_NODES];
    layout(g, x0, y0, w, h, pos);
    float r = 14; // at least 9 pixels, so the node's number fits in it
    if (r < 9 / c->scale) r = 9 / c->scale;
    // A link that would cross a node not its end (in1 -> out through the
    // hidden nodes above in1, trial issue 10) is bowed round it.
    float px_x[AL_NEAT_DRAW_MAX_NODES], px_y[AL_NEAT_DRAW_MAX_NODES], bow[AL_NEAT_DRAW_MAX_CONNS];
    for (int i = 0; i < g->node_count; ++i) {
        SDL_FPoint q = al_canvas_to_screen(c, pos[i]);
        px_x[i] = q.x, px_y[i] = q.y;
    }
    bool bowed = g->conn_count <= AL_NEAT_DRAW_MAX_CONNS;
    int through = bowed ? al_neat_link_bows(g, px_x, px_y, r * c->scale + 2, bow) : -1;
    if (v) v->net_through = through;
    for (int k = 0; k < g->conn_count; ++k) {
        const alNeatConn *cn = &g->conns[k];
        if (!cn->enabled) continue;
        int a = alNeatGenome_FindNode(g, cn->in), b = alNeatGenome_FindNode(g, cn->out);
        double aw = cn->weight < 0 ? -cn->weight : cn->weight;
        float px = 1.0f + (float)(aw > 8 ? 8 : aw) * 0.6f;
        float xs[AL_NEAT_LINK_POINTS], ys[AL_NEAT_LINK_POINTS];
        // the bow is in pixels: the path's points go back to world units
        al_neat_link_path(px_x[a], px_y[a], px_x[b], px_y[b], bowed ? bow[k] : 0, xs, ys);
        for (int s = 1; s < AL_NEAT_LINK_POINTS; ++s) {
            alVec2 p0 = alV2(pos[a].x + (xs[s - 1] - px_x[a]) / c->scale,
                             pos[a].y + (ys[s - 1] - px_y[a]) / c->scale);
            alVec2 p1 = alV2(pos[a].x + (xs[s] - px_x[a]) / c->scale,
                             pos[a].y + (ys[s] - px_y[a]) / c->scale);
            al_batch_line(c->batch, c, p0, p1, px, cn->weight >= 0 ? AL_COL_LINK_POS : AL_COL_LINK_NEG);
        }
    }
    if (v) {
        v->net_left = 1e30f;
        v->net_bottom = 0;
        for (int i = 0; i < g->node_count; ++i) {
            SDL_FPoint q = al_canvas_to_screen(c, pos[i]);
            if (q.x - r * c->scale < v->net_left) v->net_left = q.x - r * c->scale;
        }
    }
    for (int i = 0; i < g->node_count; ++i) {
        const alNeatNode *n = &g->nodes[i];
        SDL_Color col = n->type == AL_NEAT_INPUT    ? AL_COL_AGENT
                        : n->type == AL_NEAT_BIAS   ? AL_COL_DIM
                        : n->type == AL_NEAT_OUTPUT ? AL_COL_BEST
                                                    : AL_COL_WARN;
        al_batch_disc(c->batch, c, pos[i], r, 20, col);
    }
    al_batch_draw(c);
    // Labels never overlap: below the inputs (every other one a line lower
    // when they are closer than a label is wide, as at 720x480), and "out"
    // beside the output node, inside the view rather than on its border.
    int nin = 0;
    for (int i = 0; i < g->node_count; ++i)
        nin += g->nodes[i].type == AL_NEAT_INPUT || g->nodes[i].type == AL_NEAT_BIAS;
    bool stagger = nin > 1 && w * c->scale / (float)(nin + 1) < (float)al_text_width(c->small, "in0") + 4;
    for (int i = 0, in_rank = 0; i < g->node_count; ++i) {
        const alNeatNode *n = &g->nodes[i];
        if (n->type == AL_NEAT_INPUT || n->type == AL_NEAT_BIAS) {
            float dy = r + (10.0f + (stagger && in_rank % 2 ? 13.0f : 0.0f)) / c->scale;
            in_rank++;
            if (v) {
                float bottom = al_canvas_to_screen(c, alV2(0, pos[i].y + dy)).y + 0.5f * (float)al_font_height(c->small);
                if (bottom > v->net_bottom) v->net_bottom = bottom;
            }
            if (n->type == AL_NEAT_INPUT)
                al_draw_text(c, alV2(pos[i].x, pos[i].y + dy), AL_COL_TEXT, "in%d", n->id);
            else
                al_draw_text(c, alV2(pos[i].x, pos[i].y + dy), AL_COL_TEXT, "1");
        } else if (n->type == AL_NEAT_OUTPUT) // above it: beside it ran off a small view
            al_draw_text(c, alV2(pos[i].x, pos[i].y - r - 8 / c->scale), AL_COL_TEXT, "out");
        else
            al_draw_text(c, pos[i], AL_COL_BG, "%d", n->id);
    }
}

// Table columns at least TABLE_COL_PX pixels apart, so the text never
// overlaps however small the window; returns the table's right edge.
enum { TABLE_COL_PX = 46 }; // "output" and "0.972" fit; more left the network no room at 720x480
static float draw_table(al_canvas *c, const double out[4], float x0, float y0, xor_view *v)
{
    float col = c->world.width * 0.085f, min = (float)TABLE_COL_PX / c->scale, row = 30;
    if (col < min) col = min;
    if (row < 18 / c->scale) row = 18 / c->scale;
    static const char *const head[4] = {"in0", "in1", "target", "output"};
    for (int k = 0; k < 4; ++k)
        al_draw_text(c, alV2(x0 + col * ((float)k + 0.5f), y0), AL_COL_ACCENT, "%s", head[k]);
    for (int p = 0; p < 4; ++p) {
        float y = y0 + row * (float)(p + 1) + 4 / c->scale;
        bool right = (out[p] > 0.5) == (alXorTargets[p] > 0.5);
        al_draw_text(c, alV2(x0 + col * 0.5f, y), AL_COL_TEXT, "%.0f", alXorInputs[p][0]);
        al_draw_text(c, alV2(x0 + col * 1.5f, y), AL_COL_TEXT, "%.0f", alXorInputs[p][1]);
        al_draw_text(c, alV2(x0 + col * 2.5f, y), AL_COL_TEXT, "%.0f", alXorTargets[p]);
        al_draw_text(c, alV2(x0 + col * 3.5f, y), right ? AL_COL_GOOD : AL_COL_BAD, "%.3f", out[p]);
    }
    if (v) { // "0.972" centred in the last column: its right edge
        SDL_FPoint q = al_canvas_to_screen(c, alV2(x0 + col * 3.5f, y0 + row * 5.5f));
        v->table_right = q.x + 0.5f * (float)al_text_width(c->small, "0.000");
        v->table_bottom = q.y + 0.5f * (float)al_font_height(c->small);
    }
    return x0 + 4 * col;
}

static void draw_species(al_canvas *c, const int *sp, int n, float x0, float y0, float w, float h, xor_view *v)
{
    // The title a line above the bars (14 world units sat on them at 720x480).
    float th = (float)al_font_height(c->small), ty = y0 - (0.5f * th + 3) / c->scale;
    al_draw_text(c, alV2(x0 + w / 2, ty), AL_COL_ACCENT, "species per generation");
    if (v) { // the title's bottom (al_draw_text centres it on ty) and the bars' top
        v->chart_title_bottom = al_canvas_to_screen(c, alV2(0, ty)).y + 0.5f * th;
        v->chart_top = al_canvas_to_screen(c, alV2(0, y0)).y;
    }
    al_draw_line(c, alV2(x0, y0 + h), alV2(x0 + w, y0 + h), AL_COL_BORDER);
    al_draw_line(c, alV2(x0, y0), alV2(x0, y0 + h), AL_COL_BORDER);
    if (n < 1) return;
    int top = 1;
    for (int i = 0; i < n; ++i)
        if (sp[i] > top) top = sp[i];
    float bw = w / (float)(n < 20 ? 20 : n);
    for (int i = 0; i < n; ++i) {
        float bh = h * (float)sp[i] / (float)top;
        al_batch_line(c->batch, c, alV2(x0 + bw * ((float)i + 0.5f), y0 + h),
                      alV2(x0 + bw * ((float)i + 0.5f), y0 + h - bh), bw * c->scale * 0.8f > 1 ? bw * c->scale * 0.8f : 1,
                      AL_COL_MEAN);
    }
    al_batch_draw(c);
    al_draw_text(c, alV2(x0 - 16, y0), AL_COL_DIM, "%d", top);
    al_draw_text(c, alV2(x0 + w - 20, y0 + h + 12), AL_COL_DIM, "now %d", sp[n - 1]);
}

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    const alXor *x = ctx->mod;
    xor_view *v = ctx->state;
    float W = c->world.width, H = c->world.height;
    const alNeatGenome *g;
    double out[4], fit;
    if (!alXor_Best(x, &g, out, &fit)) {
        al_draw_text(c, alV2(W / 2, H / 2), AL_COL_DIM, "no generation yet");
        return;
    }
    float right = draw_table(c, out, W * 0.03f, H * 0.06f, v), row = 30;
    if (row < 18 / c->scale) row = 18 / c->scale;
    al_draw_text(c, alV2(0.5f * (W * 0.03f + right), H * 0.06f + 5.5f * row),
                 alXor_IsSolved(x) ? AL_COL_GOOD : AL_COL_DIM, "%s, fitness %.3f of 16",
                 alXor_IsSolved(x) ? "solved" : "not yet solved", fit);
    // The network right of the table: its nodes' discs (radius r) and the
    // "out" label beside the top node stay clear of the table's numbers.
    float r = 14 > 9 / c->scale ? 14 : 9 / c->scale;
    float nx = right + r + 10 / c->scale;
    if (nx < W * 0.45f) nx = W * 0.45f;
    float nw = W * 0.97f - nx - r;
    // Its labels (under the inputs, staggered when crowded) above the chart.
    float th = (float)al_font_height(c->small) / c->scale, chart = H * 0.74f;
    float nh = chart - (th + 6 / c->scale) - H * 0.08f - r - (26.0f / c->scale + th);
    draw_network(c, g, nx, H * 0.08f, nw > 0 ? nw : 0, nh > 0 ? nh : 0, v);
    int n;
    const int *sp = alXor_SpeciesHistory(x, &n);
    draw_species(c, sp, n, W * 0.08f, chart, W * 0.86f, H * 0.18f, v);
}

// The species of the generation last scored: the number the chart, the
// log and `state` give (NEAT's own count is already the next generation's).
static int shown_species(const alXor *x)
{
    int n;
    const int *sp = alXor_SpeciesHistory(x, &n);
    return n > 0 ? sp[n - 1] : alNeat_SpeciesCount(alXor_Neat(x));
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    const alXor *x = ctx->mod;
    xor_view *v = ctx->state;
    const alNeat *ne = alXor_Neat(x);
    al_panel_heading(p, "NEAT");
    al_panel_kv(p, "species", "%d", shown_species(x));
    al_panel_kv(p, "threshold", "%.2f", alNeat_Threshold(ne));
    al_panel_kv(p, "innovations", "%d", (int)alNeat_NextInnovation(ne));
    al_panel_kv(p, "evaluations", "%lld", (long long)alNeat_Evaluations(ne));
    const alNeatGenome *g;
    if (alXor_Best(x, &g, NULL, NULL)) {
        int hidden = 0, links = 0;
        for (int i = 0; i < g->node_count; ++i) hidden += g->nodes[i].type == AL_NEAT_HIDDEN;
        for (int i = 0; i < g->conn_count; ++i) links += g->conns[i].enabled;
        char hn[40], ln[40];
        al_panel_kv(p, "best network", "%s, %s", alCounted(hn, sizeof hn, hidden, "hidden node", NULL),
                    alCounted(ln, sizeof ln, links, "link", NULL));
    }
    al_species_plot_panel(v ? v->species : NULL, p, 96);
    // The solve line is the module's describe, under the generations table.
}

static void report(al_view_ctx *ctx, al_view_report *r)
{
    xor_view *v = ctx->state;
    al_view_report_figure(r, "panel_species", shown_species(ctx->mod));
    if (!v) return;
    al_species_plot_report(v->species, r);
    // the last frame's layout, pixels (0 before a network was drawn)
    al_view_report_figure(r, "table_right_px", v->table_right);
    al_view_report_figure(r, "table_bottom_px", v->table_bottom);
    al_view_report_figure(r, "net_left_px", v->net_left);
    al_view_report_figure(r, "net_bottom_px", v->net_bottom);
    al_view_report_figure(r, "chart_title_bottom_px", v->chart_title_bottom);
    al_view_report_figure(r, "chart_top_px", v->chart_top);
    al_view_report_figure(r, "net_links_through_nodes", v->net_through);
}

static void *create(const al_view_ctx *ctx)
{
    xor_view *v = calloc(1, sizeof *v);
    if (v) v->species = al_species_plot_create();
    if (v && !v->species) {
        free(v);
        return NULL;
    }
    al_species_plot_track(v->species, alXor_Neat(ctx->mod)); // generation 0, before it ends
    return v;
}
static void destroy(void *state)
{
    xor_view *v = state;
    if (v) al_species_plot_destroy(v->species);
    free(v);
}
// Each generation's species as it ends (fast frames run through many).
static void track_species(al_view_ctx *ctx)
{
    xor_view *v = ctx->state;
    if (v) al_species_plot_track(v->species, alXor_Neat(ctx->mod));
}

// No reference line on the fitness plot: a species count has no place on
// a fitness axis (it was drawn dashed on it); the stacked species plot in
// the panel shows it, and Tab plots it on its own axis.
static const char *const plot_figures[] = {NULL};

const al_view al_view_xor = {
    .module = "xor",
    .ticks_per_frame = -60, // 1 generation a second: a class sees hidden nodes and species appear
    .tick_is_generation = true,
    .plot_figures = plot_figures,
    .plot_y = "fitness per generation (best, mean; 16 = perfect)",
    .no_world = true,
    .draw = draw,
    .panel = panel,
    .report = report,
    .create = create,
    .destroy = destroy,
    .generation = track_species,
    .legend = "in0 in1 1  inputs and the bias (below)\norange disc, out  the output (top; its label above it)\n"
              "yellow discs  hidden nodes, by depth, each with its node number (e.g. 8, 22)\n" AL_LINK_LEGEND,
};
