// Config resolution: defaults, files, overrides, and every class of error.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/world.h"

static alConfig *from_text(const char *text, const char *const *sets, int nsets, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = "lesson.ini";
    def.text = text;
    def.sets = sets;
    def.set_count = nsets;
    memset(err, 0, sizeof *err);
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    return cfg;
}

// Asserts the text fails with a config error whose message holds every needle.
static void expect_error(const char *text, const char *const *sets, int nsets, ...)
{
    alError err;
    alConfig *cfg = from_text(text, sets, nsets, &err);
    if (cfg) fail_msg("config unexpectedly accepted: %s", text);
    assert_int_equal(err.code, AL_ERR_CONFIG);
    va_list ap;
    va_start(ap, nsets);
    const char *needle;
    while ((needle = va_arg(ap, const char *)) != NULL)
        if (!strstr(err.msg, needle)) fail_msg("'%s' not in error: %s", needle, err.msg);
    va_end(ap);
}

static void test_defaults_of_every_module_are_valid(void **state)
{
    (void)state;
    int n;
    const char *const *mods = alSchema_Modules(&n);
    for (int i = 0; i < n; ++i) {
        alConfigDef def = alDefaultConfigDef();
        def.module = mods[i];
        alError err;
        alConfig *cfg;
        alCreateConfig(&def, &cfg, &err);
        if (!cfg) fail_msg("defaults of %s rejected: %s", mods[i], err.msg);
        assert_string_equal(alConfig_Module(cfg), mods[i]);
        assert_string_equal(alConfig_Text(cfg, "run.module"), mods[i]);
        alDestroyConfig(cfg);
    }
}

static void test_every_key_is_documented(void **state)
{
    (void)state;
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    assert_string_equal(parts[0].module, "common");
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i) {
            const alKeyDef *k = &parts[p].keys[i];
            assert_non_null(k->help);
            assert_true(strlen(k->help) > 10);
            if (k->type == AL_TYPE_ENUM) assert_non_null(k->choices);
            char full[128];
            snprintf(full, sizeof full, "%s.%s", k->section, k->name);
            assert_ptr_equal(alSchema_Find(full), k); // no key declared twice
        }
}

static void test_file_values_are_typed_and_remember_their_line(void **state)
{
    (void)state;
    alError err;
    alConfig *cfg = from_text("; a lesson\n[run]\nseed = 42\n\n[world]\nwidth = 320.5\n"
                              "edge = bounce\n",
                              NULL, 0, &err);
    assert_non_null(cfg);
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 42);
    alWorld w = alWorld_FromConfig(cfg);
    assert_true(w.width == 320.5f);
    assert_int_equal(w.edge, AL_EDGE_BOUNCE);
    assert_string_equal(alConfig_Origin(cfg, "run.seed"), "lesson.ini:3");
    assert_string_equal(alConfig_Origin(cfg, "run.threads"), "default");
    assert_null(alConfig_Text(cfg, "world.depth"));
    alDestroyConfig(cfg);
}

static void test_unknown_section_names_file_line_and_section(void **state)
{
    (void)state;
    expect_error("[run]\nseed = 1\n[wrold]\nwidth = 3\n", NULL, 0, "lesson.ini:4", "[wrold]",
                 NULL);
}

static void test_unknown_key_names_file_line_and_key(void **state)
{
    (void)state;
    expect_error("[world]\nwidht = 300\n", NULL, 0, "lesson.ini:2", "widht", "[world]", NULL);
}

static void test_wrong_type_names_value_and_range(void **state)
{
    (void)state;
    expect_error("[world]\nwidth = wide\n", NULL, 0, "lesson.ini:2", "world.width", "'wide'",
                 "not a number", "10 to 1e+06", NULL);
    expect_error("[run]\nseed = 1.5\n", NULL, 0, "run.seed", "not an integer", NULL);
    expect_error("[run]\nseed = 12abc\n", NULL, 0, "not an integer", NULL);
    expect_error("[world]\nwidth = nan\n", NULL, 0, "not a number", NULL);
    expect_error("[world]\nwidth = inf\n", NULL, 0, "not a number", NULL);
    expect_error("[world]\nwidth =\n", NULL, 0, "lesson.ini:2", "world.width", NULL);
    expect_error("[world]\nedge = torus\n", NULL, 0, "'torus'", "wrap|bounce|contain", NULL);
}

static void test_out_of_range_names_the_allowed_range(void **state)
{
    (void)state;
    expect_error("[world]\nheight = 5\n", NULL, 0, "lesson.ini:2", "world.height", "'5'",
                 "out of range", "10 to 1e+06", NULL);
    expect_error("[run]\nthreads = -1\n", NULL, 0, "run.threads", "0 to 256", NULL);
    expect_error("[run]\nname = \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n",
                 NULL, 0, "run.name", "0 to 64 characters", NULL);
}

