// The ants view: oriented ants over the food (green) and mines (red) of one
// ant's copy of the world, food counts (green) and numbers (yellow), the
// elites highlighted, a table of earlier generations, and the brain of a
// clicked ant with its live activations. B replays the best ant of a stored
// generation, re-simulated from the run's seed and the genome in the run
// database; [ and ] pick the generation.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/runquery.h"
#include "view.h"

typedef struct ants_view {
    bool show_food, show_numbers;
    int selected;          // clicked ant, -1 = none
    // replay of a stored generation's best ant
    alAnts *replay;
    int64_t replay_gen;    // the generation replayed
    double replay_logged;  // its logged best fitness
    double replay_result;  // the replay's fitness once it ended (NAN before)
    char note[1100];       // last message about replays
    bool auto_replayed;    // the replay started at the run's end was tried
} ants_view;

static void *create(const al_view_ctx *ctx)
{
    ants_view *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->show_food = v->show_numbers = true;
    v->selected = -1;
    v->replay_result = NAN;
    return v;
}

static void destroy(void *state)
{
    ants_view *v = state;
    if (!v) return;
    alDestroyAnts(v->replay);
    free(v);
}

// The instance to draw: the replay while there is one, else the population.
static const alAnts *shown(const al_view_ctx *ctx)
{
    const ants_view *v = ctx->state;
    return v && v->replay ? v->replay : ctx->mod;
}

static void start_replay(al_view_ctx *ctx, ants_view *v, int64_t gen);

static void update(al_view_ctx *ctx, int64_t ticks)
{
    ants_view *v = ctx->state;
    // At the generation limit the world stays alive: the last stored
    // generation's best ant forages on (once; B goes back to the population).
    if (v && ctx->done && !v->replay && !v->auto_replayed) {
        v->auto_replayed = true;
        start_replay(ctx, v, -1);
    }
    if (v && !ctx->done) v->auto_replayed = false;
    if (!v || !v->replay) return;
    // The replay runs at the shell's speed (at least a tick a frame, also
    // when the run is paused, so a replay can be watched on its own).
    for (int64_t t = 0; t < (ticks > 0 ? ticks : 1); ++t) {
        if (alAnts_Step(v->replay)) {
            double f;
            alAnts_LastBest(v->replay, &f);
            v->replay_result = f;
        }
    }
}

// Starts (or moves) a replay of generation gen's best ant from the run database.
static void start_replay(al_view_ctx *ctx, ants_view *v, int64_t gen)
{
    alError err = {0};
    // Any logged run can be replayed, also once it has finished (its log closed).
    if (!ctx->db_path || ctx->session->run_id <= 0) {
        snprintf(v->note, sizeof v->note, "replay needs the run database (not logging)");
        return;
    }
    // Commit the session's pending batch first, so the latest generation is there.
    if (ctx->session->log && alRunLog_Flush(ctx->session->log, 0, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "replay: %s", err.msg);
        return;
    }
    alRunLog *log = NULL;
    alRunData *run = NULL;
    if (alRunLog_OpenReadOnly(ctx->db_path, &log, &err) != AL_OK ||
        alRunLog_LoadRun(log, ctx->session->run_id, true, &run, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "replay: %s", err.msg);
        alRunLog_Close(log);
        return;
    }
    const alAntsDef *def = alAnts_Def(ctx->mod);
    size_t want = (size_t)alNN_WeightCount(&def->brain) * sizeof(float);
    const alRunGenome *pick = NULL;
    for (int64_t i = 0; i < run->genome_count; ++i) {
        const alRunGenome *g = &run->genomes[i];
        if (g->rank != 0 || g->size != want) continue;
        if (g->gen <= gen && (!pick || g->gen > pick->gen)) pick = g;
        if (gen < 0 && (!pick || g->gen > pick->gen)) pick = g;
    }
    if (!pick && run->genome_count > 0) pick = &run->genomes[0];
    if (!pick) {
        snprintf(v->note, sizeof v->note, "replay: no generation stored yet");
    } else {
        float *genome = malloc(want);
        if (genome) {
            memcpy(genome, pick->bytes, want);
            alAnts *r = NULL;
            if (alCreateAntsReplay(def, ctx->session->seed, pick->gen, genome, &r, &err) == AL_OK) {
                alDestroyAnts(v->replay);
                v->replay = r;
                v->replay_gen = pick->gen;
                v->replay_logged = pick->fitness;
                v->replay_result = NAN;
                v->selected = 0;
                snprintf(v->note, sizeof v->note, "replaying the best ant of generation %lld",
                         (long long)pick->gen);
            } else {
                snprintf(v->note, sizeof v->note, "replay: %s", err.msg);
            }
            free(genome);
        }
    }
    alDestroyRunData(run);
    alRunLog_Close(log);
}

