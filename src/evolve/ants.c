// Neural ant foragers. The hot loop runs per chunk of ants, tick after tick:
// think (one batched forward pass, vectorised across the chunk's ants), act
// (turn, move, edges), then sense (eat, nearest food and mine, inputs). With
// ants.world = own each ant lives in its own copy of the generation's world
// (see ants.h), so chunks are independent and a worker runs a chunk for many
// ticks without any barrier; the thread count cannot change a single bit. In
// the shared world (the default) each tick ends with a serial step that
// resolves eating in a fixed order (see "the shared world" below).
//
// Nearest food / mine: with up to 64 items of a kind (w->scan) each ant keeps
// its nearest and a bound on every other item (its runner-up's distance from
// where it looked, near_cache's second): the tick's check is one distance an
// ant in a vector pass, and the few that fail it look all items up again
// (rescan, ants_scan.h); in the shared world a respawn concerns only the
// ants whose nearest it was or near whom it lands (scan_refresh). With more
// items each ant caches its few nearest with distance bounds (near_cache),
// so a full lookup (alWorld_NearestK) is needed on a few per cent of ticks
// only. Items are scanned, not kept in a grid: a grid per ant copy would
// have to be rebuilt after every respawn, which cost more than the scans it
// saved (measured: ~22% of the run time once ants forage well). On threads
// the shared world's tick has one barrier (run_shared_scan).
//
// Comparisons may not trap here, so small selects (wrapped deltas, clamps)
// compile to branch-free code. It changes no value.
#pragma GCC optimize("no-trapping-math")

#include "alife/ants.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/detmath.h"
#include "alife/grid.h" // alWorld_NearestK
#include "alife/pacer.h"
#include "alife/rng.h"
#include "alife/spin_barrier.h"
#include "alife/stop.h"
#include "alife/threads.h"
#include "ants_greedy.h"
#include "ants_nearest.h"
#include "ants_scan.h"
#include "ants_neat.h"
#include "nn_fixed.h"

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

enum {
    CHUNK = 2 * AL_NN_BATCH
}; // ants per wide work unit (two of the NN's fast batches); narrow: AL_NN_BATCH
_Static_assert(CHUNK * sizeof(float) % 64 == 0, "a work unit's rows must fill whole cache lines");
enum { CACHE_K = 4 }; // nearest items each ant keeps per kind
_Static_assert((int)CACHE_K < (int)AL_ANTS_NEAREST_MAX_K, "al_ants_nearest serves the look-ups");

// A tick's vector passes (think, act, sense) are compiled three times, for
// AVX-512, AVX2 and the baseline, like the NN's forward pass: a work unit's
// 16 lanes in one register, or two, where the CPU has them. No clone may
// contract a * b + c into an FMA (-ffp-contract=off), so all give the same
// bits. The passes, and the fixed 4-6-2 brain's forward pass (nn_fixed.h),
// are inlined into tick16 and tick32 so that they are part of their clones.
#define INLINE inline __attribute__((always_inline))
// Not under clang (the ThreadSanitizer build), whose sanitised resolver
// runs before the sanitizer is up.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define TICK_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TICK_CLONES
#endif

// Stream ids of the run's PCG32 streams (the GA uses def.ga.stream, CMA-ES def.cmaes.stream).
#define STREAM_WORLD 0x574f524c44000000ULL    // + generation
#define STREAM_BASELINE 0x4241534500000000ULL // + generation * 65536 + baseline ant

// What an ant knows about the nearest items of one kind (food or mines);
// see check_near() and reselect(). Two levels, so that the per-tick check is
// one distance per ant, done as a vector pass over a chunk of ants:
//   - the CACHE_K items nearest at the last full lookup (made at x0, y0), and
//     `bound`: every other item was at least that far from there;
//   - the nearest item now (near, at nx, ny) and `second`: from (x1, y1)
//     every other item was at least that far.
// An ant now t away from (x1, y1) (the world's distance, wrapped: not the
// path it took, which for a circling ant is far longer) finds every other
// item at least second - t away (triangle inequality), so while its `near`
// is nearer than that it is still the nearest; otherwise it reselects among
// the cached items, and only when those cannot be trusted either looks all
// items up. The answer is always a full scan's (ties: the lower index), so
// when the look-ups happen cannot change it.
typedef struct near_cache {
    int *idx;     // [a * CACHE_K + j] cached items (padded with slot 0 when fewer)
    float *bound; // as above; -inf = stale
    float *x0, *y0;
    int *near;      // the nearest item now
    float *nx, *ny; // its position
    float *second;  // as above; -inf = stale
    float *x1, *y1;
    float *nd2; // squared distance to near (the shared world's claims compare it)
} near_cache;

// An ant within reach of its nearest item, as a worker of the one-barrier
// tick publishes it (see run_shared_scan).
typedef struct ant_claim {
    int a, j; // the ant, its nearest
    float d2; // their squared distance
} ant_claim;

// A scanning shared world's items as one worker sees them in the one-barrier
// tick (see run_shared_scan): each worker resolves every tick's eating
// itself, the same way, in its own copy. Copy 0 is the swarm's own arrays.
// Each copy on its own cache lines (rng and ncand are written every tick).
typedef struct world_copy {
    _Alignas(64) float *fx, *fy, *mx, *my;
    alRng rng;        // the world's respawn stream, as this worker has advanced it
    int *claim;       // claims, then the moved items (as swarm.claim)
    float *held;      // the claiming ant's squared distance to item j (food's, then mines')
    int *items;       // scratch: the claimed items (food's part, then the mines')
    int nmoved[2];    // food, mines moved this tick
    int a0;           // the worker's first ant: its candidates are at ccand[kind][parity] + a0
    int ncand[2][2];  // [kind][tick parity]: how many it published
} world_copy;

// One population sharing a controller: the evolved ants or the greedy baseline.
typedef struct swarm {
    int n, stride;                        // ants, and the row stride of the interleaved arrays
    int nfood, nmines;                    // items per world copy (nmines 0 without mines)
    bool greedy;                          // the baseline controller instead of a brain
    float *x, *y, *lx, *ly, *speed, *odo; // pose; odo = distance travelled
    float *sfx, *sfy, *smx, *smy;         // sensed unit vectors to nearest food / mine
    float *mdist;                         // distance to the nearest mine
    near_cache fc, mc;                    // nearest food / mine caches
    int *food, *hits;
    uint8_t *alive, *elite;
    alRng *rng;           // each copy's respawn stream
    float *fx, *fy;       // food of ant a at [a * nfood + j]; shared world: [j]
    float *mx, *my;       // mines of ant a at [a * nmines + j]; shared world: [j]
    bool shared;          // one world for all (ants.world = shared)
    bool scan;            // shared, few items: every nearest by a full scan (ants_scan.h), no caches
    int ncopies;          // scanning shared world: the workers' world copies (copies[0]: fx, fy, ...)
    world_copy *copies;
    ant_claim *ccand[2][2]; // [kind][tick parity]: the live ants within reach of their
                            // nearest, each worker's from its a0, in ant order
    alRng wrng;           // shared world: its respawn stream
    int *claim;           // shared world: the ant that gets item j this tick, -1 none
    float *held;          // shared world: as world_copy's
    int *items;           // shared world: as world_copy's
    ant_claim *cand;      // shared world: this tick's claims, in ant order (claim_items)
    int *touch;           // shared world: ants whose caches a moved item may concern (an int
                          // each: a 16-ant unit's marks fill a cache line, which only its worker writes)
    int nmoved[2];        // shared world: food, mines respawned this tick (their indices: claim)
    float *wt, *act;      // interleaved weights and activations (evolved ants only)
    int *gtarget, *gint;  // shared greedy group: each one's food (ants_greedy.h), scratch
    float *gflt;          // its float scratch
    alPacer pacer;        // run_ticks' choice between its threads and one
    ants_neat *neat;      // NEAT brains (run.algorithm = neat), else NULL: the fixed net
} swarm;

struct alAnts {
    alAntsDef def;
    uint64_t seed;
    int threads;
    int nweights, nneurons;
    float far;        // a radius beyond any distance in the world
    alAlgorithm algo; // what evolves the weights (run.algorithm); {NULL} in a replay
    float *replay_genome;
    bool neat;    // the brains are NEAT genomes (ants_neat.h), not weight vectors
    ants_neat nb; // their nets, when neat
    swarm pop, base;
    int64_t gen;
    int tick;
    double *fitness;
    float *best; // best genome of the last finished generation
    double best_fitness;
    bool have_last;
    alGenStats last;
    alAntsGen *history;
    int hist_count, hist_cap;
};

// ---- small deterministic math ------------------------------------------

static inline float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

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
    void *ptrs[] = {w->x,         w->y,        w->lx,      w->ly,      w->speed,     w->odo,
                    w->sfx,       w->sfy,      w->smx,     w->smy,     w->fc.idx,    w->fc.bound,
                    w->fc.x0,     w->fc.y0,    w->fc.near, w->fc.nx,   w->fc.ny,     w->fc.second,
                    w->fc.x1,     w->fc.y1,    w->mc.idx,  w->mc.bound, w->mc.x0,    w->mc.y0,
                    w->mc.near,   w->mc.nx,    w->mc.ny,   w->mc.second, w->mc.x1,   w->mc.y1,
                    w->fc.nd2,    w->mc.nd2,   w->claim,   w->touch,
                    w->mdist,     w->food,     w->hits,    w->alive,   w->elite,     w->rng,
                    w->fx,        w->fy,       w->mx,      w->my,      w->wt,        w->act,
                    w->gtarget,   w->gint,     w->gflt,    w->held,    w->items,     w->cand};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; ++i)
        free(ptrs[i]);
    for (int k = 0; k < 4; ++k)
        free(w->ccand[k / 2][k % 2]);
    for (int t = 0; w->copies && t < w->ncopies; ++t) {
        free(w->copies[t].claim);
        free(w->copies[t].held);
        free(w->copies[t].items);
        if (t > 0) {
            free(w->copies[t].fx);
            free(w->copies[t].fy);
            free(w->copies[t].mx);
            free(w->copies[t].my);
        }
    }
    free(w->copies);
    memset(w, 0, sizeof *w);
}

// Zeroed memory on a cache-line boundary. A work unit's rows of every array
// ([a0, a0 + CHUNK) of a CHUNK * 4-byte = 64-byte row, or a multiple of it)
// then own whole cache lines: two workers never write to the same line, which
// with calloc's 16-byte alignment they did on every array every tick.
static void *lines_alloc(size_t count, size_t size)
{
    size_t bytes = (count * size + 63) / 64 * 64;
    void *p = aligned_alloc(64, bytes);
    if (p) memset(p, 0, bytes);
    return p;
}

// run_ticks' pacer: a try of the other thread mode is 3 runs (one warm-up)
// of TRY_TICKS ticks each, every 8 to 128 runs (a run: the ticks of one
// advance, a generation in a batch run); its mean costs span 16 runs.
// A try of whole generations cost a 300-ant bench of 40 generations 6
// generations on one thread (2 threads 1.44x one, where its passes were
// ~1.55x); 256 ticks are still several scheduler slices of work.
enum { PACER_BURST = 3, PACER_GAP_MIN = 8, PACER_GAP_MAX = 128, PACER_MEMORY = 16 };
enum { TRY_TICKS = 256 };

