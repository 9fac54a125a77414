// Words drawn in the world area stay in their box (issue 10): at 720x480 the
// ants' fast-forward notice ran past the world on both sides, the strings
// view's headline ("Generation 3: best error ...") and its colour legend
// were clipped at the window's edge, XOR's caption started left of the
// world, all with no sign. Every world text now goes through one fitting
// helper (al_canvas_text: wrapped to the box, cut with "..." when it must)
// that records it; `state` lists each one's box and what its lines covered.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_script.h"

static bool inside(SDL_Rect a, SDL_Rect b)
{
    return a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
}

// s with every run of spaces made one space (wrapping breaks at spaces).
static void squeeze(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 1 < cap; ++s)
        if (!(*s == ' ' && n > 0 && out[n - 1] == ' ')) out[n++] = *s;
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

// Checks every world text of one state line; returns how many there were.
// whole: a text that must be among them, shown whole (NULL: none).
static int check_world_texts(const char *json, const char *whole, const char *what)
{
    SDL_Rect area = gt_rect(json, "world_area");
    assert_true(area.w > 0 && area.h > 0);
    assert_int_equal((int)gs_num(json, "world_texts_dropped"), 0);
    const char *p = gs_find(json, "world_texts");
    if (!p) fail_msg("%s: no world_texts in the state line", what);
    const char *end = strstr(p, "\"world_texts_dropped\"");
    int n = 0;
    bool found = whole == NULL;
    for (const char *t = strstr(p, "{\"text\":"); t && t < end; t = strstr(t + 1, "{\"text\":")) {
        char text[400], shown[400], a[400], b[400];
        gs_text(t, "text", text, sizeof text);
        gs_text(t, "shown", shown, sizeof shown);
        SDL_Rect box = gt_rect(t, "box"), drawn = gt_rect(t, "drawn");
        bool cut = gs_bool(t, "cut");
        n++;
        if (drawn.w > 0 && !inside(drawn, box))
            fail_msg("%s: '%s' drawn at %d,%d %dx%d past its box %d,%d %dx%d", what, text, drawn.x, drawn.y,
                     drawn.w, drawn.h, box.x, box.y, box.w, box.h);
        if (drawn.w > 0 && !inside(drawn, area))
            fail_msg("%s: '%s' drawn at %d,%d %dx%d past the world area %dx%d", what, text, drawn.x, drawn.y,
                     drawn.w, drawn.h, area.w, area.h);
        squeeze(text, a, sizeof a);
        squeeze(shown, b, sizeof b);
        if (!cut && strcmp(a, b) != 0) fail_msg("%s: '%s' shown as '%s', not said to be cut", what, text, shown);
        size_t sn = strlen(shown);
        if (cut && sn > 0 && (sn < 3 || strcmp(shown + sn - 3, "\xe2\x80\xa6") != 0))
            fail_msg("%s: '%s' cut to '%s' without a '\xe2\x80\xa6'", what, text, shown);
        if (whole && strstr(text, whole)) {
            if (cut) fail_msg("%s: '%s' is cut ('%s') in a box of %dx%d", what, text, shown, box.w, box.h);
            found = true;
        }
    }
    if (!found) fail_msg("%s: no world text holds '%s'", what, whole);
    return n;
}

// The lesson config at 720x480: once running, once after F (still fast-
// forwarding unless it reached its goal: fast NULL, nothing asked of it).
static void fits_at_720x480(const char *config, const char *running, const char *fast)
{
    gs_run r;
    gs_run_script(&r, "at 0 resize 720 480\nat 90 state\nat 91 key F\nat 100 state\nat 101 quit\n", config);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    for (int i = 0; i < 2; ++i) {
        assert_int_equal((int)gs_num(r.line[i], "window.width"), 720);
        char what[200];
        snprintf(what, sizeof what, "%s %s", config, i ? "fast-forward" : "running");
        int n = check_world_texts(r.line[i], i ? fast : running, what);
        assert_true(n >= 1); // at least the caption or the notice
    }
    gs_free(&r);
}

static void ants_fast_forward_notice_fits(void **state)
{
    (void)state;
    fits_at_720x480("--no-log experiments/ants/default.ini", "shared world",
                    "simulating without drawing the world; F to watch again");
}

static void strings_headline_and_legend_fit(void **state)
{
    (void)state;
    fits_at_720x480("--no-log experiments/estrings/hello.ini", "best error", NULL); // F may reach the goal
    gs_run r; // the colour legend, whole, wrapped in the world
    gs_run_script(&r, "at 0 resize 720 480\nat 60 state\nat 61 quit\n", "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r.status, 0);
    check_world_texts(r.line[0], "green: right character", "strings legend");
    gs_free(&r);
}

static void xor_caption_stays_on_the_world(void **state)
{
    (void)state;
    fits_at_720x480("--no-log experiments/xor/xor.ini", "of 16", NULL); // F may solve it
}

static void pole_caption_fits(void **state)
{
    (void)state;
    fits_at_720x480("--no-log experiments/pole/double.ini", "best", NULL); // F may balance it
}

static void steering_caption_fits(void **state)
{
    (void)state;
    fits_at_720x480("--no-log experiments/steering/boids.ini", "world", "fast-forward:");
}

static void a_long_badge_is_cut_with_a_sign(void **state)
{
    (void)state;
    // J's prompt badge is wider than the world area at 720x480: cut, "..."
    gs_run r;
    gs_run_script(&r, "at 0 resize 720 480\nat 20 key J\nat 22 type \"123456789\"\nat 24 state\nat 25 key escape\n"
                      "at 26 quit\n",
                  "--no-log experiments/ants/default.ini");
    assert_int_equal(r.status, 0);
    check_world_texts(r.line[0], NULL, "jump prompt");
    assert_non_null(strstr(r.line[0], "jump to generation: 123456789"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ants_fast_forward_notice_fits),
        cmocka_unit_test(strings_headline_and_legend_fit),
        cmocka_unit_test(xor_caption_stays_on_the_world),
        cmocka_unit_test(pole_caption_fits),
        cmocka_unit_test(steering_caption_fits),
        cmocka_unit_test(a_long_badge_is_cut_with_a_sign),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
