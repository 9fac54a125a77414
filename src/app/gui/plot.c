// The live plot: best and mean (and any reference line) per generation.
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "number_text.h"
#include "plot_label.h"
#include "text_fit.h"

double al_plot_tick_step(double span, int target)
{
    double raw = span / (target > 0 ? target : 1);
    double mag = pow(10.0, floor(log10(raw)));
    double f = raw / mag;
    double nice = f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 5.0 ? 5.0 : 10.0;
    return nice * mag;
}

static void set_colour(SDL_Renderer *r, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

// A polyline drawn 7 px on, 5 px off, the pattern running on across points.
static void dashed(SDL_Renderer *r, const SDL_FPoint *pts, int k)
{
    const float on = 7.0f, period = 12.0f;
    float phase = 0.0f;
    for (int j = 0; j + 1 < k; ++j) {
        float dx = pts[j + 1].x - pts[j].x, dy = pts[j + 1].y - pts[j].y;
        float len = sqrtf(dx * dx + dy * dy);
        if (len < 1e-6f) continue;
        for (float t = 0.0f; t < len;) {
            float in_period = fmodf(phase + t, period);
            float step = in_period < on ? on - in_period : period - in_period;
            if (t + step > len) step = len - t;
            if (in_period < on) {
                float a = t / len, b = (t + step) / len;
                SDL_RenderDrawLineF(r, pts[j].x + a * dx, pts[j].y + a * dy, pts[j].x + b * dx,
                                    pts[j].y + b * dy);
                SDL_RenderDrawLineF(r, pts[j].x + a * dx, pts[j].y + a * dy + 1.0f,
                                    pts[j].x + b * dx, pts[j].y + b * dy + 1.0f);
            }
            t += step;
        }
        phase = fmodf(phase + len, period);
    }
}

// The lowest and highest finite values of series s (and its band), or
// false when it has none.
static bool series_extent(const al_series *se, const al_band *band, double *lo, double *hi,
                          double *line_lo)
{
    bool any = false;
    for (int i = 0; i < se->n; ++i) {
        bool b = band && band->lo && band->hi;
        double v[3] = {se->y[i], b ? band->lo[i] : NAN, b ? band->hi[i] : NAN};
        if (isfinite(v[0]) && v[0] < *line_lo) *line_lo = v[0];
        for (int k = 0; k < 3; ++k) {
            if (!isfinite(v[k])) continue;
            any = true;
            if (v[k] < *lo) *lo = v[k];
            if (v[k] > *hi) *hi = v[k];
        }
    }
    return any;
}

// The range (al_plot_range) and its tick step.
static double range_and_step(const al_series *series, const al_band *bands, int nseries,
                             double *out_lo, double *out_hi)
{
    double lo = INFINITY, hi = -INFINITY, line_lo = INFINITY;
    // The data lines (and the reference lines kept on the scale) first; the
    // other reference lines only when there are none.
    for (int pass = 0; pass < 2 && !(lo <= hi); ++pass)
        for (int s = 0; s < nseries; ++s)
            if ((series[s].dashed && !series[s].on_scale) == (pass == 1))
                series_extent(&series[s], bands ? &bands[s] : NULL, &lo, &hi, &line_lo);
    // A confidence band of values that cannot be negative (errors, food,
    // counts: every line >= 0) may dip below zero; the axis stays at 0.
    if (line_lo >= 0 && lo < 0) lo = 0;
    if (!(lo <= hi)) {
        lo = 0;
        hi = 1;
    }
    // The axis takes in 0: NEAT's greedy group at 109.3..110.6 got an axis
    // of 108..111, and noise read as big swings. Values of either sign
    // take it in anyway.
    if (lo > 0) lo = 0;
    if (hi < 0) hi = 0;
    if (hi - lo < 1e-9) hi = lo + 1; // all zero
    double ystep = al_plot_tick_step(hi - lo, 4);
    *out_lo = floor(lo / ystep) * ystep;
    *out_hi = ceil(hi / ystep) * ystep;
    return ystep;
}

void al_plot_range(const al_series *series, const al_band *bands, int nseries, double *lo,
                   double *hi)
{
    range_and_step(series, bands, nseries, lo, hi);
}

// The width of off_scale_label's one-line label.
static int off_label_width(const al_font *font, const al_series *se, double v)
{
    char name[80], num[16];
    snprintf(name, sizeof name, "%s %s,", se->name, al_number_cell(num, sizeof num, v));
    int lead = (int)ceilf(0.6f * (float)al_font_height(font) * 1.2f + 8);
    return lead + al_text_width(font, name) + al_text_width(font, " ") + al_text_width(font, "off the scale");
}

// The points the series put at (x, y) in data (their values mapped onto
// lo..hi, every stride-th and the last), as segments into seg (cap); the
// reference lines now off the scale into off (value, or NAN). A dry run of
// the drawing, for where the labels can go.
static int data_segments(const al_series *series, int nseries, SDL_Rect data, double lo, double hi, double xmax,
                         al_plot_seg *seg, int cap, double *off)
{
    int nseg = 0;
    for (int s = 0; s < nseries; ++s) {
        const al_series *se = &series[s];
        int stride = se->n / (2 * data.w) + 1;
        bool have = false;
        SDL_FPoint prev = {0, 0};
        off[s] = NAN;
        for (int i = 0; i < se->n; i = i + stride < se->n || i == se->n - 1 ? i + stride : se->n - 1) {
            double v = se->y[i];
            if (se->dashed && isfinite(v)) off[s] = v > hi || v < lo ? v : NAN;
            if (!isfinite(v) || (se->dashed && (v > hi || v < lo))) {
                have = false;
                continue;
            }
            SDL_FPoint p = {(float)data.x + (float)((double)i / xmax) * (float)data.w,
                            (float)(data.y + data.h) - (float)((v - lo) / (hi - lo)) * (float)data.h};
            if (nseg < cap) seg[nseg++] = (al_plot_seg){have ? prev : p, p};
            prev = p, have = true;
        }
    }
    return nseg;
}

// The label of reference line se, now at value v off the scale (above it
// when up): an arrow pointing the way the line lies, then "name v, off the
// scale", on an opaque box placed near the edge the line lies beyond where
// it hides no line drawn (al_plot_label_place; at the top left it hid the
// best curve, which starts high there), on two lines when one hides a
// value plotted and two hide less. The line itself is not drawn where it
// is off the scale: a dashed line along the top edge read as a value on
// the axis (109.6 on a 0..60 axis looked like 58). Returns the box.
static SDL_Rect off_scale_label(SDL_Renderer *r, const al_font *font, SDL_Rect plot, const al_series *se,
                                double v, bool up, const al_plot_seg *seg, int nseg, const SDL_Rect *taken,
                                int ntaken)
{
    int fh = al_font_height(font);
    char name[80], num[16];
    snprintf(name, sizeof name, "%s %s,", se->name, al_number_cell(num, sizeof num, v));
    const char *rest = "off the scale";
    float ah = 0.6f * (float)fh;
    int lead = (int)ceilf(ah * 1.2f + 8), space = al_text_width(font, " ");
    int w1 = off_label_width(font, se, v);
    int w2 = lead + SDL_max(al_text_width(font, name), al_text_width(font, rest)), h2 = 2 * fh + 2;
    int cost1 = 0, cost2 = 0;
    SDL_Rect box = al_plot_label_place(plot, w1, fh, up, seg, nseg, taken, ntaken, &cost1);
    bool two = false;
    if (cost1 >= 100 && plot.h >= h2 + 8) {
        SDL_Rect box2 = al_plot_label_place(plot, w2, h2, up, seg, nseg, taken, ntaken, &cost2);
        if (cost2 < cost1) box = box2, two = true;
    }
    SDL_SetRenderDrawColor(r, 14, 16, 21, 255);
    SDL_RenderFillRect(r, &box);
    float x = (float)box.x + 2, y = (float)box.y;
    float tip = up ? y + 1 : y + (float)box.h - 1, base = up ? tip + ah : tip - ah;
    SDL_Vertex tri[3] = {{{x + ah * 0.6f, tip}, se->col, {0, 0}},
                         {{x, base}, se->col, {0, 0}},
                         {{x + ah * 1.2f, base}, se->col, {0, 0}}};
    SDL_RenderGeometry(r, NULL, tri, 3, NULL, 0);
    float tx = x + ah * 1.2f + 4;
    al_draw_text_px(r, font, tx, y, se->col, name);
    if (two)
        al_draw_text_px(r, font, tx, y + (float)(fh + 2), se->col, rest);
    else
        al_draw_text_px(r, font, tx + (float)(al_text_width(font, name) + space), y, se->col, rest);
    return box;
}

static al_plot_drawn plot_draw(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                               const char *ytitle, const al_series *series, const al_band *bands, int nseries,
                               const char *empty_says);

al_plot_drawn al_plot_draw(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                           const char *ytitle, const al_series *series, int nseries)
{
    return plot_draw(r, font, area, xtitle, ytitle, series, NULL, nseries, NULL);
}

al_plot_drawn al_plot_draw_says(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                                const char *ytitle, const al_series *series, int nseries, const char *empty_says)
{
    return plot_draw(r, font, area, xtitle, ytitle, series, NULL, nseries, empty_says);
}

// The legend's place: on the title's last row (top px below the area's
// top), right-aligned, when it all fits there; else on at most
// AL_PLOT_LEGEND_ROWS rows of its own between the title and the plot, as many as leave the plot AL_PLOT_MIN_H high. Entries
// past those rows are not drawn: a "+N more" entry says how many (four runs'
// labels on rows of their own had squeezed the plot to nothing at 720x480).
enum { LEGEND_MAX = 32 };
typedef struct legend {
    bool own_rows;
    int rows, shown, lw;
    int x[LEGEND_MAX], y[LEGEND_MAX]; // entry s's swatch, relative to the area
    int more_x, more_y;
    char more[32];
} legend;

static legend legend_layout(const al_font *font, SDL_Rect area, int top, int tw, int room_h,
                            const al_series *series, int nseries)
{
    legend L = {0};
    int fh = al_font_height(font);
    for (int s = 0; s < nseries; ++s)
        L.lw += 18 + al_text_width(font, series[s].name) + 14;
    L.lw -= 14;
    if (nseries <= LEGEND_MAX && area.x + area.w - L.lw - 6 >= area.x + tw + 16) {
        int x = area.w - L.lw - 6;
        for (int s = 0; s < nseries; ++s) {
            L.x[s] = x, L.y[s] = top;
            x += 18 + al_text_width(font, series[s].name) + 14;
        }
        L.shown = nseries;
        return L;
    }
    L.own_rows = true;
    int max_rows = (room_h - AL_PLOT_MIN_H) / (fh + 2);
    if (max_rows > AL_PLOT_LEGEND_ROWS) max_rows = AL_PLOT_LEGEND_ROWS;
    if (max_rows <= 0) {
        L.rows = 0;
        L.shown = 0;
        return L;
    }
    int right = area.w - 6, x = 6, row = 0;
    for (int s = 0; s < nseries && s < LEGEND_MAX; ++s) {
        int w = 18 + al_text_width(font, series[s].name);
        if (x > 6 && x + w > right) {
            if (row + 1 >= max_rows) break;
            row++, x = 6;
        }
        L.x[s] = x, L.y[s] = top + fh + 2 + row * (fh + 2);
        x += w + 14;
        L.shown = s + 1;
    }
    // Room for "+N more" after the last entry shown, dropping entries for it.
    while (L.shown < nseries) {
        snprintf(L.more, sizeof L.more, "+%d more", nseries - L.shown);
        int mw = al_text_width(font, L.more);
        int last = L.shown - 1;
        int end = last >= 0 ? L.x[last] + 18 + al_text_width(font, series[last].name) + 14 : 6;
        int lrow = last >= 0 ? (L.y[last] - top - fh - 2) / (fh + 2) : 0;
        if (end + mw <= right) {
            L.more_x = end, L.more_y = top + fh + 2 + lrow * (fh + 2);
            break;
        }
        if (last >= 0 && lrow + 1 < max_rows) { // on a row of its own
            L.more_x = 6, L.more_y = top + fh + 2 + (lrow + 1) * (fh + 2);
            break;
        }
        if (last < 0) { // not even the count fits: it is cut to the width
            al_text_fit(font, L.more, sizeof L.more, right - 6);
            L.more_x = 6, L.more_y = top + fh + 2;
            break;
        }
        L.shown--;
    }
    int last_y = L.shown > 0 ? L.y[L.shown - 1] : top + fh + 2;
    if (L.more[0] && L.more_y > last_y) last_y = L.more_y;
    L.rows = (last_y - top - fh - 2) / (fh + 2) + 1;
    return L;
}

al_plot_drawn al_plot_draw_banded(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                                  const char *ytitle, const al_series *series, const al_band *bands,
                                  int nseries)
{
    return plot_draw(r, font, area, xtitle, ytitle, series, bands, nseries, NULL);
}

static al_plot_drawn plot_draw(SDL_Renderer *r, const al_font *font, SDL_Rect area, const char *xtitle,
                               const char *ytitle, const al_series *series, const al_band *bands, int nseries,
                               const char *empty_says)
{
    int fh = al_font_height(font);
    int n = 0;
    for (int s = 0; s < nseries; ++s)
        if (series[s].n > n) n = series[s].n;
    double lo, hi, ystep = range_and_step(series, bands, nseries, &lo, &hi);
    bool empty = true;
    for (int s = 0; s < nseries; ++s)
        for (int i = 0; i < series[s].n && empty; ++i)
            empty = !isfinite(series[s].y[i]);
    double xmax = n > 1 ? (double)(n - 1) : 1.0;
    double xstep = al_plot_tick_step(xmax, 5);
    if (xstep < 1.0) xstep = 1.0;
    xmax = ceil(xmax / xstep) * xstep;

    // Layout: y title rotated would need a texture; put it above the axis instead.
    char buf[64];
    int ylab_w = 0;
    for (double v = lo; v <= hi + 0.5 * ystep; v += ystep) {
        al_number_tick(buf, sizeof buf, v, ystep);
        int w = al_text_width(font, buf);
        if (w > ylab_w) ylab_w = w;
    }
    // The title: its lines ('\n' between, AL_PLOT_TITLE_LINES at most),
    // each cut with "..." to the area's width; the legend may share the last.
    char yt[AL_PLOT_TITLE_LINES][256];
    int trows = 0, tw = 0;
    for (const char *t = ytitle; trows < AL_PLOT_TITLE_LINES;) {
        size_t len = strcspn(t, "\n");
        if (trows + 1 == AL_PLOT_TITLE_LINES) len = strlen(t); // the rest, on the last line
        snprintf(yt[trows], sizeof yt[0], "%.*s", (int)len, t);
        for (char *c = yt[trows]; *c; ++c)
            if (*c == '\n') *c = ' ';
        al_text_fit(font, yt[trows], sizeof yt[0], area.w);
        tw = al_text_width(font, yt[trows++]);
        if (!t[len]) break;
        t += len + 1;
    }
    int top = (trows - 1) * (fh + 2); // the last title row's, from the area's top
    legend L = legend_layout(font, area, top, tw, area.h - top - (fh + 4) - (2 * fh + 6), series, nseries);
    int legend_rows = L.own_rows ? L.rows : 0;
    al_plot_drawn drawn = {{0, 0, 0, 0}, {area.x, area.y, 0, top + fh}, trows, legend_rows, L.shown,
                           nseries - L.shown, 0, {{0, 0, 0, 0}}, NULL, 0, NULL};
    for (int i = 0; i < trows; ++i)
        if (al_text_width(font, yt[i]) > drawn.title.w) drawn.title.w = al_text_width(font, yt[i]);
    SDL_Rect plot = {area.x + ylab_w + 8, area.y + top + fh + 4 + legend_rows * (fh + 2), 0, 0};
    plot.w = area.x + area.w - plot.x - 6;
    plot.h = area.y + area.h - plot.y - 2 * fh - 6;
    if (plot.w < 20 || plot.h < 20) return drawn;
    drawn.axes = plot;
    // Where an off-the-scale label would cover a line wherever it went
    // (the curves fill the plot), the values are drawn below (or above) a
    // strip that holds the labels: a label never hides a value. A line
    // crossing the label counts too: with few generations the points lie
    // far apart, and the ants' greedy-group label sat between two of them
    // over the best curve (trial, issue 10).
    SDL_Rect data = plot, strip_up = {0, 0, 0, 0}, strip_down = {0, 0, 0, 0};
    {
        static al_plot_seg dry[16384];
        double off[64];
        int nd = nseries <= 64 ? data_segments(series, nseries, plot, lo, hi, xmax, dry, 16384, off) : 0;
        int sh = fh + 8;
        for (int s = 0; nseries <= 64 && s < nseries; ++s) {
            if (!isfinite(off[s]) || plot.h < 3 * sh) continue;
            bool up = off[s] > hi;
            int cost = 0;
            al_plot_label_place(plot, off_label_width(font, &series[s], off[s]), fh, up, dry, nd, NULL, 0, &cost);
            if (cost == 0) continue;
            if (up && strip_up.h == 0) strip_up = (SDL_Rect){plot.x, plot.y, plot.w, sh};
            if (!up && strip_down.h == 0) strip_down = (SDL_Rect){plot.x, plot.y + plot.h - sh, plot.w, sh};
        }
        data.y += strip_up.h;
        data.h -= strip_up.h + strip_down.h;
    }

    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 16, 21, 255);
    SDL_RenderFillRect(r, &plot);

    // Grid and tick labels.
    for (double v = lo; v <= hi + 0.5 * ystep; v += ystep) {
        float py = (float)(data.y + data.h) - (float)((v - lo) / (hi - lo)) * (float)data.h;
        SDL_SetRenderDrawColor(r, 48, 54, 66, 255);
        SDL_RenderDrawLineF(r, (float)plot.x, py, (float)(plot.x + plot.w), py);
        al_number_tick(buf, sizeof buf, v, ystep);
        al_draw_text_px(r, font, (float)(plot.x - 5 - al_text_width(font, buf)), py - 0.5f * fh,
                        AL_COL_DIM, buf);
    }
    for (double v = 0; v <= xmax + 0.5 * xstep; v += xstep) {
        float px = (float)plot.x + (float)(v / xmax) * (float)plot.w;
        SDL_SetRenderDrawColor(r, 48, 54, 66, 255);
        SDL_RenderDrawLineF(r, px, (float)plot.y, px, (float)(plot.y + plot.h));
        al_number_tick(buf, sizeof buf, v, xstep);
        float w = (float)al_text_width(font, buf);
        // Centred under its grid line, but never past the area's right edge
        // (the last label, at the plot's edge, would be cut off there).
        float lx = fminf(px - 0.5f * w, (float)(area.x + area.w) - w);
        al_draw_text_px(r, font, lx, (float)(plot.y + plot.h + 2), AL_COL_DIM, buf);
    }
    set_colour(r, AL_COL_BORDER);
    SDL_RenderDrawRect(r, &plot);

    // Axis titles: y above the axis, x centred under the tick labels.
    // Never past the area's right edge: a title too long is cut with "..."
    // (the shell wraps its own first, al_plot_fit_title).
    for (int i = 0; i < trows; ++i)
        al_draw_text_px(r, font, (float)area.x, (float)(area.y + i * (fh + 2)), AL_COL_DIM, yt[i]);
    int xw = al_text_width(font, xtitle);
    al_draw_text_px(r, font, (float)(plot.x + (plot.w - xw) / 2), (float)(plot.y + plot.h + fh + 2),
                    AL_COL_DIM, xtitle);

    if (empty) {
        const char *msg = empty_says                     ? empty_says
                          : strstr(xtitle, "generation") ? "no generations yet"
                                                         : "nothing measured yet";
        drawn.empty = msg;
        // Centred, wrapped when wider than the axes (a figure's "not
        // tested yet: ..." in a narrow panel), on as many lines as they
        // hold, over the grid on the plot's background (a grid line struck
        // through it).
        static al_fitted say; // large for the stack; drawing is single-threaded
        al_text_wrap(font, msg, plot.w - 8, SDL_max(1, (plot.h - 4) / fh), &say);
        for (int i = 0; i < say.n; ++i) {
            int lw = al_text_width(font, say.line[i]);
            SDL_Rect under = {plot.x + (plot.w - lw) / 2 - 3, plot.y + (plot.h - say.h) / 2 + i * fh, lw + 6, fh};
            SDL_SetRenderDrawColor(r, 14, 16, 21, 255);
            SDL_RenderFillRect(r, &under);
            al_draw_text_px(r, font, (float)(under.x + 3), (float)under.y, AL_COL_DIM, say.line[i]);
        }
    }

    // Series, clipped to the plot; at most about two points per pixel column.
    SDL_RenderSetClipRect(r, &plot);
    // Bands first, translucent, so every line stays visible on top of them.
    for (int s = 0; bands && s < nseries; ++s) {
        const al_series *se = &series[s];
        if (!bands[s].lo || !bands[s].hi || se->n < 2) continue;
        int stride = se->n / (2 * plot.w) + 1;
        SDL_Color c = se->col;
        c.a = 56;
        SDL_Vertex quad[6];
        float px0 = 0, lo0 = 0, hi0 = 0;
        bool have = false;
        for (int i = 0; i < se->n; i += stride) {
            double a = bands[s].lo[i], b = bands[s].hi[i];
            if (a < lo) a = lo;
            if (b < lo) b = lo;
            if (!isfinite(a) || !isfinite(b)) {
                have = false;
                continue;
            }
            float px = (float)plot.x + (float)((double)i / xmax) * (float)plot.w;
            float pl = (float)(data.y + data.h) - (float)((a - lo) / (hi - lo)) * (float)data.h;
            float ph = (float)(data.y + data.h) - (float)((b - lo) / (hi - lo)) * (float)data.h;
            if (have) {
                SDL_FPoint p[4] = {{px0, lo0}, {px0, hi0}, {px, ph}, {px, pl}};
                const int idx[6] = {0, 1, 2, 0, 2, 3};
                for (int k = 0; k < 6; ++k) quad[k] = (SDL_Vertex){p[idx[k]], c, {0, 0}};
                SDL_RenderGeometry(r, NULL, quad, 6, NULL, 0);
            }
            px0 = px;
            lo0 = pl;
            hi0 = ph;
            have = true;
        }
    }
    enum { MAXPTS = 4096, MAXSEG = 16384 };
    SDL_FPoint pts[MAXPTS];
    static al_plot_seg seg[MAXSEG]; // every piece of line drawn, for the labels' places
    int nseg = 0;
    struct { int s; double v; } off_lines[AL_PLOT_OFF_LABELS]; // reference lines off the scale
    int noff = 0;
    for (int s = 0; s < nseries; ++s) {
        const al_series *se = &series[s];
        int stride = se->n / (2 * plot.w) + 1;
        int k = 0;
        double off = NAN; // a reference line's last value off the scale
        set_colour(r, se->col);
        // Every stride-th point and the last one, each once.
        for (int i = 0; i < se->n;) {
            bool last = i == se->n - 1;
            double v = se->y[i];
            if (se->dashed && isfinite(v) && (v > hi || v < lo)) {
                off = v; // off the scale: a gap in the line, and the label says where
                v = NAN;
            } else if (se->dashed && isfinite(v)) {
                off = NAN;
            }
            if (isfinite(v) && k < MAXPTS) {
                float px = (float)plot.x + (float)((double)i / xmax) * (float)plot.w;
                float py = (float)(data.y + data.h) - (float)((v - lo) / (hi - lo)) * (float)data.h;
                pts[k++] = (SDL_FPoint){px, py};
            }
            if ((!isfinite(v) || last || k == MAXPTS) && k > 0) {
                for (int j = 0; j < (k > 1 ? k - 1 : 1) && nseg < MAXSEG; ++j)
                    seg[nseg++] = (al_plot_seg){pts[j], pts[k > 1 ? j + 1 : j]};
                if (k == 1) {
                    // A lone point (one generation so far, or between gaps):
                    // a dot big enough to see, wholly inside the plot.
                    SDL_FRect dot = {pts[0].x - 3, pts[0].y - 3, 7, 7};
                    dot.x = fminf(fmaxf(dot.x, (float)plot.x + 1), (float)(plot.x + plot.w) - 8);
                    dot.y = fminf(fmaxf(dot.y, (float)plot.y + 1), (float)(plot.y + plot.h) - 8);
                    SDL_RenderFillRectF(r, &dot);
                } else if (se->dashed) {
                    dashed(r, pts, k);
                } else {
                    SDL_RenderDrawLinesF(r, pts, k);
                    // A second pass one pixel down makes the line 2 px thick.
                    for (int j = 0; j < k; ++j)
                        pts[j].y += 1.0f;
                    SDL_RenderDrawLinesF(r, pts, k);
                }
                k = 0;
            }
            if (last) break;
            i = i + stride < se->n ? i + stride : se->n - 1;
        }
        if (isfinite(off) && noff < AL_PLOT_OFF_LABELS) off_lines[noff].s = s, off_lines[noff++].v = off;
    }
    // The labels last, each clear of every line and of the labels before it.
    for (int k = 0; k < noff; ++k) {
        bool up = off_lines[k].v > hi;
        SDL_Rect strip = up ? strip_up : strip_down; // held for the labels, else the whole plot
        drawn.off_scale[k] = off_scale_label(r, font, strip.h ? strip : plot, &series[off_lines[k].s],
                                             off_lines[k].v, up, seg, nseg, drawn.off_scale, k);
    }
    drawn.off_scale_labels = noff;
    drawn.segs = seg;
    drawn.nsegs = nseg;
    SDL_RenderSetClipRect(r, NULL);

    // The legend (laid out above: the title row, or rows of its own).
    for (int s = 0; s < L.shown; ++s) {
        int lx = area.x + L.x[s], ly = area.y + L.y[s];
        set_colour(r, series[s].col);
        if (series[s].dashed) {
            SDL_Rect a = {lx, ly + fh / 2 - 1, 5, 2}, b = {lx + 9, ly + fh / 2 - 1, 5, 2};
            SDL_RenderFillRect(r, &a);
            SDL_RenderFillRect(r, &b);
        } else {
            SDL_Rect sw = {lx, ly + fh / 2 - 1, 14, 3};
            SDL_RenderFillRect(r, &sw);
        }
        al_draw_text_px(r, font, (float)(lx + 18), (float)ly, AL_COL_TEXT, series[s].name);
    }
    if (L.more[0])
        al_draw_text_px(r, font, (float)(area.x + L.more_x), (float)(area.y + L.more_y), AL_COL_DIM, L.more);
    return drawn;
}

