// The GUI shell: sessions, modes, keys, the frame loop's update and draw.
// Layout: the world view fills the left, the side panel the right; the
// panel flows top to bottom (title, status, last generations, the view's own
// lines, parameters, keys) above the plot, which is anchored at the bottom.
#include "gui.h"

#include <SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "alife/config.h"
#include "alife/rng.h"
#include "alife/world.h"
#include "font.h"
#include "options.h"
#include "plot.h"
#include "png_write.h"
#include "session.h"
#include "view.h"

enum { NMODES = 3, MAXFIG = 4, NSPEEDS = 13 };
static const char *const mode_names[NMODES] = {"steering", "estrings", "ants"};
static const char *const mode_titles[NMODES] = {"Steering playground", "String evolution (GA)",
                                                "Neural ant foragers"};
static const int speeds[NSPEEDS] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000};

// Per-generation history for the plot and the "last generations" list.
typedef struct history {
    double *best, *mean, *worst;
    double *fig[MAXFIG];
    const char *fig_name[MAXFIG];
    int nfig;
    int n, cap;
} history;

struct al_gui {
    // options, copied
    char *config_path;
    char config_module[16]; ///< module of config_path ("" without one)
    al_sets sets;           ///< --set overrides, for sets_mode's sessions
    int sets_mode;
    al_sets extra[NMODES];  ///< overrides asked for by views, per mode
    int64_t seed_for[NMODES]; ///< seed of the next session of each mode (-1: config's)
    char *db_path;
    char shot_dir[512];
    bool offscreen;

    SDL_Window *win;
    SDL_Surface *surface; ///< offscreen target
    SDL_Renderer *r;
    al_font *font, *small, *mono, *title;
    al_batch batch;

    int mode;
    alConfig *cfg;  ///< the current mode's resolved config (for display)
    al_session s;
    bool have_session;
    const al_view *view;
    al_view_ctx ctx;
    history hist;

    bool paused, fast, help, done, quit, step_once, shot_pending;
    int speed_idx;
    double fps, last_frame;
    char message[600];
    SDL_Color message_col;
    double message_until;
    char last_shot[600];
};

static void say(al_gui *g, SDL_Color col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(al_gui *g, SDL_Color col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->message, sizeof g->message, fmt, ap);
    va_end(ap);
    g->message_col = col;
    g->message_until = al_now() + 10.0;
}

static int mode_index(const char *name)
{
    for (int i = 0; i < NMODES; ++i)
        if (strcmp(name, mode_names[i]) == 0) return i;
    return -1;
}

static char *dup_str(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

// ---- history ------------------------------------------------------------------------
static void history_reset(history *h, const al_view *view)
{
    free(h->best);
    free(h->mean);
    free(h->worst);
    for (int i = 0; i < MAXFIG; ++i) free(h->fig[i]);
    memset(h, 0, sizeof *h);
    if (view && view->plot_figures)
        for (int i = 0; view->plot_figures[i] && h->nfig < MAXFIG; ++i)
            h->fig_name[h->nfig++] = view->plot_figures[i];
}

static double *grow(double *a, int cap)
{
    return realloc(a, (size_t)cap * sizeof *a);
}

static void history_add(history *h, const alGenStats *st)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 256;
        double *b = grow(h->best, cap), *m = b ? grow(h->mean, cap) : NULL;
        double *w = m ? grow(h->worst, cap) : NULL;
        if (b) h->best = b;
        if (m) h->mean = m;
        if (w) h->worst = w;
        bool ok = b && m && w;
        for (int i = 0; i < h->nfig && ok; ++i) {
            double *f = grow(h->fig[i], cap);
            if (f) h->fig[i] = f;
            ok = f != NULL;
        }
        if (!ok) return; // out of memory: the plot stops growing, the run goes on
        h->cap = cap;
    }
    h->best[h->n] = st->best;
    h->mean[h->n] = st->mean;
    h->worst[h->n] = st->worst;
    for (int i = 0; i < h->nfig; ++i) {
        h->fig[i][h->n] = NAN;
        for (int k = 0; k < st->figure_count; ++k)
            if (strcmp(st->figure_names[k], h->fig_name[i]) == 0) h->fig[i][h->n] = st->figures[k];
    }
    h->n++;
}

