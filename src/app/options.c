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

static char **grow_or_die(char **list, int cap)
{
    char **l = realloc(list, (size_t)cap * sizeof *l);
    if (!l) {
        fprintf(stderr, "alife: out of memory\n");
        exit(1);
    }
    return l;
}

static void add_from(al_sets *s, const char *assignment, const char *origin)
{
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 8;
        s->items = grow_or_die(s->items, cap);
        s->origins = grow_or_die(s->origins, cap);
        s->cap = cap;
    }
    s->origins[s->count] = origin ? dup_or_die(origin) : NULL;
    s->items[s->count++] = dup_or_die(assignment);
}

void al_sets_add(al_sets *s, const char *assignment) { add_from(s, assignment, NULL); }

void al_sets_append(al_sets *s, const al_sets *from)
{
    for (int i = 0; i < from->count; ++i)
        add_from(s, from->items[i], from->origins[i]);
}

void al_sets_add_option(al_sets *s, const char *option, const char *key, const char *value)
{
    size_t n = strlen(key) + strlen(value) + 2, no = strlen(option) + strlen(value) + 2;
    char *buf = malloc(n), *origin = malloc(no);
    if (!buf || !origin) {
        fprintf(stderr, "alife: out of memory\n");
        exit(1);
    }
    snprintf(buf, n, "%s=%s", key, value);
    snprintf(origin, no, "%s %s", option, value);
    add_from(s, buf, origin);
    free(buf);
    free(origin);
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
    for (int i = 0; i < s->count; ++i) free(s->items[i]), free(s->origins[i]);
    free(s->items);
    free(s->origins);
    s->items = s->origins = NULL;
    s->count = s->cap = 0;
}

alConfig *al_sets_config(const char *path, const char *module, al_sets *sets, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    def.module = module;
    def.sets = (const char *const *)sets->items;
    def.set_origins = (const char *const *)sets->origins;
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
