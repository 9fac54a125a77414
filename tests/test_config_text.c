// The config file's text: what the writer writes reads back exactly, what the
// reader refuses (NUL bytes, devices, directories, over-long lines), the one
// rule for numbers and the messages of --set.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/rng.h"

static alConfig *from_text(const char *text, const char *const *sets, int nsets, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = "lesson.ini";
    def.text = text;
    def.module = "estrings";
    def.sets = sets;
    def.set_count = nsets;
    memset(err, 0, sizeof *err);
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    return cfg;
}

static void expect_msg(const alError *err, ...)
{
    va_list ap;
    va_start(ap, err);
    const char *needle;
    while ((needle = va_arg(ap, const char *)) != NULL)
        if (!strstr(err->msg, needle)) fail_msg("'%s' not in error: %s", needle, err->msg);
    va_end(ap);
}

// Writes the resolved config and reads it back; every key's text must match.
static void assert_reads_back(const alConfig *a)
{
    int n = alConfig_FormatIni(a, NULL, 0);
    assert_true(n > 0);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    alConfig_FormatIni(a, text, (size_t)n + 1);
    alError err;
    alConfig *b = from_text(text, NULL, 0, &err);
    if (!b) fail_msg("written config does not read back: %s", err.msg);
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i) {
            const alKeyDef *k = &parts[p].keys[i];
            if (!alSchema_KeyInModule(k, alConfig_Module(a))) continue;
            char full[128];
            snprintf(full, sizeof full, "%s.%s", k->section, k->name);
            const char *x = alConfig_Text(a, full), *y = alConfig_Text(b, full);
            if (strcmp(x, y) != 0) fail_msg("%s: wrote '%s', read back '%s'", full, x, y);
        }
    free(text);
    alDestroyConfig(b);
}

// Sets key to value with --set; if accepted, the value must be kept as given
// (a value not starting with a quote is literal) and must read back.
static bool set_and_round_trip(const char *key, const char *value)
{
    alError err;
    alConfig *a = from_text("", NULL, 0, &err);
    assert_non_null(a);
    size_t n = strlen(key) + strlen(value) + 2;
    char *assign = malloc(n);
    assert_non_null(assign);
    snprintf(assign, n, "%s=%s", key, value);
    bool ok = alConfig_Set(a, assign, &err) == AL_OK;
    if (ok) {
        if (value[0] != '"' && strcmp(alConfig_Text(a, key), value) != 0)
            fail_msg("--set %s kept '%s'", assign, alConfig_Text(a, key));
        assert_reads_back(a);
    }
    free(assign);
    alDestroyConfig(a);
    return ok;
}

static void test_values_with_ini_characters_read_back(void **state)
{
    (void)state;
    static const char *const values[] = {
        "Hi ; there", "Hi;there", "a # b", "#start", ";start", "a = b", "=", "x\"quoted\"",
        " lead", "trail ", "  both  ", "back\\slash", "end\\", "tab\there", "new\nline",
        "cr\rhere", "[section]", "x:y", "a\"", "'single'", "\\x41", "\x7f\x01",
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; ++i) {
        if (!set_and_round_trip("estrings.target", values[i]))
            fail_msg("--set estrings.target refused '%s'", values[i]);
        if (!set_and_round_trip("run.name", values[i]))
            fail_msg("--set run.name refused '%s'", values[i]);
    }
}

static void test_a_4096_character_target_reads_back(void **state)
{
    (void)state;
    char v[4097];
    for (int i = 0; i < 4096; ++i) v[i] = "ab ;#=\"\\x"[i % 9];
    v[4096] = '\0';
    assert_true(set_and_round_trip("estrings.target", v));
    v[0] = 'a'; // a value not starting with a quote is literal
    assert_true(set_and_round_trip("estrings.target", v));
}

static void test_a_set_value_in_quotes_is_read_as_quoted(void **state)
{
    (void)state;
    const char *sets[] = {"estrings.target=\"\\\"q\\\" ; x\"", "run.name=\"  a  \""};
    alError err;
    alConfig *cfg = from_text("", sets, 2, &err);
    if (!cfg) fail_msg("%s", err.msg);
    assert_string_equal(alConfig_String(cfg, "estrings.target"), "\"q\" ; x");
    assert_string_equal(alConfig_String(cfg, "run.name"), "  a  ");
    alDestroyConfig(cfg);
    const char *bad[] = {"estrings.target=\"q\"x"};
    assert_null(from_text("", bad, 1, &err));
    expect_msg(&err, "--set estrings.target=", "after the closing quote", NULL);
}

