// The plot's title fits the plot, through the --script harness: in every
// mode at 1600x1000 and 720x480 the title drawn ends inside the plot's area
// (the "(Tab: next figure)" hint ran past the window's right edge); the
// hint shortens or goes first, the title is cut with "..." only when even
// it alone does not fit, and `state` keeps the whole text.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "gui/plot.h"
#include "gui_font.h"
#include "gui_script.h"

static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};

// The title's rectangle ends within the plot's; true when the whole title
// (with its hint) is shown.
static bool title_inside(const char *l)
{
    int tx = (int)gs_num(l, "plot_title_rect.x"), tw = (int)gs_num(l, "plot_title_rect.w");
    int px = (int)gs_num(l, "plot_rect.x"), pw = (int)gs_num(l, "plot_rect.w");
    if (!(tw > 0 && tx >= px && tx + tw <= px + pw))
        fail_msg("%s at %gx%g: title '%s' (x %d, w %d) runs past the plot (x %d, w %d)", gs_str(l, "mode"),
                 gs_num(l, "window.width"), gs_num(l, "window.height"), gs_str(l, "plot_title"), tx, tw, px, pw);
    return strcmp(gs_str(l, "plot_title"), gs_str(l, "plot_title_full")) == 0;
}

static void every_plot_title_fits_at_1600x1000_and_720x480(void **state)
{
    (void)state;
    for (int m = 0; m < 5; ++m) {
        char args[128];
        snprintf(args, sizeof args, "--no-log --mode %s --width 1600 --height 1000", modes[m]);
        gs_run r;
        // A few generations in, so that Tab has figures and the hint shows.
        gs_run_script(&r,
                      "at 2 key F\nat gen 3 key F\nat gen 3 state\n"
                      "at gen 3 resize 720 480\nat gen 3 state\nat gen 3 quit\n",
                      args);
        assert_int_equal(r.status, 0);
        assert_int_equal(r.n, 2);
        for (int i = 0; i < 2; ++i) {
            const char *l = r.line[i];
            print_message("%s %gx%g: '%s'\n", modes[m], gs_num(l, "window.width"), gs_num(l, "window.height"),
                          gs_str(l, "plot_title"));
            bool whole = title_inside(l);
            assert_false(gs_bool(l, "plot_title_cut")); // shortening the hint was enough
            assert_non_null(strstr(gs_str(l, "plot_title_full"), "(Tab: next figure)"));
            if (i == 0) assert_true(whole); // 1600 px: room for all of it
        }
        gs_free(&r);
    }
}

// The title's words, its hint left out, without spaces or line breaks
// (a wrapped title breaks at a space), into out.
static void words_only(const char *title, char *out, size_t cap)
{
    const char *hint = strstr(title, "   (");
    size_t n = 0, end = hint ? (size_t)(hint - title) : strlen(title);
    for (size_t i = 0; i < end && n + 1 < cap; ++i)
        if (title[i] != ' ' && title[i] != '\n') out[n++] = title[i];
    out[n] = '\0';
}

