/// pole.h — the pole-balancing tasks: a controller pushes a cart (cartpole.h)
/// so that its poles stay up.
///
/// Variants (the benchmark suite of Gruau, Whitley and Pyeatt 1996, used by
/// the NEAT paper and by Igel 2003):
///   - single: one 1 m pole; the controller sees x, x', θ, θ'.
///   - double: two poles (1 m and 0.1 m), the controller sees all six state
///     variables (Markovian). Fitness: control steps balanced.
///   - double_novel: two poles, the controller sees x, θ_1, θ_2 only (no
///     velocities): it needs memory (a recurrent controller). Fitness: the
///     "damping" fitness of Gruau et al. over a 1,000-step trial,
///         f = 0.1 t/1000 + 0.9 (t < 100 ? 0 : 0.75 / Σ_{last 100 steps} (|x|+|x'|+|θ_1|+|θ'_1|)),
///     which rewards balancing without the fast oscillation a memoryless
///     controller falls back on.
/// Every trial starts from x = x' = 0, θ_1 = start_angle (0.07 rad = 4.0107°),
/// the rest 0. Inputs are scaled as in the benchmark code: x/4.8, x'/2,
/// θ/0.52, θ'/2 (plus a constant 1 when bias is on).
///
/// Solved: a controller balances max_steps control steps (100,000) from the
/// start state; for double_novel the trial's best must first balance the
/// whole 1,000-step trial. With generalisation on, it must also balance
/// generalisation_steps (1,000) from at least generalisation_min (200) of the
/// 625 starts of Gruau et al. (x, x', θ_1, θ'_1 each at 0.05, 0.25, 0.5, 0.75
/// and 0.95 of ±2.16 m, ±1.35 m/s, ±3.6°, ±8.6°/s). Evaluations count trials
/// from the start state (one per candidate), as the papers do; the 100,000
/// step check and the generalisation test are not counted.
///
/// The controller is a weight vector (a candidate of AL_CANDIDATE_FLOATS,
/// from CMA-ES or the GA) or a NEAT network (AL_CANDIDATE_NEAT, see below).
/// The weight vector:
/// `hidden` tanh neurons and one tanh output neuron whose value in (-1, 1)
/// times `force` is the push. Weights, neuron by neuron (hidden first):
/// one per input (and bias), then, when recurrent, one per neuron on the
/// previous step's activations of all neurons; the output neuron last has
/// one more per hidden neuron on their current activations. hidden = 0,
/// recurrent off is Igel's single-layer net: one weight per input.
///
/// A NEAT network (alNeatNet) sees the same scaled inputs (alPole_InputCount:
/// pole.bias adds a constant 1 beside NEAT's own bias node) and has one
/// sigmoid output o in (0, 1): the push is (2o - 1) times `force`, the NEAT
/// paper's (o - 0.5) 2 F. Its memory is cleared at the start of every trial.
/// Under run.algorithm = neat the network may grow recurrent links when
/// pole.recurrent resolves on (auto: double_novel) or neat.recurrent = true
/// (pole.recurrent = off with neat.recurrent = true is a config error), and
/// pole.hidden must be 0 (NEAT grows its own hidden nodes).
///
/// Everything is pure (no globals, no allocation, no libm transcendental):
/// trials run concurrently, and the same weights give the same bits anywhere.
#ifndef ALIFE_POLE_H
#define ALIFE_POLE_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/cartpole.h"
#include "alife/config.h"
#include "alife/error.h"
#include "alife/neat.h"

typedef enum alPoleVariant {
    AL_POLE_SINGLE = 0,       ///< one pole, velocities seen
    AL_POLE_DOUBLE = 1,       ///< two poles, velocities seen (Markovian)
    AL_POLE_DOUBLE_NOVEL = 2, ///< two poles, no velocities (needs memory)
} alPoleVariant;

enum {
    AL_POLE_MAX_HIDDEN = 16,
    AL_POLE_MAX_NEURONS = AL_POLE_MAX_HIDDEN + 1,
    AL_POLE_MAX_INPUTS = 7, ///< six state variables and the bias
    AL_POLE_GEN_STARTS = 625,
};

/// Everything that defines the task. Fill from alDefaultPoleDef(); a value.
typedef struct alPoleDef {
    alPoleVariant variant;    ///< default AL_POLE_DOUBLE
    alCartPoleDef cart;       ///< the physics; poles follows the variant
    double start_angle;       ///< θ_1 at the start, rad (default 0.07)
    int64_t max_steps;        ///< control steps to balance to solve (default 100000)
    bool damping;             ///< Gruau's damping fitness (default: on for double_novel only)
    int damping_steps;        ///< the damping trial's length (default 1000)
    int hidden;               ///< hidden neurons, 0 .. AL_POLE_MAX_HIDDEN (default 0)
    bool recurrent;           ///< neurons see the previous activations (default: double_novel)
    bool bias;                ///< a constant input 1 (default false)
    bool generalisation;      ///< solving needs the generalisation test too (default: double_novel)
    int generalisation_steps; ///< steps each start must balance (default 1000)
    int generalisation_min;   ///< starts of 625 that must be balanced (default 200)
} alPoleDef;

