// estrings_alphabet.h — internal to EStrings: the alphabets as sets of
// characters and the UTF-8 targets turned into gene codes.
#ifndef ALIFE_ESTRINGS_ALPHABET_H
#define ALIFE_ESTRINGS_ALPHABET_H

#include <stddef.h>
#include <stdint.h>

#include "alife/estrings.h"

/// The code points of alphabet a, in creep order (each < 256, and each a
/// gene byte as it is); returns how many (at most 256).
int al_estrings_symbols(alEStringsAlphabet a, uint8_t *out);
/// The character at s (n >= 1 bytes left): its code point into *cp; returns
/// its length in bytes. A byte that starts no valid UTF-8 sequence is one
/// character, the Latin-1 one of that code.
int al_estrings_next_char(const char *s, size_t n, uint32_t *cp);
/// A checked target's characters as gene codes into codes (NULL: only
/// count); returns how many characters.
int al_estrings_encode(const char *target, uint8_t *codes);

#endif
