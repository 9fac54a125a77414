// At 720x480 the generations table showed the generation under way and the
// two newest finished ones: generation 0 dropped off with no sign. Its last
// row now says how many earlier rows are left out ("... 4 earlier rows"),
// at 1280x800 too: the rows shown and the ones said left out make every
// finished generation.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdlib.h>
#include <string.h>

// The oldest generation in the state line's table_gens (past the top row).
static long long oldest_row(const char *l, int *rows)
{
    const char *p = gs_find(l, "table_gens");
    if (!p || *p != '[') fail_msg("no table_gens: %.200s", l);
    long long last = -1;
    *rows = 0;
    for (char *end; *p != ']'; p = end) {
        last = strtoll(p + 1, &end, 10);
        ++*rows;
    }
    return last;
}

static void earlier_rows_are_counted(int w, int h)
{
    gs_run r;
    gt_script(
        &r,
        "at gen 2 key space\nat gen 2 state\nat 40 key space\nat gen 7 key space\nat gen 7 state\n"
        "at gen 7 quit\n",
        gt_fmt("--no-log --width %d --height %d experiments/estrings/hello.ini", w, h), 2);
    for (int i = 0; i < 2; ++i) {
        const char *l = r.line[i];
        if (!gs_find(l, "table_earlier"))
            fail_msg("%dx%d: the state says nothing of rows left out", w, h);
        int rows;
        long long oldest = oldest_row(l, &rows), earlier = (long long)gs_num(l, "table_earlier");
        long long gen = (long long)gs_num(l, "generation");
        if (rows < 2) fail_msg("%dx%d: no finished row at generation %lld", w, h, gen);
        if (oldest != earlier)
            fail_msg("%dx%d at generation %lld: the oldest row is %lld, %lld said left out", w, h,
                     gen, oldest, earlier);
        if (i == 1 && earlier == 0) fail_msg("%dx%d: generation 7 fits the table?", w, h);
    }
    gs_free(&r);
}

static void earlier_rows_at_720x480(void **state)
{
    (void)state;
    earlier_rows_are_counted(720, 480);
}

static void earlier_rows_at_1280x800(void **state)
{
    (void)state;
    earlier_rows_are_counted(1280, 800);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(earlier_rows_at_720x480),
        cmocka_unit_test(earlier_rows_at_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
