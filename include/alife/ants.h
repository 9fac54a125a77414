/// ants.h — neural ant foragers evolved by the GA (the seed's "Ants", after
/// Buckland's Smart Sweepers), or by any algorithm run.algorithm names: one
/// that makes float vectors (CMA-ES) or NEAT genomes (NEAT, see "NEAT brains"
/// below): the ants are a task of algorithm_factory.h and know nothing of
/// the algorithm beyond ask and tell.
///
/// Each ant has a position, a heading (its unit look-at vector) and a speed;
/// its brain is a feed-forward network (nn.h) whose weights are its GA
/// genome. Every tick an ant senses (look-at x, y; the unit vector to the
/// nearest food, or with ants.food_sense = free in the shared world to the
/// food shared out to it as the greedy group shares it, see below; with
/// mines, the unit vector to the nearest mine), thinks
/// (forward pass: two outputs, the left and right track l, r in [0, 1]) and
/// acts: it turns by clamp(l - r, -max_turn, max_turn) radians and moves
/// (l + r) / 2 * max_speed world units along its new heading, under the
/// world's edge policy. Food within eat_radius is eaten and respawns at a
/// random place (the food count stays constant); a mine within eat_radius
/// costs mine_penalty and respawns, or (mine_hit = end) stops the ant for
/// the rest of the generation. A generation is `ticks` ticks; fitness is
/// food eaten minus the mine penalty times mines hit (the penalty may ramp up
/// from 0 over the first mine_ramp generations); then the GA (ga.h) breeds.
///
/// Where the ants forage: ants.world (alAntsWorldMode).
///
/// shared (the default, as the seed's Cosmos and Smart Sweepers): all ants
/// of generation g live in one world W(seed, g). Its food and mines, then
/// each ant's start (a random place and heading, in ant order) are drawn
/// from W's PCG32 stream; the ants compete for the same food, and an item one
/// ant eats is gone for all and respawns (from the same stream) for everyone.
/// A tick is: think, move and find every ant's nearest food and mine (in
/// parallel across ants, reading the items only; exactly a full scan's
/// answer, ties to the lower item index), then one thread resolves eating
/// in a fixed order: each live ant whose nearest item is
/// within eat_radius claims it; an item goes to its nearest claimant (ties:
/// the lower ant index); an ant gets at most one item a tick; claimed items
/// respawn in item order; food first, then mines; then (in parallel again)
/// each ant brings its nearest items up to date. So the statistics cannot
/// depend on the thread count. Fitness now includes luck (where an ant
/// starts, who is near it), so exact replay of a generation means the whole
/// population: the module stores, for each generation, the best genome
/// followed by every ant's genome in ant order (alAnts_StoredBytes), and
/// alAnts_ReplayStored / alCreateAntsReplayAll re-run them together.
///
/// own: one copy of W(seed, g) per ant. All ants start from the same pose in
/// the same world (same food, same mines, same respawn sequence), and each
/// forages in its own copy: ants never compete for an item. So
///   - fitness compares brains, not luck (the same world for all);
///   - ants are independent, so the passes run in parallel across ants with
///     no serial resolution step and the results cannot depend on the thread
///     count or on the order of ants (each copy's respawns draw from that
///     copy's own PCG32 stream, a copy of W(seed, g)'s);
///   - any stored genome is replayed exactly from (config, seed, g, genome)
///     alone (alAnts_Replay), e.g. the best ant of any logged generation.
/// The GUI draws the food and mines of one chosen ant's copy there.
///
/// A greedy baseline runs each generation too: hand-written foragers that
/// turn towards their food at the max turn rate and run at max speed (the
/// ants' own limits). Own worlds: baseline_ants of them, each in its own
/// world of the same kind (own PCG32 stream), going for the nearest food.
/// Shared world: a group of as many greedy ants as the population
/// (ants.count; baseline_ants > 0 only turns it on) sharing a copy of
/// W(seed, g), with the population's starts: the same crowding. They split
/// the food up rather than herd after the same nearest item: every tick each
/// goes for the nearest food no other forager is closer to (a deterministic
/// assignment in the tick's serial step, ties to the lower index; see
/// src/evolve/ants_greedy.h), a fair, competent yardstick.
/// Their mean food per ant is reported as the figure `baseline_mean` (and,
/// with mines, the mines they hit, blind to them, as `baseline_mines`).
/// Every generation also reports `food_mean`, `distance_mean` (world units
/// travelled per ant), `mines_mean` with mines, and the GA's `diversity`.
///
/// NEAT brains (run.algorithm = neat). Each ant's brain is then a NEAT
/// genome (neat.h): feed-forward by default (neat.recurrent for memory), the
/// same brain.sizes[0] sensor inputs and two outputs, the left and right
/// track (the steepened sigmoid's [0, 1]); ants.hidden and ants.activation do
/// not apply (NEAT grows its own hidden nodes). The population is ants.count.
/// Each ant runs its own compiled network (a separate path beside the batched
/// fixed-topology pass); the determinism rules above hold unchanged. The
/// stored blob of a generation (alAnts_LastStored) is genomes in NEAT's
/// documented format (neat.h), one after the other, each self-delimiting by
/// its header: own worlds, the best genome; shared, the best genome followed
/// by every ant's genome in ant order. alCreateAntsReplayStored and
/// alAnts_ReplayStored replay it exactly, as for weight vectors.
///
/// Threads: an alAnts is used by one thread at a time; it runs its own
/// OpenMP workers inside alAnts_Advance. State views are valid until the
/// next call that advances or destroys.
#ifndef ALIFE_ANTS_H
#define ALIFE_ANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/algorithm_factory.h"
#include "alife/config.h"
#include "alife/error.h"
#include "alife/ga.h"
#include "alife/module.h"
#include "alife/neat.h"
#include "alife/nn.h"
#include "alife/world.h"

