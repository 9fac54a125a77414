// Comparing runs: load them, find the parameters whose values differ.
#include "alife/runcompare.h"

#include "alife/config.h"

#include <stdlib.h>
#include <string.h>

typedef struct comparison {
    alComparison pub; // first: alDestroyComparison casts back
    alRunData **runs;
    const char **keys;
    const char **values;
} comparison;

void alDestroyComparison(alComparison *cmp)
{
    if (!cmp) return;
    comparison *c = (comparison *)cmp;
    for (int i = 0; i < cmp->run_count; ++i)
        alDestroyRunData(c->runs[i]);
    free(c->runs);
    free(c->keys);
    free(c->values);
    free(c);
}

static const char *param_of(const alRunInfo *r, const char *key)
{
    for (int i = 0; i < r->param_count; ++i)
        if (strcmp(r->params[i].key, key) == 0) return r->params[i].value;
    return NULL;
}

static bool truth(const char *v)
{
    return strcmp(v, "true") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "on") == 0 || strcmp(v, "1") == 0;
}

// Values compared as what the schema says they are: "1" and "1.0" are one
// number, "yes" and "true" one bool; text (and keys it does not know) as text.
static bool same(const char *key, const char *a, const char *b)
{
    if (a == NULL || b == NULL) return a == b;
    if (strcmp(a, b) == 0) return true;
    const alKeyDef *k = alSchema_Find(key);
    if (!k) return false;
    if (k->type == AL_TYPE_INT || k->type == AL_TYPE_FLOAT) {
        char *ea, *eb;
        double x = strtod(a, &ea), y = strtod(b, &eb);
        return ea != a && eb != b && *ea == '\0' && *eb == '\0' && x == y;
    }
    if (k->type == AL_TYPE_BOOL) return truth(a) == truth(b);
    return false;
}

// Keys the schema marks as not changing results (run.threads) never differ.
static bool affects_results(const char *key)
{
    return alSchema_AffectsResults(key);
}

alResult alRunLog_Compare(alRunLog *log, const int64_t *ids, int n, alComparison **out,
                          alError *err)
{
    *out = NULL;
    comparison *c = calloc(1, sizeof *c);
    if (!c || !(c->runs = calloc((size_t)n, sizeof *c->runs))) {
        free(c);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < n; ++i) {
        alResult r = alRunLog_LoadRun(log, ids[i], false, &c->runs[i], err);
        if (r != AL_OK) {
            alDestroyComparison(&c->pub);
            return r;
        }
        c->pub.run_count = i + 1;
    }
    // Candidate keys: every key of every run, each once, first run's order first.
    int total = 0;
    for (int i = 0; i < n; ++i)
        total += c->runs[i]->info.param_count;
    c->keys = malloc((size_t)(total ? total : 1) * sizeof *c->keys);
    if (!c->keys) {
        alDestroyComparison(&c->pub);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    int nk = 0;
    for (int i = 0; i < n; ++i) {
        const alRunInfo *ri = &c->runs[i]->info;
        for (int p = 0; p < ri->param_count; ++p) {
            const char *key = ri->params[p].key;
            bool seen = false;
            for (int j = 0; j < i && !seen; ++j)
                seen = param_of(&c->runs[j]->info, key) != NULL;
            if (seen || !affects_results(key)) continue;
            const char *v0 = param_of(&c->runs[0]->info, key);
            bool differs = false;
            for (int j = 1; j < n && !differs; ++j)
                differs = !same(key, v0, param_of(&c->runs[j]->info, key));
            if (differs) c->keys[nk++] = key;
        }
    }
    c->values = malloc((size_t)(n * nk > 0 ? n * nk : 1) * sizeof *c->values);
    if (!c->values) {
        alDestroyComparison(&c->pub);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < nk; ++k)
            c->values[i * nk + k] = param_of(&c->runs[i]->info, c->keys[k]);
    c->pub.runs = (const alRunData *const *)c->runs;
    c->pub.diff_count = nk;
    c->pub.diff_keys = c->keys;
    c->pub.diff_values = c->values;
    *out = &c->pub;
    return AL_OK;
}
