// Reading the run database: the run list, one run with its generations.
// Results own their memory through a small arena, freed in one go by the
// matching destroy, so the caller never frees a string the store made.
#include "alife/runquery.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

// ---- arena: chunks of memory freed together -------------------------------

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[]; // cap bytes
} chunk;

typedef struct arena {
    chunk *head;
} arena;

static void *arena_alloc(arena *a, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (!a->head || a->head->cap - a->head->used < n) {
        size_t cap = n > 16384 ? n : 16384;
        chunk *c = malloc(sizeof *c + cap);
        if (!c) return NULL;
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
    }
    void *p = (char *)a->head->data + a->head->used;
    a->head->used += n;
    return p;
}

static void arena_free(arena *a)
{
    for (chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    a->head = NULL;
}

// A copy of column col of st in the arena; NULL columns give def.
static const char *arena_text(arena *a, sqlite3_stmt *st, int col, const char *def, bool *ok)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    if (!t) return def;
    size_t n = (size_t)sqlite3_column_bytes(st, col);
    char *s = arena_alloc(a, n + 1);
    if (!s) {
        *ok = false;
        return def;
    }
    memcpy(s, t, n);
    s[n] = '\0';
    return s;
}

static double column_real(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? NAN : sqlite3_column_double(st, col);
}

