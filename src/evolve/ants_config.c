// The [ants] schema part, the ants' defaults for shared keys ([ga], [world]),
// and reading a resolved config into an alAntsDef with its cross-key checks.
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"

static const alKeyDef ants_keys[] = {
    {"ants", "world", AL_TYPE_ENUM, "shared", 0, 0, "shared|own",
     "shared: all ants of a generation in one world, competing for the food (an eaten item is "
     "gone for all); own: each ant in its own copy of the world (fitness free of luck)"},
    {"ants", "count", AL_TYPE_INT, "30", 2, 100000, NULL,
     "ants per generation (the GA population)"},
    {"ants", "ticks", AL_TYPE_INT, "2000", 1, 10000000, NULL,
     "ticks per generation; then fitness is taken and the GA breeds"},
    {"ants", "food", AL_TYPE_INT, "40", 1, 100000, NULL,
     "food items in the world (an eaten one respawns at random)"},
    {"ants", "hidden", AL_TYPE_STRING, "6", 0, 64, NULL,
     "hidden layer widths, comma-separated (\"6\", \"8,4\"); \"none\" or empty: no hidden layer"},
    {"ants", "activation", AL_TYPE_ENUM, "sigmoid", 0, 0, "sigmoid|tanh",
     "neuron activation: sigmoid 1/(1+e^(-a/response)) or tanh(a/response)"},
    {"ants", "response", AL_TYPE_FLOAT, "0.3", 0.01, 100, NULL,
     "activation response: larger gives a gentler slope"},
    {"ants", "inputs", AL_TYPE_INT, "0", 0, 64, NULL,
     "brain inputs, the first of: look-at x, y, food x, y, mine x, y (0: all the sensors give)"},
    {"ants", "frame", AL_TYPE_ENUM, "body", 0, 0, "world|body",
     "food/mine vectors as (ahead, sideways) of the ant's heading, or in world x, y (Smart Sweepers)"},
    {"ants", "food_sense", AL_TYPE_ENUM, "nearest", 0, 0, "nearest|free",
     "which food an ant senses: its nearest, or (shared world) the nearest no other ant is closer "
     "to, as the greedy group shares it out (own worlds: the same as nearest)"},
    {"ants", "max_turn", AL_TYPE_FLOAT, "0.3", 0.001, 1, NULL, "largest turn, radians per tick"},
    {"ants", "max_speed", AL_TYPE_FLOAT, "2", 0.01, 1000, NULL,
     "speed with both tracks full on, world units per tick"},
    {"ants", "eat_radius", AL_TYPE_FLOAT, "7", 0.01, 10000, NULL,
     "an ant eats food (or hits a mine) within this distance, world units"},
    {"ants", "mines", AL_TYPE_BOOL, "false", 0, 0, NULL, "land mines on: ants sense and must avoid them"},
    {"ants", "mine_count", AL_TYPE_INT, "40", 1, 100000, NULL, "land mines in the world"},
    {"ants", "mine_penalty", AL_TYPE_FLOAT, "5", 0, 1e6, NULL, "fitness lost per mine hit"},
    {"ants", "mine_ramp", AL_TYPE_INT, "0", 0, 1000000, NULL,
     "generations over which the mine penalty rises from 0 to mine_penalty (0: full from the start)"},
    {"ants", "mine_range", AL_TYPE_FLOAT, "50", 0.01, 1e6, NULL,
     "mines are sensed within this distance: the mine input fades from full at the mine to 0 here"},
    {"ants", "mine_hit", AL_TYPE_ENUM, "penalty", 0, 0, "penalty|end",
     "a mine hit costs the penalty (and the mine respawns), or also ends the ant's generation"},
    {"ants", "baseline_ants", AL_TYPE_INT, "10", 0, 65535, NULL,
     "the greedy group, run each generation as a reference (figure baseline_mean): this many greedy "
     "ants, each in its own copy of the world; 0: none. Shared world: any value > 0 makes it ants.count "
     "greedy ants sharing a world"},
};

// Smart Sweepers (Buckland): 400 x 400 world, crossover 0.7, mutation 0.1
// with max perturbation 0.3, 4 elites. Tournament selection (3) rather than
// roulette: with every ant scoring 80..110 roulette barely prefers the best,
// and the population's mean then trails the greedy baseline for 100+
// generations (scripts/ants_acceptance.sh shows both).
static const alKeyOverride ants_overrides[] = {
    {"world.width", "400"},         {"world.height", "400"},
    {"ga.selection", "tournament"}, {"ga.tournament_k", "3"},
    {"ga.crossover", "one_point"},
    {"ga.crossover_rate", "0.7"},   {"ga.mutation", "gaussian"},
    {"ga.mutation_rate", "0.1"},    {"ga.max_perturbation", "0.3"},
    {"ga.elites", "4"},             {"ga.elite_copies", "1"},
};

const alSchemaPart alAntsSchemaPart = {
    "ants", "ants", ants_keys, (int)(sizeof ants_keys / sizeof ants_keys[0]),
    ants_overrides, (int)(sizeof ants_overrides / sizeof ants_overrides[0]),
};

