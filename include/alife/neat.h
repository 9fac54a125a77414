/// neat.h — NeuroEvolution of Augmenting Topologies.
///
/// NEAT as in Stanley and Miikkulainen, "Evolving Neural Networks through
/// Augmenting Topologies", Evolutionary Computation 10(2), 2002. A genome is
/// a list of node genes (inputs, an optional bias, outputs, hidden nodes) and
/// connection genes (in, out, weight, enabled, innovation number). Evolution
/// starts from the minimal network (every input and the bias wired to every
/// output) and grows it by two structural mutations:
///   - add connection: a new gene between two unconnected nodes, a random
///     weight (feed-forward runs never close a cycle);
///   - add node: an enabled connection in->out is disabled and replaced by
///     in->new (weight 1) and new->out (the old weight).
/// Innovation numbers are global: the same structural mutation made twice in
/// one generation (the same in->out link, or the same connection split) gets
/// the same innovation numbers (and the same new node id), so crossover can
/// line genomes up by innovation: matching genes are inherited from either
/// parent at random, disjoint and excess genes from the fitter parent (ties:
/// the one with fewer genes, then the first); a gene disabled in either parent
/// is disabled in the child with probability disable_inherit.
///
/// Speciation. Compatibility distance delta = c1 E / N + c2 D / N + c3 W,
/// with E excess and D disjoint genes, W the mean weight difference of
/// matching genes, N the gene count of the larger genome (1 when both have
/// fewer than normalize_min genes). Each genome joins the first species
/// whose representative (a random member of the previous generation) is
/// within threshold, else founds a new one. With target_species > 0 the
/// threshold moves by threshold_step each generation toward that many
/// species. Fitness is shared explicitly (adjusted fitness f / species
/// size); species get offspring in proportion to their summed adjusted
/// fitness; a species whose best has not improved for `stagnation`
/// generations gets none (unless it holds the population's best); when the
/// population's best has not improved for population_stagnation generations
/// (the paper's 20), only the two species with the best members reproduce,
/// half the offspring each, and both count as improved (the paper's
/// refocusing, as its code does it: the counter starts again); the
/// champion of every species with more than elitism_min_size members is
/// copied unchanged; parents come from the best `survival` fraction of their
/// species; a fraction mutate_only of the offspring come from mutation
/// alone, the rest from crossover, with a mate from another species with
/// probability interspecies.
///
/// Fitness is maximised (negative values are shifted for sharing). The
/// network (neat_network.c, alNeatNet) is feed-forward by default, or
/// recurrent (def.recurrent): every node reads the previous activation of
/// its sources, one step per activation.
///
/// Constructor convention of algorithm.h: alDefaultNeatDef(),
/// alCreateNeat(&def, seed, &out, &err), alDestroyNeat(). Ask and tell, or
/// alNeat_Step with a fitness callback evaluated in parallel.
///
/// Determinism. All draws come from one PCG32 stream (seed, def.stream),
/// drawn serially in Tell; activations use alDet_Exp; the same def and seed
/// give bit-identical genomes and statistics with any thread count.
///
/// Stored format of a genome (alNeatGenome_Encode/Decode), all integers
/// little-endian, doubles IEEE 754 binary64 little-endian:
///     offset 0   4 bytes  magic "NEAT"
///            4   u16      format version (1)
///            6   u16      flags: bit 0 recurrent
///            8   u32      node count K
///           12   u32      connection count M
///           16   K x 8    node genes: i32 id, u8 type (alNeatNodeType),
///                          u8 activation (0 = steepened sigmoid), u16 zero
///     16 + 8K    M x 24   connection genes: i32 innovation, i32 in node id,
///                          i32 out node id, u32 enabled (0 or 1),
///                          f64 weight
/// Nodes are stored in id order, connections in innovation order; the size
/// is 16 + 8K + 24M bytes. Decoding checks every field and returns
/// AL_ERR_CONFIG naming the first bad one.
///
/// Thread rules. An alNeat is used by one thread at a time; its candidates
/// are read-only between Ask and Tell and may be evaluated concurrently.
#ifndef ALIFE_NEAT_H
#define ALIFE_NEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/algorithm.h"
#include "alife/config.h"
#include "alife/error.h"
#include "alife/module.h"
#include "alife/rng.h"

typedef enum alNeatNodeType {
    AL_NEAT_INPUT = 0,
    AL_NEAT_BIAS = 1,   ///< always outputs 1
    AL_NEAT_OUTPUT = 2,
    AL_NEAT_HIDDEN = 3,
} alNeatNodeType;

enum {
    AL_NEAT_MAX_IO = 4096,       ///< largest number of inputs or outputs
    AL_NEAT_MAX_POPULATION = 1 << 20,
    AL_NEAT_GENOME_HEADER = 16,  ///< bytes before the node genes
    AL_NEAT_NODE_BYTES = 8,
    AL_NEAT_CONN_BYTES = 24,
};

