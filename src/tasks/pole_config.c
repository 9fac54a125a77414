// The [pole] section: which pole-balancing task, its physics (every constant
// of the Gruau et al. set-up) and the controller's shape; the algorithm's
// settings are its own sections ([cmaes], [ga], [neat]). The defaults are the benchmark's; cartpole.c's alDefaultCartPoleDef
// holds the same numbers (tests/test_pole.c checks they agree).
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "alife/config.h"
#include "alife/pole.h"

static const alKeyDef pole_keys[] = {
    {"pole", "variant", AL_TYPE_ENUM, "double", 0, 0, "single|double|double_novel",
     "the task: one pole; two poles with velocities seen (Markovian); two poles, no velocities "
     "(needs memory)"},
    {"pole", "track", AL_TYPE_FLOAT, "4.8", 0.1, 1000, NULL, "track length, m; failure beyond +-track/2"},
    {"pole", "cart_mass", AL_TYPE_FLOAT, "1", 1e-6, 1e6, NULL, "mass of the cart, kg"},
    {"pole", "long_pole_length", AL_TYPE_FLOAT, "1", 1e-4, 100, NULL, "full length of the (long) pole, m"},
    {"pole", "long_pole_mass", AL_TYPE_FLOAT, "0.1", 1e-6, 1e6, NULL, "mass of the (long) pole, kg"},
    {"pole", "short_pole_length", AL_TYPE_FLOAT, "0.1", 1e-4, 100, NULL,
     "full length of the short pole (double variants), m"},
    {"pole", "short_pole_mass", AL_TYPE_FLOAT, "0.01", 1e-6, 1e6, NULL,
     "mass of the short pole (double variants), kg"},
    {"pole", "hinge_friction", AL_TYPE_FLOAT, "0.000002", 0, 10, NULL,
     "friction coefficient of the poles' hinges, N m s"},
    {"pole", "gravity", AL_TYPE_FLOAT, "9.8", 0.01, 1000, NULL, "gravity, m/s^2"},
    {"pole", "force", AL_TYPE_FLOAT, "10", 0.01, 1e4, NULL,
     "largest push on the cart, N (the controller's output in (-1, 1) times this)"},
    {"pole", "dt", AL_TYPE_FLOAT, "0.01", 1e-5, 1, NULL, "Runge-Kutta (RK4) step, s"},
    {"pole", "substeps", AL_TYPE_INT, "2", 1, 1000, NULL,
     "RK4 steps per control step (the force is held for substeps * dt seconds)"},
    {"pole", "fail_angle", AL_TYPE_FLOAT, "0.6283185307179586", 0.001, 3.14, NULL,
     "failure when a pole leans beyond this, rad (36 degrees)"},
    {"pole", "start_angle", AL_TYPE_FLOAT, "0.07", -1, 1, NULL,
     "the long pole's angle at the start of a trial, rad (0.07 rad = 4.01 degrees)"},
    {"pole", "max_steps", AL_TYPE_INT, "100000", 1, 1e9, NULL,
     "control steps a controller must balance to solve the task"},
    {"pole", "fitness", AL_TYPE_ENUM, "auto", 0, 0, "auto|steps|damping",
     "fitness: steps balanced, or Gruau's damping fitness over damping_steps (auto: damping for "
     "double_novel)"},
    {"pole", "damping_steps", AL_TYPE_INT, "1000", 100, 1e7, NULL, "length of a damping-fitness trial, steps"},
    {"pole", "hidden", AL_TYPE_INT, "0", 0, AL_POLE_MAX_HIDDEN, NULL,
     "hidden tanh neurons of the controller (0: a single-layer net, as Igel 2003)"},
    {"pole", "recurrent", AL_TYPE_ENUM, "auto", 0, 0, "auto|on|off",
     "neurons also see every neuron's previous activation (auto: on for double_novel)"},
    {"pole", "bias", AL_TYPE_BOOL, "false", 0, 0, NULL, "a constant input 1 for every neuron"},
    {"pole", "generalisation", AL_TYPE_ENUM, "auto", 0, 0, "auto|on|off",
     "solving also needs the generalisation test of Gruau et al. (625 starts; auto: on for "
     "double_novel, as in their set-up and the NEAT paper's)"},
    {"pole", "generalisation_steps", AL_TYPE_INT, "1000", 1, 1e7, NULL,
     "steps a controller must balance from each generalisation start"},
    {"pole", "generalisation_min", AL_TYPE_INT, "200", 1, AL_POLE_GEN_STARTS, NULL,
     "generalisation starts of 625 a solution must balance"},
};

// CMA-ES by default, from zero weights with step size 1; lambda 16 rather
// than Hansen's 9 for 6 weights, with which 1 seed of 50 stalls on a plateau.
// Under run.algorithm = ga the weights mutate by Gaussian steps (ants' rule).
static const alKeyOverride pole_overrides[] = {
    {"run.generations", "2000"},
    {"run.algorithm", "cmaes"},
    {"cmaes.sigma0", "1"},
    {"cmaes.lambda", "16"},
    {"ga.mutation", "gaussian"},
    {"ga.mutation_rate", "0.2"},
    {"ga.max_perturbation", "0.3"},
};

