// alRunLog_Merge: runs from several databases end up in one by uuid, without
// id clashes, with everything that belongs to them, and merging again adds
// nothing; bad inputs are refused before anything is written.
#include "store_fixtures.h"

#include <sqlite3.h>
#include <stdbool.h>
#include <sys/wait.h>

#include "alife/runmerge.h"

// Logs a finished (or ended with status) run of module with n generations,
// tag choosing its values (best = tag*1000 + g + 0.25), and sets, a
// NULL-terminated list of overrides of up to two.
static int64_t log_run(alRunLog *log, const char *module, uint64_t seed, const char *set1,
                       const char *set2, int tag, int n, const char *status)
{
    alConfig *c = fx_config(module, set1, set2, NULL);
    int64_t id = fx_log_run(log, c, "fixture", seed, tag, n, status);
    alDestroyConfig(c);
    return id;
}

// The whole content of a file (malloc'd), size in *n; NULL if it does not exist.
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return buf;
}

static int64_t q_int(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

// Two "machines": A has 2 runs, B has 3; their ids overlap (1, 2).
static void make_ab(char *a, char *b, size_t cap)
{
    snprintf(a, cap, "%s", fx_path("a.db"));
    snprintf(b, cap, "%s", fx_path("b.db"));
    alRunLog *log;
    alError err;
    assert_int_equal(alRunLog_Open(a, &log, &err), AL_OK);
    assert_true(log_run(log, "ants", 1, "run.sweep=s", "run.group=x=1", 1, 5, "finished") == 1);
    assert_true(log_run(log, "ants", 2, "run.sweep=s", "run.group=x=1", 1, 6, "finished") == 2);
    alRunLog_Close(log);
    assert_int_equal(alRunLog_Open(b, &log, &err), AL_OK);
    assert_true(log_run(log, "ants", 1, "run.sweep=s", "run.group=x=2", 3, 7, "finished") == 1);
    assert_true(log_run(log, "ants", 2, "run.sweep=s", "run.group=x=2", 2, 8, "interrupted") ==
                2);
    assert_true(log_run(log, "estrings", 3, NULL, NULL, 9, 3, "finished") == 3);
    alRunLog_Close(log);
}

static void merge_copies_every_run_with_new_ids_and_all_rows(void **state)
{
    char a[400], b[400], c[400];
    make_ab(a, b, sizeof a);
    snprintf(c, sizeof c, "%s", fx_path("sub/c.db"));
    const char *src[] = {a, b};
    alMergeCounts k;
    alError err = {0};
    if (alRunLog_Merge(c, src, 2, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    assert_int_equal(k.runs_added, 5);
    assert_int_equal(k.runs_present, 0);
    assert_int_equal(k.generations_added, 5 + 6 + 7 + 8 + 3);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs"), 5);
    assert_int_equal(q_int(c, "SELECT count(DISTINCT id) FROM runs"), 5);
    assert_int_equal(q_int(c, "SELECT count(*) FROM generations"), 29);
    assert_int_equal(q_int(c, "SELECT count(*) FROM figures"), 2 * 29); // alpha and beta
    assert_int_equal(q_int(c, "SELECT count(*) FROM genomes"), 29);
    // Params follow their run: every run has as many params as in its source.
    assert_int_equal(q_int(c, "SELECT count(*) FROM params"),
                     q_int(a, "SELECT count(*) FROM params") +
                         q_int(b, "SELECT count(*) FROM params"));
    // B's run 2 (8 generations, interrupted, group x=2) kept its rows and status.
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM generations g JOIN runs r ON r.id = g.run"
             " JOIN params p ON p.run = r.id AND p.key = 'run.group' AND p.value = 'x=2'"
             " WHERE r.status = 'interrupted'");
    assert_int_equal(q_int(c, sql), 8);
    // The values came across: best of gen 7 of that run (tag 2) is 2007.25.
    assert_int_equal(q_int(c, "SELECT CAST(4 * best AS INTEGER) FROM generations g JOIN runs r"
                              " ON r.id = g.run WHERE r.status = 'interrupted' AND g.gen = 7"),
                     4 * 2007 + 1);
    assert_int_equal(q_int(c, "SELECT count(*) FROM genomes WHERE length(genome) = 8"), 29);
    // The columns SQL tools query by came along (schema version 2).
    assert_int_equal(
        q_int(c, "SELECT count(*) FROM runs WHERE sweep = 's' AND sweep_group = 'x=2'"), 2);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs WHERE sweep IS NULL"), 1);
    assert_int_equal(q_int(c, "SELECT count(*) FROM params WHERE num IS NOT NULL"),
                     q_int(a, "SELECT count(*) FROM params WHERE num IS NOT NULL") +
                         q_int(b, "SELECT count(*) FROM params WHERE num IS NOT NULL"));
    assert_true(q_int(c, "SELECT count(*) FROM params WHERE num IS NOT NULL") > 0);
    // uuids preserved.
    assert_int_equal(q_int(a, "SELECT count(*) FROM runs"), 2);
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(a, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT uuid FROM runs", -1, &st, NULL), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM runs WHERE uuid = '%s'",
                 (const char *)sqlite3_column_text(st, 0));
        assert_int_equal(q_int(c, sql), 1);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void merging_twice_adds_nothing(void **state)
{
    char a[400], b[400], c[400];
    make_ab(a, b, sizeof a);
    snprintf(c, sizeof c, "%s", fx_path("c.db"));
    const char *src[] = {a, b, a};
    alMergeCounts k;
    alError err = {0};
    if (alRunLog_Merge(c, src, 3, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    assert_int_equal(k.runs_added, 5);
    assert_int_equal(k.runs_present, 2); // a's runs, the second time
    if (alRunLog_Merge(c, src, 2, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    assert_int_equal(k.runs_added, 0);
    assert_int_equal(k.runs_present, 5);
    assert_int_equal(k.generations_added, 0);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs"), 5);
    assert_int_equal(q_int(c, "SELECT count(*) FROM generations"), 29);
    // Merging into one of the sources: b gains a's 2 runs, once.
    const char *one[] = {a};
    if (alRunLog_Merge(b, one, 1, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    if (alRunLog_Merge(b, one, 1, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    assert_int_equal(q_int(b, "SELECT count(*) FROM runs"), 5);
    // The target itself as a source adds nothing.
    const char *self[] = {c};
    if (alRunLog_Merge(c, self, 1, &k, &err) != AL_OK) fail_msg("%s", err.msg);
    assert_int_equal(k.runs_added, 0);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs"), 5);
}

// a: a database holding one finished ants run of gens generations; c: the
// path of the target the test merges it into.
static void finished_run_in_a(char a[400], char c[400], int gens)
{
    snprintf(a, 400, "%s", fx_path("a.db"));
    snprintf(c, 400, "%s", fx_path("c.db"));
    alRunLog *log;
    alError err = {0};
    assert_int_equal(alRunLog_Open(a, &log, &err), AL_OK);
    assert_true(log_run(log, "ants", 1, NULL, NULL, 0, gens, "finished") == 1);
    alRunLog_Close(log);
}

static void merge_completes_a_run_copied_mid_run(void **state)
{
    char a[400], c[400];
    alError err = {0};
    finished_run_in_a(a, c, 4);
    // Simulate the mid-run copy: c has the run 'running' with 2 generations.
    const char *src[] = {a};
    assert_int_equal(alRunLog_Merge(c, src, 1, NULL, &err), AL_OK);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(c, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DELETE FROM generations WHERE gen >= 2;"
                                  " UPDATE runs SET status = 'running', finished = NULL",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    alMergeCounts k;
    assert_int_equal(alRunLog_Merge(c, src, 1, &k, &err), AL_OK);
    assert_int_equal(k.runs_added, 0);
    assert_int_equal(k.runs_updated, 1);
    assert_int_equal(k.generations_added, 2);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs WHERE status = 'finished'"), 1);
    assert_int_equal(q_int(c, "SELECT count(*) FROM generations"), 4);
}

// The two-step merge of issue 12: a copy taken mid-run is merged, then the
// final database. Between the two, the run's process has ended, so opening
// the target for the second merge marks the copy's 'running' row
// interrupted (its pid is gone): the final copy must still complete it.
static void merge_completes_a_run_the_target_marked_interrupted(void **state)
{
    (void)state;
    char a[400], c[400];
    alError err = {0};
    finished_run_in_a(a, c, 6);
    // A process that has ended: its pid stands for the run's finished process.
    pid_t child = fork();
    if (child == 0) _exit(0);
    assert_true(child > 0);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    const char *src[] = {a};
    assert_int_equal(alRunLog_Merge(c, src, 1, NULL, &err), AL_OK);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(c, &db), SQLITE_OK);
    char sql[300];
    snprintf(sql, sizeof sql,
             "DELETE FROM generations WHERE gen >= 2; DELETE FROM genomes WHERE gen >= 2;"
             " UPDATE runs SET status = 'running', finished = NULL, pid = %d",
             (int)child);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    alMergeCounts k;
    assert_int_equal(alRunLog_Merge(c, src, 1, &k, &err), AL_OK);
    assert_int_equal(k.runs_updated, 1);
    assert_int_equal(k.generations_added, 4);
    assert_int_equal(q_int(c, "SELECT count(*) FROM runs WHERE status = 'finished'"
                              " AND finished IS NOT NULL"),
                     1);
    assert_int_equal(q_int(c, "SELECT count(*) FROM generations"), 6);
    assert_int_equal(q_int(c, "SELECT count(*) FROM genomes"), 6);
    // A later merge of the same final copy changes nothing more.
    assert_int_equal(alRunLog_Merge(c, src, 1, &k, &err), AL_OK);
    assert_int_equal(k.runs_updated, 0);
}

// Asserts merging fails with the file named in the message and that neither
// the sources nor the target changed by a byte (the target not created).
static void expect_refused(const char *into, const char *const *src, int n, const char *needle)
{
    size_t sizes[8], tsize = 0;
    char *before[8];
    for (int i = 0; i < n; ++i) before[i] = slurp(src[i], &sizes[i]);
    char *tbefore = slurp(into, &tsize);
    alError err = {0};
    alResult r = alRunLog_Merge(into, src, n, NULL, &err);
    assert_int_not_equal(r, AL_OK);
    if (!strstr(err.msg, needle)) fail_msg("'%s' not in: %s", needle, err.msg);
    for (int i = 0; i < n; ++i) {
        size_t len;
        char *after = slurp(src[i], &len);
        if (before[i]) {
            assert_non_null(after);
            assert_int_equal(len, sizes[i]);
            assert_memory_equal(before[i], after, len);
        }
        free(before[i]);
        free(after);
    }
    size_t tlen;
    char *tafter = slurp(into, &tlen);
    if (!tbefore) {
        assert_null(tafter);
    } else {
        assert_int_equal(tlen, tsize);
        assert_memory_equal(tbefore, tafter, tlen);
    }
    free(tbefore);
    free(tafter);
}

static void merge_refuses_foreign_corrupt_and_missing_files_untouched(void **state)
{
    char a[400], b[400], c[400], junk[400], foreign[400], cut[400];
    make_ab(a, b, sizeof a);
    snprintf(c, sizeof c, "%s", fx_path("c.db"));
    snprintf(junk, sizeof junk, "%s", fx_path("junk.db"));
    snprintf(foreign, sizeof foreign, "%s", fx_path("foreign.db"));
    snprintf(cut, sizeof cut, "%s", fx_path("cut.db"));
    FILE *f = fopen(junk, "wb");
    for (int i = 0; i < 2000; ++i) fputs("not a database ", f);
    fclose(f);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(foreign, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE runs(x); INSERT INTO runs VALUES(1)", NULL,
                                  NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    // A real alife database with its second half cut off.
    size_t n;
    char *whole = slurp(a, &n);
    f = fopen(cut, "wb");
    fwrite(whole, 1, n / 2, f);
    fclose(f);
    free(whole);

    const char *s1[] = {a, junk};
    expect_refused(c, s1, 2, "junk.db");
    const char *s2[] = {foreign, b};
    expect_refused(c, s2, 2, "not an alife run database");
    const char *s3[] = {a, "no/such.db"};
    expect_refused(c, s3, 2, "no/such.db");
    const char *s4[] = {a, cut};
    expect_refused(c, s4, 2, "cut.db");
    // A foreign target is not touched either.
    const char *s5[] = {a};
    expect_refused(foreign, s5, 1, "foreign.db");
    expect_refused(junk, s5, 1, "junk.db");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(merge_copies_every_run_with_new_ids_and_all_rows, fx_setup,
                                        fx_teardown),
        cmocka_unit_test_setup_teardown(merging_twice_adds_nothing, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(merge_completes_a_run_the_target_marked_interrupted,
                                        fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(merge_completes_a_run_copied_mid_run, fx_setup,
                                        fx_teardown),
        cmocka_unit_test_setup_teardown(merge_refuses_foreign_corrupt_and_missing_files_untouched,
                                        fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
