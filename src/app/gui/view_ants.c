// The ants view: oriented ants over the food (green) and mines (red) of the
// shared world (or, with ants.world = own, of one ant's copy: the caption
// says whose, P pins it), food counts (green) and numbers (yellow), the
// elites ringed orange, a legend of the marks, and the brain of a clicked ant
// with its named inputs and outputs, live. Eaten food flashes white where it
// was. B replays a stored generation (the whole population in the shared
// world, the best ant alone in its own copy), re-simulated from the run's
// seed and the genomes in the run database; [ and ] pick the generation.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/counted.h"
#include "alife/algorithm.h"
#include "alife/ants.h"
#include "alife/runquery.h"
#include "neat_draw.h"
#include "neat_layout.h"
#include "species_plot.h"
#include "view.h"
#include "view_ants.h"

enum { MAX_PUFFS = 40, PUFF_FRAMES = 10, MAX_TRACKED = 4096 };

typedef struct ants_view {
    bool show_food, show_numbers;
    int selected;          // clicked ant, -1 = none
    int pinned;            // own worlds: the ant whose copy is drawn (P), -1 = the one with most food
    int pin_lost;          // the pinned ant a new generation bred away (-1: none), until the limit's replay
    float *pin_genome; // the pinned ant's genome (live run, GA or CMA-ES weights; NULL: none kept)
    // replay of a stored generation (all of it in a shared world)
    alAnts *replay;
    int64_t replay_gen;    // the generation replayed
    double replay_logged;  // its logged best fitness
    double replay_logged_mean; // and mean (NAN when unknown)
    double replay_result;  // the replay's best fitness once it ended (NAN before)
    double replay_mean;    // and mean
    bool replay_all;       // the whole generation (shared world)
    char note[1100];       // last message about replays
    int64_t note_gen;      // run_on's note: the generation it was said in (-1: another note)
    bool note_fast;        // run_on's note was said for fast-forward
    char run_on_note[1100]; // its words, to tell them from a note said since
    // B during the run names the generation under way, which moves on while
    // the replay plays: the note is said again with the run's count as it
    // moves (replay_words), while it is still the note B wrote (which_note).
    int64_t which_gens;    // the run's generations done when the note was said (-1: it names none)
    bool which_done;       // and whether the run was done then
    bool which_open;       // the replay opened its best ant's brain
    char which_whose[64];  // whose generation it is ("": the run's; a --from run's: the run it continues)
    char which_note[1100];
    // eaten food: where the drawn items were last frame, and fading marks
    float *prev_x, *prev_y;
    int prev_n, prev_owner, prev_tick;
    int64_t prev_gen;
    const alAnts *prev_src;
    struct { alVec2 at; int ttl; } puffs[MAX_PUFFS];
    int npuffs;
    int64_t eaten_seen;    // items seen eaten in the drawn world (for tests)
    char marks_drawn[512]; // the Marks section as last drawn: "label: swatch" lines (for `state`)
    bool auto_replayed;    // the replay started at the run's end was tried
    bool living;           // replay is the run's own population, kept alive past its limit
    bool was_done;         // ctx->done as of the last update
    int64_t done_gens;     // the run's generations done as of the last update
    bool pin_drawn;        // the pinned ant's mark was drawn in the last frame
    int elite_rings; // elites ringed orange in the last frame (the Marks legend lists them only
                     // then)
    SDL_Rect brain_box;    // the brain inspector as last drawn (w 0: none)
    SDL_Rect sel_label;    // the selected ant's label (or its crowd's) as last drawn (w 0: none)
    SDL_FPoint sel_at;     // the selected ant, pixels, and its selection ring's radius
    float sel_ring;
    int brain_nodes;       // the neurons it drew, the names of inputs and outputs,
    int brain_labels;      // and what fitted (al_net_labels; -1: a NEAT brain's, not said)
    int brain_fit;
    bool brain_stepped;    // it showed values sensed this generation (false: none yet, names alone)
    int brain_through;     // NEAT links drawn through a node not their end (al_neat_draw; 0: a GA brain's layers)
    al_label_faults labels; // the ant labels as last drawn (for `state`)
    int labels_over_items;  // of them, labels over a food item or a mine
    int marked;            // the replay's best ant, double-ringed orange (-1: none)
    al_species_plot *species; // run.algorithm = neat: the species over generations
} ants_view;

static bool replay_blob(const al_view_ctx *ctx, ants_view *v, uint64_t seed, int64_t gen,
                        const void *bytes, size_t size, double logged, double logged_mean,
                        const char *whose, const char *which, bool open);
static void replay_words_again(const al_view_ctx *ctx, ants_view *v);

static void *create(const al_view_ctx *ctx)
{
    ants_view *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->show_food = v->show_numbers = true;
    v->selected = v->pinned = v->marked = v->pin_lost = -1;
    v->which_gens = v->note_gen = -1;
    v->replay_result = v->replay_mean = v->replay_logged_mean = NAN;
    if (alAnts_Neat(ctx->mod)) v->species = al_species_plot_create(); // NULL: no plot
    // A brain file's window evolves nothing: its species plot says what it
    // is in the fitness plot's words ("no generations yet" read as if the
    // file held none; a longer line was cut at 1280 x 800).
    if (ctx->brain) al_species_plot_set_empty(v->species, "none: " AL_BRAIN_NO_GENERATIONS);
    al_species_plot_track(v->species, alAnts_Neat(ctx->mod)); // generation 0, before it ends
    v->prev_x = calloc(MAX_TRACKED, sizeof *v->prev_x);
    v->prev_y = calloc(MAX_TRACKED, sizeof *v->prev_y);
    if (!v->prev_x || !v->prev_y) {
        free(v->prev_x);
        free(v->prev_y);
        free(v);
        return NULL;
    }
    // alife gui --brain FILE: its generation replayed exactly, as B does (the
    // whole population in the shared world, the best ant alone in its own).
    // Its best ant marked, its brain closed as at the limit: I (the first
    // press) opens it. (A file that does not fit was refused on loading;
    // else the note says why.)
    if (ctx->brain)
        (void)replay_blob(ctx, v, ctx->brain_seed, ctx->brain_gen, ctx->brain, ctx->brain_n,
                          ctx->brain_fitness, NAN, "brain file: ", "", false);
    return v;
}

static void destroy(void *state)
{
    ants_view *v = state;
    if (!v) return;
    alDestroyAnts(v->replay);
    al_species_plot_destroy(v->species);
    free(v->pin_genome);
    free(v->prev_x);
    free(v->prev_y);
    free(v);
}

// The ant whose copy of the world is drawn (own worlds): the selected one,
// else the pinned one, else the one with most food so far. In the shared
// world every ant's "copy" is the one world.
static int world_owner(const alAntsView *av, int selected, int pinned)
{
    if (selected >= 0 && selected < av->count) return selected;
    if (pinned >= 0 && pinned < av->count) return pinned;
    int best = 0;
    for (int a = 1; a < av->count; ++a)
        if (av->food[a] > av->food[best]) best = a;
    return best;
}

static bool is_shared(const alAnts *ants) { return alAnts_Def(ants)->world_mode == AL_ANTS_SHARED; }

// Own worlds, a replay of the best ant alone (B, the limit's, a brain
// file's): one world, nothing in it to pin.
static bool best_alone(const ants_view *v, const alAnts *ants)
{
    return !is_shared(ants) && v->replay && !v->replay_all;
}

// A replay of the best ant alone ends the pin (own worlds): the pinned
// ant is not in it, and the strip said "ant 7 pinned: its world is drawn"
// over ant 0's, the best's (trial). Said after the replay's words, was the
// ant pinned before it (-1: none, nothing said).
static void pin_ends_in_replay(ants_view *v, int was)
{
    if (was < 0 || v->pinned >= 0) return;
    size_t used = strlen(v->note);
    snprintf(v->note + used, sizeof v->note - used,
             "; no ant is pinned (ant %d's pin ended: the replay draws the best ant's world alone)", was);
}

// The instance to draw: the replay while there is one, else the population.
static const alAnts *shown(const al_view_ctx *ctx)
{
    const ants_view *v = ctx->state;
    return v && v->replay ? v->replay : ctx->mod;
}

static void start_replay(al_view_ctx *ctx, ants_view *v, int64_t gen, bool open);
static void say_note(al_view_ctx *ctx, const ants_view *v);

// Eaten food: items of the drawn world that moved since the last frame get a
// fading mark where they were (the shell may run several ticks a frame).
static void track_eaten(ants_view *v, const alAnts *ants)
{
    alAntsView av;
    alAnts_View(ants, &av);
    int owner = is_shared(ants) ? 0 : world_owner(&av, v->selected, v->pinned);
    const float *ix, *iy;
    int n = alAnts_Food(ants, owner, &ix, &iy);
    if (n > MAX_TRACKED) n = MAX_TRACKED;
    // Nothing moved (paused): the marks stay as they are, so a paused frame
    // is the same picture every time.
    if (v->prev_src == ants && v->prev_gen == av.gen && v->prev_tick == av.tick &&
        v->prev_owner == owner)
        return;
    // The marks belong to the world they were seen in: another world drawn
    // (a replay started, ended or began again, another ant's copy, a new
    // generation) starts without them.
    bool same_world = v->prev_src == ants && v->prev_owner == owner && v->prev_gen == av.gen &&
                      av.tick > v->prev_tick;
    if (!same_world) v->npuffs = 0;
    bool same = same_world && v->prev_n == n && av.tick > 0;
    for (int k = 0; k < v->npuffs;) // age the marks
        if (--v->puffs[k].ttl <= 0) v->puffs[k] = v->puffs[--v->npuffs];
        else ++k;
    for (int j = 0; j < n; ++j) {
        if (same && (ix[j] != v->prev_x[j] || iy[j] != v->prev_y[j])) {
            v->eaten_seen++;
            if (v->npuffs < MAX_PUFFS) {
                v->puffs[v->npuffs].at = alV2(v->prev_x[j], v->prev_y[j]);
                v->puffs[v->npuffs].ttl = PUFF_FRAMES;
                v->npuffs++;
            }
        }
        v->prev_x[j] = ix[j];
        v->prev_y[j] = iy[j];
    }
    v->prev_n = n;
    v->prev_owner = owner;
    v->prev_gen = av.gen;
    v->prev_tick = av.tick;
    v->prev_src = ants;
}

