// NEAT in the window (issue 13), offscreen through the --script harness:
//   - the ants' brain inspector draws the evolved topology of a NEAT run
//     (the minimal net at generation 0, more nodes once NEAT has added some);
//   - at 720x480 the inspector covers at most about a quarter of the world
//     (it covered about 40%), for fixed and NEAT brains;
//   - the stacked species plot is a panel section of a NEAT run (ants,
//     XOR), plotted (coloured bands in its rectangle), absent for the GA.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "png_count.h"

static double world_area(const char *l) { return gs_num(l, "world_rect.w") * gs_num(l, "world_rect.h"); }

static double brain_area(const char *l) { return gs_num(l, "figures.brain_w") * gs_num(l, "figures.brain_h"); }

// A logged NEAT run of 4 short generations that adds nodes freely; at the
// limit the window replays the last stored generation with its best ant
// marked (I opens the inspector); [ steps back a generation.
static void neat_replays(gs_run *r, const char *script)
{
    char db[512];
    gt_fresh_db(db, sizeof db, "neat.db");
    char args[1024];
    snprintf(args, sizeof args,
             "experiments/ants/neat.ini --db '%s' --set run.generations=4 --set ants.ticks=100 "
             "--set neat.add_node=0.9 --set neat.add_conn=0.5",
             db);
    gs_run_script(r, script, args);
}

static void the_brain_inspector_draws_the_evolved_topology(void **state)
{
    (void)state;
    gs_run r;
    // (the limit marks the best ant; I opens its brain, [ keeps it open)
    neat_replays(&r, "at gen 4 key i\nat gen 4 state\nat gen 4 key [\nat gen 4 key [\nat gen 4 key [\n"
                     "at 300 state\nat 301 quit\n");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    const char *last = r.line[0], *first = r.line[1];
    assert_true(gs_overlay(last, "brain") && gs_overlay(first, "brain"));
    assert_true(gs_num(last, "figures.replay_generation") == 3);
    assert_true(gs_num(first, "figures.replay_generation") == 0);
    // generation 0: the minimal network, 4 inputs, the bias and 2 tracks
    assert_true(gs_num(first, "figures.brain_nodes") == 7);
    // generation 3: hidden nodes NEAT added, drawn
    if (!(gs_num(last, "figures.brain_nodes") > 7))
        fail_msg("the best ant of generation 3 has %g nodes drawn", gs_num(last, "figures.brain_nodes"));
    gs_free(&r);
}

// At 720x480 (and at 1280x800) the box stays within a quarter of the world
// (a little over for rounding), for the GA's 4-6-2 brains and NEAT's.
static void the_brain_box_covers_at_most_a_quarter_of_the_world(void **state)
{
    (void)state;
    for (int k = 0; k < 2; ++k) {
        gs_run r;
        const char *script = "at gen 4 key i\nat gen 4 state\nat gen 4 resize 720 480\nat 200 state\nat 201 quit\n";
        if (k == 0) {
            char db[512];
            gt_fresh_db(db, sizeof db, "ga.db");
            char args[1024];
            snprintf(args, sizeof args, "experiments/ants/default.ini --db '%s' --set run.generations=4 --set ants.ticks=100", db);
            gs_run_script(&r, script, args);
        } else {
            neat_replays(&r, script);
        }
        assert_int_equal(r.status, 0);
        assert_int_equal(r.n, 2);
        for (int i = 0; i < 2; ++i) {
            const char *l = r.line[i];
            assert_true(gs_overlay(l, "brain"));
            double share = brain_area(l) / world_area(l);
            if (!(share > 0.05 && share <= 0.26))
                fail_msg("%s brain box %gx%g is %.0f%% of the world %gx%g (window %g wide)", k ? "NEAT" : "GA",
                         gs_num(l, "figures.brain_w"), gs_num(l, "figures.brain_h"), 100 * share,
                         gs_num(l, "world_rect.w"), gs_num(l, "world_rect.h"), gs_num(l, "window.width"));
        }
        assert_true(gs_num(r.line[1], "window.width") == 720);
        gs_free(&r);
    }
}

