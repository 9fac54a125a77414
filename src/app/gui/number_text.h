// Numbers as the panel writes them: table cells and plot tick labels.
#ifndef ALIFE_GUI_NUMBER_TEXT_H
#define ALIFE_GUI_NUMBER_TEXT_H
#include <stddef.h>

/// A table cell: a whole number as such up to ten digits (the pole's 100000
/// steps, not "1e+05"), a fraction of 10000 or more rounded to a whole one
/// ("10650", not "1.065e+04"), anything else to four significant digits.
/// Returns buf.
const char *al_number_cell(char *buf, size_t cap, double v);

/// A plot tick label for v on an axis whose ticks are step apart. The unit
/// comes from the step, so one axis has one format: ticks 10000 or more apart
/// read in k (50000 is "50k" beside "100k"), 500000 or more in M ("2.5M");
/// small steps get the decimals they need.
void al_number_tick(char *buf, size_t cap, double v, double step);

#endif