static void test_duplicate_key_is_an_error(void **state)
{
    (void)state;
    expect_error("[run]\nseed = 1\n[world]\nwidth = 100\n[run]\nseed = 2\n", NULL, 0,
                 "lesson.ini:6", "duplicate", "run.seed", "line 2", NULL);
}

static void test_syntax_error_names_the_line(void **state)
{
    (void)state;
    expect_error("[run]\nseed = 1\nthis line has no equals sign\n", NULL, 0, "lesson.ini:3",
                 "syntax", NULL);
    expect_error("[run\nseed = 1\n", NULL, 0, "lesson.ini:1", NULL);
}

static void test_overlong_line_is_refused_not_cut(void **state)
{
    (void)state;
    static char text[AL_CONFIG_MAX_LINE + 64];
    snprintf(text, sizeof text, "[run]\nname = %0*d\n", AL_CONFIG_MAX_LINE, 7);
    expect_error(text, NULL, 0, "lesson.ini:2", "longer than 65535", NULL);
}

static void test_set_overrides_with_the_same_checks(void **state)
{
    (void)state;
    const char *good[] = {"run.seed=99", "world.edge=contain"};
    alError err;
    alConfig *cfg = from_text("[run]\nseed = 1\n", good, 2, &err);
    assert_non_null(cfg);
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 99);
    assert_int_equal(alConfig_Enum(cfg, "world.edge"), AL_EDGE_CONTAIN);
    assert_string_equal(alConfig_Origin(cfg, "run.seed"), "--set run.seed=99");
    assert_int_equal(alConfig_Set(cfg, "world.width=250", &err), AL_OK);
    assert_true(alConfig_Float(cfg, "world.width") == 250.0);
    assert_int_equal(alConfig_Set(cfg, "world.width=2", &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "--set world.width=2"));
    assert_true(alConfig_Float(cfg, "world.width") == 250.0); // unchanged on error
    alDestroyConfig(cfg);

    const char *bad_value[] = {"run.seed=-4"};
    expect_error("", bad_value, 1, "--set run.seed=-4", "out of range", NULL);
    const char *no_dot[] = {"seed=4"};
    expect_error("", no_dot, 1, "section.key=value", NULL);
    const char *no_eq[] = {"run.seed"};
    expect_error("", no_eq, 1, "section.key=value", NULL);
    const char *unknown[] = {"run.sed=4"};
    expect_error("", unknown, 1, "--set run.sed=4", "unknown key", NULL);
}

static void test_module_choice(void **state)
{
    (void)state;
    alError err;
    alConfig *cfg = from_text("[run]\nmodule = estrings\n", NULL, 0, &err);
    assert_non_null(cfg);
    assert_string_equal(alConfig_Module(cfg), "estrings");
    assert_int_equal(alConfig_Set(cfg, "run.module=ants", &err), AL_ERR_CONFIG);
    alDestroyConfig(cfg);
    expect_error("[run]\nmodule = bees\n", NULL, 0, "lesson.ini:2", "'bees'",
                 "steering|estrings|ants", NULL);
    const char *set_module[] = {"run.module=steering"};
    cfg = from_text("[run]\nmodule = estrings\n", set_module, 1, &err);
    assert_non_null(cfg);
    assert_string_equal(alConfig_Module(cfg), "steering");
    alDestroyConfig(cfg);
}

static void test_quoted_strings_keep_their_spaces(void **state)
{
    (void)state;
    alError err;
    alConfig *cfg = from_text("[run]\nname = \"  spaced name  \"\n", NULL, 0, &err);
    assert_non_null(cfg);
    assert_string_equal(alConfig_String(cfg, "run.name"), "  spaced name  ");
    alDestroyConfig(cfg);
}

static void test_resolved_ini_round_trips(void **state)
{
    (void)state;
    const char *sets[] = {"run.name=  padded", "world.width=123.25", "run.seed=77"};
    alError err;
    alConfig *a = from_text("[world]\nedge = bounce\n", sets, 3, &err);
    assert_non_null(a);
    int n = alConfig_FormatIni(a, NULL, 0);
    assert_true(n > 0);
    char *text = malloc((size_t)n + 1);
    assert_int_equal(alConfig_FormatIni(a, text, (size_t)n + 1), n);
    assert_int_equal((int)strlen(text), n);
    alConfig *b = from_text(text, NULL, 0, &err);
    if (!b) fail_msg("resolved INI does not parse: %s\n%s", err.msg, text);
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i) {
            const alKeyDef *k = &parts[p].keys[i];
            if (!alSchema_KeyInModule(k, alConfig_Module(a))) continue;
            char full[128];
            snprintf(full, sizeof full, "%s.%s", k->section, k->name);
            assert_string_equal(alConfig_Text(a, full), alConfig_Text(b, full));
        }
    // a small buffer is filled as far as it goes and still terminated
    char small[16];
    assert_int_equal(alConfig_FormatIni(a, small, sizeof small), n);
    assert_int_equal((int)strlen(small), 15);
    free(text);
    alDestroyConfig(a);
    alDestroyConfig(b);
}

