// Loading runs for comparison. The file is identified through
// alRunLog_OpenReadOnly first (the same refusal of foreign or newer files as
// everywhere), then read with a read-only connection. Filters on params are
// applied here in C rather than in SQL so that numbers compare as numbers
// (0.05 matches 5e-2) and an unknown key can be reported as such.
#include "alife/runset.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/runlog.h"

static const char *const run_columns[] = {"id", "uuid", "module", "name", "seed", "status"};
enum { NCOLUMNS = 6 };

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

static void free_record(alRunRecord *r)
{
    for (int i = 0; i < r->nparams; ++i) {
        free(r->keys[i]);
        free(r->values[i]);
    }
    free(r->keys);
    free(r->values);
    if (r->metric != r->best && r->metric != r->mean) free(r->metric);
    free(r->gen);
    free(r->best);
    free(r->mean);
    memset(r, 0, sizeof *r);
}

void alRunSet_Free(alRunSet *set)
{
    if (!set) return;
    for (int i = 0; i < set->n; ++i) free_record(&set->runs[i]);
    free(set->runs);
    memset(set, 0, sizeof *set);
}

const char *alRunRecord_Param(const alRunRecord *r, const char *key)
{
    for (int i = 0; i < r->nparams; ++i)
        if (strcmp(r->keys[i], key) == 0) return r->values[i];
    return NULL;
}

typedef struct loader {
    sqlite3 *db;
    const char *path;
    alError *err;
} loader;

static alResult sql_fail(loader *L, const char *what)
{
    return alError_Set(L->err, AL_ERR_DB, "%s: cannot read %s: %s", L->path, what,
                       sqlite3_errmsg(L->db));
}

static const char *col_text(sqlite3_stmt *st, int i)
{
    const char *s = (const char *)sqlite3_column_text(st, i);
    return s ? s : "";
}

static void fill_run(alRunRecord *r, sqlite3_stmt *st)
{
    memset(r, 0, sizeof *r);
    r->id = sqlite3_column_int64(st, 0);
    snprintf(r->uuid, sizeof r->uuid, "%s", col_text(st, 1));
    snprintf(r->module, sizeof r->module, "%s", col_text(st, 2));
    snprintf(r->name, sizeof r->name, "%s", col_text(st, 3));
    r->seed = sqlite3_column_int64(st, 4);
    snprintf(r->status, sizeof r->status, "%s", col_text(st, 5));
}

static alResult push_run(alRunSet *set, int *cap, sqlite3_stmt *st, alError *err)
{
    if (set->n == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        alRunRecord *g = realloc(set->runs, (size_t)*cap * sizeof *g);
        if (!g) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
        set->runs = g;
    }
    fill_run(&set->runs[set->n++], st);
    return AL_OK;
}

#define RUN_COLS "SELECT id, uuid, module, name, seed, status FROM runs"

static alResult load_params(loader *L, alRunRecord *r)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(L->db, "SELECT key, value FROM params WHERE run = ? ORDER BY key", -1,
                           &st, NULL) != SQLITE_OK)
        return sql_fail(L, "params");
    sqlite3_bind_int64(st, 1, r->id);
    int cap = 0, rc;
    alResult res = AL_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (r->nparams == cap) {
            cap = cap ? 2 * cap : 64;
            char **k = realloc(r->keys, (size_t)cap * sizeof *k);
            if (k) r->keys = k;
            char **v = realloc(r->values, (size_t)cap * sizeof *v);
            if (v) r->values = v;
            if (!k || !v) {
                res = alError_Set(L->err, AL_ERR_NOMEM, "out of memory");
                break;
            }
        }
        r->keys[r->nparams] = dup_str(col_text(st, 0));
        r->values[r->nparams] = dup_str(col_text(st, 1));
        r->nparams++;
        if (!r->keys[r->nparams - 1] || !r->values[r->nparams - 1]) {
            res = alError_Set(L->err, AL_ERR_NOMEM, "out of memory");
            break;
        }
    }
    if (res == AL_OK && rc != SQLITE_DONE) res = sql_fail(L, "params");
    sqlite3_finalize(st);
    return res;
}

