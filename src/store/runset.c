// Choosing and loading runs for comparison, on the store's read API: runs are
// listed with alRunLog_ListRuns, filtered here (so numbers compare as numbers,
// 0.05 = 5e-2, and an unknown key is reported as such), then loaded and
// compared with alRunLog_Compare (below: the runs and the params in which they
// differ); then each run's curve of the chosen metric is taken.
#include "alife/runset.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/runlog.h"

static const char *const run_fields[] = {"id", "uuid", "module", "name", "seed", "status"};
enum { NFIELDS = 6 };

void alRunSet_Free(alRunSet *set)
{
    if (!set) return;
    for (int i = 0; i < set->n; ++i) {
        alRunRecord *r = &set->runs[i];
        free(r->gen);
        free(r->best);
        free(r->mean);
        free(r->metric);
    }
    free(set->runs);
    free(set->edited_ids);
    free(set->duplicate_ids);
    free(set->duplicate_of);
    alDestroyComparison(set->cmp);
    memset(set, 0, sizeof *set);
}

static const char *info_param(const alRunInfo *info, const char *key)
{
    for (int i = 0; i < info->param_count; ++i)
        if (strcmp(info->params[i].key, key) == 0) return info->params[i].value;
    return NULL;
}

const char *alRunRecord_Param(const alRunRecord *r, const char *key)
{
    return info_param(r->info, key);
}

// ---- the comparison: the runs loaded, the params in which they differ ----------

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
                seen = info_param(&c->runs[j]->info, key) != NULL;
            if (seen || !affects_results(key)) continue;
            const char *v0 = info_param(&c->runs[0]->info, key);
            bool differs = false;
            for (int j = 1; j < n && !differs; ++j)
                differs = !same(key, v0, info_param(&c->runs[j]->info, key));
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
            c->values[i * nk + k] = info_param(&c->runs[i]->info, c->keys[k]);
    c->pub.runs = (const alRunData *const *)c->runs;
    c->pub.diff_count = nk;
    c->pub.diff_keys = c->keys;
    c->pub.diff_values = c->values;
    *out = &c->pub;
    return AL_OK;
}

// ---- the run set: choosing runs, their metric's curves --------------------------

static bool as_number(const char *s, double *out)
{
    char *end;
    if (!*s) return false;
    *out = strtod(s, &end);
    return *end == '\0' && isfinite(*out);
}

static bool values_equal(const char *a, const char *b)
{
    double x, y;
    if (as_number(a, &x) && as_number(b, &y)) return x == y;
    return strcmp(a, b) == 0;
}

static bool is_field(const char *key)
{
    for (int i = 0; i < NFIELDS; ++i)
        if (strcmp(key, run_fields[i]) == 0) return true;
    return false;
}

// The value of a run field or param as text; NULL when the run lacks it.
static const char *field_value(const alRunInfo *r, const char *key, char *buf, size_t cap)
{
    if (strcmp(key, "id") == 0 || strcmp(key, "seed") == 0) {
        if (key[0] == 'i') snprintf(buf, cap, "%lld", (long long)r->id);
        else snprintf(buf, cap, "%llu", (unsigned long long)r->seed);
        return buf;
    }
    if (strcmp(key, "uuid") == 0) return r->uuid;
    if (strcmp(key, "module") == 0) return r->module;
    if (strcmp(key, "name") == 0) return r->name;
    if (strcmp(key, "status") == 0) return r->status;
    return info_param(r, key);
}

static alResult check_filters(const alRunQuery *q, alError *err)
{
    for (int i = 0; i < q->where_count; ++i) {
        const char *w = q->where[i];
        const char *eq = strchr(w, '=');
        if (!eq || eq == w)
            return alError_Set(err, AL_ERR_USAGE, "--where '%s': expected KEY=VALUE", w);
        char key[128];
        snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
        if (!is_field(key) && !alSchema_Find(key))
            return alError_Set(err, AL_ERR_USAGE,
                               "--where '%s': unknown key '%s' (a run field: id, uuid, module, "
                               "name, seed, status; or a config key, see alife config --list)",
                               w, key);
    }
    return AL_OK;
}