// The ant whose copy of the world is drawn: the selected one, else the one
// with most food so far.
static int world_owner(const alAntsView *av, int selected)
{
    if (selected >= 0 && selected < av->count) return selected;
    int best = 0;
    for (int a = 1; a < av->count; ++a)
        if (av->food[a] > av->food[best]) best = a;
    return best;
}

// The network of ant a: neurons as discs filled by their activation, the
// weights as lines, green positive, red negative, wider when stronger.
static void draw_brain(SDL_Renderer *r, SDL_Rect box, const alNNLayout *l, const float *w,
                       const float *act)
{
    enum { MAXN = AL_NN_MAX_LAYERS * AL_NN_MAX_WIDTH };
    float nx[MAXN], ny[MAXN];
    int k = 0;
    for (int L = 0; L < l->layer_count; ++L) {
        float x = (float)box.x + 14 + (float)(box.w - 28) * (float)L / (float)(l->layer_count - 1);
        for (int j = 0; j < l->sizes[L]; ++j, ++k) {
            nx[k] = x;
            ny[k] = (float)box.y + (float)box.h * ((float)j + 0.5f) / (float)l->sizes[L];
        }
    }
    int wi = 0, in0 = 0, out0 = l->sizes[0];
    for (int L = 1; L < l->layer_count; ++L) {
        int nin = l->sizes[L - 1];
        for (int j = 0; j < l->sizes[L]; ++j) {
            for (int i = 0; i <= nin; ++i, ++wi) {
                if (i == nin) continue; // the bias shows as the ring below
                float m = fminf(fabsf(w[wi]) / 2.0f, 1.0f);
                Uint8 a = (Uint8)(60 + 195 * m);
                if (w[wi] >= 0) SDL_SetRenderDrawColor(r, 110, 220, 120, a);
                else SDL_SetRenderDrawColor(r, 240, 90, 90, a);
                int width = 1 + (int)(3 * m);
                for (int d = 0; d < width; ++d)
                    SDL_RenderDrawLineF(r, nx[in0 + i], ny[in0 + i] + (float)d - (float)width / 2,
                                        nx[out0 + j], ny[out0 + j] + (float)d - (float)width / 2);
            }
        }
        in0 = out0;
        out0 += l->sizes[L];
    }
    for (int q = 0; q < k; ++q) {
        // inputs in [-1, 1], sigmoid outputs in [0, 1], tanh in [-1, 1]: show |value|
        float v = fminf(fabsf(act[q]), 1.0f);
        Uint8 g = (Uint8)(40 + 215 * v);
        SDL_FRect node = {nx[q] - 6, ny[q] - 6, 12, 12};
        SDL_SetRenderDrawColor(r, g, g, (Uint8)(act[q] < 0 ? 120 : g), 255);
        SDL_RenderFillRectF(r, &node);
        SDL_SetRenderDrawColor(r, 200, 210, 230, 255);
        SDL_RenderDrawRectF(r, &node);
    }
}

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    const alAntsDef *def = alAnts_Def(ants);
    alAntsView av;
    alAnts_View(ants, &av);
    int owner = world_owner(&av, v ? v->selected : -1);
    const float *ix, *iy;
    int n = alAnts_Food(ants, owner, &ix, &iy);
    for (int j = 0; j < n; ++j) al_batch_disc(c->batch, c, alV2(ix[j], iy[j]), 2.5f, 8, AL_COL_GOOD);
    n = alAnts_Mines(ants, owner, &ix, &iy);
    for (int j = 0; j < n; ++j) al_batch_disc(c->batch, c, alV2(ix[j], iy[j]), 3.0f, 8, AL_COL_BAD);
    for (int a = 0; a < av.count; ++a) {
        alVec2 p = alV2(av.x[a], av.y[a]), h = alV2(av.lx[a], av.ly[a]);
        SDL_Color col = !av.alive[a]  ? AL_RGB(90, 90, 100)
                        : av.elite[a] ? AL_COL_BEST
                                      : AL_COL_AGENT;
        if (v && a == v->selected) {
            al_batch_disc(c->batch, c, p, 9.0f, 16, AL_RGBA(110, 180, 255, 70));
            col = AL_COL_ACCENT;
        }
        al_batch_tri(c->batch, c, p, h, 10.0f, col);
    }
    al_batch_draw(c);
    for (int a = 0; a < av.count; ++a) {
        if (av.elite[a] && !(v && v->replay)) al_draw_circle(c, alV2(av.x[a], av.y[a]), 7.0f, AL_COL_BEST);
        if (v && v->show_food)
            al_draw_text(c, alV2(av.x[a] + 9, av.y[a] - 8), AL_COL_GOOD, "%d", av.food[a]);
        if (v && v->show_numbers)
            al_draw_text(c, alV2(av.x[a] - 9, av.y[a] - 8), AL_COL_WARN, "%d", a);
    }
    if (def->mines && v && v->selected >= 0 && v->selected < av.count) {
        // the selected ant's senses: a line to its nearest food and mine
        alVec2 p = alV2(av.x[v->selected], av.y[v->selected]);
        float ux, uy;
        alAnts_Sensed(ants, v->selected, 1, &ux, &uy);
        al_draw_line(c, p, alV2(p.x + 25 * ux, p.y + 25 * uy), AL_COL_BAD);
    }
    if (v && v->selected >= 0 && v->selected < av.count) {
        alVec2 p = alV2(av.x[v->selected], av.y[v->selected]);
        float ux, uy;
        alAnts_Sensed(ants, v->selected, 0, &ux, &uy);
        al_draw_line(c, p, alV2(p.x + 25 * ux, p.y + 25 * uy), AL_COL_GOOD);
    }
    if (v) {
        // The brain of the clicked ant (else the leader), live, in the top right corner.
        int a = world_owner(&av, v->selected);
        float act[AL_NN_MAX_LAYERS * AL_NN_MAX_WIDTH];
        alAnts_Activations(ants, a, act);
        SDL_Rect box = {c->rect.x + c->rect.w - 250, c->rect.y + 8, 240, 150};
        SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(c->r, 18, 20, 26, 215);
        SDL_RenderFillRect(c->r, &box);
        SDL_SetRenderDrawColor(c->r, 80, 88, 104, 255);
        SDL_RenderDrawRect(c->r, &box);
        char title[64];
        snprintf(title, sizeof title, "ant %d%s", a, v->selected == a ? "" : " (leader)");
        al_draw_text_px(c->r, c->small, (float)box.x + 6, (float)box.y + 3, AL_COL_ACCENT, title);
        SDL_Rect net = {box.x + 4, box.y + 20, box.w - 8, box.h - 24};
        draw_brain(c->r, net, alAnts_Layout(ants), alAnts_Genome(ants, a), act);
    }
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    alAntsView av;
    alAnts_View(ants, &av);
    if (v && v->replay) {
        al_panel_heading(p, "Replay");
        al_panel_text(p, AL_COL_WARN, "best ant of generation %lld, tick %d / %d",
                      (long long)v->replay_gen, av.tick, av.ticks);
        if (isnan(v->replay_result))
            al_panel_kv(p, "logged fitness", "%.6g", v->replay_logged);
        else
            al_panel_kv(p, "replayed / logged", "%.6g / %.6g %s", v->replay_result, v->replay_logged,
                        v->replay_result == v->replay_logged ? "(exact)" : "(DIFFERS)");
        al_panel_note(p, "[ ] other generation   B back to the population");
    } else {
        long total = 0;
        for (int a = 0; a < av.count; ++a) total += av.food[a];
        al_panel_kv(p, "food so far", "%ld (%.1f per ant)", total, (double)total / av.count);
        int nh;
        const alAntsGen *h = alAnts_History(ants, &nh);
        if (nh > 0) {
            al_panel_heading(p, "Earlier generations");
            char line[120];
            SDL_Color dim[80];
            for (int i = 0; i < 80; ++i) dim[i] = AL_COL_DIM;
            snprintf(line, sizeof line, "%5s %6s %7s %6s %8s", "gen", "best", "mean", "food", "greedy");
            al_panel_chars(p, line, dim, 80);
            for (int k = 0; k < 4 && k < nh; ++k) {
                const alAntsGen *g = &h[nh - 1 - k];
                snprintf(line, sizeof line, "%5lld %6.4g %7.4g %6lld %8.4g", (long long)g->gen,
                         g->best, g->mean, (long long)g->food_total, g->baseline_mean);
                SDL_Color cols[80];
                for (int i = 0; i < 80; ++i) cols[i] = k == 0 ? AL_COL_TEXT : AL_COL_DIM;
                al_panel_chars(p, line, cols, 80);
            }
        }
    }
    if (v && v->note[0]) al_panel_note(p, "%s", v->note);
    if (v) {
        // The clicked ant, else the one with most food so far (whose world is drawn).
        bool picked = v->selected >= 0 && v->selected < av.count;
        int a = world_owner(&av, v->selected);
        al_panel_heading(p, picked ? "Brain" : "Brain of the leader (click an ant)");
        al_panel_text(p, AL_COL_TEXT, "ant %d: %d food, %d mines%s", a, av.food[a], av.mines_hit[a],
                      av.elite[a] ? ", elite" : "");
        al_panel_note(p, "brain top right: weights green +, red -; neurons lit by activation");
        al_panel_note(p, "inputs: look x, y, food %s%s", alAnts_Def(ants)->frame == AL_FRAME_BODY ? "ahead, side" : "x, y",
                      alAnts_Def(ants)->mines ? ", mine" : "");
    }
}

