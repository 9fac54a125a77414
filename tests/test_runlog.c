// The run database: round trip, refusal of files that are not ours (left
// byte for byte unchanged), concurrent writers, stale runs, batching.
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <time.h>

#include "store_fixtures.h"

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}
#include "alife/runset.h"

static alRunLog *open_rw(const char *path)
{
    alRunLog *log = NULL;
    alError err = {0};
    if (alRunLog_Open(path, &log, &err) != AL_OK) fail_msg("open %s: %s", path, err.msg);
    return log;
}

static alRunLog *open_ro(const char *path)
{
    alRunLog *log = NULL;
    alError err = {0};
    if (alRunLog_OpenReadOnly(path, &log, &err) != AL_OK) fail_msg("open %s: %s", path, err.msg);
    return log;
}

static alRunData *load(alRunLog *log, int64_t id, bool genomes)
{
    alRunData *run = NULL;
    alError err = {0};
    if (alRunLog_LoadRun(log, id, genomes, &run, &err) != AL_OK) fail_msg("load: %s", err.msg);
    return run;
}

// Runs sql on the file directly (as another program would), bypassing the store.
static void raw_sql(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) fail_msg("%s: %s", sql, msg);
    sqlite3_close(db);
}

static int64_t raw_count(const char *path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static const char *param(const alRunInfo *r, const char *key)
{
    for (int i = 0; i < r->param_count; ++i)
        if (strcmp(r->params[i].key, key) == 0) return r->params[i].value;
    return NULL;
}

// ---- round trip --------------------------------------------------------------

static void test_round_trip_keeps_run_params_generations_figures_genomes(void **state)
{
    const char *db = fx_path("runs.db");
    alConfig *cfg = fx_config("estrings", "run.seed=77", "run.generations=5", NULL);
    alRunLog *log = open_rw(db);
    alError err = {0};
    int64_t id = 0;
    assert_int_equal(alRunLog_BeginRun(log, cfg, "round trip", 77, &id, &err), AL_OK);
    for (int64_t g = 0; g < 5; ++g) {
        alGenStats s = fx_stats(1, g);
        if (g == 3) s.figure_count = 1; // generation 3 lacks "beta"
        unsigned char genome[3] = {(unsigned char)g, 0xff, 0x00};
        assert_int_equal(alRunLog_AddGeneration(log, id, &s, genome, g == 4 ? 0 : 3, &err), AL_OK);
    }
    assert_int_equal(alRunLog_EndRun(log, id, "finished", &err), AL_OK);
    alRunLog_Close(log);

    log = open_ro(db);
    alRunData *run = load(log, id, true);
    const alRunInfo *r = &run->info;
    assert_int_equal(r->id, id);
    assert_string_equal(r->module, "estrings");
    assert_string_equal(r->name, "round trip");
    assert_int_equal(r->seed, 77);
    assert_string_equal(r->status, "finished");
    assert_false(r->stale);
    assert_non_null(r->finished);
    assert_string_equal(r->version, ALIFE_VERSION);
    assert_int_equal(r->pid, getpid());
    assert_int_equal(strlen(r->uuid), 36);
    assert_int_equal(r->uuid[14], '4'); // version-4 uuid
    // The config text is the resolved config, and params are its keys.
    int n = alConfig_FormatIni(cfg, NULL, 0);
    char *ini = malloc((size_t)n + 1);
    alConfig_FormatIni(cfg, ini, (size_t)n + 1);
    assert_string_equal(r->config, ini);
    free(ini);
    assert_string_equal(param(r, "run.seed"), "77");
    assert_string_equal(param(r, "run.generations"), "5");
    assert_string_equal(param(r, "run.module"), "estrings");
    assert_non_null(param(r, "world.edge"));
    // Generations and figures by name.
    assert_int_equal(r->generation_count, 5);
    assert_int_equal(run->gen_count, 5);
    assert_true(r->has_last);
    assert_true(r->last_best == fx_stats(1, 4).best);
    assert_true(r->last_mean == fx_stats(1, 4).mean);
    assert_int_equal(run->figure_count, 2);
    assert_string_equal(run->figure_names[0], "alpha");
    assert_string_equal(run->figure_names[1], "beta");
    for (int64_t g = 0; g < 5; ++g) {
        const alRunGen *x = &run->gens[g];
        alGenStats s = fx_stats(1, g);
        assert_int_equal(x->gen, g);
        assert_true(x->best == s.best && x->mean == s.mean && x->worst == s.worst &&
                    x->stddev == s.stddev && x->wall_s == s.wall_s);
        assert_int_equal(x->evaluations, s.evaluations);
        assert_int_equal(x->ticks, s.ticks);
        assert_true(x->figures[0] == s.figures[0]);
        if (g == 3)
            assert_true(isnan(x->figures[1]));
        else
            assert_true(x->figures[1] == s.figures[1]);
    }
    // Genomes: the best of each generation that had one (gen 4 had none).
    assert_int_equal(run->genome_count, 4);
    for (int i = 0; i < 4; ++i) {
        const alRunGenome *gm = &run->genomes[i];
        unsigned char want[3] = {(unsigned char)i, 0xff, 0x00};
        assert_int_equal(gm->gen, i);
        assert_int_equal(gm->rank, 0);
        assert_true(gm->fitness == fx_stats(1, i).best);
        assert_int_equal(gm->size, 3);
        assert_memory_equal(gm->bytes, want, 3);
    }
    alDestroyRunData(run);
    // Without genomes, none are loaded.
    run = load(log, id, false);
    assert_int_equal(run->genome_count, 0);
    alDestroyRunData(run);
    alRunLog_Close(log);
    alDestroyConfig(cfg);
}

static void test_run_without_generations_has_no_last(void **state)
{
    const char *db = fx_path("runs.db");
    alConfig *cfg = fx_config("ants", NULL);
    alRunLog *log = open_rw(db);
    int64_t id = fx_log_run(log, cfg, "empty", 1, 0, 0, "failed");
    alRunData *run = load(log, id, true);
    assert_int_equal(run->gen_count, 0);
    assert_false(run->info.has_last);
    assert_true(isnan(run->info.last_best));
    assert_string_equal(run->info.status, "failed");
    alDestroyRunData(run);
    alRunLog_Close(log);
    alDestroyConfig(cfg);
}

static void test_list_runs_oldest_first_and_filters_by_module(void **state)
{
    const char *db = fx_path("runs.db");
    alConfig *a = fx_config("estrings", NULL), *b = fx_config("ants", NULL);
    alRunLog *log = open_rw(db);
    int64_t i1 = fx_log_run(log, a, "s1", 1, 1, 3, "finished");
    int64_t i2 = fx_log_run(log, b, "a1", 2, 2, 4, "interrupted");
    int64_t i3 = fx_log_run(log, a, "s2", 3, 3, 2, "finished");
    alRunLog_Close(log);
    log = open_ro(db);
    alError err = {0};
    alRunList *list = NULL;
    assert_int_equal(alRunLog_ListRuns(log, NULL, &list, &err), AL_OK);
    assert_int_equal(alRunList_Count(list), 3);
    assert_int_equal(alRunList_Get(list, 0)->id, i1);
    assert_int_equal(alRunList_Get(list, 1)->id, i2);
    assert_int_equal(alRunList_Get(list, 2)->id, i3);
    assert_null(alRunList_Get(list, 3));
    const alRunInfo *r2 = alRunList_Get(list, 1);
    assert_string_equal(r2->status, "interrupted");
    assert_int_equal(r2->generation_count, 4);
    assert_true(r2->last_best == fx_stats(2, 3).best);
    assert_string_equal(param(r2, "run.module"), "ants");
    alDestroyRunList(list);
    assert_int_equal(alRunLog_ListRuns(log, "estrings", &list, &err), AL_OK);
    assert_int_equal(alRunList_Count(list), 2);
    assert_string_equal(alRunList_Get(list, 0)->name, "s1");
    assert_string_equal(alRunList_Get(list, 1)->name, "s2");
    alDestroyRunList(list);
    assert_int_equal(alRunLog_ListRuns(log, "steering", &list, &err), AL_OK);
    assert_int_equal(alRunList_Count(list), 0);
    alDestroyRunList(list);
    alDestroyRunList(NULL);
    alRunLog_Close(log);
    alDestroyConfig(a);
    alDestroyConfig(b);
}

static void test_find_run_by_id_or_uuid_prefix(void **state)
{
    const char *db = fx_path("runs.db");
    alConfig *cfg = fx_config("estrings", NULL);
    alRunLog *log = open_rw(db);
    int64_t id = fx_log_run(log, cfg, "x", 1, 1, 1, "finished");
    fx_log_run(log, cfg, "y", 2, 2, 1, "finished");
    alRunData *run = load(log, id, false);
    char prefix[9];
    memcpy(prefix, run->info.uuid, 8);
    prefix[8] = '\0';
    alDestroyRunData(run);
    alError err = {0};
    int64_t found = -1;
    assert_int_equal(alRunLog_FindRun(log, "1", &found, &err), AL_OK);
    assert_int_equal(found, id);
    found = -1;
    assert_int_equal(alRunLog_FindRun(log, prefix, &found, &err), AL_OK);
    assert_int_equal(found, id);
    // Upper case works too: uuids are hex.
    for (char *p = prefix; *p; ++p)
        if (*p >= 'a' && *p <= 'f') *p = (char)(*p - 'a' + 'A');
    found = -1;
    assert_int_equal(alRunLog_FindRun(log, prefix, &found, &err), AL_OK);
    assert_int_equal(found, id);
    // Unknown: a number not in the table, a prefix matching nothing, junk.
    assert_int_equal(alRunLog_FindRun(log, "42", &found, &err), AL_ERR_NOTFOUND);
    char want[600];
    snprintf(want, sizeof want, "no run 42 in %s", db);
    assert_string_equal(err.msg, want);
    assert_int_equal(alRunLog_FindRun(log, "zzzz", &found, &err), AL_ERR_NOTFOUND);
    assert_int_equal(alRunLog_FindRun(log, "-1", &found, &err), AL_ERR_NOTFOUND);
    assert_int_equal(alRunLog_FindRun(log, "", &found, &err), AL_ERR_NOTFOUND);
    alRunData *none = NULL;
    assert_int_equal(alRunLog_LoadRun(log, 99, false, &none, &err), AL_ERR_NOTFOUND);
    assert_null(none);
    alRunLog_Close(log);
    alDestroyConfig(cfg);
}

static void test_duplicate_generation_is_an_error_not_a_crash(void **state)
{
    const char *db = fx_path("runs.db");
    alConfig *cfg = fx_config("estrings", NULL);
    alRunLog *log = open_rw(db);
    int64_t id = fx_log_run(log, cfg, "dup", 1, 1, 2, NULL);
    alGenStats s = fx_stats(1, 1);
    alError err = {0};
    assert_int_equal(alRunLog_AddGeneration(log, id, &s, NULL, 0, &err), AL_ERR_DB);
    assert_non_null(strstr(err.msg, "cannot log a generation"));
    // The generations logged before are kept when the run ends.
    assert_int_equal(alRunLog_EndRun(log, id, "failed", &err), AL_OK);
    alRunLog_Close(log);
    assert_int_equal(raw_count(db, "SELECT count(*) FROM generations"), 2);
    alDestroyConfig(cfg);
}

// ---- files that are not ours are refused and untouched ------------------------

static void assert_refused_unchanged(const char *path, const char *needle)
{
    fx_snapshot before = fx_snap(path);
    alRunLog *log = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_Open(path, &log, &err), AL_ERR_USAGE);
    assert_null(log);
    assert_non_null(strstr(err.msg, needle));
    assert_non_null(strstr(err.msg, "not changed"));
    assert_int_equal(alResult_ExitCode(err.code), 2);
    assert_int_equal(alRunLog_OpenReadOnly(path, &log, &err), AL_ERR_USAGE);
    assert_null(log);
    assert_non_null(strstr(err.msg, needle));
    fx_assert_unchanged(path, &before);
}

