// The stacked species plot's caption names the columns it draws: after one
// generation it drew one column under "generation 0 .. 1" (it counted the
// next generation, speciated but not scored, in its caption and report but
// not in its columns). One count now: the scored generations, numbered as
// the table numbers them (0 the first).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "alife/neat.h"
#include "gui/species_plot.h"

// Ends the current generation of ne (every genome scored 1) and records it.
static void one_generation(alNeat *ne, al_species_plot *sp)
{
    int n = alNeat_Ask(ne);
    double *fit = calloc((size_t)n, sizeof *fit);
    assert_non_null(fit);
    for (int i = 0; i < n; ++i) fit[i] = 1.0 + 0.001 * i;
    alNeat_Tell(ne, fit);
    free(fit);
    al_species_plot_track(sp, ne);
}

static void the_caption_names_the_generations_drawn(void **state)
{
    (void)state;
    alNeatDef def = alDefaultNeatDef();
    def.inputs = 2;
    def.outputs = 1;
    def.population = 30;
    alNeat *ne = NULL;
    alError err = {0};
    assert_int_equal(alCreateNeat(&def, 1, &ne, &err), AL_OK);
    al_species_plot *sp = al_species_plot_create();
    assert_non_null(sp);
    char cap[96];
    al_species_plot_track(sp, ne); // generation 0 under way: nothing scored
    al_species_plot_caption(sp, cap, sizeof cap);
    assert_string_equal(cap, "no generations yet");
    assert_int_equal(al_species_plot_generations(sp), 0);

    one_generation(ne, sp); // generation 0 scored, 1 speciated
    al_species_plot_caption(sp, cap, sizeof cap);
    print_message("after one: %s\n", cap);
    assert_int_equal(al_species_plot_generations(sp), 1);
    assert_true(strncmp(cap, "generation 0;", 13) == 0);
    assert_null(strstr(cap, ".."));

    for (int k = 0; k < 4; ++k) one_generation(ne, sp);
    al_species_plot_caption(sp, cap, sizeof cap);
    print_message("after five: %s\n", cap);
    assert_int_equal(al_species_plot_generations(sp), 5);
    assert_true(strncmp(cap, "generations 0 .. 4;", 19) == 0);
    al_species_plot_destroy(sp);
    alDestroyNeat(ne);
}

// 350 species in bands a pixel thin could not be read (classroom trial,
// issue 10): past AL_SPECIES_PLOT_BANDS the caption says the largest are
// drawn and the others share one band.
static void many_species_are_captioned_as_grouped(void **state)
{
    (void)state;
    alNeatDef def = alDefaultNeatDef();
    def.inputs = 2;
    def.outputs = 1;
    def.population = 150;
    def.threshold = 0.01; // every genome that differs founds a species
    alNeat *ne = NULL;
    alError err = {0};
    assert_int_equal(alCreateNeat(&def, 1, &ne, &err), AL_OK);
    al_species_plot *sp = al_species_plot_create();
    assert_non_null(sp);
    al_species_plot_track(sp, ne);
    for (int k = 0; k < 3; ++k) one_generation(ne, sp);
    int now = al_species_plot_species_now(sp);
    if (now <= AL_SPECIES_PLOT_BANDS) fail_msg("only %d species: the test needs more", now);
    char cap[160], want[80];
    al_species_plot_caption(sp, cap, sizeof cap);
    snprintf(want, sizeof want, "the %d largest, grey the other %d", AL_SPECIES_PLOT_BANDS,
             now - AL_SPECIES_PLOT_BANDS);
    if (!strstr(cap, want)) fail_msg("%d species, caption '%s'", now, cap);
    al_species_plot_destroy(sp);
    alDestroyNeat(ne);
}

// Through the window: XOR after one generation reports the one column it
// draws, its first and last generation both 0.
static void the_report_counts_what_is_drawn(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at gen 1 state\nat gen 1 quit\n", "--no-log experiments/xor/xor.ini", 1);
    const char *l = r.line[0];
    assert_true(gs_num(l, "generation") == 1);
    assert_true(gs_num(l, "figures.species_plot_generations") == 1);
    assert_true(gs_num(l, "figures.species_plot_columns") == 1);
    assert_true(gs_num(l, "figures.species_plot_first") == 0);
    assert_true(gs_num(l, "figures.species_plot_last") == 0);
    gs_free(&r);
}

// Through the window: double_novel_neat founds over a hundred species in a
// few generations; the plot draws 12 bands and the grey one.
static void many_species_are_drawn_in_thirteen_bands(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 1 key f\nat gen 5 state\nat gen 5 quit\n", "--no-log experiments/pole/double_novel_neat.ini", 1);
    const char *l = r.line[0];
    if (gs_num(l, "figures.species_plot_now") <= AL_SPECIES_PLOT_BANDS)
        fail_msg("only %g species: the test needs more", gs_num(l, "figures.species_plot_now"));
    assert_true(gs_num(l, "figures.species_plot_bands") == AL_SPECIES_PLOT_BANDS + 1);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_caption_names_the_generations_drawn),
        cmocka_unit_test(many_species_are_captioned_as_grouped),
        cmocka_unit_test(many_species_are_drawn_in_thirteen_bands),
        cmocka_unit_test(the_report_counts_what_is_drawn),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
