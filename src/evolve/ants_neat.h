// The ants' NEAT brains (run.algorithm = neat), a separate path beside the
// fixed-topology forward pass: each ant's genome compiled into its own
// alNeatNet, the think pass of a chunk of ants, and the stored blob of a
// generation (see "NEAT brains" in alife/ants.h for its format).
#ifndef ALIFE_ANTS_NEAT_H
#define ALIFE_ANTS_NEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alife/error.h"
#include "alife/neat.h"

typedef struct ants_neat {
    int n;                   // ants
    int inputs;              // sensor values fed in (brain.sizes[0])
    bool recurrent;
    double slope;
    const alNeatGenome **g;  // ant a's genome: the algorithm's candidate, or own + a
    alNeatGenome *own;       // a replay's genomes (n of them), else NULL
    alNeatNet *net;          // one per ant: think writes only its own ants' nets
    uint8_t *blob;           // the last generation's stored blob
    size_t blob_n, blob_cap;
} ants_neat;

/// Room for n ants (replay: own copies of their genomes). False: out of memory.
bool ants_neat_alloc(ants_neat *b, int n, bool replay, int inputs, bool recurrent, double slope);
void ants_neat_free(ants_neat *b);
/// Ant a's brain becomes genome g (borrowed until the next set; a replay
/// copies it) compiled afresh, its state zero.
alResult ants_neat_set(ants_neat *b, int a, const alNeatGenome *g, alError *err);
/// One think step for ants a0 .. a1-1: sensor[i][a - a0] is their input i;
/// o0, o1 (lanes 0 .. lanes-1) receive the left and right track in [0, 1]
/// (lanes past a1 - a0 receive 0).
void ants_neat_think(ants_neat *b, int a0, int a1, int lanes, const float *const *sensor, float *o0,
                     float *o1);
/// Stores the blob of a generation: genome best, then (all) every ant's in
/// ant order. False: out of memory (the blob is then empty).
bool ants_neat_store(ants_neat *b, int best, bool all);
/// Splits a stored blob into count genomes (out[0 .. count-1], zeroed or
/// used before): AL_ERR_CONFIG when it does not hold exactly count genomes.
alResult ants_neat_split(const void *bytes, size_t size, int count, alNeatGenome *out,
                         int64_t gen, alError *err);

#endif
