// A NEAT genome drawn in a box (neat_draw.h).
#include "neat_draw.h"

#include <math.h>
#include <stdio.h>

#include "neat_layout.h"
#include "text_fit.h"

al_net_labels al_net_labels_fit(int w, int left_full, int right_full, int left_name, int right_name)
{
    // the labels' margins (12 px each) leave the layers 30 px at least
    if (w - left_full - right_full - 24 >= 30) return AL_NET_LABELS_FULL;
    if (w - left_name - right_name - 24 >= 30) return AL_NET_LABELS_NAMES;
    return AL_NET_LABELS_NONE;
}

const char *al_net_labels_note(al_net_labels fit)
{
    return fit == AL_NET_LABELS_NONE ? "labels hidden: window too small"
           : fit == AL_NET_LABELS_NAMES ? "values hidden: window too small"
                                        : NULL;
}

int al_net_labels_say(SDL_Renderer *r, const al_font *f, SDL_Rect box, al_net_labels fit)
{
    const char *note = al_net_labels_note(fit);
    al_fitted t;
    if (!note) return 0;
    al_text_wrap(f, note, box.w - 8, 2, &t);
    if (t.n == 0) return 0;
    for (int i = 0; i < t.n; ++i)
        al_draw_text_px(r, f, (float)box.x + 4, (float)(box.y + box.h - t.h + i * al_font_height(f)), AL_COL_DIM,
                        t.line[i]);
    return t.h + 2;
}

enum { AL_NEAT_LOOP_R = 5 }; // a self-loop's ring, px (a node is 10 px)

// A ring of radius AL_NEAT_LOOP_R around (cx, cy), thicker for a larger weight m in [0, 1].
static void self_loop(SDL_Renderer *r, float cx, float cy, float m)
{
    SDL_FPoint pts[25];
    for (int w = 0; w <= (int)(2 * m); ++w) {
        float rad = (float)AL_NEAT_LOOP_R - (float)w;
        for (int i = 0; i < 25; ++i) {
            float t = (float)i * 6.2831853f / 24.0f;
            pts[i] = (SDL_FPoint){cx + rad * cosf(t), cy + rad * sinf(t)};
        }
        SDL_RenderDrawLinesF(r, pts, 25);
    }
}

