/// ga.h — the genetic-algorithm engine shared by EStrings and the ants.
///
/// A population of fixed-length genomes of bytes (EStrings) or floats (ant
/// brains), bred generation after generation by selection, crossover,
/// per-gene mutation and elitism. One GA, two ways to give it fitness:
///
///   1. A callback (def.fitness): alGa_Step() evaluates every new individual
///      with it, in parallel (OpenMP), then breeds the next generation.
///
///          alGa *ga = NULL;
///          if (alCreateGa(&def, seed, &ga, &err) != AL_OK) ...;
///          while (alGa_Step(ga) == AL_GA_RUNNING) {}
///
///   2. Set externally (def.fitness == NULL): the caller reads the current
///      population (alGa_Floats/alGa_Bytes), computes each fitness itself
///      (e.g. by simulating ants), stores it with alGa_SetFitness() and then
///      calls alGa_Epoch(), which records the statistics and breeds.
///
///          for (int i = 0; i < alGa_Size(ga); ++i)
///              alGa_SetFitness(ga, i, simulate(alGa_Floats(ga, i)));
///          alGaStop why = alGa_Epoch(ga);
///
/// Generations. The population right after alCreateGa is generation 0,
/// randomly initialised and not yet evaluated. alGa_Epoch() closes the
/// current generation g (statistics, best, stop check) and replaces the
/// population by generation g+1. The evaluated generation g stays readable
/// through alGa_Last*() / alGa_Top() until the next epoch. In generation g+1
/// the elite copies come first (indices 0 .. elites*elite_copies-1) and carry
/// their parents' fitness; the other individuals are new and unevaluated.
///
/// Determinism. Every random draw comes from PCG32 streams derived from
/// (seed, def.stream, generation, block of children): the same def and seed
/// give bit-identical populations and statistics with any thread count.
/// Ties in fitness are broken by the lower index (best, elites, alGa_Top,
/// rank and truncation order); in a tournament the first drawn wins a tie.
///
/// Fitness sense. def.minimise = true means fitness is an error (lower is
/// better, 0 = solved for EStrings); otherwise higher is better. Every
/// "best"/"worst" below follows that sense.
///
/// Roulette and negative fitness (the stated rule). Roulette selects in
/// proportion to a weight w_i >= 0. Maximising: w_i = f_i when every f_i >= 0;
/// when some f_i < 0, by default (AL_GA_NEGATIVE_SHIFT) all are shifted,
/// w_i = f_i - f_min, so the worst gets weight 0 and order is kept; with
/// AL_GA_NEGATIVE_REFUSE alGa_Epoch refuses instead (AL_GA_ERROR, message in
/// alGa_Error). Minimising: w_i = f_max - f_i (the worst gets 0). When every
/// weight is 0 (all fitness equal), selection is uniform.
///
/// Thread rules. An alGa is used by one thread at a time; it runs its own
/// OpenMP workers inside alGa_Step/alGa_Evaluate/alGa_Epoch. The fitness
/// callback is called concurrently from those workers and must be a pure
/// function of the genome (and read-only ctx).
#ifndef ALIFE_GA_H
#define ALIFE_GA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/algorithm.h"
#include "alife/config.h"
#include "alife/error.h"

/// What a gene is.
typedef enum alGenomeType {
    AL_GENOME_BYTES = 0,  ///< uint8_t genes drawn from def.alphabet (EStrings)
    AL_GENOME_FLOATS = 1, ///< float genes (network weights for the ants)
} alGenomeType;

/// How parents are chosen.
typedef enum alSelection {
    AL_SELECT_ROULETTE = 0, ///< fitness-proportionate (rule for negatives above)
    /// best of tournament_k uniform draws (with replacement); ties: the first drawn
    AL_SELECT_TOURNAMENT = 1,
    AL_SELECT_RANK = 2,       ///< linear ranking: weight n for the best .. 1 for the worst
    AL_SELECT_TRUNCATION = 3, ///< uniform among the best `truncation` fraction
} alSelection;

/// How two parents are recombined (applied with probability crossover_rate;
/// otherwise the children are copies of the parents).
typedef enum alCrossover {
    AL_CROSS_ONE_POINT = 0, ///< one cut point in [1, length-1]
    AL_CROSS_TWO_POINT = 1, ///< the segment between two cut points is swapped
    AL_CROSS_UNIFORM = 2,   ///< each gene from either parent with probability 1/2
} alCrossover;

