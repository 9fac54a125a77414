// The neural ants: networks, sensing, the greedy baseline, learning,
// determinism across thread counts, exact replay, and bad configs.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/nn.h"
#include "alife/rng.h"
#include "alife/runquery.h"
#include "session.h"

// ---- networks ------------------------------------------------------------

static double sigmoid(double a, double response) { return 1.0 / (1.0 + exp(-a / response)); }

static void nn_forward_matches_hand_computed_values(void **state)
{
    (void)state;
    // 2 inputs, 2 hidden, 1 output; genome = [w00 w01 b0 | w10 w11 b1 | v0 v1 c].
    alNNLayout l = {.layer_count = 3, .sizes = {2, 2, 1}, .activation = AL_ACT_SIGMOID,
                    .response = 1.0f};
    const float w[] = {0.5f, -1.0f, 0.25f, 2.0f, 0.75f, -0.5f, 1.5f, -2.0f, 0.1f};
    const float in[] = {0.3f, -0.8f};
    float act[5];
    const float *out = alNN_Forward(&l, w, in, act);
    double h0 = sigmoid(0.5 * 0.3 + -1.0 * -0.8 + 0.25, 1); // sigmoid(1.2)
    double h1 = sigmoid(2.0 * 0.3 + 0.75 * -0.8 + -0.5, 1); // sigmoid(-0.5)
    double o = sigmoid(1.5 * h0 - 2.0 * h1 + 0.1, 1);
    assert_true(fabs(act[0] - 0.3) < 1e-7 && fabs(act[1] + 0.8) < 1e-7);
    assert_true(fabs(act[2] - h0) < 1e-6);
    assert_true(fabs(act[3] - h1) < 1e-6);
    assert_true(fabs(out[0] - o) < 1e-6);
    assert_ptr_equal(out, &act[4]);
    // The same with tanh and a response of 2: tanh(a / 2).
    l.activation = AL_ACT_TANH;
    l.response = 2.0f;
    alNN_Forward(&l, w, in, act);
    double t0 = tanh(1.2 / 2), t1 = tanh(-0.5 / 2), to = tanh((1.5 * t0 - 2.0 * t1 + 0.1) / 2);
    assert_true(fabs(act[2] - t0) < 1e-6);
    assert_true(fabs(act[3] - t1) < 1e-6);
    assert_true(fabs(act[4] - to) < 1e-6);
}

static void nn_exp_is_accurate_and_saturates(void **state)
{
    (void)state;
    for (double x = -80; x <= 80; x += 0.0137) {
        double e = exp((double)(float)x), got = alNN_Exp((float)x);
        assert_true(fabs(got - e) <= 2e-7 * e);
    }
    assert_true(isfinite(alNN_Exp(1000.0f)) && alNN_Exp(1000.0f) > 1e37f);
    assert_true(alNN_Exp(-1000.0f) >= 0.0f && alNN_Exp(-1000.0f) < 1e-37f);
    // Saturated neurons stay finite and in range.
    alNNLayout l = alDefaultNNLayout();
    float w[44], act[12], in[4] = {1e6f, -1e6f, 1e6f, 1e6f};
    for (int i = 0; i < 44; ++i) w[i] = (i % 2) ? 50.0f : -50.0f;
    const float *o = alNN_Forward(&l, w, in, act);
    assert_true(o[0] >= 0.0f && o[0] <= 1.0f && o[1] >= 0.0f && o[1] <= 1.0f);
}

static void nn_weight_count_is_the_genome_length(void **state)
{
    (void)state;
    alNNLayout l = alDefaultNNLayout();
    assert_int_equal(alNN_WeightCount(&l), 6 * (4 + 1) + 2 * (6 + 1));
    assert_int_equal(alNN_NeuronCount(&l), 12);
    assert_int_equal(alNN_LayerOffset(&l, 2), 10);
    alNNLayout d = {.layer_count = 4, .sizes = {6, 8, 4, 2}, .response = 1.0f};
    assert_int_equal(alNN_WeightCount(&d), 8 * 7 + 4 * 9 + 2 * 5);
    // The GA genome of an ants run with that brain has exactly that length.
    alAntsDef def = alDefaultAntsDef();
    def.mines = true;
    def.brain = d;
    def.count = 10;
    def.ticks = 50;
    def.baseline_ants = 0;
    alAnts *ants = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(&def, 3, &ants, &err), AL_OK);
    while (!alAnts_Step(ants)) {
    }
    size_t bytes = 0;
    const void *g = alAntsModule.best_genome(ants, &bytes);
    assert_non_null(g);
    // The shared world (the default) stores the best and then all 10 genomes.
    assert_int_equal(bytes, (size_t)alNN_WeightCount(&d) * sizeof(float) * 11);
    alDestroyAnts(ants);
    def.world_mode = AL_ANTS_OWN; // own worlds: the best genome alone
    assert_int_equal(alCreateAnts(&def, 3, &ants, &err), AL_OK);
    while (!alAnts_Step(ants)) {
    }
    g = alAntsModule.best_genome(ants, &bytes);
    assert_non_null(g);
    assert_int_equal(bytes, (size_t)alNN_WeightCount(&d) * sizeof(float));
    alDestroyAnts(ants);
}

