// The help overlay's words are true of the window shown: its title said
// "keys (the same in every mode)" while the view's keys and N's differ by
// mode (and steering's listed E and J, which do nothing there); R's line
// did not say that it asks first once a run has evolved; and pole's + -
// said "ticks", which pole does not show (its speed line says control steps
// and generations).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The help opened in mode (with args), after keys; its state line in r.
static void help_in(gs_run *r, const char *mode, const char *keys, int at, const char *args)
{
    gt_script(r, gt_fmt("%sat %d key h\nat %d state\nat %d key escape\nat %d quit\n", keys, at, at + 2, at + 3, at + 4),
              gt_fmt("--no-log --mode %s %s", mode, args), 1);
}

static void the_title_names_the_mode_its_keys_are_for(void **state)
{
    (void)state;
    static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; ++i) {
        gs_run r;
        help_in(&r, modes[i], "", 5, "");
        const char *t = gs_str(r.line[0], "help_title");
        if (!strstr(t, gt_fmt("in the %s mode", modes[i])) || strstr(t, "every mode"))
            fail_msg("%s: the title says '%s'", modes[i], t);
        // steering has no generations: E (evolve on) and J (jump to one) do nothing there
        bool steering = strcmp(modes[i], "steering") == 0;
        bool e = gt_help_text(r.line[0], "E")[0] != '\0', j = gt_help_text(r.line[0], "J")[0] != '\0';
        if (steering == e || steering == j) fail_msg("%s: E listed %d, J listed %d", modes[i], e, j);
        gs_free(&r);
    }
}

// R asks first (confirm.c) once a generation is done, and its line says so;
// before that it says R acts at once.
static void r_says_it_asks_first_when_a_run_is_at_stake(void **state)
{
    (void)state;
    const char *ants = "--set ants.ticks=100 --set ants.count=12";
    gs_run r;
    help_in(&r, "ants", "", 3, ants);
    const char *now = gt_help_text(r.line[0], "R");
    if (!strstr(now, "at once") || !strstr(now, "asks first")) fail_msg("R before a generation: '%s'", now);
    gs_free(&r);
    help_in(&r, "ants", "at gen 1 key space\n", 40, ants);
    assert_true(gs_num(r.line[0], "generation") >= 1);
    const char *later = gt_help_text(r.line[0], "R");
    if (!strstr(later, "asks first") || !strstr(later, "R again") || strstr(later, "at once"))
        fail_msg("R once a generation is done: '%s'", later);
    gs_free(&r);
}

static void poles_speed_keys_say_control_steps_and_generations(void **state)
{
    (void)state;
    gs_run r;
    help_in(&r, "pole", "", 5, "");
    const char *t = gt_help_text(r.line[0], "+ -");
    if (!strstr(t, "control step") || !strstr(t, "generations") || strstr(t, "tick"))
        fail_msg("pole's + -: '%s'", t);
    // the ladder's play rungs, 1 to 100 control steps a frame before 1
    // generation a frame (the help said "faster, 2 to 10000 generations")
    if (!strstr(t, "2 to 100 control steps a frame") || !strstr(t, "1 to 10000 generations"))
        fail_msg("pole's + - does not name the play rungs: '%s'", t);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_title_names_the_mode_its_keys_are_for),
        cmocka_unit_test(r_says_it_asks_first_when_a_run_is_at_stake),
        cmocka_unit_test(poles_speed_keys_say_control_steps_and_generations),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
