/// estrings.h — EStrings: a GA evolves random strings towards a target
/// string (the seed article's "try how many generations it takes for your
/// name to evolve"). Fitness is an error, 0 = solved: the sum over positions
/// of |c_i - t_i| (the seed's) or the number of differing characters.
///
/// One alEStrings_Step is one generation. The state accessors are read-only
/// views for the GUI, valid until the next step. One thread at a time; the
/// GA runs its own workers inside a step.
#ifndef ALIFE_ESTRINGS_H
#define ALIFE_ESTRINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alife/config.h"
#include "alife/error.h"
#include "alife/algorithm_factory.h"
#include "alife/ga.h"
#include "alife/module.h"

/// Longest target, in bytes.
#define AL_ESTRINGS_MAX_TARGET 4096

/// The characters a string may hold: a set of Unicode code points (all
/// below 256, so a gene byte is the character's code point: ASCII, Latin-1).
typedef enum alEStringsAlphabet {
    AL_ESTRINGS_PRINTABLE = 0, ///< printable ASCII, 32 (space) to 126 ('~'): 95 symbols
    AL_ESTRINGS_SEED = 1,      ///< the seed article's 32 to 141: 110 symbols, 127-141 unprintable
    AL_ESTRINGS_UPPER = 2, ///< space and A-Z, Dawkins' weasel's 27 symbols (creep wraps Z to space)
    AL_ESTRINGS_LATIN1 = 3, ///< printable ASCII then the Latin-1 letters U+00C0..U+00FF but the
                            ///< signs U+00D7, U+00F7: 157 symbols, for names such as "José"
} alEStringsAlphabet;
/// How many alphabets there are.
#define AL_ESTRINGS_ALPHABETS 4

/// The config's name of alphabet a (estrings.alphabet: "printable", "seed",
/// "upper", "latin1"); "?" for a value outside the enum.
const char *alEStrings_AlphabetKey(alEStringsAlphabet a);
/// What a holds, in words ("printable ASCII, space to '~'"); "?" outside the enum.
const char *alEStrings_AlphabetWords(alEStringsAlphabet a);
/// The number of characters of a (27 to 157); 0 outside the enum.
int alEStrings_AlphabetSize(alEStringsAlphabet a);
/// The alphabets from the smallest: i = 0 upper, 1 printable, 2 seed,
/// 3 latin1; any other i wraps round (-1 is latin1), for cycling.
alEStringsAlphabet alEStrings_AlphabetBySize(int i);
/// The smallest alphabet that holds every character of target (a target
/// alEStrings_CheckTarget takes with it) into *out; false, *out untouched,
/// when none does: a character outside them all ('€', an emoji), or a
/// target empty or too long.
bool alEStrings_SmallestAlphabet(const char *target, alEStringsAlphabet *out);

/// How a string's error is counted.
typedef enum alEStringsFitness {
    AL_ESTRINGS_ABS_DIFF = 0, ///< sum over positions of |c_i - t_i| (code points)
    AL_ESTRINGS_HAMMING = 1,  ///< number of positions where c_i != t_i
} alEStringsFitness;

/// Fill from alDefaultEStringsDef() or alEStringsDef_FromConfig(); copied
/// by alCreateEStrings (the target too).
typedef struct alEStringsDef {
    /// UTF-8 text, 1..AL_ESTRINGS_MAX_TARGET bytes, every character in the
    /// alphabet ("Hello, World!"). A byte that starts no valid UTF-8
    /// sequence is the Latin-1 character of its code (the seed's raw 127..141).
    const char *target;
    alEStringsAlphabet alphabet; ///< default AL_ESTRINGS_PRINTABLE
    alEStringsFitness fitness;   ///< default AL_ESTRINGS_ABS_DIFF
    /// The GA: population and operators (ga.population is the number of
    /// strings). type, length, alphabet, minimise and fitness are set by
    /// alCreateEStrings and ignored here.
    alGaDef ga;
    /// run.algorithm (default AL_ALGORITHM_GA): strings are bytes, which only
    /// the GA makes; any other is refused with a config error naming both.
    alAlgorithmId algorithm;
    int history; ///< best strings kept for the GUI, newest first (default 1000)
} alEStringsDef;