static bool swarm_alloc(swarm *w, const alAntsDef *def, int n, bool greedy, int nweights,
                        int nneurons, int threads)
{
    memset(w, 0, sizeof *w);
    alPacer_Init(&w->pacer, PACER_BURST, PACER_GAP_MIN, PACER_GAP_MAX, PACER_MEMORY);
    w->n = n;
    w->stride = (n + CHUNK - 1) / CHUNK * CHUNK;
    w->nfood = def->food;
    w->nmines = def->mines ? def->mine_count : 0;
    w->greedy = greedy;
    size_t s = (size_t)w->stride;
    bool ok = true;
#define ALLOC(p, count) ok = ok && ((p) = lines_alloc((size_t)(count) + 1, sizeof *(p))) != NULL
    ALLOC(w->x, s);
    ALLOC(w->y, s);
    ALLOC(w->lx, s);
    ALLOC(w->ly, s);
    ALLOC(w->speed, s);
    ALLOC(w->odo, s);
    ALLOC(w->mdist, s);
    ALLOC(w->sfx, s);
    ALLOC(w->sfy, s);
    ALLOC(w->smx, s);
    ALLOC(w->smy, s);
    near_cache *caches[] = {&w->fc, &w->mc};
    for (int c = 0; c < 2; ++c) {
        near_cache *k = caches[c];
        ALLOC(k->idx, s * CACHE_K);
        ALLOC(k->bound, s);
        ALLOC(k->x0, s);
        ALLOC(k->y0, s);
        ALLOC(k->near, s);
        ALLOC(k->nx, s);
        ALLOC(k->ny, s);
        ALLOC(k->second, s);
        ALLOC(k->x1, s);
        ALLOC(k->y1, s);
        ALLOC(k->nd2, s);
    }
    w->shared = def->world_mode == AL_ANTS_SHARED;
    w->scan = w->nfood <= AL_ANTS_SCAN_MAX && w->nmines <= AL_ANTS_SCAN_MAX;
    ALLOC(w->claim, w->nfood + w->nmines); // food's part, then the mines'
    if (w->shared) { // the serial step's claims (claim_items)
        ALLOC(w->held, w->nfood + w->nmines);
        ALLOC(w->items, w->nfood + w->nmines);
        ALLOC(w->cand, s);
    }
    ALLOC(w->touch, s);
    ALLOC(w->food, s);
    ALLOC(w->hits, s);
    ALLOC(w->alive, s);
    ALLOC(w->elite, s);
    ALLOC(w->rng, s);
    // A look-up's vector loads read the last ant's items on to a whole 16 (rescan).
    ALLOC(w->fx, s * w->nfood + AL_NNF_LANES);
    ALLOC(w->fy, s * w->nfood + AL_NNF_LANES);
    ALLOC(w->mx, s * w->nmines + AL_NNF_LANES);
    ALLOC(w->my, s * w->nmines + AL_NNF_LANES);
    if (!greedy) {
        ALLOC(w->wt, s * nweights);
        ALLOC(w->act, s * nneurons);
    }
    if (w->shared && (greedy || def->food_sense == AL_FOOD_FREE)) {
        int gi = al_greedy_scratch_ints(n, w->nfood);
        ALLOC(w->gtarget, s);
        ALLOC(w->gint, gi);
        ALLOC(w->gflt, al_greedy_scratch_floats(n, w->nfood));
    }
    if (ok && w->shared && w->scan && !w->gtarget && threads > 1) {
        // the one-barrier tick (run_shared_scan): a world copy per worker
        w->copies = lines_alloc((size_t)threads, sizeof *w->copies);
        ok = w->copies != NULL;
        if (ok) w->ncopies = threads;
        for (int t = 0; ok && t < threads; ++t) {
            world_copy *c = &w->copies[t];
            if (t == 0) {
                c->fx = w->fx, c->fy = w->fy, c->mx = w->mx, c->my = w->my;
            } else {
                ALLOC(c->fx, w->nfood);
                ALLOC(c->fy, w->nfood);
                ALLOC(c->mx, w->nmines);
                ALLOC(c->my, w->nmines);
            }
            ALLOC(c->claim, w->nfood + w->nmines);
            ALLOC(c->held, w->nfood + w->nmines);
            ALLOC(c->items, w->nfood + w->nmines);
        }
        for (int k = 0; k < 4; ++k)
            ALLOC(w->ccand[k / 2][k % 2], s);
    }
#undef ALLOC
    if (!ok) return false;
    for (int a = 0; a < w->stride; ++a)
        w->lx[a] = 1.0f; // padding lanes too: no 0/0 there
    return ok;
}

// ---- sensing -------------------------------------------------------------

// How far (x, y) is from (ax, ay) in the world (wrapped as alWorld_Delta):
// what bounds how much nearer any item can have come since the ant was there.
static inline float moved_since(const alWorld *wd, float x, float y, float ax, float ay)
{
    alVec2 d = alWorld_Delta(wd, alV2(ax, ay), alV2(x, y));
    return sqrtf(d.x * d.x + d.y * d.y);
}

// The rare per-ant work after a vector pass (a look-up, an item eaten, an ant
// off the edge) goes through a bit mask of the lanes that need it, lowest
// first: the same order as a loop over the ants, without a hard-to-predict
// branch per ant. lanes(n) selects the chunk's first n (real, not padding) lanes.
_Static_assert(CHUNK <= 32, "a work unit's lanes must fit an unsigned mask");
static inline unsigned lanes(int n)
{
    return n >= 32 ? ~0u : (1u << n) - 1u;
}

// Picks ant a's nearest item among its cached ones (ix, iy: its copy of the
// items), looking all count items up first when the cache cannot be trusted
// (or when lookup is set), and sets near, nx, ny, second, x1, y1. The cached
// items' positions are read live, so an item that moves (is eaten and
// respawns) needs no lookup: the set of uncached items, and how far they
// are, is the same.
static void reselect(const alAnts *s, const swarm *w, near_cache *c, int a, int count,
                     const float *ix, const float *iy, bool lookup)
{
    const alWorld *wd = &s->def.world;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    alVec2 p = alV2(w->x[a], w->y[a]);
    int *idx = c->idx + (size_t)a * CACHE_K;
    for (;;) {
        if (lookup) {
            float next = INFINITY;
            // s->far reaches every item: al_ants_nearest's case (up to 64 items).
            int found =
                count <= AL_ANTS_NEAREST_MAX_N
                    ? al_ants_nearest(wd, ix, iy, count, p, CACHE_K, idx, &next)
                    : alWorld_NearestK(wd, ix, iy, count, p, s->far, CACHE_K, idx, NULL, &next);
            assert(found > 0);
            for (int j = found; j < CACHE_K; ++j)
                idx[j] = idx[0];
            c->bound[a] = sqrtf(next);
            c->x0[a] = p.x;
            c->y0[a] = p.y;
        }
        // The cached items' squared distances (alWorld_DistSq's bits, no
        // branches), then the nearest as the smallest key: distance bits
        // high, and low the index: a full scan's answer, ties to the lower
        // index, whichever items the cache holds.
        float dd[CACHE_K];
        for (int j = 0; j < CACHE_K; ++j) {
            int i = idx[j];
            float dx = ix[i] - p.x, dy = iy[i] - p.y;
            dx = dx > hw ? dx - W : dx;
            dx = dx < -hw ? dx + W : dx;
            dy = dy > hh ? dy - H : dy;
            dy = dy < -hh ? dy + H : dy;
            dd[j] = dx * dx + dy * dy;
        }
        uint64_t bk = UINT64_MAX;
        for (int j = 0; j < CACHE_K; ++j) {
            uint32_t bits;
            memcpy(&bits, &dd[j], sizeof bits);
            uint64_t key = (uint64_t)bits << 32 | (uint32_t)idx[j];
            bk = key < bk ? key : bk;
        }
        const int best = (int)(uint32_t)bk;
        float b1, b2 = INFINITY;
        uint32_t b1bits = (uint32_t)(bk >> 32);
        memcpy(&b1, &b1bits, sizeof b1);
        for (int j = 0; j < CACHE_K; ++j) // padding repeats slot 0: not a second item
            b2 = idx[j] != best && dd[j] < b2 ? dd[j] : b2;
        float uncached = c->bound[a] - moved_since(wd, p.x, p.y, c->x0[a], c->y0[a]);
        // A hair of slack so rounding can never let a stale answer through.
        if (lookup || sqrtf(b1) + 1e-3f < uncached) {
            c->near[a] = best;
            c->nx[a] = ix[best];
            c->ny[a] = iy[best];
            float s2 = sqrtf(b2);
            c->second[a] = s2 < uncached ? s2 : uncached;
            c->x1[a] = p.x;
            c->y1[a] = p.y;
            return;
        }
        lookup = true;
    }
}

// The nearest item of every ant of a chunk, as one vector pass: the unit
// vector towards it into (ux, uy), its distance into dist[] and its square
// into c->nd2; fix[l] is set where it may no longer be the nearest (the
// caller reselects). The squares are alWorld_NearestK's bits.
static INLINE void check_near(const alAnts *s, const swarm *w, near_cache *c, int a0,
                              float *restrict ux, float *restrict uy, float *restrict dist,
                              int *restrict fix, const int U)
{
    float *restrict nd2 = c->nd2 + a0;
    const alWorld *wd = &s->def.world;
    // Without wrapping the half-size thresholds are infinite: no select fires.
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    const float *restrict x = w->x + a0, *restrict y = w->y + a0;
    const float *restrict nx = c->nx + a0, *restrict ny = c->ny + a0;
    const float *restrict second = c->second + a0;
    const float *restrict x1 = c->x1 + a0, *restrict y1 = c->y1 + a0;
    for (int l = 0; l < U; ++l) {
        float dx = al_scan_wrap(nx[l] - x[l], hw, W), dy = al_scan_wrap(ny[l] - y[l], hh, H);
        float d2 = dx * dx + dy * dy;
        float d = sqrtf(d2);
        // near stays the nearest while d + (how far the ant is from x1, y1)
        // is below second, with a hair of slack: compared squared, no root.
        float ex = al_scan_wrap(x[l] - x1[l], hw, W), ey = al_scan_wrap(y[l] - y1[l], hh, H);
        float lim = second[l] - d - 1e-3f;
        fix[l] = (lim <= 0.0f) | (ex * ex + ey * ey >= lim * lim);
        nd2[l] = d2;
        float inv = d > 1e-6f ? 1.0f / d : 0.0f;
        ux[l] = dx * inv;
        uy[l] = dy * inv;
        dist[l] = d;
    }
}