/// What a mine does to an ant that touches it.
typedef enum alMineHit {
    AL_MINE_PENALTY = 0, ///< subtract mine_penalty; the mine respawns elsewhere
    AL_MINE_END = 1,     ///< subtract mine_penalty and stop the ant until the generation ends
} alMineHit;

/// Whether the ants of a generation share one world (see the top of the file).
typedef enum alAntsWorldMode {
    AL_ANTS_SHARED = 0, ///< one world for all: they compete for the food (default)
    AL_ANTS_OWN = 1,    ///< one copy of the world per ant: fitness free of luck
} alAntsWorldMode;

/// How an ant's item vectors are expressed.
typedef enum alAntsFrame {
    AL_FRAME_WORLD = 0, ///< world x, y (classic Smart Sweepers)
    AL_FRAME_BODY = 1,  ///< (ahead, to the side) of the ant's heading: cos and sin of the bearing
} alAntsFrame;

/// Which food item an ant's food sensor points at.
typedef enum alAntsFoodSense {
    AL_FOOD_NEAREST = 0, ///< its nearest (default)
    /// shared world: the nearest food no other ant is closer to, shared out
    /// among the ants as the greedy group does (src/evolve/ants_greedy.h);
    /// in own worlds, where an ant is alone, the nearest
    AL_FOOD_FREE = 1,
} alAntsFoodSense;

/// Sensor values an ant can feed its brain, in this order; brain.sizes[0]
/// uses the first ones (with mines all 6 are available, without them 4):
/// look-at x, y; the unit vector to the nearest food; the unit vector to the
/// nearest mine scaled by its closeness (1 at the mine, 0 beyond
/// mine_range). With frame = AL_FRAME_BODY each item vector is given as
/// (ahead, sideways) of the ant's heading instead of world (x, y).
enum {
    AL_ANTS_SENSORS_FOOD = 4,  ///< look-at x, y; unit vector to the nearest food x, y
    AL_ANTS_SENSORS_MINES = 6, ///< ... and the unit vector to the nearest mine x, y
};

