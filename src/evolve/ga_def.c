// The GA's def: its defaults, its validation, the [ga] keys read into it,
// and the names of its choices.
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "alife/ga.h"

static const char *const selection_names[] = {"roulette", "tournament", "rank", "truncation"};
static const char *const crossover_names[] = {"one_point", "two_point", "uniform"};
static const char *const mutation_names[] = {"reset", "creep", "gaussian", "uniform"};
static const char *const stop_names[] = {"running", "target reached", "max generations", "stalled",
                                         "error"};

const char *alSelection_Name(alSelection s)
{
    return (unsigned)s < 4 ? selection_names[s] : "?";
}
const char *alCrossover_Name(alCrossover c)
{
    return (unsigned)c < 3 ? crossover_names[c] : "?";
}
const char *alMutation_Name(alMutation m)
{
    return (unsigned)m < 4 ? mutation_names[m] : "?";
}
const char *alGaStop_Name(alGaStop s)
{
    return (unsigned)s < 5 ? stop_names[s] : "?";
}

// ---- definition --------------------------------------------------------------

alGaDef alDefaultGaDef(void)
{
    alGaDef d;
    memset(&d, 0, sizeof d);
    d.type = AL_GENOME_BYTES;
    d.population = 100;
    d.length = 16;
    d.init_min = -1.0f;
    d.init_max = 1.0f;
    d.diversity_sample = 32;
    d.stream = 0x6a;
    // The operators' defaults are the schema's [ga] section (ga_config.c),
    // read through a config of defaults so that they are written only once.
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "estrings"; // a module with no overrides of [ga]
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, NULL);
    assert(cfg && "out of memory building the GA's defaults");
    if (cfg) alGaDef_FromConfig(&d, cfg, NULL);
    alDestroyConfig(cfg);
    return d;
}

