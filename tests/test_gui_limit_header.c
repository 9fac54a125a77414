// At the plain generation limit the header said "at the limit   gen 40 of
// 40" beside the banner's "40 generations done" and the table's "40 not
// evaluated" (issue 10 trial): gen 40 read as under way. The header counts
// as the banner and the table, as it does at the goal: "after 40
// generations (limit 40)"; past the limit, at a jump's target, the same.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *long_target(void)
{
    return "experiments/estrings/hello.ini --no-log --set run.generations=40 --set "
           "estrings.target='The quick brown fox jumps over the lazy dog again and again'";
}

static void at_the_limit_the_header_counts_generations_done(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat 300 state\nat 300 key j\nat 301 type \"45\"\nat 302 key enter\nat 600 state\n"
                  "at 601 quit\n",
              long_target(), 2);
    const char *l = r.line[0];
    assert_true(gs_bool(l, "finished"));
    assert_int_equal((int)gs_num(l, "generation"), 40);
    gt_needs("the banner", gs_str(l, "banner"), "40 generations done");
    gt_needs("the table's top row", gs_str(l, "table_top"), "not evaluated");
    const char *h = gs_str(l, "header");
    gt_needs("the header at the limit", h, "after 40 generations (limit 40)");
    if (strstr(h, "gen 40")) fail_msg("the header '%s' counts generation 40 as under way", h);
    // J past the limit to its target: counted the same way
    l = r.line[1];
    assert_true(gs_bool(l, "finished"));
    assert_int_equal((int)gs_num(l, "generation"), 45);
    h = gs_str(l, "header");
    gt_needs("the header at the target", h, "after 45 generations (target 45, limit 40)");
    if (strstr(h, "gen 45")) fail_msg("the header '%s' counts generation 45 as under way", h);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(at_the_limit_the_header_counts_generations_done),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
