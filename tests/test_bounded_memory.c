// Memory a run holds does not grow with its length: counted, not timed.
// (The ants' history grew by 88 bytes a generation: `--generations
// 1000000000 --set ants.ticks=1` went from 22 MB to 67 MB in 30 s.)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <malloc.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/estrings.h"

static void test_ants_history_stays_bounded_and_keeps_the_newest(void **state)
{
    (void)state;
    alAntsDef def = alDefaultAntsDef();
    def.count = 2;
    def.ticks = 1;
    def.food = 1;
    def.baseline_ants = 0;
    def.ga.elites = 0;
    def.ga.tournament_k = 2;
    alAnts *ants = NULL;
    alError err = {0};
    if (alCreateAnts(&def, 1, &ants, &err) != AL_OK) fail_msg("%s", err.msg);
    const int gens = 5 * AL_ANTS_HISTORY_KEEP + 123;
    int most = 0;
    for (int g = 0; g < gens; ++g) {
        while (!alAnts_Advance(ants, 1)) {
        }
        int n;
        (void)alAnts_History(ants, &n);
        if (n > most) most = n;
    }
    int n;
    const alAntsGen *h = alAnts_History(ants, &n);
    assert_true(most <= 2 * AL_ANTS_HISTORY_KEEP);
    assert_true(n >= AL_ANTS_HISTORY_KEEP);
    assert_int_equal(h[n - 1].gen, gens - 1); // the newest is last
    for (int i = 1; i < n; ++i) assert_int_equal(h[i].gen, h[i - 1].gen + 1);
    alDestroyAnts(ants);
}

// The estimates the memory check refuses configs by (alModule_EstimateBytes)
// against what creating the module really takes from malloc (glibc's own
// count; ASan replaces malloc, so there the check is skipped).
static double heap_bytes(void)
{
    struct mallinfo2 m = mallinfo2();
    return (double)m.uordblks + (double)m.hblkhd;
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) // GCC
#define REAL_MALLOC 0
#elif defined(__has_feature) // clang
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define REAL_MALLOC 0
#endif
#endif
#ifndef REAL_MALLOC
#define REAL_MALLOC 1
#endif

static void test_estimates_within_a_fifth_of_what_create_allocates(void **state)
{
    (void)state;
    if (!REAL_MALLOC) skip();
    alAntsDef ad = alDefaultAntsDef();
    ad.count = 3000;
    ad.food = 400;
    ad.mines = true;
    ad.mine_count = 100;
    alAnts *ants = NULL;
    alError err = {0};
    double before = heap_bytes();
    if (alCreateAnts(&ad, 1, &ants, &err) != AL_OK) fail_msg("%s", err.msg);
    double got = heap_bytes() - before, est = alAnts_EstimateBytes(&ad);
    alDestroyAnts(ants);
    assert_true(got > 5e6);
    assert_true(est > 0.8 * got && est < 1.25 * got);

    char target[2001];
    memset(target, 'a', 2000);
    target[2000] = 0;
    alEStringsDef ed = alDefaultEStringsDef();
    ed.target = target;
    ed.ga.population = 5000;
    alEStrings *es = NULL;
    before = heap_bytes();
    if (alCreateEStrings(&ed, 1, &es, &err) != AL_OK) fail_msg("%s", err.msg);
    got = heap_bytes() - before;
    est = alEStrings_EstimateBytes(&ed);
    alDestroyEStrings(es);
    assert_true(got > 1e7);
    assert_true(est > 0.8 * got && est < 1.25 * got);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ants_history_stays_bounded_and_keeps_the_newest),
        cmocka_unit_test(test_estimates_within_a_fifth_of_what_create_allocates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