static void test_text_file_is_refused_and_unchanged(void **state)
{
    const char *path = fx_path("x.db");
    const char text[] = "gen,best\n0,1.5\nthis is not a database, but it is named like one\n";
    fx_write_file(path, text, sizeof text - 1);
    assert_refused_unchanged(path, "not an SQLite file");
}

static void test_foreign_sqlite_database_is_refused_and_unchanged(void **state)
{
    const char *path = fx_path("other.db");
    raw_sql(path, "CREATE TABLE t(a, b); INSERT INTO t VALUES(1, 'x');");
    assert_refused_unchanged(path, "not an alife run database");
    assert_int_equal(raw_count(path, "SELECT count(*) FROM t"), 1);
}

static void test_newer_schema_is_refused_and_unchanged(void **state)
{
    const char *path = fx_path("future.db");
    alConfig *cfg = fx_config("estrings", NULL);
    alRunLog *log = open_rw(path);
    fx_log_run(log, cfg, "old", 1, 1, 3, "finished");
    alRunLog_Close(log);
    raw_sql(path, "PRAGMA user_version = 99");
    assert_refused_unchanged(path, "schema version 99 is newer");
    alDestroyConfig(cfg);
}

static void test_missing_database_is_not_created_by_reading(void **state)
{
    const char *path = fx_path("nowhere/runs.db");
    alRunLog *log = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_OpenReadOnly(path, &log, &err), AL_ERR_NOTFOUND);
    assert_non_null(strstr(err.msg, "no such database"));
    assert_int_equal(alResult_ExitCode(err.code), 2);
    struct stat sb;
    assert_int_not_equal(stat(fx_path("nowhere"), &sb), 0);
    // An empty file is not a database either, and reading leaves it empty.
    const char *empty = fx_path("empty.db");
    fx_write_file(empty, "", 0);
    assert_int_equal(alRunLog_OpenReadOnly(empty, &log, &err), AL_ERR_USAGE);
    assert_int_equal(stat(empty, &sb), 0);
    assert_int_equal(sb.st_size, 0);
}

