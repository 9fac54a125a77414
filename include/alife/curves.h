/// curves.h — figures of per-generation curves, for comparing runs: the value
/// of a curve at a generation, its area, when it first reaches a threshold.
///
/// A curve is a run's metric over the generations it logged (gen ascending).
/// Runs compared together may have different lengths (a string run stops
/// when it finds its target): past its last generation a curve is held at
/// its last value, which is what the run achieved. Pure math, no allocation.
#ifndef ALIFE_CURVES_H
#define ALIFE_CURVES_H

#include <stdbool.h>

/// The value of the curve (gen[0..n), y[0..n)) at generation g: the value
/// logged at the last generation <= g, held past the end; y[0] before the
/// start. n > 0.
double alCurve_At(const double *gen, const double *y, int n, double g);

/// The figures of one curve.
typedef struct alCurveFigures {
    double final;    ///< value at the last generation logged
    double auc;      ///< trapezoid area from gen[0] to the horizon (held at the last value)
    double reach;    ///< first generation at which the threshold is reached, or -1
    double observed; ///< last generation logged: when a run that never reached is censored
} alCurveFigures;

/// Figures of a curve, n > 0. horizon: the generation up to which the area
/// is taken (>= gen[n-1]; e.g. the last generation of the longest run
/// compared, so areas are comparable). With use_threshold false, reach = -1.
/// The threshold is reached at y >= threshold, or y <= threshold when
/// lower_is_better.
alCurveFigures alCurve_Figures(const double *gen, const double *y, int n, double horizon,
                               bool use_threshold, double threshold, bool lower_is_better);

#endif
