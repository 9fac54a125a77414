// Neural ant foragers. The hot loop runs per chunk of ants, tick after tick:
// think (one batched forward pass, vectorised across the chunk's ants), act
// (turn, move, edges), then sense (eat, nearest food and mine, inputs). Each
// ant lives in its own copy of the generation's world (see ants.h), so chunks
// are independent and a worker runs a chunk for many ticks without any
// barrier; the thread count cannot change a single bit.
//
// Nearest food / mine: each ant caches the index of its nearest item together
// with a travel budget, half the gap between the nearest and the second
// nearest distance. While the ant has moved less than that since the lookup,
// no other item can have become nearer (triangle inequality), so the grid is
// queried again only when the budget is spent or the ant's own items changed.
#include "alife/ants.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/grid.h"
#include "alife/rng.h"

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

enum { CHUNK = 16 }; // ants per work unit (a multiple of the SIMD width)

// Stream ids of the run's PCG32 streams (the GA uses def.ga.stream).
#define STREAM_WORLD 0x574f524c44000000ULL    // + generation
#define STREAM_BASELINE 0x4241534500000000ULL // + generation * 65536 + baseline ant

// One population sharing a controller: the evolved ants or the greedy baseline.
typedef struct swarm {
    int n, stride;      // ants, and the row stride of the interleaved arrays
    int nfood, nmines;  // items per world copy (nmines 0 without mines)
    bool greedy;        // the baseline controller instead of a brain
    float *x, *y, *lx, *ly, *speed, *odo; // pose; odo = distance travelled
    float *sfx, *sfy, *smx, *smy;         // sensed unit vectors to nearest food / mine
    int *fnear, *mnear;                   // cached nearest item index
    float *flimit, *mlimit;               // cache valid while odo < limit
    int *food, *hits;
    uint8_t *alive, *elite;
    alRng *rng;          // each copy's respawn stream
    float *fx, *fy;      // food of ant a at [a * nfood + j]
    float *mx, *my;      // mines of ant a at [a * nmines + j]
    alGrid **fgrid, **mgrid;
    float *wt, *act;     // interleaved weights and activations (evolved ants only)
} swarm;

struct alAnts {
    alAntsDef def;
    uint64_t seed;
    int threads;
    int nweights, nneurons;
    float reach_r2;     // eat_radius squared
    float far;          // a radius beyond any distance in the world
    alGa *ga;           // NULL in a replay
    float *replay_genome;
    swarm pop, base;
    int64_t gen;
    int tick;
    double *fitness;
    float *best;        // best genome of the last finished generation
    double best_fitness;
    bool have_last;
    alGenStats last;
    alAntsGen *history;
    int hist_count, hist_cap;
};

// ---- small deterministic math ------------------------------------------

// sin and cos of |t| <= 1 by Taylor series (errors < 3e-8): the same bits on
// every machine and vectorisable, unlike libm.
static inline void sincos_small(float t, float *s, float *c)
{
    float t2 = t * t;
    *s = t * (1.0f - t2 / 6.0f * (1.0f - t2 / 20.0f * (1.0f - t2 / 42.0f * (1.0f - t2 / 72.0f))));
    *c = 1.0f - t2 / 2.0f * (1.0f - t2 / 12.0f * (1.0f - t2 / 30.0f * (1.0f - t2 / 56.0f)));
}

static inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

static alVec2 random_point(alRng *rng, const alWorld *w)
{
    float x = alRng_Float(rng) * w->width, y = alRng_Float(rng) * w->height;
    return alV2(x, y);
}

// A uniformly random unit vector (rejection sampling: no libm involved).
static alVec2 random_heading(alRng *rng)
{
    for (;;) {
        float u = alRng_Range(rng, -1.0f, 1.0f), v = alRng_Range(rng, -1.0f, 1.0f);
        float r2 = u * u + v * v;
        if (r2 > 0.01f && r2 <= 1.0f) {
            float inv = 1.0f / sqrtf(r2);
            return alV2(u * inv, v * inv);
        }
    }
}

// ---- swarm memory --------------------------------------------------------

