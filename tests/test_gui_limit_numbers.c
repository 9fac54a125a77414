// At the limit the banner, B's population and the generations table number
// the generations one way, the database's: a run of 3 generations stored
// 0, 1 and 2; the replay is of 2, the population B shows (bred from 2, not
// evaluated) is generation 3's, the table's top row 3. The trial read
// "replay of generation 19", "population of generation 20" and "20 not
// run" with nothing saying how they relate.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void the_limit_numbers_generations_as_stored(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "numbers.db");
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 3 state\nat 300 key b\nat 302 state\nat 303 quit\n",
              gt_fmt("experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 --set ants.count=12 "
                     "--db '%s'",
                     db),
              2);
    assert_int_equal((int)gt_db_number(db, "SELECT max(gen) FROM generations"), 2);
    assert_int_equal((int)gt_db_number(db, "SELECT count(*) FROM generations"), 3);
    char banner[300];
    // The replay: of the last stored generation.
    gs_text(r.line[0], "banner", banner, sizeof banner);
    gt_needs("the banner", banner, "LIMIT: 3 generations (0 to 2)");
    gt_needs("the banner", banner, "replay of generation 2");
    gt_needs("the banner", banner, "B: generation 3's population");
    gt_needs("the header", gs_str(r.line[0], "header"), "replay of gen 2");
    assert_non_null(strstr(r.line[0], "\"table_gens\":[3,2,1,0]")); // the top row, then the stored
    gt_needs("the table's top row", gs_str(r.line[0], "table_top"), "not evaluated");
    // B: the population bred from it, numbered as E would store it.
    gs_text(r.line[1], "banner", banner, sizeof banner);
    gt_needs("the banner", banner, "generation 3's population, not evaluated");
    gt_needs("the banner", banner, "B: replay of 2");
    gt_needs("the header", gs_str(r.line[1], "header"), "gen 3's population");
    gt_needs("the note", gs_str(r.line[1], "view_note"), "generation 3's population, bred from 2");
    gt_needs("the table's top row", gs_str(r.line[1], "table_top"), "not evaluated");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_limit_numbers_generations_as_stored),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