static void test_folder_is_refused_for_reading_and_logging(void **state)
{
    alRunLog *log = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_Open(g_dir, &log, &err), AL_ERR_USAGE);
    assert_non_null(strstr(err.msg, "a folder, not an alife run database"));
    assert_int_equal(alRunLog_OpenReadOnly(g_dir, &log, &err), AL_ERR_USAGE);
    assert_null(log);
}

static void test_open_for_logging_creates_missing_folders(void **state)
{
    // One missing level is made (results/ in a fresh folder); two missing
    // levels are a typo in the path: refused, naming the folder, nothing made.
    alRunLog *bad = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_Open(fx_path("results/deeper/runs.db"), &bad, &err), AL_ERR_USAGE);
    assert_null(bad);
    assert_non_null(strstr(err.msg, "results/deeper does not exist"));
    struct stat sb;
    assert_int_not_equal(stat(fx_path("results"), &sb), 0);
    alRunLog_Close(open_rw(fx_path("results/runs.db")));
    const char *path = fx_path("results/deeper/runs.db");
    alRunLog *log = open_rw(path);
    alRunLog_Close(log);
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(raw_count(path, "PRAGMA user_version"), 3);
    assert_int_equal(raw_count(path, "PRAGMA application_id"), 0x616c6966);
    // WAL mode, so readers never wait for the writer.
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