static void nn_batch_is_bit_identical_to_single_passes(void **state)
{
    (void)state;
    alRng rng = alRng_Stream(7, 1);
    // A generic layout with both activations, and the Smart Sweepers 4-6-2
    // sigmoid (its own fast path) with a steep response, so the exp's clamps
    // at +-87 are hit too.
    const alNNLayout layouts[] = {
        {.layer_count = 4, .sizes = {5, 7, 3, 2}, .activation = AL_ACT_SIGMOID, .response = 0.8f},
        {.layer_count = 4, .sizes = {5, 7, 3, 2}, .activation = AL_ACT_TANH, .response = 0.8f},
        {.layer_count = 3, .sizes = {4, 6, 2}, .activation = AL_ACT_SIGMOID, .response = 0.3f},
        {.layer_count = 3, .sizes = {4, 6, 2}, .activation = AL_ACT_SIGMOID, .response = 0.05f},
    };
    for (size_t li = 0; li < sizeof layouts / sizeof layouts[0]; ++li) {
        const alNNLayout l = layouts[li];
        enum { STRIDE = 32 };
        int nw = alNN_WeightCount(&l), nn = alNN_NeuronCount(&l);
        float *genomes = malloc(sizeof(float) * nw * STRIDE);
        float *wt = calloc((size_t)nw * STRIDE, sizeof(float));
        float *act = calloc((size_t)nn * STRIDE, sizeof(float));
        float single[64];
        for (int n = 1; n <= STRIDE; n += (n < AL_NN_BATCH ? 15 : 1)) {
            for (int a = 0; a < n; ++a) {
                for (int i = 0; i < nw; ++i) genomes[a * nw + i] = alRng_Range(&rng, -3, 3);
                alNN_Interleave(&l, genomes + a * nw, a, wt, STRIDE);
                for (int i = 0; i < l.sizes[0]; ++i) act[i * STRIDE + a] = alRng_Range(&rng, -1, 1);
            }
            alNN_ForwardBatch(&l, wt, n, STRIDE, act);
            for (int a = 0; a < n; ++a) {
                float in[8];
                for (int i = 0; i < l.sizes[0]; ++i) in[i] = act[i * STRIDE + a];
                alNN_Forward(&l, genomes + a * nw, in, single);
                for (int j = 0; j < nn; ++j) assert_memory_equal(&single[j], &act[j * STRIDE + a], sizeof(float));
            }
        }
        free(genomes);
        free(wt);
        free(act);
    }
}

static void nn_check_rejects_bad_layouts(void **state)
{
    (void)state;
    alError err = {0};
    alNNLayout l = alDefaultNNLayout();
    l.sizes[1] = 0;
    assert_int_equal(alNN_Check(&l, "ants.hidden", &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "ants.hidden"));
    assert_non_null(strstr(err.msg, "width 0"));
    l = alDefaultNNLayout();
    l.response = 0.0f;
    assert_int_equal(alNN_Check(&l, "brain", &err), AL_ERR_CONFIG);
    l = alDefaultNNLayout();
    assert_int_equal(alNN_Check(&l, "brain", &err), AL_OK);
}

// ---- the simulation ------------------------------------------------------

static alAntsDef small_def(void)
{
    alAntsDef d = alDefaultAntsDef();
    d.count = 20;
    d.ticks = 500;
    d.baseline_ants = 4;
    d.threads = 1;
    return d;
}

static alAnts *make(const alAntsDef *def, uint64_t seed)
{
    alAnts *ants = NULL;
    alError err = {0};
    alResult r = alCreateAnts(def, seed, &ants, &err);
    if (r != AL_OK) fprintf(stderr, "alCreateAnts: %s\n", err.msg);
    assert_int_equal(r, AL_OK);
    return ants;
}

static void run_gens(alAnts *ants, int gens)
{
    for (int g = 0; g < gens; ++g)
        while (!alAnts_Advance(ants, 100000)) {
        }
}

// The figure names an ants run gives before its first generation ends are
// those its statistics carry, in their order (the algorithm's own, e.g. the
// GA's diversity, come after them with the first statistics): a window can
// name what Tab plots before then.
static void figure_names_before_the_first_generation_match_its_statistics(void **state)
{
    (void)state;
    for (int mines = 0; mines < 2; ++mines) {
        alAntsDef def = small_def();
        def.mines = mines;
        alAnts *ants = make(&def, 5);
        const char *names[AL_MAX_FIGURES];
        int n = alAntsModule.figure_names(ants, names, AL_MAX_FIGURES);
        assert_int_equal(n, mines ? 5 : 3);
        run_gens(ants, 1);
        alGenStats st;
        assert_true(alAnts_LastStats(ants, &st));
        assert_true(st.figure_count >= n);
        for (int k = 0; k < n; ++k)
            assert_string_equal(names[k], st.figure_names[k]);
        alDestroyAnts(ants);
    }
}

