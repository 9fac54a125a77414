// GUI runs changed by hand are marked in the run database (issue 11 hole 5):
// keys and clicks of the steering view that change the running simulation
// (vehicles added, the first vehicle's variables, the target) leave rows in
// `edits` with the generation and tick, `alife replay --check` refuses such a
// run (exit 2) with that reason, and a GUI run nobody touched replays bit for
// bit. All offscreen.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

// Built only with the GUI (CMakeLists.txt leaves test_gui*.c out otherwise).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gui/gui.h"
#include "gui_events.h"

static char tmpdir[256];

static int make_tmpdir(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/alife_test_gui_edits_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static al_gui *steering_gui(const char *db)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = "steering";
    o.db_path = db;
    o.width = 1000;
    o.height = 700;
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fail_msg("gui: %s", err.msg);
    assert_true(al_gui_has_session(g));
    return g;
}

static void run_gens(al_gui *g, int64_t n)
{
    for (int i = 0; i < 1000000 && al_gui_generations(g) < n; ++i) al_gui_run_ticks(g, 1);
    assert_true(al_gui_generations(g) >= n);
}

// Rows of `SELECT sql` as "a|b|c;" text, into out.
static void rows(const char *db, const char *sql, char *out, size_t cap)
{
    sqlite3 *sq;
    assert_int_equal(sqlite3_open_v2(db, &sq, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(sq, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(sq));
    size_t len = 0;
    out[0] = '\0';
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
            const char *t = (const char *)sqlite3_column_text(st, c);
            len += (size_t)snprintf(out + len, cap - len, "%s%s", c ? "|" : "", t ? t : "NULL");
        }
        len += (size_t)snprintf(out + len, cap - len, ";");
    }
    sqlite3_finalize(st);
    sqlite3_close(sq);
}

// Runs `alife replay RUN --check --db db`; returns its exit status, output in out.
static int replay_check(const char *db, int run, char *out, size_t cap)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' replay %d --check --db '%s' 2>&1", ALIFE_BINARY, run, db);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void edits_in_the_window_are_marked_and_refused_by_replay(void **state)
{
    char db[400], got[4096], want[256];
    snprintf(db, sizeof db, "%s/edits.db", tmpdir);
    al_gui *g = steering_gui(db);
    run_gens(g, 2);
    int64_t at = al_gui_ticks(g);
    push_key(SDLK_PERIOD); // more vehicles
    al_gui_handle_events(g);
    run_gens(g, 3);
    push_key(SDLK_s); // the max speed (of all: no roles here), twice in one generation: one edit
    push_key(SDLK_s);
    al_gui_handle_events(g);
    SDL_Rect world;
    al_gui_layout(g, &world, NULL);
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = SDL_PRESSED;
    e.button.x = world.x + world.w / 3;
    e.button.y = world.y + world.h / 3;
    assert_int_equal(SDL_PushEvent(&e), 1);
    al_gui_handle_events(g);
    run_gens(g, 4);
    al_destroy_gui(g);

    rows(db, "SELECT gen, tick, what FROM edits WHERE run = 1 ORDER BY rowid", got, sizeof got);
    snprintf(want, sizeof want, "2|%lld|vehicles added;", (long long)at);
    assert_true(strncmp(got, want, strlen(want)) == 0);
    const char *ar = strstr(got, "|max speed of all vehicles changed;"); // what, and whose
    if (!ar) fail_msg("edits: %s", got);
    assert_null(strstr(ar + 2, "max speed")); // once
    // The default scenario follows no path: the click moved the target.
    assert_non_null(strstr(got, "|target moved;"));

    int rc = replay_check(db, 1, got, sizeof got);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(got, "changed by hand"));
    snprintf(want, sizeof want, "generation 2, tick %lld: vehicles added", (long long)at);
    assert_non_null(strstr(got, want));
}

static void an_untouched_gui_run_replays_bit_for_bit(void **state)
{
    char db[400], got[4096];
    snprintf(db, sizeof db, "%s/plain.db", tmpdir);
    al_gui *g = steering_gui(db);
    run_gens(g, 3);
    push_key(SDLK_t); // trails: drawing only, not an edit
    push_key(SDLK_SPACE); // pause and go on: not an edit
    push_key(SDLK_SPACE);
    al_gui_handle_events(g);
    run_gens(g, 4);
    al_destroy_gui(g);
    rows(db, "SELECT count(*) FROM edits", got, sizeof got);
    assert_string_equal(got, "0;");
    int rc = replay_check(db, 1, got, sizeof got);
    if (rc != 0) fail_msg("replay --check exit %d: %s", rc, got);
    assert_non_null(strstr(got, "identical"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(edits_in_the_window_are_marked_and_refused_by_replay),
        cmocka_unit_test(an_untouched_gui_run_replays_bit_for_bit),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
