// A letter the shown mode has no use for (I, P, X in strings, XOR, pole)
// left the last message on screen as if it had acted (trial 6); steering
// explained its own. Now one rule, read from the views' key tables
// (keys_help), says on the strip that it means nothing here and what it
// does in the modes that have it; a mode's own key is left to that mode.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// In the window of args, key (a letter) says "<K> means nothing in <mode>"
// and names the mode where it does something (where, e.g. "ants (3)").
static void says_unused(const char *args, const char *key, const char *mode, const char *where)
{
    gs_run r;
    gt_script(&r, gt_fmt("at 5 key %s\nat 6 state\nat 7 quit\n", key), gt_fmt("--no-log %s", args), 1);
    char m[300], want[80];
    if (!gs_text(r.line[0], "message", m, sizeof m)) fail_msg("no message: %s", r.line[0]);
    snprintf(want, sizeof want, "%c means nothing in %s", key[0] - 'a' + 'A', mode);
    if (strncmp(m, want, strlen(want)) != 0 || !strstr(m, where))
        fail_msg("%s in %s: '%s' (want '%s ...%s...')", key, mode, m, want, where);
    gs_free(&r);
}

// P is a strings key (population): it acts, no "means nothing".
static void a_modes_own_key_is_its_own(void)
{
    gs_run r;
    gt_script(&r, "at 5 key p\nat 6 state\nat 7 quit\n", "--no-log experiments/estrings/hello.ini", 1);
    char m[300] = "";
    (void)gs_text(r.line[0], "message", m, sizeof m);
    assert_null(strstr(m, "means nothing"));
    gs_free(&r);
}

static void strings_xor_and_pole_answer_i_p_x(void **state)
{
    (void)state;
    says_unused("experiments/estrings/hello.ini", "i", "estrings", "ants (3): the brain");
    says_unused("experiments/estrings/hello.ini", "x", "estrings", "ants (3): mines");
    says_unused("experiments/xor/xor.ini", "i", "xor", "ants (3)");
    says_unused("experiments/xor/xor.ini", "p", "xor", "estrings (2): mutation rate, population");
    says_unused("experiments/pole/single.ini", "x", "pole", "ants (3)");
    says_unused("experiments/pole/single.ini", "p", "pole", "steering (1): wander");
    a_modes_own_key_is_its_own();
}

static void ants_answers_a_steering_key(void **state)
{
    (void)state;
    says_unused("experiments/ants/default.ini", "k", "ants", "steering (1): neighbour radius");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strings_xor_and_pole_answer_i_p_x),
        cmocka_unit_test(ants_answers_a_steering_key),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
