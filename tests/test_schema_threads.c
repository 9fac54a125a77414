// The config schema is read from many threads at once (issue 11 item 10):
// alSchema_Parts once rewrote its global copy on every call, a data race
// with every other reader even though the bytes written were the same.
// Threads released together by a barrier look up keys and resolve configs;
// each must see exactly what one thread alone sees. Under ThreadSanitizer
// (make test-tsan) the old rewrite is reported here as a race; the suite's
// ignore_noninstrumented_modules=1 (for libomp's internals, see Makefile)
// hides memcpy's accesses, which is how a struct copy is made, so this test
// (no OpenMP in it) runs itself again without that option.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "alife/config.h"

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif

enum { NTHREADS = 8, ROUNDS = 300 };

static pthread_barrier_t start;

typedef struct expect {
    int nparts;
    const alSchemaPart *parts;
    const alKeyDef *key; ///< alSchema_Find("run.seed")
    int64_t pop;         ///< estrings.population of a resolved estrings config
} expect;

static expect serial;

static const char *const modules[] = {"steering", "estrings", "ants"};

// What the checks below compare against, from one thread.
static void measure(expect *e)
{
    e->parts = alSchema_Parts(&e->nparts);
    e->key = alSchema_Find("run.seed");
    alConfigDef def = alDefaultConfigDef();
    def.module = "estrings";
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    e->pop = cfg ? alConfig_Int(cfg, "estrings.population") : -1;
    alDestroyConfig(cfg);
}

typedef struct task {
    bool configs; ///< also resolve whole configs (else only look keys up)
    int bad;      ///< results that differed from the serial ones
} task;

static void *reader(void *arg)
{
    task *t = arg;
    int *bad = &t->bad;
    pthread_barrier_wait(&start);
    for (int r = 0; r < ROUNDS; ++r) {
        int n = 0;
        const alSchemaPart *p = alSchema_Parts(&n);
        // Read what the old code rewrote: every part's fields.
        size_t sum = 0;
        for (int i = 0; i < n; ++i) sum += (size_t)p[i].key_count + strlen(p[i].module);
        if (n != serial.nparts || p != serial.parts || sum == 0) ++*bad;
        if (alSchema_Find("run.seed") != serial.key) ++*bad;
        if (t->configs && r % 16 == 0) { // a whole config resolution now and then
            alConfigDef def = alDefaultConfigDef();
            def.module = modules[r / 16 % 3];
            alError err = {0};
            alConfig *cfg;
            alCreateConfig(&def, &cfg, &err);
            if (!cfg) ++*bad;
            else if (strcmp(def.module, "estrings") == 0 &&
                     alConfig_Int(cfg, "estrings.population") != serial.pop)
                ++*bad;
            alDestroyConfig(cfg);
        }
    }
    return NULL;
}

static void test_many_threads_read_the_schema_at_once(void **state)
{
    (void)state;
    measure(&serial);
    assert_true(serial.nparts > 0);
    assert_non_null(serial.key);
    assert_true(serial.pop > 0);
    // Half the threads only look keys up: resolving a config passes through
    // locks (the C library's) that order the threads for TSan and hid the
    // old race from it; lookups alone leave it in plain view.
    pthread_t t[NTHREADS];
    task tk[NTHREADS] = {{0}};
    assert_int_equal(pthread_barrier_init(&start, NULL, NTHREADS), 0);
    for (int i = 0; i < NTHREADS; ++i) {
        tk[i].configs = i % 2 == 1;
        assert_int_equal(pthread_create(&t[i], NULL, reader, &tk[i]), 0);
    }
    for (int i = 0; i < NTHREADS; ++i) {
        pthread_join(t[i], NULL);
        assert_int_equal(tk[i].bad, 0);
    }
    pthread_barrier_destroy(&start);
}

int main(int argc, char **argv)
{
    (void)argc;
#ifdef UNDER_TSAN
    static const char hide[] = "ignore_noninstrumented_modules=1";
    const char *opts = getenv("TSAN_OPTIONS");
    const char *at = opts ? strstr(opts, hide) : NULL;
    if (at) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%.*signore_noninstrumented_modules=0%s", (int)(at - opts), opts,
                 at + strlen(hide));
        setenv("TSAN_OPTIONS", buf, 1);
        execv("/proc/self/exe", argv);
        perror("test_schema_threads: cannot run itself again");
        return 1;
    }
#else
    (void)argv;
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_threads_read_the_schema_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
