#include "number_text.h"

#include <math.h>
#include <stdio.h>

const char *al_number_cell(char *buf, size_t cap, double v)
{
    // A fraction of 10000 or more is rounded to a whole number: "%.4g"
    // wrote 10650.3 as "1.065e+04" beside a best of "9512" (trial8).
    if ((v == floor(v) || fabs(v) >= 1e4) && fabs(v) < 1e10)
        snprintf(buf, cap, "%.0f", v);
    else
        snprintf(buf, cap, "%.4g", v);
    return buf;
}

void al_number_tick(char *buf, size_t cap, double v, double step)
{
    if (fabs(v) < step * 1e-6) v = 0.0; // no "-0" or 1e-17 at the origin
    double a = fabs(v);
    // The unit follows the step, which every tick of an axis shares, not the
    // value: one axis never mixes "50000" with "100k" (trial, issue 10).
    if (v == 0.0 && step >= 1e4)
        snprintf(buf, cap, "0");
    else if (step >= 5e5)
        snprintf(buf, cap, "%.3gM", v / 1e6);
    else if (step >= 1e4)
        snprintf(buf, cap, "%.4gk", v / 1e3);
    else if (a > 0 && a < 1e-3)
        snprintf(buf, cap, "%.2g", v);
    else if (step >= 1.0)
        snprintf(buf, cap, "%.0f", v);
    else if (step >= 0.1)
        snprintf(buf, cap, "%.1f", v);
    else if (step >= 0.01)
        snprintf(buf, cap, "%.2f", v);
    else
        snprintf(buf, cap, "%.3f", v);
}