// check_near for one ant (after it reselected).
static void check_one(const alAnts *s, const swarm *w, near_cache *c, int a, float *ux, float *uy,
                      float *dist)
{
    alVec2 d = alWorld_Delta(&s->def.world, alV2(w->x[a], w->y[a]), alV2(c->nx[a], c->ny[a]));
    float d2 = d.x * d.x + d.y * d.y;
    c->nd2[a] = d2;
    float dd = sqrtf(d2);
    float inv = dd > 1e-6f ? 1.0f / dd : 0.0f;
    *ux = d.x * inv;
    *uy = d.y * inv;
    *dist = dd;
}

// Moves item j of an ant's copy to a random place.
static void respawn(const alAnts *s, alRng *rng, float *ix, float *iy, int j)
{
    alVec2 p = random_point(rng, &s->def.world);
    ix[j] = p.x;
    iy[j] = p.y;
}

// Ant a's nearest of its count items (ix, iy) by a full vector look-up
// (w->scan: at most AL_ANTS_SCAN_MAX items) and the bound on every other
// item from here: its runner-up's distance. No item cache to keep: the
// look-up of a few dozen items costs about what choosing among the cached
// ones did, and in the shared world a respawn then concerns only the ants it
// lands within that bound of (scan_refresh).
// (Cloned as the tick is, and called: inlined into every pass that looks up,
// its copies cost more to compile and to cache than the calls.)
TICK_CLONES static void rescan(const alAnts *s, const swarm *w, near_cache *c, int a, int count,
                               const float *ix, const float *iy)
{
    float x = w->x[a], y = w->y[a], second2;
    int i = al_scan_nearest2(&s->def.world, ix, iy, count, x, y, &second2);
    c->near[a] = i;
    c->nx[a] = ix[i];
    c->ny[a] = iy[i];
    c->second[a] = sqrtf(second2);
    c->x1[a] = x;
    c->y1[a] = y;
}

// Ant a chooses its nearest again: rescan, or with more items reselect from
// its cache.
static INLINE void refind(const alAnts *s, const swarm *w, near_cache *c, int a, int count,
                   const float *ix, const float *iy, bool lookup)
{
    if (w->scan)
        rescan(s, w, c, a, count, ix, iy);
    else
        reselect(s, w, c, a, count, ix, iy, lookup);
}

// Senses one kind of item (food or mines) for a chunk: the vector check, then
// the rare ants that must look again or that reach an item, one by one.
// Fills (ux, uy) and, if dout is not NULL, the distance of each ant's nearest.
// Items from bx, by: own worlds, every ant's copies; shared, the world (or a
// worker's copy of it, run_shared_scan).
static INLINE void sense_kind(const alAnts *s, swarm *w, near_cache *c, int a0, int a1, bool mines,
                              bool eat, float *bx, float *by, float *ux, float *uy, float *dout,
                              const int U)
{
    float dist[CHUNK];
    int fix[CHUNK];
    check_near(s, w, c, a0, ux + a0, uy + a0, dist, fix, U);
    const float reach = s->def.eat_radius;
    int count = mines ? w->nmines : w->nfood;
    unsigned todo = 0;
    const uint8_t *alive = w->alive + a0;
    for (int l = 0; l < U; ++l)
        todo |= (unsigned)(fix[l] | (eat & (dist[l] <= reach) & (alive[l] != 0))) << l;
    for (todo &= lanes(a1 - a0); todo; todo &= todo - 1) {
        int l = __builtin_ctz(todo), a = a0 + l;
        const size_t at = w->shared ? 0 : (size_t)a * count; // shared: one copy of the items
        float *ix = bx + at, *iy = by + at;
        if (fix[l]) {
            refind(s, w, c, a, count, ix, iy, c->bound[a] == -INFINITY);
            check_one(s, w, c, a, &ux[a], &uy[a], &dist[l]);
        }
        if (eat && dist[l] <= reach && w->alive[a]) {
            if (mines) {
                w->hits[a]++;
                if (s->def.mine_hit == AL_MINE_END) w->alive[a] = 0;
            } else {
                w->food[a]++;
            }
            // At most one item per tick; the eaten one moves, so choose again.
            respawn(s, &w->rng[a], ix, iy, c->near[a]);
            refind(s, w, c, a, count, ix, iy, false);
            check_one(s, w, c, a, &ux[a], &uy[a], &dist[l]);
        }
    }
    if (dout) memcpy(dout + a0, dist, (size_t)U * sizeof *dist);
}

// eat = false in the shared world (eating is its serial step) and at the
// start: nothing is in reach "before" the first move. Items from world copy
// `copy` (0: the swarm's own arrays; others in run_shared_scan).
static INLINE void sense(const alAnts *s, swarm *w, int a0, int a1, bool eat, int copy,
                         const int U)
{
    const world_copy *wc = copy ? &w->copies[copy] : NULL;
    sense_kind(s, w, &w->fc, a0, a1, false, eat, wc ? wc->fx : w->fx, wc ? wc->fy : w->fy, w->sfx,
               w->sfy, NULL, U);
    if (w->nmines)
        sense_kind(s, w, &w->mc, a0, a1, true, eat, wc ? wc->mx : w->mx, wc ? wc->my : w->my,
                   w->smx, w->smy, w->mdist, U);
}

// ---- one tick of a chunk -------------------------------------------------

// Turns each ant of the chunk by turn[] radians (|turn| <= 1: sin and cos by
// Taylor polynomials, errors < 3e-8, the same bits on every machine and
// vectorisable, unlike libm) and moves it
// speed[] along its new heading: a vector pass, then the edge policy for the
// few that left the world.
// (restrict on parameters, which GCC's dependence analysis honours, unlike on locals)
static INLINE void move_lanes(float *restrict x, float *restrict y, float *restrict lx,
                              float *restrict ly, float *restrict sp, float *restrict odo,
                              const float *restrict turn, const float *restrict speed,
                              int *restrict out, float W, float H, const int U)
{
    for (int l = 0; l < U; ++l) {
        float t = turn[l], t2 = t * t;
        float sn =
            t * (1.0f + t2 * (-1.6666667e-1f +
                              t2 * (8.3333333e-3f + t2 * (-1.9841270e-4f + t2 * 2.7557319e-6f))));
        float cs =
            1.0f + t2 * (-0.5f + t2 * (4.1666667e-2f + t2 * (-1.3888889e-3f + t2 * 2.4801587e-5f)));
        float nx = lx[l] * cs - ly[l] * sn;
        float ny = lx[l] * sn + ly[l] * cs;
        float inv = 1.0f / sqrtf(nx * nx + ny * ny); // keep it a unit vector
        nx *= inv;
        ny *= inv;
        float px = x[l] + nx * speed[l], py = y[l] + ny * speed[l];
        out[l] = (px < 0.0f) | (px >= W) | (py < 0.0f) | (py >= H);
        x[l] = px;
        y[l] = py;
        lx[l] = nx;
        ly[l] = ny;
        sp[l] = speed[l];
        odo[l] += speed[l];
    }
}

static INLINE void move(const alAnts *s, swarm *w, int a0, int a1, const float *turn,
                        const float *speed, const int U)
{
    const alWorld *wd = &s->def.world;
    float *x = w->x + a0, *y = w->y + a0, *lx = w->lx + a0, *ly = w->ly + a0;
    int out[CHUNK];
    move_lanes(x, y, lx, ly, w->speed + a0, w->odo + a0, turn, speed, out, wd->width, wd->height,
               U);
    unsigned todo = 0;
    for (int l = 0; l < U; ++l)
        todo |= (unsigned)out[l] << l;
    for (todo &= lanes(a1 - a0); todo; todo &= todo - 1) {
        int l = __builtin_ctz(todo);
        alVec2 p = alV2(x[l], y[l]), v = alV2(lx[l], ly[l]);
        alWorld_Confine(wd, &p, wd->edge == AL_EDGE_BOUNCE ? &v : NULL);
        x[l] = p.x;
        y[l] = p.y;
        lx[l] = v.x;
        ly[l] = v.y;
    }
}

// Think and act for a work unit of U ants (U = 16 or 32: constant once
// inlined), then (own worlds: sense_after) sense; in the shared world
// sensing and eating are the separate passes below.
static INLINE void unit_tick(const alAnts *s, swarm *w, int a0, int a1, bool sense_after,
                             int copy, const int U)
{
    const float max_turn = s->def.max_turn, half_speed = 0.5f * s->def.max_speed;
    float turn[CHUNK], speed[CHUNK];
    if (w->greedy) {
        for (int l = 0; l < U; ++l) {
            // Turn towards the nearest food as fast as allowed, full speed.
            int a = a0 + l;
            float cr = w->lx[a] * w->sfy[a] - w->ly[a] * w->sfx[a];
            float dt = w->lx[a] * w->sfx[a] + w->ly[a] * w->sfy[a];
            turn[l] = a < a1 ? clampf(alDet_Atan2f(cr, dt), -max_turn, max_turn) : 0.0f;
            speed[l] = a < a1 ? s->def.max_speed : 0.0f;
        }
    } else {
        const alNNLayout *l = &s->def.brain;
        size_t st = (size_t)w->stride;
        // Each sensor row from this chunk's first ant (a pointer to a0 lanes
        // before body[] would point before its array: undefined behaviour).
        const float *sensor[AL_ANTS_SENSORS_MINES] = {w->lx + a0,  w->ly + a0,  w->sfx + a0,
                                                      w->sfy + a0, w->smx + a0, w->smy + a0};
        float body[4][CHUNK];
        if (w->nmines) {
            // A mine's pull fades with distance, zero beyond mine_range: without
            // it an ant could not tell a mine in its path from one far away.
            const float *restrict md = w->mdist + a0, *restrict mx = w->smx + a0,
                                  *restrict my = w->smy + a0;
            const float inv_range = 1.0f / s->def.mine_range;
            for (int q = 0; q < U; ++q) {
                float close = 1.0f - md[q] * inv_range;
                close = close > 0.0f ? close : 0.0f;
                body[2][q] = mx[q] * close;
                body[3][q] = my[q] * close;
            }
            sensor[4] = body[2];
            sensor[5] = body[3];
        }
        if (s->def.frame == AL_FRAME_BODY) {
            // Item vectors as (ahead, to the side) of the ant's own heading.
            for (int k = 0; k < 2; ++k) {
                const float *ux = sensor[2 + 2 * k], *uy = sensor[3 + 2 * k];
                const float *hx = w->lx + a0, *hy = w->ly + a0;
                float ahead[CHUNK], side[CHUNK];
                for (int q = 0; q < U; ++q) {
                    ahead[q] = hx[q] * ux[q] + hy[q] * uy[q];
                    side[q] = hx[q] * uy[q] - hy[q] * ux[q];
                }
                memcpy(body[2 * k], ahead, sizeof ahead);
                memcpy(body[2 * k + 1], side, sizeof side);
                sensor[2 + 2 * k] = body[2 * k];
                sensor[3 + 2 * k] = body[2 * k + 1];
            }
        }
        const float *o0, *o1;
        float neat_out[2][CHUNK];
        if (w->neat) { // a separate path: every NEAT brain has its own shape
            ants_neat_think(w->neat, a0, a1, U, sensor, neat_out[0], neat_out[1]);
            o0 = neat_out[0];
            o1 = neat_out[1];
        } else {
            for (int i = 0; i < l->sizes[0]; ++i)
                memcpy(w->act + i * st + a0, sensor[i], (size_t)U * sizeof(float));
            // The whole chunk, padding lanes included (zero weights, never read):
            // the fixed-width pass is the fast one. The Smart Sweepers brain is
            // inlined here; any other layout goes through alNN_ForwardBatch.
            if (al_nnf_is_smart(l))
                al_nnf_forward_n(w->wt + a0, st, 1.0f / l->response, w->act + a0, U / AL_NN_BATCH);
            else
                alNN_ForwardBatch(l, w->wt + a0, U, w->stride, w->act + a0);
            o0 = w->act + (size_t)(s->nneurons - 2) * st + a0;
            o1 = o0 + st;
        }
        const uint8_t *alive = w->alive + a0;
        bool tanh_out = !w->neat && l->activation == AL_ACT_TANH; // NEAT: sigmoid, [0, 1]
        // Tracks in [0, 1] whatever the activation's range; a stopped ant stays
        // put (its turn and speed times 0: written as arithmetic so it vectorises).
        const float off = tanh_out ? 1.0f : 0.0f, scale = tanh_out ? 0.5f : 1.0f;
        for (int k = 0; k < U; ++k) {
            float left = scale * (o0[k] + off), right = scale * (o1[k] + off);
            float t = left - right, on = (float)alive[k];
            t = t < -max_turn ? -max_turn : t;
            t = t > max_turn ? max_turn : t;
            turn[k] = on * t;
            speed[k] = on * ((left + right) * half_speed);
        }
    }
    move(s, w, a0, a1, turn, speed, U);
    if (sense_after) sense(s, w, a0, a1, !w->shared, copy, U); // shared: eaten in the serial step
}

