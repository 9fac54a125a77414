// brain_file.h — one ant's brain in a file: `alife export RUN --genome GEN
// --out FILE` writes the best ant of a stored generation with what replays
// it exactly (the run's resolved config, seed, generation, and the
// generation as the run database stores it); `alife gui --brain FILE` opens
// the ants window replaying it.
//
// The file is text (version 2):
//   # comments: what it holds, how to replay it
//   alife-brain 2
//   module ants
//   algorithm ga | cmaes | neat      (run.algorithm: how to read the genomes)
//   world own | shared               (ants.world)
//   run UUID / seed S / generation G / fitness F (the best ant's, as logged)
//   stored BYTES                     then the bytes as hex, 64 digits a line:
//       the generation's stored blob, byte for byte (ants.h). Own worlds:
//       the best genome alone; shared: the best genome, then every ant's
//       genome in ant order (the world it was scored in is the whole
//       population: exact replay needs them all). A genome is a weight
//       vector (ga, cmaes: alNN_WeightCount float32, little-endian) or a
//       NEAT genome in neat.h's documented stored format.
//   config                           then the run's INI text to the end.
// Version 1 files (weights N, then N hex floats: one weight vector) still
// load; they replay only in own worlds.
#ifndef ALIFE_APP_BRAIN_FILE_H
#define ALIFE_APP_BRAIN_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "alife/error.h"

typedef struct al_brain {
    char module[16]; ///< "ants"
    char algorithm[16]; ///< "ga", "cmaes", "neat" ("" in version 1 files)
    char world[16];  ///< "own", "shared" ("" in version 1 files)
    char run_uuid[64];
    uint64_t seed;
    int64_t gen;
    double fitness;  ///< the logged fitness of the best ant
    unsigned char *stored; ///< the generation's stored blob (owned)
    size_t size;     ///< its bytes
    int genomes;     ///< genomes in it (1 own; 1 + ants.count shared)
    int weights;     ///< weights of one genome (0 for NEAT)
    int nodes, conns; ///< NEAT: the best genome's node and connection genes
    char *config;    ///< the run's resolved config, INI text (owned)
} al_brain;

/// Writes the best ant of generation gen (-1: the last stored) of run ref
/// in db to path (written beside, then renamed), after checking that the
/// stored blob replays under the run's config. AL_ERR_NOTFOUND for no such
/// run or generation; AL_ERR_USAGE for a run whose module has no brains;
/// AL_ERR_CONFIG for a stored blob that does not fit its run's config.
alResult al_brain_export(const char *db, const char *ref, int64_t gen, const char *path,
                         al_brain *out_info, alError *err);
/// Reads a brain file; errors name the file and line. A file that cannot
/// be opened is a usage error (AL_ERR_USAGE), as a missing config is.
alResult al_brain_load(const char *path, al_brain *b, alError *err);
void al_brain_free(al_brain *b);

#endif