// ---- sessions ----------------------------------------------------------------------
static void sets_put(al_sets *s, const char *assignment)
{
    // A later value of the same key replaces the earlier one.
    const char *eq = strchr(assignment, '=');
    size_t klen = eq ? (size_t)(eq - assignment) + 1 : strlen(assignment);
    for (int i = 0; i < s->count; ++i) {
        if (strncmp(s->items[i], assignment, klen) == 0) {
            char *d = dup_str(assignment);
            if (!d) return;
            free(s->items[i]);
            s->items[i] = d;
            return;
        }
    }
    al_sets_add(s, assignment);
}

// The config of a new session of mode m: the user's CONFIG when it is of that
// module, else the embedded defaults; then --set (first mode only), the
// views' overrides and the seed for restarts.
static alConfig *config_for(al_gui *g, int m, const char *extra, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.module = mode_names[m];
    if (g->config_path && strcmp(g->config_module, mode_names[m]) == 0) def.path = g->config_path;
    if (m == g->sets_mode) {
        def.sets = (const char *const *)g->sets.items;
        def.set_count = g->sets.count;
    }
    alConfig *cfg = alCreateConfig(&def, err);
    if (!cfg) return NULL;
    for (int i = 0; i < g->extra[m].count; ++i)
        if (alConfig_Set(cfg, g->extra[m].items[i], err) != AL_OK) goto fail;
    if (extra && alConfig_Set(cfg, extra, err) != AL_OK) goto fail;
    if (g->seed_for[m] >= 0) {
        char buf[64];
        snprintf(buf, sizeof buf, "run.seed=%lld", (long long)g->seed_for[m]);
        if (alConfig_Set(cfg, buf, err) != AL_OK) goto fail;
    }
    return cfg;
fail:
    alDestroyConfig(cfg);
    return NULL;
}