// Random values over every byte 1..255, biased towards the INI's own
// characters, with a fixed PCG32 seed: the same cases on every run.
static void test_random_values_read_back(void **state)
{
    (void)state;
    static const char special[] = "\"';#=\\ \t\n\r[]:x\x7f";
    static const char *const keys[] = {"estrings.target", "run.name", "run.group"};
    alRng rng = alRng_Stream(20261201, 11);
    int accepted = 0, cases = 3000;
    char v[300];
    for (int c = 0; c < cases; ++c) {
        int len = 1 + (int)alRng_Bounded(&rng, 60);
        for (int i = 0; i < len; ++i)
            v[i] = alRng_Bounded(&rng, 2) ? special[alRng_Bounded(&rng, sizeof special - 1)]
                                          : (char)(1 + alRng_Bounded(&rng, 255));
        v[len] = '\0';
        accepted += set_and_round_trip(keys[c % 3], v);
    }
    // Only values opening with a quote may be refused (a bad quoted form).
    assert_true(accepted > cases * 9 / 10);
}

static void test_quoted_values_take_escapes(void **state)
{
    (void)state;
    alError err;
    alConfig *cfg = from_text("[estrings]\ntarget = \"a \\\"b\\\" ; \\\\ \\x41\\n\" ; comment\n",
                              NULL, 0, &err);
    if (!cfg) fail_msg("%s", err.msg);
    assert_string_equal(alConfig_String(cfg, "estrings.target"), "a \"b\" ; \\ A\n");
    alDestroyConfig(cfg);
    cfg = from_text("[estrings]\ntarget = Hi ; a comment\n", NULL, 0, &err);
    assert_non_null(cfg);
    assert_string_equal(alConfig_String(cfg, "estrings.target"), "Hi");
    alDestroyConfig(cfg);
    assert_null(from_text("[estrings]\ntarget = \"open\n", NULL, 0, &err));
    expect_msg(&err, "lesson.ini:2", "estrings.target", "closing quote", NULL);
    assert_null(from_text("[estrings]\ntarget = \"a\" b\n", NULL, 0, &err));
    expect_msg(&err, "lesson.ini:2", "after the closing quote", NULL);
    assert_null(from_text("[estrings]\ntarget = \"a\\q\"\n", NULL, 0, &err));
    expect_msg(&err, "lesson.ini:2", "\\q", NULL);
}

static char *write_tmp(const void *bytes, size_t n)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/alife_text_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bytes, n), (ssize_t)n);
    close(fd);
    return path;
}

static alConfig *from_path(const char *path, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    memset(err, 0, sizeof *err);
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    return cfg;
}

static void test_nul_bytes_are_refused(void **state)
{
    (void)state;
    alError err;
    static const char cut[] = "[run]\nmodule = estrings\n[estrings]\npopulation = 3\0 0\n";
    char *p = write_tmp(cut, sizeof cut - 1);
    assert_null(from_path(p, &err));
    assert_int_equal(err.code, AL_ERR_CONFIG);
    expect_msg(&err, p, ":4:", "NUL", NULL);
    unlink(p);
    p = write_tmp("\0\0\0\0", 4);
    assert_null(from_path(p, &err));
    expect_msg(&err, p, ":1:", "NUL", NULL);
    unlink(p);
}

static void test_only_regular_files_are_read(void **state)
{
    (void)state;
    alarm(20); // the unfixed reader read /dev/zero for ever
    alError err;
    assert_null(from_path("/dev/zero", &err));
    assert_int_equal(err.code, AL_ERR_CONFIG);
    expect_msg(&err, "/dev/zero", "not a regular file", NULL);
    assert_null(from_path("/tmp", &err));
    expect_msg(&err, "/tmp", "directory", NULL);
    alarm(0);
}

static void test_missing_file_is_a_config_error(void **state)
{
    (void)state;
    alError err;
    assert_null(from_path("no/such/dir/exp.ini", &err));
    assert_int_equal(err.code, AL_ERR_CONFIG); // exit 2: the user named a wrong file
    expect_msg(&err, "no/such/dir/exp.ini", "cannot open", NULL);
}

static void test_overlong_line_stops_the_reader(void **state)
{
    (void)state;
    size_t n = 200000;
    char *text = malloc(n + 64);
    assert_non_null(text);
    strcpy(text, "[run]\nname = ");
    size_t l = strlen(text);
    memset(text + l, 'x', n);
    strcpy(text + l + n, "\n[wrold]\n");
    alError err;
    assert_null(from_text(text, NULL, 0, &err));
    expect_msg(&err, "lesson.ini:2", "longer than", NULL);
    free(text);
}

static void test_indented_lines_are_keys_not_continuations(void **state)
{
    (void)state;
    alError err;
    alConfig *cfg = from_text("[run]\nseed = 4\n  generations = 7\n\t[estrings]\n   population = 9\n",
                              NULL, 0, &err);
    if (!cfg) fail_msg("indented keys refused: %s", err.msg);
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 4);
    assert_int_equal(alConfig_Int(cfg, "run.generations"), 7);
    assert_int_equal(alConfig_Int(cfg, "estrings.population"), 9);
    assert_string_equal(alConfig_Origin(cfg, "run.generations"), "lesson.ini:3");
    alDestroyConfig(cfg);
}