// A read transaction makes several SELECTs one consistent snapshot even while
// other processes log. Not when the connection already holds a transaction
// (a batch of generations being written): that one is the snapshot.
static bool read_begin(alRunLog *log)
{
    return sqlite3_get_autocommit(log->db) &&
           sqlite3_exec(log->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
}

static void read_end(alRunLog *log, bool began)
{
    if (began) sqlite3_exec(log->db, "COMMIT", NULL, NULL, NULL);
}

// ---- runs ------------------------------------------------------------------

const char *alRunLog_Path(const alRunLog *log)
{
    return log->path;
}

static alResult db_fail(alRunLog *log, alError *err, const char *what)
{
    return alError_Set(err, AL_ERR_DB, "%s: %s: %s", log->path, what, sqlite3_errmsg(log->db));
}

#define RUN_COLUMNS_V1                                                                             \
    "r.id, r.uuid, r.module, r.name, r.seed, r.status, r.started, r.finished, r.version,"          \
    " r.host, r.pid, r.config,"                                                                    \
    " (SELECT count(*) FROM generations g WHERE g.run = r.id),"                                    \
    " (SELECT g.best FROM generations g WHERE g.run = r.id ORDER BY g.gen DESC LIMIT 1),"          \
    " (SELECT g.mean FROM generations g WHERE g.run = r.id ORDER BY g.gen DESC LIMIT 1),"
// Schema version 2: why the run stopped and its live edits (a version 1 file
// opened read-only has neither: NULL and 0).
#define RUN_COLUMNS_V2                                                                             \
    RUN_COLUMNS_V1 " r.stop_reason,"                                                               \
    " (SELECT count(*) FROM edits e WHERE e.run = r.id),"                                          \
    " (SELECT 'generation ' || e.gen || ', tick ' || e.tick || ': ' || e.what FROM edits e"        \
    " WHERE e.run = r.id ORDER BY e.rowid LIMIT 1)"
// Schema version 3: the run it continues, and from which generation.
#define RUN_COLUMNS_V3 RUN_COLUMNS_V2 ", r.from_run, r.from_gen"
#define RUN_COLUMNS_V2ONLY RUN_COLUMNS_V2 ", NULL, NULL"
#define RUN_COLUMNS_OLD RUN_COLUMNS_V1 " NULL, 0, NULL, NULL, NULL"
// The run's best both ways: which one is its best is the module's (alRunInfo).
#define RUN_COLUMNS_BEST                                                                           \
    ", (SELECT max(g.best) FROM generations g WHERE g.run = r.id),"                                \
    " (SELECT min(g.best) FROM generations g WHERE g.run = r.id)"
#define RUN_COLUMNS_SQL(log)                                                                       \
    ((log)->schema >= 3   ? RUN_COLUMNS_V3 RUN_COLUMNS_BEST                                        \
     : (log)->schema >= 2 ? RUN_COLUMNS_V2ONLY RUN_COLUMNS_BEST                                    \
                          : RUN_COLUMNS_OLD RUN_COLUMNS_BEST)

// Fills info from a row selected with RUN_COLUMNS, and its params.
static bool read_run(alRunLog *log, arena *a, sqlite3_stmt *st, sqlite3_stmt *pst, alRunInfo *info)
{
    bool ok = true;
    memset(info, 0, sizeof *info);
    info->id = sqlite3_column_int64(st, 0);
    info->uuid = arena_text(a, st, 1, "", &ok);
    info->module = arena_text(a, st, 2, "", &ok);
    info->name = arena_text(a, st, 3, "", &ok);
    info->seed = (uint64_t)sqlite3_column_int64(st, 4);
    info->status = arena_text(a, st, 5, "", &ok);
    info->started = arena_text(a, st, 6, "", &ok);
    info->finished = arena_text(a, st, 7, NULL, &ok);
    info->version = arena_text(a, st, 8, "", &ok);
    info->host = arena_text(a, st, 9, "", &ok);
    info->pid = sqlite3_column_int64(st, 10);
    info->config = arena_text(a, st, 11, "", &ok);
    info->generation_count = sqlite3_column_int64(st, 12);
    info->has_last = info->generation_count > 0;
    info->last_best = column_real(st, 13);
    info->last_mean = column_real(st, 14);
    info->stop_reason = arena_text(a, st, 15, NULL, &ok);
    info->edit_count = sqlite3_column_int64(st, 16);
    info->first_edit = arena_text(a, st, 17, NULL, &ok);
    info->from_run = sqlite3_column_int64(st, 18);
    info->from_gen = sqlite3_column_int64(st, 19);
    info->max_best = column_real(st, 20);
    info->min_best = column_real(st, 21);
    if (strcmp(info->status, "running") == 0 &&
        al_store_run_process(info->host, info->pid, info->started) !=
            RUN_PROCESS_ALIVE_OR_UNKNOWN) {
        info->status = "interrupted";
        info->stale = true;
    }
    // Params, in the order they were written (schema order).
    sqlite3_reset(pst);
    sqlite3_bind_int64(pst, 1, info->id);
    int n = 0, cap = 0, rc;
    alRunParam *params = NULL;
    while ((rc = sqlite3_step(pst)) == SQLITE_ROW) {
        if (n == cap) {
            int ncap = cap ? 2 * cap : 64;
            alRunParam *grown = arena_alloc(a, (size_t)ncap * sizeof *grown);
            if (!grown) return false;
            if (n) memcpy(grown, params, (size_t)n * sizeof *grown);
            params = grown;
            cap = ncap;
        }
        params[n].key = arena_text(a, pst, 0, "", &ok);
        params[n].value = arena_text(a, pst, 1, "", &ok);
        n++;
    }
    info->params = params;
    info->param_count = n;
    (void)log;
    return ok && rc == SQLITE_DONE;
}

static const char *params_sql = "SELECT key, value FROM params WHERE run = ? ORDER BY rowid";

struct alRunList {
    arena mem;
    alRunInfo *runs;
    int count;
};

alResult alRunLog_ListRuns(alRunLog *log, const char *module, alRunList **out, alError *err)
{
    *out = NULL;
    alRunList *list = calloc(1, sizeof *list);
    if (!list) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    sqlite3_stmt *st = NULL, *pst = NULL;
    bool filter = module && module[0];
    char sql[2048];
    snprintf(sql, sizeof sql, "SELECT %s FROM runs r%s ORDER BY r.id", RUN_COLUMNS_SQL(log),
             filter ? " WHERE r.module = ?" : "");
    alResult r = AL_OK;
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(log->db, params_sql, -1, &pst, NULL) != SQLITE_OK) {
        r = db_fail(log, err, "cannot list the runs");
        goto done;
    }
    if (filter) sqlite3_bind_text(st, 1, module, -1, SQLITE_STATIC);
    bool began = read_begin(log);
    int cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (list->count == cap) {
            int ncap = cap ? 2 * cap : 32;
            alRunInfo *grown = realloc(list->runs, (size_t)ncap * sizeof *grown);
            if (!grown) {
                r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
                break;
            }
            list->runs = grown;
            cap = ncap;
        }
        if (!read_run(log, &list->mem, st, pst, &list->runs[list->count])) {
            r = db_fail(log, err, "cannot read a run");
            break;
        }
        list->count++;
    }
    if (r == AL_OK && rc != SQLITE_DONE) r = db_fail(log, err, "cannot list the runs");
    read_end(log, began);
done:
    sqlite3_finalize(st);
    sqlite3_finalize(pst);
    if (r != AL_OK) {
        alDestroyRunList(list);
        return r;
    }
    *out = list;
    return AL_OK;
}

int alRunList_Count(const alRunList *list)
{
    return list->count;
}

const alRunInfo *alRunList_Get(const alRunList *list, int i)
{
    return i >= 0 && i < list->count ? &list->runs[i] : NULL;
}

