// One species count on the XOR screen: the stacked species plot counts the
// species of the generations scored, as the NEAT section, the table and the
// log do (the trial saw "5 species now" beside the NEAT section's 3: the
// plot counted the next population, speciated but not yet scored); and the
// pole under NEAT shows the same plot.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI

static void the_plot_and_the_neat_section_agree(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 1 key +\nat 2 key +\nat 3 key +\nat 4 key +\nat 5 key +\n" // a generation a frame
              "at 12 state\nat 17 state\nat 25 state\nat 26 quit\n",
              "--no-log --set run.seed=3 experiments/xor/xor.ini", 3);
    for (int i = 0; i < r.n; ++i) {
        assert_true(gs_num(r.line[i], "figures.species_plot_generations") >= 1);
        assert_true(gs_num(r.line[i], "figures.species_plot_now") == gs_num(r.line[i], "figures.panel_species"));
        // and the plot has a column for each generation done, no more
        assert_true(gs_num(r.line[i], "figures.species_plot_generations") <= gs_num(r.line[i], "generation"));
    }
    gs_free(&r);
}

// The pole under NEAT shows the same stacked species plot (it showed only
// the species count as a line).
static void the_neat_pole_has_the_stacked_species_plot(void **state)
{
    (void)state;
    gs_run r;
    // + past the control-step rungs (each best played out) to 5 generations a frame
    gt_script(&r, "at 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\nat 1 key =\n"
                  "at 2 key =\nat 2 key =\nat 12 state\nat 13 quit\n",
              "--no-log --width 1600 --height 1000 experiments/pole/double_neat.ini", 1);
    assert_true(gs_num(r.line[0], "figures.species_plot_generations") >= 3);
    assert_true(gs_num(r.line[0], "figures.species_plot_now") >= 1);
    assert_true(gt_section(r.line[0], "Species").h > 0);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_plot_and_the_neat_section_agree),
        cmocka_unit_test(the_neat_pole_has_the_stacked_species_plot),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