// ---- two processes at once -----------------------------------------------------

enum { WRITERS = 3, RUNS_EACH = 4, GENS_EACH = 150 };

static void test_concurrent_writers_lose_nothing(void **state)
{
    // The database does not exist yet: the writers also race to create it.
    const char *path = fx_path("shared/runs.db");
    int go[2];
    assert_int_equal(pipe(go), 0);
    pid_t kids[WRITERS];
    for (int w = 0; w < WRITERS; ++w) {
        kids[w] = fork();
        assert_true(kids[w] >= 0);
        if (kids[w] == 0) {
            close(go[1]);
            char c;
            if (read(go[0], &c, 1) != 0) _exit(10); // wait for the start (EOF)
            alConfigDef def = alDefaultConfigDef();
            def.module = "estrings";
            alError err = {0};
            alConfig *cfg;
            alCreateConfig(&def, &cfg, &err);
            alRunLog *log = NULL;
            if (!cfg || alRunLog_Open(path, &log, &err) != AL_OK) {
                fprintf(stderr, "writer %d: %s\n", w, err.msg);
                _exit(1);
            }
            for (int r = 0; r < RUNS_EACH; ++r) {
                int64_t id;
                if (alRunLog_BeginRun(log, cfg, "w", (uint64_t)w, &id, &err) != AL_OK) _exit(2);
                for (int64_t g = 0; g < GENS_EACH; ++g) {
                    alGenStats s = fx_stats(w, g);
                    if (alRunLog_AddGeneration(log, id, &s, &g, sizeof g, &err) != AL_OK) {
                        fprintf(stderr, "writer %d: %s\n", w, err.msg);
                        _exit(3);
                    }
                    // Some work between generations, so the writers interleave.
                    if (g % 10 == 0) sleep_ms(1);
                    if (alRunLog_Flush(log, 0.05, &err) != AL_OK) _exit(4);
                }
                if (alRunLog_EndRun(log, id, "finished", &err) != AL_OK) _exit(5);
            }
            alRunLog_Close(log);
            alDestroyConfig(cfg);
            _exit(0);
        }
    }
    close(go[0]);
    close(go[1]); // all start now
    for (int w = 0; w < WRITERS; ++w) {
        int st;
        assert_int_equal(waitpid(kids[w], &st, 0), kids[w]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
    }
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs"), WRITERS * RUNS_EACH);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs WHERE status = 'finished'"),
                     WRITERS * RUNS_EACH);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM generations"),
                     WRITERS * RUNS_EACH * GENS_EACH);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM figures"),
                     2 * WRITERS * RUNS_EACH * GENS_EACH);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM genomes"),
                     WRITERS * RUNS_EACH * GENS_EACH);
    // Each run holds exactly its own writer's generations 0..GENS_EACH-1.
    assert_int_equal(raw_count(path, "SELECT count(*) FROM (SELECT run FROM generations"
                                     " GROUP BY run HAVING count(*) = 150 AND min(gen) = 0"
                                     " AND max(gen) = 149)"),
                     WRITERS * RUNS_EACH);
    assert_int_equal(raw_count(path,
                               "SELECT count(*) FROM generations g JOIN runs r"
                               " ON r.id = g.run WHERE g.best <> r.seed * 1000 + g.gen + 0.25"),
                     0);
}

