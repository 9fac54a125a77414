// sweep_shard.h — `alife sweep --shard K/N`: one deterministic N-th of a
// sweep's cells, for Slurm job arrays (one database per shard, joined by
// `alife db merge` at the end).
//
// The cells of a sweep are enumerated in a stable order, group first (the
// cross product, first axis varying slowest) then seed in the order --seeds
// lists them: cell i = group * nseeds + seed_index. Shard K of N (1 <= K <=
// N) holds the cells with i % N == K - 1, so every cell is in exactly one
// shard and the shards differ in size by at most one cell.
#ifndef ALIFE_APP_SWEEP_SHARD_H
#define ALIFE_APP_SWEEP_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// A shard: k of n, 1-based; {1, 1} is the whole sweep.
typedef struct al_shard {
    int64_t k, n;
    char source[96]; ///< where it came from: "--shard 2/3", "SLURM_ARRAY_TASK_ID=..."
} al_shard;

/// The whole sweep (shard 1 of 1).
al_shard al_shard_all(void);
/// Parses "K/N" (whole numbers, 1 <= K <= N <= 1000000) into *out; false with
/// a message in msg (e.g. "'0/3': K must be 1..3") when it is not one.
bool al_shard_parse(const char *spec, al_shard *out, char *msg, size_t cap);
/// The shard Slurm gives a job array's task: SLURM_ARRAY_TASK_ID minus
/// SLURM_ARRAY_TASK_MIN (0 when unset) plus 1, of SLURM_ARRAY_TASK_COUNT.
/// Returns 0 when SLURM_ARRAY_TASK_ID is not set (not an array task), 1 with
/// *out filled, -1 with a message in msg when the variables do not make a
/// shard (a count missing, an id outside MIN..MIN+COUNT-1, e.g. an array
/// --array=1-10:2 with a step, whose ids are not consecutive).
int al_shard_from_env(al_shard *out, char *msg, size_t cap);
/// True when cell index i (see above) belongs to the shard.
bool al_shard_has(const al_shard *s, size_t i);

#endif
