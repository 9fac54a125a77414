// compare_series.h — a compare model as plot series, for the PNG of
// `alife compare --plot` and the GUI's compare view alike.
#ifndef ALIFE_GUI_COMPARE_SERIES_H
#define ALIFE_GUI_COMPARE_SERIES_H

#include "compare_model.h"
#include "plot.h"

/// Fills se[g] and bands[g] for every group g of m over generations
/// 0..npts-1: grouped, the group's mean with its 95% band (runs held at their
/// last value); per run, the run's own curve, ending where the run ended.
/// Colours al_compare_colour(colour0 + g). buf: 3 * npts doubles per group;
/// names: one 300-byte label per group (the series point into buf and names).
void al_compare_fill_series(const al_compare_model *m, int npts, int colour0, al_series *se,
                            al_band *bands, double *buf, char (*names)[300]);

#endif