static void swarm_free(swarm *w)
{
    if (w->fgrid)
        for (int a = 0; a < w->n; ++a) alDestroyGrid(w->fgrid[a]);
    if (w->mgrid)
        for (int a = 0; a < w->n; ++a) alDestroyGrid(w->mgrid[a]);
    void *ptrs[] = {w->x,    w->y,     w->lx,    w->ly,     w->speed, w->odo,   w->sfx,
                    w->sfy,  w->smx,   w->smy,   w->fnear,  w->mnear, w->flimit, w->mlimit,
                    w->food, w->hits,  w->alive, w->elite,  w->rng,   w->fx,    w->fy,
                    w->mx,   w->my,    w->fgrid, w->mgrid,  w->wt,    w->act};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; ++i) free(ptrs[i]);
    memset(w, 0, sizeof *w);
}

static bool swarm_alloc(swarm *w, const alAntsDef *def, int n, bool greedy, int nweights,
                        int nneurons)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->stride = (n + CHUNK - 1) / CHUNK * CHUNK;
    w->nfood = def->food;
    w->nmines = def->mines ? def->mine_count : 0;
    w->greedy = greedy;
    size_t s = (size_t)w->stride;
    bool ok = true;
#define ALLOC(p, count) ok = ok && ((p) = calloc((size_t)(count) + 1, sizeof *(p))) != NULL
    ALLOC(w->x, s); ALLOC(w->y, s); ALLOC(w->lx, s); ALLOC(w->ly, s);
    ALLOC(w->speed, s); ALLOC(w->odo, s);
    ALLOC(w->sfx, s); ALLOC(w->sfy, s); ALLOC(w->smx, s); ALLOC(w->smy, s);
    ALLOC(w->fnear, s); ALLOC(w->mnear, s); ALLOC(w->flimit, s); ALLOC(w->mlimit, s);
    ALLOC(w->food, s); ALLOC(w->hits, s); ALLOC(w->alive, s); ALLOC(w->elite, s);
    ALLOC(w->rng, s);
    ALLOC(w->fx, s * w->nfood); ALLOC(w->fy, s * w->nfood);
    ALLOC(w->mx, s * w->nmines); ALLOC(w->my, s * w->nmines);
    ALLOC(w->fgrid, s); ALLOC(w->mgrid, s);
    if (!greedy) {
        ALLOC(w->wt, s * nweights);
        ALLOC(w->act, s * nneurons);
    }
#undef ALLOC
    if (!ok) return false;
    // About one item per cell: cheap to rebuild when an item respawns.
    float area = def->world.width * def->world.height;
    for (int a = 0; a < n && ok; ++a) {
        w->fgrid[a] = alCreateGrid(&def->world, sqrtf(area / (float)w->nfood));
        ok = w->fgrid[a] != NULL;
        if (ok && w->nmines) {
            w->mgrid[a] = alCreateGrid(&def->world, sqrtf(area / (float)w->nmines));
            ok = w->mgrid[a] != NULL;
        }
    }
    return ok;
}

// ---- sensing -------------------------------------------------------------

// Looks up the nearest and second-nearest item and sets the travel budget.
static void refresh_near(const alAnts *s, const alGrid *g, float px, float py, float odo,
                         int *near, float *limit)
{
    alVec2 p = alV2(px, py);
    float d1 = 0.0f, d2 = 0.0f;
    int j = alGrid_Nearest(g, p, s->far, -1, &d1);
    int k = g->count > 1 ? alGrid_Nearest(g, p, s->far, j, &d2) : -1;
    assert(j >= 0);
    *near = j;
    // A little under half the gap, so rounding can never let a stale answer through.
    *limit = k < 0 ? INFINITY : odo + 0.499f * (sqrtf(d2) - sqrtf(d1)) - 1e-3f;
}

// Distance squared and unit vector from (px, py) to item (ix, iy).
static inline float sense_item(const alWorld *wd, float px, float py, float ix, float iy, float *ux,
                               float *uy)
{
    alVec2 d = alWorld_Delta(wd, alV2(px, py), alV2(ix, iy));
    float d2 = d.x * d.x + d.y * d.y;
    float inv = d2 > 1e-12f ? 1.0f / sqrtf(d2) : 0.0f;
    *ux = d.x * inv;
    *uy = d.y * inv;
    return d2;
}

// Moves item j of ant a's copy to a random place and rebuilds that grid.
static void respawn(const alAnts *s, alRng *rng, float *ix, float *iy, int count, int j, alGrid *g)
{
    alVec2 p = random_point(rng, &s->def.world);
    ix[j] = p.x;
    iy[j] = p.y;
    bool ok = alGrid_Build(g, ix, iy, count);
    assert(ok); // capacity was reserved at the start of the generation
    (void)ok;
}

