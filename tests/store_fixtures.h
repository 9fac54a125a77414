// store_fixtures.h — helpers shared by the run-database tests (header-only:
// every tests/test_*.c is its own program).
#ifndef ALIFE_TESTS_STORE_FIXTURES_H
#define ALIFE_TESTS_STORE_FIXTURES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "alife/config.h"
#include "alife/runlog.h"
#include "alife/runquery.h"

// A fresh temporary folder per test, removed afterwards.
static char g_dir[256];

static inline int fx_setup(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/alife-store-test-XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static inline int fx_teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

// g_dir/name in a static buffer (one of 8 rotating, so a few can coexist).
static inline const char *fx_path(const char *name)
{
    static char bufs[8][400];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, sizeof bufs[0], "%s/%s", g_dir, name);
    return b;
}

static inline void fx_write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

// The whole file and its modification time, to prove it was not touched.
typedef struct fx_snapshot {
    char *bytes;
    size_t size;
    struct timespec mtime;
} fx_snapshot;

static inline fx_snapshot fx_snap(const char *path)
{
    fx_snapshot s = {0};
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    s.mtime = sb.st_mtim;
    s.size = (size_t)sb.st_size;
    s.bytes = malloc(s.size + 1);
    assert_non_null(s.bytes);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fread(s.bytes, 1, s.size, f), s.size);
    fclose(f);
    return s;
}

static inline void fx_assert_unchanged(const char *path, fx_snapshot *before)
{
    fx_snapshot now = fx_snap(path);
    assert_int_equal(now.size, before->size);
    assert_memory_equal(now.bytes, before->bytes, before->size);
    assert_int_equal(now.mtime.tv_sec, before->mtime.tv_sec);
    assert_int_equal(now.mtime.tv_nsec, before->mtime.tv_nsec);
    free(now.bytes);
    free(before->bytes);
    before->bytes = NULL;
}

// A resolved config of module with "key=value" overrides (NULL-terminated).
static inline alConfig *fx_config(const char *module, ...)
{
    const char *sets[16];
    int n = 0;
    va_list ap;
    va_start(ap, module);
    for (const char *s; n < 16 && (s = va_arg(ap, const char *)) != NULL;)
        sets[n++] = s;
    va_end(ap);
    alConfigDef def = alDefaultConfigDef();
    def.module = module;
    def.sets = sets;
    def.set_count = n;
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) fail_msg("config: %s", err.msg);
    return cfg;
}

static const char *const fx_fig_names[2] = {"alpha", "beta"};

// Statistics of generation g of a made-up run: every field distinct and
// derived from (run_tag, g), so a mix-up shows.
static inline alGenStats fx_stats(int run_tag, int64_t g)
{
    alGenStats s;
    memset(&s, 0, sizeof s);
    s.gen = g;
    s.best = run_tag * 1000.0 + (double)g + 0.25;
    s.mean = run_tag * 1000.0 + (double)g * 0.5 + 0.125;
    s.worst = -(double)g - 0.5;
    s.stddev = 0.1 * (double)g;
    s.evaluations = 100 * (g + 1);
    s.ticks = 7 * (g + 1);
    s.wall_s = 0.001 * (double)(g + 1);
    s.figure_count = 2;
    s.figure_names[0] = fx_fig_names[0];
    s.figure_names[1] = fx_fig_names[1];
    s.figures[0] = (double)g * 2.0;
    s.figures[1] = (double)g * 3.0 + 1.0;
    return s;
}

// Logs a whole run of n generations (genome: 8 bytes = g) and ends it with
// status end (NULL: leave it running). Returns its id.
static inline int64_t fx_log_run(alRunLog *log, alConfig *cfg, const char *name, uint64_t seed,
                                 int tag, int64_t n, const char *end)
{
    alError err = {0};
    int64_t id = 0;
    if (alRunLog_BeginRun(log, cfg, name, seed, &id, &err) != AL_OK) fail_msg("begin: %s", err.msg);
    for (int64_t g = 0; g < n; ++g) {
        alGenStats s = fx_stats(tag, g);
        unsigned char genome[8];
        for (int i = 0; i < 8; ++i)
            genome[i] = (unsigned char)(g + i);
        if (alRunLog_AddGeneration(log, id, &s, genome, sizeof genome, &err) != AL_OK)
            fail_msg("add: %s", err.msg);
    }
    if (end && alRunLog_EndRun(log, id, end, &err) != AL_OK) fail_msg("end: %s", err.msg);
    return id;
}

#endif
