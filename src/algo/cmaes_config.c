// The [cmaes] section: CMA-ES's settings, with the defaults of Hansen's
// tutorial ("The CMA Evolution Strategy: A Tutorial", 2016, Table 1 and
// section B.3) and of IPOP (Auger and Hansen 2005). Used by every module
// whose candidates are float vectors (the ants; the pole tasks add
// themselves to the part's module list). Reading them into an alCmaesDef.
#include "alife/algorithm_factory.h"

static const alKeyDef cmaes_keys[] = {
    {"cmaes", "sigma0", AL_TYPE_FLOAT, "0.5", 1e-12, 1e6, NULL,
     "initial step size sigma0 (> 0): about a quarter to a half of the genes' useful range"},
    {"cmaes", "x0", AL_TYPE_FLOAT, "0", -1e6, 1e6, NULL,
     "initial mean: every coordinate of m starts at this value"},
    {"cmaes", "lambda", AL_TYPE_INT, "0", 0, 1048576, NULL,
     "population (offspring per generation); 0: the task's population if it fixes one "
     "(ants: ants.count), else 4 + floor(3 ln n); else >= 2"},
    {"cmaes", "mu", AL_TYPE_INT, "0", 0, 1048576, NULL,
     "parents recombined into the new mean; 0: floor(lambda / 2); else 1 .. lambda"},
    {"cmaes", "active", AL_TYPE_BOOL, "true", 0, 0, NULL,
     "active CMA: negative weights for the worse half of the candidates (the tutorial's default)"},
    {"cmaes", "covariance", AL_TYPE_ENUM, "full", 0, 0, "full|separable",
     "full n x n covariance, or separable (diagonal, Ros and Hansen 2008) for long genomes"},
    {"cmaes", "restarts", AL_TYPE_INT, "0", 0, 30, NULL,
     "IPOP restarts after convergence, each with lambda times ipop_factor (0: none)"},
    {"cmaes", "ipop_factor", AL_TYPE_FLOAT, "2", 1, 10, NULL,
     "IPOP: population multiplier per restart (Auger and Hansen 2005: 2)"},
    {"cmaes", "tol_fun", AL_TYPE_FLOAT, "1e-12", 0, 1e6, NULL,
     "converged when the recent best fitness values span less than this"},
    {"cmaes", "tol_x", AL_TYPE_FLOAT, "1e-12", 0, 1e6, NULL,
     "converged when every coordinate's step is below tol_x x sigma0"},
};

const alSchemaPart alCmaesSchemaPart = {
    "ants pole", "cmaes", cmaes_keys, (int)(sizeof cmaes_keys / sizeof cmaes_keys[0]), NULL, 0,
};

// Each [cmaes] key lands in the alCmaesDef member of its name, but for
// sigma0 (sigma) and x0 (x0_value: every coordinate; the x0 array stays NULL).
// covariance's choices full|separable are AL_CMAES_FULL and AL_CMAES_SEPARABLE.
#define C(member) AL_CONFIG_FIELD(alCmaesDef, "cmaes." #member, member)
// clang-format off
static const alConfigField cmaes_fields[] = {
    AL_CONFIG_FIELD(alCmaesDef, "cmaes.sigma0", sigma), AL_CONFIG_FIELD(alCmaesDef, "cmaes.x0", x0_value),
    C(lambda), C(mu), C(active), C(covariance), C(restarts), C(ipop_factor), C(tol_fun), C(tol_x),
    AL_CONFIG_FIELD(alCmaesDef, "run.threads", threads),
};
// clang-format on

alResult alCmaesDef_FromConfig(alCmaesDef *def, const alConfig *cfg, alError *err)
{
    def->x0 = NULL;
    alConfig_ReadFields(cfg, def, cmaes_fields, (int)(sizeof cmaes_fields / sizeof cmaes_fields[0]));
    if (def->lambda == 1) {
        alError_Set(err, AL_ERR_CONFIG, "cmaes.lambda = 1: must be 0 (the default) or 2 .. 1048576");
        return alConfig_Locate(cfg, err);
    }
    return AL_OK;
}