// After moving: eat what is in reach, then sense the nearest food and mine.
static void sense(const alAnts *s, swarm *w, int a)
{
    const alWorld *wd = &s->def.world;
    float px = w->x[a], py = w->y[a];
    float *fx = w->fx + (size_t)a * w->nfood, *fy = w->fy + (size_t)a * w->nfood;
    if (w->odo[a] >= w->flimit[a])
        refresh_near(s, w->fgrid[a], px, py, w->odo[a], &w->fnear[a], &w->flimit[a]);
    int j = w->fnear[a];
    float d2 = sense_item(wd, px, py, fx[j], fy[j], &w->sfx[a], &w->sfy[a]);
    if (d2 <= s->reach_r2 && w->alive[a]) {
        w->food[a]++;
        respawn(s, &w->rng[a], fx, fy, w->nfood, j, w->fgrid[a]);
        refresh_near(s, w->fgrid[a], px, py, w->odo[a], &w->fnear[a], &w->flimit[a]);
        j = w->fnear[a];
        sense_item(wd, px, py, fx[j], fy[j], &w->sfx[a], &w->sfy[a]);
    }
    if (!w->nmines) return;
    float *mx = w->mx + (size_t)a * w->nmines, *my = w->my + (size_t)a * w->nmines;
    if (w->odo[a] >= w->mlimit[a])
        refresh_near(s, w->mgrid[a], px, py, w->odo[a], &w->mnear[a], &w->mlimit[a]);
    j = w->mnear[a];
    d2 = sense_item(wd, px, py, mx[j], my[j], &w->smx[a], &w->smy[a]);
    if (d2 <= s->reach_r2 && w->alive[a]) {
        w->hits[a]++;
        if (s->def.mine_hit == AL_MINE_END) w->alive[a] = 0;
        respawn(s, &w->rng[a], mx, my, w->nmines, j, w->mgrid[a]);
        refresh_near(s, w->mgrid[a], px, py, w->odo[a], &w->mnear[a], &w->mlimit[a]);
        j = w->mnear[a];
        sense_item(wd, px, py, mx[j], my[j], &w->smx[a], &w->smy[a]);
    }
}

// ---- one tick of a chunk -------------------------------------------------

// Turns by `turn` radians (|turn| <= 1), moves `speed`, applies the edges.
static inline void move(const alAnts *s, swarm *w, int a, float turn, float speed)
{
    float sn, cs;
    sincos_small(turn, &sn, &cs);
    float lx = w->lx[a] * cs - w->ly[a] * sn;
    float ly = w->lx[a] * sn + w->ly[a] * cs;
    float inv = 1.0f / sqrtf(lx * lx + ly * ly); // keep it a unit vector
    lx *= inv;
    ly *= inv;
    float x = w->x[a] + lx * speed, y = w->y[a] + ly * speed;
    const alWorld *wd = &s->def.world;
    if (x < 0.0f || x >= wd->width || y < 0.0f || y >= wd->height) {
        alVec2 p = alV2(x, y), v = alV2(lx, ly);
        alWorld_Confine(wd, &p, wd->edge == AL_EDGE_BOUNCE ? &v : NULL);
        x = p.x;
        y = p.y;
        lx = v.x;
        ly = v.y;
    }
    w->x[a] = x;
    w->y[a] = y;
    w->lx[a] = lx;
    w->ly[a] = ly;
    w->speed[a] = speed;
    w->odo[a] += speed;
}

static void chunk_tick(const alAnts *s, swarm *w, int a0, int a1)
{
    const float max_turn = s->def.max_turn, half_speed = 0.5f * s->def.max_speed;
    if (w->greedy) {
        for (int a = a0; a < a1; ++a) {
            // Turn towards the nearest food as fast as allowed, full speed.
            float cr = w->lx[a] * w->sfy[a] - w->ly[a] * w->sfx[a];
            float dt = w->lx[a] * w->sfx[a] + w->ly[a] * w->sfy[a];
            move(s, w, a, clampf(atan2f(cr, dt), -max_turn, max_turn), s->def.max_speed);
        }
    } else {
        const alNNLayout *l = &s->def.brain;
        size_t st = (size_t)w->stride;
        float *in = w->act;
        int nin = l->sizes[0];
        for (int a = a0; a < a1; ++a) {
            float v[AL_ANTS_SENSORS_MINES] = {w->lx[a], w->ly[a], w->sfx[a],
                                              w->sfy[a], w->smx[a], w->smy[a]};
            for (int i = 0; i < nin; ++i) in[i * st + a] = v[i];
        }
        alNN_ForwardBatch(l, w->wt + a0, a1 - a0, w->stride, w->act + a0);
        const float *o0 = w->act + (size_t)(s->nneurons - 2) * st;
        const float *o1 = o0 + st;
        bool tanh_out = l->activation == AL_ACT_TANH;
        for (int a = a0; a < a1; ++a) {
            if (!w->alive[a]) {
                w->speed[a] = 0.0f;
                continue;
            }
            // Tracks in [0, 1] whatever the activation's range.
            float left = tanh_out ? 0.5f * (o0[a] + 1.0f) : o0[a];
            float right = tanh_out ? 0.5f * (o1[a] + 1.0f) : o1[a];
            move(s, w, a, clampf(left - right, -max_turn, max_turn), (left + right) * half_speed);
        }
    }
    for (int a = a0; a < a1; ++a) sense(s, w, a);
}

