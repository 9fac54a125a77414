/// error.h — result codes and the caller-owned error struct.
/// The core never prints and never exits: runtime failures (file, config,
/// database, memory) return a code and fill an alError whose message names
/// the file, line, key, bad value and allowed range. Programmer mistakes assert.
#ifndef ALIFE_ERROR_H
#define ALIFE_ERROR_H

typedef enum alResult {
    AL_OK = 0,       ///< success
    AL_ERR_CONFIG,   ///< bad config value, key, section or file syntax (exit 2)
    AL_ERR_USAGE,    ///< bad command-line use (exit 2)
    AL_ERR_IO,       ///< a file could not be read or written (exit 1)
    AL_ERR_DB,       ///< the run database failed or is not ours (exit 1 or 2)
    AL_ERR_NOMEM,    ///< out of memory (exit 1)
    AL_ERR_NOTFOUND, ///< a named thing (run id, font, module) does not exist (exit 2)
    AL_ERR_INTERRUPTED, ///< stopped by a signal; finished work was kept (exit 1)
} alResult;

/// One error message; owned by the caller, usually on its stack.
typedef struct alError {
    alResult code;
    char msg[1024];
} alError;

/// Fills err (may be NULL) with code and a printf-style message; returns code.
alResult alError_Set(alError *err, alResult code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/// A short English name of a result code ("config error", ...).
const char *alResult_Name(alResult code);

/// Exit status for a result: 0 ok, 2 usage/config/not-found, 1 otherwise.
int alResult_ExitCode(alResult code);

#endif