// The last stored generation replayed (the whole population in the shared
// world, the best ant in its own), else, not logged, the last generation
// from memory; its best ant marked, its brain open when open.
static void replay_last(al_view_ctx *ctx, ants_view *v, bool open)
{
    const alAnts *before = v->replay;
    start_replay(ctx, v, -1, open);
    if (v->replay != before) {
        v->living = false;
        return;
    }
    size_t bytes = 0;
    const void *best = ctx->cls->best_genome ? ctx->cls->best_genome(ctx->mod, &bytes) : NULL;
    // Not logged: the last generation from memory, the whole of it when the
    // module keeps it (a shared world), else its best ant (weight vectors or
    // NEAT genomes: alCreateAntsReplayStored), its best ant found as a
    // stored one's is (it ringed ant 0, 79 food, beside the table's 90).
    int64_t gen = ctx->session->gens - 1;
    if (best && bytes > 0 && gen >= 0 &&
        replay_blob(ctx, v, ctx->session->seed, gen, best, bytes, ctx->session->last.best, NAN, "", "", open))
        snprintf(v->note, sizeof v->note,
                 "the run is at its %s: its last generation, %lld, forages on, its best ant ringed (I: "
                 "its brain; B: generation %lld's population)",
                 al_session_past_limit(ctx->session) ? "target" : "limit", (long long)gen,
                 (long long)ctx->session->gens);
}

static void stop_replay(ants_view *v)
{
    alDestroyAnts(v->replay);
    v->replay = NULL;
    v->living = false;
    v->selected = v->marked = -1;
    v->note[0] = '\0';
    v->which_gens = -1;
}

// F, J, Shift+N and + (the shell's run_on): the user asks to see the run
// evolve on, so a replay B started during the run ends and the world, the
// header and the panel show the live run (the Replay section stayed up,
// its words stale, while F ran 200 generations behind it). At the run's
// end the replay stays: E and J past the limit end it as the run moves
// (update), and F there does nothing.
static void run_on(al_view_ctx *ctx)
{
    ants_view *v = ctx->state;
    if (!v || !v->replay || v->living || ctx->done || ctx->brain) return;
    int64_t gen = v->replay_gen;
    stop_replay(v);
    // Fast-forward draws the world only now and then: the note says which,
    // offers B only where there is a database to replay from, and goes
    // when its moment does (update: fast-forward ends, or a generation on).
    snprintf(v->note, sizeof v->note, "the replay of generation %lld ended: the run evolves on%s%s",
             (long long)gen, ctx->fast ? " in fast-forward (the world is drawn when it stops)" : ", drawn",
             ctx->db_path ? " (B: replay the newest stored generation)" : "");
    v->note_fast = ctx->fast;
    v->note_gen = ctx->session->gens;
    snprintf(v->run_on_note, sizeof v->run_on_note, "%s", v->note);
    al_view_say(ctx, "%s", v->note);
}

// Past the limit: the run's population (the one E would evaluate next) lives
// on in its generation's world, in a loop, without evolving.
static void live_on(al_view_ctx *ctx, ants_view *v)
{
    const alAntsDef *def = alAnts_Def(ctx->mod);
    const bool neat = def->algorithm == AL_ALGORITHM_NEAT;
    size_t nw = (size_t)alNN_WeightCount(&def->brain);
    float *genomes = neat ? NULL : malloc(sizeof(float) * nw * (size_t)def->count);
    alNeatGenome *brains = neat ? malloc(sizeof *brains * (size_t)def->count) : NULL; // views, copied by the replay
    if (!genomes && !brains) return;
    for (int a = 0; a < def->count; ++a)
        if (neat) brains[a] = *alAnts_NeatGenome(ctx->mod, a, NULL);
        else memcpy(genomes + nw * (size_t)a, alAnts_Genome(ctx->mod, a), nw * sizeof(float));
    alError err = {0};
    alAnts *r = NULL;
    int64_t gen = ctx->session->gens;
    alResult res = neat ? alCreateAntsReplayNeat(def, ctx->session->seed, gen, brains, def->count, &r, &err)
                        : alCreateAntsReplayAll(def, ctx->session->seed, gen, genomes, def->count, &r, &err);
    free(brains);
    if (res == AL_OK) {
        stop_replay(v);
        v->replay = r;
        v->living = true;
        v->replay_gen = gen;
        v->replay_result = v->replay_mean = v->replay_logged_mean = NAN;
        v->replay_all = true;
        snprintf(v->note, sizeof v->note,
                 "at the %s: generation %lld's population, bred from %lld and not evaluated, lives on "
                 "without evolving (B: replay of %lld, E: evolve on)",
                 al_session_past_limit(ctx->session) ? "target" : "limit", (long long)gen,
                 (long long)gen - 1, (long long)gen - 1);
    } else {
        snprintf(v->note, sizeof v->note, "the population: %s", err.msg);
    }
    free(genomes);
}

// The pin holds a genome, not an ant's number (own worlds): at a new
// generation the number is someone else's, and the world drawn was (trial).
// The pin moves to the ant carrying the pinned genome unchanged (an elite's
// copy); when none does, the genome is gone and the pin with it, said in
// the panel. Only the live population: a replay keeps its own ants.
static void pin_follows_genome(al_view_ctx *ctx, ants_view *v)
{
    if (v->pinned < 0 || v->replay) return;
    const alAnts *ants = ctx->mod;
    alAntsView av;
    alAnts_View(ants, &av);
    const int was = v->pinned, n = av.count;
    const size_t bytes = (size_t)alNN_WeightCount(&alAnts_Def(ants)->brain) * sizeof(float);
    v->pinned = -1;
    for (int a = 0; v->pin_genome && a < n && v->pinned < 0; ++a) {
        const float *g = alAnts_Genome(ants, a);
        if (g && memcmp(g, v->pin_genome, bytes) == 0) v->pinned = a;
    }
    v->pin_lost = v->pinned >= 0 ? -1 : was;
    if (v->pinned >= 0)
        snprintf(v->note, sizeof v->note,
                 "a new generation: ant %d's genome lives on unchanged as ant %d (an elite), "
                 "still pinned",
                 was, v->pinned);
    else
        snprintf(v->note, sizeof v->note,
                 "a new generation: ant %d's genome was bred away, so no ant is pinned "
                 "(P pins the world drawn now)",
                 was);
    say_note(ctx, v); // the strip said "ant 7 pinned" still
}

// Each generation as it ends (the generation hook: fast frames run through
// many between two updates): its species, and the pin.
static void generation_ended(al_view_ctx *ctx)
{
    ants_view *v = ctx->state;
    if (!v) return;
    al_species_plot_track(v->species, alAnts_Neat(ctx->mod));
    pin_follows_genome(ctx, v);
}

static void update(al_view_ctx *ctx, int64_t ticks)
{
    ants_view *v = ctx->state;
    // At the generation limit the world stays alive: the last stored
    // generation replays (the whole population in the shared world, the best
    // ant in its own; once); B then shows the run's population, alive in a
    // loop without evolving (live_on), B again the replay.
    // Its best ant is marked, not opened: the brain inspector would cover
    // part of the world by itself (I or a click opens it).
    // A jump past the limit (J) can evolve on and end at its target within
    // one frame, done before and after: what replayed is another generation's.
    bool moved_on = v && v->was_done && ctx->done && ctx->session->gens != v->done_gens;
    if (v && (!ctx->done || moved_on)) {
        v->auto_replayed = false;
        // Evolving on past the limit (E, J): the world, the header and the
        // panel show the live population again, whatever replayed there.
        if (v->living || v->was_done) stop_replay(v);
    }
    // A replay begun here starts at its first tick: the frame's ticks were
    // the run's, to its end (the replay began at whatever tick a --from
    // run's last frame had run, 978, 132 or 592).
    bool begun = false;
    if (v && ctx->done && !v->replay && !v->auto_replayed) {
        v->auto_replayed = begun = true;
        // the pin, or the one the limit's generation bred away (its words
        // were the strip's last: "ant 7 pinned" over the best ant's world)
        const int was = v->pinned >= 0 ? v->pinned : v->pin_lost;
        replay_last(ctx, v, false);
        v->pin_lost = -1;
        if (was >= 0 && v->pinned < 0) { // the pin's end, said once
            pin_ends_in_replay(v, was);
            al_view_say(ctx, "%s", v->note);
        }
    }
    if (v) v->was_done = ctx->done, v->done_gens = ctx->session->gens;
    if (!v) return;
    // run_on's note holds while its moment does: fast-forward, or the
    // generation it was said in (it stood in the panel for the rest of the run).
    if (v->note_gen >= 0 && (v->note_fast ? !ctx->fast : ctx->session->gens > v->note_gen + 1)) {
        if (strcmp(v->note, v->run_on_note) == 0) { // (not a note said since)
            v->note[0] = '\0';
            al_view_unsay(ctx); // the strip's copy goes with it
        }
        v->note_gen = -1;
    }
    replay_words_again(ctx, v);
    if (v->replay && !begun) {
        // The replay runs at the shell's speed (at least a tick a frame) and
        // pauses with the run: the banner's "PAUSED - Space to run" holds for it.
        for (int64_t t = 0; t < (ticks > 0 ? ticks : ctx->paused ? 0 : 1); ++t) {
            if (alAnts_Step(v->replay)) {
                double f;
                alAnts_LastBest(v->replay, &f);
                v->replay_result = f;
                alGenStats st;
                v->replay_mean = alAnts_LastStats(v->replay, &st) ? st.mean : NAN;
            }
        }
    }
    track_eaten(v, shown(ctx));
}

// Whether genome g is the first one of a stored NEAT blob (its best).
static bool same_neat(const alNeatGenome *g, const void *blob)
{
    size_t n = alNeatGenome_EncodedSize(g);
    uint8_t *buf = malloc(n);
    bool same = buf && alNeatGenome_Encode(g, false, buf, n) == n &&
                memcmp((const uint8_t *)blob + 8, buf + 8, n - 8) == 0; // past the flags
    free(buf);
    return same;
}

// The best-genome blob (rank 0, of the def's size) of generation gen in
// run, else of the newest before it, else the oldest stored; gen < 0: the
// newest. Only generations below before count. NULL when none fits.
static const alRunGenome *pick_blob(const alRunData *run, int64_t gen, int64_t before, const alAntsDef *def)
{
    const bool neat = def->algorithm == AL_ALGORITHM_NEAT; // blobs of their own sizes
    const size_t want = alAnts_StoredBytes(def);
    const alRunGenome *pick = NULL, *oldest = NULL;
    for (int64_t i = 0; i < run->genome_count; ++i) {
        const alRunGenome *g = &run->genomes[i];
        if (g->rank != 0 || (neat ? g->size == 0 : g->size != want) || g->gen >= before) continue;
        if ((gen < 0 || g->gen <= gen) && (!pick || g->gen > pick->gen)) pick = g;
        if (!oldest || g->gen < oldest->gen) oldest = g;
    }
    return pick ? pick : oldest;
}

