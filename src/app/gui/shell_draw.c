// The GUI shell's layout and drawing: the world view on the left, the side
// panel on the right (title, status, last generations, the view's own lines,
// parameters, keys, flowing down above the plot anchored at the bottom), the
// help overlay and F12 screenshots. Drawing never steps the simulation.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "alife/world.h"
#include "plot.h"
#include "png_write.h"
#include "shell.h"

// ---- layout -------------------------------------------------------------------------
void al_shell_output_size(const al_gui *g, int *w, int *h)
{
    if (SDL_GetRendererOutputSize(g->r, w, h) != 0) *w = *h = 0;
}

void al_gui_layout(const al_gui *g, SDL_Rect *world, SDL_Rect *panel)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    int pw = (int)(0.34 * w);
    if (pw < 360) pw = 360;
    if (pw > 480) pw = 480;
    if (pw > w - 200) pw = w > 400 ? w / 2 : w;
    if (world) *world = (SDL_Rect){0, 0, w - pw, h};
    if (panel) *panel = (SDL_Rect){w - pw, 0, pw, h};
}

void al_shell_canvas(al_gui *g, al_canvas *c)
{
    SDL_Rect area;
    al_gui_layout(g, &area, NULL);
    const int margin = 14;
    alWorld world = alWorld_FromConfig(g->cfg);
    float aw = (float)(area.w - 2 * margin), ah = (float)(area.h - 2 * margin);
    if (aw < 1) aw = 1;
    if (ah < 1) ah = 1;
    float scale = fminf(aw / world.width, ah / world.height);
    float ww = world.width * scale, wh = world.height * scale;
    *c = (al_canvas){
        .r = g->r,
        .rect = area,
        .world_px = {(float)area.x + 0.5f * ((float)area.w - ww),
                     (float)area.y + 0.5f * ((float)area.h - wh), ww, wh},
        .world = world,
        .scale = scale,
        .font = g->font,
        .small = g->small,
        .mono = g->mono,
        .batch = &g->batch,
    };
}

// ---- drawing ------------------------------------------------------------------------
static void fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

static void text_centred(al_gui *g, const al_font *f, int cx, int y, SDL_Color col, const char *s)
{
    al_draw_text_px(g->r, f, (float)(cx - al_text_width(f, s) / 2), (float)y, col, s);
}

// A rounded-looking badge with text, e.g. "PAUSED".
static void badge(al_gui *g, int x, int y, SDL_Color bg, const char *s)
{
    int w = al_text_width(g->font, s) + 16, h = al_font_height(g->font) + 6;
    fill(g->r, (SDL_Rect){x, y, w, h}, bg);
    al_draw_text_px(g->r, g->font, (float)(x + 8), (float)(y + 3), AL_RGB(16, 18, 22), s);
}