// The figure names run r has, comma-separated, for error messages.
static void figure_names(loader *L, int64_t run, char *buf, size_t cap)
{
    buf[0] = '\0';
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(L->db, "SELECT DISTINCT name FROM figures WHERE run = ? ORDER BY name",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(st, 1, run);
    size_t len = 0;
    while (sqlite3_step(st) == SQLITE_ROW && len < cap)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", col_text(st, 0));
    sqlite3_finalize(st);
}

static alResult load_curves(loader *L, alRunRecord *r, const char *metric)
{
    int col = -1; // column of the metric among best, mean, worst, stddev; -1: a figure
    static const char *const builtin[] = {"best", "mean", "worst", "stddev"};
    for (int i = 0; i < 4; ++i)
        if (strcmp(metric, builtin[i]) == 0) col = i;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(L->db,
                           "SELECT g.gen, g.best, g.mean, g.worst, g.stddev, f.value"
                           " FROM generations g LEFT JOIN figures f"
                           " ON f.run = g.run AND f.gen = g.gen AND f.name = ?"
                           " WHERE g.run = ? ORDER BY g.gen",
                           -1, &st, NULL) != SQLITE_OK)
        return sql_fail(L, "generations");
    sqlite3_bind_text(st, 1, metric, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, r->id);
    int cap = 0, rc, missing = 0;
    alResult res = AL_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (r->ngens == cap) {
            cap = cap ? 2 * cap : 256;
            double **arrs[] = {&r->gen, &r->best, &r->mean, &r->metric};
            for (int a = 0; a < 4; ++a) {
                double *g = realloc(*arrs[a], (size_t)cap * sizeof *g);
                if (!g) {
                    res = alError_Set(L->err, AL_ERR_NOMEM, "out of memory");
                    break;
                }
                *arrs[a] = g;
            }
            if (res != AL_OK) break;
        }
        int i = r->ngens++;
        r->gen[i] = (double)sqlite3_column_int64(st, 0);
        r->best[i] = sqlite3_column_double(st, 1);
        r->mean[i] = sqlite3_column_double(st, 2);
        int mcol = col >= 0 ? 1 + col : 5;
        if (sqlite3_column_type(st, mcol) == SQLITE_NULL) {
            ++missing;
            r->metric[i] = NAN;
        } else {
            r->metric[i] = sqlite3_column_double(st, mcol);
        }
    }
    if (res == AL_OK && rc != SQLITE_DONE) res = sql_fail(L, "generations");
    sqlite3_finalize(st);
    if (res == AL_OK && missing > 0) {
        char names[512];
        figure_names(L, r->id, names, sizeof names);
        if (missing == r->ngens)
            res = alError_Set(L->err, AL_ERR_NOTFOUND,
                              "run %lld (%s) has no metric '%s' (its metrics: best, mean, worst,"
                              " stddev%s%s)",
                              (long long)r->id, r->module, metric, names[0] ? ", " : "", names);
        else
            res = alError_Set(L->err, AL_ERR_NOTFOUND,
                              "run %lld lacks '%s' in %d of its %d generations", (long long)r->id,
                              metric, missing, r->ngens);
    }
    // Builtins that are also loaded anyway share their array.
    if (res == AL_OK && col == 0) {
        free(r->metric);
        r->metric = r->best;
    } else if (res == AL_OK && col == 1) {
        free(r->metric);
        r->metric = r->mean;
    }
    return res;
}

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

static bool is_column(const char *key)
{
    for (int i = 0; i < NCOLUMNS; ++i)
        if (strcmp(key, run_columns[i]) == 0) return true;
    return false;
}

