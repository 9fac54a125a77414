// The ants' brain inspector keeps clear of the ant it describes: its
// selection ring and its label ("13 71", drawn above the ant). The trial saw
// ant 13 at the world's left edge with the box placed to its right over its
// label: the box kept only 14 px from the ant's centre. At the generation
// limit the replay marks its best ant and leaves the inspector closed (it
// opened by itself over part of the world); I opens it. In a small window
// the labels give way, and the box says so (the network was drawn without
// them, silently).
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

#include "gui/neat_draw.h"
#include "gui/view_ants.h"

static bool brain_open(const char *l)
{
    const char *o = gs_find(l, "overlays");
    if (!o) fail_msg("no overlays: %s", l);
    const char *end = strchr(o, ']');
    const char *b = strstr(o, "\"brain\"");
    return b && end && b < end;
}

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
    if (overlap(box, ring)) fail_msg("the box covers the ant's ring: %s", l);
    // (a label with no place clear of the other ants and rings is left out)
    if (label.w > 0 && overlap(box, label)) fail_msg("the box covers the ant's label: %s", l);
}

static void the_replayed_best_ants_box_leaves_its_label_and_ring(void **state)
{
    (void)state;
    gs_run r;
    // At its limit the run replays its last generation, the best ant
    // marked; I opens its brain.
    gt_script(&r, "at 2 key f\nat gen 3 key i\nat gen 3 state\nat 60 state\nat 120 state\nat 121 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=400",
                     gs_path("brain.db")),
              3);
    for (int k = 0; k < r.n; ++k)
        box_clear_of_the_ant(r.line[k]);
    gs_free(&r);
}

// At the limit the best ant is marked (a double orange ring, the caption
// saying how to open its brain, uncut in the smallest window), the
// inspector closed over the world; I opens it on that ant, I again closes
// it.
static void the_limit_marks_the_best_ant_and_i_opens_its_brain(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 1 resize 720 480\nat 2 key f\nat gen 3 state\nat 60 state\nat 61 key i\nat 62 state\nat 63 key i\n"
              "at 64 state\n"
              "at 65 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=400",
                     gs_path("limit.db")),
              4);
    for (int k = 0; k < 2; ++k) {
        const char *l = r.line[k];
        if (!gs_bool(l, "replaying")) fail_msg("state %d: the limit does not replay: %s", k, l);
        if (brain_open(l)) fail_msg("state %d: the brain inspector opened by itself at the limit: %s", k, l);
        assert_true(gs_is_null(l, "selected"));
        if (gs_num(l, "figures.marked") < 0) fail_msg("state %d: no best ant marked: %s", k, l);
        const char *how = strstr(l, "I or a click shows its brain");
        if (!how) fail_msg("state %d: nothing says how to open it: %s", k, l);
        const char *cut = strstr(how, "\"cut\":");
        if (!cut || strncmp(cut + 6, "false", 5) != 0) fail_msg("state %d: the caption is cut: %s", k, l);
    }
    double best = gs_num(r.line[1], "figures.marked");
    if (!brain_open(r.line[2])) fail_msg("I did not open the brain inspector: %s", r.line[2]);
    assert_true(gs_num(r.line[2], "selected") == best);
    box_clear_of_the_ant(r.line[2]);
    assert_false(brain_open(r.line[3]));
    assert_true(gs_num(r.line[3], "figures.marked") == best); // still marked
    gs_free(&r);
}

// The inspector at the smallest window (720x480) names the inputs and
// outputs without their values, and says so in the box; at 1280x800 it
// shows both.
static void a_small_window_names_the_brains_inputs_and_says_what_gave_way(void **state)
{
    (void)state;
    static const char *const sizes[] = {"720 480", "1280 800"};
    for (int k = 0; k < 2; ++k) {
        gs_run r;
        gt_script(&r, gt_fmt("at 1 resize %s\nat 20 key i\nat 30 state\nat 31 quit\n", sizes[k]),
                  "--no-log experiments/ants/default.ini", 1);
        const char *l = r.line[0];
        if (!brain_open(l)) fail_msg("%s: I did not open the inspector: %s", sizes[k], l);
        // 4 inputs and 2 outputs named
        if (gs_num(l, "figures.brain_labels") != 6) fail_msg("%s: labels drawn: %s", sizes[k], l);
        assert_true(gs_num(l, "figures.brain_values_shown") == (k == 0 ? 0 : 1));
        gs_free(&r);
    }
}

// The rule: names and values where they fit, the names alone where only
// they do, else none; the box's note says which gave way.
static void labels_give_way_values_first(void **state)
{
    (void)state;
    // inputs 100 px with values, 60 without; outputs 60 and 30
    assert_int_equal(al_net_labels_fit(330, 100, 60, 60, 30), AL_NET_LABELS_FULL);
    assert_int_equal(al_net_labels_fit(158, 100, 60, 60, 30), AL_NET_LABELS_NAMES);
    assert_int_equal(al_net_labels_fit(100, 100, 60, 60, 30), AL_NET_LABELS_NONE);
    assert_null(al_net_labels_note(AL_NET_LABELS_FULL));
    assert_string_equal(al_net_labels_note(AL_NET_LABELS_NAMES), "values hidden: window too small");
    assert_string_equal(al_net_labels_note(AL_NET_LABELS_NONE), "labels hidden: window too small");
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
        cmocka_unit_test(the_limit_marks_the_best_ant_and_i_opens_its_brain),
        cmocka_unit_test(a_small_window_names_the_brains_inputs_and_says_what_gave_way),
        cmocka_unit_test(labels_give_way_values_first),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