/// The defaults of the schema's [estrings] and [ga] sections.
alEStringsDef alDefaultEStringsDef(void);

/// Fills def from a resolved config ([estrings], [ga], run.threads).
/// def->target points into cfg: keep cfg alive until alCreateEStrings.
alResult alEStringsDef_FromConfig(alEStringsDef *def, const alConfig *cfg, alError *err);

/// Checks a target against an alphabet: AL_ERR_CONFIG when it is empty,
/// longer than AL_ESTRINGS_MAX_TARGET, or holds a character outside the
/// alphabet (the message names the character as typed, or in words for a
/// control character, and its position counted in characters from 1).
/// For the GUI's text box as well as for create.
alResult alEStrings_CheckTarget(const char *target, alEStringsAlphabet alphabet, alError *err);

typedef struct alEStrings alEStrings;

/// Creates a run with a random first generation. AL_ERR_CONFIG (message
/// naming the key, value and allowed range) for a bad target or GA def.
alResult alCreateEStrings(const alEStringsDef *def, uint64_t seed, alEStrings **out, alError *err);
/// Bytes alCreateEStrings would allocate for def (an estimate): about
/// 2 * ga.population * the target's length, rounded up to 16.
double alEStrings_EstimateBytes(const alEStringsDef *def);
/// Frees it; NULL is a no-op.
void alDestroyEStrings(alEStrings *es);

/// Evaluates the current generation, records it, breeds the next.
/// Returns true when the run should stop: solved, or stalled (ga.stall_generations).
bool alEStrings_Step(alEStrings *es);

/// The target as given (UTF-8, NUL-terminated); its characters as gene
/// codes (alEStrings_Length of them, the strings' reference); its length in
/// characters, which is every string's length.
const char *alEStrings_Target(const alEStrings *es);
const uint8_t *alEStrings_TargetCodes(const alEStrings *es);
int alEStrings_Length(const alEStrings *es);
/// Generations evaluated so far.
int64_t alEStrings_Generations(const alEStrings *es);
/// True once a string equal to the target appeared.
bool alEStrings_Solved(const alEStrings *es);
/// The first generation (0-based) holding the target, or -1.
int64_t alEStrings_SolvedAt(const alEStrings *es);
/// Evaluations made up to and including the solving generation, or -1.
int64_t alEStrings_SolvedEvaluations(const alEStrings *es);
/// True when the GA stopped for lack of improvement (ga.stall_generations).
bool alEStrings_Stalled(const alEStrings *es);
/// Statistics of the last evaluated generation; false before the first step.
bool alEStrings_LastStats(const alEStrings *es, alGaStats *out);
/// The GA underneath (read-only).
const alGa *alEStrings_Ga(const alEStrings *es);

/// One string: not NUL-terminated; `length` bytes at `text`.
typedef struct alEStringsEntry {
    const uint8_t *text; ///< valid until the next step
    int length;
    double error; ///< its fitness (0 = the target)
    int64_t gen;  ///< the generation it belongs to
} alEStringsEntry;

/// The n best strings of the last evaluated generation, best first, into
/// out; returns how many (0 before the first step).
int alEStrings_Top(const alEStrings *es, int n, alEStringsEntry *out);
/// Best strings of past generations kept (at most def.history).
int alEStrings_HistoryCount(const alEStrings *es);
/// The best string of the k-th most recent generation (k = 0: the last one);
/// false when k is out of range.
bool alEStrings_History(const alEStrings *es, int k, alEStringsEntry *out);

/// Writes a string's gene codes as UTF-8 text into buf (NUL-terminated,
/// truncated to cap, never inside a character): 32..126 and the Latin-1
/// characters 160..255 as themselves, other codes escaped as \xNN, a
/// backslash doubled. Returns the bytes written.
size_t alEStrings_Format(const uint8_t *text, int length, char *buf, size_t cap);

/// The module class behind `alife run` with run.module = estrings.
extern const alModuleClass alEStringsModule;

#endif