const alSchemaPart alPoleSchemaPart = {
    "pole", "pole", pole_keys, (int)(sizeof pole_keys / sizeof pole_keys[0]),
    pole_overrides, (int)(sizeof pole_overrides / sizeof pole_overrides[0]),
};

alPoleDef alDefaultPoleDef(alPoleVariant variant)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.module = "pole";
    char set[64];
    snprintf(set, sizeof set, "pole.variant=%s", alPoleVariant_Name(variant));
    const char *sets[1] = {set};
    cd.sets = sets;
    cd.set_count = 1;
    alConfig *cfg;
    alCreateConfig(&cd, &cfg, NULL);
    assert(cfg && "out of memory building the pole defaults");
    alPoleDef d;
    memset(&d, 0, sizeof d);
    if (cfg) alPoleDef_FromConfig(&d, cfg, NULL);
    alDestroyConfig(cfg);
    return d;
}

// The [pole] keys that land in a member of their name, of the def or of its
// cart, and the four named otherwise (the long pole is pole 0, the short 1).
// fitness, recurrent and generalisation (auto|...) are read in code below.
#define D(member) AL_CONFIG_FIELD(alPoleDef, "pole." #member, member)
#define C(member) AL_CONFIG_FIELD(alPoleDef, "pole." #member, cart.member)
// clang-format off
static const alConfigField pole_fields[] = {
    D(variant), D(start_angle), D(max_steps), D(damping_steps), D(hidden), D(bias),
    D(generalisation_steps), D(generalisation_min),
    C(track), C(cart_mass), C(hinge_friction), C(gravity), C(force), C(dt), C(substeps),
    C(fail_angle),
    AL_CONFIG_FIELD(alPoleDef, "pole.long_pole_length", cart.pole_length[0]),
    AL_CONFIG_FIELD(alPoleDef, "pole.long_pole_mass", cart.pole_mass[0]),
    AL_CONFIG_FIELD(alPoleDef, "pole.short_pole_length", cart.pole_length[1]),
    AL_CONFIG_FIELD(alPoleDef, "pole.short_pole_mass", cart.pole_mass[1]),
};
// clang-format on

alResult alPoleDef_FromConfig(alPoleDef *d, const alConfig *cfg, alError *err)
{
    memset(d, 0, sizeof *d);
    d->cart = alDefaultCartPoleDef();
    alConfig_ReadFields(cfg, d, pole_fields, (int)(sizeof pole_fields / sizeof pole_fields[0]));
    d->cart.poles = d->variant == AL_POLE_SINGLE ? 1 : 2;
    int fit = alConfig_Enum(cfg, "pole.fitness"); // auto|steps|damping
    d->damping = fit == 2 || (fit == 0 && d->variant == AL_POLE_DOUBLE_NOVEL);
    int rec = alConfig_Enum(cfg, "pole.recurrent"); // auto|on|off
    d->recurrent = rec == 1 || (rec == 0 && d->variant == AL_POLE_DOUBLE_NOVEL);
    int gen = alConfig_Enum(cfg, "pole.generalisation"); // auto|on|off
    d->generalisation = gen == 1 || (gen == 0 && d->variant == AL_POLE_DOUBLE_NOVEL);
    alResult r = alPoleDef_Validate(d, "pole.", err);
    return r == AL_OK ? r : alConfig_Locate(cfg, err);
}

alResult alPoleDef_Validate(const alPoleDef *d, const char *prefix, alError *err)
{
    const char *p = prefix ? prefix : "";
    if (d->variant < AL_POLE_SINGLE || d->variant > AL_POLE_DOUBLE_NOVEL)
        return alError_Set(err, AL_ERR_CONFIG, "%svariant = %d: unknown (allowed: single|double|double_novel)", p,
                           (int)d->variant);
    alResult r = alCartPoleDef_Validate(&d->cart, prefix, err);
    if (r != AL_OK) return r;
    if (d->max_steps < 1) return alError_Set(err, AL_ERR_CONFIG, "%smax_steps = %lld: out of range (allowed: >= 1)", p,
                                             (long long)d->max_steps);
    if (d->damping && d->damping_steps < 100)
        return alError_Set(err, AL_ERR_CONFIG, "%sdamping_steps = %d: out of range (allowed: >= 100)", p,
                           d->damping_steps);
    if (d->hidden < 0 || d->hidden > AL_POLE_MAX_HIDDEN)
        return alError_Set(err, AL_ERR_CONFIG, "%shidden = %d: out of range (allowed: 0 .. %d)", p, d->hidden,
                           AL_POLE_MAX_HIDDEN);
    if (d->generalisation && (d->generalisation_steps < 1 || d->generalisation_min < 1 ||
                              d->generalisation_min > AL_POLE_GEN_STARTS))
        return alError_Set(err, AL_ERR_CONFIG, "%sgeneralisation_min = %d: out of range (allowed: 1 .. %d)", p,
                           d->generalisation_min, AL_POLE_GEN_STARTS);
    return AL_OK;
}