typedef struct alNeatNode {
    int32_t id;   ///< inputs 0..I-1, bias I (if any), outputs next, hidden after
    uint8_t type; ///< alNeatNodeType
} alNeatNode;

typedef struct alNeatConn {
    int32_t innovation;
    int32_t in, out; ///< node ids
    double weight;
    bool enabled;
} alNeatConn;

/// A genome: nodes sorted by id, connections sorted by innovation. Owns its
/// arrays (alNeatGenome_Free); a genome handed out by an alNeat is read-only.
typedef struct alNeatGenome {
    int node_count, conn_count;
    int node_cap, conn_cap;
    alNeatNode *nodes;
    alNeatConn *conns;
    int inputs, outputs; ///< counts of input and output nodes
    bool bias;
} alNeatGenome;

/// fitness of genome g; called concurrently from workers: pure, thread-safe.
typedef double (*alNeatFitnessFn)(const alNeatGenome *g, void *ctx);

/// Everything that defines a NEAT run; the defaults are the paper's XOR
/// settings. A value, copied by alCreateNeat, never kept.
typedef struct alNeatDef {
    int inputs;          ///< network inputs, 1 .. AL_NEAT_MAX_IO (default 2)
    int outputs;         ///< network outputs, 1 .. AL_NEAT_MAX_IO (default 1)
    bool bias;           ///< a bias node always at 1, wired like an input (default true)
    bool recurrent;      ///< allow cycles; activation is one step per call (default false)
    int population;      ///< genomes per generation, 2 .. AL_NEAT_MAX_POPULATION (default 150)
    double c1, c2, c3;   ///< distance weights: excess, disjoint, weight difference (1, 1, 0.4)
    double threshold;    ///< compatibility threshold delta_t, > 0 (default 3)
    int target_species;  ///< > 0: move the threshold toward this many species (default 0: fixed)
    double threshold_step; ///< threshold change per generation when targeting (default 0.3)
    int normalize_min;   ///< N = 1 when both genomes have fewer genes (default 20)
    double weight_mutate; ///< probability a genome's weights mutate (default 0.8)
    double weight_perturb; ///< per-gene: perturbed with this probability, else reset (default 0.9)
    double weight_power; ///< perturbation: uniform in +-weight_power (default 2.5)
    double weight_range; ///< new and reset weights: uniform in +-weight_range (default 2.5)
    double weight_max;   ///< weights are clamped to +-weight_max (default 8)
    double add_node;     ///< probability of an add-node mutation (default 0.03)
    double add_conn;     ///< probability of an add-connection mutation (default 0.05)
    double disable_inherit; ///< gene disabled in a parent stays disabled (default 0.75)
    double mutate_only;  ///< offspring made by mutation without crossover (default 0.25)
    double interspecies; ///< crossover with a mate from another species (default 0.001)
    int stagnation;      ///< generations without improvement before a species stops (default 15)
    int population_stagnation; ///< generations without a better population best before only the
                               ///< top two species reproduce (default 20; 0: never)
    int elitism_min_size; ///< champions of species larger than this are kept (default 5)
    bool keep_champion;  ///< the population's best is kept whatever its species' size (default true)
    double survival;     ///< fraction of each species that may breed, (0, 1] (default 0.2)
    double sigmoid_slope; ///< activation 1 / (1 + exp(-slope x)) (default 4.9)

    bool has_target;          ///< stop when the best reaches target (default false)
    double target;
    int64_t max_generations;  ///< 0 = never (default 0)
    int64_t max_evaluations;  ///< 0 = never (default 0)

    alNeatFitnessFn fitness;  ///< for alNeat_Step; NULL: ask and tell only
    void *fitness_ctx;
    int threads;              ///< evaluation workers for Step, 0 = automatic; results never depend on it
    uint64_t stream;          ///< random stream id (default 0x4ea7)
} alNeatDef;

alNeatDef alDefaultNeatDef(void);
/// Checks a def: AL_ERR_CONFIG naming the field (after prefix, e.g. "neat."),
/// the bad value and the allowed range.
alResult alNeatDef_Validate(const alNeatDef *def, const char *prefix, alError *err);
/// Reads the [neat] keys of cfg into def (inputs and outputs are the task's).
alResult alNeatDef_FromConfig(alNeatDef *def, const alConfig *cfg, alError *err);

typedef struct alNeat alNeat;

/// Creates a run: the minimal population, speciated; AL_ERR_CONFIG for a bad
/// def (e.g. "neat.inputs = 0: a network needs at least one input (allowed 1 ..
/// 4096)"), AL_ERR_NOMEM. *out is NULL on failure.
alResult alCreateNeat(const alNeatDef *def, uint64_t seed, alNeat **out, alError *err);
void alDestroyNeat(alNeat *neat);

