// A run driven through src/app/session.c (what `alife run` and the GUI use)
// into the run database: every generation logged, SIGINT/SIGTERM keep every
// finished generation and mark the run interrupted, kill -9 leaves a row
// shown as interrupted, a slow generation does not hold the write lock.
// The module is a tiny one defined here, so the test does not depend on
// the real modules' speed.
#include <errno.h>
#include <sqlite3.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "session.h"
#include "store_fixtures.h"

// ---- a test module: a generation every `ticks_per_gen` ticks ---------------

typedef struct counter {
    int64_t tick, gen;
    int ticks_per_gen;
    long tick_us; // sleep per tick, microseconds
    alGenStats last;
    bool have;
    unsigned char genome[4];
} counter;

static int g_ticks_per_gen = 5;
static long g_tick_us = 1000;
static bool g_reject = false;

static alResult counter_create(const alConfig *cfg, uint64_t seed, void **out, alError *err)
{
    if (g_reject) return alError_Set(err, AL_ERR_CONFIG, "counter: rejected on purpose");
    counter *c = calloc(1, sizeof *c);
    if (!c) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    c->ticks_per_gen = g_ticks_per_gen;
    c->tick_us = g_tick_us;
    *out = c;
    return AL_OK;
}

static void counter_destroy(void *self)
{
    free(self);
}

static bool counter_step(void *self)
{
    counter *c = self;
    if (c->tick_us > 0) {
        struct timespec ts = {c->tick_us / 1000000, (c->tick_us % 1000000) * 1000};
        nanosleep(&ts, NULL);
    }
    if (++c->tick % c->ticks_per_gen != 0) return false;
    double f[3] = {(double)c->gen, (double)c->gen + 1, (double)c->gen + 2};
    memset(&c->last, 0, sizeof c->last);
    alGenStats_FromFitness(&c->last, f, 3, false);
    c->last.gen = c->gen;
    c->last.evaluations = 3 * (c->gen + 1);
    c->last.ticks = c->tick;
    alGenStats_AddFigure(&c->last, "ticks_seen", (double)c->tick);
    memcpy(c->genome, &c->gen, sizeof c->genome);
    c->have = true;
    c->gen++;
    return true;
}

static bool counter_last_stats(const void *self, alGenStats *out)
{
    const counter *c = self;
    if (c->have) *out = c->last;
    return c->have;
}

static bool counter_finished(const void *self)
{
    return false;
}

static const void *counter_genome(const void *self, size_t *bytes)
{
    const counter *c = self;
    *bytes = sizeof c->genome;
    return c->genome;
}

static const alModuleClass counter_class = {
    .name = "counter",
    .title = "Test counter",
    .create = counter_create,
    .destroy = counter_destroy,
    .step = counter_step,
    .last_stats = counter_last_stats,
    .finished = counter_finished,
    .best_genome = counter_genome,
};

// The same module with step_many: up to max_ticks ticks, to a generation's end.
static int g_many_calls;

static bool counter_step_many(void *self, int64_t max_ticks, int64_t *done)
{
    g_many_calls++;
    for (*done = 1;; ++*done) {
        bool ended = counter_step(self);
        if (ended || *done == max_ticks) return ended;
    }
}

static const alModuleClass batch_class = {
    .name = "counter",
    .title = "Test counter, many ticks at once",
    .create = counter_create,
    .destroy = counter_destroy,
    .step = counter_step,
    .last_stats = counter_last_stats,
    .finished = counter_finished,
    .best_genome = counter_genome,
    .step_many = counter_step_many,
};

// ---- helpers --------------------------------------------------------------------

static alRunData *load_only_run(const char *db)
{
    alRunLog *log = NULL;
    alError err = {0};
    if (alRunLog_OpenReadOnly(db, &log, &err) != AL_OK) fail_msg("open: %s", err.msg);
    alRunData *run = NULL;
    int64_t id;
    if (alRunLog_FindRun(log, "1", &id, &err) != AL_OK ||
        alRunLog_LoadRun(log, id, true, &run, &err) != AL_OK)
        fail_msg("load: %s", err.msg);
    alRunLog_Close(log);
    return run;
}