static void draw_world(al_gui *g)
{
    al_canvas c;
    al_shell_canvas(g, &c);
    SDL_Rect wr = {(int)c.world_px.x, (int)c.world_px.y, (int)c.world_px.w, (int)c.world_px.h};
    fill(g->r, wr, AL_COL_WORLD);
    int cx = wr.x + wr.w / 2, cy = wr.y + wr.h / 2, lh = al_font_height(g->font);
    if (!g->have_session) {
        char line[160];
        snprintf(line, sizeof line, "module '%s' not in this build", mode_names[g->mode]);
        text_centred(g, g->title, cx, cy - lh, AL_COL_DIM, line);
        text_centred(g, g->font, cx, cy + 8, AL_COL_DIM,
                     "nothing is simulated here; press 1, 2 or 3 for another mode");
    } else if (g->fast) {
        char line[160];
        snprintf(line, sizeof line, "fast-forward: generation %lld", (long long)g->s.gens);
        text_centred(g, g->title, cx, cy - lh, AL_COL_WARN, line);
        text_centred(g, g->font, cx, cy + 8, AL_COL_DIM,
                     "simulating without drawing the world; F to watch again");
    } else if (g->view && g->view->draw) {
        SDL_RenderSetClipRect(g->r, &c.rect);
        g->ctx.paused = g->paused;
        g->view->draw(&g->ctx, &c);
        al_batch_draw(&c); // in case the view left shapes in the batch
        SDL_RenderSetClipRect(g->r, NULL);
    } else {
        char line[160];
        snprintf(line, sizeof line, "module '%s' runs, but this build has no view for it",
                 mode_names[g->mode]);
        text_centred(g, g->font, cx, cy - lh / 2, AL_COL_DIM, line);
    }
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawRect(g->r, &wr);
    // What the rectangle is, under it (when there is room).
    if (!(g->view && g->view->no_world) &&
        wr.y + wr.h + 4 + al_font_height(g->small) <= c.rect.y + c.rect.h) {
        char cap[160];
        snprintf(cap, sizeof cap, "world %g x %g, edges %s", (double)c.world.width,
                 (double)c.world.height,
                 c.world.edge == AL_EDGE_WRAP ? "wrap around" : alEdgePolicy_Name(c.world.edge));
        al_draw_text_px(g->r, g->small, (float)wr.x, (float)(wr.y + wr.h + 4), AL_COL_DIM, cap);
    }

    // State badges over the top-left of the world view.
    int bx = c.rect.x + 20, by = c.rect.y + 20;
    if (g->done) {
        char s[200];
        if (g->s.goal)
            snprintf(s, sizeof s, "GOAL REACHED in %lld generations  -  R: new run, seed %llu",
                     (long long)g->s.gens, (unsigned long long)g->s.seed + 1);
        else
            snprintf(s, sizeof s, "FINISHED: %lld generations  -  R: new run, seed %llu",
                     (long long)g->s.gens, (unsigned long long)g->s.seed + 1);
        badge(g, bx, by, AL_COL_GOOD, s);
    } else if (g->paused && g->have_session) {
        badge(g, bx, by, AL_COL_WARN, "PAUSED  -  Space to run, N to step");
    }
}

typedef struct param_ctx {
    al_panel *p;
    int pass; ///< 0: the module's own keys, 1: run.*, 2: world.*
    int col, shown, skipped;
    int colw;
} param_ctx;

static void param_line(const char *key, const char *value, void *vctx)
{
    param_ctx *pc = vctx;
    al_panel *p = pc->p;
    int pass = strncmp(key, "run.", 4) == 0 ? 1 : strncmp(key, "world.", 6) == 0 ? 2 : 0;
    if (pass != pc->pass || strcmp(key, "run.module") == 0 || strcmp(key, "run.name") == 0 ||
        strcmp(key, "run.threads") == 0)
        return;
    int lh = al_font_height(p->small);
    if (p->y + lh > p->bottom) {
        pc->skipped++;
        return;
    }
    char buf[200];
    const char *short_key = key;
    // "ga.population" reads fine; "run.seed" as "seed".
    if (strncmp(key, "run.", 4) == 0) short_key = key + 4;
    snprintf(buf, sizeof buf, "%s", short_key);
    int x = p->x + pc->col * pc->colw;
    int kw = al_text_width(p->small, buf);
    char val[120];
    snprintf(val, sizeof val, "%s", value[0] ? value : "\"\"");
    int maxv = pc->colw - kw - 16;
    if (al_text_width(p->small, val) > maxv) { // long strings (a target): show the start
        size_t n = strlen(val);
        while (n > 0 && al_text_width(p->small, val) > maxv - al_text_width(p->small, ".."))
            val[--n] = '\0';
        snprintf(val + n, sizeof val - n, "..");
    }
    al_draw_text_px(p->r, p->small, (float)x, (float)p->y, AL_COL_DIM, buf);
    al_draw_text_px(p->r, p->small, (float)(x + kw + 6), (float)p->y, AL_COL_TEXT, val);
    pc->shown++;
    if (++pc->col == 2) {
        pc->col = 0;
        p->y += lh;
    }
}

