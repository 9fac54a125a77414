/// config.h — typed experiment configuration.
///
/// Every key alife knows is declared once in a schema table (src/core/schema.c
/// and each module's own table): its section, name, type, default, range and
/// a one-line description. A config is resolved from (in order) the schema
/// defaults, the module's own default overrides, an INI file and `--set`
/// overrides; every value is checked against the schema on the way in, so a
/// resolved config is always valid. Keys are written "section.key".
///
/// The file: UTF-8/ASCII text, a regular file (not a directory or device),
/// no NUL bytes, lines of at most AL_CONFIG_MAX_LINE - 1 bytes. Lines are
/// "[section]", "key = value", or comments starting with ';' or '#';
/// indentation means nothing (there are no continuation lines). A value is
///   - unquoted: up to an inline comment (';' after a space), surrounding
///     spaces trimmed, backslashes literal; or
///   - quoted: "..." exactly, with the escapes \" \\ \n \t \r \xHH.
/// Numbers are decimal only ([+-]digits[.digits][e[+-]digits]; integers
/// digits only): no hex, inf, nan or "1,5"; spaces around a number, boolean
/// or choice are trimmed, in the file and in --set alike; a value too large
/// for a double, or a non-zero one that would round to 0, is out of range.
/// A --set value is taken literally unless it opens with '"' (then it is
/// read as a quoted value). alConfig_FormatIni writes in this grammar, so
/// every value reads back exactly.
#ifndef ALIFE_CONFIG_H
#define ALIFE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include "alife/error.h"

/// Longest line the reader takes, including the newline.
#define AL_CONFIG_MAX_LINE 65536

typedef enum alType {
    AL_TYPE_INT,    ///< 64-bit integer within [min, max]
    AL_TYPE_FLOAT,  ///< finite double within [min, max]
    AL_TYPE_BOOL,   ///< true/false, yes/no, on/off, 1/0
    AL_TYPE_STRING, ///< text whose length is within [min, max] bytes
    AL_TYPE_ENUM,   ///< one of the '|'-separated choices
} alType;

/// One key of the schema. Tables are static const data.
typedef struct alKeyDef {
    const char *section; ///< e.g. "ga"
    const char *name;    ///< e.g. "mutation_rate"
    alType type;
    const char *def;     ///< default, as it would be written in an INI file
    double min, max;     ///< numeric range, or string length range (inclusive)
    const char *choices; ///< ENUM only: "roulette|tournament|rank|truncation"
    const char *help;    ///< one line for `alife config --list`
} alKeyDef;

/// A module's slice of the schema: its keys and its overrides of shared
/// defaults (e.g. the ants module defaults ga.mutation_rate to 0.1).
typedef struct alKeyOverride {
    const char *key; ///< "section.key"
    const char *value;
} alKeyOverride;

typedef struct alSchemaPart {
    const char *module;   ///< "common" for keys every module has, else the module name
    const char *sections; ///< space-separated sections it owns, for docs ("ga estrings")
    const alKeyDef *keys;
    int key_count;
    const alKeyOverride *overrides; ///< module default overrides (may be NULL)
    int override_count;
} alSchemaPart;

/// The whole schema: every part, "common" first. Static, never NULL.
const alSchemaPart *alSchema_Parts(int *count);
/// Modules that can be run, in order: "steering", "estrings", "ants".
const char *const *alSchema_Modules(int *count);
/// The definition of "section.key", or NULL.
const alKeyDef *alSchema_Find(const char *fullkey);
/// Whether results depend on "section.key": false for the keys that only
/// say how a run is computed (run.threads); compare leaves those out.
/// Unknown keys: true.
bool alSchema_AffectsResults(const char *fullkey);
/// Whether module (e.g. "ants") uses key k: common keys and its own part's.
bool alSchema_KeyInModule(const alKeyDef *k, const char *module);
/// Whether a run of module under algorithm (run.algorithm's value, e.g.
/// "cmaes"; NULL: its default) reads key k: the module uses it
/// (alSchema_KeyInModule) and, if k belongs to an algorithm's part ([ga],
/// [neat], [cmaes]: a part whose section is one of run.algorithm's choices),
/// that algorithm is the run's. A stored config holds every key of the
/// module; this tells the ones the run applied from the rest.
bool alSchema_KeyInRun(const alKeyDef *k, const char *module, const char *algorithm);

typedef struct alConfig alConfig;

