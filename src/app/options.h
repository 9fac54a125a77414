// options.h — small helpers shared by the subcommands' option parsing.
#ifndef ALIFE_APP_OPTIONS_H
#define ALIFE_APP_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/// A growing list of "section.key=value" overrides (the strings are copied).
typedef struct al_sets {
    char **items;
    int count, cap;
} al_sets;

void al_sets_add(al_sets *s, const char *assignment);
/// Adds "key=value" from a typed option such as --seed.
void al_sets_addkv(al_sets *s, const char *key, const char *value);
void al_sets_free(al_sets *s);

/// Parses a whole non-negative integer; false on anything else.
bool al_parse_int(const char *text, int64_t min, int64_t max, int64_t *out);

/// Seconds on a monotonic clock.
double al_now(void);
/// CPU seconds used by the whole process so far (every thread): on a shared
/// machine wall time also measures the others, CPU time mostly our own work.
double al_cpu_now(void);

#endif