static void report_gen(const al_session *s, void *ctx)
{
    int fd = *(int *)ctx;
    int64_t n = s->gens;
    if (write(fd, &n, sizeof n) != (ssize_t)sizeof n) _exit(20);
}

// Child: runs the counter module through the session until it is stopped.
// Reports each finished generation count on fd, then -1 and the final count.
static void child_run(const char *db, int fd, bool catch_signals)
{
    alConfig *cfg = fx_config("estrings", "run.generations=1000000", NULL);
    al_session s;
    alError err = {0};
    if (al_session_open_with_class(&s, &counter_class, cfg, db, "counter", &err) != AL_OK)
        _exit(10);
    if (catch_signals) al_session_catch_signals();
    const char *end = al_session_run(&s, report_gen, &fd, &err);
    int64_t marks[2] = {-1, s.gens};
    if (write(fd, marks, sizeof marks) != (ssize_t)sizeof marks) _exit(21);
    bool interrupted = strcmp(end, "interrupted") == 0 && err.code == AL_ERR_INTERRUPTED;
    al_session_close(&s, end);
    _exit(interrupted ? 0 : 1);
}

// Forks a child running child_run; *fd reads its reports.
static pid_t spawn_run(const char *db, int *fd)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t kid = fork();
    assert_true(kid >= 0);
    if (kid == 0) {
        close(fds[0]);
        child_run(db, fds[1], true);
    }
    close(fds[1]);
    *fd = fds[0];
    return kid;
}

// Reads generation counts from fd until one is >= n.
static void wait_for_gens(int fd, int64_t n)
{
    int64_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, &got, sizeof got);
        assert_int_equal(r, sizeof got);
    }
}

// ---- tests ------------------------------------------------------------------------

static void test_session_logs_every_generation_with_figures_and_genome(void **state)
{
    const char *db = fx_path("results/runs.db");
    g_tick_us = 0;
    alConfig *cfg = fx_config("estrings", "run.generations=7", "run.seed=9", NULL);
    al_session s;
    alError err = {0};
    assert_int_equal(al_session_open_with_class(&s, &counter_class, cfg, db, "seven", &err), AL_OK);
    const char *end = al_session_run(&s, NULL, NULL, &err);
    assert_string_equal(end, "finished");
    assert_int_equal(s.gens, 7);
    al_session_close(&s, end);
    alRunData *run = load_only_run(db);
    assert_string_equal(run->info.status, "finished");
    assert_string_equal(run->info.name, "seven");
    assert_string_equal(run->info.module, "estrings");
    assert_int_equal(run->info.seed, 9);
    assert_int_equal(run->gen_count, 7);
    assert_int_equal(run->figure_count, 1);
    assert_string_equal(run->figure_names[0], "ticks_seen");
    for (int64_t g = 0; g < 7; ++g) {
        assert_int_equal(run->gens[g].gen, g);
        assert_true(run->gens[g].best == (double)g + 2);
        assert_true(run->gens[g].mean == (double)g + 1);
        assert_true(run->gens[g].figures[0] == (double)(5 * (g + 1)));
        assert_true(run->gens[g].wall_s >= 0);
    }
    assert_int_equal(run->genome_count, 7);
    int32_t g6;
    memcpy(&g6, run->genomes[6].bytes, sizeof g6);
    assert_int_equal(g6, 6);
    alDestroyRunData(run);
    g_tick_us = 1000;
}

