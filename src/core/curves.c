// Curve figures for alife compare. See curves.h for the conventions (curves
// held at their last value past their end).
#include "alife/curves.h"

#include <assert.h>

#include "alife/stats.h"

double alCurve_At(const double *gen, const double *y, int n, double g)
{
    assert(n > 0);
    if (g <= gen[0]) return y[0];
    // Binary search for the last gen <= g.
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (gen[mid] <= g) lo = mid;
        else hi = mid - 1;
    }
    return y[lo];
}

alCurveFigures alCurve_Figures(const double *gen, const double *y, int n, double horizon,
                               bool use_threshold, double threshold, bool lower_is_better)
{
    assert(n > 0);
    alCurveFigures f;
    f.final = y[n - 1];
    f.observed = gen[n - 1];
    f.auc = alStats_Trapezoid(gen, y, n);
    if (horizon > gen[n - 1]) f.auc += y[n - 1] * (horizon - gen[n - 1]);
    f.reach = -1;
    if (use_threshold) {
        int i = alStats_FirstReach(y, n, threshold, lower_is_better);
        if (i >= 0) f.reach = gen[i];
    }
    return f;
}
