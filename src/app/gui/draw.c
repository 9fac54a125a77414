// World-view drawing helpers: world->screen transform, primitives, and the
// triangle batch that draws thousands of agents in one SDL_RenderGeometry.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "view.h"

#define TAU 6.28318530718f

bool al_canvas_hit(const al_canvas *c, int sx, int sy)
{
    return (float)sx >= c->world_px.x && (float)sy >= c->world_px.y &&
           (float)sx < c->world_px.x + c->world_px.w && (float)sy < c->world_px.y + c->world_px.h;
}

static SDL_Rect world_rect(const al_canvas *c)
{
    return (SDL_Rect){(int)floorf(c->world_px.x), (int)floorf(c->world_px.y), (int)ceilf(c->world_px.w),
                      (int)ceilf(c->world_px.h)};
}

bool al_canvas_clip_world(al_canvas *c)
{
    SDL_Rect world = world_rect(c), clip;
    if (!SDL_IntersectRect(&world, &c->rect, &clip)) return false;
    SDL_RenderSetClipRect(c->r, &clip);
    return true;
}

// A mark spanning x0..x1, y0..y1 (pixels) is counted when it reaches more
// than a pixel past the world rectangle and the clip does not keep it on it.
static void note_extent(const al_canvas *c, float x0, float y0, float x1, float y1)
{
    if (!c->marks_outside) return;
    const SDL_FRect *w = &c->world_px;
    if (x0 >= w->x - 1 && y0 >= w->y - 1 && x1 <= w->x + w->w + 1 && y1 <= w->y + w->h + 1) return;
    SDL_Rect clip, world = world_rect(c);
    if (SDL_RenderIsClipEnabled(c->r)) {
        SDL_RenderGetClipRect(c->r, &clip);
        if (clip.x >= world.x && clip.y >= world.y && clip.x + clip.w <= world.x + world.w &&
            clip.y + clip.h <= world.y + world.h)
            return;
    }
    ++*c->marks_outside;
}

static void note_vertices(const al_canvas *c, const SDL_Vertex *v, int n)
{
    for (int i = 0; i + 3 <= n; i += 3) { // one triangle at a time
        float x0 = fminf(v[i].position.x, fminf(v[i + 1].position.x, v[i + 2].position.x));
        float x1 = fmaxf(v[i].position.x, fmaxf(v[i + 1].position.x, v[i + 2].position.x));
        float y0 = fminf(v[i].position.y, fminf(v[i + 1].position.y, v[i + 2].position.y));
        float y1 = fmaxf(v[i].position.y, fmaxf(v[i + 1].position.y, v[i + 2].position.y));
        note_extent(c, x0, y0, x1, y1);
    }
}

void al_draw_line(al_canvas *c, alVec2 a, alVec2 b, SDL_Color col)
{
    SDL_FPoint p = al_canvas_to_screen(c, a), q = al_canvas_to_screen(c, b);
    note_extent(c, fminf(p.x, q.x), fminf(p.y, q.y), fmaxf(p.x, q.x), fmaxf(p.y, q.y));
    SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(c->r, col.r, col.g, col.b, col.a);
    SDL_RenderDrawLineF(c->r, p.x, p.y, q.x, q.y);
}

static int segments_for(float r_px)
{
    int n = (int)(r_px * 0.8f) + 8;
    return n < 8 ? 8 : n > 64 ? 64 : n;
}

void al_draw_circle(al_canvas *c, alVec2 centre, float r, SDL_Color col)
{
    SDL_FPoint o = al_canvas_to_screen(c, centre);
    float rp = r * c->scale;
    note_extent(c, o.x - rp, o.y - rp, o.x + rp, o.y + rp);
    enum { MAXSEG = 64 };
    SDL_FPoint pts[MAXSEG + 1];
    int n = segments_for(rp);
    for (int i = 0; i <= n; ++i) {
        float a = TAU * (float)i / (float)n;
        pts[i] = (SDL_FPoint){o.x + rp * cosf(a), o.y + rp * sinf(a)};
    }
    SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(c->r, col.r, col.g, col.b, col.a);
    SDL_RenderDrawLinesF(c->r, pts, n + 1);
}

