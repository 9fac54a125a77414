// Issue 10: the ants' labels (numbers yellow, food counts green) stay
// inside the world's box, flipping below an ant at the top edge and
// shifting in at the sides, and keep off the labels already drawn, the
// ants' bodies and rings, the food and the mines: above the ant, else
// below, else beside it, else left out (they once ran past the edges, cut
// there, piled over each other in crowds, in mines.ini's 120 ants lay over
// other ants and the elites' rings, and "2 ants" sat over food).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include "gui/view_ants.h"

static bool boxes_meet(al_label_box a, al_label_box b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static bool inside(al_label_box a, al_label_box in)
{
    return a.x >= in.x && a.y >= in.y && a.x + a.w <= in.x + in.w && a.y + a.h <= in.y + in.h;
}

// The faults `state` reports for one state line: none outside, none over
// another label, an ant or a ring (labels_over_marks: reported, and 0).
static double label_faults_none(const char *l, int i)
{
    if (gs_num(l, "figures.labels_outside") != 0)
        fail_msg("state %d: %.0f of %.0f labels reach out of the world", i, gs_num(l, "figures.labels_outside"),
                 gs_num(l, "figures.labels_drawn"));
    if (gs_num(l, "figures.labels_over_marks") != 0)
        fail_msg("state %d: %.0f labels lie over ants or rings", i, gs_num(l, "figures.labels_over_marks"));
    if (gs_num(l, "figures.labels_overlap") != 0)
        fail_msg("state %d: %.0f labels overlap", i, gs_num(l, "figures.labels_overlap"));
    return gs_num(l, "figures.labels_drawn");
}

// The window, with 200 ants (crowds, and ants at every edge): over several
// frames every label drawn lies inside the world and none overlaps another.
static void scripted_labels_stay_inside_and_apart(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 20 state\nat 80 state\nat 140 state\nat 200 state\nat 201 quit\n",
              "experiments/ants/default.ini --no-log --set ants.count=200 --set ants.ticks=400", 4);
    double drawn = 0;
    for (int i = 0; i < r.n; ++i) drawn += label_faults_none(r.line[i], i);
    assert_true(drawn >= 4 * 20); // labels are still drawn, not all left out
    gs_free(&r);
}

// 300 food items among 120 ants (the trial saw "2 ants" labels over food,
// issue 10): no label over a food item, early and later in a generation.
static void scripted_labels_keep_off_food(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 10 state\nat 40 state\nat 80 state\nat 81 quit\n",
              "experiments/ants/default.ini --no-log --set ants.count=120 --set ants.food=300", 3);
    double drawn = 0;
    for (int i = 0; i < r.n; ++i) {
        drawn += label_faults_none(r.line[i], i);
        if (gs_num(r.line[i], "figures.labels_over_food") != 0)
            fail_msg("state %d: %.0f labels lie over food", i, gs_num(r.line[i], "figures.labels_over_food"));
    }
    assert_true(drawn >= 3 * 40); // of 120 ants, most still labelled
    gs_free(&r);
}

// mines.ini's 120 ants in a dense world, early in generation 0, with the
// elites ringed in generation 1, and at the limit (the replay's best ant
// double-ringed): no label over another ant, a ring or a label.
static void scripted_mines_labels_keep_off_ants_and_rings(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 5 state\nat 15 state\nat gen 1 state\nat 45 state\nat gen 2 state\nat 80 state\nat 81 quit\n",
              gt_fmt("--db '%s' experiments/ants/mines.ini --set run.generations=2 --set ants.ticks=300",
                     gs_path("mines.db")),
              6);
    double drawn = 0;
    for (int i = 0; i < r.n; ++i) drawn += label_faults_none(r.line[i], i);
    assert_true(gs_bool(r.line[5], "replaying"));
    assert_true(gs_num(r.line[5], "figures.marked") >= 0);
    assert_true(drawn >= 6 * 30); // of 120 ants, most still labelled
    gs_free(&r);
}