static void panel_stats(al_gui *g, al_panel *p)
{
    const history *h = &g->hist;
    if (g->have_session && g->view && g->view->figures_only) return; // the view shows its figures
    bool lower = g->have_session && g->s.cls->lower_is_better;
    al_panel_heading(p, lower ? "Last generations (error: lower is better)" : "Last generations");
    if (h->n == 0) {
        al_panel_note(p, g->have_session ? "none finished yet" : "no module, no generations");
        return;
    }
    char line[160];
    snprintf(line, sizeof line, "%6s %10s %10s %10s", "gen", "best", "mean", "worst");
    SDL_Color dim[64];
    for (int i = 0; i < 64; ++i)
        dim[i] = AL_COL_DIM;
    al_panel_chars(p, line, dim, 64);
    int64_t first_gen = g->s.gens - h->n; // history covers the session's last h->n generations
    // A view with its own panel lines gets the room of two rows on a short
    // window (the steering view's variables would otherwise be cut).
    int rows = g->view && g->view->panel && p->bottom - p->y < 560 ? 3 : 5;
    for (int k = 0; k < rows && k < h->n; ++k) {
        int i = h->n - 1 - k;
        snprintf(line, sizeof line, "%6lld %10.4g %10.4g %10.4g", (long long)(first_gen + i),
                 h->best[i], h->mean[i], h->worst[i]);
        SDL_Color cols[64];
        for (int j = 0; j < 64; ++j)
            cols[j] = k == 0 ? AL_COL_TEXT : AL_COL_DIM;
        for (int j = 7; j < 18; ++j)
            cols[j] = k == 0 ? AL_COL_BEST : AL_RGB(170, 130, 80);
        al_panel_chars(p, line, cols, 64);
    }
    if (g->have_session && g->s.cls->describe && g->s.have_last) {
        char desc[256] = "";
        g->s.cls->describe(g->s.mod, desc, sizeof desc);
        if (desc[0]) al_panel_wrap(p, p->font, AL_COL_TEXT, desc, 2);
    }
}

// The shell's keys flowing left to right ("Space pause / run   N one tick
// ..."), wrapping as needed; with draw false it only counts the lines.
static int keys_layout(al_gui *g, al_panel *p, int width, bool draw)
{
    int x = 0, lines = 1, sh = al_font_height(g->small);
    int gap = al_text_width(g->small, "   "), sp = al_text_width(g->small, " ");
    for (int i = 0; i < NSHELLKEYS; ++i) {
        int kw = al_text_width(g->small, shell_keys[i][0]);
        int w = kw + sp + al_text_width(g->small, shell_keys[i][1]);
        if (x > 0 && x + w > width) {
            x = 0;
            lines++;
        }
        if (draw) {
            float px = (float)(p->x + x), py = (float)(p->y + (lines - 1) * sh);
            al_draw_text_px(g->r, g->small, px, py, AL_COL_WARN, shell_keys[i][0]);
            al_draw_text_px(g->r, g->small, px + (float)(kw + sp), py, AL_COL_TEXT,
                            shell_keys[i][1]);
        }
        x += w + gap;
    }
    return lines;
}

static int keys_lines(al_gui *g, int width)
{
    return keys_layout(g, NULL, width, false);
}

static void keys_flow(al_gui *g, al_panel *p)
{
    int lines = keys_lines(g, p->width), sh = al_font_height(g->small);
    if (p->y + 6 + al_font_height(g->font) + 3 + lines * sh > p->bottom) {
        if (al_panel_fits(p, g->small)) // a small window: the help has them all
            al_draw_text_px(g->r, g->small, (float)p->x, (float)p->y, AL_COL_WARN,
                            "H shows the keys   Space pause   Esc quit");
        p->y += sh;
        return;
    }
    al_panel_heading(p, "Keys");
    keys_layout(g, p, p->width, true);
    p->y += lines * sh;
    if (g->view && g->view->keys_help && al_panel_fits(p, g->small))
        al_panel_note(p, "H lists the %s view's own keys too", mode_names[g->mode]);
}

