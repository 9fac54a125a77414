// The speed line names a run id only once the run has stored a generation:
// a window session that stores none is deleted when it closes, and its id is
// given to the next run (the trial saw "run 10 logged" on a steering session
// and later found run 10 to be somebody else's ants run).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void no_run_id_before_a_generation_is_stored(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "logging.db");
    gs_run r;
    gt_script(&r, "at 2 state\nat 240 state\nat 241 quit\n",
              gt_fmt("experiments/steering/boids.ini --db '%s'", db), 2);
    assert_string_equal(gs_str(r.line[0], "logging"), "logging from the first report");
    double id = gt_db_number(db, "SELECT max(id) FROM runs");
    assert_false(isnan(id));
    assert_true(gt_db_number(db, "SELECT count(*) FROM generations") > 0);
    char want[64];
    snprintf(want, sizeof want, "run %.0f logged", id);
    assert_string_equal(gs_str(r.line[1], "logging"), want);
    gs_free(&r);

    // Closed before its first generation: the run is gone, and nothing on
    // screen had promised its id.
    double before = gt_db_number(db, "SELECT count(*) FROM runs");
    gt_script(&r, "at 2 state\nat 3 quit\n", gt_fmt("experiments/ants/default.ini --db '%s'", db), 1);
    assert_string_equal(gs_str(r.line[0], "logging"), "logging from the first generation");
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == before);
    gs_free(&r);
}

// --from RUN:GEN starts at a stored generation: the new run has stored
// nothing yet, and said "run 2 logged" at once; closed so, it was deleted
// and its id given to the next run.
static void from_a_stored_generation_no_run_id_before_one_is_stored(void **state)
{
    (void)state;
    char db[1024];
    gt_stored_run(db, sizeof db, "from_log.db",
                  "experiments/ants/default.ini --set run.generations=4 --set ants.ticks=120");
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n", gt_fmt("--from 1:3 --db '%s'", db), 1);
    assert_string_equal(gs_str(r.line[0], "logging"), "logging from the first generation");
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
    gs_free(&r);

    // Once it has stored a generation, it is named.
    gt_script(&r, "at 3 key space\nat gen 4 state\nat gen 4 quit\n",
              gt_fmt("--from 1:3 --db '%s' --set ants.ticks=120", db), 1);
    assert_string_equal(gs_str(r.line[0], "logging"), "run 2 logged");
    assert_true(gt_db_number(db, "SELECT count(*) FROM generations WHERE run = 2") == 1);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_run_id_before_a_generation_is_stored),
        cmocka_unit_test(from_a_stored_generation_no_run_id_before_one_is_stored),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