// Starts (or moves) a replay of generation gen from the run database: its
// whole population in the shared world, its best ant in an own world
// (open: its brain inspector open). A --from run that has stored no
// generation of its own yet replays the newest the run it continues has
// before its start, as a live run does its own (it said "no generation
// stored yet" beside the table's stored 0-13).
static void start_replay(al_view_ctx *ctx, ants_view *v, int64_t gen, bool open)
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
    alRunData *run = NULL, *parent = NULL;
    if (alRunLog_OpenReadOnly(ctx->db_path, &log, &err) != AL_OK ||
        alRunLog_LoadRun(log, ctx->session->run_id, true, &run, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "replay: %s", err.msg);
        alRunLog_Close(log);
        return;
    }
    const alAntsDef *def = alAnts_Def(ctx->mod);
    const alRunGenome *pick = pick_blob(run, gen, INT64_MAX, def);
    char whose[64] = "";
    uint64_t seed = ctx->session->seed;
    const alRunData *from = run;
    if (!pick && ctx->from_run > 0 && alRunLog_LoadRun(log, ctx->from_run, true, &parent, &err) == AL_OK) {
        int64_t start = ctx->session->log_from;
        pick = pick_blob(parent, gen >= 0 && gen < start ? gen : start - 1, start, def);
        from = parent;
        seed = parent->info.seed;
        snprintf(whose, sizeof whose, "from run %lld: ", (long long)ctx->from_run);
    }
    if (!pick) {
        snprintf(v->note, sizeof v->note, "replay: no generation stored yet");
    } else {
        double mean = NAN;
        for (int64_t i = 0; i < from->gen_count; ++i)
            if (from->gens[i].gen == pick->gen) mean = from->gens[i].mean;
        // B during the run: the newest stored generation, which is not
        // the one under way in the table (it replayed 10 beside "11 under
        // way", unsaid).
        char which[96] = "";
        bool live = gen < 0 && !ctx->done;
        if (live)
            snprintf(which, sizeof which, ", the newest stored (%lld is under way)", (long long)ctx->session->gens);
        if (replay_blob(ctx, v, seed, pick->gen, pick->bytes, pick->size, pick->fitness, mean, whose, which, open) &&
            live) { // the run's count in the note follows the run (replay_words_again)
            v->which_gens = ctx->session->gens;
            v->which_done = false;
            v->which_open = open;
            snprintf(v->which_whose, sizeof v->which_whose, "%s", whose);
            snprintf(v->which_note, sizeof v->which_note, "%s", v->note);
        }
    }
    alDestroyRunData(parent);
    alDestroyRunData(run);
    alRunLog_Close(log);
}

// What a replay says it shows: whose (a brain file's, or ""), which
// generation, which (the run's words, or ""), its best ant (open: its brain
// open), into the note.
static void replay_words(const al_view_ctx *ctx, ants_view *v, const char *whose, const char *which, bool open)
{
    const alAntsDef *def = alAnts_Def(ctx->mod);
    const char *how = open ? "" : "; I: its brain";
    if (v->replay_all)
        snprintf(v->note, sizeof v->note, "%sreplaying all %d ants of generation %lld%s (best: ant %d, ringed%s)",
                 whose, def->count, (long long)v->replay_gen, which, v->marked, how);
    else
        snprintf(v->note, sizeof v->note, "%sreplaying the best ant of generation %lld%s (ringed%s)", whose,
                 (long long)v->replay_gen, which, how);
}

// The replay's note again when the run it names has moved on (a trial read
// "(4 is under way)" beside a run at generation 200): the generation it is
// at, or its end. Not when another note has replaced the replay's.
static void replay_words_again(const al_view_ctx *ctx, ants_view *v)
{
    const al_session *s = ctx->session;
    if (!v->replay || v->living || v->which_gens < 0) return;
    if (v->which_gens == s->gens && v->which_done == ctx->done) return;
    if (strcmp(v->note, v->which_note) != 0) { // another note said since: nothing of the run to mend
        v->which_gens = -1;
        return;
    }
    char which[160];
    if (ctx->done)
        snprintf(which, sizeof which, ", stored; the run has ended at its %s, %lld generations done",
                 al_session_past_limit(s) ? "target" : "limit", (long long)s->gens);
    else
        snprintf(which, sizeof which, ", stored; the run has gone on (%lld is under way; B: back to it)",
                 (long long)s->gens);
    replay_words(ctx, v, v->which_whose, which, v->which_open);
    v->which_gens = s->gens;
    v->which_done = ctx->done;
    snprintf(v->which_note, sizeof v->which_note, "%s", v->note);
}

// Replays a stored blob of generation gen (the run database's, or a brain
// file's): the whole population in the shared world, with its best ant
// marked (and selected, its brain open, when open), or the best ant alone
// in its own. logged (and logged_mean, NAN when unknown) are the stored
// figures it must give again. false (the note says why) when the blob does
// not fit the run's def.
static bool replay_blob(const al_view_ctx *ctx, ants_view *v, uint64_t seed, int64_t gen,
                        const void *bytes, size_t size, double logged, double logged_mean,
                        const char *whose, const char *which, bool open)
{
    const alAntsDef *def = alAnts_Def(ctx->mod);
    const bool shared = def->world_mode == AL_ANTS_SHARED, neat = def->algorithm == AL_ALGORITHM_NEAT;
    const size_t one = (size_t)alNN_WeightCount(&def->brain) * sizeof(float);
    alError err = {0};
    alAnts *r = NULL;
    if (alCreateAntsReplayStored(def, seed, gen, bytes, size, &r, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "replay: %s", err.msg);
        return false;
    }
    alDestroyAnts(v->replay);
    v->replay = r;
    v->living = false;
    v->replay_gen = gen;
    v->replay_logged = logged;
    v->replay_logged_mean = logged_mean;
    v->replay_result = v->replay_mean = NAN;
    v->replay_all = shared;
    // mark the best ant: the first whose genome is the stored best
    v->marked = 0;
    const unsigned char *b = bytes;
    for (int a = 0; shared && a < def->count; ++a)
        if (neat ? same_neat(alAnts_NeatGenome(r, a, NULL), bytes)
                 : memcmp(b, b + (size_t)(a + 1) * one, one) == 0) {
            v->marked = a;
            break;
        }
    v->selected = open ? v->marked : -1;
    v->which_gens = -1;
    if (!shared) {
        v->pinned = -1;
        free(v->pin_genome);
        v->pin_genome = NULL;
    }
    replay_words(ctx, v, whose, which, open);
    return true;
}

// Names of the brain's inputs (in sensor order) and outputs.
static const char *input_name(const alAntsDef *d, int i)
{
    static const char *const body[] = {"look x", "look y", "food ahead", "food side", "mine ahead", "mine side"};
    static const char *const world[] = {"look x", "look y", "food x", "food y", "mine x", "mine y"};
    return i < 6 ? (d->frame == AL_FRAME_BODY ? body[i] : world[i]) : "?";
}

// The network of an ant: neurons as squares filled by their activation, the
// weights as lines, green positive, red negative, wider when stronger; the
// inputs and outputs named, with their values, or in a narrow box the names
// alone or the network alone, the box's last line saying so. *labels
// receives the names drawn; returns what fitted.
static al_net_labels draw_brain(SDL_Renderer *r, const al_font *f, SDL_Rect box, const alAntsDef *def,
                                const float *w, const float *act, bool stepped, int *labels)
{
    const alNNLayout *l = &def->brain;
    enum { MAXN = AL_NN_MAX_LAYERS * AL_NN_MAX_WIDTH };
    float nx[MAXN], ny[MAXN];
    char lab[24];
    int left = 0, left_name = 0;
    for (int i = 0; i < l->sizes[0]; ++i) {
        snprintf(lab, sizeof lab, "%s -0.00", input_name(def, i));
        int tw = al_text_width(f, lab), nw = al_text_width(f, input_name(def, i));
        if (tw > left) left = tw;
        if (nw > left_name) left_name = nw;
    }
    int right = al_text_width(f, "right 0.00"), right_name = al_text_width(f, "right");
    al_net_labels fit = al_net_labels_fit(box.w, left, right, left_name, right_name);
    // Before the generation's first tick no ant has sensed anything: its
    // zeros looked like broken sensors, so the names alone are shown
    // (the title says why) until one tick is run.
    bool unsensed = !stepped && fit == AL_NET_LABELS_FULL;
    if (unsensed) fit = AL_NET_LABELS_NAMES;
    if (fit == AL_NET_LABELS_NAMES) left = left_name, right = right_name;
    int x0 = box.x + left + 12, x1 = box.x + box.w - right - 12;
    if (fit == AL_NET_LABELS_NONE) { // the network alone
        x0 = box.x + 8;
        x1 = box.x + box.w - 8;
    }
    if (!unsensed) box.h -= al_net_labels_say(r, f, box, fit);
    *labels = 0;
    int k = 0;
    for (int L = 0; L < l->layer_count; ++L) {
        float x = (float)x0 + (float)(x1 - x0) * (float)L / (float)(l->layer_count - 1);
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
                if (i == nin) continue; // the bias is not drawn
                float m = fminf(fabsf(w[wi]) / 2.0f, 1.0f);
                Uint8 a = (Uint8)(60 + 195 * m);
                SDL_Color lc = w[wi] >= 0 ? AL_COL_LINK_POS : AL_COL_LINK_NEG;
                SDL_SetRenderDrawColor(r, lc.r, lc.g, lc.b, a);
                int width = 1 + (int)(3 * m);
                for (int d = 0; d < width; ++d)
                    SDL_RenderDrawLineF(r, nx[in0 + i], ny[in0 + i] + (float)d - (float)width / 2,
                                        nx[out0 + j], ny[out0 + j] + (float)d - (float)width / 2);
            }
        }
        in0 = out0;
        out0 += l->sizes[L];
    }
    float th = (float)al_font_height(f);
    for (int q = 0; q < k; ++q) {
        // inputs in [-1, 1], sigmoid outputs in [0, 1], tanh in [-1, 1]: show |value|
        float v = stepped ? fminf(fabsf(act[q]), 1.0f) : 0.0f;
        Uint8 g = (Uint8)(40 + 215 * v);
        SDL_FRect node = {nx[q] - 5, ny[q] - 5, 10, 10};
        SDL_SetRenderDrawColor(r, g, g, (Uint8)(stepped && act[q] < 0 ? 120 : g), 255);
        SDL_RenderFillRectF(r, &node);
        SDL_SetRenderDrawColor(r, 200, 210, 230, 255);
        SDL_RenderDrawRectF(r, &node);
        if (fit == AL_NET_LABELS_NONE) continue;
        bool full = fit == AL_NET_LABELS_FULL;
        if (q < l->sizes[0]) {
            if (full) snprintf(lab, sizeof lab, "%s %+.2f", input_name(def, q), (double)act[q]);
            else snprintf(lab, sizeof lab, "%s", input_name(def, q));
            int tw = al_text_width(f, lab);
            al_draw_text_px(r, f, nx[q] - 9 - (float)tw, ny[q] - th / 2, AL_COL_TEXT, lab);
            ++*labels;
        } else if (q >= k - 2) {
            if (full) snprintf(lab, sizeof lab, "%s %.2f", q == k - 2 ? "left" : "right", (double)act[q]);
            else snprintf(lab, sizeof lab, "%s", q == k - 2 ? "left" : "right");
            al_draw_text_px(r, f, nx[q] + 9, ny[q] - th / 2, AL_COL_TEXT, lab);
            ++*labels;
        }
    }
    return fit;
}

