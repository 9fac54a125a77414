// Shift+N steps into the goal as any other key does (issue 10 trial): in
// XOR and the single pole, paused, Shift+N after Shift+N, the solving
// generation left the header at "paused gen 14 of 500", the table at "14
// under way" and state at finished false, while the summary said solved;
// only a plain N then showed GOAL REACHED. Now the banner, finished, the
// header and the table agree at once, and the header counts as the banner
// and the table do (it said "goal reached gen 3" beside "3 not run"). J
// after the goal is refused at once: it opened its prompt and refused only
// once a number was typed.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Paused, then Shift+N with a state line after each, up to 40 times; the
// first line that is finished must agree everywhere, and so must the next
// (one more Shift+N, then J and a state line with J's prompt refused).
static void steps_into_the_goal(const char *args)
{
    char script[8192];
    int n = snprintf(script, sizeof script, "at 2 key space\n");
    int steps = 40;
    for (int i = 0; i < steps; ++i)
        n += snprintf(script + n, sizeof script - (size_t)n, "at %d key shift+n\nat %d state\n",
                      10 + 10 * i, 15 + 10 * i);
    snprintf(script + n, sizeof script - (size_t)n, "at %d key j\nat %d state\nat %d quit\n",
             20 + 10 * steps, 22 + 10 * steps, 30 + 10 * steps);
    gs_run r;
    gt_script(&r, script, args, steps + 1);
    int first = -1;
    for (int i = 0; i < steps && first < 0; ++i) {
        const char *l = r.line[i];
        if (strstr(gs_str(l, "table_top"), "goal reached") || gs_bool(l, "finished") ||
            strstr(gs_str(l, "banner"), "GOAL"))
            first = i;
    }
    if (first < 0) fail_msg("%s: %d Shift+N never reached the goal", args, steps);
    if (first == 0) fail_msg("%s: the goal at the first Shift+N: nothing stepped into it", args);
    for (int i = first; i < steps + 1; ++i) {
        const char *l = r.line[i];
        long long gens = (long long)gs_num(l, "generation");
        char counted[64], top[64];
        snprintf(counted, sizeof counted, "after %lld generations", gens);
        snprintf(top, sizeof top, "not run: goal reached");
        if (!gs_bool(l, "finished"))
            fail_msg("%s line %d: not finished at the goal: %s", args, i, gs_str(l, "header"));
        if (!strstr(gs_str(l, "banner"), "GOAL REACHED"))
            fail_msg("%s line %d: banner '%s'", args, i, gs_str(l, "banner"));
        const char *h = gs_str(l, "header");
        if (!strstr(h, "goal reached") || !strstr(h, counted))
            fail_msg("%s line %d: header '%s', not 'goal reached ... %s'", args, i, h, counted);
        if (strcmp(gs_str(l, "table_top"), top) != 0)
            fail_msg("%s line %d: table top '%s'", args, i, gs_str(l, "table_top"));
        const char *rows = gs_find(l, "table_gens");
        long long row = rows && rows[0] == '[' ? strtoll(rows + 1, NULL, 10) : -1;
        if (row != gens)
            fail_msg("%s line %d: the table's top row %lld, the run at %lld", args, i, row, gens);
        if (gs_num(l, "generation") != gs_num(r.line[first], "generation"))
            fail_msg("%s: Shift+N stepped past the goal", args);
    }
    const char *j = r.line[steps];
    if (gs_overlay(j, "jump")) fail_msg("%s: J after the goal opened its prompt", args);
    if (!strstr(gs_str(j, "message"), "goal"))
        fail_msg("%s: J after the goal says '%s'", args, gs_str(j, "message"));
    gs_free(&r);
}

static void xor_shift_n_reaches_the_goal_at_once(void **state)
{
    (void)state;
    steps_into_the_goal("--no-log experiments/xor/xor.ini");
}

static void pole_shift_n_reaches_the_goal_at_once(void **state)
{
    (void)state;
    steps_into_the_goal("--no-log experiments/pole/single.ini");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xor_shift_n_reaches_the_goal_at_once),
        cmocka_unit_test(pole_shift_n_reaches_the_goal_at_once),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
