// The compare plot as a PNG, drawn offscreen with the GUI's own plot widget
// (al_plot_draw) on an SDL software renderer and saved with al_png_write, so
// `alife compare --plot` and the window look alike.
#include "compare_plot.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_series.h"
#include "font.h"
#include "plot.h"
#include "png_write.h"
#include "view.h"

enum { PLOT_W = 1200, PLOT_H = 760 };

void al_compare_fill_series(const al_compare_model *m, int npts, int colour0, al_series *se,
                            al_band *bands, double *buf, char (*names)[300])
{
    for (int g = 0; g < m->ngroups; ++g) {
        const al_compare_group *G = &m->groups[g];
        double *y = buf + (size_t)g * 3 * npts, *lo = y + npts, *hi = lo + npts;
        if (m->grouped) {
            for (int i = 0; i < npts; ++i) {
                alSummary s = al_compare_at(m, g, (double)i);
                y[i] = s.mean;
                lo[i] = s.ci_lo;
                hi[i] = s.ci_hi;
            }
            snprintf(names[g], 300, "%s (n=%d)", G->label, G->n);
        } else {
            const alRunRecord *r = m->runs[G->members[0]].rec;
            for (int i = 0; i < npts; ++i)
                y[i] = (double)i <= r->gen[r->ngens - 1] ? alCurve_At(r->gen, r->metric, r->ngens, i)
                                                         : NAN;
            const char *grp = alRunRecord_Param(r, "run.group");
            snprintf(names[g], 300, "run %lld (seed %llu%s%s)", (long long)r->info->id,
                     (unsigned long long)r->info->seed, grp && grp[0] ? ", " : "", grp ? grp : "");
        }
        se[g] = (al_series){names[g], al_compare_colour(colour0 + g), y, npts, false, false};
        bands[g] = (al_band){m->grouped ? lo : NULL, m->grouped ? hi : NULL};
    }
}

alResult al_compare_plot(const al_compare_model *m, const char *path, alError *err)
{
    bool ttf_here = !TTF_WasInit();
    if (ttf_here && TTF_Init() != 0)
        return alError_Set(err, AL_ERR_IO, "cannot start SDL_ttf: %s", TTF_GetError());
    alResult r = AL_OK;
    SDL_Surface *surf = NULL;
    SDL_Renderer *ren = NULL;
    al_font *font = NULL, *title = NULL;
    al_series *se = NULL;
    al_band *bands = NULL;
    double *buf = NULL;
    char(*names)[300] = NULL;
    uint8_t *px = NULL;
    int npts = (int)m->horizon + 1;
    char sans[512], bold[512];
    if ((r = al_font_find(AL_FACE_SANS, sans, sizeof sans, err)) != AL_OK) goto done;
    if ((r = al_font_find(AL_FACE_BOLD, bold, sizeof bold, err)) != AL_OK) goto done;
    surf = SDL_CreateRGBSurfaceWithFormat(0, PLOT_W, PLOT_H, 32, SDL_PIXELFORMAT_RGBA32);
    ren = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (!ren) {
        r = alError_Set(err, AL_ERR_NOMEM, "cannot make a %dx%d image: %s", PLOT_W, PLOT_H,
                        SDL_GetError());
        goto done;
    }
    if (!(font = al_font_create(ren, sans, 15, err)) || !(title = al_font_create(ren, bold, 18, err))) {
        r = err->code;
        goto done;
    }
    se = calloc((size_t)m->ngroups, sizeof *se);
    bands = calloc((size_t)m->ngroups, sizeof *bands);
    buf = malloc((size_t)m->ngroups * 3 * (size_t)npts * sizeof *buf);
    names = calloc((size_t)m->ngroups, sizeof *names);
    px = malloc((size_t)PLOT_W * PLOT_H * 4);
    if (!se || !bands || !buf || !names || !px) {
        r = alError_Set(err, AL_ERR_NOMEM, "out of memory for the plot");
        goto done;
    }
    al_compare_fill_series(m, npts, 0, se, bands, buf, names);

    SDL_SetRenderDrawColor(ren, AL_COL_BG.r, AL_COL_BG.g, AL_COL_BG.b, 255);
    SDL_RenderClear(ren);
    char line[512];
    snprintf(line, sizeof line, "%s per generation: %d %s run%s%s%s", m->opts.metric, m->set.n,
             m->module, m->set.n == 1 ? "" : "s", m->grouped ? ", grouped by " : "",
             m->grouped ? m->opts.group_by : "");
    al_draw_text_px(ren, title, 24, 14, AL_COL_TEXT, line);
    int fh = al_font_height(font);
    if (m->grouped)
        snprintf(line, sizeof line,
                 "line: mean over the group's runs; band: 95%% confidence interval of the mean "
                 "(t); %s is better; runs that stopped early are held at their last value",
                 m->lower_is_better ? "lower" : "higher");
    else
        snprintf(line, sizeof line, "one line per run; %s is better",
                 m->lower_is_better ? "lower" : "higher");
    al_draw_text_px(ren, font, 24, (float)(PLOT_H - fh - 10), AL_COL_DIM, line);
    char ytitle[128];
    snprintf(ytitle, sizeof ytitle, "%s fitness", m->opts.metric);
    if (strcmp(m->opts.metric, "best") && strcmp(m->opts.metric, "mean") &&
        strcmp(m->opts.metric, "worst"))
        snprintf(ytitle, sizeof ytitle, "%s", m->opts.metric);
    SDL_Rect area = {16, 48, PLOT_W - 40, PLOT_H - 48 - fh - 20};
    al_plot_draw_banded(ren, font, area, "generation", ytitle, se, bands, m->ngroups);

    if (SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGBA32, px, PLOT_W * 4) != 0)
        r = alError_Set(err, AL_ERR_IO, "cannot read the plot image: %s", SDL_GetError());
    else
        r = al_png_write(path, px, PLOT_W, PLOT_H, PLOT_W * 4, err);
done:
    free(px);
    free(names);
    free(buf);
    free(se);
    free(bands);
    al_font_destroy(title);
    al_font_destroy(font);
    if (ren) SDL_DestroyRenderer(ren);
    if (surf) SDL_FreeSurface(surf);
    if (ttf_here) TTF_Quit();
    return r;
}