/// Everything that defines an ants experiment. Fill from alDefaultAntsDef()
/// or alAntsDef_FromConfig(); copied by alCreateAnts, never kept.
typedef struct alAntsDef {
    alWorld world;     ///< size and edge policy (default 400 x 400, wrap)
    alAntsWorldMode world_mode; ///< ants.world: shared or own copies (default AL_ANTS_SHARED)
    int count;         ///< ants = GA population, >= 2 (default 30)
    int ticks;         ///< ticks per generation, >= 1 (default 2000)
    int food;          ///< food items per world, >= 1 (default 40)
    alNNLayout brain;  ///< sizes[0] inputs (<= sensors), last layer 2 outputs (default 4-6-2 sigmoid, response 0.3)
    alAntsFrame frame; ///< frame of the food and mine vectors (default AL_FRAME_BODY)
    alAntsFoodSense food_sense; ///< ants.food_sense: which food is sensed (default AL_FOOD_NEAREST)
    float max_turn;    ///< radians per tick, (0, 1] (default 0.3)
    float max_speed;   ///< world units per tick, > 0 (default 2)
    float eat_radius;  ///< reach of food and mines, world units, > 0 (default 7)
    bool mines;        ///< land mines on (default false)
    int mine_count;    ///< mines per world, >= 1 (default 40)
    float mine_penalty; ///< fitness lost per mine hit, >= 0 (default 5)
    int mine_ramp;     ///< generations over which the penalty rises from 0 to mine_penalty, 0 = none (default 0)
    float mine_range;  ///< the mine input is the unit vector times max(0, 1 - distance / mine_range), > 0 (default 50)
    alMineHit mine_hit; ///< default AL_MINE_PENALTY
    int baseline_ants; ///< greedy foragers per generation, 0 = no baseline (default 10)
    int threads;       ///< OpenMP workers, 0 = OMP_NUM_THREADS, else one per processor (alThreads_Resolve); results never depend on it
    alAlgorithmId algorithm; ///< run.algorithm: what evolves the brains' weights (default GA)
    alGaDef ga;        ///< the GA; population and length are set from count and brain
    alCmaesDef cmaes;  ///< CMA-ES; dimension = the weights, lambda = count (alAnts_AlgorithmTask)
    alNeatDef neat;    ///< NEAT; inputs = brain.sizes[0], outputs = 2, population = count
} alAntsDef;

/// The ants as a task of the algorithm factory: float vectors of
/// alNN_WeightCount(brain) weights, or NEAT genomes of brain.sizes[0] inputs
/// and 2 outputs; a fixed population of count, maximised.
alAlgorithmTask alAnts_AlgorithmTask(const alAntsDef *def);
/// The factory's def from def->algorithm, ga, cmaes, neat.
alAlgorithmDef alAnts_AlgorithmDef(const alAntsDef *def);

/// The defaults listed above: Smart Sweepers' set-up (GA: one-point
/// crossover 0.7, gaussian mutation 0.1 with max perturbation 0.3, 4 elites)
/// with tournament selection (3), a sigmoid response of 0.3 and body-frame
/// item vectors, which is what lets the population approach the greedy
/// forager within 50 generations.
alAntsDef alDefaultAntsDef(void);

/// Fills def from the [ants], [ga], [world] and [run] keys of a resolved
/// config and checks the cross-key rules (a layer of width 0 in ants.hidden,
/// ants.inputs above what the sensors provide, elites >= ants.count, ...):
/// AL_ERR_CONFIG with a message naming the key, the value and the range.
alResult alAntsDef_FromConfig(alAntsDef *def, const alConfig *cfg, alError *err);
/// Checks a def as alAntsDef_FromConfig does (messages name config keys).
alResult alAntsDef_Validate(const alAntsDef *def, alError *err);

typedef struct alAnts alAnts;

/// Creates the population (generation 0, random brains) in the world of
/// generation 0. *out is NULL on failure.
alResult alCreateAnts(const alAntsDef *def, uint64_t seed, alAnts **out, alError *err);
/// Bytes alCreateAnts would allocate for def (an estimate within a few per
/// cent): dominated by count * (food + mine_count) * 8 (one world copy per ant).
double alAnts_EstimateBytes(const alAntsDef *def);
/// Creates a replay: one ant with the given genome (alNN_WeightCount floats,
/// copied) in the world of generation gen of the run with this def and seed.
/// It has no GA; after def.ticks ticks its "generation" ends with its
/// fitness and the same world starts again.
alResult alCreateAntsReplay(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                            alAnts **out, alError *err);
/// Creates a replay of a whole generation: count ants, ant a with genome
/// genomes + a * alNN_WeightCount (copied), in generation gen's world; no GA,
/// no baseline. With ants.world = shared and the generation's genomes in ant
/// order, its fitness statistics are exactly the logged ones.
alResult alCreateAntsReplayAll(const alAntsDef *def, uint64_t seed, int64_t gen,
                               const float *genomes, int count, alAnts **out, alError *err);
/// Creates a replay of NEAT genomes (run.algorithm = neat): count ants, ant
/// a with genomes[a] (copied), in generation gen's world, as
/// alCreateAntsReplayAll. AL_ERR_CONFIG when a genome does not have the
/// ants' inputs and 2 outputs, or the def's algorithm is not NEAT.
alResult alCreateAntsReplayNeat(const alAntsDef *def, uint64_t seed, int64_t gen,
                                const alNeatGenome *genomes, int count, alAnts **out, alError *err);
