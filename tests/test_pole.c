// The cart-pole simulator (src/tasks/cartpole.c) and the pole-balancing task
// (src/tasks/pole*.c): derivatives and RK4 steps against values computed
// independently (by hand in Python, and by the classic single-pole
// equations of Barto et al. integrated here), the direction an unforced pole
// falls, the failure bounds, the controller's shape, the damping fitness, the
// generalisation starts, the module solving the double pole with the same
// result on 1 and 2 threads, and bad config values.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/cartpole.h"
#include "alife/config.h"
#include "alife/module.h"
#include "alife/pole.h"

// Derivatives of the double pole at one state, computed by hand (Python,
// double precision, libm) from Wieland's equations with the benchmark's
// constants: x = 0.1, x' = 0.2, θ1 = 0.07, θ1' = -0.1, θ2 = -0.05, θ2' = 0.3, F = 5 N.
static void test_derivs_match_hand_values(void **state)
{
    (void)state;
    alCartPoleDef d = alDefaultCartPoleDef();
    double st[6] = {0.1, 0.2, 0.07, -0.1, -0.05, 0.3}, out[6];
    alCartPole_Derivs(&d, st, 5.0, out);
    assert_float_equal(out[0], 0.2, 1e-15);
    assert_float_equal(out[1], 4.81807316781893, 1e-12);
    assert_float_equal(out[2], -0.1, 1e-15);
    assert_float_equal(out[3], -6.1812447059151605, 1e-12);
    assert_float_equal(out[4], 0.3, 1e-15);
    assert_float_equal(out[5], -79.54571534720706, 1e-11);
}

// The classic single pole (Barto, Sutton and Anderson 1983; Florian 2007),
// frictionless, written from its own textbook form: an independent check of
// the Wieland form the simulator uses (they are the same physics).
static void barto_derivs(const double *s, double f, double *d)
{
    const double g = 9.8, mc = 1.0, mp = 0.1, l = 0.5, mt = mc + mp;
    double c = cos(s[2]), sn = sin(s[2]);
    double tmp = (f + mp * l * s[3] * s[3] * sn) / mt;
    double thacc = (g * sn - c * tmp) / (l * (4.0 / 3.0 - mp * c * c / mt));
    d[0] = s[1];
    d[1] = tmp - mp * l * thacc * c / mt;
    d[2] = s[3];
    d[3] = thacc;
}

