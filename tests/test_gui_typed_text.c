// What was typed stays in sight, each character as itself or, where the font
// has no glyph for it, by its code in brackets (trial7): at 720x480 the
// message strip's three lines dropped "You typed '...'" of a long refused
// target (the panel has it whole); inside the quotes a snowman read
// "AbU+2603cdef", as if "U+2603" had been typed; the text box drew it as '?'.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#define SNOWMAN "\xe2\x98\x83"
static const char *const args = "--no-log experiments/estrings/hello.ini";

// A 200-character target with a snowman, refused, at w x h: the state.
static void refused(gs_run *r, int w, int h)
{
    char text[256] = "Ab" SNOWMAN "cdef ";
    while (strlen(text) < 200)
        strcat(text, "the quick brown fox jumps over the lazy dog ");
    text[200] = '\0';
    gt_script(r,
              gt_fmt("at 0 resize %d %d\nat 70 key t\nat 71 type \"%s\"\nat 72 key return\nat 74 state\nat 75 quit\n", w,
                     h, text),
              args, 1);
}

// The strip's world text (its text starts "Target not used"): what it shows.
static bool strip_text(const char *json, char *shown, size_t cap)
{
    const char *p = strstr(json, "{\"text\":\"Target not used");
    if (!p) fail_msg("no strip text in %s", json);
    gs_text(p, "shown", shown, cap);
    return gs_bool(p, "cut");
}

static void a_small_strip_keeps_what_was_typed(void **state)
{
    (void)state;
    static char shown[8192];
    gs_run r;
    refused(&r, 720, 480);
    bool cut = strip_text(r.line[0], shown, sizeof shown);
    if (!strstr(shown, "You typed 'Ab[U+2603]cdef the quick")) fail_msg("what was typed is not in sight: %s", shown);
    if (!cut || !strstr(shown, "\xe2\x80\xa6")) fail_msg("cut without a sign: %s", shown);
    if (shown[strlen(shown) - 1] != '\'') fail_msg("the quote's end is not kept: %s", shown);
    if (!strstr(shown, "not in")) fail_msg("the reason is gone: %s", shown);
    gs_free(&r);
}

static void a_missing_glyph_reads_as_a_code_not_as_typed_text(void **state)
{
    (void)state;
    static char shown[8192];
    gs_run r;
    refused(&r, 1600, 480); // wide, and too low for the panel to show Target: the strip says it
    strip_text(r.line[0], shown, sizeof shown);
    if (strstr(shown, "AbU+2603")) fail_msg("the snowman reads as typed text: %s", shown);
    if (!strstr(shown, "'Ab[U+2603]cdef")) fail_msg("the snowman is not named in brackets: %s", shown);
    if (!strstr(shown, "used: U+2603, character 3")) fail_msg("the named character is not said by its code: %s", shown);
    gs_free(&r);
}

static void the_text_box_names_it_too(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 70 key t\nat 71 type \"Ab" SNOWMAN "cd\"\nat 73 state\nat 74 quit\n", args, 1);
    assert_string_equal(gs_str(r.line[0], "view_box"), "Ab[U+2603]cd");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_small_strip_keeps_what_was_typed),
        cmocka_unit_test(a_missing_glyph_reads_as_a_code_not_as_typed_text),
        cmocka_unit_test(the_text_box_names_it_too),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