static void run_ticks(const alAnts *s, swarm *w, int k)
{
    int nchunks = (w->n + CHUNK - 1) / CHUNK;
    (void)nchunks;
#ifdef ALIFE_HAVE_OPENMP
    // Below a few thousand ant-ticks a fork costs more than it gains.
    int threads = (int64_t)w->n * k >= 4096 && nchunks > 1 ? s->threads : 1;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
#endif
    for (int c = 0; c < nchunks; ++c) {
        int a0 = c * CHUNK, a1 = a0 + CHUNK < w->n ? a0 + CHUNK : w->n;
        for (int t = 0; t < k; ++t) chunk_tick(s, w, a0, a1);
    }
}

// ---- generations ---------------------------------------------------------

// Places ant a at its start in a fresh copy of the world drawn from rng
// (which is advanced past the world; the copy keeps it for respawns).
static void start_ant(const alAnts *s, swarm *w, int a, alRng rng)
{
    const alWorld *wd = &s->def.world;
    alVec2 p = random_point(&rng, wd), h = random_heading(&rng);
    float *fx = w->fx + (size_t)a * w->nfood, *fy = w->fy + (size_t)a * w->nfood;
    for (int j = 0; j < w->nfood; ++j) {
        alVec2 q = random_point(&rng, wd);
        fx[j] = q.x;
        fy[j] = q.y;
    }
    bool ok = alGrid_Build(w->fgrid[a], fx, fy, w->nfood);
    if (w->nmines) {
        float *mx = w->mx + (size_t)a * w->nmines, *my = w->my + (size_t)a * w->nmines;
        for (int j = 0; j < w->nmines; ++j) {
            alVec2 q = random_point(&rng, wd);
            mx[j] = q.x;
            my[j] = q.y;
        }
        ok = ok && alGrid_Build(w->mgrid[a], mx, my, w->nmines);
    }
    assert(ok); // grids were sized at creation: rebuilding never allocates again
    (void)ok;
    w->x[a] = p.x;
    w->y[a] = p.y;
    w->lx[a] = h.x;
    w->ly[a] = h.y;
    w->speed[a] = 0.0f;
    w->odo[a] = 0.0f;
    w->flimit[a] = w->mlimit[a] = -1.0f; // look up on the first sense
    w->food[a] = w->hits[a] = 0;
    w->alive[a] = 1;
    w->rng[a] = rng;
    w->sfx[a] = w->sfy[a] = w->smx[a] = w->smy[a] = 0.0f;
    // Sense without eating: nothing is in reach "before" the first move.
    uint8_t alive = w->alive[a];
    w->alive[a] = 0;
    sense(s, w, a);
    w->alive[a] = alive;
}

static void begin_generation(alAnts *s)
{
    swarm *w = &s->pop;
    alRng world = alRng_Stream(s->seed, STREAM_WORLD + (uint64_t)s->gen);
    for (int a = 0; a < w->n; ++a) {
        const float *genome = s->ga ? alGa_Floats(s->ga, a) : s->replay_genome;
        alNN_Interleave(&s->def.brain, genome, a, w->wt, w->stride);
        w->elite[a] = s->ga ? alGa_IsElite(s->ga, a) : 0;
        start_ant(s, w, a, world);
    }
    s->tick = 0;
}

static double run_baseline(alAnts *s)
{
    swarm *w = &s->base;
    if (w->n == 0) return NAN;
    for (int b = 0; b < w->n; ++b)
        start_ant(s, w, b,
                  alRng_Stream(s->seed, STREAM_BASELINE + (uint64_t)s->gen * 65536u + (uint64_t)b));
    run_ticks(s, w, s->def.ticks);
    double sum = 0;
    for (int b = 0; b < w->n; ++b) sum += w->food[b];
    return sum / w->n;
}

