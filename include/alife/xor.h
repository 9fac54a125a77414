/// xor.h — the XOR task, NEAT's first benchmark (Stanley and Miikkulainen
/// 2002, section 4.1).
///
/// A network with two inputs (and NEAT's bias) and one output sees the four
/// patterns (0,0) (0,1) (1,0) (1,1); its fitness is (4 - sum |out - target|)^2
/// (0 .. 16, maximised). The task is solved when all four outputs are on the
/// right side of 0.5. XOR needs at least one hidden node, so the task shows
/// whether NEAT grows structure. Recurrent networks are reset before each
/// pattern and activated AL_XOR_SETTLE times.
///
/// The module "xor" runs NEAT on it: one tick is one generation; it stops
/// (finished) at the first generation where some genome solves XOR; the
/// evaluations then count every genome of every generation up to that one.
#ifndef ALIFE_XOR_H
#define ALIFE_XOR_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/neat.h"

enum { AL_XOR_SETTLE = 4 };

/// The four input patterns and their targets.
extern const double alXorInputs[4][2];
extern const double alXorTargets[4];

/// Scores g: its four outputs into out (may be NULL) and the fitness
/// (4 - sum of errors)^2. net is the caller's scratch (zeroed before first
/// use). A genome that is not a valid network for the mode scores 0.
double alXor_Evaluate(const alNeatGenome *g, bool recurrent, double slope, alNeatNet *net,
                      double out[4]);
/// All four outputs on the right side of 0.5.
bool alXor_Solved(const double out[4]);

typedef struct alXor alXor;

/// Creates the task from a NEAT def (inputs 2, outputs 1 are forced).
alResult alCreateXor(const alNeatDef *def, uint64_t seed, alXor **out, alError *err);
void alDestroyXor(alXor *x);
/// Evaluates one generation on the def's threads and breeds the next.
/// Returns true once solved.
bool alXor_Step(alXor *x);
const alNeat *alXor_Neat(const alXor *x);
bool alXor_IsSolved(const alXor *x);
int64_t alXor_SolvedAt(const alXor *x);          ///< generation, -1 if not solved
int64_t alXor_SolvedEvaluations(const alXor *x); ///< evaluations up to it, -1 if not
/// The best genome of the last generation and its four outputs (false before
/// the first step). The genome is valid until the next step.
bool alXor_Best(const alXor *x, const alNeatGenome **g, double out[4], double *fitness);
/// Species counts, one per finished generation (n of them).
const int *alXor_SpeciesHistory(const alXor *x, int *n);

#endif