// Issue 10: the trial read "greedy group's mines: mines hit per ant of the
// greedy group,..." (ants/mines.ini, at every size) and "target distance:
// mean distance to the quarry, leader or midp..." (the steering lessons at
// 1280x800). In every figure Tab reaches, in every mode and those lessons,
// at 1280x800 and 720x480, the whole title is shown (on two lines at most)
// inside the plot, and the panel's layout stays put as Tab goes round.
static void no_figure_title_is_cut_at_1280x800_or_720x480(void **state)
{
    (void)state;
    static const char *const runs[] = {
        "--mode steering", "--mode estrings", "--mode ants", "--mode xor", "--mode pole",
        "experiments/ants/mines.ini", "experiments/ants/cmaes.ini", "experiments/ants/neat.ini",
        "experiments/steering/pursuit_evade.ini", "experiments/steering/leader_following.ini",
        "experiments/steering/interpose.ini", "experiments/pole/double_neat.ini",
    };
    enum { TABS = 13 }; // more than any mode's figures: Tab comes round to the first
    char script[4096] = "at 2 key F\nat gen 3 key F\nat gen 3 resize 1280 800\nat gen 3 state\n";
    for (int size = 0; size < 2; ++size) {
        if (size) strcat(script, "at gen 3 resize 720 480\nat gen 3 state\n");
        for (int t = 0; t < TABS; ++t)
            strcat(script, "at gen 3 key Tab\nat gen 3 state\n");
    }
    strcat(script, "at gen 3 quit\n");
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; ++i) {
        gs_run r;
        gt_script(&r, script, gt_fmt("--no-log %s", runs[i]), 2 * (TABS + 1));
        for (int size = 0; size < 2; ++size) {
            const char *first = r.line[size * (TABS + 1)];
            char first_plotted[64];
            snprintf(first_plotted, sizeof first_plotted, "%s", gs_str(first, "plotted"));
            gt_box plot0 = gt_section(first, "Plot");
            bool round = false;
            for (int t = 0; t <= TABS; ++t) {
                const char *l = r.line[size * (TABS + 1) + t];
                char shown[300], whole[300], full[300];
                gs_text(l, "plot_title", full, sizeof full);
                words_only(full, shown, sizeof shown);
                gs_text(l, "plot_title_full", full, sizeof full);
                words_only(full, whole, sizeof whole);
                print_message("%s %gx%g %s: '%s'\n", runs[i], gs_num(l, "window.width"), gs_num(l, "window.height"),
                              gs_str(l, "plotted"), gs_str(l, "plot_title"));
                if (gs_bool(l, "plot_title_cut") || strcmp(shown, whole) != 0)
                    fail_msg("%s at %gx%g, figure %s: the title is cut: '%s'", runs[i], gs_num(l, "window.width"),
                             gs_num(l, "window.height"), gs_str(l, "plotted"), gs_str(l, "plot_title"));
                title_inside(l);
                gs_text(l, "plot_title", full, sizeof full);
                char *nl = strchr(full, '\n');
                assert_true(!nl || !strchr(nl + 1, '\n')); // two lines at most
                gt_box plot = gt_section(l, "Plot");
                if (plot.y != plot0.y || plot.h != plot0.h)
                    fail_msg("%s: the Plot section moved from y %d h %d to y %d h %d with the figure %s", runs[i],
                             plot0.y, plot0.h, plot.y, plot.h, gs_str(l, "plotted"));
                if (t > 0 && strcmp(gs_str(l, "plotted"), first_plotted) == 0) round = true;
            }
            if (!round) fail_msg("%s: %d Tabs did not come round to %s", runs[i], TABS, first_plotted);
        }
        gs_free(&r);
    }
}

// XOR's long title at 720x480 keeps its words and drops the hint.
static void a_long_title_drops_its_hint_first(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key F\nat gen 3 key F\nat gen 3 resize 720 480\nat gen 3 state\nat gen 3 quit\n",
                  "--no-log experiments/xor/xor.ini", 1);
    title_inside(r.line[0]);
    assert_string_equal(gs_str(r.line[0], "plot_title"), "fitness per generation (best, mean; 16 = perfect)");
    gs_free(&r);
}

// A title that does not fit on one line is wrapped to two, and one that
// does not fit even on two is cut with "..." at a character (UTF-8)
// boundary; nothing of it is drawn right of the plot's area.
static void a_title_too_long_is_cut_inside_the_plot(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 400, 200);
    const char *title = "fitness per generation of the population (best, mean; 16 = perfect) "
                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";
    char out[160];
    assert_true(al_plot_fit_title(c.font, title, "Tab: next figure", 120, out, sizeof out));
    char *nl = strchr(out, '\n');
    assert_non_null(nl);
    assert_null(strchr(nl + 1, '\n')); // two lines
    assert_true(al_text_width(c.font, nl + 1) <= 120);
    *nl = '\0';
    assert_true(al_text_width(c.font, out) <= 120);
    assert_true(strcmp(nl + 1 + strlen(nl + 1) - 3, "\xe2\x80\xa6") == 0); // the one cut mark, …
    assert_true(strncmp(out, "fitness per", 11) == 0);
    // At 300 px two lines hold it all.
    assert_false(al_plot_fit_title(c.font, title, "Tab: next figure", 300, out, sizeof out));
    nl = strchr(out, '\n');
    assert_non_null(nl);
    assert_non_null(strstr(nl, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"));
    assert_false(al_plot_fit_title(c.font, "order", "Tab: next figure", 200, out, sizeof out));
    assert_string_equal(out, "order   (Tab: next figure)");
    double y[3] = {1, 2, 3};
    al_series se = {"best", AL_COL_BEST, y, 3, false, false};
    SDL_Rect area = {0, 0, 300, 150};
    al_plot_draw(c.ren, c.font, area, "generation", title, &se, 1); // too long: cut by the plot itself
    int outside = gf_pixels_right_of(&c, area.x + area.w);
    print_message("pixels of the title right of the plot's area: %d\n", outside);
    assert_int_equal(outside, 0);
    gf_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_plot_title_fits_at_1600x1000_and_720x480),
        cmocka_unit_test(no_figure_title_is_cut_at_1280x800_or_720x480),
        cmocka_unit_test(a_long_title_drops_its_hint_first),
        cmocka_unit_test(a_title_too_long_is_cut_inside_the_plot),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