/// How to resolve a config. Fill from alDefaultConfigDef().
typedef struct alConfigDef {
    const char *path;          ///< INI file to read, or NULL for defaults only
    const char *text;          ///< INI text to parse instead of a file (path names it in errors)
    const char *module;        ///< module when the file has no run.module; NULL = "ants"
    const char *const *sets;   ///< "section.key=value" overrides applied last
    int set_count;
    /// How each override was given, named so in errors and alConfig_Origin
    /// (e.g. "--generations 0" for an option that sets run.generations);
    /// NULL, or a NULL entry: "--set section.key=value".
    const char *const *set_origins;
} alConfigDef;

alConfigDef alDefaultConfigDef(void);

/// Resolves a config. On any error (missing or unreadable file, INI syntax, unknown
/// section or key, duplicate key, wrong type, out of range, a key of another
/// module) returns the error's code, sets *out to NULL and fills err (may be
/// NULL) with "file:line: key = 'value': why (allowed: range)"; else AL_OK
/// and *out, to free with alDestroyConfig. The def and its strings are
/// copied, never kept.
alResult alCreateConfig(const alConfigDef *def, alConfig **out, alError *err);
/// A deep copy, or NULL if out of memory.
alConfig *alConfig_Clone(const alConfig *cfg);
/// Frees the config; NULL is a no-op.
void alDestroyConfig(alConfig *cfg);

/// Applies one "section.key=value" override with the same checks as the file.
alResult alConfig_Set(alConfig *cfg, const char *assignment, alError *err);
/// The same, the override named origin in errors and alConfig_Origin (an
/// option that sets a key: "--ants 0"); NULL: "--set section.key=value".
alResult alConfig_SetFrom(alConfig *cfg, const char *assignment, const char *origin, alError *err);

/// The module this config runs ("steering", "estrings" or "ants").
const char *alConfig_Module(const alConfig *cfg);

/// Typed getters. The key must exist in the schema with that type (asserted).
int64_t alConfig_Int(const alConfig *cfg, const char *key);
double alConfig_Float(const alConfig *cfg, const char *key);
bool alConfig_Bool(const alConfig *cfg, const char *key);
/// Valid until the config is destroyed or the key is set again.
const char *alConfig_String(const alConfig *cfg, const char *key);
/// ENUM: index of the value among the choices.
int alConfig_Enum(const alConfig *cfg, const char *key);
/// Any key's value as INI text, or NULL if the key is unknown.
const char *alConfig_Text(const alConfig *cfg, const char *key);
/// Where the value came from: "default", "module default", "FILE:LINE",
/// "--set section.key=VALUE" (the value cut to 60 bytes) or the origin an
/// override was given with (alConfig_SetFrom, alConfigDef.set_origins).
const char *alConfig_Origin(const alConfig *cfg, const char *key);

/// Writes the resolved config of its module as an INI file (every key the
/// module uses, with its description as a comment). Returns bytes written
/// (excluding the NUL) or -1; with buf == NULL just measures.
int alConfig_FormatIni(const alConfig *cfg, char *buf, size_t cap);
/// Same as FormatIni, to a stream. Returns false on a write error.
bool alConfig_WriteIni(const alConfig *cfg, FILE *out);

/// For an error found after resolving (a check across keys, a value the
/// module parses itself, e.g. ants.hidden): prefixes err's message with where
/// each config key it names was set, "FILE:LINE" or "--set key=value"
/// (several joined by ", "), unless it already starts there. Keys left at
/// their defaults add nothing. Returns err->code; err may be NULL.
alResult alConfig_Locate(const alConfig *cfg, alError *err);

/// Where one config key lands in a def, for alConfig_ReadFields. Write rows
/// with AL_CONFIG_FIELD, which takes the member's offset and size.
typedef struct alConfigField {
    const char *key; ///< "section.name", a key of the schema
    size_t offset;   ///< offsetof(the def's type, member)
    size_t size;     ///< sizeof the member
} alConfigField;
#define AL_CONFIG_FIELD(T, key, member) {key, offsetof(T, member), sizeof(((T *)0)->member)}

/// Reads each field's key into def at its offset: the value a typed getter
/// gives, cast to the member's type, chosen by the key's schema type and the
/// member's size: INT into int or int64_t, FLOAT into float or double, BOOL
/// into bool, ENUM (the choice's index) into an enum or int. STRING keys and
/// any other size are programmer mistakes (asserted). A def filled so is the
/// same, bit for bit, as one filled by `d->m = (T)alConfig_X(cfg, key)`.
void alConfig_ReadFields(const alConfig *cfg, void *def, const alConfigField *fields, int count);

/// Iterates the keys the module uses: calls fn(key, value, ctx) for each, in
/// schema order. For the run database's params table.
void alConfig_Each(const alConfig *cfg, void (*fn)(const char *key, const char *value, void *ctx),
                   void *ctx);

#endif
