// al_compare_plot in a build configured without the GUI (-DALIFE_GUI=OFF):
// the plot is drawn with the GUI's drawing code, so there is none.
#ifndef ALIFE_HAVE_GUI
#include "compare_plot.h"

alResult al_compare_plot(const al_compare_model *m, const char *path, alError *err)
{
    return alError_Set(err, AL_ERR_USAGE,
                       "--plot %s: this build has no GUI, which draws the plot (configured with "
                       "-DALIFE_GUI=OFF); use --csv and plot elsewhere, or rebuild with SDL2",
                       path);
}
#else
typedef int al_compare_plot_is_in_gui; // ISO C wants a translation unit to declare something
#endif
