// The strings mode as a fresh-eyed trial of the classroom window found it
// (issue 10): a long refused target's message was cut at about 200 bytes,
// mid-word, without "...", losing its hint ("latin1 has it"), with the target
// quoted twice and a snowman drawn as '?'; at 720x480 the message strip hid
// the list under it with no sign; "Current best strings" showed 8 of 24
// without saying so; and "tick" in the strings, XOR and pole status lines was
// the generation again.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static const char *const snowman_text =
    "The quick brown fox jumps over the lazy dog while the snowman \xe2\x98\x83 watches from the hill behind the "
    "old farm house";
static const char *const jose_text = "Dear Jos\xc3\xa9, the class of room twelve sends its greetings and asks "
                                     "whether the strings will ever reach the target";

// The window at w x h after a few generations, typed at frame 70 the target
// text and Enter; its state two frames later.
static void refused(gs_run *r, const char *text, int w, int h)
{
    gt_script(r,
              gt_fmt("at 0 resize %d %d\nat 70 key t\nat 71 type \"%s\"\nat 72 key return\nat 74 state\nat 75 quit\n", w,
                     h, text),
              "--no-log experiments/estrings/hello.ini", 1);
}

static int count(const char *s, const char *part)
{
    int n = 0;
    for (const char *p = strstr(s, part); p; p = strstr(p + 1, part))
        n++;
    return n;
}

// The world text whose text starts with head, from a state line: what it
// shows into shown, whether it was cut.
static bool world_text(const char *json, const char *head, char *shown, size_t cap)
{
    char key[160];
    snprintf(key, sizeof key, "{\"text\":\"%s", head);
    const char *p = strstr(json, key);
    if (!p) fail_msg("no world text '%s...' in %s", head, json);
    gs_text(p, "shown", shown, cap);
    return gs_bool(p, "cut");
}

static void a_long_refused_target_is_said_whole_and_once(void **state)
{
    (void)state;
    static char note[8192], shown[8192];
    const char *texts[2] = {snowman_text, jose_text};
    for (int i = 0; i < 2; ++i) {
        gs_run r;
        refused(&r, texts[i], 1280, 800);
        gs_text(r.line[0], "view_note", note, sizeof note);
        if (count(note, texts[i]) != 1) fail_msg("the target is not quoted once, whole: %s", note);
        if (!strstr(note, "is not in the alphabet (estrings.alphabet = printable")) fail_msg("no reason: %s", note);
        if (i == 1 && !strstr(note, "latin1 has it")) fail_msg("no hint: %s", note);
        gs_free(&r);
        // The strip says it when the Target section is out of sight (in
        // sight it says it once, under the box): a wide window too low for
        // the panel to show Target, whose strip holds it all: nothing cut,
        // the snowman named.
        refused(&r, texts[i], 1600, 480);
        if (strcmp(gs_str(r.line[0], "message_in_section"), "") != 0) fail_msg("Target in sight at 1600x480");
        char msg[8192];
        gs_text(r.line[0], "message", msg, sizeof msg);
        assert_string_equal(msg, note);
        if (world_text(r.line[0], "Target not used", shown, sizeof shown)) fail_msg("cut: %s", shown);
        if (strstr(shown, "\xe2\x80\xa6") || strchr(shown, '?')) fail_msg("shown: %s", shown);
        if (i == 0 && count(shown, "U+2603") != 2) fail_msg("the snowman is not named as U+2603: %s", shown);
        if (i == 1 && !strstr(shown, "latin1 has it")) fail_msg("the hint is not shown: %s", shown);
        gs_free(&r);
    }
}

static void a_message_that_does_not_fit_is_cut_with_a_sign(void **state)
{
    (void)state;
    static char shown[8192];
    gs_run r;
    refused(&r, jose_text, 720, 480); // three lines of a 330-pixel strip: too small
    if (!world_text(r.line[0], "Target not used", shown, sizeof shown)) fail_msg("not cut: %s", shown);
    if (!strstr(shown, "\xe2\x80\xa6")) fail_msg("cut without a sign: %s", shown);
    gs_free(&r);
}

static void the_strip_covers_no_row_of_the_lists(void **state)
{
    (void)state;
    gs_run r;
    refused(&r, jose_text, 720, 480);
    SDL_Rect m = gt_rect(r.line[0], "message_rect");
    int bottom = (int)gs_num(r.line[0], "figures.lists_bottom");
    if (m.w <= 0 || bottom <= 0) fail_msg("no strip (w %d) or no lists (bottom %d)", m.w, bottom);
    if (bottom > m.y) fail_msg("the lists end at y %d, under the strip from y %d", bottom, m.y);
    // the rows left out are said, clear of the strip
    if (gs_num(r.line[0], "figures.history_hidden") <= 0) fail_msg("no history row left out at 720x480");
    const char *more = strstr(r.line[0], "{\"text\":\"\xe2\x80\xa6 ");
    for (; more; more = strstr(more + 1, "{\"text\":\"\xe2\x80\xa6 ")) {
        SDL_Rect d = gt_rect(more, "drawn");
        if (SDL_HasIntersection(&d, &m)) fail_msg("'%.40s' is under the strip", more);
    }
    gs_free(&r);
}