// A NEAT brain (run.algorithm = neat) as evolved so far (neat_draw.h),
// its inputs named. Returns the nodes drawn.
static int draw_neat_brain(SDL_Renderer *r, const al_font *f, SDL_Rect box, const alAntsDef *def,
                           const alNeatGenome *g, const double *values, int *labels, int *through)
{
    const char *in[AL_NEAT_DRAW_MAX_NODES];
    for (int i = 0; i < g->inputs && i < AL_NEAT_DRAW_MAX_NODES; ++i)
        in[i] = input_name(def, i);
    static const char *const out[] = {"left", "right"};
    return al_neat_draw(r, f, box, g, values, in, out, labels, through);
}

// The brain inspector of ant a, drawn at (px, py) pixels: beside it, never
// over it (view_ants.h), sized to the world view: at most half its width
// and half its height, so it never covers more than a quarter of the world
// (in a small window the values, then the names give way, and the box
// says so). v receives the neurons and the labels drawn.
static SDL_Rect draw_inspector(al_canvas *c, ants_view *v, const alAnts *ants, int a, SDL_FPoint at, int keep,
                               SDL_Rect label)
{
    const alAntsDef *def = alAnts_Def(ants);
    const double *values = NULL;
    const alNeatGenome *ng = alAnts_NeatGenome(ants, a, &values);
    int sh = al_font_height(c->small);
    int rows = 0;
    for (int L = 0; L < def->brain.layer_count && !ng; ++L)
        if (def->brain.sizes[L] > rows) rows = def->brain.sizes[L];
    if (ng) { // the widest layer of the evolved network
        float along[AL_NEAT_DRAW_MAX_NODES], depth[AL_NEAT_DRAW_MAX_NODES];
        if (!al_neat_layout(ng, along, depth, &rows)) rows = 1;
    }
    int want_h = 24 + rows * (sh + 2) + 8, want_w = 330;
    if (want_w > (int)(c->world_px.w / 2)) {
        want_w = (int)(c->world_px.w / 2);
        want_h += sh + 2; // a line to say what gave way
    }
    if (want_h > (int)(c->world_px.h / 2)) want_h = (int)(c->world_px.h / 2);
    // within the world's rows: the badges above and the caption below stay readable
    SDL_Rect band = {c->rect.x, (int)c->world_px.y, c->rect.w, (int)c->world_px.h};
    SDL_IntersectRect(&c->rect, &band, &band);
    SDL_Rect box = al_ants_brain_box_clear(band, at.x, at.y, want_w, want_h, keep, label);
    float act[AL_NN_MAX_LAYERS * AL_NN_MAX_WIDTH];
    if (!ng) alAnts_Activations(ants, a, act);
    alAntsView av;
    alAnts_View(ants, &av);
    v->brain_stepped = av.tick > 0; // at a generation's start (J, B, Shift+N) nothing is sensed yet
    SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(c->r, 18, 20, 26, 255);
    SDL_RenderFillRect(c->r, &box);
    SDL_SetRenderDrawColor(c->r, AL_COL_ACCENT.r, AL_COL_ACCENT.g, AL_COL_ACCENT.b, 255);
    SDL_RenderDrawRect(c->r, &box);
    char title[64]; // how to close it, where that fits
    const char *when = v->brain_stepped ? "" : ": no step yet (N: one tick)";
    snprintf(title, sizeof title, "brain of ant %d%s (I: close)", a, when);
    if (al_text_width(c->small, title) > box.w - 12) snprintf(title, sizeof title, "brain of ant %d%s", a, when);
    if (al_text_width(c->small, title) > box.w - 12) snprintf(title, sizeof title, "brain of ant %d", a);
    al_canvas_text(c, c->small, (SDL_Rect){box.x + 6, box.y + 3, box.w - 12, al_font_height(c->small)}, -1,
                   AL_COL_ACCENT, title);
    SDL_Rect net = {box.x + 4, box.y + 20, box.w - 8, box.h - 24};
    if (ng) {
        v->brain_nodes = draw_neat_brain(c->r, c->small, net, def, ng, v->brain_stepped ? values : NULL,
                                         &v->brain_labels, &v->brain_through);
        v->brain_fit = -1; // (the inputs' labels only are counted)
    } else {
        v->brain_fit = (int)draw_brain(c->r, c->small, net, def, alAnts_Genome(ants, a), act, v->brain_stepped,
                                       &v->brain_labels);
        v->brain_nodes = alNN_NeuronCount(&def->brain);
        v->brain_through = 0; // links only join neighbouring layers
    }
    return box;
}

// The rings drawn around ants, world units: an elite's, the selected ant's
// (the pinned ant's inner one too), the pinned ant's outer one, and the
// double ring of the replay's best ant (marked).
#define ANT_LEN 10.0f // an ant's triangle, world units (al_batch_tri)
#define RING_ELITE 7.0f
#define RING_SELECTED 10.0f
#define RING_PINNED 13.0f
#define RING_MARKED_IN 12.0f
#define RING_MARKED_OUT 15.0f
// The colours of the labels and the pin, as the legend names them (a test
// reads them from state: the legend said yellow "3 ants" drawn white, and
// "yellow rings" of a pinned ant that was selected too, drawn none).
#define COL_ANT_NUMBER AL_COL_WARN // "yellow numbers"
#define COL_ANT_GROUP AL_COL_TEXT  // white "3 ants"
#define COL_ANT_FOOD AL_COL_GOOD   // "green numbers"
#define COL_PINNED AL_COL_WARN     // "yellow rings"

static double rgb(SDL_Color c) { return (double)((c.r << 16) | (c.g << 8) | c.b); }

// The pinned ant's outer ring: outside the orange double ring when it is
// the replay's best ant too.
static float pin_ring(const ants_view *v) { return v->pinned == v->marked ? RING_MARKED_OUT + 3.0f : RING_PINNED; }
#define FOOD_R 2.5f // a food item's disc, world units
#define MINE_R 3.0f // a mine's

// The marks labels keep off (al_label_mark): each ant's body with its rings
// at sx, sy pixels, then the word "pinned" under the pinned ant. m holds
// av->count + 1. Returns how many.
static int world_marks(const ants_view *v, const al_canvas *c, const alAntsView *av,
                       bool elites_drawn, const float *sx, const float *sy, al_label_mark *m)
{
    float body = 0.6f * fmaxf(ANT_LEN * c->scale, 5.0f); // al_batch_tri: at least 5 px long
    bool pin = v->pinned >= 0 && v->pinned < av->count;
    for (int a = 0; a < av->count; ++a) {
        float r = body, ring = 0;
        if (elites_drawn && av->elite[a]) ring = RING_ELITE;
        if (a == v->selected) ring = RING_SELECTED;
        if (a == v->marked) ring = fmaxf(ring, RING_MARKED_OUT);
        if (pin && a == v->pinned) ring = fmaxf(ring, pin_ring(v));
        if (ring > 0) r = fmaxf(r, ring * c->scale + 1.0f);
        m[a] = (al_label_mark){sx[a], sy[a], r};
    }
    if (!pin) return av->count;
    float lh = (float)al_font_height(c->small), tw = (float)al_text_width(c->small, "pinned");
    m[av->count] = (al_label_mark){
        sx[v->pinned], sy[v->pinned] + pin_ring(v) * c->scale + 2.0f + lh / 2, fmaxf(tw, lh) / 2};
    return av->count + 1;
}

// The ants' labels: one per spot (ants standing together share one, "5
// ants"), each placed inside the world clear of the other labels and of the
// ants' bodies and rings (al_ants_label_place), the selected and the marked
// ant's first; a label with no such place is left out. What was drawn goes
// to `state` (al_ants_label_faults).
// Food items and mines (items: nitems, pixels) are marks too: a "2 ants"
// label sat over food (trial, issue 10).
static void draw_labels(ants_view *v, al_canvas *c, const alAntsView *av, SDL_Rect wclip,
                        bool elites_drawn, const al_label_mark *items, int nitems)
{
    const int n = av->count;
    const float lh = (float)al_font_height(c->small);
    // floats: sx, sy, and per label x, y, left, width, gap, food's x
    float *f = malloc(sizeof(float) * 8 * (size_t)n);
    int *own = malloc(sizeof(int) * ((size_t)3 * n + (size_t)al_ants_label_scratch(n)));
    al_label_mark *marks = malloc(sizeof *marks * ((size_t)n + 1 + (size_t)nitems));
    al_label_box *out = malloc(sizeof *out * (size_t)n);
    bool *shown = malloc(sizeof *shown * (size_t)n);
    if (f && own && marks && out && shown) {
        float *sx = f, *sy = sx + n, *lx = sy + n, *ly = lx + n, *left = ly + n, *lw = left + n,
              *gap = lw + n, *food_at = gap + n;
        int *grp = own + n, *ant = grp + n, *scratch = ant + n;
        for (int a = 0; a < n; ++a) {
            SDL_FPoint q = al_canvas_to_screen(c, alV2(av->x[a], av->y[a]));
            sx[a] = q.x;
            sy[a] = q.y;
        }
        int nmarks = world_marks(v, c, av, elites_drawn, sx, sy, marks), nant_marks = nmarks;
        for (int j = 0; j < nitems; ++j) marks[nmarks++] = items[j];
        // a label spans about 24 px either side of its ant
        al_ants_label_plan(sx, sy, n, 48.0f, lh, own, grp, scratch);
        int sel_owner = v->selected >= 0 && v->selected < n ? own[v->selected] : -1;
        int mark_owner = v->marked >= 0 && v->marked < n ? own[v->marked] : -1;
        // The kept labels, the selected and the marked ant's first: their
        // text(s) and box, then placed.
        int nk = 0, first[2] = {sel_owner, mark_owner != sel_owner ? mark_owner : -1};
        for (int q = 0; q < 2 + n; ++q) {
            int a = q < 2 ? first[q] : q - 2;
            if (a < 0 || own[a] != a || (q >= 2 && (a == first[0] || a == first[1]))) continue;
            char t[32];
            float x0 = 0, x1 = 0;
            food_at[nk] = 0;
            if (grp[a] > 1) { // a crowd: how many, not a blob of numbers
                snprintf(t, sizeof t, "%d ants", grp[a]);
                x1 = (float)al_text_width(c->small, t);
                x0 = -x1 / 2, x1 /= 2;
            } else {
                if (v->show_numbers) {
                    snprintf(t, sizeof t, "%d", a);
                    x0 = -5.0f - (float)al_text_width(c->small, t);
                }
                if (v->show_food) {
                    snprintf(t, sizeof t, "%d", av->food[a]);
                    x1 = 5.0f + (float)al_text_width(c->small, t);
                }
                food_at[nk] = 5.0f - x0;
            }
            // clear of its own ant's mark (6 px at least, as before)
            lx[nk] = sx[a], ly[nk] = sy[a], left[nk] = x0, lw[nk] = x1 - x0;
            gap[nk] = fmaxf(marks[a].r, 6.0f);
            ant[nk++] = a;
        }
        al_label_box wb = {(float)wclip.x, (float)wclip.y, (float)wclip.w, (float)wclip.h};
        al_ants_label_place(wb, nk, lx, ly, left, lw, lh, gap, marks, nmarks, out, shown);
        int nb = 0;
        for (int k = 0; k < nk; ++k) {
            if (!shown[k]) continue;
            int a = ant[k];
            char t[32];
            out[nb++] = out[k]; // the boxes drawn, in order, for the faults below
            if (a == sel_owner) // for the brain inspector, which keeps clear of it
                v->sel_label = (SDL_Rect){(int)floorf(out[k].x), (int)floorf(out[k].y),
                                          (int)ceilf(out[k].w) + 1, (int)ceilf(out[k].h)};
            if (grp[a] > 1) {
                snprintf(t, sizeof t, "%d ants", grp[a]);
                al_draw_text_px(c->r, c->small, out[k].x, out[k].y, COL_ANT_GROUP, t);
                continue;
            }
            if (v->show_numbers) {
                snprintf(t, sizeof t, "%d", a);
                al_draw_text_px(c->r, c->small, out[k].x, out[k].y, COL_ANT_NUMBER, t);
            }
            if (v->show_food) {
                snprintf(t, sizeof t, "%d", av->food[a]);
                al_draw_text_px(c->r, c->small, out[k].x + food_at[k], out[k].y, COL_ANT_FOOD, t);
            }
        }
        v->labels = al_ants_label_faults(wb, out, nb, lh, marks, nmarks);
        v->labels_over_items = al_ants_label_faults(wb, out, nb, lh, marks + nant_marks, nitems).over_marks;
    }
    free(f);
    free(own);
    free(marks);
    free(out);
    free(shown);
}