// The two unit widths, each with its AVX-512 / AVX2 / baseline clones. Two
// 16-lane forward passes back to back give the out-of-order core
// independent work while one waits on its sigmoids' divisions (~15% faster a
// tick); 16-ant units let two threads share as few as 17-32 ants.
TICK_CLONES static void tick16(const alAnts *s, swarm *w, int a0, int a1, bool sense_after,
                               int copy)
{
    unit_tick(s, w, a0, a1, sense_after, copy, AL_NN_BATCH);
}
TICK_CLONES static void tick32(const alAnts *s, swarm *w, int a0, int a1, bool sense_after,
                               int copy)
{
    unit_tick(s, w, a0, a1, sense_after, copy, CHUNK);
}

// ---- the shared world ----------------------------------------------------
//
// One tick: think, move and sense every chunk in parallel (the same cached
// nearest items as in own worlds, reading the items only); then one thread
// resolves eating in a fixed order (claim_and_respawn), so the thread count
// cannot change a bit. An item that respawns moves for every ant, so then
// each moved item is checked against every ant's cache bounds (note_moved,
// in parallel across chunks: each ant's own state), and the ants it may have
// broken choose again. The answer is always a full scan's (ties: the lower
// index; reselect keeps that rule in the shared world).

// Item j just moved (ix, iy: the items after the move): keeps ant a's cache
// true, and says whether a must choose again (j was its nearest, or is now
// nearer than a's bound on every other item, second). Moved inside a's bound
// on the uncached items, j joins the cache in place of the farthest cached
// item other than the nearest (if j is nearer than it), and the bound,
// rebased to now, shrinks to the distance of whichever stays out: no full
// look-up. Each rebase takes a
// margin off the bound, far above rounding.
static bool note_moved(const alAnts *s, const swarm *w, near_cache *c, int a, int j,
                       const float *ix, const float *iy)
{
    const int near = c->near[a];
    if (j == near) return true;
    const alWorld *wd = &s->def.world;
    const alVec2 p = alV2(w->x[a], w->y[a]);
    const float margin = 1e-2f;
    // The bounds are about the places they were taken at (x0, y0 and x1,
    // y1): j breaks one when it lands nearer to that place than the bound.
    float d = sqrtf(alWorld_DistSq(wd, p, alV2(ix[j], iy[j])));
    bool redo = moved_since(wd, ix[j], iy[j], c->x1[a], c->y1[a]) <= c->second[a] + margin;
    if (!(moved_since(wd, ix[j], iy[j], c->x0[a], c->y0[a]) <= c->bound[a] + margin)) return redo;
    float uncached = c->bound[a] - moved_since(wd, p.x, p.y, c->x0[a], c->y0[a]);
    int *idx = c->idx + (size_t)a * CACHE_K;
    int far = -1;
    float fd2 = -1.0f;
    for (int q = 0; q < CACHE_K; ++q) {
        int i = idx[q];
        if (i == j) return redo; // cached: read live, nothing to change
        float e2 = alWorld_DistSq(wd, p, alV2(ix[i], iy[i]));
        if (i != near && e2 > fd2) {
            fd2 = e2;
            far = q;
        }
    }
    if (far < 0) { // every slot holds the nearest (fewer items than slots): look up
        c->bound[a] = -INFINITY;
        return true;
    }
    // Farther than every cached item, j stays out and only bounds the rest.
    float fd = sqrtf(fd2), out = d;
    if (d < fd) {
        idx[far] = j;
        out = fd;
    }
    c->bound[a] = (out < uncached ? out : uncached) - 1e-3f;
    c->x0[a] = p.x;
    c->y0[a] = p.y;
    return redo;
}

// Marks in touch[] every ant that note_moved may have work for when item j
// moves to (jx, jy): j was its nearest, or j is within one of its two bounds
// of the place that bound was taken at (with a wider margin than
// note_moved's). One vector pass over the ants.
static void near_moved(const alAnts *s, const swarm *w, const near_cache *c, int a0, int a1, int j,
                       float jx, float jy, int *restrict touch)
{
    const alWorld *wd = &s->def.world;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    const float *restrict second = c->second, *restrict x1 = c->x1, *restrict y1 = c->y1;
    const float *restrict bound = c->bound, *restrict x0 = c->x0, *restrict y0 = c->y0;
    const int *restrict near = c->near;
    for (int a = a0; a < a1; ++a) {
        float e1x = al_scan_wrap(jx - x1[a], hw, W), e1y = al_scan_wrap(jy - y1[a], hh, H);
        float e0x = al_scan_wrap(jx - x0[a], hw, W), e0y = al_scan_wrap(jy - y0[a], hh, H);
        float l1 = second[a] + 2e-2f, l2 = bound[a] + 2e-2f;
        touch[a] |= (near[a] == j) | ((l1 > 0.0f) & (e1x * e1x + e1y * e1y <= l1 * l1)) |
                    ((l2 > 0.0f) & (e0x * e0x + e0y * e0y <= l2 * l2));
    }
}

// The claims of ants [a0, a1) (live, within reach of their nearest item:
// c's near and nd2) into out, in ant order; returns how many. A vector pass
// makes a mask of each 32 ants, then the few set lanes are listed: on most
// ticks nobody reaches anything.
static int list_claims(const swarm *w, const near_cache *c, float reach2, int a0, int a1,
                       ant_claim *out)
{
    const uint8_t *alive = w->alive;
    const float *nd2 = c->nd2;
    int n = 0;
    for (int b = a0; b < a1; b += 32) {
        const int e = a1 - b < 32 ? a1 - b : 32;
        unsigned m = 0;
        for (int l = 0; l < e; ++l)
            m |= (unsigned)((alive[b + l] != 0) & (nd2[b + l] <= reach2)) << l;
        for (; m; m &= m - 1) {
            int a = b + __builtin_ctz(m);
            out[n++] = (ant_claim){a, c->near[a], nd2[a]};
        }
    }
    return n;
}

// Eating (or hitting) in the shared world, one kind of item, from the claims
// (T lists, lists[t] of counts[t]; in all, ant order): an item goes to its
// nearest claimant (ties: the lower ant index), at most one item per ant per
// tick, as in an own world. Only the claimed items are looked at (claim[j]:
// its ant, held[j]: their squared distance; items: scratch), not every item
// (a branch each: a tenth of a 30-ant shared tick). Ants [a0, a1) are
// credited (a worker of the one-barrier tick credits its own), the claimed
// items respawned in index order from rng; the moved items' indices, in
// order, into claim; returns their count.
static int settle_claims(const alAnts *s, swarm *w, bool mines, const ant_claim *const *lists,
                         const int *counts, int T, float *ix, float *iy, alRng *rng, int *claim,
                         float *held, int *items, int a0, int a1)
{
    for (int t = 0; t < T; ++t)
        for (int q = 0; q < counts[t]; ++q)
            claim[lists[t][q].j] = -1;
    int n = 0;
    for (int t = 0; t < T; ++t)
        for (int q = 0; q < counts[t]; ++q) {
            const ant_claim *p = &lists[t][q];
            if (claim[p->j] < 0) items[n++] = p->j;
            if (claim[p->j] < 0 || p->d2 < held[p->j]) {
                claim[p->j] = p->a;
                held[p->j] = p->d2;
            }
        }
    for (int q = 1; q < n; ++q) { // index order (a few items a tick: insertion)
        int v = items[q], k = q;
        for (; k > 0 && items[k - 1] > v; --k) items[k] = items[k - 1];
        items[k] = v;
    }
    for (int q = 0; q < n; ++q) {
        const int j = items[q], a = claim[j];
        if (a >= a0 && a < a1) {
            if (mines) {
                w->hits[a]++;
                if (s->def.mine_hit == AL_MINE_END) w->alive[a] = 0;
            } else {
                w->food[a]++;
            }
        }
        respawn(s, rng, ix, iy, j);
    }
    memcpy(claim, items, (size_t)n * sizeof *claim);
    return n;
}

// The serial step's claims: every ant's (near, nd2: its nearest and their
// squared distance), into settle_claims.
static int claim_items(const alAnts *s, swarm *w, bool mines, const near_cache *c, float *ix,
                       float *iy, alRng *rng)
{
    const int off = mines ? w->nfood : 0;
    const float reach2 = s->def.eat_radius * s->def.eat_radius;
    const ant_claim *lists[1] = {w->cand};
    const int counts[1] = {list_claims(w, c, reach2, 0, w->n, w->cand)};
    if (counts[0] == 0) return 0;
    return settle_claims(s, w, mines, lists, counts, 1, ix, iy, rng, w->claim + off, w->held + off,
                         w->items + off, 0, w->n);
}

// The one-barrier tick's claim_items (run_shared_scan), the same claims from
// the candidates its T workers published (list_claims of each worker's ants:
// in all, ant order).
static int claim_listed(const alAnts *s, swarm *w, bool mines, int par, int T, world_copy *wc,
                        int a0, int a1)
{
    enum { MAXT = 64 };
    assert(T <= MAXT);
    const ant_claim *lists[MAXT];
    int counts[MAXT], total = 0;
    for (int t = 0; t < T; ++t) {
        lists[t] = w->ccand[mines][par] + w->copies[t].a0;
        total += counts[t] = w->copies[t].ncand[mines][par];
    }
    if (total == 0) return 0;
    const int off = mines ? w->nfood : 0;
    return settle_claims(s, w, mines, lists, counts, T, mines ? wc->mx : wc->fx,
                         mines ? wc->my : wc->fy, &wc->rng, wc->claim + off, wc->held + off,
                         wc->items + off, a0, a1);
}