alResult alGaDef_Validate(const alGaDef *d, const char *prefix, alError *err)
{
    const char *p = prefix ? prefix : "";
    if (d->type != AL_GENOME_BYTES && d->type != AL_GENOME_FLOATS)
        return alError_Set(err, AL_ERR_CONFIG, "GA genome type %d is neither bytes nor floats",
                           (int)d->type);
    if (d->population < 2)
        return alError_Set(
            err, AL_ERR_CONFIG,
            "population = %d: a GA needs at least 2 individuals (allowed: 2 or more)",
            d->population);
    if (d->length < 1)
        return alError_Set(err, AL_ERR_CONFIG, "genome length = %d (allowed: 1 or more)",
                           d->length);
    if (!(d->crossover_rate >= 0 && d->crossover_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%scrossover_rate = %g is not a probability (allowed: 0 to 1)", p,
                           d->crossover_rate);
    if (!(d->mutation_rate >= 0 && d->mutation_rate <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%smutation_rate = %g is not a probability (allowed: 0 to 1)", p,
                           d->mutation_rate);
    if ((unsigned)d->selection > AL_SELECT_TRUNCATION)
        return alError_Set(err, AL_ERR_CONFIG, "%sselection = %d is unknown", p, (int)d->selection);
    if ((unsigned)d->crossover > AL_CROSS_UNIFORM)
        return alError_Set(err, AL_ERR_CONFIG, "%scrossover = %d is unknown", p, (int)d->crossover);
    if (d->selection == AL_SELECT_TOURNAMENT &&
        (d->tournament_k < 1 || d->tournament_k > d->population))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%stournament_k = %d (allowed: 1 to the population, %d)", p,
                           d->tournament_k, d->population);
    if (d->selection == AL_SELECT_TRUNCATION && !(d->truncation > 0 && d->truncation <= 1))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%struncation = %g (allowed: more than 0, at most 1)", p, d->truncation);
    if (d->selection == AL_SELECT_ROULETTE && d->negative == AL_GA_NEGATIVE_REFUSE && d->minimise)
        return alError_Set(err, AL_ERR_CONFIG,
                           "roulette that refuses negative fitness needs a maximised fitness");
    if (d->elites < 0 || d->elite_copies < 1)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%selites = %d, %selite_copies = %d (allowed: elites >= 0, copies >= 1)",
                           p, d->elites, p, d->elite_copies);
    if ((int64_t)d->elites * d->elite_copies >= d->population)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%selites = %d x %selite_copies = %d leaves no room for children in a "
                           "population of %d (allowed: elites x copies < population)",
                           p, d->elites, p, d->elite_copies, d->population);
    if (d->max_generations < 0 || d->stall_generations < 0)
        return alError_Set(
            err, AL_ERR_CONFIG,
            "max_generations = %lld, %sstall_generations = %lld (allowed: 0 = never, or more)",
            (long long)d->max_generations, p, (long long)d->stall_generations);
    if (d->has_target && !isfinite(d->target_fitness))
        return alError_Set(err, AL_ERR_CONFIG, "target fitness %g is not a finite number",
                           d->target_fitness);
    if (d->diversity_sample < 1)
        return alError_Set(err, AL_ERR_CONFIG, "diversity_sample = %d (allowed: 1 or more)",
                           d->diversity_sample);
    if (d->threads < 0)
        return alError_Set(err, AL_ERR_CONFIG, "threads = %d (allowed: 0 = OpenMP's default, or more)",
                           d->threads);
    if (d->type == AL_GENOME_BYTES) {
        if (d->mutation != AL_MUTATE_RESET && d->mutation != AL_MUTATE_CREEP)
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%smutation = '%s' is for float genomes (allowed for strings: reset|creep)", p,
                alMutation_Name(d->mutation));
        int na = d->alphabet ? d->alphabet_size : 256;
        if (na < 2 || na > 256)
            return alError_Set(err, AL_ERR_CONFIG, "alphabet of %d symbols (allowed: 2 to 256)",
                               na);
        if (d->alphabet) {
            bool seen[256] = {false};
            for (int i = 0; i < na; ++i) {
                if (seen[d->alphabet[i]])
                    return alError_Set(err, AL_ERR_CONFIG,
                                       "alphabet lists byte %d twice (symbols must be distinct)",
                                       d->alphabet[i]);
                seen[d->alphabet[i]] = true;
            }
        }
        if (d->mutation == AL_MUTATE_CREEP && (d->creep < 1 || d->creep >= na))
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%screep = %d (allowed: 1 to %d, one less than the alphabet's %d symbols)", p,
                d->creep, na - 1, na);
    } else {
        if (d->mutation != AL_MUTATE_GAUSSIAN && d->mutation != AL_MUTATE_UNIFORM)
            return alError_Set(
                err, AL_ERR_CONFIG,
                "%smutation = '%s' is for strings (allowed for float genomes: gaussian|uniform)", p,
                alMutation_Name(d->mutation));
        if (!(d->max_perturbation > 0) || !isfinite(d->max_perturbation))
            return alError_Set(err, AL_ERR_CONFIG, "%smax_perturbation = %g (allowed: more than 0)",
                               p, (double)d->max_perturbation);
        if (!(d->init_min <= d->init_max) || !isfinite(d->init_min) || !isfinite(d->init_max))
            return alError_Set(err, AL_ERR_CONFIG, "initial gene range [%g, %g] is empty",
                               (double)d->init_min, (double)d->init_max);
    }
    return AL_OK;
}

alResult alGaDef_FromConfig(alGaDef *d, const alConfig *cfg, alError *err)
{
    d->selection = (alSelection)alConfig_Enum(cfg, "ga.selection");
    d->tournament_k = (int)alConfig_Int(cfg, "ga.tournament_k");
    d->truncation = alConfig_Float(cfg, "ga.truncation");
    d->crossover = (alCrossover)alConfig_Enum(cfg, "ga.crossover");
    d->crossover_rate = alConfig_Float(cfg, "ga.crossover_rate");
    d->mutation = (alMutation)alConfig_Enum(cfg, "ga.mutation");
    d->mutation_rate = alConfig_Float(cfg, "ga.mutation_rate");
    d->creep = (int)alConfig_Int(cfg, "ga.creep");
    d->max_perturbation = (float)alConfig_Float(cfg, "ga.max_perturbation");
    d->elites = (int)alConfig_Int(cfg, "ga.elites");
    d->elite_copies = (int)alConfig_Int(cfg, "ga.elite_copies");
    d->stall_generations = alConfig_Int(cfg, "ga.stall_generations");
    d->threads = (int)alConfig_Int(cfg, "run.threads");
    bool bytes = d->type == AL_GENOME_BYTES;
    bool byte_kind = d->mutation == AL_MUTATE_RESET || d->mutation == AL_MUTATE_CREEP;
    if (bytes != byte_kind)
        return alError_Set(err, AL_ERR_CONFIG, "ga.mutation = '%s' does not fit %s (allowed: %s)",
                           alMutation_Name(d->mutation),
                           bytes ? "string genomes" : "float genomes (network weights)",
                           bytes ? "reset|creep" : "gaussian|uniform");
    return AL_OK;
}