static void barto_rk4(double *s, double f, double h)
{
    double k1[4], k2[4], k3[4], k4[4], t[4];
    barto_derivs(s, f, k1);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + 0.5 * h * k1[i];
    barto_derivs(t, f, k2);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + 0.5 * h * k2[i];
    barto_derivs(t, f, k3);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + h * k3[i];
    barto_derivs(t, f, k4);
    for (int i = 0; i < 4; ++i) s[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static void test_single_pole_rk4_matches_independent_integration(void **state)
{
    (void)state;
    alCartPoleDef d = alDefaultCartPoleDef();
    d.poles = 1;
    d.hinge_friction = 0;
    alCartPoleState st = {{0.3, -0.2, 0.1, 0.4, 0, 0}};
    double ref[4] = {0.3, -0.2, 0.1, 0.4};
    for (int k = 0; k < 25; ++k) {
        double action = k % 3 == 0 ? 0.7 : -0.4; // a few different pushes
        alCartPole_Step(&d, &st, action);
        for (int j = 0; j < d.substeps; ++j) barto_rk4(ref, action * d.force, d.dt);
        for (int i = 0; i < 4; ++i) assert_float_equal(st.s[i], ref[i], 1e-10);
    }
    // And the motion is real: 25 steps of 0.02 s moved the state.
    assert_true(fabs(st.s[2] - 0.1) > 1e-3);
}

// One RK4 step written out by hand from the derivative function: checks the
// integrator's weights (1, 2, 2, 1)/6 and half steps on the double pole.
static void test_double_pole_rk4_step_by_hand(void **state)
{
    (void)state;
    alCartPoleDef d = alDefaultCartPoleDef();
    double y[6] = {0.1, 0.2, 0.07, -0.1, -0.05, 0.3}, k1[6], k2[6], k3[6], k4[6], t[6], out[6];
    double f = -3.0, h = 0.01;
    alCartPole_Derivs(&d, y, f, k1);
    for (int i = 0; i < 6; ++i) t[i] = y[i] + h / 2 * k1[i];
    alCartPole_Derivs(&d, t, f, k2);
    for (int i = 0; i < 6; ++i) t[i] = y[i] + h / 2 * k2[i];
    alCartPole_Derivs(&d, t, f, k3);
    for (int i = 0; i < 6; ++i) t[i] = y[i] + h * k3[i];
    alCartPole_Derivs(&d, t, f, k4);
    alCartPole_Rk4(&d, y, f, out);
    for (int i = 0; i < 6; ++i)
        assert_float_equal(out[i], y[i] + h * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) / 6, 1e-15);
    // Euler would be off by O(h^2): the step is not a plain Euler step.
    assert_true(fabs(out[5] - (y[5] + h * k1[5])) > 1e-6);
}

// No force, a small lean towards +x: the pole falls further that way, ever
// faster, and pushes the cart back (-x); the mirror image is exact.
static void test_unforced_pole_falls_the_right_way(void **state)
{
    (void)state;
    alCartPoleDef d = alDefaultCartPoleDef();
    d.poles = 1;
    alCartPoleState a = {{0, 0, 0.01, 0, 0, 0}}, b = {{0, 0, -0.01, 0, 0, 0}};
    double prev = 0.01, prev_w = 0;
    for (int k = 0; k < 40; ++k) {
        alCartPole_Step(&d, &a, 0);
        alCartPole_Step(&d, &b, 0);
        assert_true(a.s[2] > prev);
        assert_true(a.s[3] > prev_w);
        prev = a.s[2];
        prev_w = a.s[3];
        for (int i = 0; i < 4; ++i) assert_true(b.s[i] == -a.s[i]);
    }
    assert_true(a.s[0] < 0);
    assert_true(a.s[1] < 0);
    // A push towards +x makes a pole that stands upright lean towards -x.
    alCartPoleState c = {{0}};
    alCartPole_Step(&d, &c, 1.0);
    assert_true(c.s[1] > 0 && c.s[3] < 0);
}

static void test_failure_bounds(void **state)
{
    (void)state;
    alCartPoleDef d = alDefaultCartPoleDef();
    double lim = 36.0 * 3.14159265358979323846 / 180.0;
    alCartPoleState s = {{2.4, 0, 0, 0, 0, 0}};
    assert_false(alCartPole_Failed(&d, &s));
    s.s[0] = -2.4001;
    assert_true(alCartPole_Failed(&d, &s));
    s.s[0] = 0;
    s.s[2] = lim - 1e-9;
    assert_false(alCartPole_Failed(&d, &s));
    s.s[2] = -(lim + 1e-9);
    assert_true(alCartPole_Failed(&d, &s));
    s.s[2] = 0;
    s.s[4] = lim + 1e-9; // the short pole counts with two poles only
    assert_true(alCartPole_Failed(&d, &s));
    d.poles = 1;
    assert_false(alCartPole_Failed(&d, &s));
    // A step that crosses the bound reports the failure.
    alCartPoleState e = {{2.39, 1.0, 0, 0, 0, 0}};
    assert_false(alCartPole_Step(&d, &e, 1.0));
}

static void test_defaults_agree_with_the_schema(void **state)
{
    (void)state;
    alPoleDef p = alDefaultPoleDef(AL_POLE_DOUBLE);
    alCartPoleDef c = alDefaultCartPoleDef();
    assert_int_equal(p.cart.poles, c.poles);
    assert_true(p.cart.track == c.track && p.cart.cart_mass == c.cart_mass);
    for (int i = 0; i < 2; ++i)
        assert_true(p.cart.pole_length[i] == c.pole_length[i] && p.cart.pole_mass[i] == c.pole_mass[i]);
    assert_true(p.cart.hinge_friction == c.hinge_friction && p.cart.gravity == c.gravity);
    assert_true(p.cart.force == c.force && p.cart.dt == c.dt && p.cart.substeps == c.substeps);
    assert_true(p.cart.fail_angle == c.fail_angle);
    assert_true(p.start_angle == 0.07 && p.max_steps == 100000 && !p.damping && !p.recurrent);
    alPoleDef n = alDefaultPoleDef(AL_POLE_DOUBLE_NOVEL);
    assert_true(n.damping && n.recurrent && n.generalisation && n.damping_steps == 1000);
    assert_false(p.generalisation);
    assert_int_equal(alDefaultPoleDef(AL_POLE_SINGLE).cart.poles, 1);
}

static void test_weight_counts(void **state)
{
    (void)state;
    alPoleDef d = alDefaultPoleDef(AL_POLE_DOUBLE);
    assert_int_equal(alPole_WeightCount(&d), 6); // Igel's single-layer net
    d.bias = true;
    assert_int_equal(alPole_WeightCount(&d), 7);
    alPoleDef n = alDefaultPoleDef(AL_POLE_DOUBLE_NOVEL);
    assert_int_equal(alPole_WeightCount(&n), 3 + 1); // x, θ1, θ2 and its own last output
    n.hidden = 2;
    assert_int_equal(alPole_WeightCount(&n), 3 * 3 + 3 * 3 + 2);
    alPoleDef s = alDefaultPoleDef(AL_POLE_SINGLE);
    assert_int_equal(alPole_WeightCount(&s), 4);
}

// A controller that never pushes: the pole falls within 100 steps, so the
// damping fitness is 0.1 t / 1000 exactly; a pushing one steers the cart.
static void test_zero_controller_fitness(void **state)
{
    (void)state;
    alPoleDef d = alDefaultPoleDef(AL_POLE_DOUBLE_NOVEL);
    float w[8] = {0};
    int64_t steps = -1;
    double f = alPole_Fitness(&d, w, &steps);
    assert_true(steps > 5 && steps < 100);
    assert_float_equal(f, 0.1 * (double)steps / 1000.0, 1e-15);
    alPoleDef m = alDefaultPoleDef(AL_POLE_DOUBLE);
    int64_t ms = -1;
    double mf = alPole_Fitness(&m, w, &ms);
    assert_float_equal(mf, (double)ms, 0);
    assert_int_equal(ms, steps); // same physics, same fall without a push
    assert_false(alPole_Balances(&m, w));
}

static void test_generalisation_starts(void **state)
{
    (void)state;
    alCartPoleState c = alPole_GeneralisationStart(312); // every variable at 0.5: the centre
    for (int i = 0; i < 6; ++i) assert_float_equal(c.s[i], 0, 1e-15);
    alCartPoleState a = alPole_GeneralisationStart(0);
    assert_float_equal(a.s[0], -0.9 * 2.16, 1e-12);
    assert_float_equal(a.s[1], -0.9 * 1.35, 1e-12);
    assert_float_equal(a.s[2], -0.9 * 3.6 * 3.14159265358979323846 / 180, 1e-12);
    assert_float_equal(a.s[3], -0.9 * 8.6 * 3.14159265358979323846 / 180, 1e-12);
    alCartPoleState z = alPole_GeneralisationStart(624);
    assert_float_equal(z.s[0], 0.9 * 2.16, 1e-12);
    assert_float_equal(z.s[3], 0.9 * 8.6 * 3.14159265358979323846 / 180, 1e-12);
    alPoleDef d = alDefaultPoleDef(AL_POLE_DOUBLE);
    float w[6] = {0};
    // No push balances only the 5 starts at rest and upright (x anywhere):
    // an exact equilibrium, and nothing else.
    assert_int_equal(alPole_Generalisation(&d, w), 5);
    for (int k = 310; k <= 314; ++k) {
        alCartPoleState r = alPole_GeneralisationStart(k);
        assert_true(r.s[1] == 0 && r.s[2] == 0 && r.s[3] == 0);
    }
}

static alConfig *config(const char *const *sets, int n, alError *err)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "pole";
    cd.sets = sets;
    cd.set_count = n;
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, err);
    return cfg;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

