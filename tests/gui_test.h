// gui_test.h — what every GUI test file opens with: cmocka and the headers it
// needs, the set-up the tests share (a scripted window checked for its exit
// and state lines, a panel section of a state line, a stored run to open, a
// command of the CLI, a number from a run database), and,
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

/// The text fmt makes with its arguments (printf), in one of 8 static buffers
/// of 4 KiB used in turn: a script or the args of gt_script built in place.
static inline const char *gt_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline const char *gt_fmt(const char *fmt, ...)
{
    static char buf[8][4096];
    static int k;
    char *b = buf[k++ % 8];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof buf[0], fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf[0]) fail_msg("gt_fmt: %d characters do not fit 4 KiB: %.60s...", n, b);
    return b;
}

/// Fails the test when text (what names it: "the header") lacks part.
static inline void gt_needs(const char *what, const char *text, const char *part)
{
    if (!strstr(text, part)) fail_msg("%s '%s' lacks '%s'", what, text, part);
}

/// A section of the panel as a state line reports it (gs_section): its
/// rectangle in window pixels and whether its text was cut.
typedef struct gt_box {
    int x, y, w, h;
    bool cut;
} gt_box;

/// Whether the state line json has a section named name.
static inline bool gt_has_section(const char *json, const char *name)
{
    gt_box b;
    return gs_section(json, name, &b.x, &b.y, &b.w, &b.h, &b.cut);
}

/// The section named name of the state line json; the test fails when the
/// line has none.
static inline gt_box gt_section(const char *json, const char *name)
{
    gt_box b = {0};
    if (!gs_section(json, name, &b.x, &b.y, &b.w, &b.h, &b.cut)) fail_msg("no section '%s' in %s", name, json);
    return b;
}

/// The rectangle a state line reports at path ("path.x", ".y", ".w", ".h",
/// e.g. "message_rect" or "more_signs.in_panel"); the test fails without it.
static inline SDL_Rect gt_rect(const char *json, const char *path)
{
    char k[160];
    SDL_Rect r;
    snprintf(k, sizeof k, "%s.x", path), r.x = (int)gs_num(json, k);
    snprintf(k, sizeof k, "%s.y", path), r.y = (int)gs_num(json, k);
    snprintf(k, sizeof k, "%s.w", path), r.w = (int)gs_num(json, k);
    snprintf(k, sizeof k, "%s.h", path), r.h = (int)gs_num(json, k);
    return r;
}

/// A value the mouse changes (al_panel_value) as a state line reports it:
/// its rectangle in window pixels and the number shown.
typedef struct gt_value_box {
    int x, y, w, h;
    double value;
} gt_value_box;

/// Whether the state line json's panel offers the value named name; its box into *v.
static inline bool gt_has_value(const char *json, const char *name, gt_value_box *v)
{
    const char *vals = strstr(json, "\"values\":[");
    char q[96];
    snprintf(q, sizeof q, "{\"name\":\"%s\",", name);
    const char *p = vals ? strstr(vals, q) : NULL;
    if (!p) return false;
    p += strlen(q);
    *v = (gt_value_box){(int)gs_num(p, "x"), (int)gs_num(p, "y"), (int)gs_num(p, "w"), (int)gs_num(p, "h"),
                        gs_num(p, "value")};
    return true;
}

/// The value named name of the state line json; the test fails when the panel does not offer it.
static inline gt_value_box gt_value(const char *json, const char *name)
{
    gt_value_box v;
    if (!gt_has_value(json, name, &v)) fail_msg("no value '%s' in %s", name, json);
    return v;
}

/// Runs `alife ARGS` (shell words) in the source directory, its stdout and
/// stderr into the scratch file named out (NULL: discarded); returns its
/// exit status (-1 when it did not exit).
static inline int gt_alife(const char *args, const char *out)
{
    char cmd[4096];
    const char *bin = getenv("ALIFE_GUI_BINARY"); // the build gs_run_script runs, when set
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s >'%s' 2>&1", ALIFE_SOURCE_DIR, bin && bin[0] ? bin : ALIFE_BINARY,
             args, out ? gs_path(out) : "/dev/null");
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/// Runs `alife ARGS` (gt_alife), asserted to exit 0; its output (stdout and
/// stderr) into out, cap bytes at most.
static inline void gt_read_file(const char *path, char *out, size_t cap);
static inline void gt_alife_says(const char *args, char *out, size_t cap)
{
    if (gt_alife(args, "says.txt") != 0) fail_msg("alife %s failed", args);
    gt_read_file(gs_path("says.txt"), out, cap);
}