/// The current generation's size (population).
int alNeat_Ask(alNeat *neat);
/// Genome i of the current generation; valid until the next Tell.
const alNeatGenome *alNeat_Candidate(const alNeat *neat, int i);
/// Closes the generation with one fitness per genome (maximised), speciates,
/// reproduces; returns why to stop.
alAlgoStop alNeat_Tell(alNeat *neat, const double *fitness);
/// Ask, evaluate with def.fitness on def.threads workers, Tell.
alAlgoStop alNeat_Step(alNeat *neat);

/// best/mean/worst/stddev of the last told generation, evaluations, and
/// figures "species", "threshold", "best_nodes", "best_conns" and "breeding"
/// (species given offspring for the next generation: 2 or 1 when refocused).
bool alNeat_LastStats(const alNeat *neat, alGenStats *out);
const alNeatGenome *alNeat_BestEver(const alNeat *neat, double *fitness);
/// The best genome of the last told generation (NULL before the first Tell).
const alNeatGenome *alNeat_LastBest(const alNeat *neat, double *fitness);
int64_t alNeat_Generation(const alNeat *neat);
int64_t alNeat_Evaluations(const alNeat *neat);
/// Species of the current generation, and the species index of genome i.
int alNeat_SpeciesCount(const alNeat *neat);
int alNeat_SpeciesOf(const alNeat *neat, int i);
double alNeat_Threshold(const alNeat *neat);
/// Next innovation number and node id to be handed out.
int32_t alNeat_NextInnovation(const alNeat *neat);
const alNeatDef *alNeat_Def(const alNeat *neat);

alAlgorithm alNeat_Algorithm(alNeat *neat);
extern const alAlgorithmClass alNeatClass;

// ---- genomes (neat_genome.c) ----------------------------------------------

/// Frees the arrays (the struct itself is the caller's); zeroes it.
void alNeatGenome_Free(alNeatGenome *g);
/// dst = src (dst's arrays reused or grown). AL_ERR_NOMEM on failure.
alResult alNeatGenome_Copy(alNeatGenome *dst, const alNeatGenome *src);
/// Index of node id in g, or -1.
int alNeatGenome_FindNode(const alNeatGenome *g, int32_t id);
/// Compatibility distance (see above); fills excess, disjoint, mean weight
/// difference when not NULL.
double alNeatGenome_Distance(const alNeatGenome *a, const alNeatGenome *b, double c1, double c2,
                             double c3, int normalize_min, int *excess, int *disjoint,
                             double *weight_diff);
/// Crossover aligned by innovation number: the child gets the fitter
/// parent's genes (ties: the one with fewer connections, then p1), each
/// matching gene's weight from either parent with probability 1/2, and a
/// gene disabled in either parent disabled with probability disable_inherit
/// (else enabled). Draws from rng. AL_ERR_NOMEM on failure.
alResult alNeatGenome_Crossover(alNeatGenome *child, const alNeatGenome *p1, double f1,
                                const alNeatGenome *p2, double f2, double disable_inherit,
                                alRng *rng);
/// Encoded size in bytes.
size_t alNeatGenome_EncodedSize(const alNeatGenome *g);
/// Writes the stored format into buf (cap >= EncodedSize); returns bytes written or 0.
size_t alNeatGenome_Encode(const alNeatGenome *g, bool recurrent, uint8_t *buf, size_t cap);
/// Reads the stored format into g (g zeroed or previously used); *recurrent may be NULL.
alResult alNeatGenome_Decode(alNeatGenome *g, bool *recurrent, const uint8_t *buf, size_t bytes,
                             alError *err);

// ---- the network (neat_network.c) -----------------------------------------

/// A genome compiled for activation. Zero it before first use; Build reuses
/// its arrays; alNeatNet_Free releases them.
typedef struct alNeatNet {
    int node_count, inputs, outputs;
    bool bias, recurrent;
    double slope;
    int *order;      ///< node indices to evaluate, in order
    int order_count;
    int *in_start;   ///< per node: its incoming links in [in_start[i], in_start[i+1])
    int *in_node;
    double *in_weight;
    double *value, *prev;
    int *out_index;  ///< node index of each output
    int cap_nodes, cap_links;
} alNeatNet;

/// Compiles g (enabled connections only). Feed-forward: nodes in
/// topological order, a node with no path from the inputs outputs
/// sigmoid(0); a cycle is AL_ERR_CONFIG. Recurrent: all nodes every step.
alResult alNeatNet_Build(alNeatNet *net, const alNeatGenome *g, bool recurrent, double slope,
                         alError *err);
/// Sets the state to 0 (recurrent memory).
void alNeatNet_Reset(alNeatNet *net);
/// in: net->inputs values; out: net->outputs values.
void alNeatNet_Activate(alNeatNet *net, const double *in, double *out);
void alNeatNet_Free(alNeatNet *net);
/// The steepened sigmoid 1 / (1 + exp(-slope x)), with alDet_Exp.
double alNeat_Sigmoid(double x, double slope);

#endif
