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
    // (seed 2 for both: the single pole solves within 3 generations under
    // the thresholded Jacobi of CMA-ES, as seed 1 did before it)
    gt_store_run(db, "experiments/pole/single.ini --set run.name=default --generations 3 --seed 2");
    gt_store_run(db, "experiments/pole/double.ini --set run.name=default --generations 3 --seed 2");
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

// Two strings runs that differ in four GA settings: at 1280x800 every one
// is shown, named without "ga."; at 720x480 (where one was shown, then a
// bare "+3") as many as fit, then how many more ("+3 more"), nothing past
// the row.
static void many_differ(int w, int h)
{
    char db[512];
    gt_fresh_db(db, sizeof db, "many.db");
    gt_store_run(db, "experiments/estrings/hello.ini --generations 3 --set run.name=default --set ga.selection=roulette "
                     "--set ga.tournament_k=3 --set ga.crossover=one_point --set ga.truncation=0.3");
    gt_store_run(db, "experiments/estrings/hello.ini --generations 3 --set run.name=default --set ga.truncation=0.6");
    gs_run r;
    gt_script(&r, "at 5 key c\nat 8 state\nat 9 quit\n",
              gt_fmt("--width %d --height %d --db '%s' --mode estrings", w, h, db), 1);
    const char *l = r.line[0];
    assert_int_equal((int)gs_num(l, "compare.listed"), 2);
    const char *rows = strstr(l, "\"rows\":[\"");
    if (!rows) fail_msg("%dx%d: no picker rows in the state line", w, h);
    for (const char *row = rows + 8; *row == '"';) {
        const char *end = strchr(++row, '"');
        char text[400];
        snprintf(text, sizeof text, "%.*s", (int)(end - row), row);
        int shown = 0, more = 0;
        for (const char *q = strchr(text, '='); q; q = strchr(q + 1, '='))
            shown++;
        const char *plus = strstr(text, " +");
        if (plus && (sscanf(plus, " +%d more", &more) != 1 || !strstr(plus, " more")))
            fail_msg("%dx%d: '+k' without 'more': %s", w, h, text);
        if (shown + more != 4) fail_msg("%dx%d: %d shown and %d more, not 4: %s", w, h, shown, more, text);
        if (shown < 1) fail_msg("%dx%d: no setting shown: %s", w, h, text);
        if (w >= 1280 && more) fail_msg("%dx%d: room for all four, %d left out: %s", w, h, more, text);
        if (strstr(text, "ga.")) fail_msg("%dx%d: 'ga.' tells these runs nothing: %s", w, h, text);
        row = end + 1;
        if (*row != ',') break;
        row++;
    }
    if (gs_bool(l, "compare.rows_over")) fail_msg("%dx%d: a row runs past the picker", w, h);
    gs_free(&r);
}

static void four_settings_differ_at_1280x800(void **state)
{
    (void)state;
    many_differ(1280, 800);
}

static void four_settings_differ_at_720x480(void **state)
{
    (void)state;
    many_differ(720, 480);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_picker_says_what_differs_at_1280x800),
        cmocka_unit_test(the_picker_says_what_differs_at_720x480),
        cmocka_unit_test(four_settings_differ_at_1280x800),
        cmocka_unit_test(four_settings_differ_at_720x480),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
