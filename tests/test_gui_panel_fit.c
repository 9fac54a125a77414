// Issue 10 (item 9): at the default 1280x800 the side panel of every pole
// and ants lesson fits: no section is cut, nothing is left to scroll (no
// "more below" sign), and every section's last row lies above the plot.
// Under NEAT the Network drawing's last input row once sat half under the
// "more below" bar (pole/double_neat.ini), and the ants' Keys section lay
// below it (ants/neat.ini).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI

// Checks one state line: every section whole and above the plot, no sign.
static void check_fits(const char *what, const char *l)
{
    int px = 0, py = 0, pw = 0, ph = 0;
    bool cut = false;
    if (!gs_section(l, "Plot", &px, &py, &pw, &ph, &cut)) fail_msg("%s: no Plot section", what);
    if (gs_bool(l, "scroll.sign")) fail_msg("%s: the panel has %.0f px more below", what, gs_num(l, "scroll.max"));
    int n = 0;
    for (const char *s = strstr(gs_find(l, "sections"), "{\"name\":\""); s; s = strstr(s + 1, "{\"name\":\"")) {
        char name[64];
        const char *q = s + 9, *e = strchr(q, '"');
        snprintf(name, sizeof name, "%.*s", (int)(e - q), q);
        if (strcmp(name, "Plot") == 0) break; // the plot comes last
        int x = 0, y = 0, w = 0, h = 0;
        if (!gs_section(l, name, &x, &y, &w, &h, &cut)) fail_msg("%s: section %s unreadable", what, name);
        if (cut) fail_msg("%s: the %s section is cut (y %d, h %d; the plot at %d)", what, name, y, h, py);
        if (h <= 0 || y + h > py) fail_msg("%s: the %s section ends at %d, below the plot's top %d", what, name, y + h, py);
        n++;
    }
    if (n < 5) fail_msg("%s: only %d sections", what, n);
}

static void every_pole_and_ants_panel_fits_1280x800(void **state)
{
    (void)state;
    static const char *const lessons[] = {
        "experiments/pole/double_neat.ini", "experiments/pole/double_novel_neat.ini", "experiments/pole/double.ini",
        "experiments/pole/double_novel.ini", "experiments/pole/single.ini", "experiments/ants/neat.ini",
        "experiments/ants/default.ini",     "experiments/ants/mines.ini",             "experiments/ants/cmaes.ini",
        "experiments/ants/smart_sweepers.ini",
    };
    for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; ++i) {
        char args[512];
        bool ants = strstr(lessons[i], "/ants/") != NULL;
        // ants: short generations, so the table and the species plot fill
        snprintf(args, sizeof args, "--no-log --width 1280 --height 800 %s%s", lessons[i],
                 ants ? " --set ants.ticks=100" : "");
        gs_run r;
        // faster (=): the pole lessons reach their solution, the ants a few generations
        gt_script(&r, "at 1 key =\nat 30 state\nat 300 state\nat 301 quit\n", args, 2);
        for (int k = 0; k < r.n; ++k) {
            char what[600];
            snprintf(what, sizeof what, "%s, state %d (generation %.0f)", lessons[i], k,
                     gs_num(r.line[k], "generation"));
            check_fits(what, r.line[k]);
        }
        assert_true(gs_num(r.line[1], "generation") >= 3);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_pole_and_ants_panel_fits_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
