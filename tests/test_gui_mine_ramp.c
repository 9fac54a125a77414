// The mines lesson ramps the penalty per mine hit up from 0 over its first
// 60 generations. The panel's fitness line states this generation's penalty:
// the trial read "fitness = food - 55 x mines hit" at generation 0, where
// the stored mean fitness equalled the mean food although 2.58 mines were
// hit per ant.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <math.h>

// Generation gen's stored figure name (or "mean": its mean fitness).
static void the_fitness_line_states_this_generations_penalty(void **state)
{
    (void)state;
    char db[1024];
    gt_fresh_db(db, sizeof db, "mine_ramp.db");
    gs_run r;
    gt_script(&r, "at 1 state\nat 2 key f\nat gen 12 state\nat gen 12 quit\n",
              gt_fmt("experiments/ants/mines.ini --db '%s'", db), 2);
    assert_true(gs_num(r.line[0], "generation") == 0);
    assert_true(gs_num(r.line[0], "figures.mine_penalty") == 0);
    assert_true(gs_num(r.line[1], "generation") == 12);
    assert_true(fabs(gs_num(r.line[1], "figures.mine_penalty") - 55.0 * 12 / 60) < 1e-9);
    gs_free(&r);
    // What the line says is what the fitness was: generation 0 costs nothing
    // for its hits, generation 11 costs 55 x 11/60 per hit.
    assert_true(gt_stored_figure(db, 0, "mines_mean") > 0);
    assert_true(fabs(gt_stored_figure(db, 0, "mean") - gt_stored_figure(db, 0, "food_mean")) < 1e-9);
    double p11 = 55.0 * 11 / 60;
    assert_true(fabs(gt_stored_figure(db, 11, "mean") - (gt_stored_figure(db, 11, "food_mean") - p11 * gt_stored_figure(db, 11, "mines_mean"))) < 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(the_fitness_line_states_this_generations_penalty)};
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
