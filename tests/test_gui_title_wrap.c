// The boids scenario's title in the panel ("Boids (Reynolds' rules):
// cohesion 1, alignment 4, separation 10") wrapped its "10" onto a line of
// its own at some window widths. Lines break between words and a number
// stays with the word before it (or with its unit): at every width from
// 720 to 1400 px no line the panel wraps onto starts with a number.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void no_wrapped_line_starts_with_a_number(void **state)
{
    (void)state;
    char script[8192] = "";
    int frame = 2, states = 0;
    for (int w = 720; w <= 1400; w += 12, frame += 3, ++states) {
        size_t n = strlen(script);
        snprintf(script + n, sizeof script - n, "at %d resize %d 800\nat %d state\n", frame, w,
                 frame + 2);
    }
    size_t n = strlen(script);
    snprintf(script + n, sizeof script - n, "at %d quit\n", frame);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/boids.ini", states);
    int wrapped = 0;
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        const char *p = gs_find(l, "panel_wrapped_on");
        if (!p || *p != '[') fail_msg("no panel_wrapped_on in the state line: %.200s", l);
        for (++p; *p == '"';) {
            const char *end = strchr(p + 1, '"');
            assert_non_null(end);
            wrapped++;
            if (isdigit((unsigned char)p[1]))
                fail_msg("at %g px a wrapped line starts with a number: %.*s (title: %s)",
                         gs_num(l, "window.width"), (int)(end - p - 1), p + 1,
                         gs_str(l, "scenario_title"));
            p = end + 1;
            if (*p == ',') p++;
        }
    }
    assert_true(wrapped > 0); // the title wraps at the narrower widths
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_wrapped_line_starts_with_a_number),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