/// The file at path (its first cap - 1 bytes) into out; the test fails
/// when it cannot be opened.
static inline void gt_read_file(const char *path, char *out, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    out[fread(out, 1, cap - 1, f)] = '\0';
    fclose(f);
}

/// Adds a run to the run database at db (made if missing): `alife run ARGS
/// --db DB --quiet`, asserted to succeed.
static inline void gt_store_run(const char *db, const char *args)
{
    if (gt_alife(gt_fmt("run %s --db '%s' --quiet", args, db), NULL) != 0) fail_msg("alife run %s failed", args);
}

/// The path of a run database named name in the scratch directory, removed
/// if it exists, copied into db (gs_path's buffers are reused by gs_run_script).
static inline void gt_fresh_db(char *db, size_t cap, const char *name)
{
    snprintf(db, cap, "%s", gs_path(name));
    remove(db);
}

/// A fresh run database named name in the scratch directory, filled by
/// `alife run ARGS --db DB --quiet` (asserted to succeed); its path is
/// copied into db (gs_path's buffers are reused by gs_run_script).
static inline void gt_stored_run(char *db, size_t cap, const char *name, const char *args)
{
    gt_fresh_db(db, cap, name);
    gt_store_run(db, args);
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

/// A brain file for alife gui --brain: a run of the ants lesson (150 ticks,
/// 12 ants, gens generations) stored in a fresh database named name ".db"
/// (its path into db), its last generation's best exported (`alife export 1
/// --genome GENS-1`) to name ".brain" (its path into path); asserted to succeed.
static inline void gt_brain_file(char *db, size_t dcap, char *path, size_t cap, const char *name, int gens)
{
    gt_stored_run(db, dcap, gt_fmt("%s.db", name),
                  gt_fmt("experiments/ants/default.ini --set ants.ticks=150 --set ants.count=12 --generations %d",
                         gens));
    snprintf(path, cap, "%s", gs_path(gt_fmt("%s.brain", name)));
    if (gt_alife(gt_fmt("export 1 --genome %d --out '%s' --db '%s'", gens - 1, path, db), NULL) != 0)
        fail_msg("alife export failed");
}

/// Figure name of generation gen of run 1 as the database at db stored it:
/// best, mean or worst from its generations row, any other name from its
/// figures; NAN when missing.
static inline double gt_stored_figure(const char *db, int gen, const char *name)
{
    if (strcmp(name, "best") == 0 || strcmp(name, "mean") == 0 || strcmp(name, "worst") == 0)
        return gt_db_number(db, gt_fmt("SELECT %s FROM generations WHERE run = 1 AND gen = %d", name, gen));
    return gt_db_number(db, gt_fmt("SELECT value FROM figures WHERE run = 1 AND gen = %d AND name = '%s'", gen, name));
}
/// The help overlay's description of key label as the state line json shows
/// it (help_rows in view), its wrapped rows joined with spaces into a static
/// buffer; "" when the help does not show that key.
static inline const char *gt_help_text(const char *json, const char *label)
{
    static char out[1200];
    out[0] = '\0';
    const char *p = gs_find(json, "help_rows"), *end = p ? strstr(p, "\"lesson_marks\"") : NULL;
    bool in = false;
    for (const char *r = p ? strstr(p, "{\"key\":") : NULL; r && r < end; r = strstr(r + 1, "{\"key\":")) {
        char key[64], text[400];
        gs_text(r, "key", key, sizeof key);
        gs_text(r, "text", text, sizeof text);
        if (in && (key[0] || !text[0])) break; // the next key, or the gap before the view's keys
        if (!in && strcmp(key, label) != 0) continue;
        size_t n = strlen(out);
        snprintf(out + n, sizeof out - n, "%s%s", in ? " " : "", text);
        in = true;
    }
    return out;
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
