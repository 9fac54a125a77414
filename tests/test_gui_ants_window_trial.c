// The ants window as the last classroom trial found it (issue 10), one test
// per finding: Tab before the first generation, the mines lesson's sensor
// and yardstick, the greedy group on the plot's scale, the Marks legend at
// the limit, the pin in own worlds, and a NEAT brain file's species plot.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// Whether the Marks section (state's panel_marks) lists label.
static bool panel_lists(const char *l, const char *label)
{
    char q[80];
    snprintf(q, sizeof q, "\"%s: ", label);
    const char *p = gs_find(l, "panel_marks"), *end = p ? strchr(p, ']') : NULL;
    const char *hit = p ? strstr(p, q) : NULL;
    return hit && hit < end;
}

// Tab before the first generation of mines.ini left the lesson's figure
// for "fitness" and, once the generation named the figures, jumped to the
// first of them unasked. Now it steps to the figure Tab steps to after the
// first generation, named in the title and `plotted`, and stays there.
static void tab_before_the_first_generation_steps_as_after_it(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 state\nat 10 key tab\nat 11 state\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/mines.ini", 3);
    char before[64], early[64], later[64], title[400];
    snprintf(before, sizeof before, "%s", gs_str(r.line[0], "plotted"));
    snprintf(early, sizeof early, "%s", gs_str(r.line[1], "plotted"));
    snprintf(later, sizeof later, "%s", gs_str(r.line[2], "plotted"));
    gs_text(r.line[1], "plot_title_full", title, sizeof title);
    print_message("before Tab: %s; Tab at tick %g: %s ('%s'); at generation 1: %s\n", before,
                  gs_num(r.line[1], "tick"), early, title, later);
    assert_string_equal(before, "mines_mean"); // the lesson's figure
    assert_true(gs_num(r.line[1], "generation") == 0);
    assert_non_null(strstr(title, "greedy group's mines")); // named on screen
    assert_string_equal(later, early);                      // and kept
    gs_free(&r);
    // Tab once the first generation has ended: the same figure
    gt_script(&r, "at 2 key f\nat gen 1 key f\nat gen 1 key tab\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/mines.ini", 1);
    assert_string_equal(gs_str(r.line[0], "plotted"), early);
    gs_free(&r);
}

// mines.ini hid that its food sensor is not default.ini's and that its
// greedy group eats about 50, not 110: the lesson on screen (L) says both
// and what the dashed line is.
static void the_mines_lesson_names_its_sensor_and_yardstick(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 key l\nat 4 state\nat 5 quit\n", "--no-log experiments/ants/mines.ini", 1);
    static char text[1 << 15];
    gs_text(gs_find(r.line[0], "lesson_view"), "text", text, sizeof text);
    static const char *const said[] = {"food_sense = nearest", "default.ini sets free",
                                       "about 50 food per ant", "dashed", "greedy group"};
    for (size_t i = 0; i < sizeof said / sizeof said[0]; ++i)
        if (!strstr(text, said[i]))
            fail_msg("the mines lesson does not say '%s': %.400s", said[i], text);
    gs_free(&r);
    // and the figure is what the lesson says: the greedy group near 50
    gt_script(&r, "at 2 key f\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/mines.ini", 1);
    double greedy = gs_num(r.line[0], "figures.baseline_mean");
    if (!(greedy > 40 && greedy < 60))
        fail_msg("the greedy group eats %g per ant, not about 50", greedy);
    gs_free(&r);
}

// default.ini's greedy group, the yardstick, was off the plot's scale for
// its first 10-20 generations (the axis took in the ants alone): it is on
// the scale from the first generation, drawn, not labelled "off the scale".
static void the_greedy_group_is_on_the_plot_s_scale_from_the_start(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key f\nat gen 1 state\nat gen 3 state\nat gen 3 quit\n",
              "--no-log experiments/ants/default.ini", 2);
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        double lo = gs_num(l, "plot_range.lo"), hi = gs_num(l, "plot_range.hi");
        double best = gs_num(l, "figures.best"), greedy = gs_num(l, "figures.baseline_mean");
        print_message("generation %g: axis %g .. %g, best %g, greedy group %g\n",
                      gs_num(l, "generation"), lo, hi, best, greedy);
        assert_string_equal(gs_str(l, "plotted"), "fitness");
        assert_true(greedy > 2 * best); // early: far above the ants
        if (!(lo <= 0 && hi >= greedy))
            fail_msg("the greedy group %g is off the axis %g .. %g", greedy, lo, hi);
        assert_int_equal((int)gs_num(l, "plot_off_scale"), 0);
    }
    gs_free(&r);
}

