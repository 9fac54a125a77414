// gui_test.h — what every GUI test file opens with: cmocka and the headers it
// needs, the set-up the tests share (a scripted window checked for its exit
// and state lines, a stored run to open, a number from a run database), and,
// in a build configured with -DALIFE_GUI=OFF (no GUI to test), the file's
// main, which reports one skipped test. A GUI test reads:
//
//     #include "gui_test.h"
//     #ifdef ALIFE_HAVE_GUI
//     ... the tests and their main ...
//     #endif
#ifndef ALIFE_TESTS_GUI_TEST_H
#define ALIFE_TESTS_GUI_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#ifdef ALIFE_HAVE_GUI
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

#include "gui/gui.h"
#include "gui_script.h"

/// A window drawn offscreen in mode (NULL: the default) at w x h pixels,
/// screenshots into /tmp; the test fails when it cannot be opened.
static inline al_gui *gt_open_gui(const char *mode, int w, int h)
{
    al_gui_opts o = al_default_gui_opts();
    o.offscreen = true;
    o.mode = mode;
    o.width = w;
    o.height = h;
    o.shot_dir = "/tmp";
    alError err = {0};
    al_gui *g = al_create_gui(&o, &err);
    if (!g) fail_msg("al_create_gui: %s", err.msg);
    return g;
}

/// Runs the script on a window opened with args (gs_run_script) and checks
/// that it exited 0 having printed `lines` state lines.
static inline void gt_script(gs_run *r, const char *script, const char *args, int lines)
{
    gs_run_script(r, script, args);
    if (r->status != 0) fail_msg("exit %d for %s: %s", r->status, args, r->err);
    if (r->n != lines) fail_msg("%d state lines, not %d, for %s: %s", r->n, lines, args, r->err);
}

/// A fresh run database named name in the scratch directory, filled by
/// `alife run ARGS --db DB --quiet` (asserted to succeed); its path is
/// copied into db (gs_path's buffers are reused by gs_run_script).
static inline void gt_stored_run(char *db, size_t cap, const char *name, const char *args)
{
    snprintf(db, cap, "%s", gs_path(name));
    remove(db);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run %s --db '%s' --quiet >/dev/null 2>&1", ALIFE_SOURCE_DIR,
             ALIFE_BINARY, args, db);
    if (system(cmd) != 0) fail_msg("alife run %s failed", args);
}

/// The first column of the first row of sql on the database at db, or NAN
/// when the database, the query or the row is missing.
static inline double gt_db_number(const char *db, const char *sql)
{
    sqlite3 *sq = NULL;
    sqlite3_stmt *st;
    double v = NAN;
    if (sqlite3_open_v2(db, &sq, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(sq, sql, -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_double(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(sq);
    return v;
}
#else
static void gui_not_built(void **state)
{
    (void)state;
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(gui_not_built)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif

#endif
