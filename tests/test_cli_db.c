// The commands over the run database (alife runs / show / export / compare),
// run as a user would: the real alife program on a database written through
// the store's own API. Checks output, JSON validity, CSV values, exit codes,
// and that a read never creates or changes a file.
#include <math.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include "json_check.h"
#include "store_fixtures.h"

static char *g_out, *g_err; // output of the last cli() call

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

// Runs "alife ARGS" in the test folder; returns its exit status, output in g_out/g_err.
static int cli(const char *fmt, ...)
{
    char args[2048], cmd[3072];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s >cli.out 2>cli.err", g_dir, ALIFE_BINARY, args);
    int st = system(cmd);
    free(g_out);
    free(g_err);
    g_out = slurp(fx_path("cli.out"));
    g_err = slurp(fx_path("cli.err"));
    assert_true(WIFEXITED(st));
    return WEXITSTATUS(st);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

// results/runs.db in the test folder (the default path) with three runs:
// 1 estrings "alpha" 6 gens finished, 2 estrings "beta" (seed 2, edge bounce)
// 3 gens interrupted, 3 ants "odd" with a hostile name and non-finite values.
static void make_db(void)
{
    alRunLog *log = NULL;
    alError err = {0};
    if (alRunLog_Open(fx_path("results/runs.db"), &log, &err) != AL_OK) fail_msg("%s", err.msg);
    alConfig *a = fx_config("estrings", "run.seed=1", NULL);
    alConfig *b = fx_config("estrings", "run.seed=2", "world.edge=bounce", NULL);
    alConfig *c = fx_config("ants", NULL);
    fx_log_run(log, a, "alpha", 1, 1, 6, "finished");
    fx_log_run(log, b, "beta", 2, 2, 3, "interrupted");
    int64_t id;
    assert_int_equal(
        alRunLog_BeginRun(log, c, "odd \"name\"\t\\ \x01 caf\xc3\xa9 \xff", 3, &id, &err), AL_OK);
    alGenStats s = fx_stats(3, 0);
    s.best = INFINITY;
    s.mean = NAN;
    s.figure_names[1] = "best"; // a module figure named like a fixed field
    assert_int_equal(alRunLog_AddGeneration(log, id, &s, NULL, 0, &err), AL_OK);
    assert_int_equal(alRunLog_EndRun(log, id, "finished", &err), AL_OK);
    alRunLog_Close(log);
    alDestroyConfig(a);
    alDestroyConfig(b);
    alDestroyConfig(c);
}

static int teardown(void **state)
{
    free(g_out);
    free(g_err);
    g_out = g_err = NULL;
    return fx_teardown(state);
}

// ---- runs --------------------------------------------------------------------

static void test_runs_table_lists_every_run_with_its_best(void **state)
{
    make_db();
    assert_int_equal(cli("runs"), 0);
    assert_non_null(strstr(g_out, "started (UTC)"));
    assert_int_equal(count(g_out, "\n"), 4); // header + 3 runs
    assert_non_null(strstr(g_out, "alpha"));
    assert_non_null(strstr(g_out, "interrupted"));
    char best[32];
    // Run 1's best over its generations: an estrings run, so the lowest
    // error, generation 0's (not the last generation's 1005.25).
    snprintf(best, sizeof best, "  %.6g  ", fx_stats(1, 0).best);
    assert_non_null(strstr(g_out, best));
    snprintf(best, sizeof best, "%.6g", fx_stats(1, 5).best);
    assert_null(strstr(g_out, best));
    // The hostile name cannot put a tab or control byte into the table.
    assert_null(strchr(g_out, '\t'));
    assert_null(strchr(g_out, '\x01'));
    assert_int_equal(cli("runs --module ants"), 0);
    assert_int_equal(count(g_out, "\n"), 2);
    assert_null(strstr(g_out, "alpha"));
    assert_int_equal(cli("runs --module steering"), 0);
    assert_non_null(strstr(g_out, "no steering runs in results/runs.db"));
}

static void test_runs_json_is_valid_with_fields_and_params(void **state)
{
    make_db();
    assert_int_equal(cli("runs --json"), 0);
    assert_true(json_valid(g_out));
    assert_int_equal(count(g_out, "\"uuid\":"), 3);
    assert_non_null(strstr(g_out, "\"id\":2,"));
    assert_non_null(strstr(g_out, "\"world.edge\":\"bounce\""));
    assert_non_null(strstr(g_out, "\"status\":\"interrupted\""));
    assert_non_null(strstr(g_out, "\"last_best\":null")); // run 3: +inf is not JSON
    // Escapes: quote, tab, backslash, control char; invalid UTF-8 replaced.
    assert_non_null(strstr(g_out, "odd \\\"name\\\"\\t\\\\ \\u0001 caf\xc3\xa9 \\ufffd"));
    assert_int_equal(cli("runs --json --module pole"), 0); // a module with no runs here
    assert_true(json_valid(g_out));
    assert_string_equal(g_out, "[\n]\n");
    assert_int_equal(cli("runs --json --module nothing"), 2); // no such module: a usage error
}

// ---- show ---------------------------------------------------------------------

static void test_show_json_has_generations_with_figures_by_name(void **state)
{
    make_db();
    assert_int_equal(cli("show 1 --json"), 0);
    assert_true(json_valid(g_out));
    assert_int_equal(count(g_out, "{\"gen\":"), 6);
    assert_non_null(strstr(g_out, "\"figure_names\":[\"alpha\",\"beta\"]"));
    // Generation 2 of run 1, every field, exactly (numbers shortest-exact).
    assert_non_null(strstr(g_out, "{\"gen\":2,\"best\":1002.25,\"mean\":1001.125,\"worst\":-2.5,"
                                  "\"stddev\":0.2,\"alpha\":4,\"beta\":7,"
                                  "\"evaluations\":300,\"ticks\":21,\"wall_s\":0.003}"));
    assert_non_null(strstr(g_out, "\"params\":{\"run.module\":\"estrings\""));
    assert_non_null(strstr(g_out, "\"config\":\"")); // the resolved config, for replay
    // Non-finite values are null, never inf/nan.
    assert_int_equal(cli("show 3 --json"), 0);
    assert_true(json_valid(g_out));
    assert_non_null(strstr(g_out, "{\"gen\":0,\"best\":null,\"mean\":null,"));
    assert_non_null(strstr(g_out, "\"figure_names\":[\"alpha\",\"figure_best\"]"));
    assert_non_null(strstr(g_out, ",\"alpha\":0,\"figure_best\":1,"));
    assert_int_equal(count(g_out, "\"best\":"), 1);
    assert_null(strstr(g_out, "inf"));
    assert_null(strstr(g_out, "nan"));
}

static void test_show_text_and_config_and_uuid_prefix(void **state)
{
    make_db();
    assert_int_equal(cli("show 2"), 0);
    assert_non_null(strstr(g_out, "run 2: beta (module estrings, seed 2)"));
    assert_non_null(strstr(g_out, "status    interrupted"));
    assert_non_null(strstr(g_out, "world.edge = bounce"));
    assert_non_null(strstr(g_out, "alpha"));
    // --config prints the resolved config, which resolves again.
    assert_int_equal(cli("show 2 --config"), 0);
    assert_non_null(strstr(g_out, "[run]"));
    alConfigDef def = alDefaultConfigDef();
    def.text = g_out;
    def.path = "show-config";
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) fail_msg("show --config does not resolve: %s", err.msg);
    assert_string_equal(alConfig_Text(cfg, "world.edge"), "bounce");
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 2);
    alDestroyConfig(cfg);
    // The same run by a prefix of its uuid.
    assert_int_equal(cli("show 2 --json"), 0);
    const char *u = strstr(g_out, "\"uuid\":\"");
    assert_non_null(u);
    char prefix[9];
    memcpy(prefix, u + 8, 8);
    prefix[8] = '\0';
    assert_int_equal(cli("show %s", prefix), 0);
    assert_non_null(strstr(g_out, "run 2: beta"));
}

