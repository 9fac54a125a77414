// compare_plot.h — the compare plot as a PNG: one line per run, or per group
// the mean curve with its 95% confidence band; axes, labels and a legend.
// Drawn with the GUI's own plot code (SDL software renderer + png_write), so
// it needs a build with the GUI.
#ifndef ALIFE_APP_COMPARE_PLOT_H
#define ALIFE_APP_COMPARE_PLOT_H

#include "alife/error.h"
#include "compare_model.h"

/// Writes the plot of m to path (PNG, 1200x760). AL_ERR_IO if the file cannot
/// be written, AL_ERR_USAGE in a build without the GUI.
alResult al_compare_plot(const al_compare_model *m, const char *path, alError *err);

#endif