// The placement itself: an ant at the top edge has its label below it, one
// at the left or right edge has it shifted in; of two ants side by side the
// second's label would overlap the first's above and goes below; a lone ant
// in the middle keeps its label above it.
static void labels_flip_shift_and_give_way(void **state)
{
    (void)state;
    al_label_box world = {100, 50, 400, 300};
    enum { N = 6 };
    float ax[N] = {300, 102, 498, 300, 200, 210}, ay[N] = {52, 200, 200, 200, 300, 302};
    float left[N] = {-20, -20, -20, -20, -20, -20}, w[N] = {40, 40, 40, 40, 40, 40};
    float gap[N] = {8, 8, 8, 8, 8, 8};
    al_label_box out[N];
    bool shown[N];
    int n = al_ants_label_place(world, N, ax, ay, left, w, 14.0f, gap, NULL, 0, out, shown);
    assert_int_equal(n, 6);
    for (int i = 0; i < N; ++i) {
        if (!shown[i]) continue;
        if (!inside(out[i], world)) fail_msg("label %d at %g,%g %gx%g outside", i, out[i].x, out[i].y, out[i].w, out[i].h);
        for (int j = 0; j < i; ++j)
            if (shown[j] && boxes_meet(out[i], out[j])) fail_msg("labels %d and %d overlap", j, i);
    }
    assert_true(shown[0] && out[0].y >= ay[0]);                      // top edge: below the ant
    assert_true(shown[1] && out[1].x == world.x);                    // left edge: shifted in
    assert_true(shown[2] && out[2].x + out[2].w == world.x + world.w); // right edge
    assert_true(shown[3] && out[3].y + out[3].h <= ay[3] - 8.0f);    // the middle: above, clear of the ant
    assert_true(shown[4]);
    assert_true(shown[5] && out[5].y >= ay[5] + 8.0f); // above it would overlap ant 4's: below
}

// Labels keep off the marks (other ants' bodies and rings): an ant with
// another right above it has its label below; one boxed in by ants on
// every side has none; and the faults count a label over a mark.
static void labels_keep_off_other_ants_and_rings(void **state)
{
    (void)state;
    al_label_box world = {0, 0, 400, 300};
    enum { N = 2 };
    float ax[N] = {100, 300}, ay[N] = {100, 150};
    float left[N] = {-20, -20}, w[N] = {40, 40}, gap[N] = {8, 8};
    al_label_mark marks[] = {
        {100, 100, 6}, {100, 80, 9}, // ant 0, and a ringed ant just above it
        {300, 150, 6}, {300, 128, 9}, {300, 172, 9}, {330, 150, 9}, {270, 150, 9}, // ant 1, boxed in
    };
    int nm = (int)(sizeof marks / sizeof marks[0]);
    al_label_box out[N];
    bool shown[N];
    assert_int_equal(al_ants_label_place(world, N, ax, ay, left, w, 14.0f, gap, marks, nm, out, shown), 1);
    assert_true(shown[0] && out[0].y >= ay[0] + 8.0f); // below: above lies on the ringed ant
    assert_false(shown[1]);
    al_label_faults f = al_ants_label_faults(world, out, 1, 14.0f, marks, nm);
    assert_int_equal(f.drawn, 1);
    assert_int_equal(f.overlap, 0);
    assert_int_equal(f.over_marks, 0);
    al_label_box over = {80, 70, 40, 14}; // the label drawn above ant 0 would lie on the ringed ant
    f = al_ants_label_faults(world, &over, 1, 14.0f, marks, nm);
    assert_int_equal(f.over_marks, 1);
    assert_int_equal(f.overlap, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(labels_flip_shift_and_give_way),
        cmocka_unit_test(labels_keep_off_other_ants_and_rings),
        cmocka_unit_test(scripted_labels_stay_inside_and_apart),
        cmocka_unit_test(scripted_labels_keep_off_food),
        cmocka_unit_test(scripted_mines_labels_keep_off_ants_and_rings),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
