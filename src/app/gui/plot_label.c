// Where a label goes on a plot (plot_label.h): clear of the lines. The
// "off the scale" label sat at the top left, over the best curve where it
// starts high (the trial could read neither).
#include "plot_label.h"

#include <math.h>

int al_plot_label_cost(SDL_Rect box, const al_plot_seg *seg, int nseg)
{
    SDL_Rect grown = {box.x - 2, box.y - 2, box.w + 4, box.h + 4};
    int cost = 0;
    for (int i = 0; i < nseg; ++i) {
        SDL_Point a = {(int)floorf(seg[i].a.x), (int)floorf(seg[i].a.y)};
        SDL_Point b = {(int)floorf(seg[i].b.x), (int)floorf(seg[i].b.y)};
        cost += 100 * (SDL_PointInRect(&a, &grown) + SDL_PointInRect(&b, &grown));
        if (SDL_IntersectRectAndLine(&grown, &a.x, &a.y, &b.x, &b.y)) cost++;
    }
    return cost;
}

SDL_Rect al_plot_label_place(SDL_Rect plot, int w, int h, bool up, const al_plot_seg *seg, int nseg,
                             const SDL_Rect *taken, int ntaken, int *cost_out)
{
    enum { ALONG = 16 }; // places tried along a row, from the left
    SDL_Rect best = {plot.x + 4, up ? plot.y + 4 : plot.y + plot.h - 4 - h, w, h};
    int best_cost = -1;
    int room = plot.w - 8 - w; // how far a label can move along a row
    for (int row = 0;; ++row) {
        int y = up ? plot.y + 4 + row * (h + 2) : plot.y + plot.h - 4 - h - row * (h + 2);
        if (row > 0 && (y < plot.y + 4 || y + h > plot.y + plot.h - 4)) break;
        for (int k = 0; k < ALONG; ++k) {
            if (k > 0 && room <= 0) break; // as wide as the plot: one place a row
            SDL_Rect box = {plot.x + 4 + (room > 0 ? room * k / (ALONG - 1) : 0), y, w, h};
            int cost = al_plot_label_cost(box, seg, nseg);
            for (int t = 0; t < ntaken; ++t)
                if (SDL_HasIntersection(&box, &taken[t])) cost += 1000000; // never over another label
            if (best_cost < 0 || cost < best_cost) best = box, best_cost = cost;
            if (cost == 0) goto done;
        }
    }
done:
    if (cost_out) *cost_out = best_cost;
    return best;
}