void alDestroyRunList(alRunList *list)
{
    if (!list) return;
    arena_free(&list->mem);
    free(list->runs);
    free(list);
}

// ---- finding a run -----------------------------------------------------------

alResult alRunLog_FindRun(alRunLog *log, const char *ref, int64_t *run_id, alError *err)
{
    sqlite3_stmt *st = NULL;
    // A plain number is an id.
    char *end;
    errno = 0;
    long long id = strtoll(ref, &end, 10);
    bool numeric = ref[0] && *end == '\0' && errno == 0 && ref[0] != '-' && ref[0] != '+';
    size_t n = strlen(ref);
    bool hex = n >= 4 && n <= 36 && strspn(ref, "0123456789abcdefABCDEF-") == n;
    if (numeric) {
        if (sqlite3_prepare_v2(log->db, "SELECT id FROM runs WHERE id = ?", -1, &st, NULL) !=
            SQLITE_OK)
            return db_fail(log, err, "cannot look up the run");
        sqlite3_bind_int64(st, 1, id);
        int rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc == SQLITE_ROW) {
            *run_id = id;
            return AL_OK;
        }
        if (rc != SQLITE_DONE) return db_fail(log, err, "cannot look up the run");
        if (!hex) return alError_Set(err, AL_ERR_NOTFOUND, "no run %s in %s", ref, log->path);
    }
    if (!hex)
        return alError_Set(err, AL_ERR_NOTFOUND,
                           "no run %s in %s (a run is its number or a uuid prefix of at least 4 "
                           "hex digits)",
                           ref, log->path);
    // A uuid prefix (case-insensitive: uuids are stored in lower case).
    char lower[37];
    for (size_t i = 0; i <= n; ++i)
        lower[i] = (char)(ref[i] >= 'A' && ref[i] <= 'F' ? ref[i] - 'A' + 'a' : ref[i]);
    if (sqlite3_prepare_v2(log->db,
                           "SELECT id FROM runs WHERE substr(uuid, 1, ?) = ? ORDER BY id LIMIT 2",
                           -1, &st, NULL) != SQLITE_OK)
        return db_fail(log, err, "cannot look up the run");
    sqlite3_bind_int64(st, 1, (sqlite3_int64)n);
    sqlite3_bind_text(st, 2, lower, -1, SQLITE_STATIC);
    int found = 0, rc;
    int64_t first = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (found++ == 0) first = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(log, err, "cannot look up the run");
    if (found == 0) return alError_Set(err, AL_ERR_NOTFOUND, "no run %s in %s", ref, log->path);
    if (found > 1)
        return alError_Set(err, AL_ERR_USAGE,
                           "%s: uuid prefix '%s' matches several runs; give more digits", log->path,
                           ref);
    *run_id = first;
    return AL_OK;
}

// ---- one run -------------------------------------------------------------------

typedef struct run_data {
    alRunData pub; // first: alDestroyRunData casts back
    arena mem;
    alRunGen *gens;
    double *figures;
    alRunGenome *genomes;
} run_data;

void alDestroyRunData(alRunData *run)
{
    if (!run) return;
    run_data *d = (run_data *)run;
    arena_free(&d->mem);
    free(d->gens);
    free(d->figures);
    free(d->genomes);
    free(d);
}

