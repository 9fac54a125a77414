// The one-or-all-threads pacer, driven by made-up costs: it settles on the
// cheaper mode, follows a machine that changes, ignores a try's slow warm-up
// run and tries less often while tries keep losing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "alife/pacer.h"

// The summed cost of the runs driven last (what a caller pays): the tests
// hold it against the cheaper mode's, the pacer's purpose, rather than
// against counts that follow from its internal schedule.
static double g_total;

// Runs the pacer `runs` times with the given cost per mode; `warmup`, when
// > 0, is the cost of the first run after a switch of mode (a worker waking
// up). Returns the runs made on all threads; g_total gets their cost.
static int64_t drive(alPacer *p, int runs, double serial, double parallel, double warmup)
{
    int64_t before = p->parallel_runs;
    g_total = 0;
    for (int r = 0; r < runs; ++r) {
        bool par = alPacer_Pick(p);
        double cost = par ? parallel : serial;
        // The mode of the run before: the first run is parallel, as after Init.
        bool last = p->runs == 0 || p->last_parallel;
        if (warmup > 0 && par != last) cost = warmup;
        alPacer_Report(p, par, cost);
        g_total += cost;
    }
    return p->parallel_runs - before;
}

static void stays_parallel_when_parallel_is_cheaper(void **state)
{
    (void)state;
    alPacer p;
    alPacer_Init(&p, 8, 64, 4096, 1024);
    int64_t par = drive(&p, 20000, 2.0, 1.0, 0);
    assert_true(p.parallel);
    // Tries of one thread lose and grow rarer: they cost under 1% over
    // always using all threads.
    assert_true(g_total < 1.01 * 20000 * 1.0);
    assert_true(par < 20000); // but it did try
}

static void moves_to_one_thread_when_that_is_cheaper(void **state)
{
    (void)state;
    alPacer p;
    alPacer_Init(&p, 8, 64, 4096, 1024);
    int64_t par = drive(&p, 20000, 1.0, 3.0, 0);
    assert_false(p.parallel);
    // It starts parallel, a try of one thread wins, later tries of parallel
    // lose and grow rarer: within 2% of always using one thread.
    assert_true(par > 0);
    assert_true(g_total < 1.02 * 20000 * 1.0);
}

static void a_slow_first_run_of_a_try_is_not_counted(void **state)
{
    (void)state;
    // Parallel is cheaper but its first run after serial ones costs 50
    // times more (a worker woken from sleep): counting it would keep the
    // pacer on one thread.
    alPacer p;
    alPacer_Init(&p, 8, 64, 4096, 1024);
    drive(&p, 64 + 8, 1.0, 3.0, 0); // start on one thread
    assert_false(p.parallel);
    int64_t par = drive(&p, 20000, 2.0, 1.0, 100.0);
    assert_true(p.parallel);
    // Within 10% of always parallel, the warm-ups (100 runs' worth) of its
    // tries of one thread included.
    assert_true(par > 19000);
    assert_true(g_total < 1.10 * 20000 * 1.0);
}

static void follows_a_machine_that_gets_busy_and_quiet_again(void **state)
{
    (void)state;
    alPacer p;
    alPacer_Init(&p, 3, 8, 128, 16);
    drive(&p, 1000, 2.0, 1.0, 0);
    assert_true(p.parallel);
    drive(&p, 1000, 2.0, 10.0, 0); // busy: the barrier waits for a preempted thread
    assert_false(p.parallel);
    drive(&p, 1000, 2.0, 1.0, 0);
    assert_true(p.parallel);
}

// A busy machine where every 70th run on one thread and every 3rd on all
// waits a scheduler slice (50 runs' worth).
static int64_t drive_busy(alPacer *p, int runs)
{
    int64_t before = p->parallel_runs;
    g_total = 0;
    for (int r = 0; r < runs; ++r) {
        bool par = alPacer_Pick(p);
        double cost = par ? (p->runs % 3 == 0 ? 50.0 : 0.6) : (p->runs % 70 == 0 ? 50.0 : 1.0);
        alPacer_Report(p, par, cost);
        g_total += cost;
    }
    return p->parallel_runs - before;
}

static void on_a_busy_machine_tries_of_all_threads_stay_rare(void **state)
{
    (void)state;
    // The pacer moves to one thread and tries all only at its doubling
    // gaps, each try cut short by its first stall.
    alPacer p;
    alPacer_Init(&p, 8, 64, 16384, 1024);
    int64_t par = drive_busy(&p, 50000);
    assert_false(p.parallel);
    // One thread costs 1.7 a run on average here, all threads 17: the
    // pacer's runs cost within 3% of one thread's.
    assert_true(par > 0);
    assert_true(g_total < 1.03 * 50000 * (1.0 + 49.0 / 70.0));
}

static void a_machine_turning_busy_is_left_within_a_hundred_runs(void **state)
{
    (void)state;
    alPacer p;
    alPacer_Init(&p, 8, 64, 16384, 1024);
    drive(&p, 30000, 2.0, 1.0, 0); // quiet: parallel, tries rare
    assert_true(p.parallel);
    int64_t at = p.runs;
    // Busy now: every 3rd parallel run waits a slice. Its mean, which spans
    // about 1024 runs, passes one thread's within a hundred runs.
    while (p.parallel && p.runs < at + 1000) {
        bool par = alPacer_Pick(&p);
        alPacer_Report(&p, par, par ? (p.runs % 3 == 0 ? 50.0 : 1.0) : 2.0);
    }
    assert_false(p.parallel);
    assert_true(p.runs - at < 100);
}

static void small_differences_do_not_flip_the_mode(void **state)
{
    (void)state;
    // One thread 1% cheaper: within the margin, the pacer stays where it is.
    alPacer p;
    alPacer_Init(&p, 4, 16, 1024, 64);
    int64_t par = drive(&p, 5000, 0.99, 1.0, 0);
    assert_true(p.parallel);
    assert_true(par > 0.95 * 5000); // it did not flip, nor try often
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stays_parallel_when_parallel_is_cheaper),
        cmocka_unit_test(moves_to_one_thread_when_that_is_cheaper),
        cmocka_unit_test(a_slow_first_run_of_a_try_is_not_counted),
        cmocka_unit_test(follows_a_machine_that_gets_busy_and_quiet_again),
        cmocka_unit_test(small_differences_do_not_flip_the_mode),
        cmocka_unit_test(on_a_busy_machine_tries_of_all_threads_stay_rare),
        cmocka_unit_test(a_machine_turning_busy_is_left_within_a_hundred_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