static bool matches(const alRunRecord *r, const char *key, const char *value)
{
    char num[32];
    const char *have = NULL;
    if (strcmp(key, "id") == 0) {
        snprintf(num, sizeof num, "%lld", (long long)r->id);
        have = num;
    } else if (strcmp(key, "seed") == 0) {
        snprintf(num, sizeof num, "%lld", (long long)r->seed);
        have = num;
    } else if (strcmp(key, "uuid") == 0) {
        have = r->uuid;
    } else if (strcmp(key, "module") == 0) {
        have = r->module;
    } else if (strcmp(key, "name") == 0) {
        have = r->name;
    } else if (strcmp(key, "status") == 0) {
        have = r->status;
    } else {
        have = alRunRecord_Param(r, key);
    }
    return have && values_equal(have, value);
}

// Checks the filters' syntax and keys before touching the database.
static alResult check_filters(const alRunQuery *q, alError *err)
{
    for (int i = 0; i < q->where_count; ++i) {
        const char *w = q->where[i];
        const char *eq = strchr(w, '=');
        if (!eq || eq == w)
            return alError_Set(err, AL_ERR_USAGE, "--where '%s': expected KEY=VALUE", w);
        char key[128];
        snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
        if (!is_column(key) && !alSchema_Find(key))
            return alError_Set(err, AL_ERR_USAGE,
                               "--where '%s': unknown key '%s' (a run column: id, uuid, module, "
                               "name, seed, status; or a config key, see alife config --list)",
                               w, key);
    }
    return AL_OK;
}

static bool passes(const alRunRecord *r, const alRunQuery *q)
{
    for (int i = 0; i < q->where_count; ++i) {
        const char *w = q->where[i];
        const char *eq = strchr(w, '=');
        char key[128];
        snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
        if (!matches(r, key, eq + 1)) return false;
    }
    return true;
}

// Describes the selection for "nothing matches" messages.
static void describe_query(const alRunQuery *q, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (q->sweep) len += (size_t)snprintf(buf, cap, "--sweep %s", q->sweep);
    for (int i = 0; i < q->where_count && len < cap; ++i)
        len += (size_t)snprintf(buf + len, cap - len, "%s--where %s", len ? " " : "", q->where[i]);
    if (len == 0) snprintf(buf, cap, "(all runs)");
}