static alVec2 wrapped(const alWorld *w, float x, float y, float fx, float fy)
{
    return alWorld_Delta(w, alV2(x, y), alV2(fx, fy));
}

// The food vector an ant feeds its brain points at its nearest food item, as
// a brute-force search over its copy of the world finds it; likewise mines.
// Both worlds: the shared one's caches must survive items other ants eat.
// many: more items than the shared world scans (AL_ANTS_SCAN_MAX), so its
// ants keep caches that the items other ants eat must not fool.
static void check_sensed_vectors(bool many)
{
    for (int edge = 0; edge < 6; ++edge) {
        alAntsDef def = small_def();
        def.world_mode = edge < 3 ? AL_ANTS_SHARED : AL_ANTS_OWN;
        def.mines = true;
        def.brain.sizes[0] = AL_ANTS_SENSORS_MINES;
        def.world.edge = (alEdgePolicy)(edge % 3);
        def.ticks = 400;
        if (many) {
            def.food = 90;
            def.mine_count = 80;
        }
        alAnts *ants = make(&def, (many ? 21 : 11) + (uint64_t)edge);
        int checked = 0;
        for (int t = 0; t < 399; ++t) {
            alAnts_Step(ants);
            alAntsView v;
            alAnts_View(ants, &v);
            for (int a = 0; a < v.count; ++a) {
                for (int kind = 0; kind < 2; ++kind) {
                    const float *ix, *iy;
                    int n = kind ? alAnts_Mines(ants, a, &ix, &iy) : alAnts_Food(ants, a, &ix, &iy);
                    float best = INFINITY, second = INFINITY;
                    alVec2 bd = {0, 0};
                    for (int j = 0; j < n; ++j) {
                        alVec2 d = wrapped(&def.world, v.x[a], v.y[a], ix[j], iy[j]);
                        float d2 = d.x * d.x + d.y * d.y;
                        if (d2 < best) {
                            second = best;
                            best = d2;
                            bd = d;
                        } else if (d2 < second) {
                            second = d2;
                        }
                    }
                    if (sqrtf(second) - sqrtf(best) < 1e-3f) continue; // a tie: either is right
                    float sx, sy;
                    alAnts_Sensed(ants, a, kind, &sx, &sy);
                    float len = sqrtf(best);
                    if (!(fabsf(sx - bd.x / len) < 1e-4f)) fprintf(stderr, "edge %d t %d a %d kind %d\n", edge, t, a, kind);
                    assert_true(fabsf(sx - bd.x / len) < 1e-4f);
                    assert_true(fabsf(sy - bd.y / len) < 1e-4f);
                    ++checked;
                }
                // Never outside the world, whatever the edge policy.
                assert_true(v.x[a] >= 0 && v.x[a] <= def.world.width);
                assert_true(v.y[a] >= 0 && v.y[a] <= def.world.height);
                assert_true(fabsf(v.lx[a] * v.lx[a] + v.ly[a] * v.ly[a] - 1.0f) < 1e-4f);
                assert_true(v.speed[a] >= 0 && v.speed[a] <= def.max_speed + 1e-6f);
            }
        }
        assert_true(checked > 10000);
        alDestroyAnts(ants);
    }
}

static void sensed_vectors_point_at_the_nearest_items(void **state)
{
    (void)state;
    check_sensed_vectors(false);
}

static void sensed_vectors_point_at_the_nearest_of_many_items(void **state)
{
    (void)state;
    check_sensed_vectors(true);
}