// al_session_run hands a module with step_many whole generations at once,
// yet stops exactly at run.generations and at run.steps (mid-generation).
static void test_step_many_keeps_the_generation_and_tick_limits_exact(void **state)
{
    g_tick_us = 0;
    al_session s;
    alError err = {0};
    g_many_calls = 0;
    assert_int_equal(al_session_open_with_class(&s, &batch_class,
                                                fx_config("estrings", "run.generations=4", NULL),
                                                NULL, "gens", &err),
                     AL_OK);
    assert_string_equal(al_session_run(&s, NULL, NULL, &err), "finished");
    assert_int_equal(s.gens, 4);
    assert_int_equal(s.ticks, 20);
    assert_int_equal(((counter *)s.mod)->tick, 20);
    // Several ticks a call, never past a generation's end (advances start
    // at one tick and double while quick, so a stop request is seen soon).
    assert_true(g_many_calls >= 4 && g_many_calls < 20);
    assert_true(s.last.best == 3 + 2.0 && s.last.figures[0] == 20.0);
    al_session_close(&s, "finished");

    g_many_calls = 0;
    assert_int_equal(al_session_open_with_class(
                         &s, &batch_class,
                         fx_config("estrings", "run.generations=100", "run.steps=13", NULL), NULL,
                         "steps", &err),
                     AL_OK);
    assert_string_equal(al_session_run(&s, NULL, NULL, &err), "finished");
    assert_int_equal(s.gens, 2);
    assert_int_equal(s.ticks, 13);
    assert_int_equal(((counter *)s.mod)->tick, 13);
    assert_true(g_many_calls >= 3 && g_many_calls < 13);
    al_session_close(&s, "finished");

    // al_session_advance says how many ticks it did; one tick without step_many.
    assert_int_equal(al_session_open_with_class(&s, &counter_class,
                                                fx_config("estrings", "run.generations=3", NULL),
                                                NULL, "plain", &err),
                     AL_OK);
    int64_t did = 0;
    assert_int_equal(al_session_advance(&s, 4, &did, &err), 0);
    assert_int_equal(did, 1);
    al_session_close(&s, "finished");
    assert_int_equal(al_session_open_with_class(&s, &batch_class,
                                                fx_config("estrings", "run.generations=3", NULL),
                                                NULL, "batch", &err),
                     AL_OK);
    assert_int_equal(al_session_advance(&s, 3, &did, &err), 0);
    assert_int_equal(did, 3);
    assert_int_equal(al_session_advance(&s, 100, &did, &err), 1);
    assert_int_equal(did, 2);
    assert_int_equal(s.gens, 1);
    al_session_close(&s, "finished");
    g_tick_us = 1000;
}

