// A stop request (SIGINT/SIGTERM set al_session_stop) is seen soon whatever
// a tick costs: al_session_run sizes its advances by elapsed time, so the
// ticks run after the request are counted here, not timed. (Before, one
// advance was 8,192 ticks: 28 s of ants.count=100000 on one thread.)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session.h"

typedef struct slow {
    int64_t tick, stop_at, ticks_after_stop;
    long tick_us;
} slow;

static alResult slow_create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    (void)cfg;
    (void)seed;
    slow *m = calloc(1, sizeof *m);
    if (!m) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    m->stop_at = 100;
    m->tick_us = 300;
    *out = m;
    return AL_OK;
}

static void slow_destroy(void *self) { free(self); }

// One tick of a long generation: never ends one. Asks to stop at tick
// stop_at, as a signal arriving during an advance would.
static bool slow_step(void *self)
{
    slow *m = self;
    struct timespec ts = {0, m->tick_us * 1000};
    nanosleep(&ts, NULL);
    if (++m->tick == m->stop_at) al_session_stop = SIGINT;
    else if (m->tick > m->stop_at) m->ticks_after_stop++;
    return false;
}

static bool slow_step_many(void *self, int64_t max_ticks, int64_t *done)
{
    for (*done = 0; *done < max_ticks;) {
        ++*done;
        if (slow_step(self)) return true;
    }
    return false;
}

static bool slow_last_stats(const void *self, alGenStats *out)
{
    (void)self;
    (void)out;
    return false;
}

static bool slow_finished(const void *self)
{
    (void)self;
    return false;
}

static const alModuleClass slow_class = {
    .name = "estrings", // any module the config knows; the class is given directly
    .title = "slow ticks",
    .create = slow_create,
    .destroy = slow_destroy,
    .step = slow_step,
    .last_stats = slow_last_stats,
    .finished = slow_finished,
    .step_many = slow_step_many,
};

static void test_stop_request_seen_within_a_few_hundred_ticks(void **state)
{
    (void)state;
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "estrings";
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, &err);
    assert_non_null(cfg);
    al_session s;
    assert_int_equal(al_session_open_with_class(&s, &slow_class, cfg, NULL, "stop", &err), AL_OK);
    al_session_stop = 0;
    const char *end = al_session_run(&s, NULL, NULL, &err);
    assert_string_equal(end, "interrupted");
    assert_int_equal(err.code, AL_ERR_INTERRUPTED);
    const slow *m = s.mod;
    // An advance aims at 50 ms: about 170 ticks of 0.3 ms (fewer on a busy
    // machine, whose ticks take longer); 8,092 with fixed 8,192-tick advances.
    assert_true(m->ticks_after_stop < 1000);
    assert_true(m->tick >= m->stop_at);
    al_session_stop = 0;
    al_session_close(&s, end);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stop_request_seen_within_a_few_hundred_ticks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