static void close_session(al_gui *g)
{
    if (g->have_session) {
        if (g->view && g->view->destroy) g->view->destroy(g->ctx.state);
        al_session_close(&g->s, g->done ? "finished" : "interrupted");
        g->have_session = false;
    }
    memset(&g->ctx, 0, sizeof g->ctx);
    alDestroyConfig(g->cfg);
    g->cfg = NULL;
    g->view = NULL;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

// Opens a session of mode m (closing the current one) from cfg (taken).
static alResult open_session(al_gui *g, int m, alConfig *cfg, alError *err)
{
    close_session(g);
    g->mode = m;
    g->cfg = cfg;
    g->done = false;
    g->step_once = false;
    g->fast = false;
    g->view = al_view_find(mode_names[m]);
    history_reset(&g->hist, g->view);
    g->speed_idx = 0;
    if (g->view && g->view->ticks_per_frame > 1)
        while (g->speed_idx + 1 < NSPEEDS && speeds[g->speed_idx + 1] <= g->view->ticks_per_frame)
            g->speed_idx++;
    if (!alModule_Find(mode_names[m])) return AL_OK; // the empty world: nothing simulates

    alConfig *run_cfg = alConfig_Clone(cfg);
    if (!run_cfg) return alError_Set(err, AL_ERR_NOMEM, "out of memory copying the config");
    char name[128];
    const char *given = alConfig_String(cfg, "run.name");
    if (given[0]) snprintf(name, sizeof name, "%s", given);
    else if (g->config_path && strcmp(g->config_module, mode_names[m]) == 0) {
        snprintf(name, sizeof name, "gui-%s", base_name(g->config_path));
        char *dot = strrchr(name, '.');
        if (dot && dot > name + 4) *dot = '\0';
    } else snprintf(name, sizeof name, "gui-%s", mode_names[m]);
    alResult r = al_session_open(&g->s, run_cfg, g->db_path, name, err);
    if (r != AL_OK) return r;
    g->have_session = true;
    g->ctx.mod = g->s.mod;
    g->ctx.cls = g->s.cls;
    g->ctx.session = &g->s;
    g->ctx.db_path = g->db_path;
    g->ctx.paused = g->paused;
    if (g->view && g->view->create) g->ctx.state = g->view->create(&g->ctx);
    return AL_OK;
}

// Switches to (or restarts) mode m; on failure keeps what runs and says why.
static void switch_mode(al_gui *g, int m, const char *extra)
{
    alError err = {0};
    alConfig *cfg = config_for(g, m, extra, &err);
    if (!cfg) {
        say(g, AL_COL_BAD, "%s", err.msg);
        return;
    }
    if (open_session(g, m, cfg, &err) != AL_OK) {
        say(g, AL_COL_BAD, "%s", err.msg);
        return;
    }
    if (extra) sets_put(&g->extra[m], extra);
}

static void restart_next_seed(al_gui *g)
{
    uint64_t seed = g->have_session ? g->s.seed : (uint64_t)alConfig_Int(g->cfg, "run.seed");
    g->seed_for[g->mode] = (int64_t)(seed + 1);
    switch_mode(g, g->mode, NULL);
    say(g, AL_COL_TEXT, "restarted with seed %llu", (unsigned long long)(seed + 1));
}

// ---- update -------------------------------------------------------------------------
static void on_generation(al_gui *g) { history_add(&g->hist, &g->s.last); }

static bool step_one(al_gui *g)
{
    alError err = {0};
    int r = al_session_step(&g->s, &err);
    if (r < 0) {
        // The database failed: say so, end the run's log, keep simulating.
        say(g, AL_COL_BAD, "logging stopped: %s", err.msg);
        al_session_end_run(&g->s, "failed");
        r = 1;
    }
    if (r == 1) on_generation(g);
    if (al_session_done(&g->s)) {
        g->done = true;
        g->fast = false;
        al_session_end_run(&g->s, "finished");
        return false;
    }
    return true;
}

void al_gui_update(al_gui *g)
{
    if (!g->have_session || g->done) return;
    if (g->paused && !g->step_once) return;
    if (g->step_once) {
        g->step_once = false;
        step_one(g);
        return;
    }
    // A time slice keeps the window responsive whatever the speed; fast
    // forward simply has no tick limit within it.
    double until = al_now() + (g->fast ? 0.030 : 0.045);
    int64_t n = g->fast ? INT64_MAX : speeds[g->speed_idx];
    for (int64_t i = 0; i < n; ++i)
        if (!step_one(g) || al_now() > until) break;
}

int64_t al_gui_run_ticks(al_gui *g, int64_t n)
{
    int64_t done = 0;
    while (g->have_session && !g->done && done < n) {
        done++;
        if (!step_one(g)) break;
    }
    return done;
}

// ---- layout -------------------------------------------------------------------------
static void output_size(const al_gui *g, int *w, int *h)
{
    if (SDL_GetRendererOutputSize(g->r, w, h) != 0) *w = *h = 0;
}

void al_gui_layout(const al_gui *g, SDL_Rect *world, SDL_Rect *panel)
{
    int w, h;
    output_size(g, &w, &h);
    int pw = (int)(0.34 * w);
    if (pw < 360) pw = 360;
    if (pw > 480) pw = 480;
    if (pw > w - 200) pw = w > 400 ? w / 2 : w;
    if (world) *world = (SDL_Rect){0, 0, w - pw, h};
    if (panel) *panel = (SDL_Rect){w - pw, 0, pw, h};
}

static void make_canvas(al_gui *g, al_canvas *c)
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
        .world_px = {(float)area.x + 0.5f * ((float)area.w - ww), (float)area.y + 0.5f * ((float)area.h - wh),
                     ww, wh},
        .world = world,
        .scale = scale,
        .font = g->font,
        .small = g->small,
        .mono = g->mono,
        .batch = &g->batch,
    };
}