// ---- batching ---------------------------------------------------------------------

static void test_batched_generations_are_visible_after_flush(void **state)
{
    const char *path = fx_path("runs.db");
    alConfig *cfg = fx_config("estrings", NULL);
    alRunLog *log = open_rw(path);
    int64_t id = fx_log_run(log, cfg, "batch", 1, 1, 0, NULL);
    alError err = {0};
    alGenStats s = fx_stats(1, 0);
    assert_int_equal(alRunLog_AddGeneration(log, id, &s, NULL, 0, &err), AL_OK);
    // A flush that asks for an age the batch has not reached keeps it open...
    assert_int_equal(alRunLog_Flush(log, 3600, &err), AL_OK);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM generations"), 0);
    // ...and one without an age commits it for every reader.
    assert_int_equal(alRunLog_Flush(log, 0, &err), AL_OK);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM generations"), 1);
    // A batch older than 50 ms is committed by the next flush with that age.
    s = fx_stats(1, 1);
    assert_int_equal(alRunLog_AddGeneration(log, id, &s, NULL, 0, &err), AL_OK);
    sleep_ms(60);
    assert_int_equal(alRunLog_Flush(log, 0.05, &err), AL_OK);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM generations"), 2);
    // The same connection reads its own pending batch (no nested transaction).
    s = fx_stats(1, 2);
    assert_int_equal(alRunLog_AddGeneration(log, id, &s, NULL, 0, &err), AL_OK);
    alRunData *run = load(log, id, false);
    assert_int_equal(run->gen_count, 3);
    alDestroyRunData(run);
    assert_int_equal(alRunLog_EndRun(log, id, "finished", &err), AL_OK);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM generations"), 3);
    alRunLog_Close(log);
    alDestroyConfig(cfg);
}

// ---- stale runs ----------------------------------------------------------------------

static const char *stored_status(const char *path, int64_t id)
{
    static char buf[32];
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT status FROM runs WHERE id = ?", -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(st, 1, id);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    snprintf(buf, sizeof buf, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return buf;
}