static bool passes(const alRunInfo *r, const alRunQuery *q)
{
    char buf[32], key[128];
    if (q->sweep) {
        const char *s = info_param(r, "run.sweep");
        if (!s || strcmp(s, q->sweep) != 0) return false;
    }
    for (int i = 0; i < q->where_count; ++i) {
        const char *eq = strchr(q->where[i], '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - q->where[i]), q->where[i]);
        const char *have = field_value(r, key, buf, sizeof buf);
        if (!have) return false;
        // "key=v1,v2": any of the values, except for text keys (a name, a
        // string param such as estrings.target), whose value may hold commas.
        bool any = values_equal(have, eq + 1);
        const alKeyDef *def = alSchema_Find(key);
        bool text = strcmp(key, "name") == 0 || (def && def->type == AL_TYPE_STRING);
        for (const char *v = eq + 1; !any && !text;) {
            size_t len = strcspn(v, ",");
            char one[256];
            snprintf(one, sizeof one, "%.*s", (int)len, v);
            any = values_equal(have, one);
            if (v[len] != ',') break;
            v += len + 1;
        }
        if (!any) return false;
    }
    return true;
}

static void describe_query(const alRunQuery *q, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (q->sweep) len += (size_t)snprintf(buf, cap, "--sweep %s", q->sweep);
    for (int i = 0; i < q->where_count && len < cap; ++i)
        len += (size_t)snprintf(buf + len, cap - len, "%s--where %s", len ? " " : "", q->where[i]);
}

// The ids q selects, in *ids (malloc'd), *n of them.
static alResult select_ids(alRunLog *log, const char *db_path, const alRunQuery *q, alRunSet *out,
                           int64_t **ids, int *n, alError *err)
{
    *n = 0;
    if (q->ref_count > 0) {
        *ids = malloc((size_t)q->ref_count * sizeof **ids);
        if (!*ids) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
        for (int i = 0; i < q->ref_count; ++i) {
            alResult r = alRunLog_FindRun(log, q->refs[i], &(*ids)[i], err);
            if (r != AL_OK) return r;
            for (int j = 0; j < i; ++j)
                if ((*ids)[j] == (*ids)[i])
                    return alError_Set(err, AL_ERR_USAGE, "run %lld is named twice ('%s', '%s')",
                                       (long long)(*ids)[i], q->refs[j], q->refs[i]);
            *n = i + 1;
        }
        return AL_OK;
    }
    alRunList *list = NULL;
    alResult r = alRunLog_ListRuns(log, NULL, &list, err);
    if (r != AL_OK) return r;
    int count = alRunList_Count(list), matched = 0;
    *ids = malloc((size_t)(count + 1) * sizeof **ids);
    if (!*ids) {
        alDestroyRunList(list);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < count; ++i) {
        const alRunInfo *info = alRunList_Get(list, i);
        if (!passes(info, q)) continue;
        ++matched;
        if (!q->include_unfinished && strcmp(info->status, "finished") != 0)
            out->skipped_unfinished++;
        else if (info->generation_count == 0)
            out->skipped_empty++;
        else
            (*ids)[(*n)++] = info->id;
    }
    alDestroyRunList(list);
    if (*n > 0) return AL_OK;
    char what[600];
    describe_query(q, what, sizeof what);
    if (matched == 0)
        return alError_Set(err, AL_ERR_NOTFOUND, "no run in %s matches %s", db_path, what);
    return alError_Set(err, AL_ERR_NOTFOUND,
                       "%d run%s in %s match%s %s, but none finished with generations logged "
                       "(%d unfinished, %d empty; --include-unfinished to see unfinished runs)",
                       matched, matched == 1 ? "" : "s", db_path, matched == 1 ? "es" : "", what,
                       out->skipped_unfinished, out->skipped_empty);
}

// Params that take part in "the same config": all but those that change no
// result.
static bool same_config(const alRunInfo *a, const alRunInfo *b)
{
    if (a->param_count != b->param_count) return false;
    for (int i = 0; i < a->param_count; ++i) {
        const char *k = a->params[i].key;
        if (strcmp(k, "run.name") == 0 || strcmp(k, "run.threads") == 0) continue;
        const char *v = info_param(b, k);
        if (!v || strcmp(v, a->params[i].value) != 0) return false;
    }
    return true;
}

static const alRunInfo *find_info(const alRunList *list, int64_t id)
{
    for (int i = 0, n = alRunList_Count(list); i < n; ++i)
        if (alRunList_Get(list, i)->id == id) return alRunList_Get(list, i);
    return NULL;
}

// Leaves out of ids[0..*n) the runs edited by hand (unless q->include_edited;
// a run named by reference is then an error) and the repeats of a run of the
// same group, seed and config (unless q->keep_duplicates), noting them in out.
static alResult drop_edited_and_duplicates(alRunLog *log, const char *db_path, const alRunQuery *q,
                                           alRunSet *out, int64_t *ids, int *n, alError *err)
{
    alRunList *list = NULL;
    alResult r = alRunLog_ListRuns(log, NULL, &list, err);
    if (r != AL_OK) return r;
    int count = *n, kept = 0;
    const alRunInfo **infos = calloc((size_t)count + 1, sizeof *infos);
    out->edited_ids = calloc((size_t)count + 1, sizeof *out->edited_ids);
    out->duplicate_ids = calloc((size_t)count + 1, sizeof *out->duplicate_ids);
    out->duplicate_of = calloc((size_t)count + 1, sizeof *out->duplicate_of);
    if (!infos || !out->edited_ids || !out->duplicate_ids || !out->duplicate_of) {
        r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (int i = 0; i < count; ++i) {
        const alRunInfo *info = find_info(list, ids[i]);
        if (!info) { // deleted since it was chosen: LoadRun reports it
            infos[kept] = NULL;
            ids[kept++] = ids[i];
            continue;
        }
        if (info->edit_count > 0 && !q->include_edited) {
            if (q->ref_count > 0) {
                r = alError_Set(err, AL_ERR_USAGE,
                                "run %lld was changed by hand in the window while it ran (%lld "
                                "edit%s, the first at %s): its results do not follow from its "
                                "config; --include-edited to compare it anyway",
                                (long long)info->id, (long long)info->edit_count,
                                info->edit_count == 1 ? "" : "s",
                                info->first_edit ? info->first_edit : "?");
                goto done;
            }
            out->edited_ids[out->skipped_edited++] = info->id;
            continue;
        }
        int dup = -1;
        if (q->group_by && !q->keep_duplicates) {
            char b1[32], b2[32];
            const char *g = field_value(info, q->group_by, b1, sizeof b1);
            for (int j = 0; j < kept && dup < 0; ++j) {
                const alRunInfo *o = infos[j];
                if (!o || o->seed != info->seed || !same_config(o, info)) continue;
                const char *h = field_value(o, q->group_by, b2, sizeof b2);
                if ((!g && !h) || (g && h && strcmp(g, h) == 0)) dup = j;
            }
        }
        if (dup >= 0) {
            out->duplicate_ids[out->skipped_duplicates] = info->id;
            out->duplicate_of[out->skipped_duplicates++] = infos[dup]->id;
            continue;
        }
        infos[kept] = info;
        ids[kept++] = ids[i];
    }
    *n = kept;
    if (kept == 0)
        r = alError_Set(err, AL_ERR_NOTFOUND,
                        "every run selected in %s was changed by hand in the window (%d run%s); "
                        "--include-edited to compare them anyway",
                        db_path, out->skipped_edited, out->skipped_edited == 1 ? "" : "s");
done:
    free(infos);
    alDestroyRunList(list);
    return r;
}

// Copies run d's curves of best, mean and the metric into r.
static alResult take_curves(alRunRecord *r, const alRunData *d, const char *metric, alError *err)
{
    static const char *const builtin[] = {"best", "mean", "worst", "stddev"};
    int col = -1, fig = -1;
    for (int i = 0; i < 4; ++i)
        if (strcmp(metric, builtin[i]) == 0) col = i;
    for (int k = 0; col < 0 && k < d->figure_count; ++k)
        if (strcmp(metric, d->figure_names[k]) == 0) fig = k;
    if (col < 0 && fig < 0) {
        char names[512] = "";
        size_t len = 0;
        for (int k = 0; k < d->figure_count && len < sizeof names; ++k)
            len += (size_t)snprintf(names + len, sizeof names - len, ", %s", d->figure_names[k]);
        return alError_Set(err, AL_ERR_NOTFOUND,
                           "run %lld (%s) has no metric '%s' (its metrics: best, mean, worst, "
                           "stddev%s)",
                           (long long)d->info.id, d->info.module, metric, names);
    }
    int n = (int)d->gen_count;
    r->ngens = n;
    r->gen = malloc((size_t)(n + 1) * sizeof *r->gen);
    r->best = malloc((size_t)(n + 1) * sizeof *r->best);
    r->mean = malloc((size_t)(n + 1) * sizeof *r->mean);
    r->metric = malloc((size_t)(n + 1) * sizeof *r->metric);
    if (!r->gen || !r->best || !r->mean || !r->metric)
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    int missing = 0;
    for (int i = 0; i < n; ++i) {
        const alRunGen *g = &d->gens[i];
        const double cols[4] = {g->best, g->mean, g->worst, g->stddev};
        r->gen[i] = (double)g->gen;
        r->best[i] = g->best;
        r->mean[i] = g->mean;
        r->metric[i] = col >= 0 ? cols[col] : g->figures[fig];
        missing += isnan(r->metric[i]);
    }
    if (missing > 0)
        return alError_Set(err, AL_ERR_NOTFOUND, "run %lld lacks '%s' in %d of its %d generations",
                           (long long)d->info.id, metric, missing, n);
    return AL_OK;
}

alResult alRunSet_Load(const char *db_path, const alRunQuery *q, alRunSet *out, alError *err)
{
    memset(out, 0, sizeof *out);
    alResult res = check_filters(q, err);
    if (res != AL_OK) return res;
    alRunLog *log = NULL;
    res = alRunLog_OpenReadOnly(db_path, &log, err);
    if (res != AL_OK) return res;
    snprintf(out->warning, sizeof out->warning, "%s", alRunLog_Warning(log));
    int64_t *ids = NULL;
    int n = 0;
    res = select_ids(log, db_path, q, out, &ids, &n, err);
    if (res == AL_OK) res = drop_edited_and_duplicates(log, db_path, q, out, ids, &n, err);
    if (res == AL_OK) res = alRunLog_Compare(log, ids, n, &out->cmp, err);
    free(ids);
    alRunLog_Close(log);
    if (res != AL_OK) return res;
    out->runs = calloc((size_t)out->cmp->run_count, sizeof *out->runs);
    if (!out->runs) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    for (int i = 0; i < out->cmp->run_count; ++i) {
        const alRunData *d = out->cmp->runs[i];
        alRunRecord *r = &out->runs[out->n++];
        r->data = d;
        r->info = &d->info;
        if (d->gen_count == 0)
            return alError_Set(err, AL_ERR_NOTFOUND, "run %lld has no generations logged (%s)",
                               (long long)d->info.id, d->info.status);
        res = take_curves(r, d, q->metric ? q->metric : "best", err);
        if (res != AL_OK) return res;
    }
    return AL_OK;
}
