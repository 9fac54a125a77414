// run.threads = 0 means one thing in every module: OpenMP's default team
// size, so OMP_NUM_THREADS caps the GA, the steering passes and the ants
// alike. The test runs itself again with OMP_NUM_THREADS=1 (the OpenMP
// runtime reads it when it starts) on a machine with more processors.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/ga.h"
#include "alife/steering.h"
#include "alife/threads.h"

static double zero(const void *g, int len, void *ctx)
{
    (void)g, (void)len, (void)ctx;
    return 0;
}

static void test_zero_threads_is_omp_num_threads_everywhere(void **state)
{
    (void)state;
    assert_string_equal(getenv("OMP_NUM_THREADS"), "1");
    assert_int_equal(alThreads_Resolve(0), 1);
    assert_int_equal(alThreads_Resolve(3), 3);

    alGaDef gd = alDefaultGaDef();
    assert_int_equal(gd.threads, 0);
    gd.fitness = zero;
    alGa *ga = NULL;
    alError err;
    assert_int_equal(alCreateGa(&gd, 1, &ga, &err), AL_OK);
    assert_int_equal(alGa_Threads(ga), 1);
    alDestroyGa(ga);

    alSteeringDef sd = alDefaultSteeringDef();
    assert_int_equal(sd.threads, 0);
    alSteering *s;
    alCreateSteering(&sd, 1, &s, &err);
    assert_non_null(s);
    assert_int_equal(alSteering_Threads(s), 1);
    alDestroySteering(s);

    alAntsDef ad = alDefaultAntsDef();
    assert_int_equal(ad.threads, 0);
    ad.count = 10;
    ad.baseline_ants = 0;
    alAnts *a = NULL;
    assert_int_equal(alCreateAnts(&ad, 1, &a, &err), AL_OK);
    assert_int_equal(alAnts_Threads(a), 1);
    alDestroyAnts(a);
}

int main(int argc, char **argv)
{
    (void)argc;
    if (!getenv("OMP_NUM_THREADS") || strcmp(getenv("OMP_NUM_THREADS"), "1") != 0) {
        setenv("OMP_NUM_THREADS", "1", 1);
        execv("/proc/self/exe", argv);
        perror("execv");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_threads_is_omp_num_threads_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