static void draw_panel(al_gui *g)
{
    SDL_Rect pr;
    al_gui_layout(g, NULL, &pr);
    fill(g->r, pr, AL_COL_PANEL);
    SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawLine(g->r, pr.x, pr.y, pr.x, pr.y + pr.h);

    int plot_h = pr.h * 27 / 100;
    if (plot_h < 160) plot_h = 160;
    if (plot_h > 300) plot_h = 300;
    al_panel p = {
        .r = g->r,
        .rect = pr,
        .x = pr.x + 16,
        .y = pr.y + 12,
        .width = pr.w - 32,
        .bottom = pr.y + pr.h - plot_h - 10,
        .font = g->font,
        .small = g->small,
        .mono = g->mono,
        .title = g->title,
    };
    SDL_RenderSetClipRect(g->r, &pr);

    // Title and the mode tabs.
    const char *title = g->have_session ? g->s.cls->title : mode_titles[g->mode];
    al_draw_text_px(g->r, g->title, (float)p.x, (float)p.y, AL_COL_TEXT, title);
    p.y += al_font_height(g->title) + 2;
    float tx = (float)p.x;
    for (int i = 0; i < NMODES; ++i) {
        char tab[40];
        snprintf(tab, sizeof tab, "%d %s", i + 1, mode_names[i]);
        int w = al_text_width(g->small, tab);
        if (i == g->mode) {
            fill(g->r, (SDL_Rect){(int)tx - 5, p.y - 1, w + 10, al_font_height(g->small) + 2},
                 AL_RGB(46, 70, 110));
        }
        al_draw_text_px(g->r, g->small, tx, (float)p.y, i == g->mode ? AL_COL_TEXT : AL_COL_DIM,
                        tab);
        tx += (float)w + 20;
    }
    p.y += al_font_height(g->small) + 6;

    // Status.
    if (g->have_session) {
        const char *state = g->done     ? (g->s.goal ? "goal reached" : "finished")
                            : g->fast   ? "fast-forward"
                            : g->paused ? "paused"
                                        : "running";
        SDL_Color sc = g->done ? AL_COL_GOOD : g->paused ? AL_COL_WARN : AL_COL_TEXT;
        char gens[64];
        snprintf(gens, sizeof gens, "%lld / %lld", (long long)g->s.gens, (long long)g->s.max_gens);
        al_panel_text(&p, sc, "%s   tick %lld   gen %s", state, (long long)g->s.ticks, gens);
        char fps[32] = "";
        if (g->win) snprintf(fps, sizeof fps, "   %.0f fps", g->fps);
        al_panel_note(&p, "speed %d ticks/frame%s   seed %llu", speeds[g->speed_idx], fps,
                      (unsigned long long)g->s.seed);
        if (g->s.log)
            al_panel_note(&p, "logging run %lld to %s", (long long)g->s.run_id, g->db_path);
        else
            al_panel_note(&p, "%s", g->db_path ? "run log closed" : "not logging this run");
    } else {
        al_panel_text(&p, AL_COL_DIM, "empty world: module not in this build");
    }
    if (g->message[0] && al_now() < g->message_until)
        al_panel_wrap(&p, g->small, g->message_col, g->message, 3);

    panel_stats(g, &p);

    if (g->have_session && g->view && g->view->panel) {
        g->ctx.paused = g->paused;
        g->view->panel(&g->ctx, &p);
    }

    // Parameters: the module's own first, the world last (least telling);
    // room is kept for the keys below them.
    int sh = al_font_height(g->small);
    int keys_h = 6 + al_font_height(g->font) + 3 + sh * keys_lines(g, p.width) + 4;
    if (g->view && g->view->keys_help) keys_h += sh;
    int full_bottom = p.bottom;
    p.bottom -= keys_h;
    al_panel_heading(&p, "Parameters");
    p.bottom -= sh; // for the "more" line
    param_ctx pc = {&p, 0, 0, 0, 0, p.width / 2};
    for (pc.pass = 0; pc.pass < 3; ++pc.pass)
        alConfig_Each(g->cfg, param_line, &pc);
    if (pc.col == 1) p.y += sh;
    p.bottom += sh;
    if (pc.skipped > 0)
        al_panel_note(&p, "%d more: alife config --list --module %s", pc.skipped,
                      mode_names[g->mode]);
    p.bottom = full_bottom;

    keys_flow(g, &p);

    // The plot, anchored at the bottom.
    SDL_Rect area = {pr.x + 12, pr.y + pr.h - plot_h, pr.w - 24, plot_h - 8};
    const history *h = &g->hist;
    al_series series[2 + MAXFIG];
    int ns = 0;
    series[ns++] = (al_series){"best", AL_COL_BEST, h->best, h->n, false};
    series[ns++] = (al_series){"mean", AL_COL_MEAN, h->mean, h->n, false};
    static const SDL_Color fig_cols[MAXFIG] = {
        {150, 230, 140, 255}, {230, 120, 200, 255}, {200, 200, 200, 255}, {240, 240, 120, 255},
        {120, 200, 240, 255}, {240, 150, 90, 255},  {180, 150, 240, 255}, {150, 150, 150, 255}};
    for (int i = 0; i < h->nfig; ++i)
        series[ns++] = (al_series){h->fig_name[i], fig_cols[i], h->fig[i], h->n, true};
    if (g->have_session && g->view && g->view->figures_only && h->nfig > 0) {
        // One figure over time, the one the view (its lesson) asks for.
        const char *want = g->view->plotted ? g->view->plotted(&g->ctx) : NULL;
        int k = 0;
        for (int i = 0; want && i < h->nfig; ++i)
            if (strcmp(h->fig_name[i], want) == 0) k = i;
        series[0] = (al_series){h->fig_name[k], AL_COL_BEST, h->fig[k], h->n, false};
        ns = 1;
    }
    bool lower = g->have_session && g->s.cls->lower_is_better;
    const char *ytitle = lower ? "error per generation" : "fitness per generation";
    const char *xtitle = "generation";
    if (g->view && g->have_session && g->view->plot_y) ytitle = g->view->plot_y;
    if (g->view && g->have_session && g->view->plot_x) xtitle = g->view->plot_x;
    if (g->have_session && g->view && g->view->figures_only && h->nfig > 0) ytitle = series[0].name;
    if (al_compare_view_count(g->cmpv, mode_names[g->mode]) > 0)
        al_compare_view_draw_plot(g->cmpv, g->r, g->small, area, ytitle, series, 1);
    else
        al_plot_draw(g->r, g->small, area, xtitle, ytitle, series, ns);
    SDL_RenderSetClipRect(g->r, NULL);
}