static bool push_history(alAnts *s, const alAntsGen *g)
{
    if (s->hist_count == s->hist_cap) {
        int cap = s->hist_cap ? 2 * s->hist_cap : 256;
        alAntsGen *h = realloc(s->history, (size_t)cap * sizeof *h);
        if (!h) return false;
        s->history = h;
        s->hist_cap = cap;
    }
    s->history[s->hist_count++] = *g;
    return true;
}

static void end_generation(alAnts *s)
{
    swarm *w = &s->pop;
    int64_t food_total = 0, hits_total = 0;
    for (int a = 0; a < w->n; ++a) {
        s->fitness[a] = (double)w->food[a] - (double)s->def.mine_penalty * w->hits[a];
        food_total += w->food[a];
        hits_total += w->hits[a];
    }
    alGenStats *st = &s->last;
    memset(st, 0, sizeof *st);
    st->gen = s->gen;
    alGenStats_FromFitness(st, s->fitness, w->n, false);
    st->evaluations = (s->gen + 1) * w->n;
    st->ticks = (s->gen + 1) * (int64_t)s->def.ticks;
    alAntsGen h = {.gen = s->gen, .best = st->best, .mean = st->mean, .worst = st->worst,
                   .stddev = st->stddev, .food_total = food_total,
                   .food_mean = (double)food_total / w->n,
                   .mines_mean = (double)hits_total / w->n};
    h.baseline_mean = s->ga ? run_baseline(s) : NAN;
    if (s->base.n) alGenStats_AddFigure(st, "baseline_mean", h.baseline_mean);
    alGenStats_AddFigure(st, "food_mean", h.food_mean);
    if (s->def.mines) alGenStats_AddFigure(st, "mines_mean", h.mines_mean);
    // The best of this generation (ties: the lower index, as the GA breaks them).
    int best = 0;
    for (int a = 1; a < w->n; ++a)
        if (s->fitness[a] > s->fitness[best]) best = a;
    memcpy(s->best, s->ga ? alGa_Floats(s->ga, best) : s->replay_genome,
           (size_t)s->nweights * sizeof *s->best);
    s->best_fitness = s->fitness[best];
    if (s->ga) {
        for (int a = 0; a < w->n; ++a) alGa_SetFitness(s->ga, a, s->fitness[a]);
        alGaStop why = alGa_Epoch(s->ga);
        assert(why != AL_GA_ERROR); // negative fitness is shifted (validated in the def)
        (void)why;
        alGaStats gs;
        if (alGa_LastStats(s->ga, &gs)) alGenStats_AddFigure(st, "diversity", gs.diversity);
    }
    (void)push_history(s, &h); // out of memory only loses the panel's list
    s->have_last = true;
    if (s->ga) s->gen++;
    begin_generation(s);
}

bool alAnts_Advance(alAnts *s, int max_ticks)
{
    assert(max_ticks >= 1);
    int k = s->def.ticks - s->tick;
    if (k > max_ticks) k = max_ticks;
    run_ticks(s, &s->pop, k);
    s->tick += k;
    if (s->tick < s->def.ticks) return false;
    end_generation(s);
    return true;
}

bool alAnts_Step(alAnts *s) { return alAnts_Advance(s, 1); }

// ---- creation ------------------------------------------------------------

