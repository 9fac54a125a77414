// view_ants.h — the ants view's layout rules, pure functions of pixels so
// that tests can check them without a window (tests/test_view_ants.c).
#ifndef ALIFE_GUI_VIEW_ANTS_H
#define ALIFE_GUI_VIEW_ANTS_H

#include <SDL.h>
#include <stdbool.h>

/// Where the brain inspector of an ant drawn at (ax, ay) pixels goes in the
/// world view `area`: want_w x want_h shrunk to fit, beside the ant (right,
/// else left) when there is room, else in the upper or lower part of the
/// area away from the ant. The box lies inside area and never covers the
/// ant's mark (a margin of `keep` pixels around (ax, ay)) when the area
/// allows it at all.
SDL_Rect al_ants_brain_box(SDL_Rect area, float ax, float ay, int want_w, int want_h, int keep);

/// The same, also clear of `avoid` (the ant's label as drawn; w 0: none):
/// beside, above or below the union of the ant's margin and avoid.
SDL_Rect al_ants_brain_box_clear(SDL_Rect area, float ax, float ay, int want_w, int want_h, int keep,
                                 SDL_Rect avoid);

/// Labels without a blob: n ants drawn at (sx[i], sy[i]) pixels, each with
/// a label box of cell_w x cell_h pixels placed at its mark. Ant i keeps its
/// label (owner[i] = i) unless an earlier kept label lies closer than a box
/// in both axes; then owner[i] is that ant and it draws nothing. group[i]
/// counts the ants each kept label stands for (1 = itself only; 0 for ants
/// without a label). scratch holds al_ants_label_scratch(n) ints. O(n).
/// Returns how many labels are kept.
int al_ants_label_plan(const float *sx, const float *sy, int n, float cell_w, float cell_h,
                       int *owner, int *group, int *scratch);

/// The scratch ints al_ants_label_plan needs for n ants.
int al_ants_label_scratch(int n);

/// A label's box, pixels.
typedef struct al_label_box {
    float x, y, w, h;
} al_label_box;

/// A mark drawn in the world that labels keep off (an ant's body, its
/// rings, the word "pinned"): the square of half-side r pixels around
/// (x, y).
typedef struct al_label_mark {
    float x, y, r;
} al_label_mark;

/// Where the labels of n ants go inside bounds, placed in order: ant i,
/// drawn at (ax[i], ay[i]) pixels, has a label w[i] x h pixels whose left
/// edge lies left[i] pixels from the ant's x. It goes above the ant, gap[i]
/// pixels clear of it, else below it, else beside it (right, then left),
/// else at a corner (above right, above left, below right, below left), the
/// first of these that lies inside bounds (above, below and beside: shifted
/// in along the ant's side) and clear of the labels placed before it and of
/// the nmarks marks
/// (may be NULL when 0). gap[i] at least the radius of ant i's own mark
/// keeps the label off it. A label with no such place is left out
/// (shown[i] false). out[i] receives the box of each label shown
/// (ant_labels.c). Returns how many are shown.
int al_ants_label_place(al_label_box bounds, int n, const float *ax, const float *ay, const float *left,
                        const float *w, float h, const float *gap, const al_label_mark *marks, int nmarks,
                        al_label_box *out, bool *shown);

/// What `state` says of n labels drawn (boxes b, h pixels tall): how many,
/// how many reach out of bounds, how many overlap a label before them or a
/// mark, and of those how many a mark (an ant's body or ring). Boxes that
/// only touch (by half a pixel) do not count.
typedef struct al_label_faults {
    int drawn, outside, overlap, over_marks;
} al_label_faults;
al_label_faults al_ants_label_faults(al_label_box bounds, const al_label_box *b, int n, float h,
                                     const al_label_mark *marks, int nmarks);

#endif