// The shared world: every ant sees the same items; each tick, the items that
// moved are exactly the ones eaten (one per meal: no item feeds two ants),
// each eaten from within eat_radius by the nearest claimant; the ants start
// at different places.
static void in_the_shared_world_eaten_food_is_gone_for_all(void **state)
{
    (void)state;
    alAntsDef def = small_def();
    def.world_mode = AL_ANTS_SHARED;
    def.count = 40;
    def.food = 25;
    def.mines = true;
    def.mine_count = 30;
    def.brain.sizes[0] = AL_ANTS_SENSORS_MINES;
    alAnts *ants = make(&def, 31);
    alAntsView v;
    alAnts_View(ants, &v);
    int distinct = 0;
    for (int a = 1; a < v.count; ++a) distinct += v.x[a] != v.x[0] || v.y[a] != v.y[0];
    assert_int_equal(distinct, v.count - 1);
    float fx[64], fy[64], px[64], py[64];
    int food[64], hits[64], meals = 0, blasts = 0;
    for (int t = 0; t < def.ticks - 1; ++t) {
        const float *ix, *iy;
        int n = alAnts_Food(ants, 0, &ix, &iy);
        assert_int_equal(n, def.food);
        for (int a = 1; a < v.count; ++a) {
            const float *jx, *jy;
            alAnts_Food(ants, a, &jx, &jy);
            assert_ptr_equal(jx, ix); // one world
        }
        memcpy(fx, ix, sizeof(float) * n);
        memcpy(fy, iy, sizeof(float) * n);
        alAnts_View(ants, &v);
        memcpy(food, v.food, sizeof(int) * v.count);
        memcpy(hits, v.mines_hit, sizeof(int) * v.count);
        alAnts_Step(ants);
        alAnts_View(ants, &v);
        memcpy(px, v.x, sizeof(float) * v.count);
        memcpy(py, v.y, sizeof(float) * v.count);
        int moved = 0, ate = 0;
        for (int j = 0; j < n; ++j) moved += fx[j] != ix[j] || fy[j] != iy[j];
        for (int a = 0; a < v.count; ++a) {
            int d = v.food[a] - food[a];
            assert_true(d == 0 || d == 1);
            ate += d;
            if (d) {
                // it stood within reach of an item that then moved away
                bool near = false;
                for (int j = 0; j < n; ++j) {
                    alVec2 dd = wrapped(&def.world, px[a], py[a], fx[j], fy[j]);
                    if ((fx[j] != ix[j] || fy[j] != iy[j]) &&
                        dd.x * dd.x + dd.y * dd.y <= def.eat_radius * def.eat_radius)
                        near = true;
                }
                assert_true(near);
            }
            blasts += v.mines_hit[a] - hits[a];
        }
        assert_int_equal(moved, ate);
        meals += ate;
    }
    assert_true(meals > 20); // random brains: 33 meals and 25 mines hit with this seed
    assert_true(blasts > 0);
    alDestroyAnts(ants);
}

// FNV-1a over the bits of every generation's fitness and food figures.
static uint64_t history_hash(const alAnts *ants)
{
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    uint64_t x = 1469598103934665603ULL;
    for (int i = 0; i < n; ++i) {
        double v[] = {h[i].best, h[i].mean, h[i].worst, h[i].stddev, h[i].food_mean, h[i].mines_mean,
                      h[i].distance_mean};
        const unsigned char *b = (const unsigned char *)v;
        for (size_t k = 0; k < sizeof v; ++k) x = (x ^ b[k]) * 1099511628211ULL;
    }
    return x;
}

// Pinned runs of both worlds (no greedy baseline: it uses libm's atan2f). A
// change here means the random streams, the sensing or the eating rule of a
// world changed: say why in the commit.
static void shared_and_own_runs_are_pinned(void **state)
{
    (void)state;
    const uint64_t pinned[2] = {0xfc2423e923f303afULL, 0x73b47c3da3e16b76ULL};
    for (int mode = 0; mode < 2; ++mode) {
        alAntsDef def = small_def();
        def.world_mode = (alAntsWorldMode)mode;
        def.mines = true;
        def.brain.sizes[0] = AL_ANTS_SENSORS_MINES;
        def.baseline_ants = 0;
        def.count = 24;
        alAnts *ants = make(&def, 1234);
        run_gens(ants, 6);
        uint64_t h = history_hash(ants);
        if (h != pinned[mode]) fprintf(stderr, "world %d: hash 0x%016llxULL\n", mode, (unsigned long long)h);
        assert_true(h == pinned[mode]);
        alDestroyAnts(ants);
    }
}

static void greedy_baseline_collects_food(void **state)
{
    (void)state;
    alAntsDef def = small_def();
    def.ticks = 2000;
    def.count = 10;
    alAnts *ants = make(&def, 5);
    run_gens(ants, 1);
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    assert_int_equal(n, 1);
    // 2000 ticks at 2 units/tick over 40 items in 400 x 400: a greedy forager
    // eats an item every ~60-80 ticks.
    assert_true(h[0].baseline_mean > 15.0);
    // Random brains do far worse.
    assert_true(h[0].food_mean < h[0].baseline_mean);
    alGenStats st;
    assert_true(alAnts_LastStats(ants, &st));
    assert_string_equal(st.figure_names[0], "baseline_mean");
    assert_true(st.figures[0] == h[0].baseline_mean);
    alDestroyAnts(ants);
}

static double mean_food(const alAntsGen *h, int from, int to)
{
    double s = 0;
    for (int g = from; g < to; ++g) s += h[g].food_mean;
    return s / (to - from);
}

static void a_seeded_population_learns_to_forage(void **state)
{
    (void)state;
    alAntsDef def = alDefaultAntsDef();
    def.ticks = 1000;
    def.baseline_ants = 2;
    alAnts *ants = make(&def, 2);
    run_gens(ants, 30);
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    double first = h[0].food_mean, last = mean_food(h, 25, 30);
    // A clear rise: from wandering brains to foragers that find food on purpose.
    assert_true(last > 3.0 * first + 2.0);
    // Well above the first generations' mean (seed 2: ~5.8 food at 0-2,
    // ~26 at 25-29), and against a fixed yardstick, not the run's own mean:
    // over 40% of what the greedy group, which knows where all food and all
    // foragers are and splits the food up, eats in the same generations
    // (~54; 30 generations of 1000 ticks are early days).
    assert_true(last > 3.0 * mean_food(h, 0, 3));
    double greedy = 0;
    for (int g = 25; g < 30; ++g) greedy += h[g].baseline_mean / 5;
    assert_true(last > 0.4 * greedy);
    alDestroyAnts(ants);
}