static void draw(al_view_ctx *ctx, al_canvas *c)
{
    ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    const alAntsDef *def = alAnts_Def(ants);
    alAntsView av;
    alAnts_View(ants, &av);
    int owner = world_owner(&av, v ? v->selected : -1, v ? v->pinned : -1);
    // What belongs to the world (food, ants, rings, labels) is clipped to its
    // rectangle: an ant at the top edge has its label cut, not drawn over the
    // badges above; only the brain inspector uses the whole view.
    SDL_Rect wclip = {(int)c->world_px.x, (int)c->world_px.y, (int)c->world_px.w, (int)c->world_px.h};
    SDL_IntersectRect(&c->rect, &wclip, &wclip);
    SDL_RenderSetClipRect(c->r, &wclip);
    const float *ix, *iy, *mx, *my;
    int n = alAnts_Food(ants, owner, &ix, &iy), nfood = n;
    for (int j = 0; j < n; ++j) al_batch_disc(c->batch, c, alV2(ix[j], iy[j]), FOOD_R, 8, AL_COL_GOOD);
    int nmines = alAnts_Mines(ants, owner, &mx, &my);
    for (int j = 0; j < nmines; ++j) al_batch_disc(c->batch, c, alV2(mx[j], my[j]), MINE_R, 8, AL_COL_BAD);
    for (int a = 0; a < av.count; ++a) {
        alVec2 p = alV2(av.x[a], av.y[a]), h = alV2(av.lx[a], av.ly[a]);
        SDL_Color col = !av.alive[a]  ? AL_RGB(90, 90, 100)
                        : av.elite[a] ? AL_COL_BEST
                                      : AL_COL_AGENT;
        if (v && a == v->selected) col = AL_COL_ACCENT;
        al_batch_tri(c->batch, c, p, h, ANT_LEN, col);
    }
    al_batch_draw(c);
    if (v)
        for (int k = 0; k < v->npuffs; ++k) { // eaten food: a white ring that shrinks away
            float t = (float)v->puffs[k].ttl / PUFF_FRAMES;
            al_draw_circle(c, v->puffs[k].at, 3.0f + 2.5f * t, AL_RGBA(255, 255, 255, 30 + 170 * t));
        }
    const bool elites_drawn = !(v && v->replay); // a replay's elites are those of the generation after it
    int rings = 0;
    for (int a = 0; a < av.count && elites_drawn; ++a)
        if (av.elite[a])
            al_draw_circle(c, alV2(av.x[a], av.y[a]), RING_ELITE, AL_COL_BEST), rings++;
    if (v) v->elite_rings = rings;
    if (v && v->marked >= 0 && v->marked < av.count) { // the replay's best ant: a double orange ring
        alVec2 p = alV2(av.x[v->marked], av.y[v->marked]);
        al_draw_circle(c, p, RING_MARKED_IN, AL_COL_BEST);
        al_draw_circle(c, p, RING_MARKED_OUT, AL_COL_BEST);
    }
    if (v) {
        v->sel_label = (SDL_Rect){0, 0, 0, 0};
        v->labels = (al_label_faults){0};
    }
    if (v) v->labels_over_items = 0;
    if (v && (v->show_food || v->show_numbers) && av.count <= 4000) {
        // the food and the mines as marks the labels keep off (a pixel of margin)
        al_label_mark *items = malloc(sizeof *items * ((size_t)nfood + (size_t)nmines + 1));
        if (items) {
            for (int j = 0; j < nfood + nmines; ++j) {
                bool food = j < nfood;
                alVec2 at = food ? alV2(ix[j], iy[j]) : alV2(mx[j - nfood], my[j - nfood]);
                SDL_FPoint q = al_canvas_to_screen(c, at);
                items[j] = (al_label_mark){q.x, q.y, (food ? FOOD_R : MINE_R) * c->scale + 1.0f};
            }
            draw_labels(v, c, &av, wclip, elites_drawn, items, nfood + nmines);
        }
        free(items);
    }
    if (v) v->pin_drawn = false;
    if (v && v->pinned >= 0 && v->pinned < av.count) {
        // The pinned ant (P): whose world is drawn, a double yellow ring and
        // "pinned" under it, so the caption's ant can be found; selected
        // too, its inner ring is the selection's blue (drawn below).
        alVec2 p = alV2(av.x[v->pinned], av.y[v->pinned]);
        if (v->pinned != v->selected) al_draw_circle(c, p, RING_SELECTED, COL_PINNED);
        al_draw_circle(c, p, pin_ring(v), COL_PINNED);
        SDL_FPoint q = al_canvas_to_screen(c, p);
        float tw = (float)al_text_width(c->small, "pinned");
        al_draw_text_px(c->r, c->small, q.x - tw / 2, q.y + pin_ring(v) * c->scale + 2.0f, COL_PINNED, "pinned");
        v->pin_drawn = true;
    }
    bool picked = v && v->selected >= 0 && v->selected < av.count;
    if (picked) {
        v->sel_at = al_canvas_to_screen(c, alV2(av.x[v->selected], av.y[v->selected]));
        v->sel_ring = RING_SELECTED * c->scale;
        // The selected ant: a ring around it (its heading stays visible) and
        // lines to what it senses, its nearest food and mine.
        alVec2 p = alV2(av.x[v->selected], av.y[v->selected]);
        al_draw_circle(c, p, RING_SELECTED, AL_COL_ACCENT);
        float ux, uy;
        if (def->mines) {
            alAnts_Sensed(ants, v->selected, 1, &ux, &uy);
            al_draw_line(c, p, alV2(p.x + 25 * ux, p.y + 25 * uy), AL_COL_BAD);
        }
        alAnts_Sensed(ants, v->selected, 0, &ux, &uy);
        al_draw_line(c, p, alV2(p.x + 25 * ux, p.y + 25 * uy), AL_COL_GOOD);
    }
    SDL_RenderSetClipRect(c->r, &c->rect);
    if (v) v->brain_box = (SDL_Rect){0, 0, 0, 0};
    if (picked) {
        // Clear of the ant, its selection ring and its label (the box to
        // its right had covered "13 71": it kept only 14 px).
        int keep = (int)ceilf(v->sel_ring) + 4;
        if (keep < 14) keep = 14;
        v->brain_box = draw_inspector(c, v, ants, v->selected, v->sel_at, keep, v->sel_label);
    }
    ctx->cover = v ? v->brain_box : (SDL_Rect){0, 0, 0, 0};
}

// The live run's mutation rate (the algorithm's, once changed by hand), or
// NAN when its algorithm has none (CMA-ES adapts its own step size).
static double mutation_rate(al_view_ctx *ctx)
{
    double r = NAN;
    if (!alAlgorithm_GetParam(alAnts_Algorithm(ctx->mod), "mutation_rate", &r)) return NAN;
    return r;
}

// The key parameters, changed by their keys, the wheel or a drag on their
// values (al_panel_value): the mutation rate live, the others by a new run.
static void parameters_panel(al_view_ctx *ctx, al_panel *p)
{
    const alConfig *cfg = ctx->session->cfg;
    double rate = mutation_rate(ctx);
    // A brain file's replay evolves nothing: no rate is live there (it said
    // "(live)"), M is refused, and A O X start a new run of its world.
    al_panel_heading(p, ctx->brain ? "Evolution (A O X: a new run of this world)"
                                   : "Evolution (key: more, Shift+key: less)");
    if (isnan(rate))
        al_panel_value_kv(p, "mutation_rate", NAN, SDLK_m, 0, "M mutation rate", "none (%s)",
                          alConfig_Text(cfg, "run.algorithm"));
    else if (ctx->brain)
        al_panel_kv(p, "mutation rate", "%.3g (not used)", rate);
    else
        al_panel_value_kv(p, "mutation_rate", rate, SDLK_m, 0, "M mutation rate", "%.3g (live)", rate);
    long long count = (long long)alConfig_Int(cfg, "ants.count"), food = (long long)alConfig_Int(cfg, "ants.food");
    bool mines = alConfig_Bool(cfg, "ants.mines");
    al_panel_value_kv(p, "ants", (double)count, SDLK_a, 0, "A ants", "%lld (a new run)", count);
    al_panel_value_kv(p, "food", (double)food, SDLK_o, 0, "O food items", "%lld (a new run)", food);
    al_panel_value_kv(p, "mines", mines ? 1.0 : 0.0, SDLK_x, SDLK_x, "X mines", "%s (a new run)",
                      mines ? "on" : "off");
}

// M: the mutation rate, 15% a press, live from the next generation on
// through the algorithm interface (an algorithm without one says why).
static bool change_rate(al_view_ctx *ctx, ants_view *v, bool less)
{
    if (ctx->brain) { // nothing evolves: no next generation for a rate to act on
        snprintf(v->note, sizeof v->note,
                 "M: a brain file's replay evolves nothing, so no mutation rate acts (R, A, O, X: a new run of "
                 "its world)");
        return true;
    }
    alAlgorithm a = alAnts_Algorithm(ctx->mod);
    double r = mutation_rate(ctx);
    if (isnan(r)) r = alConfig_Float(ctx->session->cfg, "ga.mutation_rate");
    double nr = less ? r / 1.15 : r * 1.15;
    if (r == 0 && !less) nr = 0.001;
    nr = nr < 0.001 ? 0.001 : nr > 1 ? 1 : nr;
    alError err = {0};
    if (alAlgorithm_SetParam(a, "mutation_rate", nr, &err) != AL_OK) {
        snprintf(v->note, sizeof v->note, "M: %s", err.msg);
        return true;
    }
    char what[64];
    snprintf(what, sizeof what, "mutation rate %.3g", nr);
    al_view_mark_edited(ctx, what);
    snprintf(v->note, sizeof v->note, "mutation rate %.3g from the next generation on", nr);
    return true;
}