static int64_t find_gen(const alRunGen *gens, int64_t n, int64_t gen)
{
    int64_t lo = 0, hi = n - 1;
    while (lo <= hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (gens[mid].gen == gen) return mid;
        if (gens[mid].gen < gen)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static bool load_generations(alRunLog *log, run_data *d, int64_t id)
{
    sqlite3_stmt *st = NULL;
    bool ok = true;
    // Figure names, in the order the module first reported them.
    if (sqlite3_prepare_v2(
            log->db, "SELECT name FROM figures WHERE run = ? GROUP BY name ORDER BY min(rowid)", -1,
            &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, id);
    int nf = 0, cap = 0, rc;
    const char **names = NULL;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (nf == cap) {
            int ncap = cap ? 2 * cap : 16;
            const char **grown = arena_alloc(&d->mem, (size_t)ncap * sizeof *grown);
            if (!grown) break;
            if (nf) memcpy(grown, names, (size_t)nf * sizeof *grown);
            names = grown;
            cap = ncap;
        }
        names[nf++] = arena_text(&d->mem, st, 0, "", &ok);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE || !ok) return false;
    d->pub.figure_names = names;
    d->pub.figure_count = nf;

    int64_t ng = d->pub.info.generation_count;
    d->gens = calloc(ng > 0 ? (size_t)ng : 1, sizeof *d->gens);
    d->figures = malloc((ng > 0 && nf > 0 ? (size_t)(ng * nf) : 1) * sizeof *d->figures);
    if (!d->gens || !d->figures) return false;
    for (int64_t i = 0; i < ng * nf; ++i)
        d->figures[i] = NAN;
    if (sqlite3_prepare_v2(log->db,
                           "SELECT gen, best, mean, worst, stddev, evaluations, ticks, wall_s"
                           " FROM generations WHERE run = ? ORDER BY gen",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, id);
    int64_t n = 0;
    rc = SQLITE_DONE;
    while (n < ng && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        alRunGen *g = &d->gens[n];
        g->gen = sqlite3_column_int64(st, 0);
        g->best = column_real(st, 1);
        g->mean = column_real(st, 2);
        g->worst = column_real(st, 3);
        g->stddev = column_real(st, 4);
        g->evaluations = sqlite3_column_int64(st, 5);
        g->ticks = sqlite3_column_int64(st, 6);
        g->wall_s = column_real(st, 7);
        g->figures = nf > 0 ? d->figures + n * nf : NULL;
        n++;
    }
    sqlite3_finalize(st);
    if (n < ng && rc != SQLITE_DONE) return false;
    d->pub.gens = d->gens;
    d->pub.gen_count = n; // the read transaction makes n == ng
    if (nf == 0) return true;
    if (sqlite3_prepare_v2(log->db, "SELECT gen, name, value FROM figures WHERE run = ?", -1, &st,
                           NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t gi = find_gen(d->gens, n, sqlite3_column_int64(st, 0));
        const char *name = (const char *)sqlite3_column_text(st, 1);
        if (gi < 0 || !name) continue;
        for (int k = 0; k < nf; ++k)
            if (strcmp(names[k], name) == 0) {
                d->figures[gi * nf + k] = column_real(st, 2);
                break;
            }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE;
}

static bool load_genomes(alRunLog *log, run_data *d, int64_t id)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(log->db,
                           "SELECT gen, rank, fitness, genome FROM genomes WHERE run = ?"
                           " ORDER BY gen, rank",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, id);
    int64_t n = 0, cap = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            int64_t ncap = cap ? 2 * cap : 64;
            alRunGenome *grown = realloc(d->genomes, (size_t)ncap * sizeof *grown);
            if (!grown) break;
            d->genomes = grown;
            cap = ncap;
        }
        alRunGenome *g = &d->genomes[n];
        g->gen = sqlite3_column_int64(st, 0);
        g->rank = sqlite3_column_int(st, 1);
        g->fitness = column_real(st, 2);
        const void *blob = sqlite3_column_blob(st, 3);
        g->size = (size_t)sqlite3_column_bytes(st, 3);
        void *copy = arena_alloc(&d->mem, g->size ? g->size : 1);
        if (!copy) break;
        if (g->size) memcpy(copy, blob, g->size);
        g->bytes = copy;
        n++;
    }
    sqlite3_finalize(st);
    d->pub.genomes = d->genomes;
    d->pub.genome_count = n;
    return rc == SQLITE_DONE;
}

alResult alRunLog_LoadRun(alRunLog *log, int64_t run_id, bool with_genomes, alRunData **out,
                          alError *err)
{
    *out = NULL;
    run_data *d = calloc(1, sizeof *d);
    if (!d) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    sqlite3_stmt *st = NULL, *pst = NULL;
    alResult r = AL_OK;
    // One snapshot: the run, its generations and figures agree even while
    // the run is still being logged by another process.
    bool began = read_begin(log);
    char sql[2048];
    snprintf(sql, sizeof sql, "SELECT %s FROM runs r WHERE r.id = ?", RUN_COLUMNS_SQL(log));
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(log->db, params_sql, -1, &pst, NULL) != SQLITE_OK) {
        r = db_fail(log, err, "cannot read the run");
        goto done;
    }
    sqlite3_bind_int64(st, 1, run_id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE) {
        r = alError_Set(err, AL_ERR_NOTFOUND, "no run %lld in %s", (long long)run_id, log->path);
        goto done;
    }
    if (rc != SQLITE_ROW || !read_run(log, &d->mem, st, pst, &d->pub.info) ||
        !load_generations(log, d, run_id) || (with_genomes && !load_genomes(log, d, run_id))) {
        r = db_fail(log, err, "cannot read the run");
        goto done;
    }
done:
    sqlite3_finalize(st);
    sqlite3_finalize(pst);
    read_end(log, began);
    if (r != AL_OK) {
        alDestroyRunData(&d->pub);
        return r;
    }
    *out = &d->pub;
    return AL_OK;
}
