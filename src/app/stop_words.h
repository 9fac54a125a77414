// stop_words.h — why a run stopped, in plain words: the one way `alife run`
// says it under a run and `alife show` says it of a stored run (show printed
// the stored word alone: "stopped   generations").
#ifndef ALIFE_APP_STOP_WORDS_H
#define ALIFE_APP_STOP_WORDS_H

#include <stddef.h>

/// What a module's run.generations counts, singular: "report period" for
/// steering (as the window says), else "generation".
const char *al_period_noun(const char *module);

/// The words for stop reason why (al_session_stop_reason, runs.stop_reason)
/// of a run of module (NULL: not steering) under algorithm alg (run.algorithm; NULL: the GA) that reached
/// generation reached (its generations done, as the window counts them) with
/// run.generations = limit (< 0: unknown), into buf (cap bytes); an unknown
/// reason is copied as it is. Returns buf.
const char *al_stop_words(const char *why, const char *module, const char *alg, long long reached, long long limit,
                          char *buf, size_t cap);

#endif
