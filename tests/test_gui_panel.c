// The shared side-panel lines (panel.c): a value or text too long for its
// column wraps onto the next line at a space instead of being cut with
// "..." (the trial read "NEAT net: 0 hidden, 7 li..." and "generalisation:
// not tested yet (needs 2..."), and only text longer than three lines is
// cut, which the section then reports.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui_font.h"

// A panel of the given width on a 600x400 canvas, its one section "Test"
// begun; h is the font's line height, y0 the first line's top.
typedef struct panel_case {
    gf_canvas c;
    al_panel_sections secs;
    al_panel p;
    int h, y0;
} panel_case;

static void open_panel(panel_case *t, int width)
{
    gf_open(&t->c, 600, 400);
    memset(&t->secs, 0, sizeof t->secs);
    t->p = (al_panel){.r = t->c.ren, .rect = {10, 10, width, 380}, .x = 10, .y = 10, .width = width,
                      .bottom = 390, .font = t->c.font, .small = t->c.font, .mono = t->c.font,
                      .title = t->c.font, .sections = &t->secs};
    al_panel_section_begin(&t->p, "Test", true);
    t->h = al_font_height(t->c.font);
    t->y0 = t->p.y;
}

// Ends the section and closes the canvas; whether the section was cut.
static bool close_panel(panel_case *t)
{
    al_panel_section_end(&t->p);
    bool cut = t->secs.s[0].cut;
    gf_close(&t->c);
    return cut;
}

static void a_long_value_wraps_under_itself(void **state)
{
    (void)state;
    panel_case t;
    open_panel(&t, 400);
    al_panel_kv(&t.p, "controller", "NEAT net: 2 hidden nodes, 11 links, feed-forward");
    assert_int_equal(t.p.y, t.y0 + 2 * t.h); // two lines, both in the value column
    int line2 = t.y0 + t.h;
    assert_true(gf_pixels_in(&t.c, 10 + 200, 10 + 400, line2, line2 + t.h) > 20);
    assert_int_equal(gf_pixels_in(&t.c, 0, 10 + 200, line2, line2 + t.h), 0); // the label's column stays clear
    assert_false(close_panel(&t));
}

static void a_short_value_takes_one_line(void **state)
{
    (void)state;
    panel_case t;
    open_panel(&t, 300);
    al_panel_kv(&t.p, "variant", "double");
    al_panel_text(&t.p, AL_COL_TEXT, "solved: generation 31");
    assert_int_equal(t.p.y, t.y0 + 2 * t.h);
    assert_false(close_panel(&t));
}

static void a_long_text_line_wraps(void **state)
{
    (void)state;
    panel_case t;
    open_panel(&t, 200);
    al_panel_text(&t.p, AL_COL_TEXT, "solved: generation 31, 4650 evaluations, 294 of 625 starts");
    assert_true(t.p.y >= t.y0 + 2 * t.h);
    assert_true(gf_pixels_in(&t.c, 10, 210, t.y0 + t.h, t.y0 + 2 * t.h) > 20);
    assert_false(close_panel(&t));
}

static void text_past_three_lines_is_cut_and_said(void **state)
{
    (void)state;
    panel_case t;
    open_panel(&t, 120);
    al_panel_kv(&t.p, "x", "one two three four five six seven eight nine ten eleven twelve thirteen fourteen");
    assert_int_equal(t.p.y, t.y0 + 3 * t.h);
    assert_true(close_panel(&t));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_long_value_wraps_under_itself),
        cmocka_unit_test(a_short_value_takes_one_line),
        cmocka_unit_test(a_long_text_line_wraps),
        cmocka_unit_test(text_past_three_lines_is_cut_and_said),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