static void expect_number_error(const char *key, const char *value, const char *why)
{
    char a[128];
    snprintf(a, sizeof a, "%s=%s", key, value);
    const char *sets[] = {a};
    alError err;
    alConfig *cfg = from_text("", sets, 1, &err);
    if (cfg) fail_msg("--set %s accepted as %s", a, alConfig_Text(cfg, key));
    expect_msg(&err, "--set ", key, why, NULL);
}

static double set_number(const char *key, const char *value)
{
    char a[128];
    snprintf(a, sizeof a, "%s=%s", key, value);
    const char *sets[] = {a};
    alError err;
    alConfig *cfg = from_text("", sets, 1, &err);
    if (!cfg) fail_msg("--set %s refused: %s", a, err.msg);
    double v = alConfig_Float(cfg, key);
    alDestroyConfig(cfg);
    return v;
}

static void test_one_rule_for_numbers(void **state)
{
    (void)state;
    // decimal only
    expect_number_error("ga.mutation_rate", "0x0.1p0", "not a number (decimal only");
    expect_number_error("world.width", "0x10", "not a number (decimal only");
    expect_number_error("run.seed", "0x10", "not an integer");
    expect_number_error("world.width", "1,5", "not a number (decimal only");
    expect_number_error("world.width", "infinity", "not a number (decimal only");
    // out of range, not rounded: overflow, and underflow of a non-zero to 0
    expect_number_error("ga.mutation_rate", "1e-400", "too small");
    expect_number_error("world.width", "1e400", "too large");
    expect_number_error("run.seed", "123456789012345678901", "out of range");
    // surrounding spaces are trimmed, both sides alike
    assert_true(set_number("ga.mutation_rate", " 0.1") == 0.1);
    assert_true(set_number("ga.mutation_rate", "0.1 ") == 0.1);
    assert_true(set_number("ga.mutation_rate", "\t0.1\t") == 0.1);
    // -0 is 0
    double z = set_number("ga.mutation_rate", "-0");
    assert_true(z == 0 && !signbit(z));
    alError err;
    alConfig *cfg = from_text("[run]\nseed =  12 \n[estrings]\npopulation = 30 ; note\n", NULL, 0, &err);
    assert_non_null(cfg);
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 12);
    assert_string_equal(alConfig_Text(cfg, "run.seed"), "12");
    alDestroyConfig(cfg);
}

static void test_set_messages_keep_their_reason(void **state)
{
    (void)state;
    char key[128];
    snprintf(key, sizeof key, "run.%064d=1", 0);
    const char *sets[] = {key};
    alError err;
    assert_null(from_text("", sets, 1, &err));
    expect_msg(&err, "unknown key", NULL);

    size_t n = 100 * 1024;
    char *big = malloc(n + 16);
    assert_non_null(big);
    strcpy(big, "run.name=");
    memset(big + 9, 'y', n);
    big[9 + n] = '\0';
    sets[0] = big;
    assert_null(from_text("", sets, 1, &err));
    expect_msg(&err, "--set run.name=yyy", "out of range", "0 to 64 characters", NULL);
    strcpy(big, "run.seed=");
    memset(big + 9, '7', n);
    big[9 + n] = '\0';
    assert_null(from_text("", sets, 1, &err));
    expect_msg(&err, "--set run.seed=777", "out of range", "an integer from", NULL);
    free(big);
}

static void test_set_origin_names_the_assignment(void **state)
{
    (void)state;
    const char *sets[] = {"run.seed=99"};
    alError err;
    alConfig *cfg = from_text("", sets, 1, &err);
    assert_non_null(cfg);
    assert_string_equal(alConfig_Origin(cfg, "run.seed"), "--set run.seed=99");
    alDestroyConfig(cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_with_ini_characters_read_back),
        cmocka_unit_test(test_a_4096_character_target_reads_back),
        cmocka_unit_test(test_a_set_value_in_quotes_is_read_as_quoted),
        cmocka_unit_test(test_random_values_read_back),
        cmocka_unit_test(test_quoted_values_take_escapes),
        cmocka_unit_test(test_nul_bytes_are_refused),
        cmocka_unit_test(test_only_regular_files_are_read),
        cmocka_unit_test(test_missing_file_is_a_config_error),
        cmocka_unit_test(test_overlong_line_stops_the_reader),
        cmocka_unit_test(test_indented_lines_are_keys_not_continuations),
        cmocka_unit_test(test_one_rule_for_numbers),
        cmocka_unit_test(test_set_messages_keep_their_reason),
        cmocka_unit_test(test_set_origin_names_the_assignment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