static void test_show_unknown_run_says_so_and_exits_2(void **state)
{
    make_db();
    assert_int_equal(cli("show 42"), 2);
    assert_string_equal(g_err, "alife show: no run 42 in results/runs.db\n");
    assert_string_equal(g_out, "");
    assert_int_equal(cli("show"), 2);
    assert_non_null(strstr(g_err, "which run?"));
    assert_int_equal(cli("show 1 2"), 2);
    assert_int_equal(cli("show 1 --bogus"), 2);
    assert_int_equal(cli("show 1 --json --config"), 2);
}

// ---- export ---------------------------------------------------------------------

static void test_export_csv_holds_exact_values(void **state)
{
    make_db();
    assert_int_equal(cli("export 1 --csv run1.csv"), 0);
    char *csv = slurp(fx_path("run1.csv"));
    const char *header = "gen,best,mean,worst,stddev,evaluations,ticks,wall_s,alpha,beta\r\n";
    assert_int_equal(strncmp(csv, header, strlen(header)), 0);
    assert_int_equal(count(csv, "\r\n"), 7);
    // Every value reads back to exactly what was logged.
    const char *line = csv + strlen(header);
    for (int64_t g = 0; g < 6; ++g) {
        alGenStats s = fx_stats(1, g);
        double want[10] = {
            (double)g,       s.best,   s.mean,       s.worst,     s.stddev, (double)s.evaluations,
            (double)s.ticks, s.wall_s, s.figures[0], s.figures[1]};
        char *p = (char *)line;
        for (int k = 0; k < 10; ++k) {
            char *end;
            double v = strtod(p, &end);
            assert_true(end > p);
            if (v != want[k])
                fail_msg("gen %lld column %d: %.17g != %.17g", (long long)g, k, v, want[k]);
            p = end + 1; // the comma, or the \r of \r\n
        }
        line = strstr(line, "\r\n") + 2;
    }
    free(csv);
    // Run 3: +inf as inf, NaN (no value) as an empty field.
    assert_int_equal(cli("export 3 --csv -"), 0);
    assert_non_null(strstr(g_out, "wall_s,alpha,figure_best\r\n0,inf,,-0.5,"));
}

