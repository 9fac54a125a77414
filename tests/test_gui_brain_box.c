// The ants' brain inspector keeps clear of the ant it describes: its
// selection ring and its label ("13 71", drawn above the ant). The trial saw
// ant 13 at the world's left edge with the box placed to its right over its
// label: the box kept only 14 px from the ant's centre.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include "gui/view_ants.h"

static bool overlap(SDL_Rect a, SDL_Rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// The state line's brain box, off the selected ant's ring and label.
static void box_clear_of_the_ant(const char *l)
{
    SDL_Rect box = {(int)gs_num(l, "figures.brain_x"), (int)gs_num(l, "figures.brain_y"),
                    (int)gs_num(l, "figures.brain_w"), (int)gs_num(l, "figures.brain_h")};
    if (box.w <= 0) fail_msg("no brain box: %s", l);
    float ax = (float)gs_num(l, "figures.selected_px_x"), ay = (float)gs_num(l, "figures.selected_px_y");
    float rr = (float)gs_num(l, "figures.selected_ring_px");
    if (!(rr > 0)) fail_msg("no selection ring reported: %s", l);
    SDL_Rect ring = {(int)(ax - rr - 1), (int)(ay - rr - 1), (int)(2 * rr + 3), (int)(2 * rr + 3)};
    SDL_Rect label = {(int)gs_num(l, "figures.selected_label_x"), (int)gs_num(l, "figures.selected_label_y"),
                      (int)gs_num(l, "figures.selected_label_w"), (int)gs_num(l, "figures.selected_label_h")};
    if (label.w <= 0) fail_msg("no label reported for the selected ant: %s", l);
    if (overlap(box, ring)) fail_msg("the box covers the ant's ring: %s", l);
    if (overlap(box, label)) fail_msg("the box covers the ant's label: %s", l);
}

static void the_replayed_best_ants_box_leaves_its_label_and_ring(void **state)
{
    (void)state;
    gs_run r;
    // At its limit the run replays its last generation, the best ant picked.
    gt_script(&r, "at 2 key f\nat gen 3 state\nat 60 state\nat 120 state\nat 121 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=400",
                     gs_path("brain.db")),
              3);
    for (int k = 0; k < r.n; ++k)
        box_clear_of_the_ant(r.line[k]);
    gs_free(&r);
}

// The layout rule itself: an ant at the world's left edge with its label
// reaching 24 px to its right gets the box past the label, and an ant at the
// right edge with its label to its left gets it left of the label.
static void the_box_goes_beside_the_label(void **state)
{
    (void)state;
    SDL_Rect area = {190, 120, 630, 630};
    SDL_Rect label = {180, 290, 50, 16}; // "13 71" above an ant at (200, 312)
    SDL_Rect b = al_ants_brain_box_clear(area, 200, 312, 330, 130, 14, label);
    assert_false(overlap(b, label));
    assert_true(b.x >= label.x + label.w);
    assert_true(b.x >= area.x && b.x + b.w <= area.x + area.w);
    SDL_Rect label2 = {770, 290, 50, 16};
    b = al_ants_brain_box_clear(area, 800, 312, 330, 130, 14, label2);
    assert_false(overlap(b, label2));
    assert_true(b.x + b.w <= label2.x);
    // without a label: as before, 14 px off the ant
    b = al_ants_brain_box_clear(area, 200, 312, 330, 130, 14, (SDL_Rect){0, 0, 0, 0});
    assert_int_equal(b.x, 200 + 14 + 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_replayed_best_ants_box_leaves_its_label_and_ring),
        cmocka_unit_test(the_box_goes_beside_the_label),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