// With two threads the pacer tries one thread now and then (alife/pacer.h);
// with long generations a try is a few slices of a generation, not whole
// generations on one thread (a 40-generation bench spent 6 on one thread).
// Each slice is a run of its own: a generation with a try is several runs.
static void a_pacer_try_is_a_slice_of_a_generation(void **state)
{
    (void)state;
    alAntsDef def = small_def();
    def.count = 40;
    def.ticks = 2000;
    def.threads = 2;
    enum { GENS = 3 };
    alAnts *ants = make(&def, 5);
    run_gens(ants, GENS);
    int64_t runs = -1, parallel = alAnts_ParallelRuns(ants, &runs);
#ifdef ALIFE_HAVE_OPENMP
    // The first try comes in the third run: its 3 runs (one a warm-up) and
    // the rest of that generation, one run more; a try ends early at a
    // stall (a loaded machine's clock), so only the warm-up and one timed
    // slice are certain: at least GENS + 2 (whole generations gave GENS).
    assert_true(runs >= GENS + 2);
    assert_true(parallel >= 1 && parallel <= runs);
#else
    assert_int_equal(runs, 0);
    (void)parallel;
#endif
    alDestroyAnts(ants);
}

static void statistics_do_not_depend_on_the_thread_count(void **state)
{
    (void)state;
    for (int mode = 0; mode < 3; ++mode) { // shared, own, shared with mines that stop ants
    alAntsDef def = small_def();
    def.world_mode = mode == 1 ? AL_ANTS_OWN : AL_ANTS_SHARED;
    def.mines = true;
    if (mode == 2) def.mine_hit = AL_MINE_END;
    def.count = 37; // several work units, the last one partial
    enum { GENS = 12 };
    alAntsGen hist[2][GENS];
    for (int t = 0; t < 2; ++t) {
        def.threads = t + 1;
        alAnts *ants = make(&def, 9);
        run_gens(ants, GENS);
        int n;
        const alAntsGen *h = alAnts_History(ants, &n);
        assert_int_equal(n, GENS);
        memcpy(hist[t], h, sizeof hist[t]);
        // With 2 threads each generation's pass picks 2 or 1 by speed: the
        // first 2 use 2, the third always tries 1 (alife/pacer.h: a try's
        // warm-up), so both kinds are compared here. How many more use 2
        // depends on the clock (a try ends at a stall, a loaded machine may
        // switch to 1), so only those bounds are certain.
        int64_t runs = -1, parallel = alAnts_ParallelRuns(ants, &runs);
#ifdef ALIFE_HAVE_OPENMP
        assert_int_equal(runs, t ? GENS : 0);
        if (t) assert_true(parallel >= 2 && parallel <= GENS - 1);
        else assert_int_equal(parallel, 0);
#else
        assert_int_equal(runs, 0);
        assert_int_equal(parallel, 0);
#endif
        alDestroyAnts(ants);
    }
    assert_memory_equal(hist[0], hist[1], sizeof hist[0]);
    // Stepping tick by tick gives the same as whole generations at once.
    def.threads = 2;
    alAnts *ants = make(&def, 9);
    for (int g = 0; g < GENS; ++g)
        while (!alAnts_Step(ants)) {
        }
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    assert_memory_equal(hist[0], h, sizeof hist[0]);
    alDestroyAnts(ants);
    }
}

static void replaying_a_stored_genome_reproduces_its_fitness(void **state)
{
    (void)state;
    for (int mines = 0; mines < 2; ++mines) {
        alAntsDef def = small_def();
        def.world_mode = AL_ANTS_OWN; // one genome alone replays exactly in its own world
        def.mines = mines;
        def.mine_hit = AL_MINE_END;
        def.mine_ramp = 3; // the penalty of generation g is 5 * g / 3: replay must use g's
        def.brain.sizes[0] = mines ? AL_ANTS_SENSORS_MINES : AL_ANTS_SENSORS_FOOD;
        def.threads = 2;
        alAnts *ants = make(&def, 21);
        int nw = alNN_WeightCount(&def.brain);
        float *genome = malloc(sizeof(float) * nw);
        for (int g = 0; g < 5; ++g) {
            run_gens(ants, 1);
            double logged;
            const float *best = alAnts_LastBest(ants, &logged);
            assert_non_null(best);
            int n;
            const alAntsGen *h = alAnts_History(ants, &n);
            assert_true(logged == h[n - 1].best);
            memcpy(genome, best, sizeof(float) * nw);
            double replayed = NAN;
            alError err = {0};
            assert_int_equal(alAnts_Replay(&def, 21, g, genome, &replayed, &err), AL_OK);
            assert_true(replayed == logged);
            // Another generation's world gives (almost surely) another score.
            if (g > 0) {
                double other;
                assert_int_equal(alAnts_Replay(&def, 21, g - 1, genome, &other, &err), AL_OK);
            }
        }
        free(genome);
        alDestroyAnts(ants);
    }
}