// claim_items for the whole swarm in its own arrays (the serial step).
static void claim_and_respawn(const alAnts *s, swarm *w, near_cache *c, bool mines)
{
    w->nmoved[mines] =
        claim_items(s, w, mines, c, mines ? w->mx : w->fx, mines ? w->my : w->fy, &w->wrng);
}

// After the respawns of one kind: every ant of [a0, a1) whose cache a moved
// item may have broken chooses again (and senses it: ux, uy, the mine
// distance), so each ant's nearest is what a full scan would give. Each ant
// reads the items and writes only its own state: chunks run in parallel.
static void refresh_caches(const alAnts *s, swarm *w, near_cache *c, bool mines, int a0, int a1)
{
    const int nmoved = w->nmoved[mines];
    if (nmoved == 0) return;
    const int count = mines ? w->nmines : w->nfood;
    const float *ix = mines ? w->mx : w->fx, *iy = mines ? w->my : w->fy;
    float *ux = mines ? w->smx : w->sfx, *uy = mines ? w->smy : w->sfy;
    const int *moved = w->claim + (mines ? w->nfood : 0);
    int *touch = w->touch; // ants a moved item may concern: a vector pass first
    memset(touch + a0, 0, (size_t)(a1 - a0) * sizeof *touch);
    for (int q = 0; q < nmoved; ++q)
        near_moved(s, w, c, a0, a1, moved[q], ix[moved[q]], iy[moved[q]], touch);
    for (int a = a0; a < a1; ++a) {
        if (!touch[a]) continue;
        bool redo = false;
        for (int q = 0; q < nmoved; ++q)
            redo |= note_moved(s, w, c, a, moved[q], ix, iy);
        if (!redo) continue;
        float d;
        reselect(s, w, c, a, count, ix, iy, c->bound[a] == -INFINITY);
        check_one(s, w, c, a, &ux[a], &uy[a], mines ? &w->mdist[a] : &d);
    }
}

// The greedy group in a shared world splits the food up (ants_greedy.h):
// each forager senses the item it was given instead of its nearest, which
// the whole group would herd after; so do evolved ants with ants.food_sense
// = free. Serial, in the tick's fixed-order step.
static void greedy_targets(const alAnts *s, swarm *w)
{
    al_greedy_assign(&s->def.world, w->x, w->y, w->alive, w->n, w->fx, w->fy, w->nfood, w->gtarget,
                     w->gint, w->gflt);
    for (int a = 0; a < w->n; ++a) {
        int j = w->gtarget[a];
        alVec2 d = alWorld_Delta(&s->def.world, alV2(w->x[a], w->y[a]), alV2(w->fx[j], w->fy[j]));
        float dd = sqrtf(d.x * d.x + d.y * d.y);
        float inv = dd > 1e-6f ? 1.0f / dd : 0.0f;
        w->sfx[a] = d.x * inv;
        w->sfy[a] = d.y * inv;
    }
}

// The serial middle of a shared tick: eating, food first, then mines (a
// mine that ends an ant cannot undo its meal this tick).
static void shared_eat(const alAnts *s, swarm *w)
{
    claim_and_respawn(s, w, &w->fc, false);
    if (w->nmines) claim_and_respawn(s, w, &w->mc, true);
}

// A scanning shared world after the respawns of one kind (moved[0..nmoved),
// now at ix, iy), as vector passes over the ants: an item that lands within
// an ant's bound (of x1, y1, with a margin far above rounding) and is not
// nearer than its nearest (ties: the lower index) lowers the bound to its
// own distance; the ants whose nearest moved, or that such an item is nearer
// to, or whose lowered bound no longer shows their nearest to be the nearest
// (the tick's check), look all items up again (rescan) and sense again.
// Every other ant's nearest and bound still hold.
// (Cloned as the tick is: its ant-wide passes are short vector loops.)
TICK_CLONES static void scan_refresh(const alAnts *s, swarm *w, near_cache *c, bool mines,
                                     const float *ix, const float *iy, const int *moved,
                                     int nmoved, int a0, int a1)
{
    if (nmoved == 0) return;
    const alWorld *wd = &s->def.world;
    const bool wrap = wd->edge == AL_EDGE_WRAP;
    const float W = wd->width, H = wd->height;
    const float hw = wrap ? 0.5f * W : INFINITY, hh = wrap ? 0.5f * H : INFINITY;
    // Whole 16-ant units (the last range's padding lanes: scratch nobody reads).
    const int a1e = (a1 + AL_NN_BATCH - 1) / AL_NN_BATCH * AL_NN_BATCH;
    const int a1v = a1e < w->stride ? a1e : w->stride;
    float *restrict second = c->second;
    const float *restrict x1 = c->x1, *restrict y1 = c->y1, *restrict nd2 = c->nd2;
    const float *restrict x = w->x, *restrict y = w->y;
    const int *restrict near = c->near;
    int *restrict touch = w->touch;
    memset(touch + a0, 0, (size_t)(a1v - a0) * sizeof *touch);
    for (int q = 0; q < nmoved; ++q) {
        const int j = moved[q];
        const float jx = ix[j], jy = iy[j];
        for (int a = a0; a < a1v; ++a) {
            float ex = al_scan_wrap(jx - x1[a], hw, W), ey = al_scan_wrap(jy - y1[a], hh, H);
            float dx = al_scan_wrap(jx - x[a], hw, W), dy = al_scan_wrap(jy - y[a], hh, H);
            float e2 = ex * ex + ey * ey, d2 = dx * dx + dy * dy; // d2: check_one's bits
            float lim = second[a] + 2e-2f;
            int in = e2 <= lim * lim, is = near[a] == j;
            int nearer = (d2 < nd2[a]) | ((d2 == nd2[a]) & (j < near[a]));
            touch[a] |= is | (in & nearer);
            float lower = sqrtf(e2) - 1e-3f;
            second[a] = (in & !is & !nearer & (lower < second[a])) ? lower : second[a];
        }
    }
    for (int a = a0; a < a1v; ++a) { // the tick's check (check_near) on the bounds now
        float ex = al_scan_wrap(x[a] - x1[a], hw, W), ey = al_scan_wrap(y[a] - y1[a], hh, H);
        float lim = second[a] - sqrtf(nd2[a]) - 1e-3f;
        touch[a] |= (lim <= 0.0f) | (ex * ex + ey * ey >= lim * lim);
    }
    const int count = mines ? w->nmines : w->nfood;
    float *ux = mines ? w->smx : w->sfx, *uy = mines ? w->smy : w->sfy;
    // The touched ants by a mask of each 16 (no hard-to-predict branch an
    // ant, as sense_kind's), lowest first.
    for (int b = a0; b < a1; b += AL_NNF_LANES) {
        unsigned m = 0;
        for (int l = 0; l < AL_NNF_LANES; ++l)
            m |= (unsigned)(touch[b + l] != 0) << l;
        for (m &= lanes(a1 - b); m; m &= m - 1) {
            const int a = b + __builtin_ctz(m);
            float d;
            rescan(s, w, c, a, count, ix, iy);
            check_one(s, w, c, a, &ux[a], &uy[a], mines ? &w->mdist[a] : &d);
        }
    }
}

// The caches of chunk [a0, a1) after the tick's respawns.
static void shared_refresh(const alAnts *s, swarm *w, int a0, int a1)
{
    if (w->scan) {
        scan_refresh(s, w, &w->fc, false, w->fx, w->fy, w->claim, w->nmoved[0], a0, a1);
        if (w->nmines)
            scan_refresh(s, w, &w->mc, true, w->mx, w->my, w->claim + w->nfood, w->nmoved[1], a0,
                         a1);
        return;
    }
    refresh_caches(s, w, &w->fc, false, a0, a1);
    if (w->nmines) refresh_caches(s, w, &w->mc, true, a0, a1);
}

// The serial end of a shared tick: the greedy group, or ants.food_sense = free.
static void shared_share(const alAnts *s, swarm *w)
{
    if (w->gtarget) greedy_targets(s, w);
}

// One tick of the work unit [a0, a1) of width unit (CHUNK or AL_NN_BATCH).
static inline void unit_call(const alAnts *s, swarm *w, int a0, int a1, int unit)
{
    if (unit == CHUNK)
        tick32(s, w, a0, a1, true, 0);
    else
        tick16(s, w, a0, a1, true, 0);
}

// Whether a run of k shared-world ticks stops after tick t (from 0): a stop
// was asked for (stop.h) and ticks remain; the run then ends after this
// whole tick on every thread.
static bool stop_after(int t, int k)
{
    return t + 1 < k && alStop_Requested();
}

#ifdef ALIFE_HAVE_OPENMP
// The one-barrier tick of a scanning shared world (no greedy sharing), k
// ticks on the threads. A worker owns a fixed range of ants (whole 16-ant
// units, so whole cache lines) and its copy of the world's items and stream.
// A tick: it thinks, moves and scans its ants in its copy, and publishes
// those within reach of their nearest item (ccand, ncand, of this tick's
// parity); one barrier; then it resolves the whole tick's eating itself
// (claim_listed, reading every worker's candidates: a few ants, not a pass
// over all of them), respawning in its own copy from its own stream,
// so every copy stays the same; it credits and refreshes its own ants only.
// The next tick publishes into the other parity, which no worker still
// reading this one can see: the barrier after it comes first. The claims,
// respawns and answers are the serial step's, so the bits are too.
// Returns the ticks that ran: fewer (whole ticks) when a stop is asked for.
static int run_shared_scan(const alAnts *s, swarm *w, int k)
{
    int ran = k;
    int halt[2] = {0, 0}; // by parity, as ccand: written before a barrier, read after it
    alSpinBarrier tick_done; // the tick's barrier: a few microseconds apart (spin_barrier.h)
    for (int t = 0; t < w->ncopies; ++t) { // every copy starts as the world is
        world_copy *c = &w->copies[t];
        if (t > 0) {
            memcpy(c->fx, w->fx, (size_t)w->nfood * sizeof *w->fx);
            memcpy(c->fy, w->fy, (size_t)w->nfood * sizeof *w->fy);
            if (w->nmines) {
                memcpy(c->mx, w->mx, (size_t)w->nmines * sizeof *w->mx);
                memcpy(c->my, w->my, (size_t)w->nmines * sizeof *w->my);
            }
        }
        c->rng = w->wrng;
    }
#pragma omp parallel num_threads(w->ncopies)
    {
        const int T = omp_get_num_threads(), t = omp_get_thread_num();
#pragma omp single
        alSpinBarrier_Init(&tick_done, T);
        const int units = (w->n + AL_NN_BATCH - 1) / AL_NN_BATCH;
        const int a0 = t * units / T * AL_NN_BATCH;
        const int a1e = (t + 1) * units / T * AL_NN_BATCH, a1 = a1e < w->n ? a1e : w->n;
        world_copy *wc = &w->copies[t];
        near_cache *kc[2] = {&w->fc, &w->mc};
        const float reach2 = s->def.eat_radius * s->def.eat_radius;
        wc->a0 = a0;
        for (int tick = 0; tick < k; ++tick) {
            const int par = tick & 1;
            for (int a = a0; a < a1; a += CHUNK) {
                if (a1 - a > AL_NN_BATCH)
                    tick32(s, w, a, a + CHUNK < a1 ? a + CHUNK : a1, true, t);
                else
                    tick16(s, w, a, a1, true, t);
            }
            for (int m = 0; m < (w->nmines ? 2 : 1); ++m)
                wc->ncand[m][par] = list_claims(w, kc[m], reach2, a0, a1, w->ccand[m][par] + a0);
            if (t == 0) halt[par] = stop_after(tick, k);
            alSpinBarrier_Wait(&tick_done);
            for (int m = 0; m < (w->nmines ? 2 : 1); ++m) { // food first, then mines
                float *ix = m ? wc->mx : wc->fx, *iy = m ? wc->my : wc->fy;
                int *claim = wc->claim + (m ? w->nfood : 0);
                int moved = claim_listed(s, w, m, par, T, wc, a0, a1);
                scan_refresh(s, w, kc[m], m, ix, iy, claim, moved, a0, a1);
            }
            if (halt[par]) { // every worker leaves after the same whole tick
                if (t == 0) ran = tick + 1;
                break;
            }
        }
    }
    w->wrng = w->copies[0].rng; // copy 0 is the swarm's own items
    return ran;
}
#endif