// Steps a module to its end (at most limit generations), hashing every
// generation's statistics (and figures); returns the generations.
static int64_t step_and_hash(const alModuleClass *m, void *mod, int64_t limit, bool figures, uint64_t *h)
{
    int64_t gens = 0;
    while (!m->finished(mod) && gens < limit) {
        assert_true(m->step(mod));
        alGenStats s;
        assert_true(m->last_stats(mod, &s));
        double v[4] = {s.best, s.mean, s.stddev, (double)s.evaluations};
        *h = fnv(*h, v, sizeof v);
        if (figures) *h = fnv(*h, s.figures, (size_t)s.figure_count * sizeof s.figures[0]);
        gens++;
    }
    return gens;
}

// Runs the module to its end; returns generations and fills a hash of every
// generation's statistics and the final controller.
static int64_t run_module(const char *threads, uint64_t seed, uint64_t *hash, bool *solved)
{
    const char *sets[] = {threads, "cmaes.lambda=16"};
    alError err = {0};
    alConfig *cfg = config(sets, 2, &err);
    assert_non_null(cfg);
    const alModuleClass *m = alModule_Find("pole");
    assert_non_null(m);
    void *mod = NULL;
    assert_int_equal(m->create(cfg, seed, &mod, &err), AL_OK);
    uint64_t h = 1469598103934665603ull;
    int64_t gens = step_and_hash(m, mod, 300, false, &h);
    int n = 0;
    const float *w = alPoleRun_Best(mod, &n);
    assert_int_equal(n, 6);
    h = fnv(h, w, sizeof(float) * 6);
    *solved = alPoleRun_Solved(mod, NULL, NULL);
    if (*solved) assert_string_equal(m->stop_reason(mod), "solved");
    if (*solved) assert_true(alPole_Balances(alPoleRun_Def(mod), w)); // the reported solution is one
    m->destroy(mod);
    alDestroyConfig(cfg);
    *hash = h;
    return gens;
}