static void a_ramped_mine_penalty_starts_at_zero(void **state)
{
    (void)state;
    alAntsDef def = small_def();
    def.mines = true;
    def.mine_count = 150;
    def.mine_penalty = 10.0f;
    def.mine_ramp = 2;
    alAnts *ants = make(&def, 8);
    run_gens(ants, 3);
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    // generation 0: penalty 0, so the mean fitness is the mean food;
    // generation 1: half the penalty; generation 2: all of it.
    for (int g = 0; g < 3; ++g) {
        double pen = 10.0 * (g < 2 ? g / 2.0 : 1.0);
        assert_true(h[g].mines_mean > 0);
        assert_true(fabs(h[g].mean - (h[g].food_mean - pen * h[g].mines_mean)) < 1e-9);
    }
    alDestroyAnts(ants);
}

static void mines_cost_fitness_and_end_mode_stops_the_ant(void **state)
{
    (void)state;
    alAntsDef def = small_def();
    def.mines = true;
    def.mine_count = 150; // dense: random ants surely hit some
    def.brain.sizes[0] = AL_ANTS_SENSORS_MINES;
    def.mine_penalty = 2.5f;
    for (int mode = 0; mode < 2; ++mode) {
        def.mine_hit = (alMineHit)mode;
        alAnts *ants = make(&def, 4);
        int stopped = 0;
        float px[64], py[64];
        uint8_t was_alive[64];
        memset(was_alive, 1, sizeof was_alive);
        for (int t = 0; t < def.ticks - 1; ++t) {
            alAnts_Step(ants);
            alAntsView v;
            alAnts_View(ants, &v);
            for (int a = 0; a < v.count; ++a) {
                if (mode == AL_MINE_END) {
                    assert_true(v.mines_hit[a] <= 1);
                    assert_int_equal(v.alive[a], v.mines_hit[a] == 0);
                    // stopped since an earlier tick: it has not moved since
                    if (!was_alive[a]) assert_true(v.x[a] == px[a] && v.y[a] == py[a] && v.speed[a] == 0.0f);
                    stopped += !v.alive[a];
                    was_alive[a] = v.alive[a];
                    px[a] = v.x[a];
                    py[a] = v.y[a];
                } else {
                    assert_int_equal(v.alive[a], 1);
                }
            }
        }
        alAntsView v;
        alAnts_View(ants, &v);
        double expect_best = -INFINITY;
        for (int a = 0; a < v.count; ++a) {
            double f = v.food[a] - 2.5 * v.mines_hit[a];
            if (f > expect_best) expect_best = f;
        }
        alAnts_Step(ants); // ends the generation
        int n;
        const alAntsGen *h = alAnts_History(ants, &n);
        assert_true(h[0].mines_mean > 0);
        assert_true(h[0].best == expect_best);
        if (mode == AL_MINE_END) assert_true(stopped > 0);
        alDestroyAnts(ants);
    }
}

// The ants config of the embedded defaults with n overrides.
static alConfig *ants_config(const char *const *sets, int n)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "ants";
    cd.sets = sets;
    cd.set_count = n;
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, &err);
    if (!cfg) fprintf(stderr, "config: %s\n", err.msg);
    assert_non_null(cfg);
    return cfg;
}