/// The defaults above, for a variant.
alPoleDef alDefaultPoleDef(alPoleVariant variant);
/// Reads [pole] (and the cart constants) from a resolved config; errors name
/// the key and where it was set.
alResult alPoleDef_FromConfig(alPoleDef *def, const alConfig *cfg, alError *err);
/// Checks a def (cart included): AL_ERR_CONFIG naming the field after prefix.
alResult alPoleDef_Validate(const alPoleDef *def, const char *prefix, alError *err);

/// "single", "double", "double_novel".
const char *alPoleVariant_Name(alPoleVariant v);
/// Inputs the controller sees (state inputs plus bias).
int alPole_InputCount(const alPoleDef *def);
/// Length of the controller's weight vector.
int alPole_WeightCount(const alPoleDef *def);

/// One trial under way: the cart, the controller's memory, the steps done
/// and the damping sum's ring. A value; start it with alPoleTrial_Start.
typedef struct alPoleTrial {
    alCartPoleState cart;
    double act[AL_POLE_MAX_NEURONS]; ///< the neurons' last activations (output last)
    int64_t steps;                   ///< control steps balanced so far
    bool failed;
    double ring[100];                ///< |x|+|x'|+|θ_1|+|θ'_1| of the last 100 steps
    double push;                     ///< the last step's push in (-1, 1) (times force: N)
} alPoleTrial;

/// Starts a trial from a state (NULL: the def's start state).
void alPoleTrial_Start(const alPoleDef *def, alPoleTrial *t, const alCartPoleState *from);
/// One control step of the controller w (alPole_WeightCount floats). Returns
/// false once the trial has failed (and then does nothing).
bool alPoleTrial_Step(const alPoleDef *def, const float *w, alPoleTrial *t);

/// The same for a NEAT network built from a genome with alPole_InputCount
/// inputs and one output (asserted). Clear its memory (alNeatNet_Reset) when
/// starting a trial; the net is the caller's scratch, one per thread.
bool alPoleTrial_StepNet(const alPoleDef *def, alNeatNet *net, alPoleTrial *t);

/// Fitness of controller w (higher is better): the steps balanced from the
/// start state up to max_steps, or the damping fitness over damping_steps.
/// *steps (may be NULL) receives the steps balanced.
double alPole_Fitness(const alPoleDef *def, const float *w, int64_t *steps);
/// Whether w balances max_steps from the start state.
bool alPole_Balances(const alPoleDef *def, const float *w);
/// How many of the 625 generalisation starts w balances for generalisation_steps.
int alPole_Generalisation(const alPoleDef *def, const float *w);
/// The three above for a NEAT network (each trial clears its memory).
double alPole_NetFitness(const alPoleDef *def, alNeatNet *net, int64_t *steps);
bool alPole_NetBalances(const alPoleDef *def, alNeatNet *net);
int alPole_NetGeneralisation(const alPoleDef *def, alNeatNet *net);
/// Start k (0 .. 624) of the generalisation test.
alCartPoleState alPole_GeneralisationStart(int k);

// ---- the module ("pole"): the task under an algorithm --------------------------
//
/// A run of the task: one tick is one generation of the algorithm
/// run.algorithm names (default cmaes, with cmaes.sigma0 = 1 and
/// cmaes.lambda = 16 for this module; ga and neat work too), whose
/// candidates are scored in parallel on run.threads workers; the result does
/// not depend on their number. It finishes "solved" at the first generation
/// holding a solution, or "stalled" when the algorithm converges.
typedef struct alPoleRun alPoleRun;

/// The task's def (valid as long as the run).
const alPoleDef *alPoleRun_Def(const alPoleRun *run);
/// The controller to show: the solution once solved, else the best of the
/// last generation (NULL before the first, and under NEAT). *n receives its length.
const float *alPoleRun_Best(const alPoleRun *run, int *n);
/// The same under NEAT: the genome (NULL before the first generation and
/// for weight vectors), whether its net is recurrent and its sigmoid slope
/// (either may be NULL), for alNeatNet_Build. Valid until the next step.
const alNeatGenome *alPoleRun_BestGenome(const alPoleRun *run, bool *recurrent, double *slope);
/// The NEAT population under run.algorithm = neat (its species, for the
/// window's species plot), else NULL. Valid until the next step.
const alNeat *alPoleRun_Neat(const alPoleRun *run);
/// The checks creating a run makes (the task's def, the algorithm for it),
/// without creating one: for `alife config FILE`.
alResult alPole_CheckConfig(const alConfig *cfg, alError *err);
/// Whether solved, and at which generation and evaluation count.
bool alPoleRun_Solved(const alPoleRun *run, int64_t *gen, int64_t *evaluations);
/// The generalisation score: starts of AL_POLE_GEN_STARTS the best tested
/// controller balances; -1 when not tested yet or the run has no test.
int alPoleRun_Generalisation(const alPoleRun *run);

#endif