// ---- events -------------------------------------------------------------------------
static void key(al_gui *g, const SDL_KeyboardEvent *k)
{
    SDL_Keycode sym = k->keysym.sym;
    bool repeat = k->repeat != 0;
    if (g->help && !repeat && sym != SDLK_ESCAPE) { // any key closes the help
        g->help = false;
        if (sym == SDLK_h || sym == SDLK_F1) return;
    }
    switch (sym) {
    case SDLK_ESCAPE:
        if (g->help) g->help = false;
        else g->quit = true;
        break;
    case SDLK_1: case SDLK_KP_1:
    case SDLK_2: case SDLK_KP_2:
    case SDLK_3: case SDLK_KP_3: {
        if (repeat) break;
        int m = (sym == SDLK_1 || sym == SDLK_KP_1) ? 0 : (sym == SDLK_2 || sym == SDLK_KP_2) ? 1 : 2;
        switch_mode(g, m, NULL);
        break;
    }
    case SDLK_SPACE:
        if (!repeat) g->paused = !g->paused;
        break;
    case SDLK_n:
        g->paused = true;
        g->step_once = true;
        break;
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
        if (g->speed_idx + 1 < NSPEEDS) g->speed_idx++;
        break;
    case SDLK_MINUS: case SDLK_KP_MINUS:
        if (g->speed_idx > 0) g->speed_idx--;
        break;
    case SDLK_f:
        if (!repeat && g->have_session && !g->done) g->fast = !g->fast;
        break;
    case SDLK_h: case SDLK_F1:
        if (!repeat) g->help = true;
        break;
    case SDLK_r:
        if (!repeat) restart_next_seed(g);
        break;
    case SDLK_F12:
        if (!repeat) g->shot_pending = true;
        break;
    default: break;
    }
}