alResult alRunSet_Load(const char *db_path, const alRunQuery *q, alRunSet *out, alError *err)
{
    memset(out, 0, sizeof *out);
    alResult res = check_filters(q, err);
    if (res != AL_OK) return res;
    alRunLog *log = NULL;
    res = alRunLog_OpenReadOnly(db_path, &log, err);
    alRunLog_Close(log);
    if (res != AL_OK) return res;
    loader L = {NULL, db_path, err};
    if (sqlite3_open_v2(db_path, &L.db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        res = alError_Set(err, AL_ERR_DB, "%s: cannot open: %s", db_path,
                          L.db ? sqlite3_errmsg(L.db) : "out of memory");
        sqlite3_close(L.db);
        return res;
    }
    sqlite3_busy_timeout(L.db, 10000);
    sqlite3_stmt *st = NULL;
    int cap = 0;
    if (q->id_count > 0) {
        if (sqlite3_prepare_v2(L.db, RUN_COLS " WHERE id = ?", -1, &st, NULL) != SQLITE_OK) {
            res = sql_fail(&L, "runs");
            goto done;
        }
        for (int i = 0; i < q->id_count && res == AL_OK; ++i) {
            for (int j = 0; j < i; ++j)
                if (q->ids[j] == q->ids[i]) {
                    res = alError_Set(err, AL_ERR_USAGE, "run %lld is named twice",
                                      (long long)q->ids[i]);
                    goto done;
                }
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, q->ids[i]);
            int rc = sqlite3_step(st);
            if (rc == SQLITE_ROW) {
                res = push_run(out, &cap, st, err);
            } else if (rc == SQLITE_DONE) {
                sqlite3_stmt *mm;
                long long lo = 0, hi = 0, n = 0;
                if (sqlite3_prepare_v2(L.db, "SELECT min(id), max(id), count(*) FROM runs", -1,
                                       &mm, NULL) == SQLITE_OK &&
                    sqlite3_step(mm) == SQLITE_ROW) {
                    lo = sqlite3_column_int64(mm, 0);
                    hi = sqlite3_column_int64(mm, 1);
                    n = sqlite3_column_int64(mm, 2);
                }
                sqlite3_finalize(mm);
                if (n == 0)
                    res = alError_Set(err, AL_ERR_NOTFOUND, "no run %lld in %s: it holds no runs",
                                      (long long)q->ids[i], db_path);
                else
                    res = alError_Set(err, AL_ERR_NOTFOUND,
                                      "no run %lld in %s (it holds %lld runs, ids %lld..%lld; "
                                      "see alife runs --db %s)",
                                      (long long)q->ids[i], db_path, n, lo, hi, db_path);
            } else {
                res = sql_fail(&L, "runs");
            }
        }
    } else {
        const char *sql = q->sweep ? RUN_COLS " WHERE id IN (SELECT run FROM params WHERE"
                                              " key = 'run.sweep' AND value = ?) ORDER BY id"
                                   : RUN_COLS " ORDER BY id";
        if (sqlite3_prepare_v2(L.db, sql, -1, &st, NULL) != SQLITE_OK) {
            res = sql_fail(&L, "runs");
            goto done;
        }
        if (q->sweep) sqlite3_bind_text(st, 1, q->sweep, -1, SQLITE_STATIC);
        int rc;
        while (res == AL_OK && (rc = sqlite3_step(st)) == SQLITE_ROW)
            res = push_run(out, &cap, st, err);
        if (res == AL_OK && rc != SQLITE_DONE) res = sql_fail(&L, "runs");
    }
    sqlite3_finalize(st);
    st = NULL;
    if (res != AL_OK) goto done;

    // Params, filters, then curves of the runs that remain.
    bool explicit_ids = q->id_count > 0;
    int kept = 0, matched = 0;
    for (int i = 0; i < out->n; ++i) {
        alRunRecord *r = &out->runs[i];
        res = load_params(&L, r);
        if (res != AL_OK) break;
        bool keep = explicit_ids || passes(r, q);
        if (keep) ++matched;
        if (keep && !explicit_ids && !q->include_unfinished && strcmp(r->status, "finished") != 0) {
            out->skipped_unfinished++;
            keep = false;
        }
        if (keep) {
            res = load_curves(&L, r, q->metric ? q->metric : "best");
            if (res != AL_OK) break;
            if (r->ngens == 0) {
                if (explicit_ids) {
                    res = alError_Set(err, AL_ERR_NOTFOUND,
                                      "run %lld has no generations logged (status %s)",
                                      (long long)r->id, r->status);
                    break;
                }
                out->skipped_empty++;
                keep = false;
            }
        }
        if (keep) {
            if (kept != i) {
                alRunRecord tmp = out->runs[kept];
                out->runs[kept] = *r;
                *r = tmp;
            }
            ++kept;
        }
    }
    if (res == AL_OK) {
        for (int i = kept; i < out->n; ++i) free_record(&out->runs[i]);
        out->n = kept;
        if (kept == 0) {
            char what[600];
            describe_query(q, what, sizeof what);
            if (matched == 0)
                res = alError_Set(err, AL_ERR_NOTFOUND, "no run in %s matches %s", db_path, what);
            else
                res = alError_Set(err, AL_ERR_NOTFOUND,
                                  "%d run%s in %s match%s %s, but none finished with generations"
                                  " logged (%d unfinished, %d empty; --include-unfinished "
                                  "to see unfinished runs)",
                                  matched, matched == 1 ? "" : "s", db_path,
                                  matched == 1 ? "es" : "", what, out->skipped_unfinished,
                                  out->skipped_empty);
        }
    }
done:
    sqlite3_finalize(st);
    sqlite3_close(L.db);
    return res;
}
