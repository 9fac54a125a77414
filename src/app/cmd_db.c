// alife runs / show / export / compare: the commands that read the run
// database. This first version only lets the alife executable link; the
// real commands follow on this branch.
#include <stdio.h>

#include "cli.h"

static int not_yet(const char *cmd)
{
    fprintf(stderr, "alife %s: not implemented in this build yet\n", cmd);
    return 1;
}

int cmd_runs(int argc, char **argv) { return not_yet("runs"); }
int cmd_show(int argc, char **argv) { return not_yet("show"); }
int cmd_export(int argc, char **argv) { return not_yet("export"); }
