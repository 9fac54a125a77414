#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *dup_or_die(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d) {
        fprintf(stderr, "alife: out of memory\n");
        exit(1);
    }
    return memcpy(d, s, n);
}

void al_sets_add(al_sets *s, const char *assignment)
{
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 8;
        char **items = realloc(s->items, (size_t)cap * sizeof *items);
        if (!items) {
            fprintf(stderr, "alife: out of memory\n");
            exit(1);
        }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->count++] = dup_or_die(assignment);
}

void al_sets_addkv(al_sets *s, const char *key, const char *value)
{
    size_t n = strlen(key) + strlen(value) + 2;
    char *buf = malloc(n);
    if (!buf) {
        fprintf(stderr, "alife: out of memory\n");
        exit(1);
    }
    snprintf(buf, n, "%s=%s", key, value);
    al_sets_add(s, buf);
    free(buf);
}

void al_sets_free(al_sets *s)
{
    for (int i = 0; i < s->count; ++i) free(s->items[i]);
    free(s->items);
    s->items = NULL;
    s->count = s->cap = 0;
}

alConfig *al_sets_config(const char *path, const char *module, al_sets *sets, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    def.module = module;
    def.sets = (const char *const *)sets->items;
    def.set_count = sets->count;
    alConfig *cfg = NULL;
    alCreateConfig(&def, &cfg, err);
    al_sets_free(sets);
    return cfg;
}

bool al_parse_int(const char *text, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < min || v > max) return false;
    *out = v;
    return true;
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double al_now(void) { return clock_seconds(CLOCK_MONOTONIC); }

double al_cpu_now(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }
