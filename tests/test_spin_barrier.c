// alSpinBarrier: no thread leaves a barrier before every thread has arrived,
// and what each wrote before it is seen by all after it, many barriers in a
// row (the ants' tick uses one a tick).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>

#include "alife/spin_barrier.h"

enum { THREADS = 3, ROUNDS = 5000 };

typedef struct team {
    alSpinBarrier bar;
    int slot[2][THREADS]; // round r writes slot[r & 1]: read after the barrier
    int bad;              // a thread saw a partner's slot not yet written
    int seen[THREADS];
} team;

typedef struct worker {
    team *tm;
    int id;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    team *tm = w->tm;
    int bad = 0;
    for (int r = 1; r <= ROUNDS; ++r) {
        tm->slot[r & 1][w->id] = r;
        alSpinBarrier_Wait(&tm->bar);
        for (int t = 0; t < THREADS; ++t)
            bad += tm->slot[r & 1][t] != r;
        // The slot of this parity is written again two rounds on, after the
        // next barrier, which no thread passes before every one has read.
        alSpinBarrier_Wait(&tm->bar);
    }
    tm->seen[w->id] = bad;
    return NULL;
}

static void test_every_thread_sees_every_write_made_before_the_barrier(void **state)
{
    (void)state;
    static team tm;
    alSpinBarrier_Init(&tm.bar, THREADS);
    pthread_t th[THREADS];
    worker wk[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        wk[t] = (worker){&tm, t};
        assert_int_equal(pthread_create(&th[t], NULL, work, &wk[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t)
        pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; ++t)
        assert_int_equal(tm.seen[t], 0);
}

static void test_a_team_of_one_never_waits(void **state)
{
    (void)state;
    alSpinBarrier b;
    alSpinBarrier_Init(&b, 1);
    for (int r = 0; r < 1000; ++r)
        alSpinBarrier_Wait(&b);
    assert_int_equal(atomic_load(&b.phase), 1000);
    assert_int_equal(atomic_load(&b.arrived), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_thread_sees_every_write_made_before_the_barrier),
        cmocka_unit_test(test_a_team_of_one_never_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
