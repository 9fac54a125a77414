// view_ants.h — the ants view's layout rules, pure functions of pixels so
// that tests can check them without a window (tests/test_view_ants.c).
#ifndef ALIFE_GUI_VIEW_ANTS_H
#define ALIFE_GUI_VIEW_ANTS_H

#include <SDL.h>

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

/// Where the labels of n ants go inside bounds, placed in order: ant i,
/// drawn at (ax[i], ay[i]) pixels, has a label w[i] x h pixels whose left
/// edge lies left[i] pixels from the ant's x. It goes above the ant, gap
/// pixels clear of it, or below it when above would leave bounds, and is
/// shifted sideways to stay inside them. A label that would overlap one
/// placed before it, or does not fit in bounds at all, is left out
/// (shown[i] false). out[i] receives the box of each label shown. Returns
/// how many are shown.
int al_ants_label_place(al_label_box bounds, int n, const float *ax, const float *ay, const float *left,
                        const float *w, float h, float gap, al_label_box *out, bool *shown);

#endif
