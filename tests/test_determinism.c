// The determinism hashes, as Box2D's determinism test pins its world: each
// case runs a module for a few generations through the module contract,
// hashes every generation's statistics, figures and best genome bit for bit,
// and must give the pinned hash with 1 thread and with 2. The same test runs
// in the normal build, the sanitizer build and the -march=native build
// (`make test-native`), so the three must agree with each other.
//
// A changed hash means results changed: when that is meant (a new operator,
// another random stream), re-pin with the value the failure prints and say
// why in the commit. A new module or algorithm adds its row to `cases`.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "alife/config.h"
#include "alife/module.h"

typedef struct hash_case {
    const char *name;       // what the row covers
    const char *module;     // alModule_Find name
    const char *path;       // experiment file under the source tree, or NULL
    const char *sets[8];    // overrides; keeps the run short
    int generations;        // finished generations to hash
    uint64_t pinned;        // the hash, same for every thread count and build
} hash_case;

static const hash_case cases[] = {
    {"steering boids (grid, flocking cones, turn limits)", "steering", "experiments/steering/boids.ini",
     {"steering.vehicles=600"}, 4, 0x36a0ac4a9090fda7},
    {"steering wander (sin/cos of wander angles)", "steering", "experiments/steering/wander.ini",
     {"steering.vehicles=200"}, 4, 0x8f43a544c233d78e},
    {"steering fish school", "steering", "experiments/steering/fish.ini",
     {"steering.vehicles=300"}, 3, 0xc44263fd27827c7f},
    {"estrings hello (creep mutation)", "estrings", "experiments/estrings/hello.ini", {"estrings.population=200"},
     30, 0x51bf771cc95670c1},
    {"estrings weasel (reset mutation)", "estrings", "experiments/estrings/weasel.ini",
     {"estrings.population=100", "ga.mutation=reset"}, 20, 0x03846c98f119ffff},
    {"ants default (network, greedy baseline)", "ants", "experiments/ants/default.ini",
     {"ants.count=40", "ants.ticks=300", "ants.baseline_ants=10"}, 4, 0xd5a0e0c57eb5bc4c},
    {"ants mines, gaussian mutation", "ants", "experiments/ants/mines.ini",
     {"ants.count=30", "ants.ticks=200", "ga.mutation=gaussian"}, 4, 0xef2dce0f96a01b9f},
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t fnv_double(uint64_t h, double v) { return fnv(h, &v, sizeof v); }
static uint64_t fnv_int(uint64_t h, int64_t v) { return fnv(h, &v, sizeof v); }

// The hash of one case's run with the given thread count.
static uint64_t run_hash(const hash_case *c, int threads)
{
    const char *sets[10];
    int n = 0;
    while (n < 8 && c->sets[n]) {
        sets[n] = c->sets[n];
        n++;
    }
    char th[32];
    snprintf(th, sizeof th, "run.threads=%d", threads);
    sets[n++] = th;
    char path[1024];
    alConfigDef cd = alDefaultConfigDef();
    if (c->path) {
        snprintf(path, sizeof path, "%s/%s", ALIFE_SOURCE_DIR, c->path);
        cd.path = path;
    }
    cd.module = c->module;
    cd.sets = sets;
    cd.set_count = n;
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, &err);
    if (!cfg) fail_msg("%s: %s", c->name, err.msg);
    const alModuleClass *m = alModule_Find(c->module);
    assert_non_null(m);
    void *self = NULL;
    if (m->create(cfg, 1, &self, &err) != AL_OK) fail_msg("%s: %s", c->name, err.msg);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int g = 0; g < c->generations; ++g) {
        bool ended = false;
        for (int64_t t = 0; !ended && t < 100000000; ++t) ended = m->step(self);
        assert_true(ended);
        alGenStats s;
        assert_true(m->last_stats(self, &s));
        h = fnv_int(h, s.gen);
        h = fnv_double(h, s.best);
        h = fnv_double(h, s.mean);
        h = fnv_double(h, s.worst);
        h = fnv_double(h, s.stddev);
        h = fnv_int(h, s.evaluations);
        h = fnv_int(h, s.ticks);
        for (int f = 0; f < s.figure_count; ++f) {
            h = fnv(h, s.figure_names[f], strlen(s.figure_names[f]));
            h = fnv_double(h, s.figures[f]);
        }
        size_t bytes = 0;
        const void *genome = m->best_genome ? m->best_genome(self, &bytes) : NULL;
        if (genome) h = fnv(h, genome, bytes);
        if (m->finished && m->finished(self)) break;
    }
    m->destroy(self);
    alDestroyConfig(cfg);
    return h;
}

static void test_pinned_hashes_for_1_and_2_threads(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const hash_case *c = &cases[i];
        uint64_t h1 = run_hash(c, 1), h2 = run_hash(c, 2);
        printf("%-52s 1 thread 0x%016" PRIx64 "  2 threads 0x%016" PRIx64 "\n", c->name, h1, h2);
        if (h1 != c->pinned || h2 != c->pinned) {
            printf("  FAIL: pinned 0x%016" PRIx64 "\n", c->pinned);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

// The hash sees one bit: a generation's statistics changed in the last place
// give another hash (so a pinned hash cannot pass by hashing nothing).
static void test_hash_sees_the_last_bit(void **state)
{
    (void)state;
    double a = 0.1, b = 0.1;
    uint64_t ub;
    memcpy(&ub, &b, sizeof ub);
    ub ^= 1;
    memcpy(&b, &ub, sizeof b);
    assert_true(fnv_double(1, a) != fnv_double(1, b));
    assert_true(run_hash(&cases[0], 1) != run_hash(&cases[1], 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pinned_hashes_for_1_and_2_threads),
        cmocka_unit_test(test_hash_sees_the_last_bit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