/// Per-gene mutation, applied to each gene of each new child with
/// probability mutation_rate (elite copies are never mutated).
typedef enum alMutation {
    AL_MUTATE_RESET = 0, ///< bytes: a different alphabet symbol, uniformly
    AL_MUTATE_CREEP = 1, ///< bytes: move ±1..creep places along the alphabet, wrapping around
    /// floats: add N(0, (max_perturbation/2)^2), clamped to ±max_perturbation
    AL_MUTATE_GAUSSIAN = 2,
    /// floats: add a uniform draw from [-max_perturbation, max_perturbation)
    AL_MUTATE_UNIFORM = 3,
} alMutation;

/// What roulette selection does when maximised fitness is negative.
typedef enum alGaNegative {
    AL_GA_NEGATIVE_SHIFT = 0,  ///< w_i = f_i - f_min (default)
    AL_GA_NEGATIVE_REFUSE = 1, ///< alGa_Epoch returns AL_GA_ERROR naming the individual
} alGaNegative;

/// Why a run should stop, as returned by alGa_Epoch / alGa_Step.
typedef enum alGaStop {
    AL_GA_RUNNING = 0,         ///< no stop condition met
    AL_GA_TARGET = 1,          ///< the best reached def.target_fitness
    AL_GA_MAX_GENERATIONS = 2, ///< def.max_generations generations were evaluated
    AL_GA_STALLED = 3,         ///< no improvement of the best-ever for stall_generations
    AL_GA_ERROR = 4,           ///< refused (see alGa_Error); nothing was bred
} alGaStop;

/// Fitness of one genome: genome points to `length` uint8_t or float genes.
/// Called concurrently from worker threads: must be pure and thread-safe.
typedef double (*alGaFitnessFn)(const void *genome, int length, void *ctx);
/// Fitness of count genomes at once: genome i starts at genomes + i * stride
/// bytes; its fitness goes to fit[i]. Must give exactly what the per-genome
/// alGaFitnessFn gives (same thread rules): it only saves a call a genome.
typedef void (*alGaFitnessRowsFn)(const void *genomes, size_t stride, int count, int length,
                                  double *fit, void *ctx);

/// Everything that defines a GA. Fill from alDefaultGaDef(); copied by
/// alCreateGa, never kept (the alphabet bytes are copied too).
typedef struct alGaDef {
    alGenomeType type; ///< default AL_GENOME_BYTES
    int population;    ///< individuals, >= 2 (default 100)
    int length;        ///< genes per genome, >= 1 (default 16)
    bool minimise;     ///< true: fitness is an error, lower is better (default false)

    /// Bytes only: the allowed gene values, in creep order; NULL = 0..255.
    /// 2..256 distinct bytes. Initial genes are uniform over it.
    const uint8_t *alphabet;
    int alphabet_size; ///< bytes in alphabet (ignored when alphabet is NULL)

    /// Floats only: initial genes are uniform in [init_min, init_max) (default -1, 1).
    float init_min, init_max;
    /// Floats only: if clamp_min < clamp_max, genes are clamped into
    /// [clamp_min, clamp_max] after mutation (default 0, 0: no clamping).
    float clamp_min, clamp_max;

    alSelection selection; ///< default AL_SELECT_TOURNAMENT
    int tournament_k;      ///< tournament size, 1..population (default 3)
    double truncation;     ///< truncation: fraction of the best that breed, (0, 1] (default 0.5)
    alGaNegative negative; ///< roulette rule for negative maximised fitness (default SHIFT)

    alCrossover crossover; ///< default AL_CROSS_UNIFORM
    double crossover_rate; ///< [0, 1] (default 0.7)

    alMutation mutation;    ///< bytes: RESET or CREEP; floats: GAUSSIAN or UNIFORM (default RESET)
    double mutation_rate;   ///< per gene, [0, 1] (default 0.05)
    int creep;              ///< CREEP: largest step along the alphabet, >= 1 (default 2)
    float max_perturbation; ///< GAUSSIAN/UNIFORM: largest change of a float gene, > 0 (default 0.3)

    int elites;       ///< best individuals copied unchanged, >= 0 (default 1)
    int elite_copies; ///< copies of each elite; elites*elite_copies < population (default 1)

    bool has_target;         ///< stop when the best reaches target_fitness (default false)
    double target_fitness;   ///< minimise: best <= target; maximise: best >= target
    int64_t max_generations; ///< stop after this many evaluated generations, 0 = never (default 0)
    /// stop after this many generations without a new best-ever, 0 = never (default 0)
    int64_t stall_generations;

    int diversity_sample; ///< random pairs compared for the diversity figure, >= 1 (default 32)

    alGaFitnessFn fitness; ///< NULL: fitness is set externally with alGa_SetFitness
    void *fitness_ctx;     ///< passed to fitness; must outlive the GA
    /// Optional, with fitness: the same scores a block of new children at a
    /// time (alGa_Epoch's fused pass); NULL = fitness one by one (default).
    alGaFitnessRowsFn fitness_rows;

    int threads;     ///< OpenMP workers, 0 = OMP_NUM_THREADS, else one per processor
                     ///< (alThreads_Resolve; default 0); results never depend on it.
                     ///< Generations of fewer than 16384 new genes breed on one thread, and
                     ///< serial vs parallel breeding is timed every 1024 generations and the
                     ///< faster kept (on a busy machine a preempted worker stalls each pass).
    uint64_t stream; ///< base id of the GA's random streams, so a module's other
                     ///< streams of the same seed stay independent (default 0x6a)
} alGaDef;

