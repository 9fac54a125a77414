// The box, scroll and foot the help and lesson overlays share
// (overlay_scroll.h), so the two scroll and sign alike.
#include "overlay_scroll.h"

#include <stdio.h>

static void fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

void al_overlay_clamp(int *top, int rows, int visible)
{
    int max_top = rows > visible ? rows - visible : 0;
    if (*top > max_top) *top = max_top;
    if (*top < 0) *top = 0;
}

SDL_Rect al_overlay_box(al_gui *g, int bw, int bh)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    fill(g->r, (SDL_Rect){0, 0, w, h}, AL_RGBA(0, 0, 0, 170));
    SDL_Rect box = {(w - bw) / 2, (h - bh) / 2, bw, bh};
    fill(g->r, box, AL_RGB(30, 34, 44));
    SDL_SetRenderDrawColor(g->r, AL_COL_ACCENT.r, AL_COL_ACCENT.g, AL_COL_ACCENT.b, 255);
    SDL_RenderDrawRect(g->r, &box);
    SDL_RenderSetClipRect(g->r, &box);
    return box;
}

SDL_Rect al_overlay_foot(al_gui *g, SDL_Rect box, int y, bool above, bool below, const char *keys, SDL_Color col,
                         const char *text)
{
    if (above || below) return al_shell_more_sign(g, box.x + 1, y - 2, box.w - 2, above, below, keys);
    al_draw_text_px(g->r, g->small, (float)(box.x + 20), (float)y, col, text);
    return (SDL_Rect){0, 0, 0, 0};
}

void al_overlay_run_note(al_gui *g, SDL_Rect box, int title_w)
{
    const char *note = !g->have_session || g->done ? ""
                       : g->paused                 ? "the run is paused: Space runs it"
                                                   : "the run goes on behind: Space pauses it";
    snprintf(g->overlay_note, sizeof g->overlay_note, "%s", note);
    if (!note[0]) return;
    int nw = al_text_width(g->small, note), x = box.x + box.w - 20 - nw;
    int y = box.y + 16 + (al_font_height(g->title) - al_font_height(g->small)) / 2;
    if (x < box.x + 20 + title_w + 16) x = box.x + box.w - 20 - nw, y = box.y + 1; // over the title's row
    al_draw_text_px(g->r, g->small, (float)x, (float)y, g->paused ? AL_COL_WARN : AL_COL_GOOD, note);
}
