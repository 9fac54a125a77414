// The strings panel says what the run is doing and shows strings as they
// are: under the target it said "not evolved yet" while the run evolved;
// the summary under the table showed a backslash doubled ('W\\kly', the
// CLI's escape for a terminal); and the header's "gen 62" (generations
// 0 .. 61 done, 62 on screen) sat over a table whose top row was 61, read
// as off by one: the table's top row is now the generation under way,
// numbered as the header counts it, the finished ones below it.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The k-th number of the state's table_gens, or -1.
static double table_gen(const char *l, int k)
{
    const char *p = gs_find(l, "table_gens");
    if (!p || *p != '[') fail_msg("no table_gens in %s", l);
    ++p;
    for (int i = 0; i < k; ++i) {
        p = strchr(p, ',');
        if (!p || p > strchr(gs_find(l, "table_gens"), ']')) return -1;
        ++p;
    }
    return *p == ']' ? -1 : strtod(p, NULL);
}

static void the_target_line_says_the_run_is_evolving(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 state\nat gen 5 state\nat gen 5 quit\n", "--no-log experiments/estrings/hello.ini", 2);
    assert_true(gs_num(r.line[0], "figures.target_line") == 4); // generation 0 under way
    assert_true(gs_num(r.line[1], "figures.target_line") == 3); // evolving, not "not evolved yet"
    gs_free(&r);
}

static void the_table_and_the_header_number_generations_alike(void **state)
{
    (void)state;
    const char *args[2] = {"--no-log experiments/estrings/name.ini", "--no-log experiments/xor/xor.ini"};
    for (int a = 0; a < 2; ++a) {
        gs_run r;
        gt_script(&r, "at gen 4 state\nat gen 4 quit\n", args[a], 1);
        const char *l = r.line[0];
        double gen = gs_num(l, "generation"); // generations done: 0 .. gen - 1; gen is under way
        print_message("%s: generation %g, header '%s', table %g %g %g\n", args[a], gen, gs_str(l, "header"),
                      table_gen(l, 0), table_gen(l, 1), table_gen(l, 2));
        assert_true(table_gen(l, 0) == gen);     // the header's number, on the top row
        assert_true(table_gen(l, 1) == gen - 1); // then the last one finished
        assert_true(table_gen(l, 2) == gen - 2);
        gs_free(&r);
    }
}

static void a_backslash_in_the_best_string_is_shown_once(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key F\nat 60 state\nat 61 quit\n",
              "--no-log experiments/estrings/hello.ini --set 'estrings.target=a\\b'", 1);
    char summary[300];
    assert_true(gs_text(r.line[0], "summary.text", summary, sizeof summary));
    print_message("summary: %s\n", summary);
    assert_non_null(strstr(summary, "solved"));
    assert_non_null(strstr(summary, "'a\\b'"));
    assert_null(strstr(summary, "\\\\"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_target_line_says_the_run_is_evolving),
        cmocka_unit_test(the_table_and_the_header_number_generations_alike),
        cmocka_unit_test(a_backslash_in_the_best_string_is_shown_once),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
