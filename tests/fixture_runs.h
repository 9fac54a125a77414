// Test fixture: fills run databases through the run-log write API (the same
// calls alife run makes), so tests of reading code do not depend on any
// module's tuning. Header-only; include from one test file each.
#ifndef ALIFE_TESTS_FIXTURE_RUNS_H
#define ALIFE_TESTS_FIXTURE_RUNS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/runlog.h"

/// Logs one run of module with the given overrides ("section.key=value") and
/// gens generations whose best is best0 + slope * gen and mean is best - 1
/// (stddev 0.5, worst best - 2); one module figure "food" = 2 * gen, and a
/// 4-byte genome per generation. Ends it with status. Returns its id, or -1.
static int64_t fixture_run(alRunLog *log, const char *module, uint64_t seed,
                           const char *const *sets, int nsets, int gens, double best0,
                           double slope, const char *status)
{
    alConfigDef def = alDefaultConfigDef();
    def.module = module;
    def.sets = sets;
    def.set_count = nsets;
    alError err = {0};
    alConfig *cfg = alCreateConfig(&def, &err);
    if (!cfg) {
        fprintf(stderr, "fixture config: %s\n", err.msg);
        return -1;
    }
    int64_t id = -1;
    if (alRunLog_BeginRun(log, cfg, "fixture", seed, &id, &err) != AL_OK) {
        fprintf(stderr, "fixture begin: %s\n", err.msg);
        alDestroyConfig(cfg);
        return -1;
    }
    for (int g = 0; g < gens; ++g) {
        alGenStats s;
        memset(&s, 0, sizeof s);
        s.gen = g;
        s.best = best0 + slope * g;
        s.mean = s.best - 1;
        s.worst = s.best - 2;
        s.stddev = 0.5;
        s.evaluations = 10 * (g + 1);
        s.ticks = 100 * (g + 1);
        s.wall_s = 0.001;
        alGenStats_AddFigure(&s, "food", 2.0 * g);
        unsigned char genome[4] = {(unsigned char)g, 1, 2, 3};
        if (alRunLog_AddGeneration(log, id, &s, genome, sizeof genome, &err) != AL_OK) {
            fprintf(stderr, "fixture gen: %s\n", err.msg);
            id = -1;
            break;
        }
    }
    if (id >= 0) alRunLog_EndRun(log, id, status, &err);
    alDestroyConfig(cfg);
    return id;
}

/// A fresh scratch folder under the build directory; path receives it.
static void fixture_dir(char *path, size_t cap, const char *name)
{
    snprintf(path, cap, "fixture_%s_%d", name, (int)getpid());
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    if (system(cmd) != 0) abort();
    mkdir(path, 0777);
}

/// The whole content of a file (malloc'd, NUL-terminated), size in *n; NULL if unreadable.
static char *fixture_slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[len] = '\0';
    fclose(f);
    *n = (size_t)len;
    return buf;
}

#endif