static void draw_help(al_gui *g)
{
    int w, h;
    al_shell_output_size(g, &w, &h);
    fill(g->r, (SDL_Rect){0, 0, w, h}, AL_RGBA(0, 0, 0, 170));
    int lh = al_font_height(g->font);
    int view_lines = 0;
    const char *vk = g->view ? g->view->keys_help : NULL;
    for (const char *s = vk; s && *s; ++s)
        view_lines += *s == '\n';
    if (vk && vk[0] && vk[strlen(vk) - 1] != '\n') view_lines++;
    int sh = al_font_height(g->small);
    int bh = 16 + al_font_height(g->title) + 10 + lh * NSHELLKEYS + lh / 2 + 2 * sh + 16;
    if (view_lines) bh += lh / 2 + lh * (view_lines + 1);
    int bw = 640;
    if (bw > w - 20) bw = w - 20;
    SDL_Rect box = {(w - bw) / 2, (h - bh) / 2, bw, bh};
    if (box.y < 10) box.y = 10;
    fill(g->r, box, AL_RGB(30, 34, 44));
    SDL_SetRenderDrawColor(g->r, AL_COL_ACCENT.r, AL_COL_ACCENT.g, AL_COL_ACCENT.b, 255);
    SDL_RenderDrawRect(g->r, &box);
    int x = box.x + 24, y = box.y + 16;
    al_draw_text_px(g->r, g->title, (float)x, (float)y, AL_COL_TEXT, "alife - keys");
    y += al_font_height(g->title) + 10;
    for (int i = 0; i < NSHELLKEYS; ++i, y += lh) {
        al_draw_text_px(g->r, g->font, (float)x, (float)y, AL_COL_WARN, shell_keys[i][0]);
        al_draw_text_px(g->r, g->font, (float)(x + 90), (float)y, AL_COL_TEXT, shell_keys[i][2]);
    }
    if (view_lines) {
        y += lh / 2;
        char head[80];
        snprintf(head, sizeof head, "%s view", mode_names[g->mode]);
        al_draw_text_px(g->r, g->font, (float)x, (float)y, AL_COL_ACCENT, head);
        y += lh;
        const char *s = vk;
        while (*s) {
            const char *nl = strchr(s, '\n');
            size_t n = nl ? (size_t)(nl - s) : strlen(s);
            char line[200];
            snprintf(line, sizeof line, "%.*s", (int)n, s);
            // "K  what": the key part up to the first double space.
            char *gap = strstr(line, "  ");
            if (gap) {
                *gap = '\0';
                const char *what = gap + 2;
                while (*what == ' ')
                    what++;
                al_draw_text_px(g->r, g->font, (float)x, (float)y, AL_COL_WARN, line);
                al_draw_text_px(g->r, g->font, (float)(x + 90), (float)y, AL_COL_TEXT, what);
            } else {
                al_draw_text_px(g->r, g->font, (float)x, (float)y, AL_COL_TEXT, line);
            }
            y += lh;
            s += n + (nl ? 1 : 0);
        }
    }
    y += lh / 2;
    al_draw_text_px(g->r, g->small, (float)x, (float)y, AL_COL_DIM,
                    "Runs are logged like 'alife run' ones: see them with 'alife runs'.");
    y += al_font_height(g->small);
    al_draw_text_px(g->r, g->small, (float)x, (float)y, AL_COL_DIM, "Any key closes this help.");
}

