// Issue 10 (trial): the compare picker (C) showed "best 1e+05" for a pole
// run, and listed single and double pole runs alike, both named "default",
// nothing saying what differs. Its best is now written as the table writes
// it (al_number_cell, "100000"), and each row ends with the settings that
// differ between the runs listed ("variant=single"), cut to the row at
// 1280x800 and at 720x480.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// The picker's rows as drawn (the state line's compare.rows) at w x h, over
// two pole runs named "default": single (solved: best 100000) and double.
static void picker_rows(int w, int h)
{
    char db[512];
    gt_fresh_db(db, sizeof db, "differs.db");
    gt_store_run(db, "experiments/pole/single.ini --set run.name=default --generations 3");
    gt_store_run(db, "experiments/pole/double.ini --set run.name=default --generations 3");
    gs_run r;
    gt_script(&r, "at 5 key c\nat 8 state\nat 9 quit\n",
              gt_fmt("--width %d --height %d --db '%s' --mode pole", w, h, db), 1);
    const char *l = r.line[0];
    assert_int_equal((int)gs_num(l, "compare.listed"), 2);
    const char *rows = strstr(l, "\"rows\":[");
    if (!rows) fail_msg("%dx%d: no picker rows in the state line", w, h);
    const char *end = strstr(rows, "],\"rows_over\"");
    if (!end) fail_msg("%dx%d: the rows do not end: %s", w, h, rows);
    char text[1024];
    snprintf(text, sizeof text, "%.*s", (int)(end - rows), rows);
    if (strstr(text, "e+0")) fail_msg("%dx%d: a number in e notation: %s", w, h, text);
    if (!strstr(text, "best 100000")) fail_msg("%dx%d: the solved run's best is not 100000: %s", w, h, text);
    if (!strstr(text, "variant=single") || !strstr(text, "variant=double"))
        fail_msg("%dx%d: the rows do not say what differs: %s", w, h, text);
    if (gs_bool(l, "compare.rows_over")) fail_msg("%dx%d: a row runs past the picker: %s", w, h, text);
    gs_free(&r);
}

static void the_picker_says_what_differs_at_1280x800(void **state)
{
    (void)state;
    picker_rows(1280, 800);
}

static void the_picker_says_what_differs_at_720x480(void **state)
{
    (void)state;
    picker_rows(720, 480);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_picker_says_what_differs_at_1280x800),
        cmocka_unit_test(the_picker_says_what_differs_at_720x480),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