static void test_module_solves_double_pole_same_on_1_and_2_threads(void **state)
{
    (void)state;
    uint64_t h1, h2;
    bool s1, s2;
    int64_t g1 = run_module("run.threads=1", 3, &h1, &s1);
    int64_t g2 = run_module("run.threads=2", 3, &h2, &s2);
    assert_true(s1 && s2);
    assert_int_equal(g1, g2);
    assert_true(h1 == h2);
    uint64_t h3;
    bool s3;
    run_module("run.threads=1", 4, &h3, &s3);
    assert_true(h3 != h1); // the seed matters
}

// NEAT on the double pole: the module's statistics (NEAT's species figure
// among them) and its stored best genome hashed over a whole run.
static int64_t run_neat_module(const char *threads, uint64_t seed, uint64_t *hash, bool *solved)
{
    const char *sets[] = {threads, "run.algorithm=neat"};
    alError err = {0};
    alConfig *cfg = config(sets, 2, &err);
    assert_non_null(cfg);
    const alModuleClass *m = alModule_Find("pole");
    void *mod = NULL;
    assert_int_equal(m->create(cfg, seed, &mod, &err), AL_OK);
    uint64_t h = 1469598103934665603ull;
    int64_t gens = step_and_hash(m, mod, 150, true, &h);
    int n = -1;
    assert_null(alPoleRun_Best(mod, &n)); // no weight vector under NEAT
    assert_int_equal(n, 0);
    size_t bytes = 0;
    const unsigned char *g = m->best_genome(mod, &bytes);
    assert_non_null(g);
    assert_memory_equal(g, "NEAT", 4); // the stored format of neat.h
    h = fnv(h, g, bytes);
    *solved = alPoleRun_Solved(mod, NULL, NULL);
    if (*solved) { // the reported solution is one
        bool rec = true;
        double slope = 0;
        const alNeatGenome *best = alPoleRun_BestGenome(mod, &rec, &slope);
        assert_non_null(best);
        assert_false(rec); // the double pole with velocities: feed-forward
        alNeatNet net = {0};
        assert_int_equal(alNeatNet_Build(&net, best, rec, slope, NULL), AL_OK);
        assert_true(alPole_NetBalances(alPoleRun_Def(mod), &net));
        alNeatNet_Free(&net);
    }
    m->destroy(mod);
    alDestroyConfig(cfg);
    *hash = h;
    return gens;
}

static void test_neat_solves_double_pole_same_on_1_and_2_threads(void **state)
{
    (void)state;
    uint64_t h1, h2, h3;
    bool s1, s2, s3;
    int64_t g1 = run_neat_module("run.threads=1", 2, &h1, &s1);
    int64_t g2 = run_neat_module("run.threads=2", 2, &h2, &s2);
    assert_true(s1 && s2);
    assert_int_equal(g1, g2);
    assert_true(h1 == h2);
    run_neat_module("run.threads=1", 3, &h3, &s3);
    assert_true(h3 != h1); // the seed matters
}

// A NEAT net and the weight vector it equals give the same trial: the
// minimal genome (inputs and bias straight to the sigmoid output) pushes
// (2 sigmoid(4.9 a) - 1) F = tanh(2.45 a) F, Igel's net with weights 2.45 w.
static void test_neat_net_drives_the_cart_like_the_weight_vector_it_equals(void **state)
{
    (void)state;
    alPoleDef d = alDefaultPoleDef(AL_POLE_DOUBLE);
    alNeatGenome g = {0};
    g.inputs = 6;
    g.outputs = 1;
    g.bias = true;
    g.node_count = g.node_cap = 8;
    g.conn_count = g.conn_cap = 6;
    g.nodes = calloc(8, sizeof *g.nodes);
    g.conns = calloc(6, sizeof *g.conns);
    for (int i = 0; i < 8; ++i)
        g.nodes[i] = (alNeatNode){i, (uint8_t)(i < 6 ? AL_NEAT_INPUT : i == 6 ? AL_NEAT_BIAS : AL_NEAT_OUTPUT)};
    const double w[6] = {0.3, 0.4, -2.0, -0.3, 1.5, -0.2};
    float fw[6];
    for (int i = 0; i < 6; ++i) {
        g.conns[i] = (alNeatConn){i, i, 7, w[i], true};
        fw[i] = (float)(2.45 * w[i]);
    }
    alNeatNet net = {0};
    assert_int_equal(alNeatNet_Build(&net, &g, false, 4.9, NULL), AL_OK);
    alPoleTrial a, b;
    alPoleTrial_Start(&d, &a, NULL);
    alPoleTrial_Start(&d, &b, NULL);
    for (int k = 0; k < 50; ++k) {
        bool ok_a = alPoleTrial_StepNet(&d, &net, &a), ok_b = alPoleTrial_Step(&d, fw, &b);
        assert_true(ok_a == ok_b);
        if (!ok_a) break;
        // float weights round 2.45 w: the pushes agree to float precision
        assert_float_equal(a.push, b.push, 1e-6);
        assert_float_equal(a.cart.s[0], b.cart.s[0], 1e-5);
    }
    assert_true(a.steps > 0);
    assert_true(a.push != 0);
    alNeatNet_Free(&net);
    alNeatGenome_Free(&g);
}