static void test_killed_run_shows_interrupted_and_keeps_generations(void **state)
{
    const char *path = fx_path("runs.db");
    int done[2];
    assert_int_equal(pipe(done), 0);
    pid_t kid = fork();
    assert_true(kid >= 0);
    if (kid == 0) {
        alConfigDef def = alDefaultConfigDef();
        def.module = "ants";
        alError err = {0};
        alConfig *cfg;
        alCreateConfig(&def, &cfg, &err);
        alRunLog *log = NULL;
        if (!cfg || alRunLog_Open(path, &log, &err) != AL_OK) _exit(1);
        int64_t id;
        if (alRunLog_BeginRun(log, cfg, "doomed", 5, &id, &err) != AL_OK) _exit(2);
        for (int64_t g = 0; g < 3; ++g) {
            alGenStats s = fx_stats(5, g);
            if (alRunLog_AddGeneration(log, id, &s, NULL, 0, &err) != AL_OK) _exit(3);
        }
        if (alRunLog_Flush(log, 0, &err) != AL_OK) _exit(4);
        if (write(done[1], "x", 1) != 1) _exit(5);
        for (;;)
            pause(); // until kill -9
    }
    char c;
    assert_int_equal(read(done[0], &c, 1), 1);
    // While the writer lives, its run is running.
    alRunLog *log = open_ro(path);
    alRunData *run = load(log, 1, false);
    assert_string_equal(run->info.status, "running");
    assert_false(run->info.stale);
    alDestroyRunData(run);
    alRunLog_Close(log);
    assert_int_equal(kill(kid, SIGKILL), 0);
    int st;
    assert_int_equal(waitpid(kid, &st, 0), kid);
    assert_true(WIFSIGNALED(st));

    // Read-only: shown interrupted, every flushed generation kept, row untouched.
    fx_snapshot before = fx_snap(path);
    log = open_ro(path);
    run = load(log, 1, false);
    assert_string_equal(run->info.status, "interrupted");
    assert_true(run->info.stale);
    assert_int_equal(run->gen_count, 3);
    alDestroyRunData(run);
    alRunList *list = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_ListRuns(log, NULL, &list, &err), AL_OK);
    assert_string_equal(alRunList_Get(list, 0)->status, "interrupted");
    alDestroyRunList(list);
    alRunLog_Close(log);
    assert_string_equal(stored_status(path, 1), "running");
    fx_assert_unchanged(path, &before);

    // Opened for logging, the store writes down what it knows.
    log = open_rw(path);
    alRunLog_Close(log);
    assert_string_equal(stored_status(path, 1), "interrupted");
    log = open_ro(path);
    run = load(log, 1, false);
    assert_string_equal(run->info.status, "interrupted");
    assert_false(run->info.stale);
    alDestroyRunData(run);
    alRunLog_Close(log);
    close(done[0]);
    close(done[1]);
}

static void test_running_row_of_live_process_stays_running(void **state)
{
    const char *path = fx_path("runs.db");
    alConfig *cfg = fx_config("estrings", NULL);
    alRunLog *log = open_rw(path);
    int64_t mine = fx_log_run(log, cfg, "mine", 1, 1, 2, NULL);       // this process: alive
    int64_t other = fx_log_run(log, cfg, "elsewhere", 2, 2, 2, NULL); // another host's
    int64_t reused = fx_log_run(log, cfg, "reused", 3, 3, 2, NULL);   // pid now someone else's
    assert_int_equal(alRunLog_Flush(log, 0, NULL), AL_OK);
    char sql[256];
    snprintf(sql, sizeof sql,
             "UPDATE runs SET host = 'some-other-machine', pid = 999999999 WHERE id = %lld;"
             "UPDATE runs SET started = '2000-01-01T00:00:00Z' WHERE id = %lld;",
             (long long)other, (long long)reused);
    raw_sql(path, sql);
    alRunLog *ro = open_ro(path);
    alRunData *run = load(ro, mine, false);
    assert_string_equal(run->info.status, "running");
    alDestroyRunData(run);
    run = load(ro, other, false);
    assert_string_equal(run->info.status, "running"); // cannot tell: not our host
    alDestroyRunData(run);
    // Our pid's process started long after 2000: that run's process is gone.
    run = load(ro, reused, false);
    assert_string_equal(run->info.status, "interrupted");
    assert_true(run->info.stale);
    alDestroyRunData(run);
    alRunLog_Close(ro);
    alRunLog_Close(log);
    // A writer opening the file rewrites none of them: the first two may be
    // alive, and pid reuse is inferred from clocks, so only readers act on it.
    log = open_rw(path);
    alRunLog_Close(log);
    assert_string_equal(stored_status(path, mine), "running");
    assert_string_equal(stored_status(path, other), "running");
    assert_string_equal(stored_status(path, reused), "running");
    alDestroyConfig(cfg);
}

// ---- compare --------------------------------------------------------------------------