void al_draw_disc(al_canvas *c, alVec2 centre, float r, SDL_Color col)
{
    al_batch one = {0};
    SDL_Vertex v[3 * 64];
    one.v = v; // a stack batch: no allocation for a single disc
    one.cap = 3 * 64;
    al_batch_disc(&one, c, centre, r, segments_for(r * c->scale), col);
    note_vertices(c, one.v, one.count);
    SDL_RenderGeometry(c->r, NULL, one.v, one.count, NULL, 0);
}

// ---- batch ----------------------------------------------------------------------
void al_batch_reserve(al_batch *b, int n)
{
    if (b->count + n <= b->cap) return;
    int cap = b->cap ? b->cap : 1024;
    while (cap < b->count + n)
        cap *= 2;
    SDL_Vertex *v = realloc(b->v, (size_t)cap * sizeof *v);
    if (!v) {
        b->failed = true;
        return;
    }
    b->v = v;
    b->cap = cap;
}

static inline bool room(al_batch *b, int n)
{
    if (b->count + n > b->cap) al_batch_reserve(b, n);
    return b->count + n <= b->cap;
}

static inline void put(al_batch *b, float x, float y, SDL_Color col)
{
    b->v[b->count++] = (SDL_Vertex){{x, y}, col, {0, 0}};
}

void al_batch_tri(al_batch *b, const al_canvas *c, alVec2 pos, alVec2 heading, float size,
                  SDL_Color col)
{
    if (!room(b, 3)) return;
    float len = size * c->scale;
    if (len < 5.0f) len = 5.0f;
    float hl2 = heading.x * heading.x + heading.y * heading.y;
    float fx = 1.0f, fy = 0.0f;
    if (hl2 > 1e-20f) {
        float inv = 1.0f / sqrtf(hl2);
        fx = heading.x * inv;
        fy = heading.y * inv;
    }
    SDL_FPoint o = al_canvas_to_screen(c, pos);
    float hx = 0.5f * len * fx, hy = 0.5f * len * fy;  // half length along heading
    float sx = -0.3f * len * fy, sy = 0.3f * len * fx; // half width across it
    put(b, o.x + hx, o.y + hy, col);
    put(b, o.x - hx + sx, o.y - hy + sy, col);
    put(b, o.x - hx - sx, o.y - hy - sy, col);
}

void al_batch_disc(al_batch *b, const al_canvas *c, alVec2 centre, float r, int segments,
                   SDL_Color col)
{
    if (segments < 3) segments = 3;
    if (segments > 64) segments = 64;
    if (!room(b, 3 * segments)) return;
    SDL_FPoint o = al_canvas_to_screen(c, centre);
    float rp = r * c->scale;
    if (rp < 1.5f) rp = 1.5f;
    float px = o.x + rp, py = o.y;
    for (int i = 1; i <= segments; ++i) {
        float a = TAU * (float)i / (float)segments;
        float qx = o.x + rp * cosf(a), qy = o.y + rp * sinf(a);
        put(b, o.x, o.y, col);
        put(b, px, py, col);
        put(b, qx, qy, col);
        px = qx;
        py = qy;
    }
}

void al_batch_line(al_batch *b, const al_canvas *c, alVec2 a, alVec2 b2, float width_px,
                   SDL_Color col)
{
    if (!room(b, 6)) return;
    SDL_FPoint p = al_canvas_to_screen(c, a), q = al_canvas_to_screen(c, b2);
    float dx = q.x - p.x, dy = q.y - p.y, l = sqrtf(dx * dx + dy * dy);
    if (l < 1e-6f) return;
    float nx = -dy / l * 0.5f * width_px, ny = dx / l * 0.5f * width_px;
    put(b, p.x + nx, p.y + ny, col);
    put(b, q.x + nx, q.y + ny, col);
    put(b, q.x - nx, q.y - ny, col);
    put(b, p.x + nx, p.y + ny, col);
    put(b, q.x - nx, q.y - ny, col);
    put(b, p.x - nx, p.y - ny, col);
}

void al_batch_draw(al_canvas *c)
{
    al_batch *b = c->batch;
    if (b->count > 0) {
        note_vertices(c, b->v, b->count);
        SDL_RenderGeometry(c->r, NULL, b->v, b->count, NULL, 0);
    }
    b->count = 0;
}

void al_batch_free(al_batch *b)
{
    free(b->v);
    *b = (al_batch){0};
}
