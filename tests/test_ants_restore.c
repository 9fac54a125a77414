// Resuming an ants run from a stored generation (alAnts_Restore): the
// generations after it are exactly the stored run's, with 1 and 2 threads.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alife/ants.h"

static alAntsDef small(int threads)
{
    alAntsDef d = alDefaultAntsDef();
    d.count = 20;
    d.ticks = 300;
    d.threads = threads;
    return d;
}

static void run_gen(alAnts *a)
{
    while (!alAnts_Advance(a, 100000)) {
    }
}

static void a_restored_generation_continues_as_stored(void **state)
{
    (void)state;
    enum { GENS = 5, AT = 2 };
    for (int t = 1; t <= 2; ++t) {
        alAntsDef def = small(t);
        alAnts *run = NULL, *again = NULL;
        alError err = {0};
        assert_int_equal(alCreateAnts(&def, 11, &run, &err), AL_OK);
        size_t size = alAnts_StoredBytes(&def);
        void *blob = malloc(size);
        assert_non_null(blob);
        for (int g = 0; g < GENS; ++g) {
            run_gen(run);
            if (g == AT) memcpy(blob, alAnts_LastBest(run, NULL), size); // what the database stores
        }
        int n;
        const alAntsGen *h = alAnts_History(run, &n);
        assert_int_equal(n, GENS);
        assert_int_equal(alCreateAnts(&def, 11, &again, &err), AL_OK);
        run_gen(again); // a started run may be resumed too
        assert_int_equal(alAnts_Restore(again, AT, blob, size, &err), AL_OK);
        alAntsView v;
        alAnts_View(again, &v);
        assert_int_equal(v.gen, AT);
        assert_int_equal(v.tick, 0);
        for (int g = AT; g < GENS; ++g) run_gen(again);
        int m;
        const alAntsGen *h2 = alAnts_History(again, &m);
        assert_int_equal(m, GENS - AT);
        // Generation AT (the stored population) and the bred ones after it.
        assert_memory_equal(h2, h + AT, (size_t)m * sizeof *h);
        alGenStats a, b;
        assert_true(alAnts_LastStats(run, &a) && alAnts_LastStats(again, &b));
        assert_true(a.figures[a.figure_count - 1] == b.figures[b.figure_count - 1]); // diversity
        // A blob of the wrong size is refused, naming the sizes.
        assert_int_equal(alAnts_Restore(again, AT, blob, size - 4, &err), AL_ERR_CONFIG);
        assert_non_null(strstr(err.msg, "bytes"));
        alDestroyAnts(run);
        alDestroyAnts(again);
        free(blob);
    }
}

static void own_worlds_cannot_be_restored(void **state)
{
    (void)state;
    alAntsDef def = small(1);
    def.world_mode = AL_ANTS_OWN;
    alAnts *run = NULL;
    alError err = {0};
    assert_int_equal(alCreateAnts(&def, 1, &run, &err), AL_OK);
    run_gen(run);
    size_t size = alAnts_StoredBytes(&def);
    assert_int_equal(alAnts_Restore(run, 0, alAnts_LastBest(run, NULL), size, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "ants.world = own"));
    alDestroyAnts(run);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_restored_generation_continues_as_stored),
        cmocka_unit_test(own_worlds_cannot_be_restored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