/// Creates the replay of a stored blob of generation gen (what
/// alAnts_LastStored gave; weight vectors or NEAT genomes, as the def's
/// algorithm makes): the best ant alone in its own world, or the whole
/// generation together in the shared world. AL_ERR_CONFIG when the blob does
/// not fit the def, saying why.
alResult alCreateAntsReplayStored(const alAntsDef *def, uint64_t seed, int64_t gen, const void *bytes,
                                  size_t size, alAnts **out, alError *err);
/// Bytes of the genome blob the module stores per generation (its
/// best_genome): own worlds, the best genome (alNN_WeightCount floats);
/// shared, the best genome followed by all ants.count genomes in ant order.
/// 0 for NEAT brains, whose genomes have their own sizes (alAnts_LastStored).
size_t alAnts_StoredBytes(const alAntsDef *def);
/// Replays a stored blob (alAnts_StoredBytes bytes, need not be aligned) of
/// generation gen: the best ant alone in its own world, or the whole
/// generation together in the shared world. *best receives the replay's best
/// fitness (for a logged blob exactly the logged best), *mean (may be NULL)
/// the mean fitness (shared; NAN for own). AL_ERR_CONFIG when the size does
/// not fit the def (e.g. a blob of the other world mode).
alResult alAnts_ReplayStored(const alAntsDef *def, uint64_t seed, int64_t gen, const void *bytes,
                             size_t size, double *best, double *mean, alError *err);
/// Resumes a run at generation gen from its stored blob of that generation
/// (alAnts_StoredBytes bytes, need not be aligned): the population becomes
/// the stored ants, in ant order, in generation gen's world, and the GA
/// breeds next with generation gen's streams, so this generation and every
/// one after it give exactly the stored run's statistics (the history starts
/// empty at gen). Only for a run from alCreateAnts with ants.world = shared
/// (own worlds store the best genome alone) on the GA, before or after it
/// advanced (the running generation is dropped). AL_ERR_CONFIG when the blob
/// cannot restore this run (another size, own worlds), saying why.
alResult alAnts_Restore(alAnts *ants, int64_t gen, const void *bytes, size_t size, alError *err);
/// Frees; NULL is a no-op.
void alDestroyAnts(alAnts *ants);

/// Re-simulates one genome in generation gen's world and returns its fitness:
/// with ants.world = own, for the best genome logged for generation gen,
/// exactly the logged best (shared: the ant alone in the world; use
/// alAnts_ReplayStored).
alResult alAnts_Replay(const alAntsDef *def, uint64_t seed, int64_t gen, const float *genome,
                       double *fitness, alError *err);

/// Advances up to max_ticks ticks, stopping early when a generation ends.
/// Returns true when a generation ended (then the next one has begun). A
/// stop request (stop.h) cuts it short after a whole tick (shared world),
/// or during a generation's end (its greedy baseline): false, the
/// generation unfinished, and later calls go on from there.
bool alAnts_Advance(alAnts *ants, int max_ticks);
/// One tick: alAnts_Advance(ants, 1).
bool alAnts_Step(alAnts *ants);

/// One finished generation, as the panel lists it.
typedef struct alAntsGen {
    int64_t gen;
    double best, mean, worst, stddev; ///< fitness
    double food_mean;      ///< food eaten per ant
    int64_t food_total;    ///< food eaten by the whole population
    double baseline_mean;  ///< greedy forager's food per ant (NAN without a baseline)
    double mines_mean;     ///< mines hit per ant (0 without mines)
    double distance_mean;  ///< world units travelled per ant
    double baseline_mines; ///< mines hit per greedy forager, which ignores them (NAN without mines or baseline)
} alAntsGen;

