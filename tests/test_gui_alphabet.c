// The strings mode's alphabet in the window (issue 10, "Bad targets"): a
// student who typed "José" into a run of printable ASCII was refused and
// sent to the command line (--set estrings.alphabet=latin1). Now Enter runs
// the target with the smallest alphabet that holds it and says so; A
// cycles the alphabet (listed in the help from the view's key table); a
// character outside every alphabet ('€') is still refused in plain words;
// the stored run records the alphabet used and replays exactly.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "alife/estrings.h"

#define HELLO "experiments/estrings/hello.ini"
#define TYPE_JOSE "at 2 key t\nat 3 type \"José\"\nat 4 key return\n"

static void jose_runs_with_the_latin1_alphabet_and_says_so(void **state)
{
    (void)state;
    const char *shot = gs_path("jose.png");
    gs_run r;
    gt_script(&r, gt_fmt(TYPE_JOSE "at 30 state\nat 31 shot %s\nat 32 quit\n", shot), "--no-log " HELLO, 1);
    const char *s = r.line[0];
    assert_string_equal(gs_str(s, "scenario"), "José"); // the new target runs
    assert_true(gs_num(s, "generation") < 30);         // in a new run
    assert_int_equal((int)gs_num(s, "figures.alphabet"), AL_ESTRINGS_LATIN1);
    assert_int_equal((int)gs_num(s, "figures.alphabet_characters"), 157);
    assert_string_equal(gs_str(s, "view_note"), ""); // nothing refused
    const char *m = gs_str(s, "message");
    if (!strstr(m, "'é', character 4 of 'José' is not in the alphabet printable") ||
        !strstr(m, "a new run with the alphabet latin1, printable ASCII and the Latin-1 letters"))
        fail_msg("message: %s", m);
    assert_null(strstr(m, "--set"));
    // The panel shows it, as a value the wheel changes too.
    assert_int_equal((int)gt_value(s, "alphabet").value, 157);
    FILE *f = fopen(shot, "rb");
    assert_non_null(f);
    fclose(f);
    gs_free(&r);
}

static void a_character_outside_every_alphabet_is_refused_in_words(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key t\nat 3 type \"José €\"\nat 4 key return\nat 6 state\nat 7 quit\n", "--no-log " HELLO, 1);
    const char *s = r.line[0];
    const char *note = gs_str(s, "view_note");
    if (!strstr(note, "Target not used: '€', character 6 of 'José €' is not in any alphabet (the largest, latin1, "
                      "has printable ASCII and the Latin-1 letters"))
        fail_msg("note: %s", note);
    assert_null(strstr(note, "--set"));
    assert_string_equal(gs_str(s, "scenario"), "Hello, World!"); // the run goes on
    assert_int_equal((int)gs_num(s, "figures.alphabet"), AL_ESTRINGS_PRINTABLE);
    gs_free(&r);
}

// A: the next alphabet that holds the target, from the smallest (upper,
// printable, seed, latin1); "Hello, World!" skips upper; Shift+A goes back.
static void a_cycles_the_alphabets_that_hold_the_target(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 2 key a\nat 3 state\nat 4 key a\nat 5 state\nat 6 key a\nat 7 state\nat 8 key shift+a\nat 9 state\n"
              "at 10 quit\n",
              "--no-log " HELLO, 4);
    const int want[4] = {AL_ESTRINGS_SEED, AL_ESTRINGS_LATIN1, AL_ESTRINGS_PRINTABLE, AL_ESTRINGS_LATIN1};
    for (int i = 0; i < 4; ++i)
        if ((int)gs_num(r.line[i], "figures.alphabet") != want[i])
            fail_msg("press %d: alphabet %g, want %d", i + 1, gs_num(r.line[i], "figures.alphabet"), want[i]);
    assert_string_equal(gs_str(r.line[3], "scenario"), "Hello, World!");
    gs_free(&r);
    // The weasel's capitals: upper, then printable.
    gt_script(&r, "at 2 key a\nat 3 state\nat 4 quit\n", "--no-log experiments/estrings/weasel.ini", 1);
    assert_int_equal((int)gs_num(r.line[0], "figures.alphabet"), AL_ESTRINGS_PRINTABLE);
    gs_free(&r);
}

static void the_help_lists_a(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key h\nat 3 state\nat 4 quit\n", "--no-log " HELLO, 1);
    const char *a = gt_help_text(r.line[0], "A");
    if (!strstr(a, "alphabet")) fail_msg("the help's A: '%s'", a);
    gs_free(&r);
}

// The run the window stored records the alphabet it used, and replays bit
// for bit.
static void the_stored_run_records_the_alphabet_and_replays_exactly(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "alphabet.db");
    gs_run r;
    gt_script(&r, TYPE_JOSE "at 5 key f\nat 200 state\nat 201 quit\n", gt_fmt("--db '%s' " HELLO, db), 1);
    assert_string_equal(gs_str(r.line[0], "scenario"), "José");
    gs_free(&r);
    long long run = (long long)gt_db_number(db, "SELECT max(id) FROM runs"); // the run José started
    static char out[65536];
    gt_alife_says(gt_fmt("show %lld --db '%s'", run, db), out, sizeof out);
    if (!strstr(out, "estrings.alphabet = latin1") || !strstr(out, "estrings.target = José"))
        fail_msg("alife show: %s", out);
    gt_alife_says(gt_fmt("replay %lld --check --db '%s'", run, db), out, sizeof out);
    if (!strstr(out, "identical")) fail_msg("alife replay --check: %s", out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jose_runs_with_the_latin1_alphabet_and_says_so),
        cmocka_unit_test(a_character_outside_every_alphabet_is_refused_in_words),
        cmocka_unit_test(a_cycles_the_alphabets_that_hold_the_target),
        cmocka_unit_test(the_help_lists_a),
        cmocka_unit_test(the_stored_run_records_the_alphabet_and_replays_exactly),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