/// The defaults listed on each field above.
alGaDef alDefaultGaDef(void);

/// Fills the operator fields of def from the [ga] section of a resolved
/// config (ga.selection, ga.tournament_k, ga.truncation, ga.crossover,
/// ga.crossover_rate, ga.mutation, ga.mutation_rate, ga.creep,
/// ga.max_perturbation, ga.elites, ga.elite_copies, ga.stall_generations)
/// and def->threads from run.threads. def->type must already be set: a
/// mutation kind that does not fit the genome type (e.g. "gaussian" for
/// bytes) is AL_ERR_CONFIG naming the key, the value and the allowed choices.
/// Population, length, alphabet and fitness are the module's business.
alResult alGaDef_FromConfig(alGaDef *def, const alConfig *cfg, alError *err);
/// Bytes alCreateGa would allocate for def (an estimate, within a few per cent).
double alGa_EstimateBytes(const alGaDef *def);

/// Checks a def; AL_ERR_CONFIG with a message naming the field, the bad value
/// and the allowed range (population < 2, rates outside [0, 1], elites *
/// elite_copies >= population, tournament_k > population, alphabet of fewer
/// than 2 or duplicate symbols, mutation kind for the wrong genome type, ...).
/// `prefix` names the fields in messages, e.g. "ga." gives "ga.mutation_rate";
/// NULL gives the bare field names.
alResult alGaDef_Validate(const alGaDef *def, const char *prefix, alError *err);

typedef struct alGa alGa;

/// Creates a GA with a random generation 0 (unevaluated). Validates def as
/// alGaDef_Validate (with prefix "ga."). *out is NULL on failure.
alResult alCreateGa(const alGaDef *def, uint64_t seed, alGa **out, alError *err);
/// Frees the GA; NULL is a no-op.
void alDestroyGa(alGa *ga);

/// Population size and genome length (as in the def).
int alGa_Size(const alGa *ga);
int alGa_Length(const alGa *ga);
alGenomeType alGa_Type(const alGa *ga);
/// Number of the current (being evaluated) generation, 0-based.
int64_t alGa_Generation(const alGa *ga);
/// Epochs whose breeding pass ran on several threads (the run-time choice;
/// results never depend on it): for benchmarks.
int64_t alGa_ParallelEpochs(const alGa *ga);
/// The thread count in use: def.threads, or for 0 alThreads_Resolve's.
int alGa_Threads(const alGa *ga);

/// Genes of individual i (0 <= i < size) of the current generation, valid
/// until the next epoch. Bytes asserts a byte GA, Floats a float GA.
const uint8_t *alGa_Bytes(const alGa *ga, int i);
const float *alGa_Floats(const alGa *ga, int i);
/// Overwrites individual i of the current generation (e.g. to seed a known
/// genome) and marks it unevaluated. Bytes must lie in the alphabet (asserted).
void alGa_SetGenome(alGa *ga, int i, const void *genes);

/// Makes the current population generation gen (>= 0) of a run resumed from
/// stored genomes (set them with alGa_SetGenome first or after): the next
/// epoch breeds with generation gen's random streams, so with the stored
/// generation's genomes and fitness it gives exactly the stored run's next
/// generation. What came before gen is not known: the best-ever restarts at
/// gen's best and the stall count from gen.
void alGa_SetGeneration(alGa *ga, int64_t gen);

/// Changes the mutation rate (per gene, [0, 1]) from the next epoch on, as
/// a live slider does: AL_ERR_CONFIG naming the bad value and the range,
/// nothing changed, when it is not a probability. Deterministic: the same
/// changes at the same generations give the same run.
alResult alGa_SetMutationRate(alGa *ga, double rate, alError *err);
/// The mutation rate in use.
double alGa_MutationRate(const alGa *ga);

