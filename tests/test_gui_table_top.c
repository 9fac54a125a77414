// The generations table's top row says why the generation it numbers does
// not run once the run has stopped: at the limit it said "not run yet",
// though nothing would run it unless E was pressed.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
static void the_top_row_says_why_a_generation_does_not_run(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 1 state\nat gen 2 key f\nat gen 2 state\nat gen 2 key e\nat gen 3 state\nat gen 3 quit\n",
              "experiments/ants/default.ini --set run.generations=2 --no-log", 3);
    assert_string_equal(gs_str(r.line[0], "table_top"), "under way");
    assert_string_equal(gs_str(r.line[1], "table_top"), "not evaluated: limit reached");
    assert_string_equal(gs_str(r.line[2], "table_top"), "under way"); // E: evolving on
    gs_free(&r);
    gt_script(&r, "at 2 key f\nat 600 state\nat 601 quit\n", "experiments/estrings/hello.ini --no-log", 1);
    assert_true(gs_bool(r.line[0], "finished"));
    assert_string_equal(gs_str(r.line[0], "table_top"), "not run: goal reached");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_top_row_says_why_a_generation_does_not_run),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
