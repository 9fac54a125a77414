// Issue 10: the ants' labels (numbers yellow, food counts green) stay
// inside the world's box, flipping below an ant at the top edge and
// shifting in at the sides, and a label that would overlap one already
// drawn is left out (they once ran past the edges, cut there, and piled
// over each other in crowds).
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

// The window, with 200 ants (crowds, and ants at every edge): over several
// frames every label drawn lies inside the world and none overlaps another.
static void scripted_labels_stay_inside_and_apart(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 20 state\nat 80 state\nat 140 state\nat 200 state\nat 201 quit\n",
              "experiments/ants/default.ini --no-log --set ants.count=200 --set ants.ticks=400", 4);
    double drawn = 0;
    for (int i = 0; i < r.n; ++i) {
        const char *l = r.line[i];
        drawn += gs_num(l, "figures.labels_drawn");
        if (gs_num(l, "figures.labels_outside") != 0)
            fail_msg("state %d: %.0f of %.0f labels reach out of the world", i, gs_num(l, "figures.labels_outside"),
                     gs_num(l, "figures.labels_drawn"));
        if (gs_num(l, "figures.labels_overlap") != 0)
            fail_msg("state %d: %.0f pairs of labels overlap", i, gs_num(l, "figures.labels_overlap"));
    }
    assert_true(drawn >= 4 * 20); // labels are still drawn, not all left out
    gs_free(&r);
}

// The placement itself: an ant at the top edge has its label below it, one
// at the left or right edge has it shifted in; of two ants side by side the
// second's label would overlap the first's and is left out; a lone ant in
// the middle keeps its label above it.
static void labels_flip_shift_and_give_way(void **state)
{
    (void)state;
    al_label_box world = {100, 50, 400, 300};
    enum { N = 6 };
    float ax[N] = {300, 102, 498, 300, 200, 210}, ay[N] = {52, 200, 200, 200, 300, 302};
    float left[N] = {-20, -20, -20, -20, -20, -20}, w[N] = {40, 40, 40, 40, 40, 40};
    al_label_box out[N];
    bool shown[N];
    int n = al_ants_label_place(world, N, ax, ay, left, w, 14.0f, 8.0f, out, shown);
    assert_int_equal(n, 5);
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
    assert_false(shown[5]); // it would overlap ant 4's, above or below
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(labels_flip_shift_and_give_way),
        cmocka_unit_test(scripted_labels_stay_inside_and_apart),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
