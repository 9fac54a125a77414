// gui and screenshot in a build configured without the GUI (-DALIFE_GUI=OFF).
#ifndef ALIFE_HAVE_GUI
#include <stdio.h>

#include "cli.h"

static int no_gui(const char *cmd)
{
    fprintf(stderr,
            "alife %s: this build has no GUI (configured with -DALIFE_GUI=OFF); "
            "rebuild with SDL2 and SDL2_ttf, or use 'alife run'\n",
            cmd);
    return 1;
}

int cmd_gui(int argc, char **argv) { return no_gui("gui"); }
int cmd_screenshot(int argc, char **argv) { return no_gui("screenshot"); }
#else
typedef int al_gui_is_built; // ISO C wants a translation unit to declare something
#endif