/// Stores the fitness of individual i of the current generation (finite).
void alGa_SetFitness(alGa *ga, int i, double fitness);
/// Fitness of individual i of the current generation, NAN if not evaluated yet.
double alGa_Fitness(const alGa *ga, int i);
/// True for the elite copies at the front of the current generation.
bool alGa_IsElite(const alGa *ga, int i);

/// Evaluates every unevaluated individual of the current generation with the
/// fitness callback, in parallel (asserts a callback).
void alGa_Evaluate(alGa *ga);
/// Closes the current generation: every individual must have a fitness
/// (asserted). Computes its statistics, updates the best-ever, checks the stop
/// conditions, then breeds the next generation (always, even when a stop
/// condition is met, so a caller may keep going). With a callback, the new
/// children are evaluated in the same pass. Returns why to stop, or
/// AL_GA_RUNNING; on AL_GA_ERROR nothing changed and alGa_Error says why.
alGaStop alGa_Epoch(alGa *ga);
/// alGa_Evaluate (if needed) then alGa_Epoch. Needs a fitness callback.
alGaStop alGa_Step(alGa *ga);
/// The message of the last AL_GA_ERROR ("" if none).
const char *alGa_Error(const alGa *ga);

/// Statistics of one evaluated generation.
typedef struct alGaStats {
    int64_t gen; ///< the generation they describe, 0-based
    double best, mean, worst;
    double stddev; ///< population standard deviation of fitness
    /// Mean distance between diversity_sample random pairs of individuals:
    /// bytes: fraction of genes that differ (0 = all equal .. 1);
    /// floats: mean absolute difference per gene.
    double diversity;
    int64_t evaluations;   ///< fitness evaluations so far in the run (this generation included)
    int best_index;        ///< index of the best in that generation
    double best_ever;      ///< best fitness seen in any generation so far
    int64_t best_ever_gen; ///< the generation it was first reached in
    int64_t stalled;       ///< generations since the best-ever last improved
} alGaStats;

/// Statistics of the last closed generation; false (and *out untouched)
/// before the first epoch.
bool alGa_LastStats(const alGa *ga, alGaStats *out);
/// Genes of the best individual of the last closed generation (NULL before
/// the first epoch); valid until the next epoch.
const void *alGa_LastBest(const alGa *ga);
/// Genes / fitness of individual i of the last closed generation (NULL / NAN
/// before the first epoch); valid until the next epoch.
const void *alGa_LastGenome(const alGa *ga, int i);
double alGa_LastFitness(const alGa *ga, int i);
/// Indices of the n best of the last closed generation, best first (ties:
/// lower index first), into idx; returns how many (0 before the first epoch).
int alGa_Top(const alGa *ga, int n, int *idx);
/// The best genome ever seen and its fitness (NULL before the first epoch).
const void *alGa_BestEver(const alGa *ga, double *fitness);

/// Whether fitness is an error (def.minimise), and whether a callback scores it.
bool alGa_Minimise(const alGa *ga);
bool alGa_HasFitness(const alGa *ga);

/// The GA through the ask/tell interface (algorithm.h; ga_algorithm.c): a
/// view that owns nothing. Its kind is the instance's: AL_CANDIDATE_BYTES
/// for a byte GA, AL_CANDIDATE_FLOATS for a float GA. Ask returns the
/// population size and never changes the population; Candidate(i) is
/// alGa_Bytes / alGa_Floats(i); Tell stores every fitness (the elites' too,
/// a non-finite one as the worst finite one told) and runs alGa_Epoch, whose
/// AL_GA_ERROR is AL_ALGO_ERROR with alAlgorithm_Error = alGa_Error (the
/// population is then unchanged); max generations is AL_ALGO_BUDGET and
/// stalled AL_ALGO_CONVERGED. LastStats carries the figure "diversity".
/// Step (only with a def.fitness callback) is alGa_Step. The elites are kept
/// as alGa_Epoch keeps them. A run through this view is bit-identical to the
/// same SetFitness-all-then-Epoch loop on the alGa.
alAlgorithm alGa_Algorithm(alGa *ga);
/// The classes behind alGa_Algorithm with a fitness callback (name "ga").
extern const alAlgorithmClass alGaBytesClass, alGaFloatsClass;
/// The alGa behind a GA view, or NULL for another algorithm.
alGa *alGa_FromAlgorithm(alAlgorithm a);

/// Names for config values and messages ("tournament", "two_point", ...).
const char *alSelection_Name(alSelection s);
const char *alCrossover_Name(alCrossover c);
const char *alMutation_Name(alMutation m);
const char *alGaStop_Name(alGaStop s);

#endif