// At the run's limit the population kept alive rings no elite, and B's
// replay neither: the Marks section and the lesson's legend listed "elite"
// (orange rings) all the same. Now they list a mark only while it is drawn.
static void the_marks_list_only_what_is_drawn_at_the_limit(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "limit.db");
    gs_run r;
    gt_script(
        &r,
        "at 2 key f\nat gen 1 key f\nat gen 1 state\nat 2000 key b\nat 2001 key l\nat 2002 state\n"
        "at 2003 key b\nat 2004 state\nat 2005 quit\n",
        gt_fmt("experiments/ants/default.ini --db '%s' --set run.generations=3", db), 3);
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        double rings = gs_num(l, "figures.elite_rings");
        bool listed = panel_lists(l, "elite"),
             in_legend = strstr(gs_str(l, "marks"), "orange rings") != NULL;
        print_message(
            "state %d: finished %d replaying %d, %g elite rings, Marks lists elite %d, legend %d\n",
            i, gs_bool(l, "finished"), gs_bool(l, "replaying"), rings, listed, in_legend);
        if (listed != (rings > 0))
            fail_msg("state %d: %g elite rings drawn, the Marks say elite: %d", i, rings, listed);
        if (in_legend != (rings > 0))
            fail_msg("state %d: %g elite rings drawn, the legend says orange rings: %d", i, rings,
                     in_legend);
    }
    assert_true(gs_num(r.line[0], "figures.elite_rings") >
                0); // while it evolves they are drawn, and listed
    assert_true(gs_bool(r.line[1], "finished"));
    gs_free(&r);
}

// Whether any text drawn in the world area (state's world_texts) holds word.
static bool world_says(const char *l, const char *word)
{
    const char *p = gs_find(l, "world_texts"), *end = p ? strstr(p, "]") : NULL;
    const char *hit = p ? strstr(p, word) : NULL;
    return hit && hit < end;
}

// Own worlds: the pin followed the ant's number, so after a generation the
// world drawn was another genome's; and the caption called the drawn ant
// "selected" where P called it "pinned". Now the pin follows the genome (an
// elite's copy carries it on) or, when breeding dropped it, goes, said in
// the panel; the caption's words are "pinned" for P, "clicked" for a click.
static void the_pin_follows_the_genome_into_the_next_generation(void **state)
{
    (void)state;
    // pinned near the generation's end: the ant with most food, an elite
    gs_run r;
    gt_script(&r, "at 190 key p\nat 191 state\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own --set ga.elites=4", 2);
    double was = gs_num(r.line[0], "figures.pinned"), now = gs_num(r.line[1], "figures.pinned");
    const char *note = gs_str(r.line[1], "view_note");
    print_message("pinned ant %g, next generation: ant %g, '%s'\n", was, now, note);
    assert_true(was >= 0 && now >= 0);
    assert_true(gs_num(r.line[1], "figures.world_owner") == now);
    char want[96];
    snprintf(want, sizeof want, "ant %g's genome lives on unchanged as ant %g", was, now);
    if (!strstr(note, want)) fail_msg("the panel says '%s', not '%s'", note, want);
    gs_free(&r);
    // no elites: every genome is bred anew, and the pin goes, said plainly
    gt_script(&r, "at 190 key p\nat 191 state\nat gen 1 state\nat gen 1 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own --set ga.elites=0", 2);
    assert_true(gs_num(r.line[0], "figures.pinned") >= 0);
    assert_true(gs_num(r.line[1], "figures.pinned") == -1);
    assert_non_null(strstr(gs_str(r.line[1], "view_note"), "bred away, so no ant is pinned"));
    gs_free(&r);
    // one word each: I opens the drawn ant's brain, the caption says "clicked"
    gt_script(&r, "at 20 key i\nat 21 state\nat 22 key i\nat 23 key p\nat 24 state\nat 25 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own", 2);
    assert_false(world_says(r.line[0], "(selected)"));
    assert_true(world_says(r.line[0], "clicked"));
    assert_true(world_says(r.line[1], "pinned"));
    gs_free(&r);
}

// A NEAT brain file replays a stored generation; its species plot said "no
// generations yet", as if the file held none.
static void a_neat_brain_file_says_what_its_species_plot_shows(void **state)
{
    (void)state;
    char db[512], brain[512];
    gt_stored_run(db, sizeof db, "neat.db", "experiments/ants/neat.ini --generations 2");
    snprintf(brain, sizeof brain, "%s", gs_path("neat.brain"));
    if (gt_alife(gt_fmt("export 1 --db '%s' --genome 1 --out '%s'", db, brain), NULL) != 0)
        fail_msg("export failed");
    gs_run r;
    gt_script(&r, "at 20 state\nat 21 quit\n", gt_fmt("--no-log --brain '%s'", brain), 1);
    const char *says = gs_str(r.line[0], "species_caption");
    print_message("species plot: %s\n", says);
    assert_true(gs_bool(r.line[0], "replaying"));
    if (strstr(says, "no generations yet") || !strstr(says, "brain file's generation replayed"))
        fail_msg("a brain file's species plot says '%s'", says);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tab_before_the_first_generation_steps_as_after_it),
        cmocka_unit_test(the_mines_lesson_names_its_sensor_and_yardstick),
        cmocka_unit_test(the_greedy_group_is_on_the_plot_s_scale_from_the_start),
        cmocka_unit_test(the_marks_list_only_what_is_drawn_at_the_limit),
        cmocka_unit_test(the_pin_follows_the_genome_into_the_next_generation),
        cmocka_unit_test(a_neat_brain_file_says_what_its_species_plot_shows),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