// The chain the GUI's B key uses: a run logged to the database, its stored
// genomes loaded back, each replayed in its generation's world: own worlds,
// the best ant alone; the shared world, the whole generation together (its
// best and its mean both exact).
static void stored_run_replays_exactly(const char *world)
{
    char db[] = "/tmp/alife-test-ants-XXXXXX";
    int fd = mkstemp(db);
    assert_true(fd >= 0);
    close(fd);
    unlink(db); // a fresh database is created at this (unique) path
    const char *sets[] = {"ants.ticks=300", "ants.count=12", "ants.mines=true", "run.generations=4",
                          "run.seed=77", world};
    alError err = {0};
    alConfig *cfg = ants_config(sets, 6);
    alAntsDef def;
    assert_int_equal(alAntsDef_FromConfig(&def, cfg, &err), AL_OK);
    const bool shared = def.world_mode == AL_ANTS_SHARED;
    al_session s;
    assert_int_equal(al_session_open(&s, cfg, db, "replay-test", &err), AL_OK);
    int64_t run_id = s.run_id;
    while (!al_session_done(&s)) assert_true(al_session_step(&s, &err) >= 0);
    al_session_close(&s, "finished");

    alRunLog *log = NULL;
    alRunData *run = NULL;
    assert_int_equal(alRunLog_OpenReadOnly(db, &log, &err), AL_OK);
    assert_int_equal(alRunLog_LoadRun(log, run_id, true, &run, &err), AL_OK);
    assert_int_equal(run->gen_count, 4);
    assert_int_equal(run->genome_count, 4);
    const size_t one = (size_t)alNN_WeightCount(&def.brain) * sizeof(float);
    for (int64_t i = 0; i < run->genome_count; ++i) {
        const alRunGenome *g = &run->genomes[i];
        assert_int_equal(g->size, shared ? one * 13 : one);
        assert_int_equal(g->size, alAnts_StoredBytes(&def));
        double best = NAN, mean = NAN;
        assert_int_equal(alAnts_ReplayStored(&def, 77, g->gen, g->bytes, g->size, &best, &mean, &err), AL_OK);
        assert_true(best == g->fitness);
        assert_true(best == run->gens[g->gen].best);
        if (shared) {
            assert_true(mean == run->gens[g->gen].mean);
            // The best ant alone in the shared world is not the logged generation:
            // the others' meals changed its food.
            double alone = NAN;
            float genome[256];
            memcpy(genome, g->bytes, one);
            assert_int_equal(alAnts_Replay(&def, 77, g->gen, genome, &alone, &err), AL_OK);
            // a blob of the other kind is refused with both sizes named
            alAntsDef own = def;
            own.world_mode = AL_ANTS_OWN;
            assert_int_equal(alAnts_ReplayStored(&own, 77, g->gen, g->bytes, g->size, &best, NULL, &err),
                             AL_ERR_CONFIG);
            assert_non_null(strstr(err.msg, "ants.world = own"));
        } else {
            assert_true(isnan(mean));
            float genome[256];
            memcpy(genome, g->bytes, g->size);
            double replayed = NAN;
            assert_int_equal(alAnts_Replay(&def, 77, g->gen, genome, &replayed, &err), AL_OK);
            assert_true(replayed == g->fitness);
        }
    }
    alDestroyRunData(run);
    alRunLog_Close(log);
    char side[64];
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; ++i) {
        snprintf(side, sizeof side, "%s%s", db, suffix[i]);
        unlink(side);
    }
}

static void genomes_stored_in_the_run_database_replay_exactly(void **state)
{
    (void)state;
    stored_run_replays_exactly("ants.world=own");
    stored_run_replays_exactly("ants.world=shared");
}

// ---- bad input -----------------------------------------------------------

static alResult try_config(const char *const *sets, int n, alError *err)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "ants";
    cd.sets = sets;
    cd.set_count = n;
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, err);
    if (!cfg) return err->code;
    alAntsDef def;
    alResult r = alAntsDef_FromConfig(&def, cfg, err);
    alDestroyConfig(cfg);
    return r;
}

// Runs the ants module through the session: tick by tick (al_session_step, as
// the GUI's normal speed could) or as al_session_run does (step_many: up to a
// generation per call, one parallel region), with `threads` workers; copies
// the history, the last statistics and the tick the run stopped at.
static const char *session_world = "ants.world=shared";

static void session_ants(bool tick_by_tick, int threads, const char *limit, alAntsGen *hist,
                         int *count, alGenStats *last, int *tick)
{
    char th[32];
    snprintf(th, sizeof th, "run.threads=%d", threads);
    const char *sets[] = {"ants.ticks=300", "ants.count=37", "ants.mines=true",
                          "ants.baseline_ants=3", "run.seed=5", th, limit, session_world};
    alError err = {0};
    alConfig *cfg = ants_config(sets, 8);
    al_session s;
    assert_int_equal(al_session_open(&s, cfg, NULL, "paths", &err), AL_OK);
    if (tick_by_tick) {
        while (!al_session_done(&s)) assert_true(al_session_step(&s, &err) >= 0);
    } else {
        assert_string_equal(al_session_run(&s, NULL, NULL, &err), "finished");
    }
    const alAntsGen *h = alAnts_History(s.mod, count);
    assert_true(*count <= 4);
    memcpy(hist, h, (size_t)*count * sizeof *h);
    assert_true(s.have_last);
    *last = s.last;
    alAntsView v;
    alAnts_View(s.mod, &v);
    *tick = v.tick;
    al_session_close(&s, "finished");
}