static void test_a_run_reads_only_its_algorithms_part(void **state)
{
    (void)state;
    const alKeyDef *ga = alSchema_Find("ga.mutation_rate"), *cm = alSchema_Find("cmaes.sigma0"),
                   *pole = alSchema_Find("pole.track"), *seed = alSchema_Find("run.seed");
    assert_non_null(ga);
    assert_non_null(cm);
    assert_true(alSchema_KeyInModule(ga, "pole")); // stored with every pole run
    assert_false(alSchema_KeyInRun(ga, "pole", "cmaes"));
    assert_true(alSchema_KeyInRun(ga, "pole", "ga"));
    assert_false(alSchema_KeyInRun(cm, "pole", "ga"));
    assert_true(alSchema_KeyInRun(cm, "pole", "cmaes"));
    assert_true(alSchema_KeyInRun(ga, "estrings", NULL)); // NULL: run.algorithm's default, ga
    assert_false(alSchema_KeyInRun(cm, "estrings", "cmaes")); // not the module's at all
    assert_true(alSchema_KeyInRun(pole, "pole", "cmaes"));
    assert_true(alSchema_KeyInRun(seed, "xor", "neat"));
}

static void test_clone_is_deep(void **state)
{
    (void)state;
    alError err;
    alConfig *a = from_text("[run]\nname = first\n", NULL, 0, &err);
    alConfig *b = alConfig_Clone(a);
    assert_int_equal(alConfig_Set(a, "run.name=second", &err), AL_OK);
    assert_string_equal(alConfig_String(b, "run.name"), "first");
    alDestroyConfig(a);
    alDestroyConfig(b);
    alDestroyConfig(NULL);
}

static void test_missing_file_is_a_config_error(void **state)
{
    (void)state;
    alConfigDef def = alDefaultConfigDef();
    def.path = "no/such/dir/exp.ini";
    alError err;
    alConfig *cfg = (alConfig *)&def; // must be overwritten
    assert_int_equal(alCreateConfig(&def, &cfg, &err), AL_ERR_CONFIG);
    assert_null(cfg);
    assert_int_equal(err.code, AL_ERR_CONFIG); // the user named a wrong file: exit 2
    assert_non_null(strstr(err.msg, "no/such/dir/exp.ini"));
}

static void test_real_file_on_disk(void **state)
{
    (void)state;
    char path[] = "/tmp/alife_cfg_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *text = "[run]\nseed = 5\n[world]\nwidth = 640\n";
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    alError err;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    assert_non_null(cfg);
    assert_int_equal(alConfig_Int(cfg, "run.seed"), 5);
    char origin[64];
    snprintf(origin, sizeof origin, "%s:4", path);
    assert_string_equal(alConfig_Origin(cfg, "world.width"), origin);
    alDestroyConfig(cfg);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_of_every_module_are_valid),
        cmocka_unit_test(test_every_key_is_documented),
        cmocka_unit_test(test_file_values_are_typed_and_remember_their_line),
        cmocka_unit_test(test_unknown_section_names_file_line_and_section),
        cmocka_unit_test(test_unknown_key_names_file_line_and_key),
        cmocka_unit_test(test_wrong_type_names_value_and_range),
        cmocka_unit_test(test_out_of_range_names_the_allowed_range),
        cmocka_unit_test(test_duplicate_key_is_an_error),
        cmocka_unit_test(test_syntax_error_names_the_line),
        cmocka_unit_test(test_overlong_line_is_refused_not_cut),
        cmocka_unit_test(test_set_overrides_with_the_same_checks),
        cmocka_unit_test(test_module_choice),
        cmocka_unit_test(test_quoted_strings_keep_their_spaces),
        cmocka_unit_test(test_resolved_ini_round_trips),
        cmocka_unit_test(test_a_run_reads_only_its_algorithms_part),
        cmocka_unit_test(test_clone_is_deep),
        cmocka_unit_test(test_missing_file_is_a_config_error),
        cmocka_unit_test(test_real_file_on_disk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