static void the_species_plot_is_listed_and_plotted(void **state)
{
    (void)state;
    const char *shot = gs_path("species.png");
    char script[512];
    snprintf(script, sizeof script, "at gen 4 key b\nat gen 4 state\nat gen 4 shot %s\nat 300 quit\n", shot);
    gs_run r;
    neat_replays(&r, script);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 1);
    const char *l = r.line[0];
    int x = 0, y = 0, w = 0, h = 0;
    bool cut;
    if (!gs_section(l, "Species", &x, &y, &w, &h, &cut)) fail_msg("no Species section: %s", l);
    assert_true(h > 60 && w > 100);
    // every generation's species recorded (0 .. 4: the population of the next one too)
    assert_true(gs_num(l, "figures.species_plot_generations") >= 4);
    assert_true(gs_num(l, "figures.species_plot_now") >= 1);
    // the bands are drawn: the first species' colour fills part of the rectangle
    SDL_Rect sec = {x, y, w, h};
    int iw, ih, n = 0;
    const SDL_Color pal[3] = {{110, 180, 255, 255}, {255, 170, 60, 255}, {110, 220, 120, 255}};
    for (int c = 0; c < 3; ++c) n += png_count_colour(shot, &sec, pal[c], 2, &iw, &ih);
    if (n < 500) fail_msg("only %d band pixels in the Species section %d,%d %dx%d", n, x, y, w, h);
    gs_free(&r);
    // The GA has no species: no section.
    char db[512];
    gt_fresh_db(db, sizeof db, "ga2.db");
    char args[1024];
    snprintf(args, sizeof args, "experiments/ants/default.ini --db '%s' --set run.generations=2 --set ants.ticks=50", db);
    gs_run_script(&r, "at gen 2 state\nat 100 quit\n", args);
    assert_int_equal(r.status, 0);
    assert_false(gs_section(r.line[0], "Species", &x, &y, &w, &h, &cut));
    gs_free(&r);
    // XOR, NEAT's own task: the same section, a generation recorded per generation.
    gs_run_script(&r, "at gen 6 state\nat 300 quit\n", "experiments/xor/xor.ini --no-log");
    assert_int_equal(r.status, 0);
    assert_true(gs_section(r.line[0], "Species", &x, &y, &w, &h, &cut) && h > 60);
    assert_true(gs_num(r.line[0], "figures.species_plot_generations") >= 6);
    assert_true(gs_num(r.line[0], "figures.species_plot_now") >= 1);
    gs_free(&r);
}

// Fast forward (F) runs many generations in one frame: each still gets its
// column (the species recorded as each generation ends, not once a frame).
static void check_every_generation_has_a_column(const char *args, int min_gens)
{
    gs_run r;
    gt_script(&r, "at 2 key F\nat 5 state\nat 6 key F\nat 8 state\nat 9 quit\n", args, 2);
    for (int k = 0; k < 2; ++k) {
        const char *l = r.line[k];
        double gen = gs_num(l, "generation"), n = gs_num(l, "figures.species_plot_generations");
        // Counted, drawn and reported: the scored generations 0 .. gen - 1 (the
        // one under way is recorded but not scored yet: not drawn).
        if (n != gen) fail_msg("%s: %g generations run, %g drawn in the species plot", args, gen, n);
        double first = gs_num(l, "figures.species_plot_first"), last = gs_num(l, "figures.species_plot_last");
        print_message("%s: generation %g, %g recorded (%g .. %g), %g gaps, %g columns\n", args, gen, n, first,
                      last, gs_num(l, "figures.species_plot_gaps"), gs_num(l, "figures.species_plot_columns"));
        if (k == 0 && gen < min_gens) fail_msg("F ran only %g generations in 3 frames", gen);
        assert_true(first == 0);
        assert_true(last == gen - 1); // the last scored (the one under way is not drawn)
        assert_true(gs_num(l, "figures.species_plot_gaps") == 0);
        // a column each while they fit in the plot (it is wider than 100 px)
        double cols = gs_num(l, "figures.species_plot_columns");
        assert_true(cols == n || cols > 100);
    }
    gs_free(&r);
}

static void a_fast_frame_leaves_no_generation_without_its_column(void **state)
{
    (void)state;
    check_every_generation_has_a_column("experiments/xor/xor.ini --no-log --set run.generations=100000", 3);
    check_every_generation_has_a_column("experiments/ants/neat.ini --no-log --set ants.ticks=10 "
                                        "--set run.generations=100000",
                                        12);
}

int main(void)
{
    gs_setup_dir();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_brain_inspector_draws_the_evolved_topology),
        cmocka_unit_test(the_brain_box_covers_at_most_a_quarter_of_the_world),
        cmocka_unit_test(the_species_plot_is_listed_and_plotted),
        cmocka_unit_test(a_fast_frame_leaves_no_generation_without_its_column),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
