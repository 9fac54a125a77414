// Errors found after resolving (a module's own parse of a value, checks
// across keys) name the file and line of every key the user set, or --set.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/estrings.h"
#include "alife/module.h"
#include "alife/steering.h"

// Resolves text (+ sets) and creates its module; returns the error message.
static const char *create_error(const char *text, const char *set)
{
    static alError err;
    memset(&err, 0, sizeof err);
    alConfigDef def = alDefaultConfigDef();
    def.path = "lesson.ini";
    def.text = text;
    const char *sets[] = {set};
    def.sets = sets;
    def.set_count = set ? 1 : 0;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) return err.msg;
    const alModuleClass *cls = alModule_Find(alConfig_Module(cfg));
    assert_non_null(cls);
    void *mod = NULL;
    alResult r = cls->create(cfg, 1, &mod, &err);
    if (r == AL_OK) {
        cls->destroy(mod);
        alDestroyConfig(cfg);
        fail_msg("accepted: %s %s", text, set ? set : "");
    }
    alDestroyConfig(cfg);
    assert_int_equal(err.code, AL_ERR_CONFIG);
    return err.msg;
}

static void expect_in(const char *msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    const char *needle;
    while ((needle = va_arg(ap, const char *)) != NULL)
        if (!strstr(msg, needle)) fail_msg("'%s' not in error: %s", needle, msg);
    va_end(ap);
    if (strstr(msg, "default:")) fail_msg("a default blamed as a place: %s", msg);
}

static void test_ants_hidden_names_its_line(void **state)
{
    (void)state;
    static const char *const bad[] = {"8,,4", "x", "0", "999", "8,", "8;4", "1,2,3,4,5,6,7,8,9"};
    char text[128];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        snprintf(text, sizeof text, "[run]\nmodule = ants\n[ants]\ncount = 10\nhidden = \"%s\"\n",
                 bad[i]);
        expect_in(create_error(text, NULL), "lesson.ini:5:", "ants.hidden", NULL);
        char set[64];
        snprintf(set, sizeof set, "ants.hidden=%s", bad[i]);
        expect_in(create_error("[run]\nmodule = ants\n", set), "--set ants.hidden=", NULL);
    }
}

static void test_target_outside_the_alphabet_names_its_line(void **state)
{
    (void)state;
    expect_in(create_error("[run]\nmodule = estrings\n[estrings]\nalphabet = upper\n"
                           "target = hello\n",
                           NULL),
              "lesson.ini:5", "lesson.ini:4", "estrings.target", NULL);
    expect_in(create_error("[run]\nmodule = estrings\n", "estrings.target=\x7f"),
              "--set estrings.target=", NULL);
}

static void test_cross_key_checks_name_both_lines(void **state)
{
    (void)state;
    expect_in(create_error("[run]\nmodule = steering\n[steering]\nseparation_radius = 60\n"
                           "neighbour_radius = 50\n",
                           NULL),
              "lesson.ini:4", "lesson.ini:5", "steering.separation_radius",
              "steering.neighbour_radius", NULL);
    // one key set, the other at its default: the set one is named
    expect_in(create_error("[run]\nmodule = steering\n[steering]\nneighbour_radius = 20\n", NULL),
              "lesson.ini:4", "steering.separation_radius", NULL);
    expect_in(create_error("[run]\nmodule = ants\n[ants]\ncount = 4\n[ga]\nelites = 4\n", NULL),
              "lesson.ini:4", "lesson.ini:6", "ga.elites", NULL);
}

// boids.ini with height = 16: the world's smaller side is its height, so the
// height is named, not world.width (which the unfixed check blamed).
static void test_smaller_world_side_is_the_one_named(void **state)
{
    (void)state;
    expect_in(create_error("[run]\nmodule = steering\n[steering]\nscenario = boids\n[world]\n"
                           "height = 16\n",
                           NULL),
              "lesson.ini:6", "world.height", NULL);
    expect_in(create_error("[run]\nmodule = steering\n", "world.height=16"),
              "--set world.height=16", "world.height", NULL);
}

// A --set value's every error path names the --set, never the file's line,
// also where the file sets the same key (trial7: a --set error named the
// config file's line): a bad number, out of range, an unknown key, a bad
// choice, a key of another module, and a module from --set that the file's
// keys do not belong to.
static void test_a_set_error_names_the_set(void **state)
{
    (void)state;
    static const char *const file = "[run]\nmodule = estrings\ngenerations = 5\n[estrings]\n"
                                    "target = Hi there\npopulation = 30\n[ga]\nmutation_rate = 0.1\n";
    static const char *const sets[] = {"ga.mutation_rate=abc", "ga.mutation_rate=5",  "estrings.population=x",
                                       "estrings.population=1", "ga.nosuch=1",         "nosuch.key=1",
                                       "estrings.alphabet=foo", "ants.count=5",        "run.generations=-1",
                                       "estrings.target=",      "run.module=ants",     "run.module=foo"};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; ++i) {
        const char *msg = create_error(file, sets[i]);
        char want[96];
        snprintf(want, sizeof want, "--set %s", sets[i]);
        if (strncmp(msg, want, strlen(want)) != 0) fail_msg("%s: the error does not open with it: %s", sets[i], msg);
    }
}

// A long value or key quoted in an error is cut with the one sign of a cut,
// AL_ELLIPSIS, never inside a UTF-8 character ("..." read as typed text).
static void expect_cut(const char *m)
{
    const char *cut = strstr(m, "\xe2\x80\xa6");
    if (!cut || strstr(m, "...")) fail_msg("cut as: %s", m);
    if (((unsigned char)cut[-1] & 0xC0) == 0xC0) fail_msg("cut inside a character: %s", m);
}

static const char *joined(const char *a, const char *b)
{
    static char buf[1300];
    snprintf(buf, sizeof buf, "%s%s", a, b);
    return buf;
}

static void test_a_long_value_is_cut_with_the_ellipsis(void **state)
{
    (void)state;
    char value[200] = "run.generations=", key[1200] = "", file[1300];
    while (strlen(value) < 100)
        strcat(value, "\xc3\xa9x"); // 3 bytes: a cut at 60 may fall inside the é
    while (strlen(key) < 100)
        strcat(key, "abcdefghij");
    expect_cut(create_error("[run]\nmodule = estrings\n", value));
    expect_cut(create_error("[run]\nmodule = estrings\n", joined(key, ".x=1")));
    while (strlen(key) < 1000) // longer than a line the reader holds
        strcat(key, "abcdefghij");
    snprintf(file, sizeof file, "[run]\nmodule = estrings\n%s = 1\n", key);
    expect_cut(create_error(file, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ants_hidden_names_its_line),
        cmocka_unit_test(test_target_outside_the_alphabet_names_its_line),
        cmocka_unit_test(test_cross_key_checks_name_both_lines),
        cmocka_unit_test(test_smaller_world_side_is_the_one_named),
        cmocka_unit_test(test_a_set_error_names_the_set),
        cmocka_unit_test(test_a_long_value_is_cut_with_the_ellipsis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
