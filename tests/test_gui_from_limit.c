// `alife gui --from RUN` at a stored run's limit, and --from RUN:GEN before
// the window's run has stored a generation of its own (issue 10's trial):
//  - the replay of the last generation rang ant 0 ("best ant 0 ringed", 79
//    food) where --brain of the same generation rings its best ant;
//  - the speed line said "run 2 logged" while nothing was stored, and Esc
//    then deleted run 2;
//  - under a script the replay began at whatever tick the frame the way
//    there ended had run (978, 132, 592): now at its first tick every time;
//  - B said "replay: no generation stored yet" beside the table's stored
//    generations: it replays the continued run's newest before GEN;
//  - an estrings --from whose way there reached the goal kept an empty run
//    "finished, solved, generations 0", which replay --check refused.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Three default ants generations: generation 2's best is not ant 0.
static void stored_ants(char *db, size_t cap)
{
    gt_stored_run(db, cap, "from_limit.db", "experiments/ants/default.ini --set run.generations=3");
}

static void at_the_limit_the_best_ant_is_ringed(void **state)
{
    (void)state;
    char db[1024];
    stored_ants(db, sizeof db);
    char brain_file[1024];
    snprintf(brain_file, sizeof brain_file, "%s", gs_path("from_limit.brain"));
    if (gt_alife(gt_fmt("export 1 --genome 2 --out '%s' --db '%s'", brain_file, db), NULL) != 0)
        fail_msg("export 1 --genome 2 failed");
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 quit\n", gt_fmt("--brain '%s' --no-log", brain_file), 1);
    double brain = gs_num(r.line[0], "figures.marked");
    gs_free(&r);
    // logged (the stored generation replays) and not (the one in memory)
    for (int logged = 1; logged >= 0; --logged) {
        gt_script(&r, "at 5 state\nat 6 quit\n", gt_fmt("--from 1 --db '%s'%s", db, logged ? "" : " --no-log"), 1);
        assert_true(gs_bool(r.line[0], "replaying"));
        assert_int_equal((int)gs_num(r.line[0], "figures.replay_generation"), 2);
        if (brain <= 0 || gs_num(r.line[0], "figures.marked") != brain)
            fail_msg("--brain of generation 2 rings ant %g, --from 1 at the limit (%s) ant %g", brain,
                     logged ? "logged" : "--no-log", gs_num(r.line[0], "figures.marked"));
        gs_free(&r);
    }
}

static void nothing_stored_is_not_named_logged(void **state)
{
    (void)state;
    char db[1024];
    stored_ants(db, sizeof db);
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 quit\n", gt_fmt("--from 1 --db '%s'", db), 1);
    assert_string_equal(gs_str(r.line[0], "logging"), "logging from the first generation");
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1); // and none was kept
}

static void the_replay_starts_at_its_first_tick(void **state)
{
    (void)state;
    char db[1024];
    stored_ants(db, sizeof db);
    for (int i = 0; i < 2; ++i) {
        gs_run r;
        gt_script(&r, "at 5 state\nat 6 quit\n", gt_fmt("--from 1 --db '%s'", db), 1);
        if (gs_num(r.line[0], "figures.replay_tick") != 0)
            fail_msg("run %d: the replay at the limit began at tick %g: %s", i + 1,
                     gs_num(r.line[0], "figures.replay_tick"), gs_str(r.line[0], "header"));
        gs_free(&r);
    }
}

static void b_replays_the_continued_runs_newest(void **state)
{
    (void)state;
    char db[1024];
    stored_ants(db, sizeof db);
    gs_run r;
    gt_script(&r, "at 3 key b\nat 4 state\nat 5 quit\n", gt_fmt("--from 1:2 --db '%s'", db), 1);
    assert_true(gs_bool(r.line[0], "replaying"));
    assert_int_equal((int)gs_num(r.line[0], "figures.replay_generation"), 1);
    gs_free(&r);
}

static void a_from_run_at_the_goal_with_nothing_stored_is_not_kept(void **state)
{
    (void)state;
    char db[1024];
    gt_stored_run(db, sizeof db, "from_goal.db", "experiments/estrings/hello.ini");
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n", gt_fmt("--from 1 --db '%s'", db), 1);
    if (!strstr(gs_str(r.line[0], "message"), "run 2 is not kept"))
        fail_msg("the strip does not say run 2 goes: %s", gs_str(r.line[0], "message"));
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(at_the_limit_the_best_ant_is_ringed),
        cmocka_unit_test(nothing_stored_is_not_named_logged),
        cmocka_unit_test(the_replay_starts_at_its_first_tick),
        cmocka_unit_test(b_replays_the_continued_runs_newest),
        cmocka_unit_test(a_from_run_at_the_goal_with_nothing_stored_is_not_kept),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