// What no config key sets; from_config fills the rest.
static alAntsDef base_def(void)
{
    alAntsDef d = {0};
    d.brain = alDefaultNNLayout();
    d.algorithm = AL_ALGORITHM_GA;
    d.ga = alDefaultGaDef();
    d.ga.type = AL_GENOME_FLOATS;
    d.cmaes = alDefaultCmaesDef();
    d.neat = alDefaultNeatDef();
    return d;
}

static alResult from_config(alAntsDef *def, const alConfig *cfg, alError *err);

// The defaults are the schema's (this file's table and its overrides of
// [ga] and [world]), read through a config of defaults: written only once.
alAntsDef alDefaultAntsDef(void)
{
    alAntsDef d = base_def();
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "ants";
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, NULL);
    assert(cfg && "out of memory building the ants defaults");
    if (cfg) from_config(&d, cfg, NULL);
    alDestroyConfig(cfg);
    return d;
}

// "6", "8, 4", "none" or "" into the hidden widths of l (between input and output).
static alResult parse_hidden(const char *text, alNNLayout *l, alError *err)
{
    int n = 0;
    const char *p = text;
    while (*p == ' ') ++p;
    if (*p == '\0' || strcmp(p, "none") == 0) return (l->layer_count = 2), AL_OK;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p)
            return alError_Set(err, AL_ERR_CONFIG,
                               "ants.hidden = '%s': not a list of widths (allowed: e.g. \"6\" or "
                               "\"8,4\", each 1..%d; \"none\" for no hidden layer)",
                               text, AL_NN_MAX_WIDTH);
        if (v < 1 || v > AL_NN_MAX_WIDTH)
            return alError_Set(err, AL_ERR_CONFIG,
                               "ants.hidden = '%s': layer %d has width %ld (allowed: 1..%d neurons)",
                               text, n + 1, v, AL_NN_MAX_WIDTH);
        if (n + 2 >= AL_NN_MAX_LAYERS)
            return alError_Set(err, AL_ERR_CONFIG,
                               "ants.hidden = '%s': too many layers (allowed: at most %d hidden)",
                               text, AL_NN_MAX_LAYERS - 2);
        l->sizes[1 + n++] = (int)v;
        p = end;
        while (*p == ' ') ++p;
        if (*p == ',') {
            ++p;
            while (*p == ' ') ++p;
            if (*p == '\0') return alError_Set(err, AL_ERR_CONFIG, "ants.hidden = '%s': ends with a comma", text);
        } else if (*p) {
            return alError_Set(err, AL_ERR_CONFIG,
                               "ants.hidden = '%s': unexpected '%c' (allowed: widths separated by commas)",
                               text, *p);
        }
    }
    l->layer_count = n + 2;
    return AL_OK;
}

// The [ants] keys that land in the alAntsDef member of their name, and the
// ones that do not (world, the brain's activation and response); hidden and
// inputs are parsed and checked in from_config. An enum member takes the
// index of its key's choice: the choices are listed in the enum's order.
#define A(member) AL_CONFIG_FIELD(alAntsDef, "ants." #member, member)
// clang-format off
static const alConfigField ants_fields[] = {
    A(count), A(ticks), A(food), A(frame), A(food_sense), A(max_turn), A(max_speed), A(eat_radius),
    A(mines), A(mine_count), A(mine_penalty), A(mine_ramp), A(mine_hit), A(mine_range),
    A(baseline_ants), AL_CONFIG_FIELD(alAntsDef, "ants.world", world_mode),
    AL_CONFIG_FIELD(alAntsDef, "ants.activation", brain.activation),
    AL_CONFIG_FIELD(alAntsDef, "ants.response", brain.response),
    AL_CONFIG_FIELD(alAntsDef, "run.threads", threads),
};
// clang-format on

static alResult from_config(alAntsDef *def, const alConfig *cfg, alError *err)
{
    *def = base_def();
    def->world = alWorld_FromConfig(cfg);
    alConfig_ReadFields(cfg, def, ants_fields, (int)(sizeof ants_fields / sizeof ants_fields[0]));
    alNNLayout *l = &def->brain;
    alResult r = parse_hidden(alConfig_String(cfg, "ants.hidden"), l, err);
    if (r != AL_OK) return r;
    int sensors = def->mines ? AL_ANTS_SENSORS_MINES : AL_ANTS_SENSORS_FOOD;
    int inputs = (int)alConfig_Int(cfg, "ants.inputs");
    if (inputs > sensors)
        return alError_Set(err, AL_ERR_CONFIG,
                           "ants.inputs = %d: the sensors provide only %d values (look-at x, y, "
                           "food x, y%s) (allowed: 0..%d, 0 = all)",
                           inputs, sensors, def->mines ? ", mine x, y" : "; mines add 2", sensors);
    l->sizes[0] = inputs ? inputs : sensors;
    l->sizes[l->layer_count - 1] = 2;

    alAlgorithmTask task = alAnts_AlgorithmTask(def);
    alAlgorithmDef ad;
    r = alAlgorithmDef_FromConfig(&ad, cfg, &task, err);
    if (r != AL_OK) return r;
    def->algorithm = ad.id;
    def->ga = ad.ga;
    def->cmaes = ad.cmaes;
    def->neat = ad.neat;
    return alAntsDef_Validate(def, err);
}

