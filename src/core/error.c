#include "alife/error.h"

#include <stdarg.h>
#include <stdio.h>

alResult alError_Set(alError *err, alResult code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *alResult_Name(alResult code)
{
    switch (code) {
    case AL_OK: return "ok";
    case AL_ERR_CONFIG: return "config error";
    case AL_ERR_USAGE: return "usage error";
    case AL_ERR_IO: return "i/o error";
    case AL_ERR_DB: return "database error";
    case AL_ERR_NOMEM: return "out of memory";
    case AL_ERR_NOTFOUND: return "not found";
    case AL_ERR_INTERRUPTED: return "interrupted";
    }
    return "unknown error";
}

int alResult_ExitCode(alResult code)
{
    switch (code) {
    case AL_OK: return 0;
    case AL_ERR_CONFIG:
    case AL_ERR_USAGE:
    case AL_ERR_NOTFOUND: return 2;
    default: return 1;
    }
}
