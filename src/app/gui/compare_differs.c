// What tells runs apart in the compare picker (compare_differs.h).
#include "compare_differs.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Shown elsewhere in the picker (seed, name, group) or changing nothing
// that evolves (threads, the sweep's bookkeeping).
static bool left_out(const char *key)
{
    static const char *const keys[] = {"run.seed",  "run.name",    "run.group",
                                       "run.sweep", "run.threads", "run.module"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; ++k)
        if (strcmp(key, keys[k]) == 0) return true;
    return false;
}

static const char *value_of(const alRunInfo *r, const char *key)
{
    for (int q = 0; q < r->param_count; ++q)
        if (strcmp(r->params[q].key, key) == 0) return r->params[q].value;
    return NULL;
}

// Whether key has two values (or is missing somewhere) over the runs.
static bool differs(const alRunInfo *const *runs, int n, const char *key, const char *v)
{
    for (int j = 0; j < n; ++j) {
        const char *w = value_of(runs[j], key);
        if (!w || strcmp(w, v) != 0) return true;
    }
    return false;
}

// Whether another key that differs over the runs has key's name past its
// section ("ga.count" beside "ants.count").
static bool short_name_shared(const alRunInfo *r, const alRunInfo *const *runs, int n,
                              const char *key)
{
    const char *dot = strchr(key, '.');
    for (int q = 0; dot && q < r->param_count; ++q) {
        const char *k = r->params[q].key, *d = strchr(k, '.');
        if (d && strcmp(k, key) != 0 && strcmp(d, dot) == 0 && !left_out(k) &&
            differs(runs, n, k, r->params[q].value))
            return true;
    }
    return false;
}

// 0 the algorithm, 1 the module's own keys set in words (mines=true,
// variant=double: they tell a lesson most), 2 its numbers, 3 the rest.
static int rank(const char *key, const char *value, const char *module)
{
    if (strcmp(key, "run.algorithm") == 0) return 0;
    size_t m = strlen(module);
    if (!(m && strncmp(key, module, m) == 0 && key[m] == '.')) return 3;
    char *end = NULL;
    (void)strtod(value, &end);
    return end != value && *end == '\0' ? 2 : 1;
}

void al_compare_differs(const alRunInfo *const *runs, int n, int i, int most, char *out, size_t cap)
{
    out[0] = '\0';
    const alRunInfo *r = runs[i];
    const char *module = r->module ? r->module : "";
    size_t used = 0;
    int shown = 0, more = 0;
    for (int pass = 0; pass < 4; ++pass)
        for (int q = 0; q < r->param_count; ++q) {
            const char *key = r->params[q].key, *v = r->params[q].value;
            if (rank(key, v, module) != pass || left_out(key) || !differs(runs, n, key, v))
                continue;
            if (shown == most) {
                more++;
                continue;
            }
            // "pole.variant" as "variant", "ga.selection" as "selection":
            // the section only where two keys listed share the rest.
            const char *dot = strchr(key, '.');
            const char *name = dot && !short_name_shared(r, runs, n, key) ? dot + 1 : key;
            int w = snprintf(out + used, cap - used, "%s%s=%s", shown ? " " : "", name, v);
            if (w < 0 || (size_t)w >= cap - used) { // no room for it whole: leave it out
                out[used] = '\0';
                return;
            }
            used += (size_t)w;
            shown++;
        }
    if (more > 0 && used < cap) snprintf(out + used, cap - used, " +%d more", more);
}