bool al_gui_handle_events(al_gui *g)
{
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT) {
            g->quit = true;
            continue;
        }
        // The view gets the first look (its text box must be able to take
        // '1' or Space), except while the help covers the screen.
        if (g->have_session && g->view && g->view->event && !g->help) {
            al_canvas c;
            make_canvas(g, &c);
            g->ctx.paused = g->paused;
            bool used = g->view->event(&g->ctx, &e, &c);
            if (g->ctx.restart) {
                char extra[sizeof g->ctx.restart_set];
                memcpy(extra, g->ctx.restart_set, sizeof extra);
                g->ctx.restart = false;
                g->ctx.restart_set[0] = '\0';
                switch_mode(g, g->mode, extra);
            }
            if (used) continue;
        }
        if (e.type == SDL_KEYDOWN) key(g, &e.key);
    }
    return !g->quit;
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
    make_canvas(g, &c);
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
    } else if (g->view) {
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

// The shell's keys: short text for the panel, longer for the help overlay.
static const char *const shell_keys[][3] = {
    {"1 2 3", "switch mode", "steering / string evolution / ants (a new run)"},
    {"Space", "pause / run", "pause or run the simulation"},
    {"N", "one tick", "simulate one tick (pauses first)"},
    {"+ -", "speed", "simulation speed: ticks per frame"},
    {"F", "fast-forward", "simulate without drawing the world; the panel keeps updating"},
    {"R", "new run", "start a new run with seed + 1"},
    {"H", "help", "this help"},
    {"F12", "screenshot", "save the window as a PNG into results/"},
    {"Esc", "quit", "quit (an unfinished run is logged as interrupted)"},
};
enum { NSHELLKEYS = (int)(sizeof shell_keys / sizeof shell_keys[0]) };

typedef struct param_ctx {
    al_panel *p;
    int col, shown, skipped;
    int colw;
} param_ctx;

static void param_line(const char *key, const char *value, void *vctx)
{
    param_ctx *pc = vctx;
    al_panel *p = pc->p;
    if (strcmp(key, "run.module") == 0 || strcmp(key, "run.name") == 0 ||
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
        while (n > 0 && al_text_width(p->small, val) > maxv - al_text_width(p->small, "..")) val[--n] = '\0';
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
    bool lower = g->have_session && g->s.cls->lower_is_better;
    al_panel_heading(p, lower ? "Last generations (error: lower is better)" : "Last generations");
    if (h->n == 0) {
        al_panel_note(p, g->have_session ? "none finished yet" : "no module, no generations");
        return;
    }
    char line[160];
    snprintf(line, sizeof line, "%6s %10s %10s %10s", "gen", "best", "mean", "worst");
    SDL_Color dim[64];
    for (int i = 0; i < 64; ++i) dim[i] = AL_COL_DIM;
    al_panel_chars(p, line, dim, 64);
    int64_t first_gen = g->s.gens - h->n; // history covers the session's last h->n generations
    for (int k = 0; k < 5 && k < h->n; ++k) {
        int i = h->n - 1 - k;
        snprintf(line, sizeof line, "%6lld %10.4g %10.4g %10.4g", (long long)(first_gen + i),
                 h->best[i], h->mean[i], h->worst[i]);
        SDL_Color cols[64];
        for (int j = 0; j < 64; ++j) cols[j] = k == 0 ? AL_COL_TEXT : AL_COL_DIM;
        for (int j = 7; j < 18; ++j) cols[j] = k == 0 ? AL_COL_BEST : AL_RGB(170, 130, 80);
        al_panel_chars(p, line, cols, 64);
    }
    if (g->have_session && g->s.cls->describe && g->s.have_last) {
        char desc[256] = "";
        g->s.cls->describe(g->s.mod, desc, sizeof desc);
        if (desc[0]) al_panel_text(p, AL_COL_TEXT, "%s", desc);
    }
}

// Text over up to max_lines lines of the small font, broken at spaces or
// slashes (paths), for messages such as config errors.
static void wrapped(al_panel *p, SDL_Color col, const char *text, int max_lines)
{
    const char *s = text;
    for (int line = 0; line < max_lines && *s && al_panel_fits(p, p->small); ++line) {
        char part[256];
        size_t take = strlen(s);
        if (take >= sizeof part) take = sizeof part - 1;
        for (;;) {
            snprintf(part, sizeof part, "%.*s", (int)take, s);
            if (take <= 1 || al_text_width(p->small, part) <= p->width) break;
            size_t sp = take - 1;
            while (sp > 0 && s[sp] != ' ' && s[sp] != '/') sp--;
            take = sp > 0 ? sp : take - 1;
        }
        al_draw_text_px(p->r, p->small, (float)p->x, (float)p->y, col, part);
        p->y += al_font_height(p->small);
        s += take;
        while (*s == ' ') s++;
    }
}

static void draw_panel(al_gui *g)
{
    SDL_Rect pr;
    al_gui_layout(g, NULL, &pr);
    fill(g->r, pr, AL_COL_PANEL);
    SDL_SetRenderDrawColor(g->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawLine(g->r, pr.x, pr.y, pr.x, pr.y + pr.h);

    int plot_h = pr.h * 34 / 100;
    if (plot_h < 170) plot_h = 170;
    if (plot_h > 300) plot_h = 300;
    al_panel p = {
        .r = g->r, .rect = pr, .x = pr.x + 16, .y = pr.y + 12, .width = pr.w - 32,
        .bottom = pr.y + pr.h - plot_h - 10,
        .font = g->font, .small = g->small, .mono = g->mono, .title = g->title,
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
        al_draw_text_px(g->r, g->small, tx, (float)p.y, i == g->mode ? AL_COL_TEXT : AL_COL_DIM, tab);
        tx += (float)w + 20;
    }
    p.y += al_font_height(g->small) + 6;

    // Status.
    if (g->have_session) {
        const char *state = g->done ? (g->s.goal ? "goal reached" : "finished")
                            : g->fast ? "fast-forward" : g->paused ? "paused" : "running";
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
        al_panel_text(&p, AL_COL_DIM, "empty world: this module is not in this build");
        al_panel_note(&p, "build it in to run it; 'alife config --list' shows every key");
    }
    if (g->message[0] && al_now() < g->message_until) wrapped(&p, g->message_col, g->message, 3);

    panel_stats(g, &p);

    if (g->have_session && g->view && g->view->panel) {
        g->ctx.paused = g->paused;
        g->view->panel(&g->ctx, &p);
    }

    al_panel_heading(&p, "Parameters");
    param_ctx pc = {&p, 0, 0, 0, p.width / 2};
    alConfig_Each(g->cfg, param_line, &pc);
    if (pc.col == 1) p.y += al_font_height(g->small);
    if (pc.skipped > 0)
        al_panel_note(&p, "%d more: alife config --list --module %s", pc.skipped,
                      mode_names[g->mode]);

    al_panel_heading(&p, "Keys");
    {
        // Two columns of "key what" in the small font.
        int lh = al_font_height(g->small), colw = p.width / 2;
        for (int i = 0; i < NSHELLKEYS; ++i) {
            if (p.y + lh > p.bottom) break;
            int x = p.x + (i % 2) * colw;
            al_draw_text_px(g->r, g->small, (float)x, (float)p.y, AL_COL_WARN, shell_keys[i][0]);
            al_draw_text_px(g->r, g->small, (float)(x + 48), (float)p.y, AL_COL_TEXT, shell_keys[i][1]);
            if (i % 2 == 1 || i == NSHELLKEYS - 1) p.y += lh;
        }
        if (g->view && g->view->keys_help && al_panel_fits(&p, g->small))
            al_panel_note(&p, "H lists the %s view's own keys too", mode_names[g->mode]);
    }

    // The plot, anchored at the bottom.
    SDL_Rect area = {pr.x + 12, pr.y + pr.h - plot_h, pr.w - 24, plot_h - 8};
    const history *h = &g->hist;
    al_series series[2 + MAXFIG];
    int ns = 0;
    series[ns++] = (al_series){"best", AL_COL_BEST, h->best, h->n, false};
    series[ns++] = (al_series){"mean", AL_COL_MEAN, h->mean, h->n, false};
    static const SDL_Color fig_cols[MAXFIG] = {{150, 230, 140, 255}, {230, 120, 200, 255},
                                               {200, 200, 200, 255}, {240, 240, 120, 255}};
    for (int i = 0; i < h->nfig; ++i)
        series[ns++] = (al_series){h->fig_name[i], fig_cols[i], h->fig[i], h->n, true};
    bool lower = g->have_session && g->s.cls->lower_is_better;
    al_plot_draw(g->r, g->small, area, "generation", lower ? "error per generation" : "fitness per generation",
                 series, ns);
    SDL_RenderSetClipRect(g->r, NULL);
}

static void draw_help(al_gui *g)
{
    int w, h;
    output_size(g, &w, &h);
    fill(g->r, (SDL_Rect){0, 0, w, h}, AL_RGBA(0, 0, 0, 170));
    int lh = al_font_height(g->font);
    int view_lines = 0;
    const char *vk = g->view ? g->view->keys_help : NULL;
    for (const char *s = vk; s && *s; ++s) view_lines += *s == '\n';
    if (vk && vk[0] && vk[strlen(vk) - 1] != '\n') view_lines++;
    int bw = 620, bh = 90 + lh * (NSHELLKEYS + 4 + (view_lines ? view_lines + 2 : 0));
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
                while (*what == ' ') what++;
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
        say(g, AL_COL_BAD, "cannot create %s: %s", g->shot_dir, strerror(errno));
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
        snprintf(path, sizeof path, "%s/alife-%s-%s-%d.png", g->shot_dir, mode_names[g->mode], stamp, i);
    int w, h;
    output_size(g, &w, &h);
    uint8_t *px = malloc((size_t)w * (size_t)h * 4);
    alError err = {0};
    if (!px) {
        say(g, AL_COL_BAD, "screenshot: out of memory");
        return;
    }
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_RGBA32, px, w * 4) != 0)
        say(g, AL_COL_BAD, "screenshot: cannot read the frame: %s", SDL_GetError());
    else if (al_png_write(path, px, w, h, w * 4, &err) != AL_OK)
        say(g, AL_COL_BAD, "screenshot: %s", err.msg);
    else {
        snprintf(g->last_shot, sizeof g->last_shot, "%s", path);
        say(g, AL_COL_GOOD, "screenshot saved: %s", path);
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
    output_size(g, &w, &h);
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

// ---- create / destroy ---------------------------------------------------------------
al_gui_opts al_default_gui_opts(void)
{
    return (al_gui_opts){.shot_dir = "results", .width = 1280, .height = 800};
}

static alResult load_fonts(al_gui *g, alError *err)
{
    char sans[512], bold[512], mono[512];
    alResult r = al_font_find(AL_FACE_SANS, sans, sizeof sans, err);
    if (r == AL_OK) r = al_font_find(AL_FACE_BOLD, bold, sizeof bold, err);
    if (r == AL_OK) r = al_font_find(AL_FACE_MONO, mono, sizeof mono, err);
    if (r != AL_OK) return r;
    if (!(g->font = al_font_create(g->r, sans, 15, err))) return err->code;
    if (!(g->small = al_font_create(g->r, sans, 13, err))) return err->code;
    if (!(g->mono = al_font_create(g->r, mono, 14, err))) return err->code;
    if (!(g->title = al_font_create(g->r, bold, 20, err))) return err->code;
    return AL_OK;
}

static bool no_display_driver(void)
{
    const char *d = SDL_GetCurrentVideoDriver();
    return !d || strcmp(d, "dummy") == 0 || strcmp(d, "offscreen") == 0;
}

static alResult open_sdl(al_gui *g, const al_gui_opts *o, alError *err)
{
    if (o->offscreen && !getenv("SDL_VIDEODRIVER")) SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (o->offscreen)
            return alError_Set(err, AL_ERR_IO, "cannot start SDL: %s", SDL_GetError());
        return alError_Set(err, AL_ERR_IO,
                           "no display: the GUI needs a window (SDL: %s). Use 'alife run CONFIG' "
                           "to run an experiment headless, or 'make run', which runs a headless "
                           "demo when there is no display",
                           SDL_GetError());
    }
    if (!o->offscreen && no_display_driver())
        return alError_Set(err, AL_ERR_IO,
                           "no display: SDL has only the '%s' video driver (DISPLAY is %s). Use "
                           "'alife run CONFIG' to run an experiment headless, or 'make run', "
                           "which runs a headless demo when there is no display",
                           SDL_GetCurrentVideoDriver(), getenv("DISPLAY") ? "set" : "not set");
    if (TTF_Init() != 0) return alError_Set(err, AL_ERR_IO, "cannot start SDL_ttf: %s", TTF_GetError());
    int w = o->width > 0 ? o->width : 1280, h = o->height > 0 ? o->height : 800;
    if (o->offscreen) {
        g->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
        if (!g->surface)
            return alError_Set(err, AL_ERR_NOMEM, "cannot make a %dx%d image: %s", w, h, SDL_GetError());
        g->r = SDL_CreateSoftwareRenderer(g->surface);
    } else {
        g->win = SDL_CreateWindow("alife", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                  SDL_WINDOW_RESIZABLE);
        if (!g->win) return alError_Set(err, AL_ERR_IO, "cannot open a window: %s", SDL_GetError());
        SDL_SetWindowMinimumSize(g->win, 720, 480);
        g->r = SDL_CreateRenderer(g->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!g->r) g->r = SDL_CreateRenderer(g->win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!g->r) return alError_Set(err, AL_ERR_IO, "cannot make a renderer: %s", SDL_GetError());
    return load_fonts(g, err);
}

al_gui *al_create_gui(const al_gui_opts *o, alError *err)
{
    al_gui *g = calloc(1, sizeof *g);
    if (!g) {
        alError_Set(err, AL_ERR_NOMEM, "out of memory");
        return NULL;
    }
    for (int i = 0; i < NMODES; ++i) g->seed_for[i] = -1;
    g->offscreen = o->offscreen;
    snprintf(g->shot_dir, sizeof g->shot_dir, "%s", o->shot_dir ? o->shot_dir : "results");
    g->db_path = dup_str(o->db_path);
    g->config_path = dup_str(o->config_path);
    for (int i = 0; i < o->set_count; ++i) al_sets_add(&g->sets, o->sets[i]);

    // Resolve the first config before any window opens: a config error is
    // reported with nothing opened (exit 2 from the command).
    int m = o->mode ? mode_index(o->mode) : -1;
    if (o->mode && m < 0) {
        alError_Set(err, AL_ERR_USAGE, "--mode '%s': not a mode (allowed: steering, estrings, ants)",
                    o->mode);
        goto fail;
    }
    alConfig *cfg = NULL;
    {
        alConfigDef def = alDefaultConfigDef();
        def.path = o->config_path;
        def.module = o->mode;
        def.sets = o->sets;
        def.set_count = o->set_count;
        cfg = alCreateConfig(&def, err);
        if (!cfg) goto fail;
        int cm = mode_index(alConfig_Module(cfg));
        if (o->config_path) snprintf(g->config_module, sizeof g->config_module, "%s", alConfig_Module(cfg));
        if (m >= 0 && cm != m) {
            alError_Set(err, AL_ERR_USAGE, "--mode %s, but %s runs module '%s' (drop --mode, or "
                        "give a config of module %s)", o->mode, o->config_path, alConfig_Module(cfg), o->mode);
            alDestroyConfig(cfg);
            goto fail;
        }
        m = cm;
        g->sets_mode = m;
    }
    if (open_sdl(g, o, err) != AL_OK) {
        alDestroyConfig(cfg);
        goto fail;
    }
    if (open_session(g, m, cfg, err) != AL_OK) goto fail;
    return g;
fail:
    al_destroy_gui(g);
    return NULL;
}

void al_destroy_gui(al_gui *g)
{
    if (!g) return;
    close_session(g);
    history_reset(&g->hist, NULL);
    al_batch_free(&g->batch);
    al_font_destroy(g->font);
    al_font_destroy(g->small);
    al_font_destroy(g->mono);
    al_font_destroy(g->title);
    if (g->r) SDL_DestroyRenderer(g->r);
    if (g->win) SDL_DestroyWindow(g->win);
    if (g->surface) SDL_FreeSurface(g->surface);
    if (TTF_WasInit()) TTF_Quit();
    SDL_Quit();
    al_sets_free(&g->sets);
    for (int i = 0; i < NMODES; ++i) al_sets_free(&g->extra[i]);
    free(g->db_path);
    free(g->config_path);
    free(g);
}

// ---- queries ------------------------------------------------------------------------
const char *al_gui_mode(const al_gui *g) { return mode_names[g->mode]; }
bool al_gui_paused(const al_gui *g) { return g->paused; }
bool al_gui_has_session(const al_gui *g) { return g->have_session; }
int64_t al_gui_ticks(const al_gui *g) { return g->have_session ? g->s.ticks : 0; }
int64_t al_gui_generations(const al_gui *g) { return g->have_session ? g->s.gens : 0; }
int al_gui_speed(const al_gui *g) { return speeds[g->speed_idx]; }
const char *al_gui_last_shot(const al_gui *g) { return g->last_shot; }

const char *al_gui_renderer_name(const al_gui *g)
{
    SDL_RendererInfo info;
    return SDL_GetRendererInfo(g->r, &info) == 0 ? info.name : "unknown";
}

double al_gui_bench_draw(al_gui *g, int n, int frames)
{
    al_canvas c;
    alRng rng = alRng_Stream(1, 0);
    SDL_RenderSetVSync(g->r, 0); // measure drawing, not the display's refresh
    double t0 = al_now();
    for (int f = 0; f < frames; ++f) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {} // keep the window alive
        make_canvas(g, &c);
        SDL_SetRenderDrawColor(g->r, AL_COL_BG.r, AL_COL_BG.g, AL_COL_BG.b, 255);
        SDL_RenderClear(g->r);
        al_batch_reserve(c.batch, 3 * n);
        for (int i = 0; i < n; ++i) {
            alVec2 p = alV2(alRng_Float(&rng) * c.world.width, alRng_Float(&rng) * c.world.height);
            alVec2 h = alV2_FromAngle(alRng_Float(&rng) * 6.2831853f);
            al_batch_tri(c.batch, &c, p, h, 6.0f, AL_COL_AGENT);
        }
        al_batch_draw(&c);
        al_gui_present(g);
    }
    if (!g->win) { // offscreen: make sure the last frame really was drawn
        uint8_t px[4];
        SDL_Rect one = {0, 0, 1, 1};
        SDL_RenderReadPixels(g->r, &one, SDL_PIXELFORMAT_RGBA32, px, 4);
    }
    double dt = al_now() - t0;
    return dt > 0 ? frames / dt : 0;
}