static void test_export_errors_create_no_file(void **state)
{
    make_db();
    assert_int_equal(cli("export 9 --csv nine.csv"), 2);
    assert_string_equal(g_err, "alife export: no run 9 in results/runs.db\n");
    struct stat sb;
    assert_int_not_equal(stat(fx_path("nine.csv"), &sb), 0);
    assert_int_equal(cli("export 1"), 2);
    assert_non_null(strstr(g_err, "--csv"));
    assert_int_equal(cli("export 1 --csv no/such/folder/x.csv"), 1);
    assert_non_null(strstr(g_err, "cannot write no/such/folder/x.csv"));
}

// ---- compare ---------------------------------------------------------------------

static void test_compare_shows_only_differing_params(void **state)
{
    make_db();
    assert_int_equal(cli("compare 1 2"), 0);
    assert_non_null(strstr(g_out, "run 1"));
    assert_non_null(strstr(g_out, "run 2"));
    assert_non_null(strstr(g_out, "run.seed"));
    assert_non_null(strstr(g_out, "world.edge"));
    assert_non_null(strstr(g_out, "bounce"));
    assert_null(strstr(g_out, "world.width")); // same in both
    assert_int_equal(cli("compare 1 2 --json"), 0);
    assert_true(json_valid(g_out));
    assert_non_null(strstr(g_out, "\"differing_keys\":[\"run.seed\",\"world.edge\"]"));
    // The curves in long form (the compare branch's format: run,group,gen,metric,value).
    assert_int_equal(cli("compare 1 2 --csv cmp.csv"), 0);
    char *csv = slurp(fx_path("cmp.csv"));
    assert_non_null(strstr(csv, "run,group,gen,metric,value\r\n1,run 1,0,best,"));
    free(csv);
    assert_int_equal(cli("compare 1 77"), 2);
    assert_string_equal(g_err, "alife compare: no run 77 in results/runs.db\n");
    assert_int_equal(cli("compare 2 2"), 2);
    assert_int_equal(cli("compare"), 2);
}

// ---- files that are not ours, missing files ---------------------------------------------

static void assert_all_commands_refuse(const char *file, const char *needle)
{
    fx_snapshot before = fx_snap(fx_path(file));
    const char *cmds[] = {"runs", "runs --json", "show 1", "export 1 --csv x.csv", "compare 1"};
    for (int i = 0; i < 5; ++i) {
        int rc = cli("%s --db %s", cmds[i], file);
        if (rc != 2) fail_msg("alife %s --db %s: exit %d, want 2", cmds[i], file, rc);
        if (!strstr(g_err, needle))
            fail_msg("alife %s: stderr '%s' lacks '%s'", cmds[i], g_err, needle);
        assert_string_equal(g_out, "");
    }
    fx_assert_unchanged(fx_path(file), &before);
    struct stat sb;
    assert_int_not_equal(stat(fx_path("x.csv"), &sb), 0);
}