// A, O, X: the ant count and the food items (15% a press) and the mines
// (on/off), each a new run with the new value, as the lesson files set them.
static bool change_world(al_view_ctx *ctx, SDL_Keycode k, bool less)
{
    const alConfig *cfg = ctx->session->cfg;
    char set[64];
    if (k == SDLK_x) {
        snprintf(set, sizeof set, "ants.mines=%s", alConfig_Bool(cfg, "ants.mines") ? "false" : "true");
    } else {
        const char *key = k == SDLK_a ? "ants.count" : "ants.food";
        long long n = (long long)alConfig_Int(cfg, key), lo = k == SDLK_a ? 2 : 1, hi = 100000;
        if (k == SDLK_a) { // more ants than the GA's elites' copies
            long long e = (long long)(alConfig_Int(cfg, "ga.elites") * alConfig_Int(cfg, "ga.elite_copies")) + 1;
            if (e > lo) lo = e;
        }
        long long nn = less ? (long long)((double)n / 1.15) : (long long)((double)n * 1.15 + 0.5);
        if (nn == n) nn = less ? n - 1 : n + 1;
        nn = nn < lo ? lo : nn > hi ? hi : nn;
        if (nn == n) return true;
        snprintf(set, sizeof set, "%s=%lld", key, nn);
    }
    al_view_request_restart(ctx, set);
    return true;
}

// The Marks legend draws each mark as the world draws it: an ant is the
// world's triangle in its colour, an elite the orange triangle with its
// ring, food and mines their discs, the numbers in their colours (the
// legend once showed "^" carets for the ants).
typedef enum { MK_ANT, MK_ELITE, MK_BEST, MK_DISC, MK_RING, MK_TEXT } mark_kind;
static const char *const mark_kind_names[] = {"ant", "ringed ant", "double-ringed ant", "disc", "ring", "text"};
typedef struct mark {
    mark_kind kind;
    SDL_Color col;
    const char *sym; // MK_TEXT: the sample ("7", "12")
    const char *label;
} mark;
enum { MARK_PX = 12 }; // an ant's triangle in the legend, as in the world at its usual scale

static void mark_triangle(SDL_Renderer *r, float cx, float cy, SDL_Color col)
{
    // pointing up (the world's heading is the ant's): length MARK_PX, width 0.6 x
    float l = MARK_PX, w = 0.6f * MARK_PX;
    SDL_Vertex v[3] = {{{cx, cy - l / 2}, col, {0, 0}},
                       {{cx - w / 2, cy + l / 2}, col, {0, 0}},
                       {{cx + w / 2, cy + l / 2}, col, {0, 0}}};
    SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
}

static void mark_circle(SDL_Renderer *r, float cx, float cy, float rad, SDL_Color col, bool fill)
{
    SDL_SetRenderDrawColor(r, col.r, col.g, col.b, col.a);
    if (fill) {
        for (float dy = -rad; dy <= rad; dy += 1.0f) {
            float dx = sqrtf(rad * rad - dy * dy);
            SDL_RenderDrawLineF(r, cx - dx, cy + dy, cx + dx, cy + dy);
        }
        return;
    }
    SDL_FPoint pt[25];
    for (int i = 0; i <= 24; ++i) {
        float a = (float)i * 6.2831853f / 24.0f;
        pt[i] = (SDL_FPoint){cx + rad * cosf(a), cy + rad * sinf(a)};
    }
    SDL_RenderDrawLinesF(r, pt, 25);
}

// Width of one mark's icon (MK_TEXT: its sample text).
static int mark_icon_w(const al_panel *p, const mark *m)
{
    return m->kind == MK_TEXT ? al_text_width(p->small, m->sym) : m->kind == MK_ELITE ? MARK_PX + 4
                                                           : m->kind == MK_BEST    ? MARK_PX + 8
                                                                                   : MARK_PX;
}

// One or more rows of marks, each its icon then its label, wrapped to the
// panel's width.
// ... and tail (NULL: none), a dim note, after the last mark when it fits
// there (the ants' "click an ant" hint took a row of its own, and neat.ini
// no longer fitted 1280x800): returns whether it was drawn.
static bool marks_rows(al_panel *p, const mark *m, int n, const char *tail)
{
    int th = al_font_height(p->small), row_h = (th > MARK_PX + 4 ? th : MARK_PX + 4) + 1;
    int gap = al_text_width(p->small, "  "), sp = 4;
    for (int i = 0; i < n;) {
        int j = i, w = 0; // marks i..j-1 fill this row
        while (j < n) {
            int mw = mark_icon_w(p, &m[j]) + sp + al_text_width(p->small, m[j].label) + (j > i ? gap : 0);
            if (j > i && w + mw > p->width) break;
            w += mw;
            j++;
        }
        SDL_Rect row = al_panel_area(p, row_h);
        if (row.h == 0) return true; // said cut by the panel
        float x = (float)row.x, cy = (float)row.y + (float)row_h / 2;
        for (int k = i; k < j; ++k) {
            if (k > i) x += (float)gap;
            int iw = mark_icon_w(p, &m[k]);
            float icx = x + (float)iw / 2;
            switch (m[k].kind) {
            case MK_ANT: mark_triangle(p->r, icx, cy, m[k].col); break;
            case MK_ELITE:
                mark_triangle(p->r, icx, cy, m[k].col);
                mark_circle(p->r, icx, cy, (float)iw / 2 + 1, m[k].col, false);
                break;
            case MK_BEST: // the replay's best ant: its double ring
                mark_triangle(p->r, icx, cy, AL_COL_AGENT);
                mark_circle(p->r, icx, cy, (float)iw / 2 - 2, m[k].col, false);
                mark_circle(p->r, icx, cy, (float)iw / 2 + 1, m[k].col, false);
                break;
            case MK_DISC: mark_circle(p->r, icx, cy, 3.0f, m[k].col, true); break;
            case MK_RING: mark_circle(p->r, icx, cy, 4.5f, m[k].col, false); break;
            case MK_TEXT:
                al_draw_text_px(p->r, p->small, x, cy - (float)th / 2, m[k].col, m[k].sym);
                break;
            }
            x += (float)(iw + sp);
            x += (float)al_draw_text_px(p->r, p->small, x, cy - (float)th / 2, AL_COL_DIM, m[k].label);
        }
        i = j;
        if (i == n && tail && w + gap + al_text_width(p->small, tail) <= p->width) {
            al_draw_text_px(p->r, p->small, x + (float)gap, cy - (float)th / 2, AL_COL_DIM, tail);
            return true;
        }
    }
    return false;
}

static void panel(al_view_ctx *ctx, al_panel *p)
{
    ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    const alAntsDef *def = alAnts_Def(ants);
    alAntsView av;
    alAnts_View(ants, &av);
    // First, under the fixed table: the values the mouse drags stay put
    // while the lines below them come and go.
    if (v) parameters_panel(ctx, p);
    if (v && v->replay && !v->living) {
        al_panel_heading(p, "Replay");
        al_panel_text(p, AL_COL_WARN, "%s of generation %lld, tick %d / %d",
                      v->replay_all ? "all ants" : "best ant", (long long)v->replay_gen, av.tick, av.ticks);
        if (isnan(v->replay_result)) {
            al_panel_kv(p, "logged best fitness", "%.6g", v->replay_logged);
        } else {
            bool mean = v->replay_all && !isnan(v->replay_logged_mean);
            bool exact = v->replay_result == v->replay_logged && (!mean || v->replay_mean == v->replay_logged_mean);
            // As logged: one line (two kv lines, the mean's wrapped, pushed
            // Keys below the fold at 1280x800). A difference gets the room.
            if (exact && mean)
                al_panel_text(p, AL_COL_TEXT, "replayed = logged (exact): best %.6g, mean %.6g", v->replay_result,
                              v->replay_mean);
            else if (exact)
                al_panel_text(p, AL_COL_TEXT, "replayed = logged (exact): best %.6g", v->replay_result);
            else {
                al_panel_kv(p, "best: replayed / logged", "%.6g / %.6g %s", v->replay_result, v->replay_logged,
                            v->replay_result == v->replay_logged ? "(exact)" : "(DIFFERS)");
                if (mean)
                    al_panel_kv(p, "mean: replayed / logged", "%.6g / %.6g %s", v->replay_mean,
                                v->replay_logged_mean,
                                v->replay_mean == v->replay_logged_mean ? "(exact)" : "(DIFFERS)");
            }
        }
        if (ctx->brain) // the file holds one generation, and B replays it again (the keys that work)
            al_panel_note(p, "B again from tick 0   R, A, O, X: a new run");
        else
            al_panel_note(p, "[ ] other generation   B back to the population");
    } else {
        long total = 0, hits = 0;
        for (int a = 0; a < av.count; ++a) {
            total += av.food[a];
            hits += av.mines_hit[a];
        }
        al_panel_heading(p, v && v->living ? "The population, not evolving" : "This generation");
        al_panel_kv(p, "food eaten so far", "%ld (%.1f per ant)", total, (double)total / av.count);
        if (def->mines)
            al_panel_kv(p, "mines hit so far", "%ld (%.2f per ant)", hits, (double)hits / av.count);
        double pen = alAntsDef_MinePenalty(def, av.gen);
        if (def->mines && pen == 0) // the ramp's start: this generation's penalty, and where it goes
            al_panel_note(p, "fitness (table, plot) = food: mines cost nothing yet (%g per hit by generation %d)",
                          (double)def->mine_penalty, def->mine_ramp);
        else if (def->mines && pen < def->mine_penalty)
            al_panel_note(p, "fitness (table, plot) = food - %.3g x mines hit (rising to %g by generation %d)", pen,
                          (double)def->mine_penalty, def->mine_ramp);
        else if (def->mines)
            al_panel_note(p, "fitness (table, plot) = food - %g x mines hit", (double)def->mine_penalty);
    }
    if (v && v->note[0]) al_panel_note(p, "%s", v->note);
    if (!v) return;
    // 96 px where the panel has room; at 1280x800 a lower plot lets the
    // Parameters and Keys sections fit above the plot, nothing to scroll.
    if (v->species) al_species_plot_panel(v->species, p, al_species_plot_height(p));
    // What the marks in the world mean, each with its swatch (the "3 ants"
    // label, the pin and the eaten rings had none).
    al_panel_heading(p, "Marks");
    bool picked = v->selected >= 0 && v->selected < av.count, tail_drawn = false;
    char hint[96]; // (a brain file's: nothing to pin)
    snprintf(hint, sizeof hint, "click an ant or I: its brain%s",
             is_shared(ants) || best_alone(v, ants) ? "" : "   P pins a world");
    {
        mark m[12];
        int n = 0;
        m[n++] = (mark){MK_ANT, AL_COL_AGENT, NULL, "ant"};
        // in a replay no elite is ringed; its best ant is (I: its brain).
        // Only marks the world shows now: at the limit the population kept
        // alive rings no elite, and "elite" was listed all the same (trial).
        if (v->marked >= 0 && v->marked < av.count) m[n++] = (mark){MK_BEST, AL_COL_BEST, NULL, "best"};
        else if (v->elite_rings > 0)
            m[n++] = (mark){MK_ELITE, AL_COL_BEST, NULL, "elite"};
        m[n++] = (mark){MK_ANT, AL_COL_ACCENT, NULL, "selected"};
        m[n++] = (mark){MK_DISC, AL_COL_GOOD, NULL, "food"};
        if (def->mines) {
            m[n++] = (mark){MK_DISC, AL_COL_BAD, NULL, "mine"};
            m[n++] = (mark){MK_ANT, AL_RGB(90, 90, 100), NULL, "stopped by a mine"};
        }
        m[n++] = (mark){MK_RING, AL_COL_TEXT, NULL, "just eaten"};
        if (!is_shared(ants) && !best_alone(v, ants)) m[n++] = (mark){MK_BEST, COL_PINNED, NULL, "pinned (P)"};
        m[n++] = (mark){MK_TEXT, COL_ANT_NUMBER, "7", "ant number"};
        m[n++] = (mark){MK_TEXT, COL_ANT_FOOD, "12", "food eaten"};
        m[n++] = (mark){MK_TEXT, COL_ANT_GROUP, "3 ants", "together"};
        tail_drawn = marks_rows(p, m, n, picked ? NULL : hint);
        v->marks_drawn[0] = '\0'; // for `state`: each entry with its swatch
        for (int k = 0; k < n; ++k) {
            size_t used = strlen(v->marks_drawn);
            snprintf(v->marks_drawn + used, sizeof v->marks_drawn - used, "%s%s: %s", k ? "\n" : "", m[k].label,
                     mark_kind_names[m[k].kind]);
        }
    }
    if (picked) {
        int a = v->selected;
        char mines[32] = ""; // nothing of mines when there are none
        if (alAnts_Def(ants)->mines) {
            char hit[24];
            snprintf(mines, sizeof mines, ", %s", alCounted(hit, sizeof hit, av.mines_hit[a], "mine", NULL));
        }
        al_panel_text(p, AL_COL_TEXT, "ant %d: %d food%s%s", a, av.food[a], mines, av.elite[a] ? ", elite" : "");
    } else if (!tail_drawn) {
        al_panel_note(p, "%s", hint);
    }
}