int al_neat_draw(SDL_Renderer *r, const al_font *f, SDL_Rect box, const alNeatGenome *g, const double *values,
                 const char *const *in_names, const char *const *out_names, int *labels, int *through)
{
    float along[AL_NEAT_DRAW_MAX_NODES], depth[AL_NEAT_DRAW_MAX_NODES];
    if (labels) *labels = 0;
    if (through) *through = 0;
    bool values_shown = true;
    if (!al_neat_layout(g, along, depth, NULL)) {
        al_draw_text_px(r, f, (float)box.x + 4, (float)box.y + 4, AL_COL_DIM, "too many nodes to draw");
        return 0;
    }
    char lab[48];
    int left = al_text_width(f, "1"), right = 0, left_name = left, right_name = 0;
    for (int i = 0; in_names && i < g->inputs; ++i) {
        snprintf(lab, sizeof lab, "%s -0.00", in_names[i]);
        int tw = al_text_width(f, lab), nw = al_text_width(f, in_names[i]);
        if (tw > left) left = tw;
        if (nw > left_name) left_name = nw;
    }
    for (int o = 0; out_names && o < g->outputs; ++o) {
        snprintf(lab, sizeof lab, "%s 0.00", out_names[o]);
        int tw = al_text_width(f, lab), nw = al_text_width(f, out_names[o]);
        if (tw > right) right = tw;
        if (nw > right_name) right_name = nw;
    }
    if (!values) left = left_name, right = right_name; // names alone: nothing gave way
    al_net_labels fit = in_names || out_names ? al_net_labels_fit(box.w, left, right, left_name, right_name)
                                              : AL_NET_LABELS_FULL;
    if (fit == AL_NET_LABELS_NAMES && values) left = left_name, right = right_name, values_shown = false;
    if (fit == AL_NET_LABELS_NAMES && !values) fit = AL_NET_LABELS_FULL;
    int x0 = box.x + left + 12, x1 = box.x + box.w - right - 12;
    if (fit == AL_NET_LABELS_NONE) { // the network alone
        x0 = box.x + 8;
        x1 = box.x + box.w - 8;
        left = -1;
    }
    float th = (float)al_font_height(f);
    box.h -= al_net_labels_say(r, f, box, fit);
    float nx[AL_NEAT_DRAW_MAX_NODES], ny[AL_NEAT_DRAW_MAX_NODES];
    for (int i = 0; i < g->node_count; ++i) {
        nx[i] = (float)x0 + (float)(x1 - x0) * depth[i];
        ny[i] = (float)box.y + (float)box.h * along[i];
    }
    // links bowed round the nodes a straight line would cross (a node is 10 px: 8 clears its corners)
    float bow[AL_NEAT_DRAW_MAX_CONNS];
    bool bowed = g->conn_count <= AL_NEAT_DRAW_MAX_CONNS;
    int crossing = bowed ? al_neat_link_bows(g, nx, ny, 8, bow) : -1;
    if (through) *through = crossing;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (int k = 0; k < g->conn_count; ++k) {
        const alNeatConn *cn = &g->conns[k];
        if (!cn->enabled) continue;
        int a = alNeatGenome_FindNode(g, cn->in), b = alNeatGenome_FindNode(g, cn->out);
        float m = fminf((float)fabs(cn->weight) / 4.0f, 1.0f);
        Uint8 al = (Uint8)(60 + 195 * m);
        SDL_Color lc = cn->weight >= 0 ? AL_COL_LINK_POS : AL_COL_LINK_NEG;
        SDL_SetRenderDrawColor(r, lc.r, lc.g, lc.b, al);
        if (a == b) { // a self-loop: a small ring sitting on the node's top (a line to itself drew nothing)
            self_loop(r, nx[a], ny[a] - 5 - AL_NEAT_LOOP_R, m);
            continue;
        }
        int width = 1 + (int)(3 * m);
        float xs[AL_NEAT_LINK_POINTS], ys[AL_NEAT_LINK_POINTS];
        al_neat_link_path(nx[a], ny[a], nx[b], ny[b], bowed ? bow[k] : 0, xs, ys);
        for (int d = 0; d < width; ++d)
            for (int s = 1; s < AL_NEAT_LINK_POINTS; ++s)
                SDL_RenderDrawLineF(r, xs[s - 1], ys[s - 1] + (float)d - (float)width / 2, xs[s],
                                    ys[s] + (float)d - (float)width / 2);
    }
    int out = 0;
    for (int i = 0; i < g->node_count; ++i) {
        const alNeatNode *n = &g->nodes[i];
        double val = values ? values[i] : 0.0;
        float v = fminf((float)fabs(val), 1.0f);
        Uint8 gr = (Uint8)(40 + 215 * v);
        SDL_FRect node = {nx[i] - 5, ny[i] - 5, 10, 10};
        if (n->type == AL_NEAT_HIDDEN) SDL_SetRenderDrawColor(r, gr, gr, 60, 255); // yellowish: grown
        else SDL_SetRenderDrawColor(r, gr, gr, (Uint8)(val < 0 ? 120 : gr), 255);
        SDL_RenderFillRectF(r, &node);
        SDL_SetRenderDrawColor(r, 200, 210, 230, 255);
        SDL_RenderDrawRectF(r, &node);
        if (left < 0) continue;
        if (n->type == AL_NEAT_INPUT && n->id < g->inputs && in_names) {
            if (values && values_shown) snprintf(lab, sizeof lab, "%s %+.2f", in_names[n->id], val);
            else snprintf(lab, sizeof lab, "%s", in_names[n->id]);
            int tw = al_text_width(f, lab);
            al_draw_text_px(r, f, nx[i] - 9 - (float)tw, ny[i] - th / 2, AL_COL_TEXT, lab);
            if (labels) ++*labels;
        } else if (n->type == AL_NEAT_BIAS) {
            al_draw_text_px(r, f, nx[i] - 9 - (float)al_text_width(f, "1"), ny[i] - th / 2, AL_COL_DIM, "1");
        } else if (n->type == AL_NEAT_OUTPUT && out_names && out < g->outputs) {
            if (values && values_shown) snprintf(lab, sizeof lab, "%s %.2f", out_names[out], val);
            else snprintf(lab, sizeof lab, "%s", out_names[out]);
            out++;
            al_draw_text_px(r, f, nx[i] + 9, ny[i] - th / 2, AL_COL_TEXT, lab);
        }
    }
    return g->node_count;
}