static void test_text_file_foreign_db_newer_schema_refused_unchanged(void **state)
{
    fx_write_file(fx_path("x.db"), "id,best\n1,2\n", 12);
    assert_all_commands_refuse("x.db", "not an alife run database (not an SQLite file)");
    sqlite3 *db;
    assert_int_equal(sqlite3_open(fx_path("foreign.db"), &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_all_commands_refuse("foreign.db", "an SQLite database, but not an alife run database");
    make_db();
    assert_int_equal(sqlite3_open(fx_path("results/runs.db"), &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 7", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_all_commands_refuse("results/runs.db", "schema version 7 is newer");
}

static void test_missing_database_is_reported_and_not_created(void **state)
{
    assert_int_equal(cli("runs"), 2);
    assert_non_null(strstr(g_err, "alife runs: results/runs.db: no such database"));
    assert_int_equal(cli("show 1 --db elsewhere/r.db"), 2);
    assert_non_null(strstr(g_err, "elsewhere/r.db: no such database"));
    struct stat sb;
    assert_int_not_equal(stat(fx_path("results"), &sb), 0);
    assert_int_not_equal(stat(fx_path("elsewhere"), &sb), 0);
}

// ---- stale runs through the CLI -------------------------------------------------------

static void test_dead_process_run_shown_interrupted_file_unchanged(void **state)
{
    make_db();
    // Run 2's row says running, with a pid of this host that no longer exists.
    pid_t kid = fork();
    if (kid == 0) _exit(0);
    waitpid(kid, NULL, 0);
    char hostname[256] = "";
    gethostname(hostname, sizeof hostname - 1);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(fx_path("results/runs.db"), &db), SQLITE_OK);
    char *sql = sqlite3_mprintf("UPDATE runs SET status = 'running', finished = NULL, host = %Q,"
                                " pid = %d WHERE id = 2",
                                hostname, (int)kid);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_free(sql);
    sqlite3_close(db);
    fx_snapshot before = fx_snap(fx_path("results/runs.db"));
    assert_int_equal(cli("runs"), 0);
    assert_null(strstr(g_out, "running"));
    assert_int_equal(count(g_out, "interrupted"), 1);
    assert_int_equal(cli("show 2 --json"), 0);
    assert_non_null(strstr(g_out, "\"status\":\"interrupted\",\"stale\":true"));
    assert_int_equal(cli("show 2"), 0);
    assert_non_null(strstr(g_out, "interrupted (its process is gone"));
    fx_assert_unchanged(fx_path("results/runs.db"), &before);
}

// ---- help ---------------------------------------------------------------------------------

static void test_every_command_has_truthful_help(void **state)
{
    const char *cmds[] = {"runs", "show", "export", "compare"};
    for (int i = 0; i < 4; ++i) {
        assert_int_equal(cli("%s --help", cmds[i]), 0);
        assert_non_null(strstr(g_out, "usage: alife "));
        assert_non_null(strstr(g_out, "--db PATH"));
        assert_non_null(strstr(g_out, "results/runs.db"));
        assert_non_null(strstr(g_out, "2 usage error"));
        assert_int_equal(cli("%s --no-such-option", cmds[i]), 2);
    }
    assert_int_equal(cli("runs --help"), 0);
    assert_non_null(strstr(g_out, "--module M"));
    assert_non_null(strstr(g_out, "--json"));
    assert_int_equal(cli("export --help"), 0);
    assert_non_null(strstr(g_out, "--csv FILE"));
    assert_int_equal(cli("runs extra"), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, fx_setup, teardown)
        T(test_runs_table_lists_every_run_with_its_best),
        T(test_runs_json_is_valid_with_fields_and_params),
        T(test_show_json_has_generations_with_figures_by_name),
        T(test_show_text_and_config_and_uuid_prefix),
        T(test_show_unknown_run_says_so_and_exits_2),
        T(test_export_csv_holds_exact_values),
        T(test_export_errors_create_no_file),
        T(test_compare_shows_only_differing_params),
        T(test_text_file_foreign_db_newer_schema_refused_unchanged),
        T(test_missing_database_is_reported_and_not_created),
        T(test_dead_process_run_shown_interrupted_file_unchanged),
        T(test_every_command_has_truthful_help),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
