// The [ga] section: the GA engine's operators, shared by every evolving
// module ("estrings ants"). The defaults suit EStrings: tuned by a sweep of
// population, tournament size, mutation rate, creep, elites and crossover
// for the fewest evaluations to solve "Hello, World!" (median 1,564 over
// seeds 1..100; roulette needs 5,260, rank 2,389, reset mutation 9,484,
// one-point crossover 2,202). Strong selection with uniform crossover works
// because the error is a sum over characters: good characters from
// different parents combine. The ants part overrides the ones Smart
// Sweepers sets differently.
#include "alife/config.h"

static const alKeyDef ga_keys[] = {
    {"ga", "selection", AL_TYPE_ENUM, "tournament", 0, 0, "roulette|tournament|rank|truncation",
     "how parents are picked: by fitness share, best of k, by rank, or from the best fraction"},
    {"ga", "tournament_k", AL_TYPE_INT, "6", 1, 1000000, NULL,
     "tournament: individuals drawn per pick, the best wins (more = stronger pressure)"},
    {"ga", "truncation", AL_TYPE_FLOAT, "0.5", 0.001, 1, NULL,
     "truncation: fraction of the best that may breed"},
    {"ga", "crossover", AL_TYPE_ENUM, "uniform", 0, 0, "one_point|two_point|uniform",
     "how two parents are mixed: one cut, a swapped middle segment, or gene by gene"},
    {"ga", "crossover_rate", AL_TYPE_FLOAT, "1", 0, 1, NULL,
     "probability that a pair of parents is crossed (else the children are copies)"},
    {"ga", "mutation", AL_TYPE_ENUM, "creep", 0, 0, "reset|creep|gaussian|uniform",
     "per-gene mutation: strings reset|creep, float genomes gaussian|uniform"},
    {"ga", "mutation_rate", AL_TYPE_FLOAT, "0.08", 0, 1, NULL,
     "probability that each gene of a child mutates"},
    {"ga", "creep", AL_TYPE_INT, "4", 1, 255, NULL,
     "creep: largest step along the alphabet (wraps around, so every symbol is reachable)"},
    {"ga", "max_perturbation", AL_TYPE_FLOAT, "0.3", 1e-6, 1e6, NULL,
     "gaussian/uniform: largest change of a float gene in one mutation"},
    {"ga", "elites", AL_TYPE_INT, "2", 0, 1000000, NULL,
     "best individuals copied unchanged into the next generation"},
    {"ga", "elite_copies", AL_TYPE_INT, "1", 1, 1000000, NULL,
     "copies of each elite (elites x copies must stay below the population)"},
    {"ga", "stall_generations", AL_TYPE_INT, "0", 0, 1e9, NULL,
     "stop after this many generations without a new best (0: never)"},
};

const alSchemaPart alGaSchemaPart = {
    "estrings ants pole", "ga", ga_keys, (int)(sizeof ga_keys / sizeof ga_keys[0]), NULL, 0,
};
