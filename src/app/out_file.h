// out_file.h — an output file written whole or not at all (export, compare
// --csv and --plot, brain files).
#ifndef ALIFE_APP_OUT_FILE_H
#define ALIFE_APP_OUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct al_out_file {
    FILE *f;          ///< write here
    const char *path; ///< the target (not copied: keep it alive until al_out_close)
    char *tmp;        ///< the file beside it, renamed over path at the end (NULL: written through)
} al_out_file;

/// Opens path for writing (mode "w" or "wb"). A regular file, or one not there
/// yet, is written beside it (PATH.tmpPID) and renamed over it by
/// al_out_close, so path holds the old content or the whole new one; a
/// device, a pipe or a link to one is written through, since a rename would
/// replace the node itself (as root, /dev/full). False, errno set, when it
/// cannot be opened.
bool al_out_open(al_out_file *o, const char *path, const char *mode);
/// Ends the output: with ok and no write error the file is in place (true);
/// otherwise the file beside is removed, path is left as it was, and false
/// comes back with errno set (0 when only ok was false).
bool al_out_close(al_out_file *o, bool ok);

#endif
