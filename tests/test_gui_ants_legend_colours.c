// The ants legend names the colours the world is drawn in (trial 6): it
// said yellow "3 ants" labels, drawn white, and "ant 0 pinned (yellow
// rings)" drew no ring once the pinned ant was the selected one too. The
// state reports each label's and the pin's colour (0xRRGGBB); the legend's
// words are checked against them. The help for I and P named "the leader",
// where ants have none.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The colour word a teacher would use for rgb (the few the ants view draws).
static const char *colour_word(double v)
{
    long c = (long)v;
    int r = (int)(c >> 16) & 255, g = (int)(c >> 8) & 255, b = (int)c & 255;
    if (r > 200 && g > 200 && b > 200) return "white";
    if (r > 200 && g > 150 && b < 140) return "yellow";
    if (g > r && g > b) return "green";
    return "?";
}

// The legend (state line json's "marks") has a line that starts with word and holds what.
static void legend_says(const char *json, const char *word, const char *what)
{
    char legend[4096], want[160];
    if (!gs_text(json, "marks", legend, sizeof legend)) fail_msg("no marks in %s", json);
    snprintf(want, sizeof want, "%s %s", word, what);
    if (!strstr(legend, want)) fail_msg("the legend has no '%s': %s", want, legend);
}

static void label_colours_are_the_legends(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 20 state\nat 21 quit\n", "--no-log experiments/ants/default.ini", 1);
    const char *legend = r.line[0];
    legend_says(legend, colour_word(gs_num(r.line[0], "figures.rgb_ant_number")), "numbers  the ants' indices");
    legend_says(legend, colour_word(gs_num(r.line[0], "figures.rgb_ant_group")), "\"3 ants\"  ants standing");
    legend_says(legend, colour_word(gs_num(r.line[0], "figures.rgb_ant_food")), "numbers  food each ant");
    gs_free(&r);
}

// Own worlds: I opens the drawn ant's brain, P pins that ant (selected and
// pinned at once): its rings are drawn in the colour the note and legend say.
static void a_selected_pinned_ant_has_its_yellow_ring(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 30 key i\nat 31 key p\nat 40 state\nat 41 quit\n",
              "--no-log experiments/ants/default.ini --set ants.world=own", 1);
    const char *l = r.line[0];
    assert_true(gs_num(l, "figures.pinned") >= 0);
    assert_true(gs_num(l, "selected") == gs_num(l, "figures.pinned"));
    double pin = gs_num(l, "figures.rgb_pinned");
    if (pin < 0) fail_msg("no pinned ring drawn: %s", l);
    const char *word = colour_word(pin);
    char rings[64];
    snprintf(rings, sizeof rings, "(%s rings)", word);
    if (!strstr(gs_str(l, "message"), rings)) fail_msg("the note '%s' has no %s", gs_str(l, "message"), rings);
    legend_says(l, word, "double ring  the pinned ant");
    gs_free(&r);
}

static void help_for_i_and_p_names_no_leader(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 key h\nat 6 state\nat 7 quit\n", "--no-log experiments/ants/default.ini", 1);
    const char *rows = strstr(r.line[0], "\"help_rows\":");
    assert_non_null(rows);
    const char *i = strstr(rows, "{\"key\":\"I\"");
    const char *p = strstr(rows, "{\"key\":\"P\"");
    assert_non_null(i);
    assert_non_null(p);
    const char *i_end = strchr(i, '}'), *p_end = strchr(p, '}');
    const char *lead = strstr(rows, "leader");
    if (lead && ((lead > i && lead < i_end) || (lead > p && lead < p_end)))
        fail_msg("I or P names the leader: %.*s / %.*s", (int)(i_end - i), i, (int)(p_end - p), p);
    if (!strstr(i, "most food") || strstr(i, "most food") > i_end) fail_msg("I does not say whose: %.*s",
                                                                        (int)(i_end - i), i);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(label_colours_are_the_legends),
        cmocka_unit_test(a_selected_pinned_ant_has_its_yellow_ring),
        cmocka_unit_test(help_for_i_and_p_names_no_leader),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