static void the_best_strings_say_how_many_are_not_shown(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 70 state\nat 71 quit\n",
              "--no-log experiments/estrings/hello.ini --set estrings.population=200", 1);
    int shown_rows = (int)gs_num(r.line[0], "figures.top_rows"), hidden = (int)gs_num(r.line[0], "figures.top_hidden");
    if (shown_rows + hidden != 200 || hidden <= 0) fail_msg("%d shown and %d hidden of 200", shown_rows, hidden);
    char key[96], shown[256];
    snprintf(key, sizeof key, "\xe2\x80\xa6 %d more of the 200 strings not shown", hidden);
    world_text(r.line[0], key, shown, sizeof shown);
    gs_free(&r);
}

// The world's room is used: hello.ini's 24 strings all fit at 1280x800,
// where 8 were shown and "16 more of the 24 strings not shown" sat over half
// an empty world (trial8). And the lists keep their order: the history
// first (left, or on top when a long target puts them one under the
// other), where a long target moved "Current best strings" above it.
static void the_lists_use_the_room_in_one_order(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 70 state\nat 71 quit\n", "--no-log experiments/estrings/hello.ini", 1);
    int shown_rows = (int)gs_num(r.line[0], "figures.top_rows"), hidden = (int)gs_num(r.line[0], "figures.top_hidden");
    if (shown_rows != 24 || hidden != 0) fail_msg("1280x800: %d of the 24 strings shown, %d left out", shown_rows, hidden);
    double hy = gs_num(r.line[0], "figures.history_list_y"), ty = gs_num(r.line[0], "figures.best_list_y");
    if (hy != ty) fail_msg("side by side, the lists start at %g and %g", hy, ty);
    gs_free(&r);
    gt_script(&r, "at 70 state\nat 71 quit\n",
              "--no-log experiments/estrings/hello.ini --set \"estrings.target=The quick brown fox jumps over "
              "the lazy dog, then naps under the old oak tree all afternoon\"",
              1);
    hy = gs_num(r.line[0], "figures.history_list_y"), ty = gs_num(r.line[0], "figures.best_list_y");
    if (!(hy < ty)) fail_msg("one under the other, the history is at %g and the best strings at %g", hy, ty);
    gs_free(&r);
}

// In strings, XOR and pole a tick is a generation: the status line, the
// speed line (strings, XOR) and the keys say generation, not tick; ants keep
// their ticks (world steps).
static void a_tick_that_is_a_generation_is_called_one(void **state)
{
    (void)state;
    const char *modes[4] = {"estrings", "xor", "pole", "ants"};
    for (int i = 0; i < 4; ++i) {
        gs_run r;
        gt_script(&r, "at 30 state\nat 31 key space\nat 32 key h\nat 34 state\nat 35 quit\n",
                  gt_fmt("--no-log --mode %s", modes[i]), 2);
        bool ticks = i == 3;
        char header[256], speed[256], banner[256];
        gs_text(r.line[0], "header", header, sizeof header);
        gs_text(r.line[0], "speed_line_full", speed, sizeof speed);
        gs_text(r.line[1], "banner", banner, sizeof banner);
        if ((strstr(header, "tick") != NULL) != ticks) fail_msg("%s: status line '%s'", modes[i], header);
        if (i < 2 && (strstr(speed, "tick") || !strstr(speed, "generation")))
            fail_msg("%s: speed line '%s'", modes[i], speed);
        if ((strstr(banner, "tick") != NULL) != ticks) fail_msg("%s: paused banner '%s'", modes[i], banner);
        const char *help = strstr(r.line[1], "\"help_rows\":");
        if (!help) fail_msg("%s: no help rows", modes[i]);
        if ((strstr(help, "simulate one tick") != NULL) != ticks) fail_msg("%s: the help's N says tick", modes[i]);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_long_refused_target_is_said_whole_and_once),
        cmocka_unit_test(a_message_that_does_not_fit_is_cut_with_a_sign),
        cmocka_unit_test(the_strip_covers_no_row_of_the_lists),
        cmocka_unit_test(the_best_strings_say_how_many_are_not_shown),
        cmocka_unit_test(the_lists_use_the_room_in_one_order),
        cmocka_unit_test(a_tick_that_is_a_generation_is_called_one),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