// Whole generations at once (step_many) give bit for bit what tick-by-tick
// stepping gives, with 1 and 2 threads, and run.generations / run.steps stop
// the run exactly (run.steps mid-generation).
static void step_many_matches_tick_by_tick_with_1_and_2_threads(void **state)
{
    (void)state;
    const char *limits[] = {"run.generations=3", "run.steps=700"};
    const int gens[] = {3, 2}, ticks[] = {0, 100};
    for (int k = 0; k < 4; ++k) {
        session_world = k < 2 ? "ants.world=shared" : "ants.world=own";
        alAntsGen ref[4], h[4];
        alGenStats ref_last, last;
        int ref_n, n, ref_tick, tick;
        memset(ref, 0, sizeof ref);
        session_ants(true, 1, limits[k % 2], ref, &ref_n, &ref_last, &ref_tick);
        assert_int_equal(ref_n, gens[k % 2]);
        assert_int_equal(ref_tick, ticks[k % 2]);
        for (int path = 0; path < 3; ++path) {
            memset(h, 0, sizeof h);
            // tick by tick with 2 threads; step_many with 1, then 2 threads
            session_ants(path == 0, path == 2 ? 1 : 2, limits[k % 2], h, &n, &last, &tick);
            assert_int_equal(n, ref_n);
            assert_int_equal(tick, ref_tick);
            assert_memory_equal(h, ref, (size_t)n * sizeof *h);
            assert_int_equal(last.gen, ref_last.gen);
            assert_int_equal(last.ticks, ref_last.ticks);
            assert_int_equal(last.figure_count, ref_last.figure_count);
            double a[4] = {last.best, last.mean, last.worst, last.stddev};
            double b[4] = {ref_last.best, ref_last.mean, ref_last.worst, ref_last.stddev};
            assert_memory_equal(a, b, sizeof a);
            assert_memory_equal(last.figures, ref_last.figures, sizeof last.figures);
        }
    }
}

static void expect_config_error(const char *set, const char *key, const char *value)
{
    alError err = {0};
    const char *sets[] = {set};
    alResult r = try_config(sets, 1, &err);
    if (r != AL_ERR_CONFIG || !strstr(err.msg, key) || !strstr(err.msg, value))
        fprintf(stderr, "%s -> %d '%s'\n", set, r, err.msg);
    assert_int_equal(r, AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, key));
    assert_non_null(strstr(err.msg, value));
}

static void bad_configs_are_refused_with_the_key_and_value(void **state)
{
    (void)state;
    expect_config_error("ants.count=0", "ants.count", "0");
    expect_config_error("ants.hidden=6,0", "ants.hidden", "width 0");
    expect_config_error("ants.hidden=0", "ants.hidden", "width 0");
    expect_config_error("ants.hidden=6,,4", "ants.hidden", "6,,4");
    expect_config_error("ants.hidden=six", "ants.hidden", "six");
    expect_config_error("ants.inputs=5", "ants.inputs", "5");
    expect_config_error("ants.ticks=-5", "ants.ticks", "-5");
    expect_config_error("ants.mine_penalty=lots", "ants.mine_penalty", "lots");
    expect_config_error("ants.mine_penalty=nan", "ants.mine_penalty", "nan");
    expect_config_error("ants.max_turn=2", "ants.max_turn", "2");
    expect_config_error("ga.elites=30", "ga.elites", "30");
    expect_config_error("ants.mine_ramp=-1", "ants.mine_ramp", "-1");
    // Six inputs are fine once mines are on; the defaults are valid.
    alError err = {0};
    const char *ok[] = {"ants.mines=true", "ants.inputs=6"};
    assert_int_equal(try_config(ok, 2, &err), AL_OK);
    assert_int_equal(try_config(NULL, 0, &err), AL_OK);
    // A def that bypasses the config is checked too.
    alAntsDef def = alDefaultAntsDef();
    def.count = 0;
    alAnts *ants = (alAnts *)&def; // must be reset to NULL on failure
    assert_int_equal(alCreateAnts(&def, 1, &ants, &err), AL_ERR_CONFIG);
    assert_null(ants);
    assert_non_null(strstr(err.msg, "ants.count"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nn_forward_matches_hand_computed_values),
        cmocka_unit_test(figure_names_before_the_first_generation_match_its_statistics),
        cmocka_unit_test(nn_exp_is_accurate_and_saturates),
        cmocka_unit_test(nn_weight_count_is_the_genome_length),
        cmocka_unit_test(nn_batch_is_bit_identical_to_single_passes),
        cmocka_unit_test(nn_check_rejects_bad_layouts),
        cmocka_unit_test(sensed_vectors_point_at_the_nearest_items),
        cmocka_unit_test(sensed_vectors_point_at_the_nearest_of_many_items),
        cmocka_unit_test(in_the_shared_world_eaten_food_is_gone_for_all),
        cmocka_unit_test(shared_and_own_runs_are_pinned),
        cmocka_unit_test(a_pacer_try_is_a_slice_of_a_generation),
        cmocka_unit_test(greedy_baseline_collects_food),
        cmocka_unit_test(a_seeded_population_learns_to_forage),
        cmocka_unit_test(statistics_do_not_depend_on_the_thread_count),
        cmocka_unit_test(replaying_a_stored_genome_reproduces_its_fitness),
        cmocka_unit_test(mines_cost_fitness_and_end_mode_stops_the_ant),
        cmocka_unit_test(a_ramped_mine_penalty_starts_at_zero),
        cmocka_unit_test(genomes_stored_in_the_run_database_replay_exactly),
        cmocka_unit_test(step_many_matches_tick_by_tick_with_1_and_2_threads),
        cmocka_unit_test(bad_configs_are_refused_with_the_key_and_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
