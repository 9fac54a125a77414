// options.h — small helpers shared by the subcommands' option parsing.
#ifndef ALIFE_APP_OPTIONS_H
#define ALIFE_APP_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "alife/config.h"

/// A growing list of "section.key=value" overrides (the strings are copied).
typedef struct al_sets {
    char **items;
    int count, cap;
} al_sets;

void al_sets_add(al_sets *s, const char *assignment);
/// Adds "key=value" from a typed option such as --seed.
void al_sets_addkv(al_sets *s, const char *key, const char *value);
void al_sets_free(al_sets *s);

/// Resolves the config of the commands: the file at path (NULL: the built-in
/// defaults) for module (NULL: the file's own run.module), with the --set
/// assignments of sets, which are freed whatever the outcome. NULL, err
/// filled, on any error (alCreateConfig's).
alConfig *al_sets_config(const char *path, const char *module, al_sets *sets, alError *err);

/// Parses a whole non-negative integer; false on anything else.
bool al_parse_int(const char *text, int64_t min, int64_t max, int64_t *out);

/// Seconds on a monotonic clock.
double al_now(void);
/// CPU seconds used by the whole process so far (every thread): on a shared
/// machine wall time also measures the others, CPU time mostly our own work.
double al_cpu_now(void);

#endif