static void test_compare_lists_only_the_params_that_differ(void **state)
{
    const char *path = fx_path("runs.db");
    alConfig *a = fx_config("estrings", "run.seed=1", "world.edge=wrap", NULL);
    alConfig *b = fx_config("estrings", "run.seed=2", "world.edge=bounce", NULL);
    alConfig *c = fx_config("estrings", "run.seed=3", "world.edge=wrap", NULL);
    alRunLog *log = open_rw(path);
    int64_t ids[3] = {fx_log_run(log, a, "a", 1, 1, 4, "finished"),
                      fx_log_run(log, b, "b", 2, 2, 6, "finished"),
                      fx_log_run(log, c, "c", 3, 3, 2, "interrupted")};
    alError err = {0};
    alComparison *cmp = NULL;
    assert_int_equal(alRunLog_Compare(log, ids, 3, &cmp, &err), AL_OK);
    assert_int_equal(cmp->run_count, 3);
    assert_int_equal(cmp->diff_count, 2);
    assert_string_equal(cmp->diff_keys[0], "run.seed");
    assert_string_equal(cmp->diff_keys[1], "world.edge");
    assert_string_equal(cmp->diff_values[0 * 2 + 0], "1");
    assert_string_equal(cmp->diff_values[1 * 2 + 0], "2");
    assert_string_equal(cmp->diff_values[2 * 2 + 1], "wrap");
    assert_string_equal(cmp->diff_values[1 * 2 + 1], "bounce");
    assert_int_equal(cmp->runs[1]->info.generation_count, 6);
    assert_true(cmp->runs[1]->info.last_best == fx_stats(2, 5).best);
    alDestroyComparison(cmp);
    // One run has nothing to differ from.
    assert_int_equal(alRunLog_Compare(log, ids, 1, &cmp, &err), AL_OK);
    assert_int_equal(cmp->diff_count, 0);
    alDestroyComparison(cmp);
    // An unknown run fails the whole comparison.
    int64_t bad[2] = {ids[0], 77};
    cmp = NULL;
    assert_int_equal(alRunLog_Compare(log, bad, 2, &cmp, &err), AL_ERR_NOTFOUND);
    assert_null(cmp);
    alDestroyComparison(NULL);
    alRunLog_Close(log);
    alDestroyConfig(a);
    alDestroyConfig(b);
    alDestroyConfig(c);
}

// A version-1 file as alife wrote it before the schema grew: one run of a
// sweep with numeric and text params.
static const char *v1_file =
    "CREATE TABLE runs(id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, module TEXT NOT NULL,"
    " name TEXT NOT NULL, seed INTEGER NOT NULL, config TEXT NOT NULL, version TEXT NOT NULL,"
    " status TEXT NOT NULL CHECK(status IN ('running','finished','interrupted','failed')),"
    " started TEXT NOT NULL, finished TEXT, host TEXT, pid INTEGER);"
    "CREATE TABLE params(run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY(run, key));"
    "CREATE TABLE generations(run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, best REAL, mean REAL, worst REAL, stddev REAL,"
    " evaluations INTEGER, ticks INTEGER, wall_s REAL, PRIMARY KEY(run, gen));"
    "CREATE TABLE figures(run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, name TEXT NOT NULL, value REAL, PRIMARY KEY(run, gen, name));"
    "CREATE TABLE genomes(run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    " gen INTEGER NOT NULL, rank INTEGER NOT NULL, fitness REAL, genome BLOB,"
    " PRIMARY KEY(run, gen, rank));"
    "PRAGMA application_id = 1634298214; PRAGMA user_version = 1;"
    "INSERT INTO runs VALUES(1, 'u1', 'ants', 'old', 3, '', '0.1', 'finished',"
    " '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', 'h', 1);"
    "INSERT INTO params VALUES(1, 'run.sweep', 'sw'), (1, 'run.group', 'ga.elites=2'),"
    " (1, 'ants.count', '5000'), (1, 'ga.mutation_rate', '0.05'), (1, 'estrings.target', '1e9x');"
    "INSERT INTO generations VALUES(1, 0, 1.5, 1.0, 0.5, 0.1, 10, 100, 0.01),"
    " (1, 1, 2.5, 2.0, 1.5, 0.1, 10, 100, 0.01);"
    "INSERT INTO figures VALUES(1, 0, 'food_mean', 7), (1, 1, 'food_mean', 8);";

