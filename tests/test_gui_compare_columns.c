// The compare picker's columns stay put from row to row: the trial saw the
// gens and best columns shift between "interrupted" and "finished" rows
// (the line was padded with spaces, which are narrow in a proportional
// font). Each column now starts at its own x, past the widest text of the
// column before it, whatever the status.
#include "store_fixtures.h"
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void make_db(void)
{
    alRunLog *log;
    alError err = {0};
    assert_int_equal(alRunLog_Open(fx_path("cols.db"), &log, &err), AL_OK);
    const char *status[] = {"finished", "interrupted", "finished"};
    for (int i = 0; i < 3; ++i) {
        alConfig *c = fx_config("estrings", NULL);
        fx_log_run(log, c, "old", (uint64_t)i + 1, 0, 5 + 100 * i, status[i]);
        alDestroyConfig(c);
    }
    alRunLog_Close(log);
}

static void the_columns_do_not_shift_with_the_status(void **state)
{
    (void)state;
    make_db();
    gs_run r;
    gt_script(&r, "at 5 key c\nat 8 state\nat 9 quit\n",
              gt_fmt("--db '%s' --mode estrings", fx_path("cols.db")), 1);
    const char *l = r.line[0];
    assert_int_equal((int)gs_num(l, "compare.listed"), 3);
    const char *c = strstr(l, "\"columns\":[");
    if (!c) fail_msg("no picker columns in %s", l);
    int x[7], w[7], n = 0;
    for (const char *p = c; n < 7 && (p = strstr(p, "{\"x\":")); ++n, ++p)
        if (sscanf(p, "{\"x\":%d,\"w\":%d}", &x[n], &w[n]) != 2) fail_msg("bad column %d: %s", n, c);
    assert_int_equal(n, 7);
    // run, name, seed, status, gens, best: each past the widest of the one before
    for (int k = 1; k < 6; ++k) {
        assert_true(w[k - 1] > 0);
        if (x[k] < x[k - 1] + w[k - 1] + 4) fail_msg("column %d at %d over column %d (%d + %d)", k, x[k], k - 1, x[k - 1], w[k - 1]);
    }
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_columns_do_not_shift_with_the_status, fx_setup, fx_teardown),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