// A key's note, said on the message strip too (al_view_say): the Replay
// section that shows it may be scrolled out of sight in a small window.
static void say_note(al_view_ctx *ctx, const ants_view *v)
{
    if (v->note[0]) al_view_say(ctx, "%s", v->note);
}

static bool event(al_view_ctx *ctx, const SDL_Event *e, const al_canvas *c)
{
    ants_view *v = ctx->state;
    if (!v) return false;
    if (e->type == SDL_KEYDOWN && !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        bool less = (e->key.keysym.mod & KMOD_SHIFT) != 0;
        switch (e->key.keysym.sym) {
        case SDLK_m:
            change_rate(ctx, v, less);
            say_note(ctx, v);
            return true;
        case SDLK_a:
        case SDLK_o:
        case SDLK_x: return change_world(ctx, e->key.keysym.sym, less);
        default: break;
        }
    }
    if (e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_g: v->show_food = !v->show_food; return true;
        case SDLK_y: v->show_numbers = !v->show_numbers; return true;
        case SDLK_p: {
            // Own worlds: pin the world drawn now (the selected ant's or the
            // one's with most food), so the food stops jumping when that changes.
            if (best_alone(v, shown(ctx))) { // the best ant alone: one world, nothing to pin
                snprintf(v->note, sizeof v->note, "P: %s replay draws its best ant's world alone: nothing to pin%s",
                         ctx->brain ? "a brain file's" : "this", ctx->brain ? "" : " (B: the run's population)");
                say_note(ctx, v);
                return true;
            }
            if (is_shared(shown(ctx))) { // nothing to pin: say so, and what P is for
                snprintf(v->note, sizeof v->note,
                         "P pins one ant's world with ants.world = own; here all ants share one world, "
                         "the one drawn (click an ant to follow it)");
                say_note(ctx, v);
                return true;
            }
            if (v->pinned >= 0) {
                snprintf(v->note, sizeof v->note, "ant %d unpinned: the world of the ant with most food is drawn",
                         v->pinned);
                v->pinned = -1;
            } else {
                alAntsView av;
                alAnts_View(shown(ctx), &av);
                v->pinned = world_owner(&av, v->selected, -1);
                // its genome, to follow it into the next generation (the live run's)
                const float *g = v->replay ? NULL : alAnts_Genome(shown(ctx), v->pinned);
                size_t bytes =
                    (size_t)alNN_WeightCount(&alAnts_Def(shown(ctx))->brain) * sizeof(float);
                free(v->pin_genome);
                v->pin_genome = g ? malloc(bytes) : NULL;
                if (v->pin_genome) memcpy(v->pin_genome, g, bytes);
                snprintf(v->note, sizeof v->note,
                         "ant %d pinned (yellow rings): its world is drawn while its genome lives "
                         "(an elite's "
                         "lives on); P: unpin",
                         v->pinned);
            }
            say_note(ctx, v);
            return true;
        }
        case SDLK_i: {
            // The inspector's own key: the marked best ant's brain (a
            // replay's), else the one with most food so far; again: closed.
            alAntsView av;
            alAnts_View(shown(ctx), &av);
            if (v->selected >= 0) v->selected = -1;
            else // own worlds: the ant whose world is drawn (the pinned one, else most food)
                v->selected = v->marked >= 0 && v->marked < av.count ? v->marked : world_owner(&av, -1, v->pinned);
            return true;
        }
        case SDLK_b: {
            const int was = v->pinned;
            if (ctx->brain) // --brain: the file's generation again, from its first tick, the inspector as it was
                (void)replay_blob(ctx, v, ctx->brain_seed, ctx->brain_gen, ctx->brain, ctx->brain_n,
                                  ctx->brain_fitness, NAN, "brain file: ", "", v->selected >= 0);
            else if (v->replay && ctx->done && !v->living) live_on(ctx, v); // past the limit: nothing freezes
            else if (v->living) replay_last(ctx, v, true);
            else if (v->replay) { // back to the live run: the replay's words go with it
                stop_replay(v);
                // (no generation named: the run moves on, and the words would not)
                snprintf(v->note, sizeof v->note, "replay ended: the live run is drawn (B: replay the newest stored "
                                                  "generation)");
            } else start_replay(ctx, v, -1, true);
            pin_ends_in_replay(v, was);
            say_note(ctx, v);
            return true;
        }
        case SDLK_LEFTBRACKET:
        case SDLK_RIGHTBRACKET:
            if (!v->replay || v->living) return false;
            if (ctx->brain) { // (it said "needs the run database" with --db given)
                snprintf(v->note, sizeof v->note,
                         "[ ]: a brain file holds generation %lld only, no other to replay (B: it again)",
                         (long long)ctx->brain_gen);
                say_note(ctx, v);
                return true;
            }
            // the inspector stays as it is, open or closed
            start_replay(ctx, v, v->replay_gen + (e->key.keysym.sym == SDLK_LEFTBRACKET ? -1 : 1), v->selected >= 0);
            say_note(ctx, v);
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
    r->replaying = v && v->replay && !v->living;
    if (v) snprintf(r->note, sizeof r->note, "%.*s", (int)sizeof r->note - 1, v->note);
    al_view_report_figure(r, "mutation_rate", mutation_rate(ctx));
    al_view_report_figure(r, "mines", alAnts_Def(ctx->mod)->mines ? 1.0 : 0.0);
    // The penalty per mine hit that the panel's fitness line states.
    if (alAnts_Def(ants)->mines) al_view_report_figure(r, "mine_penalty", alAntsDef_MinePenalty(alAnts_Def(ants), av.gen));
    r->selected = v ? v->selected : -1;
    const float *ix, *iy;
    int owner = world_owner(&av, v ? v->selected : -1, v ? v->pinned : -1);
    r->food = alAnts_Food(ants, owner, &ix, &iy);
    if (v && v->selected >= 0 && v->selected < av.count) snprintf(r->overlay, sizeof r->overlay, "brain");
    long eaten = 0;
    for (int a = 0; a < av.count; ++a) eaten += av.food[a];
    al_view_report_figure(r, "food_eaten", (double)eaten);
    al_view_report_figure(r, "world_shared", is_shared(ants) ? 1.0 : 0.0);
    al_view_report_figure(r, "world_owner", is_shared(ants) ? -1.0 : (double)owner);
    al_view_report_figure(r, "pinned", v ? (double)v->pinned : -1.0);
    al_view_report_figure(r, "marked", v ? (double)v->marked : -1.0); // the replay's best ant, ringed
    al_view_report_figure(r, "pinned_marked", v && v->pin_drawn ? 1.0 : 0.0);
    al_view_report_figure(r, "elite_rings", v ? (double)v->elite_rings : 0.0);
    // the colours drawn (0xRRGGBB), for the legend's words: ant numbers,
    // "3 ants" labels, food counts, the pinned ant's rings (-1: none drawn)
    if (v) snprintf(r->marks, sizeof r->marks, "%s", v->marks_drawn);
    al_view_report_figure(r, "rgb_ant_number", rgb(COL_ANT_NUMBER));
    al_view_report_figure(r, "rgb_ant_group", rgb(COL_ANT_GROUP));
    al_view_report_figure(r, "rgb_ant_food", rgb(COL_ANT_FOOD));
    al_view_report_figure(r, "rgb_pinned", v && v->pin_drawn ? rgb(COL_PINNED) : -1.0);
    if (v) al_view_report_figure(r, "eaten_marks_seen", (double)v->eaten_seen);
    if (v) al_view_report_figure(r, "eaten_marks_shown", (double)v->npuffs);
    if (v && v->living) al_view_report_figure(r, "population_tick", (double)av.tick);
    if (v) al_species_plot_report(v->species, r);
    if (v && v->brain_box.w > 0) { // the brain inspector's rows, as last drawn
        al_view_report_figure(r, "brain_y", v->brain_box.y);
        al_view_report_figure(r, "brain_h", v->brain_box.h);
        al_view_report_figure(r, "brain_x", v->brain_box.x);
        al_view_report_figure(r, "brain_w", v->brain_box.w);
        al_view_report_figure(r, "brain_nodes", v->brain_nodes);
        al_view_report_figure(r, "brain_labels", v->brain_labels);
        al_view_report_figure(r, "brain_stepped", v->brain_stepped);
        al_view_report_figure(r, "brain_links_through_nodes", v->brain_through);
        if (v->brain_fit >= 0) al_view_report_figure(r, "brain_values_shown", v->brain_fit == AL_NET_LABELS_FULL);
        // what it keeps clear of: the ant's ring and its label
        al_view_report_figure(r, "selected_px_x", v->sel_at.x);
        al_view_report_figure(r, "selected_px_y", v->sel_at.y);
        al_view_report_figure(r, "selected_ring_px", v->sel_ring);
        al_view_report_figure(r, "selected_label_x", v->sel_label.x);
        al_view_report_figure(r, "selected_label_y", v->sel_label.y);
        al_view_report_figure(r, "selected_label_w", v->sel_label.w);
        al_view_report_figure(r, "selected_label_h", v->sel_label.h);
    }
    if (v && v->replay && !v->living) {
        al_view_report_figure(r, "replay_generation", (double)v->replay_gen);
        al_view_report_figure(r, "replay_tick", (double)av.tick);
        al_view_report_figure(r, "replay_logged", v->replay_logged);
        al_view_report_figure(r, "replay_result", v->replay_result);
        al_view_report_figure(r, "replay_ants", (double)av.count);
        if (!isnan(v->replay_result)) {
            al_view_report_figure(r, "replay_best", v->replay_result);
            al_view_report_figure(r, "logged_best", v->replay_logged);
        }
        if (!isnan(v->replay_mean) && !isnan(v->replay_logged_mean)) {
            al_view_report_figure(r, "replay_mean", v->replay_mean);
            al_view_report_figure(r, "logged_mean", v->replay_logged_mean);
        }
    }
    if (v) { // the labels as last drawn (last: the figures have a cap)
        al_view_report_figure(r, "labels_drawn", v->labels.drawn);
        al_view_report_figure(r, "labels_outside", v->labels.outside);
        al_view_report_figure(r, "labels_overlap", v->labels.overlap); // over a label or a mark (food too)
        al_view_report_figure(r, "labels_over_food", v->labels_over_items); // over a food item or a mine
        al_view_report_figure(r, "labels_over_marks", v->labels.over_marks); // over an ant, a ring, food or a mine
    }
}

// Whose world is drawn, for the shell's caption under the world.
static void caption(al_view_ctx *ctx, char *out, size_t cap)
{
    const ants_view *v = ctx->state;
    const alAnts *ants = shown(ctx);
    if (v && v->marked >= 0 && v->selected < 0) { // the replay's best ant, its brain not open: how to open it
        snprintf(out, cap, "best ant %d ringed: I or a click shows its brain", v->marked);
        return;
    }
    if (is_shared(ants)) {
        snprintf(out, cap, "shared world: food eaten is gone for all (white ring)");
        return;
    }
    alAntsView av;
    alAnts_View(ants, &av);
    bool picked = v && v->selected >= 0 && v->selected < av.count;
    snprintf(out, cap, "own worlds: ant %d's copy shown (%s)",
             world_owner(&av, v ? v->selected : -1, v ? v->pinned : -1),
             picked                ? "clicked: its brain open"
             : v && v->pinned >= 0 ? "pinned; P unpins"
                                   : "most food; P pins");
}

// The status line's "replay of generation N, tick T": what is drawn.
static bool shown_now(al_view_ctx *ctx, int64_t *gen, int *tick, int *ticks)
{
    const ants_view *v = ctx->state;
    if (!v || !v->replay) return false;
    alAntsView av;
    alAnts_View(v->replay, &av);
    *gen = v->replay_gen;
    *tick = av.tick;
    *ticks = av.ticks;
    return true;
}

static int64_t generation_ticks(const al_view_ctx *ctx) { return ctx->mod ? alAnts_Def(ctx->mod)->ticks : 0; }

// One reference line, named as the legend, the CLI and the lessons name it:
// the greedy group (figure baseline_mean). Food per ant was a second dashed
// line the title did not name; it is the mean fitness without mines, and
// Tab plots it alone (with mines too).
// It is the yardstick, so it is on the plot's scale: above the ants' range
// it was labelled "off the scale" for the first 10-20 generations of
// default.ini, the gap to it out of sight (trial).
static const char *const figures[] = {"baseline_mean", NULL};

// The plot opens on the figure the lesson says to watch: with mines, the
// mines hit per ant (mines.ini; it opened on fitness).
static const char *plotted(al_view_ctx *ctx)
{
    return ctx->mod && alAnts_Def(ctx->mod)->mines ? "mines_mean" : NULL;
}

// The view's keys, a line each; a brain file's replay (alife gui --brain)
// evolves nothing and holds one generation, so it lists fewer, and B there
// is that generation again.
#define KEY_M "M  mutation rate up 15%, live (Shift+M: down; the wheel on its value)\n"
#define KEYS_NEW_RUN                                                                                                  \
    "A  ants up 15%: a new run (Shift+A: down)\n"                                                                     \
    "O  food items up 15%: a new run (Shift+O: down)\n"                                                               \
    "X  mines on/off (ants.mines): a new run\n"                                                                       \
    "G  food counts on/off (green)\n"                                                                                 \
    "Y  ant numbers on/off (yellow)\n"                                                                                \
    "click  an ant: its brain, live (named inputs and outputs)\n"                                                     \
    "I  the brain of the best ant (ringed in a replay), else of the ant with most food so far "                       \
    "(own worlds: the ant whose world is drawn); I again: close\n"

// What the marks mean (the lesson overlay, L), as this config draws them:
// the mines only with ants.mines, whose food in either world.
static const char legend[] =
    "[ants.world=shared] green dots  food; eaten food is gone for all and respawns elsewhere\n"
    "[ants.world=own] green dots  food of the ant whose copy is drawn (the caption says whose)\n"
    "[ants.mines][ants.world=shared] red dots  mines: a hit costs fitness (X turns them off, a new "
    "run)\n"
    "[ants.mines][ants.world=own] red dots  mines of that copy: a hit costs fitness (X: off, a new "
    "run)\n"
    "[ants.mines] grey ants  stopped by a mine (ants.mine_hit = end)\n"
    "[ants.world=shared] white rings  where an item was just eaten\n"
    "[ants.world=own] white rings  where an item was just eaten in that copy\n"
    "[ants.world=own] yellow double ring  the pinned ant (P): its world stays drawn while its "
    "genome lives\n"
    "[!run.algorithm=cmaes|neat][!ga.elites=0] orange rings  the elites: the best ants, copied "
    "unchanged\n"
    "blue ant  the one clicked: its brain, live\n" AL_LINK_LEGEND "\n"
    "orange double ring  a replay's best ant: I or a click on it shows its brain\n"
    "green numbers  food each ant has eaten this generation\n"
    "yellow numbers  the ants' indices (Y: on/off)\n"
    "white \"3 ants\"  ants standing together: one label for all\n"
    "[!ants.mines] red dots  mines: off in this run (X turns them on, a new run)";

// The legend of what the world shows now (the lesson overlay): the config's
// lines, less the orange rings no ant wears this frame (a replay's elites are
// not ringed, nor the population kept alive at the limit; the double ring
// only marks a replay's best ant). It listed both whatever was drawn (trial).
static void marks_now(al_view_ctx *ctx, char *out, size_t cap)
{
    const ants_view *v = ctx->state;
    char all[4096];
    al_legend_for(legend, ctx->session->cfg, all, sizeof all);
    size_t n = 0;
    if (cap) out[0] = '\0';
    for (const char *s = all; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        bool hide = (v && v->elite_rings == 0 && strncmp(s, "orange rings ", 13) == 0) ||
                    (v && v->marked < 0 && strncmp(s, "orange double ring ", 19) == 0);
        if (!hide && n + len + 2 < cap) {
            if (n) out[n++] = '\n';
            memcpy(out + n, s, len);
            n += len;
            out[n] = '\0';
        }
        s = nl ? nl + 1 : s + len;
    }
}

const al_view al_view_ants = {
    .module = "ants",
    .ticks_per_frame = 10,
    .plot_figures = figures,
    .plot_figures_on_scale = true,
    .keys_help = KEY_M KEYS_NEW_RUN
    "P  own worlds: pin the world drawn; the pin follows its genome (an elite's copy keeps it, "
    "breeding drops it; "
    "P again: unpin, the ant with most food is drawn)\n"
    "B  replay a stored generation: all ants (shared world) or the best (own)\n"
    "[ ]  replay an earlier / later generation",
    .brain_keys_help = KEYS_NEW_RUN "B  the brain file's generation again, from its first tick",
    .plot_y = "fitness (best, mean); dashed: greedy group",
    .create = create,
    .destroy = destroy,
    .update = update,
    .draw = draw,
    .panel = panel,
    .event = event,
    .run_on = run_on,
    .report = report,
    .shown = shown_now,
    .generation_ticks = generation_ticks,
    .caption = caption,
    .generation = generation_ended,
    .legend = legend,
    .marks = marks_now,
    .plotted = plotted,
};

// ---- layout rules (view_ants.h) --------------------------------------------

SDL_Rect al_ants_brain_box(SDL_Rect area, float ax, float ay, int want_w, int want_h, int keep)
{
    return al_ants_brain_box_clear(area, ax, ay, want_w, want_h, keep, (SDL_Rect){0, 0, 0, 0});
}

SDL_Rect al_ants_brain_box_clear(SDL_Rect area, float ax, float ay, int want_w, int want_h, int keep,
                                 SDL_Rect avoid)
{
    int w = want_w < area.w - 8 ? want_w : area.w - 8;
    int h = want_h < area.h / 2 - 8 ? want_h : area.h / 2 - 8;
    if (w < 40) w = area.w > 40 ? 40 : area.w;
    if (h < 40) h = area.h > 40 ? 40 : area.h;
    SDL_Rect b = {0, 0, w, h};
    int right = area.x + area.w, bottom = area.y + area.h;
    int ix = (int)ax, iy = (int)ay;
    // What stays uncovered: the ant with its ring (keep px around it) and
    // its label.
    SDL_Rect k = {ix - keep, iy - keep, 2 * keep, 2 * keep};
    if (avoid.w > 0 && avoid.h > 0) SDL_UnionRect(&k, &avoid, &k);
    if (k.x + k.w + 4 + w <= right) {
        b.x = k.x + k.w + 4; // to the right of the ant
    } else if (k.x - 4 - w >= area.x) {
        b.x = k.x - 4 - w; // to its left
    } else {
        // no room beside it: above or below it, whichever half it is not in
        b.x = area.x + (area.w - w) / 2;
        b.y = iy < area.y + area.h / 2 ? k.y + k.h + 4 : k.y - 4 - h;
        if (b.y + h > bottom) b.y = bottom - h;
        if (b.y < area.y) b.y = area.y;
        return b;
    }
    b.y = iy - h / 2;
    if (b.y + h > bottom - 4) b.y = bottom - 4 - h;
    if (b.y < area.y + 4) b.y = area.y + 4;
    return b;
}
