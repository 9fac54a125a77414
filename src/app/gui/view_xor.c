// The XOR view: the truth table with the best network's four outputs
// (green on the right side of 0.5, red on the wrong one), the network
// itself (inputs and bias below, the output on top, hidden nodes in
// between by depth, so they appear as NEAT adds them; links blue for
// positive weights, red for negative, thicker for larger), and the number
// of species per generation.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/xor.h"
#include "neat_layout.h"
#include "species_plot.h"
#include "view.h"

// Where the nodes go: src/app/gui/neat_layout.c, shared with the ants' brain inspector.
static void layout(const alNeatGenome *g, float x0, float y0, float w, float h, alVec2 *pos)
{
    float along[AL_NEAT_DRAW_MAX_NODES], depth[AL_NEAT_DRAW_MAX_NODES];
    al_neat_layout(g, along, depth, NULL);
    for (int i = 0; i < g->node_count; ++i) pos[i] = alV2(x0 + along[i] * w, y0 + h - depth[i] * h);
}

static void draw_network(al_canvas *c, const alNeatGenome *g, float x0, float y0, float w, float h)
{
    if (g->node_count > AL_NEAT_DRAW_MAX_NODES) {
        al_draw_text(c, alV2(x0 + w / 2, y0 + h / 2), AL_COL_DIM, "%d nodes: too many to draw",
                     g->node_count);
        return;
    }
    alVec2 pos[AL_NEAT_DRAW_MAX_NODES];
    layout(g, x0, y0, w, h, pos);
    for (int k = 0; k < g->conn_count; ++k) {
        const alNeatConn *cn = &g->conns[k];
        if (!cn->enabled) continue;
        alVec2 a = pos[alNeatGenome_FindNode(g, cn->in)], b = pos[alNeatGenome_FindNode(g, cn->out)];
        double aw = cn->weight < 0 ? -cn->weight : cn->weight;
        float px = 1.0f + (float)(aw > 8 ? 8 : aw) * 0.6f;
        al_batch_line(c->batch, c, a, b, px, cn->weight >= 0 ? AL_COL_MEAN : AL_COL_BAD);
    }
    float r = 14; // at least 9 pixels, so the node's number fits in it
    if (r < 9 / c->scale) r = 9 / c->scale;
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
    bool stagger = nin > 1 && w * c->scale / (float)(nin + 1) < 34.0f;
    for (int i = 0, in_rank = 0; i < g->node_count; ++i) {
        const alNeatNode *n = &g->nodes[i];
        if (n->type == AL_NEAT_INPUT || n->type == AL_NEAT_BIAS) {
            float dy = r + (10.0f + (stagger && in_rank % 2 ? 13.0f : 0.0f)) / c->scale;
            in_rank++;
            if (n->type == AL_NEAT_INPUT)
                al_draw_text(c, alV2(pos[i].x, pos[i].y + dy), AL_COL_TEXT, "in%d", n->id);
            else
                al_draw_text(c, alV2(pos[i].x, pos[i].y + dy), AL_COL_TEXT, "1");
        } else if (n->type == AL_NEAT_OUTPUT)
            al_draw_text(c, alV2(pos[i].x + r + 16 / c->scale, pos[i].y), AL_COL_TEXT, "out");
        else
            al_draw_text(c, pos[i], AL_COL_BG, "%d", n->id);
    }
}

// Table columns at least TABLE_COL_PX pixels apart, so the text never
// overlaps however small the window; returns the table's right edge.
enum { TABLE_COL_PX = 52 };
static float draw_table(al_canvas *c, const double out[4], float x0, float y0)
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
    return x0 + 4 * col;
}

static void draw_species(al_canvas *c, const int *sp, int n, float x0, float y0, float w, float h)
{
    al_draw_text(c, alV2(x0 + w / 2, y0 - 14), AL_COL_ACCENT, "species per generation");
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
    float W = c->world.width, H = c->world.height;
    const alNeatGenome *g;
    double out[4], fit;
    if (!alXor_Best(x, &g, out, &fit)) {
        al_draw_text(c, alV2(W / 2, H / 2), AL_COL_DIM, "no generation yet");
        return;
    }
    float right = draw_table(c, out, W * 0.03f, H * 0.06f), row = 30;
    if (row < 18 / c->scale) row = 18 / c->scale;
    al_draw_text(c, alV2(0.5f * (W * 0.03f + right), H * 0.06f + 5.5f * row),
                 alXor_IsSolved(x) ? AL_COL_GOOD : AL_COL_DIM, "%s, fitness %.3f of 16",
                 alXor_IsSolved(x) ? "solved" : "not yet solved", fit);
    float nx = W * 0.45f > right + 10 / c->scale ? W * 0.45f : right + 10 / c->scale;
    draw_network(c, g, nx, H * 0.08f, W * 0.97f - nx, H * 0.55f);
    int n;
    const int *sp = alXor_SpeciesHistory(x, &n);
    draw_species(c, sp, n, W * 0.08f, H * 0.74f, W * 0.86f, H * 0.18f);
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
        al_panel_kv(p, "best network", "%d hidden, %d links", hidden, links);
    }
    al_species_plot_panel(ctx->state, p, 96);
    // The solve line is the module's describe, under the generations table.
}

static void report(al_view_ctx *ctx, al_view_report *r)
{
    al_view_report_figure(r, "panel_species", shown_species(ctx->mod));
    al_species_plot_report(ctx->state, r);
}

// The stacked species plot (species_plot.h): the view's state.
static void *create(const al_view_ctx *ctx)
{
    al_species_plot *sp = al_species_plot_create();
    al_species_plot_track(sp, alXor_Neat(ctx->mod)); // generation 0, before it ends
    return sp;
}
static void destroy(void *state) { al_species_plot_destroy(state); }
// Each generation's species as it ends (fast frames run through many).
static void track_species(al_view_ctx *ctx) { al_species_plot_track(ctx->state, alXor_Neat(ctx->mod)); }

static const char *const plot_figures[] = {"species", NULL};

const al_view al_view_xor = {
    .module = "xor",
    .ticks_per_frame = -60, // 1 generation a second: a class sees hidden nodes and species appear
    .plot_figures = plot_figures,
    .plot_y = "fitness per generation (best, mean; 16 = perfect)",
    .no_world = true,
    .draw = draw,
    .panel = panel,
    .report = report,
    .create = create,
    .destroy = destroy,
    .generation = track_species,
    .legend = "in0 in1 1  inputs and the bias (below)\nout  the output (top; its label beside it)\nyellow  hidden nodes, by depth\n"
              "blue/red  positive/negative weights",
};
