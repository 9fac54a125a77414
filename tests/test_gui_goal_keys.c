// After the goal (the strings' target reached, the poles balanced) F, E, J
// and Shift+N have nothing left to do. The help still listed them as if
// they worked, F did nothing unsaid, and E and J refused in two different
// wordings. Now the help marks each with what pressing it says, and every
// refusal is the same words (al_shell_after_goal_words).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *const strings_args = "--no-log experiments/estrings/hello.ini";
static const char *const pole_args = "--no-log experiments/pole/double.ini";

// The help's text for key (its rows joined), from a state line with the
// help open; "" when the help does not list it.
static void help_text(const char *json, const char *key, char *out, size_t cap)
{
    out[0] = '\0';
    const char *p = gs_find(json, "help_rows");
    bool in = false;
    char k[64], t[512];
    for (p = p ? strstr(p, "{\"key\":") : NULL; p; p = strstr(p + 1, "{\"key\":")) {
        gs_text(p, "key", k, sizeof k);
        gs_text(p, "text", t, sizeof t);
        if (k[0]) in = strcmp(k, key) == 0;
        if (!in) continue;
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s%s", n ? " " : "", t);
    }
}

// The refusal's words after the key's label ("F does nothing now: ..."
// -> "does nothing now: ...").
static const char *after_label(const char *msg, const char *label)
{
    size_t n = strlen(label);
    if (strncmp(msg, label, n) != 0 || msg[n] != ' ') fail_msg("'%s' does not open with %s", msg, label);
    return msg + n + 1;
}

// The run fast-forwarded to its goal; the help opened and a state line;
// then each of keys (script names; labels the same, as the help shows
// them) pressed with a state line after it.
static void after_the_goal(gs_run *r, const char *args, const char *const *keys, int nkeys)
{
    char script[2048];
    int n = snprintf(script, sizeof script, "at 2 key f\nat 200 key h\nat 201 state\nat 202 key escape\n");
    for (int i = 0; i < nkeys; ++i)
        n += snprintf(script + n, sizeof script - (size_t)n, "at %d key %s\nat %d state\n", 210 + 10 * i,
                      keys[i], 211 + 10 * i);
    snprintf(script + n, sizeof script - (size_t)n, "at %d quit\n", 220 + 10 * nkeys);
    gt_script(r, script, args, 1 + nkeys);
    assert_true(gs_bool(r->line[0], "finished"));
    assert_non_null(strstr(gs_str(r->line[0], "banner"), "GOAL REACHED"));
}

// Each key is refused in the one wording, which the help shows for it.
static void refused_in_one_wording(const char *args, const char *const *keys, const char *const *labels, int n)
{
    gs_run r;
    after_the_goal(&r, args, keys, n);
    char first[512] = "";
    for (int i = 0; i < n; ++i) {
        const char *msg = gs_str(r.line[1 + i], "message");
        const char *why = after_label(msg, labels[i]);
        if (!strstr(why, "goal")) fail_msg("%s after the goal says '%s'", labels[i], msg);
        if (!first[0]) snprintf(first, sizeof first, "%s", why);
        else if (strcmp(first, why) != 0)
            fail_msg("two wordings of one refusal: '%s' and '%s'", first, why);
        char help[1024];
        help_text(r.line[0], labels[i], help, sizeof help);
        if (strcmp(help, why) != 0)
            fail_msg("the help says of %s '%s', pressing it says '%s'", labels[i], help, why);
        assert_false(gs_bool(r.line[1 + i], "fast"));
        assert_true(gs_bool(r.line[1 + i], "finished"));
        assert_false(gs_overlay(r.line[1 + i], "help"));
    }
    // R still works, and the help says what it does, not a refusal.
    char help[1024];
    help_text(r.line[0], "R", help, sizeof help);
    assert_non_null(strstr(help, "new one with seed + 1"));
    gs_free(&r);
}

static void strings_keys_after_the_goal_say_so_in_one_wording(void **state)
{
    (void)state;
    // N and Shift+N are each one generation here (and in pole).
    const char *keys[] = {"f", "e", "j", "shift+n", "n"};
    const char *labels[] = {"F", "E", "J", "Shift+N", "N"};
    refused_in_one_wording(strings_args, keys, labels, 5);
}

static void pole_keys_after_the_goal_say_so_in_one_wording(void **state)
{
    (void)state;
    const char *keys[] = {"f", "e", "j", "shift+n", "n"};
    const char *labels[] = {"F", "E", "J", "Shift+N", "N"};
    refused_in_one_wording(pole_args, keys, labels, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strings_keys_after_the_goal_say_so_in_one_wording),
        cmocka_unit_test(pole_keys_after_the_goal_say_so_in_one_wording),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