static bool event(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c)
{
    ants_view *v = ctx->state;
    if (!v) return false;
    if (e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_g: v->show_food = !v->show_food; return true;
        case SDLK_y: v->show_numbers = !v->show_numbers; return true;
        case SDLK_b:
            if (v->replay) {
                alDestroyAnts(v->replay);
                v->replay = NULL;
                v->selected = -1;
                v->note[0] = '\0';
            } else {
                start_replay(ctx, v, -1);
            }
            return true;
        case SDLK_LEFTBRACKET:
        case SDLK_RIGHTBRACKET:
            if (!v->replay) return false;
            start_replay(ctx, v, v->replay_gen + (e->key.keysym.sym == SDLK_LEFTBRACKET ? -1 : 1));
            return true;
        default: return false;
        }
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT &&
        al_canvas_hit(c, e->button.x, e->button.y)) {
        alVec2 w = al_canvas_to_world(c, (float)e->button.x, (float)e->button.y);
        alAntsView av;
        alAnts_View(shown(ctx), &av);
        int best = -1;
        float bd = 12.0f * 12.0f; // pick within 12 world units
        for (int a = 0; a < av.count; ++a) {
            float d = alWorld_DistSq(&c->world, w, alV2(av.x[a], av.y[a]));
            if (d < bd) {
                bd = d;
                best = a;
            }
        }
        v->selected = best;
        return true;
    }
    return false;
}

// For the --script harness's state.
static void report(al_view_ctx *ctx, al_view_report *r)
{
    ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    alAntsView av;
    alAnts_View(ants, &av);
    r->replaying = v && v->replay;
    r->selected = v ? v->selected : -1;
    const float *ix, *iy;
    r->food = alAnts_Food(ants, world_owner(&av, v ? v->selected : -1), &ix, &iy);
    if (v && v->replay) {
        al_view_report_figure(r, "replay_generation", (double)v->replay_gen);
        al_view_report_figure(r, "replay_tick", (double)av.tick);
    }
}

static const char *const figures[] = {"baseline_mean", NULL};

const al_view al_view_ants = {
    .module = "ants",
    .ticks_per_frame = 10,
    .plot_figures = figures,
    .keys_help = "G  food counts on/off (green)\n"
                 "Y  ant numbers on/off (yellow)\n"
                 "click  an ant: its brain, live\n"
                 "B  replay the best ant of a stored generation (B again: back)\n"
                 "[ ]  replay an earlier / later generation",
    .plot_y = "food per ant (dashed: greedy baseline)",
    .create = create,
    .destroy = destroy,
    .update = update,
    .draw = draw,
    .panel = panel,
    .event = event,
    .report = report,
};
