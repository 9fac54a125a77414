// No link of a drawn NEAT network passes through a node that is not one of
// its ends (classroom trial, issue 10: in XOR, in1, two hidden nodes and the
// output lay on one line, so in1 -> out ran through both and no one could
// tell which links existed). A link that would is bowed round the node;
// `state` counts the links still crossing one (net_links_through_nodes in
// the XOR view, brain_links_through_nodes in the ants' brain inspector).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>

// XOR at full speed (F), a state line at generations 3, 6, 9, 12 of a
// seed; nodes and links added often, so the networks grow crowded.
static void no_xor_link_crosses_a_node(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 3; ++seed) {
        gs_run r;
        gt_script(&r, "at 2 key F\nat gen 3 state\nat gen 6 state\nat gen 9 state\nat gen 12 state\nat gen 12 quit\n",
                  gt_fmt("experiments/xor/xor.ini --no-log --set run.seed=%d --set neat.add_node=0.2 "
                         "--set neat.add_conn=0.4",
                         seed),
                  4);
        for (int i = 0; i < r.n; ++i)
            if (gs_num(r.line[i], "figures.net_links_through_nodes") != 0)
                fail_msg("seed %d, generation %g: %g links through a node", seed, gs_num(r.line[i], "generation"),
                         gs_num(r.line[i], "figures.net_links_through_nodes"));
        gs_free(&r);
    }
}

// The ants' brain inspector at the limit's replay: the best ant of each of
// the 4 generations stored (I opens it, [ steps back), two seeds.
static void no_ants_brain_link_crosses_a_node(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 2; ++seed) {
        char db[512], args[1024];
        gt_fresh_db(db, sizeof db, "net_links.db");
        snprintf(args, sizeof args,
                 "experiments/ants/neat.ini --db '%s' --set run.seed=%d --set run.generations=4 --set ants.ticks=100 "
                 "--set neat.add_node=0.9 --set neat.add_conn=0.5",
                 db, seed);
        gs_run r;
        gt_script(&r,
                  "at gen 4 key i\nat gen 4 state\nat gen 4 key [\nat gen 4 state\nat gen 4 key [\nat gen 4 state\n"
                  "at gen 4 key [\nat gen 4 state\nat gen 4 quit\n",
                  args, 4);
        for (int i = 0; i < r.n; ++i) {
            if (!gs_overlay(r.line[i], "brain")) fail_msg("seed %d, line %d: no brain inspector", seed, i);
            if (gs_num(r.line[i], "figures.brain_links_through_nodes") != 0)
                fail_msg("seed %d, replay of generation %g (%g nodes): %g links through a node", seed,
                         gs_num(r.line[i], "figures.replay_generation"), gs_num(r.line[i], "figures.brain_nodes"),
                         gs_num(r.line[i], "figures.brain_links_through_nodes"));
        }
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_xor_link_crosses_a_node),
        cmocka_unit_test(no_ants_brain_link_crosses_a_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
