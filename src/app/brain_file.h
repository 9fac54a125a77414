// brain_file.h — one ant's brain in a file: `alife export RUN --genome GEN
// --out FILE` writes the best genome of a stored generation with what
// replays it exactly (the run's resolved config, seed and generation);
// `alife gui --brain FILE` opens the ants window replaying it.
//
// The file is text: a header of "key value" lines, the weights one per line
// as C99 hex floats (exact), then "config" and the run's INI text.
#ifndef ALIFE_APP_BRAIN_FILE_H
#define ALIFE_APP_BRAIN_FILE_H

#include <stdint.h>

#include "alife/error.h"

typedef struct al_brain {
    char module[16]; ///< "ants"
    char run_uuid[64];
    uint64_t seed;
    int64_t gen;
    double fitness; ///< the logged fitness of this genome
    int n;          ///< weights
    float *w;       ///< owned
    char *config;   ///< the run's resolved config, INI text (owned)
} al_brain;

/// Writes the best genome of generation gen (-1: the last stored) of run ref
/// in db to path (written beside, then renamed). AL_ERR_NOTFOUND for no such
/// run or generation; AL_ERR_USAGE for a run whose module has no brains.
alResult al_brain_export(const char *db, const char *ref, int64_t gen, const char *path,
                         al_brain *out_info, alError *err);
/// Reads a brain file; errors name the file and line.
alResult al_brain_load(const char *path, al_brain *b, alError *err);
void al_brain_free(al_brain *b);

#endif