// Runs k ticks of w on its threads (parallel) or on one, and returns how
// many ran: fewer (whole ticks) when a stop is asked for (stop.h) in the
// shared world, whose ticks end in a serial step where it is looked at (own
// worlds' chunks run on to k: their ticks have no common point, and a
// piece of the session's is short).
static int run_mode(const alAnts *s, swarm *w, int k, bool parallel)
{
    int ran = k;
    int unit = CHUNK; // ants per work unit: wide, unless threads would go without
#ifdef ALIFE_HAVE_OPENMP
    if (parallel && (w->n + CHUNK - 1) / CHUNK < s->threads) unit = AL_NN_BATCH;
#else
    (void)parallel;
#endif
    const int nchunks = (w->n + unit - 1) / unit;
    if (w->shared) {
#ifdef ALIFE_HAVE_OPENMP
        if (parallel && w->ncopies > 1) {
            ran = run_shared_scan(s, w, k);
        } else if (parallel) {
            // A tick's parallel passes, its serial eating, the parallel cache
            // refresh (and the greedy sharing, serial), k times in one
            // parallel region: three barriers a tick (four with sharing).
            // nmoved is written in the single and read after its barrier.
            // halt (and ran) are written in the single too: every thread
            // leaves after the same whole tick.
            int halt = 0;
#pragma omp parallel num_threads(s->threads)
            for (int t = 0; t < k; ++t) {
#pragma omp for schedule(static)
                for (int c = 0; c < nchunks; ++c) {
                    int a0 = c * unit, a1 = a0 + unit < w->n ? a0 + unit : w->n;
                    unit_call(s, w, a0, a1, unit); // eats nothing: that is the serial step
                }
#pragma omp single
                {
                    shared_eat(s, w);
                    if (stop_after(t, k)) {
                        halt = 1;
                        ran = t + 1;
                    }
                }
                if (w->nmoved[0] + w->nmoved[1]) {
#pragma omp for schedule(static)
                    for (int c = 0; c < nchunks; ++c) {
                        int a0 = c * unit, a1 = a0 + unit < w->n ? a0 + unit : w->n;
                        shared_refresh(s, w, a0, a1);
                    }
                }
                if (w->gtarget) {
#pragma omp single
                    shared_share(s, w);
                }
                if (halt) break;
            }
        } else
#endif
        {
            // One thread: the same passes without a team (whose barriers and
            // single cost ~10% of a tick even when alone).
            for (int t = 0; t < k; ++t) {
                for (int c = 0; c < nchunks; ++c) {
                    int a0 = c * unit, a1 = a0 + unit < w->n ? a0 + unit : w->n;
                    unit_call(s, w, a0, a1, unit);
                }
                shared_eat(s, w);
                shared_refresh(s, w, 0, w->n);
                shared_share(s, w);
                if (stop_after(t, k)) {
                    ran = t + 1;
                    break;
                }
            }
        }
    } else {
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(s->threads) if (parallel)
#endif
        for (int c = 0; c < nchunks; ++c) {
            int a0 = c * unit, a1 = a0 + unit < w->n ? a0 + unit : w->n;
            for (int t = 0; t < k; ++t)
                unit_call(s, w, a0, a1, unit);
        }
    }
    return ran;
}

// run_mode on the threads or on one, whichever is faster: fewer ticks than
// k when a stop is asked for (as run_mode).
static int run_ticks(const alAnts *s, swarm *w, int k)
{
#ifdef ALIFE_HAVE_OPENMP
    // Below a few thousand ant-ticks a fork costs more than it gains. Above,
    // a run's ticks are one short parallel region (about a millisecond)
    // closed by a barrier, and on a machine shared with other busy processes
    // that barrier often waits for a preempted partner (measured at load
    // ~2.7: 2 threads median 9.2M ant-steps/s, 1 thread 28.3M), so the pacer
    // times both ways as it goes, a try of the other way in slices of
    // TRY_TICKS. Only speed depends on it: the chunks are independent.
    const bool timed = s->threads > 1 && w->n > AL_NN_BATCH && (int64_t)w->n * k >= 4096;
    if (!timed) return run_mode(s, w, k, false);
    int done = 0;
    while (done < k) {
        const bool parallel = alPacer_Pick(&w->pacer);
        int piece = k - done;
        if (parallel != w->pacer.parallel && piece >= 2 * TRY_TICKS) piece = TRY_TICKS;
        const double t0 = omp_get_wtime();
        const int ran = run_mode(s, w, piece, parallel);
        alPacer_Report(&w->pacer, parallel, (omp_get_wtime() - t0) / ((double)w->n * ran));
        done += ran;
        if (ran < piece) break;
    }
    return done;
#else
    return run_mode(s, w, k, false);
#endif
}

// ---- generations ---------------------------------------------------------

// Fills n points (x[j], y[j]) drawn from *rng in the world, in index order.
static void random_points(alRng *rng, const alWorld *wd, float *x, float *y, int n)
{
    for (int j = 0; j < n; ++j) {
        alVec2 q = random_point(rng, wd);
        x[j] = q.x;
        y[j] = q.y;
    }
}

// Puts ant a at p heading h, at rest, with nothing eaten or hit yet.
static void place_ant(swarm *w, int a, alVec2 p, alVec2 h)
{
    w->x[a] = p.x;
    w->y[a] = p.y;
    w->lx[a] = h.x;
    w->ly[a] = h.y;
    w->speed[a] = 0.0f;
    w->odo[a] = 0.0f;
    w->fc.bound[a] = w->mc.bound[a] = -INFINITY; // look up on the first sense
    w->fc.second[a] = w->mc.second[a] = -INFINITY;
    w->food[a] = w->hits[a] = 0;
    w->alive[a] = 1;
    w->sfx[a] = w->sfy[a] = w->smx[a] = w->smy[a] = 0.0f;
}

// Places ant a at its start in a fresh copy of the world drawn from rng
// (which is advanced past the world; the copy keeps it for respawns).
static void start_ant(const alAnts *s, swarm *w, int a, alRng rng)
{
    const alWorld *wd = &s->def.world;
    alVec2 p = random_point(&rng, wd), h = random_heading(&rng);
    random_points(&rng, wd, w->fx + (size_t)a * w->nfood, w->fy + (size_t)a * w->nfood, w->nfood);
    if (w->nmines)
        random_points(&rng, wd, w->mx + (size_t)a * w->nmines, w->my + (size_t)a * w->nmines, w->nmines);
    place_ant(w, a, p, h);
    w->rng[a] = rng;
}

// The shared world of a generation from its stream: the food, the mines,
// then each ant's start (place, heading) in index order; the stream then
// serves the respawns.
static void start_shared(const alAnts *s, swarm *w, alRng rng)
{
    const alWorld *wd = &s->def.world;
    random_points(&rng, wd, w->fx, w->fy, w->nfood);
    random_points(&rng, wd, w->mx, w->my, w->nmines);
    for (int a = 0; a < w->n; ++a) {
        alVec2 p = random_point(&rng, wd), h = random_heading(&rng);
        place_ant(w, a, p, h);
    }
    w->wrng = rng;
}

// The first look around, before the first tick.
static void sense_all(const alAnts *s, swarm *w)
{
    for (int a0 = 0; a0 < w->n; a0 += CHUNK)
        sense(s, w, a0, a0 + CHUNK < w->n ? a0 + CHUNK : w->n, false, 0, CHUNK);
    if (w->shared) shared_share(s, w);
}

static void begin_generation(alAnts *s)
{
    swarm *w = &s->pop;
    if (s->algo.self) {
        int asked = alAlgorithm_Ask(s->algo); // opens the generation (CMA-ES samples it)
        assert(asked == w->n);
        (void)asked;
    }
    alRng world = alRng_Stream(s->seed, STREAM_WORLD + (uint64_t)s->gen);
    for (int a = 0; a < w->n; ++a) {
        if (s->neat) {
            // Only memory can fail here: a replay's genomes were checked at creation.
            alResult r = ants_neat_set(
                &s->nb, a, s->algo.self ? alAlgorithm_Candidate(s->algo, a) : s->nb.g[a], NULL);
            assert(r == AL_OK);
            (void)r;
        } else {
            alNN_Interleave(&s->def.brain, alAnts_Genome(s, a), a, w->wt, w->stride);
        }
        w->elite[a] = s->algo.self ? alAlgorithm_IsElite(s->algo, a) : 0;
        if (!w->shared) start_ant(s, w, a, world);
    }
    if (w->shared) start_shared(s, w, world);
    sense_all(s, w);
    s->tick = 0;
}

// Runs the greedy foragers of this generation: their mean food per ant into
// *mean, and their mean mines hit into *mines (they ignore mines: what a
// blind forager hits). False when a stop was asked for (stop.h) before or
// during its ticks (they are as many as a generation's), with nothing else
// changed: the next call starts it again.
static bool run_baseline(alAnts *s, double *mean, double *mines)
{
    swarm *w = &s->base;
    *mines = *mean = NAN;
    if (w->n == 0) return true;
    if (w->shared) // the population's world and starts, greedy ants in them
        start_shared(s, w, alRng_Stream(s->seed, STREAM_WORLD + (uint64_t)s->gen));
    else
        for (int b = 0; b < w->n; ++b)
            start_ant(
                s, w, b,
                alRng_Stream(s->seed, STREAM_BASELINE + (uint64_t)s->gen * 65536u + (uint64_t)b));
    sense_all(s, w);
    // In pieces (the same bits as all the ticks at once), so that own
    // worlds, whose ticks have no serial step to look from, stop soon too.
    enum { PIECE = 16 };
    for (int t = 0; t < s->def.ticks; t += PIECE) {
        int k = s->def.ticks - t < PIECE ? s->def.ticks - t : PIECE;
        if (alStop_Requested() || run_ticks(s, w, k) < k) return false;
    }
    double sum = 0, hits = 0;
    for (int b = 0; b < w->n; ++b) {
        sum += w->food[b];
        hits += w->hits[b];
    }
    *mines = hits / w->n;
    *mean = sum / w->n;
    return true;
}