static alResult create(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                       alAnts **out, alError *err)
{
    *out = NULL;
    alResult r = alAntsDef_Validate(def, err);
    if (r != AL_OK) return r;
    alAnts *s = calloc(1, sizeof *s);
    if (!s) return alError_Set(err, AL_ERR_NOMEM, "out of memory creating the ants");
    s->def = *def;
    s->seed = seed;
    s->gen = gen;
    s->nweights = alNN_WeightCount(&def->brain);
    s->nneurons = alNN_NeuronCount(&def->brain);
    s->reach_r2 = def->eat_radius * def->eat_radius;
    s->far = 2.0f * (def->world.width + def->world.height);
    s->threads = def->threads;
#ifdef ALIFE_HAVE_OPENMP
    if (s->threads <= 0) s->threads = omp_get_max_threads();
#else
    s->threads = 1;
#endif
    int n = genome ? 1 : def->count;
    bool ok = swarm_alloc(&s->pop, def, n, false, s->nweights, s->nneurons) &&
              swarm_alloc(&s->base, def, genome ? 0 : def->baseline_ants, true, 0, 0) &&
              (s->fitness = calloc((size_t)n, sizeof *s->fitness)) != NULL &&
              (s->best = calloc((size_t)s->nweights, sizeof *s->best)) != NULL;
    if (ok && genome) {
        ok = (s->replay_genome = malloc((size_t)s->nweights * sizeof *genome)) != NULL;
        if (ok) memcpy(s->replay_genome, genome, (size_t)s->nweights * sizeof *genome);
    }
    if (!ok) {
        alDestroyAnts(s);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory creating %d ants", n);
    }
    if (!genome) {
        alGaDef ga = def->ga;
        ga.type = AL_GENOME_FLOATS;
        ga.population = def->count;
        ga.length = s->nweights;
        ga.fitness = NULL;
        ga.threads = def->threads;
        r = alCreateGa(&ga, seed, &s->ga, err);
        if (r != AL_OK) {
            alDestroyAnts(s);
            return r;
        }
    }
    begin_generation(s);
    *out = s;
    return AL_OK;
}

alResult alCreateAnts(const alAntsDef *def, uint64_t seed, alAnts **out, alError *err)
{
    return create(def, seed, 0, NULL, out, err);
}

alResult alCreateAntsReplay(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                            alAnts **out, alError *err)
{
    assert(genome && gen >= 0);
    return create(def, seed, gen, genome, out, err);
}

void alDestroyAnts(alAnts *s)
{
    if (!s) return;
    swarm_free(&s->pop);
    swarm_free(&s->base);
    alDestroyGa(s->ga);
    free(s->replay_genome);
    free(s->fitness);
    free(s->best);
    free(s->history);
    free(s);
}

alResult alAnts_Replay(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                       double *fitness, alError *err)
{
    alAnts *s = NULL;
    alResult r = alCreateAntsReplay(def, seed, gen, genome, &s, err);
    if (r != AL_OK) return r;
    while (!alAnts_Advance(s, s->def.ticks)) {
    }
    *fitness = s->best_fitness;
    alDestroyAnts(s);
    return AL_OK;
}

// ---- read-only views -----------------------------------------------------

const alAntsGen *alAnts_History(const alAnts *s, int *count)
{
    *count = s->hist_count;
    return s->history;
}

bool alAnts_LastStats(const alAnts *s, alGenStats *out)
{
    if (!s->have_last) return false;
    *out = s->last;
    return true;
}

const float *alAnts_LastBest(const alAnts *s, double *fitness)
{
    if (!s->have_last) return NULL;
    if (fitness) *fitness = s->best_fitness;
    return s->best;
}

void alAnts_View(const alAnts *s, alAntsView *v)
{
    const swarm *w = &s->pop;
    *v = (alAntsView){.count = w->n, .gen = s->gen, .tick = s->tick, .ticks = s->def.ticks,
                      .x = w->x, .y = w->y, .lx = w->lx, .ly = w->ly, .speed = w->speed,
                      .food = w->food, .mines_hit = w->hits, .alive = w->alive,
                      .elite = w->elite};
}

int alAnts_Food(const alAnts *s, int i, const float **x, const float **y)
{
    assert(i >= 0 && i < s->pop.n);
    *x = s->pop.fx + (size_t)i * s->pop.nfood;
    *y = s->pop.fy + (size_t)i * s->pop.nfood;
    return s->pop.nfood;
}

int alAnts_Mines(const alAnts *s, int i, const float **x, const float **y)
{
    assert(i >= 0 && i < s->pop.n);
    if (!s->pop.nmines) {
        *x = *y = NULL;
        return 0;
    }
    *x = s->pop.mx + (size_t)i * s->pop.nmines;
    *y = s->pop.my + (size_t)i * s->pop.nmines;
    return s->pop.nmines;
}

const alNNLayout *alAnts_Layout(const alAnts *s) { return &s->def.brain; }

const float *alAnts_Genome(const alAnts *s, int i)
{
    assert(i >= 0 && i < s->pop.n);
    return s->ga ? alGa_Floats(s->ga, i) : s->replay_genome;
}

void alAnts_Activations(const alAnts *s, int i, float *act)
{
    assert(i >= 0 && i < s->pop.n);
    for (int j = 0; j < s->nneurons; ++j) act[j] = s->pop.act[(size_t)j * s->pop.stride + i];
}

const alAntsDef *alAnts_Def(const alAnts *s) { return &s->def; }