static void test_default_path_creates_results_folder(void **state)
{
    char cwd[1024];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(g_dir), 0);
    g_tick_us = 0;
    al_session s;
    alError err = {0};
    alResult r = al_session_open_with_class(&s, &counter_class,
                                            fx_config("estrings", "run.generations=2", NULL),
                                            AL_DEFAULT_DB, "default", &err);
    if (r == AL_OK) al_session_close(&s, al_session_run(&s, NULL, NULL, &err));
    g_tick_us = 1000;
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(r, AL_OK);
    struct stat sb;
    assert_int_equal(stat(fx_path("results"), &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    alRunData *run = load_only_run(fx_path("results/runs.db"));
    assert_int_equal(run->gen_count, 2);
    assert_string_equal(run->info.status, "finished");
    alDestroyRunData(run);
}

static void test_module_rejecting_its_config_writes_no_database(void **state)
{
    const char *db = fx_path("results/runs.db");
    g_reject = true;
    al_session s;
    alError err = {0};
    assert_int_equal(al_session_open_with_class(&s, &counter_class, fx_config("estrings", NULL), db,
                                                "rejected", &err),
                     AL_ERR_CONFIG);
    g_reject = false;
    struct stat sb;
    assert_int_not_equal(stat(db, &sb), 0);
}

static void stop_with_signal_keeps_every_finished_generation(int sig)
{
    const char *db = fx_path("runs.db");
    int fd;
    pid_t kid = spawn_run(db, &fd);
    wait_for_gens(fd, 8);
    assert_int_equal(kill(kid, sig), 0);
    // Drain: generation counts, then the -1 mark and the final count.
    int64_t v = 0, final = -1;
    while (read(fd, &v, sizeof v) == (ssize_t)sizeof v)
        if (v == -1) {
            assert_int_equal(read(fd, &final, sizeof final), sizeof final);
            break;
        }
    close(fd);
    int st;
    assert_int_equal(waitpid(kid, &st, 0), kid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0); // the child saw "interrupted"
    assert_true(final >= 8);
    alRunData *run = load_only_run(db);
    assert_string_equal(run->info.status, "interrupted");
    assert_false(run->info.stale); // written by the run itself, not inferred
    assert_non_null(run->info.finished);
    assert_int_equal(run->gen_count, final);
    assert_int_equal(run->genome_count, final);
    assert_int_equal(run->gens[final - 1].gen, final - 1);
    alDestroyRunData(run);
}

static void test_sigint_keeps_every_finished_generation_and_marks_interrupted(void **state)
{
    stop_with_signal_keeps_every_finished_generation(SIGINT);
}

static void test_sigterm_keeps_every_finished_generation_and_marks_interrupted(void **state)
{
    stop_with_signal_keeps_every_finished_generation(SIGTERM);
}

static void test_kill9_leaves_running_row_shown_interrupted(void **state)
{
    const char *db = fx_path("runs.db");
    int fd;
    pid_t kid = spawn_run(db, &fd);
    wait_for_gens(fd, 5);
    // Batches commit within ~50 ms even while generations keep coming.
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    assert_int_equal(kill(kid, SIGKILL), 0);
    int st;
    assert_int_equal(waitpid(kid, &st, 0), kid);
    assert_true(WIFSIGNALED(st));
    close(fd);
    alRunData *run = load_only_run(db);
    assert_string_equal(run->info.status, "interrupted");
    assert_true(run->info.stale);
    assert_null(run->info.finished);
    assert_true(run->gen_count >= 5);
    alDestroyRunData(run);
}

static void test_slow_generation_does_not_hold_the_write_lock(void **state)
{
    const char *db = fx_path("runs.db");
    // One generation every 2 s (100 ticks of 20 ms).
    g_ticks_per_gen = 100;
    g_tick_us = 20000;
    int fd;
    pid_t kid = spawn_run(db, &fd);
    g_ticks_per_gen = 5;
    g_tick_us = 1000;
    wait_for_gens(fd, 1);
    struct timespec ts = {0, 150 * 1000000L};
    nanosleep(&ts, NULL);
    // Generation 0 is committed, visible to a reader...
    alRunData *run = load_only_run(db);
    assert_int_equal(run->gen_count, 1);
    alDestroyRunData(run);
    // ...and another writer gets the lock at once, not after generation 1.
    alRunLog *log = NULL;
    alError err = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(alRunLog_Open(db, &log, &err), AL_OK);
    alConfig *cfg = fx_config("ants", NULL);
    int64_t id;
    assert_int_equal(alRunLog_BeginRun(log, cfg, "other", 1, &id, &err), AL_OK);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double waited = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    assert_true(waited < 1.0);
    assert_int_equal(alRunLog_EndRun(log, id, "finished", &err), AL_OK);
    alRunLog_Close(log);
    alDestroyConfig(cfg);
    kill(kid, SIGINT);
    int st;
    waitpid(kid, &st, 0);
    close(fd);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

// ---- live edits and the end of the run (issue 11 holes 4 and 5) ---------------------

static int64_t sql_int(const char *db, const char *sql)
{
    sqlite3 *sq;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open_v2(db, &sq, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    if (sqlite3_prepare_v2(sq, sql, -1, &st, NULL) != SQLITE_OK) fail_msg("%s", sqlite3_errmsg(sq));
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(sq);
    return v;
}

// An edit is stored with its generation and tick; a repeat within one
// generation (a drag) once; the run reads back as edited, first edit named.
static void test_edits_are_marked_once_per_generation_with_when_and_what(void **state)
{
    const char *db = fx_path("edits.db");
    g_tick_us = 0;
    al_session s;
    alError err = {0};
    alConfig *cfg = fx_config("estrings", "run.generations=5", NULL);
    assert_int_equal(al_session_open_with_class(&s, &counter_class, cfg, db, "e", &err), AL_OK);
    while (s.gens < 2) assert_true(al_session_step(&s, &err) >= 0);
    assert_int_equal(al_session_step(&s, &err), 0); // tick 11: mid-generation
    assert_int_equal(al_session_mark_edited(&s, "target moved", 0, &err), AL_OK);
    assert_int_equal(al_session_mark_edited(&s, "target moved", 0, &err), AL_OK); // the same drag
    assert_int_equal(al_session_mark_edited(&s, "vehicles added", 0, &err), AL_OK);
    while (s.gens < 3) assert_true(al_session_step(&s, &err) >= 0);
    assert_int_equal(al_session_mark_edited(&s, "vehicles added", 0, &err), AL_OK); // a new generation
    assert_int_equal(s.edits, 3);
    const char *end = al_session_run(&s, NULL, NULL, &err);
    assert_int_equal(al_session_end(&s, end, &err), AL_OK);
    al_session_close(&s, end);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM edits"), 3);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM edits WHERE gen = 2 AND tick = 11 AND"
                                 " what IN ('target moved', 'vehicles added')"),
                     2);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM edits WHERE gen = 3 AND tick = 15"), 1);
    alRunData *run = load_only_run(db);
    assert_int_equal(run->info.edit_count, 3);
    assert_string_equal(run->info.first_edit, "generation 2, tick 11: target moved");
    assert_string_equal(run->info.stop_reason, "generations");
    alDestroyRunData(run);
    g_tick_us = 1000;
}

// A generation whose last insert (its genome) fails is stored not at all, the
// generations before it whole, though they were in the same open batch.
static void test_a_generation_failing_part_way_is_stored_not_at_all(void **state)
{
    const char *db = fx_path("part.db");
    g_tick_us = 0;
    al_session s;
    alError err = {0};
    alConfig *cfg = fx_config("estrings", "run.generations=10", NULL);
    assert_int_equal(al_session_open_with_class(&s, &counter_class, cfg, db, "p", &err), AL_OK);
    sqlite3 *sq;
    assert_int_equal(sqlite3_open(db, &sq), SQLITE_OK);
    assert_int_equal(sqlite3_exec(sq,
                                  "CREATE TRIGGER no_genome BEFORE INSERT ON genomes WHEN NEW.gen = 3"
                                  " BEGIN SELECT RAISE(ABORT, 'injected'); END",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(sq);
    const char *end = al_session_run(&s, NULL, NULL, &err);
    assert_string_equal(end, "failed");
    assert_non_null(strstr(err.msg, "injected"));
    assert_non_null(strstr(err.msg, "generation 3"));
    assert_int_equal(al_session_end(&s, end, &err), AL_OK);
    al_session_close(&s, end);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM generations"), 3);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM figures"), 3);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM genomes"), 3);
    assert_int_equal(sql_int(db, "SELECT max(gen) FROM generations"), 2);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM runs WHERE status = 'failed'"), 1);
    g_tick_us = 1000;
}

// A failed end-of-run write comes back from al_session_end (it was dropped).
static void test_a_failed_end_of_run_write_is_returned(void **state)
{
    const char *db = fx_path("end.db");
    g_tick_us = 0;
    al_session s;
    alError err = {0};
    alConfig *cfg = fx_config("estrings", "run.generations=2", NULL);
    assert_int_equal(al_session_open_with_class(&s, &counter_class, cfg, db, "e", &err), AL_OK);
    const char *end = al_session_run(&s, NULL, NULL, &err);
    assert_string_equal(end, "finished");
    sqlite3 *sq;
    assert_int_equal(sqlite3_open(db, &sq), SQLITE_OK);
    sqlite3_busy_timeout(sq, 5000);
    assert_int_equal(sqlite3_exec(sq,
                                  "CREATE TRIGGER no_end BEFORE UPDATE OF status ON runs BEGIN"
                                  " SELECT RAISE(ABORT, 'injected'); END",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(sq);
    memset(&err, 0, sizeof err);
    assert_int_equal(al_session_end(&s, end, &err), AL_ERR_DB);
    assert_non_null(strstr(err.msg, "injected"));
    assert_null(s.log); // closed either way
    al_session_close(&s, end);
    assert_int_equal(sql_int(db, "SELECT count(*) FROM runs WHERE status = 'running'"), 1);
    g_tick_us = 1000;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, fx_setup, fx_teardown)
        T(test_session_logs_every_generation_with_figures_and_genome),
        T(test_step_many_keeps_the_generation_and_tick_limits_exact),
        T(test_default_path_creates_results_folder),
        T(test_module_rejecting_its_config_writes_no_database),
        T(test_sigint_keeps_every_finished_generation_and_marks_interrupted),
        T(test_sigterm_keeps_every_finished_generation_and_marks_interrupted),
        T(test_kill9_leaves_running_row_shown_interrupted),
        T(test_slow_generation_does_not_hold_the_write_lock),
        T(test_edits_are_marked_once_per_generation_with_when_and_what),
        T(test_a_generation_failing_part_way_is_stored_not_at_all),
        T(test_a_failed_end_of_run_write_is_returned),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