bool al_plot_fit_title(const al_font *font, const char *title, const char *hint, int width, char *out,
                       size_t cap)
{
    // On one line: the title with the whole hint, a short one, none.
    const char *shorter = hint && strncmp(hint, "Tab", 3) == 0 ? "Tab" : NULL;
    const char *tries[3] = {hint, shorter, NULL};
    for (int k = 0; k < 3; ++k) {
        if (k < 2 && !tries[k]) continue;
        if (tries[k])
            snprintf(out, cap, "%s   (%s)", title, tries[k]);
        else
            snprintf(out, cap, "%s", title);
        if (al_text_width(font, out) <= width) return false;
    }
    // Else wrapped, the hint after it when the last line has room for it
    // (the trial read "greedy group's mines: mines hit per ant of the
    // greedy group,..." at every window size); cut only past those lines.
    static al_fitted ft; // large for the stack; drawing is single-threaded
    bool cut = al_text_wrap(font, title, width, AL_PLOT_TITLE_LINES, &ft);
    char last[AL_FIT_LINE + 32];
    for (int k = 0; k < 2 && !cut && ft.n > 0; ++k) {
        if (!tries[k]) continue;
        snprintf(last, sizeof last, "%s   (%s)", ft.line[ft.n - 1], tries[k]);
        if (strlen(last) < sizeof ft.line[0] && al_text_width(font, last) <= width) {
            memcpy(ft.line[ft.n - 1], last, strlen(last) + 1);
            break;
        }
    }
    out[0] = '\0';
    for (int i = 0; i < ft.n; ++i) {
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%s", i ? "\n" : "", ft.line[i]);
    }
    return cut;
}
