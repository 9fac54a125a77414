// The shared side-panel lines (panel.c): a value or text too long for its
// column wraps onto the next line at a space instead of being cut with
// "..." (the trial read "NEAT net: 0 hidden, 7 li..." and "generalisation:
// not tested yet (needs 2..."), and only text longer than three lines is
// cut, which the section then reports.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui_font.h"

// Pixels drawn in the rows [y0, y1) between columns x0 and x1.
static int drawn_in(const gf_canvas *c, int x0, int x1, int y0, int y1)
{
    SDL_RenderPresent(c->ren);
    int n = 0;
    for (int py = y0; py < y1 && py < c->sf->h; ++py)
        for (int px = x0; px < x1 && px < c->sf->w; ++px)
            n += (((const Uint32 *)c->sf->pixels)[py * (c->sf->pitch / 4) + px] & 0xffffff) != 0;
    return n;
}

static al_panel open_panel(gf_canvas *c, al_panel_sections *secs, int width)
{
    gf_open(c, 600, 400);
    memset(secs, 0, sizeof *secs);
    al_panel p = {.r = c->ren, .rect = {10, 10, width, 380}, .x = 10, .y = 10, .width = width, .bottom = 390,
                  .font = c->font, .small = c->font, .mono = c->font, .title = c->font, .sections = secs};
    al_panel_section_begin(&p, "Test", true);
    return p;
}

static void a_long_value_wraps_under_itself(void **state)
{
    (void)state;
    gf_canvas c;
    al_panel_sections secs;
    al_panel p = open_panel(&c, &secs, 400);
    int h = al_font_height(c.font), y0 = p.y;
    al_panel_kv(&p, "controller", "NEAT net: 2 hidden nodes, 11 links, feed-forward");
    assert_int_equal(p.y, y0 + 2 * h); // two lines, both in the value column
    assert_true(drawn_in(&c, 10 + 200, 10 + 400, y0 + h, y0 + 2 * h) > 20);
    assert_int_equal(drawn_in(&c, 0, 10 + 200, y0 + h, y0 + 2 * h), 0); // the label's column stays clear
    al_panel_section_end(&p);
    assert_false(secs.s[0].cut);
    gf_close(&c);
}

static void a_short_value_takes_one_line(void **state)
{
    (void)state;
    gf_canvas c;
    al_panel_sections secs;
    al_panel p = open_panel(&c, &secs, 300);
    int h = al_font_height(c.font), y0 = p.y;
    al_panel_kv(&p, "variant", "double");
    al_panel_text(&p, AL_COL_TEXT, "solved: generation 31");
    assert_int_equal(p.y, y0 + 2 * h);
    al_panel_section_end(&p);
    assert_false(secs.s[0].cut);
    gf_close(&c);
}

static void a_long_text_line_wraps(void **state)
{
    (void)state;
    gf_canvas c;
    al_panel_sections secs;
    al_panel p = open_panel(&c, &secs, 200);
    int h = al_font_height(c.font), y0 = p.y;
    al_panel_text(&p, AL_COL_TEXT, "solved: generation 31, 4650 evaluations, 294 of 625 starts");
    assert_true(p.y >= y0 + 2 * h);
    assert_true(drawn_in(&c, 10, 210, y0 + h, y0 + 2 * h) > 20);
    al_panel_section_end(&p);
    assert_false(secs.s[0].cut);
    gf_close(&c);
}

static void text_past_three_lines_is_cut_and_said(void **state)
{
    (void)state;
    gf_canvas c;
    al_panel_sections secs;
    al_panel p = open_panel(&c, &secs, 120);
    int h = al_font_height(c.font), y0 = p.y;
    al_panel_kv(&p, "x", "one two three four five six seven eight nine ten eleven twelve thirteen fourteen");
    assert_int_equal(p.y, y0 + 3 * h);
    al_panel_section_end(&p);
    assert_true(secs.s[0].cut);
    gf_close(&c);
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
