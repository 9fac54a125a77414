// The schema: every config key alife knows, in parts. "common" holds the keys
// every module has; each module contributes its own part from its own file.
#include "alife/config.h"

#include <pthread.h>
#include <string.h>

static const alKeyDef common_keys[] = {
    {"run", "module", AL_TYPE_ENUM, "ants", 0, 0, "steering|estrings|ants|xor|pole",
     "which module this experiment runs"},
    {"run", "algorithm", AL_TYPE_ENUM, "ga", 0, 0, "ga|neat|cmaes",
     "the evolutionary algorithm: ga (genetic algorithm), neat (NEAT), cmaes (CMA-ES); each "
     "module takes (default first): estrings ga; ants ga, cmaes or neat; xor neat; pole cmaes, ga or neat; "
     "steering ga only (unused: it evolves nothing)"},
    {"run", "name", AL_TYPE_STRING, "", 0, 64, NULL,
     "a short name for the run in the database (empty: the config file's name)"},
    {"run", "seed", AL_TYPE_INT, "1", 0, 9007199254740991.0, NULL,
     "random seed: same config + seed gives the same statistics"},
    {"run", "generations", AL_TYPE_INT, "100", 1, 1e9, NULL,
     "stop after this many generations (report periods for steering)"},
    {"run", "steps", AL_TYPE_INT, "0", 0, 1e12, NULL,
     "stop after this many simulation ticks (0: no tick limit)"},
    {"run", "threads", AL_TYPE_INT, "0", 0, 256, NULL,
     "worker threads for the simulation passes (0: OMP_NUM_THREADS if set, else one per "
     "processor); results do not depend on it"},
    {"run", "sweep", AL_TYPE_STRING, "", 0, 64, NULL,
     "the sweep this run belongs to (set by alife sweep; empty for single runs)"},
    {"run", "group", AL_TYPE_STRING, "", 0, 256, NULL,
     "the sweep group of this run: its overrides, e.g. ga.mutation_rate=0.05 (set by alife sweep)"},
    {"world", "width", AL_TYPE_FLOAT, "800", 10, 1e6, NULL, "world width, world units"},
    {"world", "height", AL_TYPE_FLOAT, "600", 10, 1e6, NULL, "world height, world units"},
    {"world", "edge", AL_TYPE_ENUM, "wrap", 0, 0, "wrap|bounce|contain",
     "what happens at the world's edge: wrap around (torus), bounce back, or stop"},
};

// Keys results do not depend on (the schema's flag; the same config and seed
// give the same statistics whatever their value).
static const char *const no_effect_keys[] = {"run.threads"};

bool alSchema_AffectsResults(const char *fullkey)
{
    for (size_t i = 0; i < sizeof no_effect_keys / sizeof no_effect_keys[0]; ++i)
        if (strcmp(fullkey, no_effect_keys[i]) == 0) return false;
    return true;
}

static const alSchemaPart common_part = {
    "common", "run world", common_keys, (int)(sizeof common_keys / sizeof common_keys[0]), NULL, 0,
};

// Each module's part lives beside its code and is listed here.
extern const alSchemaPart alSteeringSchema;     // src/steer/steering_config.c
extern const alSchemaPart alGaSchemaPart;       // src/evolve/ga_config.c
extern const alSchemaPart alEStringsSchemaPart; // src/evolve/estrings_config.c
extern const alSchemaPart alAntsSchemaPart;     // src/evolve/ants_config.c
extern const alSchemaPart alCmaesSchemaPart;    // src/algo/cmaes_config.c
extern const alSchemaPart alNeatSchemaPart;     // src/algo/neat_config.c
extern const alSchemaPart alXorSchemaPart;      // src/tasks/xor.c
extern const alSchemaPart alPoleSchemaPart;     // src/tasks/pole_config.c
static const alSchemaPart *const parts_list[] = {
    &common_part,
    &alSteeringSchema,
    &alGaSchemaPart,
    &alEStringsSchemaPart,
    &alAntsSchemaPart,
    &alCmaesSchemaPart,
    &alNeatSchemaPart,
    &alXorSchemaPart,
    &alPoleSchemaPart,
};

static alSchemaPart parts_copy[sizeof parts_list / sizeof parts_list[0]];
static pthread_once_t parts_once = PTHREAD_ONCE_INIT;

static void copy_parts(void)
{
    for (size_t i = 0; i < sizeof parts_list / sizeof parts_list[0]; ++i) parts_copy[i] = *parts_list[i];
}

const alSchemaPart *alSchema_Parts(int *count)
{
    // A contiguous array of values is easier on callers than one of pointers.
    // Made once: rewriting it on every call raced with readers in other
    // threads (undefined behaviour even when the bytes written are the same).
    pthread_once(&parts_once, copy_parts);
    *count = (int)(sizeof parts_list / sizeof parts_list[0]);
    return parts_copy;
}

static const char *const module_names[] = {"steering", "estrings", "ants", "xor", "pole"};

const char *const *alSchema_Modules(int *count)
{
    *count = (int)(sizeof module_names / sizeof module_names[0]);
    return module_names;
}

static bool key_matches(const alKeyDef *k, const char *fullkey)
{
    size_t sl = strlen(k->section);
    return strncmp(fullkey, k->section, sl) == 0 && fullkey[sl] == '.' &&
           strcmp(fullkey + sl + 1, k->name) == 0;
}

const alKeyDef *alSchema_Find(const char *fullkey)
{
    int n;
    const alSchemaPart *parts = alSchema_Parts(&n);
    for (int p = 0; p < n; ++p)
        for (int i = 0; i < parts[p].key_count; ++i)
            if (key_matches(&parts[p].keys[i], fullkey)) return &parts[p].keys[i];
    return NULL;
}

bool alSchema_KeyInModule(const alKeyDef *k, const char *module)
{
    int n;
    const alSchemaPart *parts = alSchema_Parts(&n);
    for (int p = 0; p < n; ++p) {
        if (k >= parts[p].keys && k < parts[p].keys + parts[p].key_count) {
            if (strcmp(parts[p].module, "common") == 0) return true;
            // A part may serve several modules: "estrings ants" for the GA.
            const char *m = parts[p].module;
            size_t ml = strlen(module);
            while (*m) {
                while (*m == ' ') ++m;
                size_t wl = strcspn(m, " ");
                if (wl == ml && strncmp(m, module, ml) == 0) return true;
                m += wl;
            }
            return false;
        }
    }
    return false;
}

// The part that holds k (a pointer into its static table), or NULL.
static const alSchemaPart *part_of(const alKeyDef *k)
{
    int n;
    const alSchemaPart *parts = alSchema_Parts(&n);
    for (int p = 0; p < n; ++p)
        if (k >= parts[p].keys && k < parts[p].keys + parts[p].key_count) return &parts[p];
    return NULL;
}

// Whether word (NUL-ended) is one of the '|'-separated choices.
static bool in_choices(const char *choices, const char *word)
{
    size_t wl = strlen(word);
    for (const char *c = choices; *c;) {
        size_t cl = strcspn(c, "|");
        if (cl == wl && strncmp(c, word, wl) == 0) return true;
        c += cl + (c[cl] == '|');
    }
    return false;
}

bool alSchema_KeyInRun(const alKeyDef *k, const char *module, const char *algorithm)
{
    if (!alSchema_KeyInModule(k, module)) return false;
    const alKeyDef *alg = alSchema_Find("run.algorithm");
    const alSchemaPart *part = part_of(k);
    if (!alg || !part || !in_choices(alg->choices, part->sections)) return true;
    return strcmp(part->sections, algorithm ? algorithm : alg->def) == 0;
}