/// Generations alAnts_History keeps at least (it keeps at most twice as many).
#define AL_ANTS_HISTORY_KEEP 4096
/// The most recent finished generations, oldest first; *count receives how
/// many: all of them up to AL_ANTS_HISTORY_KEEP, then between that and twice
/// that (memory stays bounded for any run length; h[i].gen says which
/// generation each is; the run database keeps them all).
const alAntsGen *alAnts_History(const alAnts *ants, int *count);
/// The last finished generation as module statistics (false before the first).
bool alAnts_LastStats(const alAnts *ants, alGenStats *out);
/// The names of the figures each generation's statistics carry, in their
/// order (baseline_mean, food_mean, ...), into names (at most cap): the
/// algorithm's own (diversity, species, ...) only once its first generation
/// is told. Returns how many.
int alAnts_FigureNames(const alAnts *ants, const char **names, int cap);
/// Best genome of the last finished generation (floats), NULL before the
/// first; NULL for NEAT brains too (*fitness is still set: use alAnts_LastStored).
const float *alAnts_LastBest(const alAnts *ants, double *fitness);
/// The stored blob of the last finished generation (see the top of the file;
/// what the module's best_genome hands the run database), its size in
/// *bytes; NULL and 0 before the first. Valid until the next advance.
const void *alAnts_LastStored(const alAnts *ants, size_t *bytes);
/// The NEAT run behind the ants (run.algorithm = neat; species, innovations),
/// NULL for another algorithm or a replay.
const alNeat *alAnts_Neat(const alAnts *ants);
/// Ant i's NEAT genome and (values, may be NULL) its nodes' activations of
/// the last tick, one per genome node in node order; NULL when the brains
/// are weight vectors. Valid until the next advance.
const alNeatGenome *alAnts_NeatGenome(const alAnts *ants, int i, const double **values);

/// Read-only state of the running generation, valid until the next advance.
typedef struct alAntsView {
    int count;               ///< ants
    int64_t gen;             ///< generation being simulated
    int tick, ticks;         ///< ticks done in it, and per generation
    const float *x, *y;      ///< positions
    const float *lx, *ly;    ///< unit look-at (heading) vectors
    const float *speed;      ///< last speed, world units per tick
    const int *food;         ///< food eaten so far
    const int *mines_hit;    ///< mines hit so far
    const uint8_t *alive;    ///< 0 once a mine ended the ant's generation
    const uint8_t *elite;    ///< 1 for the GA's elite copies
} alAntsView;

void alAnts_View(const alAnts *ants, alAntsView *out);
/// Food (and, with mines, mine) positions of ant i's copy of the world (the
/// shared world whatever i, with ants.world = shared):
/// returns the count and sets *x, *y (NULL pointers and 0 for mines when off).
/// The thread count in use: def.threads, or for 0 alThreads_Resolve's.
int alAnts_Threads(const alAnts *ants);
int alAnts_Food(const alAnts *ants, int i, const float **x, const float **y);
int alAnts_Mines(const alAnts *ants, int i, const float **x, const float **y);
/// The unit vector ant i senses now towards its nearest food (kind 0) or
/// mine (kind 1; zero without mines): its next brain inputs.
void alAnts_Sensed(const alAnts *ants, int i, int kind, float *ux, float *uy);
/// The brain layout and ant i's weights (alNN_WeightCount floats; NULL for
/// NEAT brains, see alAnts_NeatGenome).
const alNNLayout *alAnts_Layout(const alAnts *ants);
const float *alAnts_Genome(const alAnts *ants, int i);
/// Copies ant i's activations of the last tick (alNN_NeuronCount floats,
/// inputs first) into act.
void alAnts_Activations(const alAnts *ants, int i, float *act);
/// The def the instance runs (resolved copy).
const alAntsDef *alAnts_Def(const alAnts *ants);
/// The mine penalty per hit in generation gen: mine_penalty, ramped up from 0
/// over the first mine_ramp generations when mine_ramp > 0.
double alAntsDef_MinePenalty(const alAntsDef *def, int64_t gen);
/// What evolves the brains (run.algorithm), seen through algorithm.h, e.g.
/// for a live parameter (alAlgorithm_SetParam); {NULL, NULL} in a replay.
alAlgorithm alAnts_Algorithm(alAnts *ants);
/// How many of the evolved ants' multi-threaded passes (runs of 4096
/// ant-ticks or more with threads > 1; count in *runs, may be NULL) used all
/// the threads rather than one. Each such pass uses whichever is faster per
/// ant-tick, timed as it runs (the other is retried now and then): on a loaded
/// machine one thread can beat two. Results never depend on it.
int64_t alAnts_ParallelRuns(const alAnts *ants, int64_t *runs);

/// The module class "ants" (listed in src/core/module.c).
extern const alModuleClass alAntsModule;
/// The [ants] schema part (listed in src/core/schema.c).
extern const alSchemaPart alAntsSchemaPart;

#endif