alResult alAntsDef_FromConfig(alAntsDef *def, const alConfig *cfg, alError *err)
{
    alResult r = from_config(def, cfg, err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err); // name the lines of the keys
}

alResult alAntsDef_Validate(const alAntsDef *d, alError *err)
{
    if (d->count < 2)
        return alError_Set(err, AL_ERR_CONFIG, "ants.count = %d: too few ants (allowed: 2..100000)",
                           d->count);
    if (d->world_mode != AL_ANTS_SHARED && d->world_mode != AL_ANTS_OWN)
        return alError_Set(err, AL_ERR_CONFIG, "ants.world = %d: out of range (allowed: shared, own)",
                           (int)d->world_mode);
    if (d->ticks < 1)
        return alError_Set(err, AL_ERR_CONFIG, "ants.ticks = %d: out of range (allowed: >= 1)",
                           d->ticks);
    if (d->food < 1)
        return alError_Set(err, AL_ERR_CONFIG, "ants.food = %d: out of range (allowed: >= 1)",
                           d->food);
    if (d->mines && d->mine_count < 1)
        return alError_Set(err, AL_ERR_CONFIG, "ants.mine_count = %d: out of range (allowed: >= 1)",
                           d->mine_count);
    if (!(d->max_turn > 0.0f && d->max_turn <= 1.0f))
        return alError_Set(err, AL_ERR_CONFIG, "ants.max_turn = %g: out of range (allowed: (0, 1])",
                           (double)d->max_turn);
    if (!(d->max_speed > 0.0f) || !(d->eat_radius > 0.0f))
        return alError_Set(err, AL_ERR_CONFIG,
                           "ants.max_speed = %g, ants.eat_radius = %g: both must be > 0",
                           (double)d->max_speed, (double)d->eat_radius);
    if (!(d->mine_range > 0.0f))
        return alError_Set(err, AL_ERR_CONFIG, "ants.mine_range = %g: out of range (allowed: > 0)",
                           (double)d->mine_range);
    if (!(d->mine_penalty >= 0.0f) || !isfinite(d->mine_penalty))
        return alError_Set(err, AL_ERR_CONFIG,
                           "ants.mine_penalty = %g: not a finite number >= 0 (allowed: 0..1e6)",
                           (double)d->mine_penalty);
    if (d->baseline_ants < 0 || d->baseline_ants > 65535)
        return alError_Set(err, AL_ERR_CONFIG, "ants.baseline_ants = %d: out of range (allowed: 0..65535)",
                           d->baseline_ants);
    alResult r = alNN_Check(&d->brain, "ants.hidden", err);
    if (r != AL_OK) return r;
    int sensors = d->mines ? AL_ANTS_SENSORS_MINES : AL_ANTS_SENSORS_FOOD;
    if (d->brain.sizes[0] > sensors)
        return alError_Set(err, AL_ERR_CONFIG,
                           "ants.inputs = %d: the sensors provide only %d values (allowed: 1..%d)",
                           d->brain.sizes[0], sensors, sensors);
    if (d->brain.sizes[d->brain.layer_count - 1] != 2)
        return alError_Set(err, AL_ERR_CONFIG,
                           "brain outputs = %d: an ant needs exactly 2 (left and right track)",
                           d->brain.sizes[d->brain.layer_count - 1]);
    if (d->algorithm == AL_ALGORITHM_GA && (int64_t)d->ga.elites * d->ga.elite_copies >= d->count)
        return alError_Set(err, AL_ERR_CONFIG,
                           "ga.elites = %d x ga.elite_copies = %d: must be fewer than ants.count = %d",
                           d->ga.elites, d->ga.elite_copies, d->count);
    alAlgorithmTask task = alAnts_AlgorithmTask(d);
    alAlgorithmDef ad = alAnts_AlgorithmDef(d);
    return alAlgorithmDef_Validate(&ad, &task, err);
}

alAlgorithmTask alAnts_AlgorithmTask(const alAntsDef *def)
{
    return (alAlgorithmTask){.name = "ants",
                             .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_FLOATS) | AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT),
                             .length = def->algorithm == AL_ALGORITHM_NEAT ? 1 : alNN_WeightCount(&def->brain),
                             .population = def->count, .minimise = false, .threads = def->threads,
                             .inputs = def->brain.sizes[0], .outputs = 2};
}

alAlgorithmDef alAnts_AlgorithmDef(const alAntsDef *def)
{
    alAlgorithmDef ad = alDefaultAlgorithmDef();
    ad.id = def->algorithm;
    ad.ga = def->ga;
    ad.cmaes = def->cmaes;
    ad.neat = def->neat;
    return ad;
}
