// name_cut.h — a run name shortened to fit a column, the one way the CLI
// and the window do it: cut in the middle, so both the start (the mode) and
// the distinguishing end (the scenario, a sweep's hash) stay readable.
#ifndef ALIFE_APP_NAME_CUT_H
#define ALIFE_APP_NAME_CUT_H

#include <stddef.h>

#include "alife/ellipsis.h" // AL_ELLIPSIS: the one sign of a cut, here and in the core

/// s (UTF-8, NULL: "") into buf (cap bytes) whole when it has at most max
/// characters (max >= 5), else its head and tail around AL_ELLIPSIS in max
/// characters, the tail the longer half; never splits a UTF-8 character.
/// Returns buf.
const char *al_name_cut(char *buf, size_t cap, const char *s, int max);

/// The characters (UTF-8 code points) of s.
int al_name_chars(const char *s);

#endif