// Bounded for any run length: the array grows to 2 * AL_ANTS_HISTORY_KEEP,
// then, when full, keeps its newer half (one move per KEEP generations).
static bool push_history(alAnts *s, const alAntsGen *g)
{
    if (s->hist_count == 2 * AL_ANTS_HISTORY_KEEP) {
        memmove(s->history, s->history + AL_ANTS_HISTORY_KEEP,
                AL_ANTS_HISTORY_KEEP * sizeof *s->history);
        s->hist_count = AL_ANTS_HISTORY_KEEP;
    }
    if (s->hist_count == s->hist_cap) {
        int cap = s->hist_cap ? 2 * s->hist_cap : 256;
        if (cap > 2 * AL_ANTS_HISTORY_KEEP) cap = 2 * AL_ANTS_HISTORY_KEEP;
        alAntsGen *h = realloc(s->history, (size_t)cap * sizeof *h);
        if (!h) return false;
        s->history = h;
        s->hist_cap = cap;
    }
    s->history[s->hist_count++] = *g;
    return true;
}

// Ramped up from 0 over mine_ramp generations: a curriculum, learn to
// forage first, then to avoid mines.
double alAntsDef_MinePenalty(const alAntsDef *d, int64_t gen)
{
    if (d->mine_ramp <= 0 || gen >= d->mine_ramp) return d->mine_penalty;
    return (double)d->mine_penalty * (double)gen / (double)d->mine_ramp;
}

// Ends the generation (false: a stop was asked for during its greedy
// baseline; then nothing changed and the next advance ends it again).
static bool end_generation(alAnts *s)
{
    double base_mean = NAN, base_mines = NAN;
    if (s->algo.self && !run_baseline(s, &base_mean, &base_mines)) return false;
    const double penalty = alAntsDef_MinePenalty(&s->def, s->gen);
    swarm *w = &s->pop;
    int64_t food_total = 0, hits_total = 0;
    for (int a = 0; a < w->n; ++a) {
        s->fitness[a] = (double)w->food[a] - penalty * w->hits[a];
        food_total += w->food[a];
        hits_total += w->hits[a];
    }
    alGenStats *st = &s->last;
    memset(st, 0, sizeof *st);
    st->gen = s->gen;
    alGenStats_FromFitness(st, s->fitness, w->n, false);
    st->evaluations = (s->gen + 1) * w->n;
    st->ticks = (s->gen + 1) * (int64_t)s->def.ticks;
    alAntsGen h = {.gen = s->gen,
                   .best = st->best,
                   .mean = st->mean,
                   .worst = st->worst,
                   .stddev = st->stddev,
                   .food_total = food_total,
                   .food_mean = (double)food_total / w->n,
                   .mines_mean = (double)hits_total / w->n};
    h.baseline_mines = base_mines;
    h.baseline_mean = base_mean;
    double odo = 0;
    for (int a = 0; a < w->n; ++a)
        odo += w->odo[a];
    h.distance_mean = odo / w->n;
    if (s->base.n) alGenStats_AddFigure(st, "baseline_mean", h.baseline_mean);
    alGenStats_AddFigure(st, "food_mean", h.food_mean);
    alGenStats_AddFigure(st, "distance_mean", h.distance_mean);
    if (s->def.mines) {
        alGenStats_AddFigure(st, "mines_mean", h.mines_mean);
        if (s->base.n) alGenStats_AddFigure(st, "baseline_mines", h.baseline_mines);
    }
    // The best of this generation (ties: the lower index, as the GA breaks them).
    int best = 0;
    for (int a = 1; a < w->n; ++a)
        if (s->fitness[a] > s->fitness[best]) best = a;
    const size_t nw = (size_t)s->nweights;
    if (s->neat) {
        (void)ants_neat_store(&s->nb, best, w->shared); // out of memory: nothing stored
    } else {
        memcpy(s->best, alAnts_Genome(s, best), nw * sizeof *s->best);
        if (w->shared) // then the whole generation, in ant order: what its replay needs
            for (int a = 0; a < w->n; ++a)
                memcpy(s->best + nw * (size_t)(1 + a), alAnts_Genome(s, a), nw * sizeof *s->best);
    }
    s->best_fitness = s->fitness[best];
    if (s->algo.self) {
        alAlgoStop why = alAlgorithm_Tell(s->algo, s->fitness);
        assert(why != AL_ALGO_ERROR); // negative fitness is shifted (validated in the def)
        (void)why;
        // The algorithm's own figures (GA: diversity; CMA-ES: sigma, ...), as many as fit.
        alGenStats as;
        if (alAlgorithm_LastStats(s->algo, &as))
            for (int k = 0; k < as.figure_count && st->figure_count < AL_MAX_FIGURES; ++k)
                alGenStats_AddFigure(st, as.figure_names[k], as.figures[k]);
    }
    (void)push_history(s, &h); // out of memory only loses the panel's list
    s->have_last = true;
    if (s->algo.self) s->gen++;
    begin_generation(s);
    return true;
}

bool alAnts_Advance(alAnts *s, int max_ticks)
{
    assert(max_ticks >= 1);
    int k = s->def.ticks - s->tick;
    if (k > max_ticks) k = max_ticks;
    // k is 0 at the end of a generation a stop cut short; fewer ticks run
    // than asked for when a stop comes during them.
    s->tick += k > 0 ? run_ticks(s, &s->pop, k) : 0;
    if (s->tick < s->def.ticks) return false;
    return end_generation(s);
}

bool alAnts_Step(alAnts *s)
{
    return alAnts_Advance(s, 1);
}

// ---- creation ------------------------------------------------------------

// A run (genome and neat NULL) or a replay of ngenomes genomes (ant a gets
// the a-th): weight vectors (genome) or NEAT genomes (neat).
static alResult create(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                       const alNeatGenome *neat, int ngenomes, alAnts **out, alError *err)
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
    s->far = 2.0f * (def->world.width + def->world.height);
    s->threads = alThreads_Resolve(def->threads);
    const bool shared = def->world_mode == AL_ANTS_SHARED;
    const bool replay = genome || neat;
    s->neat = def->algorithm == AL_ALGORITHM_NEAT;
    if (replay && (neat != NULL) != s->neat) {
        free(s);
        return alError_Set(err, AL_ERR_CONFIG, "replay of %s genomes, but run.algorithm = %s %s",
                           neat ? "NEAT" : "weight-vector", alAlgorithmId_Name(def->algorithm),
                           def->algorithm == AL_ALGORITHM_NEAT ? "makes NEAT genomes"
                                                               : "makes weight vectors");
    }
    int n = replay ? ngenomes : def->count;
    // The greedy group: baseline_ants in own worlds, or as many as the ants in
    // a shared world (the same crowding).
    int nbase = replay || def->baseline_ants == 0 ? 0 : shared ? def->count : def->baseline_ants;
    size_t nw = (size_t)s->nweights;
    bool ok = swarm_alloc(&s->pop, def, n, false, s->nweights, s->nneurons, s->threads) &&
              swarm_alloc(&s->base, def, nbase, true, 0, 0, s->threads) &&
              (s->fitness = calloc((size_t)n, sizeof *s->fitness)) != NULL &&
              (s->best = calloc(nw * (shared ? 1 + (size_t)n : 1), sizeof *s->best)) != NULL;
    if (ok && genome) {
        ok = (s->replay_genome = malloc(nw * (size_t)n * sizeof *genome)) != NULL;
        if (ok) memcpy(s->replay_genome, genome, nw * (size_t)n * sizeof *genome);
    }
    if (ok && s->neat) {
        ok = ants_neat_alloc(&s->nb, n, neat != NULL, def->brain.sizes[0], def->neat.recurrent,
                             def->neat.sigmoid_slope);
        s->pop.neat = &s->nb;
    }
    if (!ok) {
        alDestroyAnts(s);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory creating %d ants", n);
    }
    for (int a = 0; neat && a < n; ++a) { // a replay's genomes, checked here once
        r = ants_neat_set(&s->nb, a, &neat[a], err);
        if (r != AL_OK) {
            alDestroyAnts(s);
            return r;
        }
    }
    if (!replay) {
        alAlgorithmTask task = alAnts_AlgorithmTask(def);
        alAlgorithmDef ad = alAnts_AlgorithmDef(def);
        r = alCreateAlgorithm(&ad, &task, seed, &s->algo, err);
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
    return create(def, seed, 0, NULL, NULL, 0, out, err);
}

alResult alCreateAntsReplay(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                            alAnts **out, alError *err)
{
    assert(genome && gen >= 0);
    return create(def, seed, gen, genome, NULL, 1, out, err);
}

alResult alCreateAntsReplayAll(const alAntsDef *def, uint64_t seed, int64_t gen,
                               const float *genomes, int count, alAnts **out, alError *err)
{
    assert(genomes && gen >= 0 && count >= 1);
    return create(def, seed, gen, genomes, NULL, count, out, err);
}

alResult alCreateAntsReplayNeat(const alAntsDef *def, uint64_t seed, int64_t gen,
                                const alNeatGenome *genomes, int count, alAnts **out, alError *err)
{
    assert(genomes && gen >= 0 && count >= 1);
    return create(def, seed, gen, NULL, genomes, count, out, err);
}

size_t alAnts_StoredBytes(const alAntsDef *def)
{
    if (def->algorithm == AL_ALGORITHM_NEAT) return 0; // genomes of their own sizes
    size_t one = (size_t)alNN_WeightCount(&def->brain) * sizeof(float);
    return def->world_mode == AL_ANTS_SHARED ? one * (1 + (size_t)def->count) : one;
}

// A NEAT blob (ants.h): the best genome alone (own worlds), or the best and
// then every ant in ant order (shared): the replay of the ones that ran.
static alResult replay_neat(const alAntsDef *def, uint64_t seed, int64_t gen, const void *bytes,
                            size_t size, alAnts **out, alError *err)
{
    const bool shared = def->world_mode == AL_ANTS_SHARED;
    int count = shared ? 1 + def->count : 1;
    alNeatGenome *g = calloc((size_t)count, sizeof *g);
    if (!g)
        return alError_Set(err, AL_ERR_NOMEM, "out of memory replaying generation %lld",
                           (long long)gen);
    alResult r = ants_neat_split(bytes, size, count, g, gen, err);
    if (r == AL_OK)
        r = shared ? alCreateAntsReplayNeat(def, seed, gen, g + 1, def->count, out, err)
                   : alCreateAntsReplayNeat(def, seed, gen, g, 1, out, err);
    for (int k = 0; k < count; ++k)
        alNeatGenome_Free(&g[k]);
    free(g);
    return r;
}

