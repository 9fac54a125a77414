/// counted.h — a count with its noun, singular or plural as the count says
/// ("1 hidden node", "2 hidden nodes", "0 species"): the one place the panel
/// and the command line word a counted thing, so neither says "1 nodes".
#ifndef ALIFE_COUNTED_H
#define ALIFE_COUNTED_H

#include <stddef.h>

/// Writes "<n> <noun>" into out (cap bytes, always terminated): the noun is
/// one when n is 1 or -1, else many (NULL: one with "s" added). Returns out,
/// so it can be a printf argument: alCounted(b, sizeof b, 3, "link", NULL)
/// gives "3 links", alCounted(b, sizeof b, 1, "species", "species") "1 species".
char *alCounted(char *out, size_t cap, long long n, const char *one, const char *many);

#endif
