// What a small window leaves out, it says (issue 10: nothing is cut or
// hidden without a sign). At 720x480 a run at its generation limit lost the
// run id from the speed line and "B: generation 3's population, E: evolve on" from the
// banner (ants), or had the banner cut to "E: evolve o..." (pole, XOR); the
// banner now wraps whole and the speed line drops the seed and the fps
// first, keeping the speed, the run id and the E hint, at 720x480, 1280x800
// and 1600x1000. The strings view at 720x480 drew no "Best of each
// generation" row at all: it now shows the rows that fit and says how many
// it left out.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// The world text whose whole text is text in the state line json: what of
// it was drawn into shown, and whether it was cut; false when none.
static bool world_text(const char *json, const char *text, char *shown, size_t cap, bool *cut)
{
    const char *p = gs_find(json, "world_texts");
    const char *end = p ? strstr(p, "\"world_texts_dropped\"") : NULL;
    char q[600];
    snprintf(q, sizeof q, "{\"text\":\"%s\",", text);
    const char *hit = p ? strstr(p, q) : NULL;
    if (!hit || hit > end) return false;
    gs_text(hit, "shown", shown, cap);
    *cut = gs_bool(hit, "cut");
    return true;
}

// A run of config at its limit of 3 generations in a w x h window, logged
// into a fresh database (run 1): the banner and the speed line say all.
static void at_the_limit(const char *config, bool replays, int w, int h)
{
    char what[200];
    snprintf(what, sizeof what, "%s at %dx%d", config, w, h);
    char db[512];
    gt_fresh_db(db, sizeof db, "limit.db");
    gs_run r;
    gt_script(&r, "at 1 key f\nat gen 3 state\nat gen 3 quit\n",
              gt_fmt("%s --set run.generations=3 --width %d --height %d --db '%s'", config, w, h, db), 1);
    const char *l = r.line[0];
    if (!gs_bool(l, "finished")) fail_msg("%s: not at the limit: %s", what, l);
    // The banner: every word drawn, in a badge inside the world area and
    // above the world rectangle.
    char banner[240], shown[600];
    bool cut = true;
    gs_text(l, "banner", banner, sizeof banner);
    gt_needs(what, banner, "LIMIT: 3 generations");
    gt_needs(what, banner, "E: evolve on");
    if (replays) gt_needs(what, banner, "B: generation 3's population");
    if (!world_text(l, banner, shown, sizeof shown, &cut)) fail_msg("%s: the banner was not drawn", what);
    if (cut || strcmp(shown, banner) != 0) fail_msg("%s: the banner '%s' was drawn as '%s'", what, banner, shown);
    int bx = (int)gs_num(l, "badges.x"), by = (int)gs_num(l, "badges.y");
    int bw = (int)gs_num(l, "badges.w"), bh = (int)gs_num(l, "badges.h");
    if (by < 0 || by + bh > (int)gs_num(l, "world_rect.y"))
        fail_msg("%s: the banner (y %d, h %d) is not above the world (y %d)", what, by, bh, (int)gs_num(l, "world_rect.y"));
    if (bx + bw > (int)gs_num(l, "world_area.w")) fail_msg("%s: the banner runs past the world area", what);
    // The speed line: the speed, the run id, the E hint, never cut.
    char speed[256];
    gs_text(l, "speed_line", speed, sizeof speed);
    gt_needs(what, speed, "frame");
    gt_needs(what, speed, "run 1");
    gt_needs(what, speed, "E: evolve on");
    if (gs_bool(l, "speed_line_cut") || strstr(speed, "\xe2\x80\xa6")) fail_msg("%s: the speed line is cut: '%s'", what, speed);
    gs_free(&r);
}

static void the_limit_banner_and_the_speed_line_keep_every_word(void **state)
{
    (void)state;
    static const int sizes[][2] = {{720, 480}, {1280, 800}, {1600, 1000}};
    for (int i = 0; i < 3; ++i) {
        at_the_limit("experiments/ants/default.ini --set ants.ticks=100", true, sizes[i][0], sizes[i][1]);
        at_the_limit("experiments/pole/double.ini", false, sizes[i][0], sizes[i][1]);
        at_the_limit("experiments/xor/xor.ini", false, sizes[i][0], sizes[i][1]);
    }
}

// A list of the strings view: its heading drawn whole, rows shown, and the
// ones left out said under it: sign, formatted with their number and the
// plural's "s" ("... %d older generation%s not shown").
static void list_says_what_it_leaves_out(const char *l, const char *what, const char *heading, const char *rows,
                                         const char *hidden, const char *sign)
{
    char shown[600];
    bool cut = true;
    if (!world_text(l, heading, shown, sizeof shown, &cut) || cut)
        fail_msg("%s: the heading '%s' is missing or cut ('%s')", what, heading, shown);
    char key[64];
    snprintf(key, sizeof key, "figures.%s", rows);
    int n = (int)gs_num(l, key);
    snprintf(key, sizeof key, "figures.%s", hidden);
    int left = (int)gs_num(l, key);
    if (n < 1) fail_msg("%s: no row under '%s' (%d left out)", what, heading, left);
    if (left == 0) return;
    char want[160];
    snprintf(want, sizeof want, sign, left, left == 1 ? "" : "s");
    if (!world_text(l, want, shown, sizeof shown, &cut) || cut)
        fail_msg("%s: %d rows under '%s' left out, and no '%s'", what, left, heading, want);
}

static void the_strings_lists_show_what_fits_and_say_what_is_left_out(void **state)
{
    (void)state;
    static const int sizes[][2] = {{720, 480}, {1280, 800}};
    for (int i = 0; i < 2; ++i) {
        int w = sizes[i][0], h = sizes[i][1];
        char what[96];
        snprintf(what, sizeof what, "strings at %dx%d", w, h);
        gs_run r;
        gt_script(&r, "at 1 key =\nat 2 key =\nat 3 key =\nat gen 40 state\nat gen 40 quit\n",
                  gt_fmt("--no-log experiments/estrings/hello.ini --width %d --height %d", w, h), 1);
        const char *l = r.line[0];
        list_says_what_it_leaves_out(l, what, "Best of each generation, newest on top", "history_rows",
                                     "history_hidden", "\xe2\x80\xa6 %d older generation%s not shown");
        list_says_what_it_leaves_out(l, what, "Current best strings", "top_rows", "top_hidden",
                                     "\xe2\x80\xa6 %d more of the 24 strings not shown%.0s"); // (no plural s)
        if (w == 720 && gs_num(l, "figures.history_hidden") < 1)
            fail_msg("%s: 40 generations all shown? %s", what, l); // the sign above was checked
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_limit_banner_and_the_speed_line_keep_every_word),
        cmocka_unit_test(the_strings_lists_show_what_fits_and_say_what_is_left_out),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
