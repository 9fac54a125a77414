// A window run is named after what it runs, whichever way the window reached
// it (the trial found a fish school reached with ] logged as "gui-boids",
// every steering scenario of a session as "gui-steering", the ants as
// "gui-ants" or "gui-default" depending on how the window was opened, and
// --from 4:10 as "gui-4:10"): `alife runs` and the compare picker then tell
// them apart.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI

// How many runs of the database at db are named name.
static int runs_named(const char *db, const char *name)
{
    return (int)gt_db_number(db, gt_fmt("SELECT count(*) FROM runs WHERE name = '%s'", name));
}

static void steering_runs_are_named_after_their_scenario(void **state)
{
    (void)state;
    char db[1024];
    gt_fresh_db(db, sizeof db, "names_steering.db");
    gs_run r;
    // boids from its file, then the next scenario (fish) with ]: each stores reports.
    gt_script(&r, "at 240 key ]\nat 480 state\nat 481 quit\n", gt_fmt("experiments/steering/boids.ini --db '%s'", db),
              1);
    gs_free(&r);
    assert_int_equal(runs_named(db, "gui-steering-boids"), 1);
    assert_int_equal(runs_named(db, "gui-steering-fish"), 1);
    // The default scenario opened without a file has the same name as from its file.
    gt_script(&r, "at 240 state\nat 241 quit\n", gt_fmt("--mode steering --db '%s'", db), 1);
    gs_free(&r);
    assert_int_equal(runs_named(db, "gui-steering-boids"), 2);
    assert_int_equal((int)gt_db_number(db, "SELECT count(*) FROM runs"), 3);
}

static void ants_runs_have_one_name_whichever_way_opened(void **state)
{
    (void)state;
    char db[1024];
    gt_fresh_db(db, sizeof db, "names_ants.db");
    gs_run r;
    const char *script = "at 2 key f\nat gen 1 state\nat gen 1 quit\n";
    gt_script(&r, script, gt_fmt("--mode ants --db '%s'", db), 1);
    gs_free(&r);
    gt_script(&r, script, gt_fmt("experiments/ants/default.ini --db '%s'", db), 1);
    gs_free(&r);
    assert_int_equal(runs_named(db, "gui-ants-default"), 2);

    // --from RUN:GEN (it opens paused) names where it started.
    gt_store_run(db, "experiments/ants/default.ini --set run.generations=4");
    int id = (int)gt_db_number(db, "SELECT max(id) FROM runs");
    gt_script(&r, "at 2 key space\nat 3 key f\nat gen 2 state\nat gen 2 quit\n", gt_fmt("--from %d:1 --db '%s'", id, db), 1);
    gs_free(&r);
    assert_int_equal(runs_named(db, gt_fmt("gui-ants-from-%d:1", id)), 1);
    // A run named in its config keeps that name.
    gt_script(&r, script, gt_fmt("experiments/ants/default.ini --set run.name=lecture --db '%s'", db), 1);
    gs_free(&r);
    assert_int_equal(runs_named(db, "lecture"), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_runs_are_named_after_their_scenario),
        cmocka_unit_test(ants_runs_have_one_name_whichever_way_opened),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