alResult alCreateAntsReplayStored(const alAntsDef *def, uint64_t seed, int64_t gen,
                                  const void *bytes, size_t size, alAnts **out, alError *err)
{
    *out = NULL;
    if (def->algorithm == AL_ALGORITHM_NEAT)
        return replay_neat(def, seed, gen, bytes, size, out, err);
    size_t want = alAnts_StoredBytes(def);
    if (size != want)
        return alError_Set(err, AL_ERR_CONFIG,
                           "stored genome of generation %lld: %zu bytes, but ants.world = %s with "
                           "this brain and ants.count needs %zu",
                           (long long)gen, size,
                           def->world_mode == AL_ANTS_SHARED ? "shared" : "own", want);
    const size_t nw = (size_t)alNN_WeightCount(&def->brain);
    const bool shared = def->world_mode == AL_ANTS_SHARED;
    float *g = malloc(size);
    if (!g)
        return alError_Set(err, AL_ERR_NOMEM, "out of memory replaying generation %lld",
                           (long long)gen);
    memcpy(g, bytes, size); // the blob need not be aligned for floats
    alResult r = shared ? alCreateAntsReplayAll(def, seed, gen, g + nw, def->count, out, err)
                        : alCreateAntsReplay(def, seed, gen, g, out, err);
    free(g);
    return r;
}

alResult alAnts_ReplayStored(const alAntsDef *def, uint64_t seed, int64_t gen, const void *bytes,
                             size_t size, double *best, double *mean, alError *err)
{
    const bool shared = def->world_mode == AL_ANTS_SHARED;
    alAnts *s = NULL;
    alResult r = alCreateAntsReplayStored(def, seed, gen, bytes, size, &s, err);
    if (r != AL_OK) return r;
    while (!alAnts_Advance(s, s->def.ticks)) {
    }
    *best = s->best_fitness;
    if (mean) *mean = shared && s->have_last ? s->last.mean : NAN;
    alDestroyAnts(s);
    return AL_OK;
}

// The GA behind the run; NULL in a replay or under another algorithm.
static alGa *run_ga(alAnts *s)
{
    return s->algo.self ? alGa_FromAlgorithm(s->algo) : NULL;
}

alResult alAnts_Restore(alAnts *s, int64_t gen, const void *bytes, size_t size, alError *err)
{
    assert(gen >= 0 && bytes);
    alGa *ga = run_ga(s);
    if (!ga)
        return alError_Set(err, AL_ERR_CONFIG,
                           s->algo.self
                               ? "only a run.algorithm = ga run resumes from its stored population "
                                 "(generation %lld): another algorithm keeps state the run "
                                 "database does not store"
                               : "a replay cannot resume a run (generation %lld)",
                           (long long)gen);
    if (s->def.world_mode != AL_ANTS_SHARED)
        return alError_Set(err, AL_ERR_CONFIG,
                           "an own-world run (ants.world = own) stores one brain per generation, "
                           "its best ant's, not the %d ants of generation %lld the next is bred from",
                           s->def.count, (long long)gen);
    size_t want = alAnts_StoredBytes(&s->def);
    if (size != want)
        return alError_Set(err, AL_ERR_CONFIG,
                           "stored genome of generation %lld: %zu bytes, but ants.world = shared "
                           "with this brain and ants.count needs %zu",
                           (long long)gen, size, want);
    const size_t nw = (size_t)s->nweights;
    float *g = malloc(nw * sizeof *g);
    if (!g)
        return alError_Set(err, AL_ERR_NOMEM, "out of memory resuming generation %lld",
                           (long long)gen);
    for (int a = 0; a < s->pop.n; ++a) { // after the best: every ant, in order
        memcpy(g, (const unsigned char *)bytes + (1 + (size_t)a) * nw * sizeof *g, nw * sizeof *g);
        alGa_SetGenome(ga, a, g);
    }
    free(g);
    alGa_SetGeneration(ga, gen);
    s->gen = gen;
    s->hist_count = 0;
    s->have_last = false;
    begin_generation(s);
    return AL_OK;
}

void alDestroyAnts(alAnts *s)
{
    if (!s) return;
    swarm_free(&s->pop);
    swarm_free(&s->base);
    ants_neat_free(&s->nb);
    alDestroyAlgorithm(s->algo);
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
    return s->neat ? NULL : s->best;
}

const void *alAnts_LastStored(const alAnts *s, size_t *bytes)
{
    *bytes = 0;
    if (!s->have_last) return NULL;
    if (s->neat) {
        *bytes = s->nb.blob_n;
        return s->nb.blob_n ? s->nb.blob : NULL;
    }
    *bytes = alAnts_StoredBytes(&s->def);
    return s->best;
}

const alNeat *alAnts_Neat(const alAnts *s)
{
    return s->neat && s->algo.self ? (const alNeat *)s->algo.self : NULL;
}

const alNeatGenome *alAnts_NeatGenome(const alAnts *s, int i, const double **values)
{
    assert(i >= 0 && i < s->pop.n);
    if (!s->neat) return NULL;
    if (values) *values = s->nb.net[i].value;
    return s->nb.g[i];
}

void alAnts_View(const alAnts *s, alAntsView *v)
{
    const swarm *w = &s->pop;
    *v = (alAntsView){.count = w->n,
                      .gen = s->gen,
                      .tick = s->tick,
                      .ticks = s->def.ticks,
                      .x = w->x,
                      .y = w->y,
                      .lx = w->lx,
                      .ly = w->ly,
                      .speed = w->speed,
                      .food = w->food,
                      .mines_hit = w->hits,
                      .alive = w->alive,
                      .elite = w->elite};
}

int alAnts_Threads(const alAnts *s)
{
    return s->threads;
}

int alAnts_Food(const alAnts *s, int i, const float **x, const float **y)
{
    assert(i >= 0 && i < s->pop.n);
    if (s->pop.shared) i = 0;
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
    if (s->pop.shared) i = 0;
    *x = s->pop.mx + (size_t)i * s->pop.nmines;
    *y = s->pop.my + (size_t)i * s->pop.nmines;
    return s->pop.nmines;
}

void alAnts_Sensed(const alAnts *s, int i, int kind, float *ux, float *uy)
{
    assert(i >= 0 && i < s->pop.n && (kind == 0 || kind == 1));
    *ux = kind ? s->pop.smx[i] : s->pop.sfx[i];
    *uy = kind ? s->pop.smy[i] : s->pop.sfy[i];
}

const alNNLayout *alAnts_Layout(const alAnts *s)
{
    return &s->def.brain;
}

const float *alAnts_Genome(const alAnts *s, int i)
{
    assert(i >= 0 && i < s->pop.n);
    if (s->neat) return NULL;
    return s->algo.self ? alAlgorithm_Candidate(s->algo, i)
                        : s->replay_genome + (size_t)i * (size_t)s->nweights;
}

void alAnts_Activations(const alAnts *s, int i, float *act)
{
    assert(i >= 0 && i < s->pop.n);
    for (int j = 0; j < s->nneurons; ++j)
        act[j] = s->pop.act[(size_t)j * s->pop.stride + i];
}

const alAntsDef *alAnts_Def(const alAnts *s)
{
    return &s->def;
}
alAlgorithm alAnts_Algorithm(alAnts *s)
{
    return s->algo;
}

int64_t alAnts_ParallelRuns(const alAnts *s, int64_t *runs)
{
    if (runs) *runs = s->pop.pacer.runs;
    return s->pop.pacer.parallel_runs;
}

// ---- memory estimate -------------------------------------------------------

// What swarm_alloc allocates: the per-ant rows (see swarm), each ant's own
// copy of the food and mines, its weights and activations.
static double swarm_bytes(const alAntsDef *def, int n, bool greedy, int nweights, int nneurons)
{
    double s = (double)((n + CHUNK - 1) / CHUNK * CHUNK) + 1.0;
    double per_ant = 11.0 * sizeof(float) + 2.0 * (CACHE_K * sizeof(int) + 10.0 * sizeof(float)) +
                     3.0 * sizeof(int) + 2.0 + sizeof(alRng); // ... touch, alive, elite
    double items = 2.0 * (double)def->food + (def->mines ? 2.0 * (double)def->mine_count : 0.0);
    double brain = greedy ? 0.0 : (double)nweights + (double)nneurons;
    double claims = def->food + (def->mines ? def->mine_count : 0); // food's, then the mines'
    // the serial step's claims: held and items of each, a candidate per ant
    double serial = def->world_mode == AL_ANTS_SHARED
                        ? claims * (sizeof(int) + sizeof(float)) + s * sizeof(ant_claim)
                        : 0.0;
    // a shared greedy group's assignment: a target per ant, its scratch
    double assign = (greedy || def->food_sense == AL_FOOD_FREE) && def->world_mode == AL_ANTS_SHARED
                        ? s * sizeof(int) + (2.0 * def->food + n) * (sizeof(int) + sizeof(float))
                        : 0.0;
    // a scanning shared world on threads: a copy of the items and claims per worker, the
    // published candidates
    const int threads = alThreads_Resolve(def->threads);
    bool scan = def->world_mode == AL_ANTS_SHARED && def->food <= AL_ANTS_SCAN_MAX &&
                (!def->mines || def->mine_count <= AL_ANTS_SCAN_MAX) && assign == 0.0 && threads > 1;
    double copies = scan ? threads * (items * sizeof(float) +
                                      claims * (2.0 * sizeof(int) + sizeof(float)) + 128.0) +
                               4.0 * s * sizeof(ant_claim)
                         : 0.0;
    return s * (per_ant + sizeof(float) * (items + brain)) + claims * sizeof(int) + serial + assign +
           copies;
}

double alAnts_EstimateBytes(const alAntsDef *def)
{
    int nw = alNN_WeightCount(&def->brain), nn = alNN_NeuronCount(&def->brain);
    alGaDef ga = def->ga;
    ga.type = AL_GENOME_FLOATS;
    ga.population = def->count;
    ga.length = nw;
    // CMA-ES: C, B and their scratch (n x n each), lambda candidates as doubles and floats
    // NEAT: genomes of the run's size grow with it; a few hundred genes each,
    // three copies (this generation, the next, the nets), is typical
    double algo = def->algorithm == AL_ALGORITHM_CMAES
                      ? 8.0 * ((double)nw * nw * 4.0 + (double)def->count * nw * 3.0)
                  : def->algorithm == AL_ALGORITHM_NEAT ? 3.0 * (double)def->count * 256.0 * 32.0
                                                        : alGa_EstimateBytes(&ga);
    // as alCreateAnts: a shared world's greedy group is as big as the population
    bool shared = def->world_mode == AL_ANTS_SHARED;
    int nbase = def->baseline_ants == 0 ? 0 : shared ? def->count : def->baseline_ants;
    return sizeof(alAnts) + swarm_bytes(def, def->count, false, nw, nn) +
           swarm_bytes(def, nbase, true, 0, 0) + (double)def->count * sizeof(double) +
           (double)nw * (shared ? 1.0 + def->count : 1.0) * sizeof(float) + algo +
           2.0 * AL_ANTS_HISTORY_KEEP * sizeof(alAntsGen);
}