static void save_shot(al_gui *g)
{
    g->shot_pending = false;
    if (mkdir(g->shot_dir, 0777) != 0 && errno != EEXIST) {
        al_shell_say(g, AL_COL_BAD, "cannot create %s: %s", g->shot_dir, strerror(errno));
        return;
    }
    char stamp[32], path[600];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(path, sizeof path, "%s/alife-%s-%s.png", g->shot_dir, mode_names[g->mode], stamp);
    struct stat st;
    for (int i = 2; stat(path, &st) == 0 && i < 1000; ++i) // two in one second
        snprintf(path, sizeof path, "%s/alife-%s-%s-%d.png", g->shot_dir, mode_names[g->mode],
                 stamp, i);
    int w, h;
    al_shell_output_size(g, &w, &h);
    uint8_t *px = malloc((size_t)w * (size_t)h * 4);
    alError err = {0};
    if (!px) {
        al_shell_say(g, AL_COL_BAD, "screenshot: out of memory");
        return;
    }
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0)
        al_shell_say(g, AL_COL_BAD, "screenshot: cannot read the frame: %s", SDL_GetError());
    else if (al_png_write(path, px, w, h, w * 4, &err) != AL_OK)
        al_shell_say(g, AL_COL_BAD, "screenshot: %s", err.msg);
    else {
        snprintf(g->last_shot, sizeof g->last_shot, "%s", path);
        al_shell_say(g, AL_COL_GOOD, "screenshot saved: %s", path);
        printf("alife: screenshot saved: %s\n", path);
        fflush(stdout);
    }
    free(px);
}

void al_gui_draw(al_gui *g)
{
    double now = al_now();
    if (g->last_frame > 0) {
        double dt = now - g->last_frame;
        if (dt > 0) g->fps = g->fps > 0 ? 0.9 * g->fps + 0.1 / dt : 1.0 / dt;
    }
    g->last_frame = now;
    SDL_SetRenderDrawColor(g->r, AL_COL_BG.r, AL_COL_BG.g, AL_COL_BG.b, 255);
    SDL_RenderClear(g->r);
    draw_world(g);
    draw_panel(g);
    int ow, oh;
    al_shell_output_size(g, &ow, &oh);
    al_compare_view_draw_picker(g->cmpv, g->r, g->font, g->small, g->title, ow, oh);
    if (g->help) draw_help(g);
    if (g->shot_pending) {
        // Draw once more so the saved picture shows the path it was saved to? No:
        // the picture is the frame the user saw; the path shows from the next frame.
        save_shot(g);
    }
}

void al_gui_present(al_gui *g)
{
    if (g->win) SDL_RenderPresent(g->r);
}

alResult al_gui_save_png(al_gui *g, const char *path, alError *err)
{
    al_gui_draw(g);
    int w, h;
    al_shell_output_size(g, &w, &h);
    uint8_t *px = malloc((size_t)w * (size_t)h * 4);
    if (!px) return alError_Set(err, AL_ERR_NOMEM, "out of memory for a %dx%d image", w, h);
    alResult r = AL_OK;
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0)
        r = alError_Set(err, AL_ERR_IO, "cannot read the frame: %s", SDL_GetError());
    else
        r = al_png_write(path, px, w, h, w * 4, err);
    free(px);
    return r;
}
