// Output files (see out_file.h).
#include "out_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool al_out_open(al_out_file *o, const char *path, const char *mode)
{
    o->path = path;
    o->tmp = NULL;
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        o->f = fopen(path, mode);
        return o->f != NULL;
    }
    size_t n = strlen(path) + 32;
    o->tmp = malloc(n);
    if (!o->tmp) {
        errno = ENOMEM;
        o->f = NULL;
        return false;
    }
    snprintf(o->tmp, n, "%s.tmp%ld", path, (long)getpid());
    o->f = fopen(o->tmp, mode);
    if (!o->f) {
        int saved = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = saved;
        return false;
    }
    return true;
}

bool al_out_close(al_out_file *o, bool ok)
{
    int saved = 0;
    if (o->f && ferror(o->f)) {
        saved = errno ? errno : EIO;
        ok = false;
    }
    if (o->f && fclose(o->f) != 0) {
        if (ok) saved = errno;
        ok = false;
    }
    o->f = NULL;
    if (ok && o->tmp && rename(o->tmp, o->path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok && o->tmp) remove(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    errno = ok ? 0 : saved;
    return ok;
}
