// Memory a run holds does not grow with its length: counted, not timed.
// (The ants' history grew by 88 bytes a generation: `--generations
// 1000000000 --set ants.ticks=1` went from 22 MB to 67 MB in 30 s.)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "alife/ants.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ants_history_stays_bounded_and_keeps_the_newest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