static void test_version_1_file_migrates_with_numbers_sweeps_and_views(void **state)
{
    const char *path = fx_path("v1.db");
    raw_sql(path, v1_file);
    alRunLog *log = open_rw(path);
    alRunLog_Close(log);
    assert_int_equal(raw_count(path, "PRAGMA user_version"), 3);
    // Numbers compare as numbers: '5000' > 1000 as text is true for any
    // text, as num only for the count (not for the target '1e9x').
    assert_int_equal(raw_count(path, "SELECT count(*) FROM params WHERE num > 1000"), 1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM params WHERE num IS NULL"), 3);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM params WHERE value > 1000"), 4);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs WHERE sweep = 'sw'"
                                     " AND sweep_group = 'ga.elites=2'"),
                     1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM run_summary WHERE generations = 2"
                                     " AND final_best = 2.5 AND final_mean = 2.0"
                                     " AND status = 'finished' AND sweep = 'sw'"),
                     1);
    assert_int_equal(raw_count(path, "SELECT food_mean FROM generations_wide WHERE gen = 1"), 8);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM sqlite_master WHERE type = 'index'"
                                     " AND name = 'generations_by_gen'"),
                     1);
    // Still read by alife as before.
    alRunLog *ro = NULL;
    alError err = {0};
    assert_int_equal(alRunLog_OpenReadOnly(path, &ro, &err), AL_OK);
    alRunData *d = NULL;
    assert_int_equal(alRunLog_LoadRun(ro, 1, true, &d, &err), AL_OK);
    assert_int_equal(d->gen_count, 2);
    alDestroyRunData(d);
    alRunLog_Close(ro);
}

// run_status tells SQL tools the truth about a row left 'running': its
// writer's heartbeat is recent while it lives, and stale once it died.
static void test_run_status_view_reads_stale_running_rows_interrupted(void **state)
{
    const char *path = fx_path("beat.db");
    alRunLog *log = open_rw(path);
    alConfig *c = fx_config("estrings", "run.sweep=s1", "run.group=g=1", NULL);
    int64_t id = fx_log_run(log, c, "beat", 4, 1, 3, NULL);
    alDestroyConfig(c);
    assert_int_equal(alRunLog_Flush(log, 0, NULL), AL_OK);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM run_status WHERE status = 'running'"),
                     1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs WHERE heartbeat >="
                                     " CAST(strftime('%s','now') AS INTEGER) - 60"),
                     1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs WHERE sweep = 's1'"
                                     " AND sweep_group = 'g=1'"),
                     1);
    // The process died 10 minutes ago (the row says 'running' still).
    raw_sql(path, "UPDATE runs SET heartbeat = heartbeat - 600");
    assert_int_equal(raw_count(path, "SELECT count(*) FROM runs WHERE status = 'running'"), 1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM run_status WHERE status ="
                                     " 'interrupted' AND stored_status = 'running'"),
                     1);
    assert_int_equal(raw_count(path, "SELECT count(*) FROM run_summary WHERE status ="
                                     " 'interrupted' AND generations = 3"),
                     1);
    (void)id;
    alRunLog_Close(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)
        T(test_round_trip_keeps_run_params_generations_figures_genomes),
        T(test_run_without_generations_has_no_last),
        T(test_list_runs_oldest_first_and_filters_by_module),
        T(test_find_run_by_id_or_uuid_prefix),
        T(test_duplicate_generation_is_an_error_not_a_crash),
        T(test_text_file_is_refused_and_unchanged),
        T(test_foreign_sqlite_database_is_refused_and_unchanged),
        T(test_newer_schema_is_refused_and_unchanged),
        T(test_missing_database_is_not_created_by_reading),
        T(test_folder_is_refused_for_reading_and_logging),
        T(test_open_for_logging_creates_missing_folders),
        T(test_concurrent_writers_lose_nothing),
        T(test_batched_generations_are_visible_after_flush),
        T(test_killed_run_shows_interrupted_and_keeps_generations),
        T(test_running_row_of_live_process_stays_running),
        T(test_compare_lists_only_the_params_that_differ),
        T(test_version_1_file_migrates_with_numbers_sweeps_and_views),
        T(test_run_status_view_reads_stale_running_rows_interrupted),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
