// sweep_mpi.h — `mpirun -np N alife sweep ...`: the same cross product as the
// local sweep, run by MPI ranks (built with -DALIFE_MPI=ON; see
// docs/cluster.md).
//
// Rank 0 coordinates and is the only process that touches SQLite: it lists
// the cells the database already holds finished, hands the others out one at
// a time to whichever worker is free, begins each cell's run in the
// database, and writes the generation rows the workers send it (batched into
// the run log's transactions). A worker runs a cell in-process through the
// same session code `alife run` uses (with no database), and sends each
// finished generation to rank 0; so every cell's statistics are bit for bit
// those of `alife run` and of the local sweep (run.threads=1 unless --set).
//
// Messages are plain bytes (MPI_BYTE) in this binary's native layout: every
// rank must run the same alife build (a homogeneous cluster).
#ifndef ALIFE_APP_SWEEP_MPI_H
#define ALIFE_APP_SWEEP_MPI_H

#include <stdbool.h>
#include <stdint.h>

#include "options.h"
#include "sweep_shard.h"

/// One group of the sweep: its run.group label and its "key=value"s.
typedef struct al_sweep_group {
    const char *label;
    char *const *sets;
    int nsets;
} al_sweep_group;

/// Everything a rank needs to run a sweep's cells; every rank builds the same
/// plan from the same command line. Borrowed, not kept.
typedef struct al_sweep_plan {
    const char *config;         ///< the config file
    const char *db;             ///< the database (rank 0's disk)
    const char *sweep_id;       ///< run.sweep
    const char *gens;           ///< --generations, or NULL
    const al_sets *fixed;       ///< overrides with one value
    const al_sweep_group *groups;
    int ngroups;
    const int64_t *seeds;
    int nseeds;
    const al_shard *shard;      ///< the cells of this plan (al_shard_all: every cell)
    bool threads_set;           ///< run.threads given with --set (else 1 per rank)
    bool dry;                   ///< --dry-run: rank 0 prints the plan
} al_sweep_plan;

/// True in a build with -DALIFE_MPI=ON.
bool al_sweep_mpi_built(void);
/// True when this process is one of several ranks of an MPI job (Open MPI's
/// mpirun, Slurm's srun, MPICH), from the environment the launcher sets.
bool al_sweep_mpi_launched(void);
/// Runs the plan as one rank of the job; returns the exit status (rank 0: 0
/// every cell finished, 1 a cell failed or the sweep was stopped, 2 usage or
/// database error; workers: 0, or 1 when they could not take part). In a
/// build without MPI it says so and returns 2.
int al_sweep_mpi(const al_sweep_plan *plan);

#endif