static void test_bad_values_name_key_and_range(void **state)
{
    (void)state;
    alError err = {0};
    const char *bad_variant[] = {"pole.variant=triple"};
    assert_null(config(bad_variant, 1, &err));
    assert_non_null(strstr(err.msg, "pole.variant"));
    assert_non_null(strstr(err.msg, "triple"));
    assert_non_null(strstr(err.msg, "single|double|double_novel"));
    const char *bad_sigma[] = {"cmaes.sigma0=0"};
    assert_null(config(bad_sigma, 1, &err));
    assert_non_null(strstr(err.msg, "cmaes.sigma0"));
    const char *neg_sigma[] = {"cmaes.sigma0=-1"};
    assert_null(config(neg_sigma, 1, &err));
    assert_non_null(strstr(err.msg, "cmaes.sigma0"));
    // NEAT grows its own hidden nodes: a fixed hidden layer is refused, and
    // so is a recurrent NEAT net where the pole says no memory.
    const char *neat_hidden[] = {"run.algorithm=neat", "pole.hidden=2"};
    alConfig *cfg = config(neat_hidden, 2, &err);
    assert_non_null(cfg);
    void *mod = NULL;
    assert_int_equal(alModule_Find("pole")->create(cfg, 1, &mod, &err), AL_ERR_CONFIG);
    assert_null(mod);
    assert_non_null(strstr(err.msg, "pole.hidden = 2"));
    assert_non_null(strstr(err.msg, "allowed with run.algorithm = neat: 0"));
    assert_int_equal(alPole_CheckConfig(cfg, &err), AL_ERR_CONFIG);
    alDestroyConfig(cfg);
    const char *neat_rec[] = {"run.algorithm=neat", "pole.recurrent=off", "neat.recurrent=true"};
    cfg = config(neat_rec, 3, &err);
    assert_non_null(cfg);
    assert_int_equal(alModule_Find("pole")->create(cfg, 1, &mod, &err), AL_ERR_CONFIG);
    assert_null(mod);
    assert_non_null(strstr(err.msg, "neat.recurrent = true contradicts pole.recurrent = off"));
    alDestroyConfig(cfg);
    // The def's own check, for callers that fill it by hand.
    alPoleDef d = alDefaultPoleDef(AL_POLE_DOUBLE);
    d.cart.dt = 0;
    assert_int_equal(alPoleDef_Validate(&d, "pole.", &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "pole.dt"));
    d = alDefaultPoleDef(AL_POLE_DOUBLE);
    d.hidden = 99;
    assert_int_equal(alPoleDef_Validate(&d, "pole.", &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "pole.hidden = 99"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_derivs_match_hand_values),
        cmocka_unit_test(test_single_pole_rk4_matches_independent_integration),
        cmocka_unit_test(test_double_pole_rk4_step_by_hand),
        cmocka_unit_test(test_unforced_pole_falls_the_right_way),
        cmocka_unit_test(test_failure_bounds),
        cmocka_unit_test(test_defaults_agree_with_the_schema),
        cmocka_unit_test(test_weight_counts),
        cmocka_unit_test(test_zero_controller_fitness),
        cmocka_unit_test(test_generalisation_starts),
        cmocka_unit_test(test_module_solves_double_pole_same_on_1_and_2_threads),
        cmocka_unit_test(test_neat_solves_double_pole_same_on_1_and_2_threads),
        cmocka_unit_test(test_neat_net_drives_the_cart_like_the_weight_vector_it_equals),
        cmocka_unit_test(test_bad_values_name_key_and_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
