// The [neat] section: every parameter of NEAT, with the defaults of the
// paper's XOR experiment (Stanley and Miikkulainen 2002, section 4.1):
// population 150, c1 = c2 = 1, c3 = 0.4, delta_t = 3, weights mutated in
// 80% of genomes (90% perturbed, 10% reset), a disabled gene stays disabled
// with 75%, 25% of offspring from mutation alone, interspecies mating 0.001,
// add node 0.03, add link 0.05, the sigmoid 1/(1+e^(-4.9x)), stagnation 15
// generations (and, when the population's best has not improved for 20, only
// the top two species reproduce), champions of species above five networks
// kept. The paper
// leaves the perturbation size and the survival fraction open; these are the
// values of its public C++ code (weight mutation power 2.5, survival 0.2).
#include <string.h>

#include "alife/neat.h"

static const alKeyDef neat_keys[] = {
    {"neat", "population", AL_TYPE_INT, "150", 2, AL_NEAT_MAX_POPULATION, NULL,
     "genomes per generation"},
    {"neat", "bias", AL_TYPE_BOOL, "true", 0, 0, NULL,
     "a bias node (always 1) wired to the outputs like an input"},
    {"neat", "recurrent", AL_TYPE_BOOL, "false", 0, 0, NULL,
     "allow cycles: each node reads its sources' previous values (memory); false: feed-forward"},
    {"neat", "c1", AL_TYPE_FLOAT, "1", 0, 1e6, NULL, "compatibility weight of excess genes"},
    {"neat", "c2", AL_TYPE_FLOAT, "1", 0, 1e6, NULL, "compatibility weight of disjoint genes"},
    {"neat", "c3", AL_TYPE_FLOAT, "0.4", 0, 1e6, NULL,
     "compatibility weight of the mean weight difference of matching genes"},
    {"neat", "threshold", AL_TYPE_FLOAT, "3", 1e-6, 1e6, NULL,
     "compatibility threshold delta_t: closer genomes share a species (the start value if targeting)"},
    {"neat", "target_species", AL_TYPE_INT, "0", 0, AL_NEAT_MAX_POPULATION, NULL,
     "dynamic threshold: move it each generation toward this many species (0: fixed threshold)"},
    {"neat", "threshold_step", AL_TYPE_FLOAT, "0.3", 0, 1e6, NULL,
     "dynamic threshold: change per generation (also its lowest value)"},
    {"neat", "normalize_min", AL_TYPE_INT, "20", 0, 1e9, NULL,
     "N = 1 in the distance when both genomes have fewer genes than this"},
    {"neat", "weight_mutate", AL_TYPE_FLOAT, "0.8", 0, 1, NULL,
     "probability that a genome's connection weights mutate"},
    {"neat", "weight_perturb", AL_TYPE_FLOAT, "0.9", 0, 1, NULL,
     "per weight of a mutating genome: perturbed with this probability, else given a new value"},
    {"neat", "weight_power", AL_TYPE_FLOAT, "2.5", 0, 1e6, NULL,
     "perturbation: a uniform change in +-weight_power"},
    {"neat", "weight_range", AL_TYPE_FLOAT, "2.5", 0, 1e6, NULL,
     "initial, new and reset weights: uniform in +-weight_range"},
    {"neat", "weight_max", AL_TYPE_FLOAT, "8", 1e-6, 1e9, NULL, "weights are clamped to +-weight_max"},
    {"neat", "add_node", AL_TYPE_FLOAT, "0.03", 0, 1, NULL,
     "probability of an add-node mutation (splits a connection: in-weight 1, out-weight the old)"},
    {"neat", "add_conn", AL_TYPE_FLOAT, "0.05", 0, 1, NULL,
     "probability of an add-connection mutation"},
    {"neat", "disable_inherit", AL_TYPE_FLOAT, "0.75", 0, 1, NULL,
     "a gene disabled in either parent is disabled in the child with this probability"},
    {"neat", "mutate_only", AL_TYPE_FLOAT, "0.25", 0, 1, NULL,
     "fraction of offspring made by mutation without crossover"},
    {"neat", "interspecies", AL_TYPE_FLOAT, "0.001", 0, 1, NULL,
     "probability that a crossover takes its mate from another species"},
    {"neat", "stagnation", AL_TYPE_INT, "15", 1, 1e9, NULL,
     "a species whose best has not improved for this many generations has no offspring"},
    {"neat", "population_stagnation", AL_TYPE_INT, "20", 0, 1e9, NULL,
     "when the population's best has not improved for this many generations only the two best "
     "species reproduce (0: never)"},
    {"neat", "elitism_min_size", AL_TYPE_INT, "5", 0, 1e9, NULL,
     "the champion of each species with more members than this is copied unchanged"},
    {"neat", "survival", AL_TYPE_FLOAT, "0.2", 1e-6, 1, NULL,
     "fraction of each species (its best) allowed to be parents"},
    {"neat", "sigmoid_slope", AL_TYPE_FLOAT, "4.9", 1e-6, 1e6, NULL,
     "activation 1 / (1 + exp(-slope x)) of hidden and output nodes"},
};

const alSchemaPart alNeatSchemaPart = {
    "xor ants pole", "neat", neat_keys, (int)(sizeof neat_keys / sizeof neat_keys[0]), NULL, 0,
};

// Every [neat] key lands in the alNeatDef member of its name.
#define N(member) AL_CONFIG_FIELD(alNeatDef, "neat." #member, member)
// clang-format off
static const alConfigField neat_fields[] = {
    N(population), N(bias), N(recurrent), N(c1), N(c2), N(c3), N(threshold), N(target_species),
    N(threshold_step), N(normalize_min), N(weight_mutate), N(weight_perturb), N(weight_power),
    N(weight_range), N(weight_max), N(add_node), N(add_conn), N(disable_inherit), N(mutate_only),
    N(interspecies), N(stagnation), N(population_stagnation), N(elitism_min_size), N(survival),
    N(sigmoid_slope), AL_CONFIG_FIELD(alNeatDef, "run.threads", threads),
};
// clang-format on

alResult alNeatDef_FromConfig(alNeatDef *d, const alConfig *cfg, alError *err)
{
    alConfig_ReadFields(cfg, d, neat_fields, (int)(sizeof neat_fields / sizeof neat_fields[0]));
    if (d->target_species > d->population)
        return alError_Set(err, AL_ERR_CONFIG,
                           "neat.target_species = %d: more species than genomes (allowed 0 .. "
                           "neat.population = %d)",
                           d->target_species, d->population);
    return AL_OK;
}
