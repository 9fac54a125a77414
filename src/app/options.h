// options.h — small helpers shared by the subcommands' option parsing.
#ifndef ALIFE_APP_OPTIONS_H
#define ALIFE_APP_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "alife/config.h"

/// A growing list of "section.key=value" overrides (the strings are copied).
typedef struct al_sets {
    char **items;
    char **origins; ///< how each was given, for errors ("--ants 0"); NULL: a --set
    int count, cap;
} al_sets;

void al_sets_add(al_sets *s, const char *assignment);
/// Adds "key=value" (made by the command, not typed by the user).
void al_sets_addkv(al_sets *s, const char *key, const char *value);
/// Adds "key=value" from the option the user typed for it (option
/// "--generations", value "0"): an error names "--generations 0", not --set.
void al_sets_add_option(al_sets *s, const char *option, const char *key, const char *value);
/// Adds every assignment of from, with how each was given.
void al_sets_append(al_sets *s, const al_sets *from);
void al_sets_free(al_sets *s);

/// Resolves the config of the commands: the file at path (NULL: the built-in
/// defaults) for module (NULL: the file's own run.module), with the --set
/// assignments of sets (each named in errors as it was given), which are
/// freed whatever the outcome. NULL, err filled, on any error (alCreateConfig's).
alConfig *al_sets_config(const char *path, const char *module, al_sets *sets, alError *err);

/// Parses a whole non-negative integer; false on anything else.
bool al_parse_int(const char *text, int64_t min, int64_t max, int64_t *out);

/// Seconds on a monotonic clock.
double al_now(void);
/// CPU seconds used by the whole process so far (every thread): on a shared
/// machine wall time also measures the others, CPU time mostly our own work.
double al_cpu_now(void);

#endif
