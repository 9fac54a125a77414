/// cmaes.h — the covariance matrix adaptation evolution strategy.
///
/// The (mu/mu_w, lambda)-CMA-ES of Hansen's tutorial ("The CMA Evolution
/// Strategy: A Tutorial", arXiv:1604.00772, 2016), with its default
/// parameters (Table 1): lambda = 4 + floor(3 ln n), mu = floor(lambda/2),
/// log-linear weights with the negative ("active") weights for the worse
/// half, cumulative step-size adaptation (CSA), rank-one plus rank-mu update
/// of the covariance matrix C, and B, D from C's eigendecomposition (cyclic
/// Jacobi rotations, no LAPACK) refreshed every lambda/(c1+cmu)/n/10
/// evaluations. Options: separable CMA (Ros and Hansen 2008: C diagonal,
/// O(n) per candidate, learning rates times (n+2)/3) for genomes too long for
/// an n x n matrix, and IPOP restarts (Auger and Hansen 2005: when the search
/// converges, start again from the initial mean and step size with lambda
/// times ipop_factor).
///
/// It minimises f(x) over real vectors x of dimension n (def.minimise =
/// false maximises: it minimises -f). Two ways to give it fitness:
///
///   1. A callback (def.fitness): alCmaes_Step() samples, evaluates the
///      lambda candidates in parallel (OpenMP) and updates.
///
///          alCmaes *cm = NULL;
///          if (alCreateCmaes(&def, seed, &cm, &err) != AL_OK) ...;
///          while (alCmaes_Step(cm) == AL_ALGO_RUNNING) {}
///
///   2. Ask and tell: the caller scores the candidates itself.
///
///          int lam = alCmaes_Ask(cm);
///          for (int k = 0; k < lam; ++k) f[k] = score(alCmaes_Candidate(cm, k), n);
///          alAlgoStop why = alCmaes_Tell(cm, f);
///
///      or through the generic view alCmaes_Algorithm(cm) (algorithm.h),
///      whose candidates are float vectors (the doubles rounded to float).
///
/// Generations. Generation g is sampled by Ask and closed by Tell, which
/// sorts it (ties: lower index first; non-finite fitness is the worst),
/// records the statistics and updates mean, step size, paths and C. After
/// an IPOP restart the generation count goes on; alGenStats figures say
/// which restart and lambda a generation ran with.
///
/// Stop rules (Tell's result). AL_ALGO_TARGET: the best of the generation
/// reached target (has_target). AL_ALGO_BUDGET: max_evaluations or
/// max_generations spent. AL_ALGO_CONVERGED: one of the tutorial's
/// termination criteria (alCmaes_StopCriterion names it: "tolfun", "tolx",
/// "condition", "noeffectaxis", "noeffectcoord") met with no IPOP restart
/// left; with restarts left the run restarts and Tell returns RUNNING.
///
/// Determinism. All draws come from one PCG32 stream (seed, def.stream),
/// drawn serially in Ask (normal deviates by Marsaglia's polar method); no
/// libm transcendental touches a result (log and exp are written from IEEE
/// basic operations), so the same def and seed give bit-identical results
/// with any thread count and on any IEEE machine without FMA contraction.
///
/// Thread rules. An alCmaes is used by one thread at a time. The callback is
/// called concurrently from OpenMP workers inside alCmaes_Step and must be a
/// pure function of x (and read-only ctx).
#ifndef ALIFE_CMAES_H
#define ALIFE_CMAES_H

#include <stdbool.h>
#include <stdint.h>
#include "alife/algorithm.h"
#include "alife/error.h"
#include "alife/module.h"

/// The shape of the covariance matrix.
typedef enum alCmaesCovariance {
    AL_CMAES_FULL = 0,      ///< full n x n C: O(n^2) per candidate; n <= AL_CMAES_MAX_FULL
    AL_CMAES_SEPARABLE = 1, ///< diagonal C (sep-CMA): O(n) per candidate; n <= AL_CMAES_MAX_DIM
} alCmaesCovariance;

enum {
    AL_CMAES_MAX_FULL = 2048,    ///< largest dimension for a full C (32 MB)
    AL_CMAES_MAX_DIM = 1 << 22,  ///< largest dimension at all
    AL_CMAES_MAX_LAMBDA = 1 << 20, ///< largest population, restarts included
};

/// f(x) for x of n doubles; called concurrently: pure and thread-safe.
typedef double (*alCmaesFitnessFn)(const double *x, int n, void *ctx);

/// Everything that defines a CMA-ES run. Fill from alDefaultCmaesDef(); a
/// value, copied by alCreateCmaes (x0's numbers too), never kept.
typedef struct alCmaesDef {
    int dimension;    ///< n, 1 .. AL_CMAES_MAX_DIM (default 10)
    double sigma;     ///< initial step size sigma0, > 0 and finite (default 0.5)
    const double *x0; ///< initial mean, n numbers (copied); NULL: every coordinate x0_value
    double x0_value;  ///< initial mean coordinate when x0 is NULL (default 0)
    int lambda;       ///< population, 0 = 4 + floor(3 ln n), else >= 2 (default 0)
    int mu;           ///< parents, 0 = floor(lambda/2), else 1 .. lambda (default 0)
    bool active;      ///< negative weights for the worse candidates (default true, as the tutorial)
    alCmaesCovariance covariance; ///< default AL_CMAES_FULL
    bool minimise;    ///< true: lower fitness is better (default true)

    bool has_target;          ///< stop when the best reaches target (default false)
    double target;            ///< minimise: best <= target; maximise: best >= target
    int64_t max_evaluations;  ///< stop when spent, 0 = never (default 0)
    int64_t max_generations;  ///< stop after this many generations, 0 = never (default 0)

    int restarts;        ///< IPOP restarts after convergence, >= 0 (default 0)
    double ipop_factor;  ///< lambda multiplier per restart, >= 1 (default 2)
    double tol_fun;      ///< "tolfun": f range of recent bests below it, >= 0 (default 1e-12)
    double tol_x;        ///< "tolx": step below tol_x * sigma0 in every coordinate, >= 0 (default 1e-12)

    alCmaesFitnessFn fitness; ///< NULL: fitness by ask and tell only
    void *fitness_ctx;        ///< passed to fitness; must outlive the run
    int threads;              ///< evaluation workers, 0 = alThreads_Resolve's (default 0);
                              ///< results never depend on it
    uint64_t stream;          ///< random stream id (default 0xc3a)
} alCmaesDef;

/// The defaults listed on each field above.
alCmaesDef alDefaultCmaesDef(void);

/// Checks a def: AL_ERR_CONFIG naming the field (after prefix, e.g.
/// "cmaes."; NULL: bare names), the bad value and the allowed range.
alResult alCmaesDef_Validate(const alCmaesDef *def, const char *prefix, alError *err);

typedef struct alCmaes alCmaes;

/// Creates a run at generation 0 (nothing sampled yet). Validates def as
/// alCmaesDef_Validate with prefix "cmaes."; AL_ERR_NOMEM if the arrays do
/// not fit. *out is NULL on failure.
alResult alCreateCmaes(const alCmaesDef *def, uint64_t seed, alCmaes **out, alError *err);
/// Frees the run; NULL is a no-op.
void alDestroyCmaes(alCmaes *cm);

/// Samples the current generation if not yet sampled; returns lambda.
int alCmaes_Ask(alCmaes *cm);
/// Candidate k (0 <= k < lambda) of the current generation, n doubles,
/// valid until the next Tell. Asserts that Ask ran.
const double *alCmaes_Candidate(const alCmaes *cm, int k);
/// Closes the current generation with fitness[0 .. lambda-1] (in the def's
/// sense) and updates the distribution; returns why to stop.
alAlgoStop alCmaes_Tell(alCmaes *cm, const double *fitness);
/// Ask, evaluate with the callback on def.threads workers, Tell. Asserts a callback.
alAlgoStop alCmaes_Step(alCmaes *cm);

/// Statistics of the last closed generation (false before the first Tell):
/// best/mean/worst/stddev of its fitness, evaluations so far, and figures
/// "sigma", "axis_ratio" (sqrt of C's condition), "lambda", "restart".
bool alCmaes_LastStats(const alCmaes *cm, alGenStats *out);
/// The best x ever told and its fitness (NULL before the first Tell).
const double *alCmaes_BestEver(const alCmaes *cm, double *fitness);
/// The criterion behind the last AL_ALGO_CONVERGED or restart ("" if none).
const char *alCmaes_StopCriterion(const alCmaes *cm);

int alCmaes_Dimension(const alCmaes *cm);
int alCmaes_Lambda(const alCmaes *cm);    ///< current population (grows with restarts)
int alCmaes_Mu(const alCmaes *cm);
int alCmaes_Restarts(const alCmaes *cm);  ///< restarts done so far
int64_t alCmaes_Generation(const alCmaes *cm); ///< current generation, 0-based
int64_t alCmaes_Evaluations(const alCmaes *cm);
int alCmaes_Threads(const alCmaes *cm);
/// The distribution: mean m (n doubles), step size sigma, C's entry (i, j)
/// (separable: 0 off the diagonal). Read-only, valid until the next Tell.
const double *alCmaes_Mean(const alCmaes *cm);
double alCmaes_Sigma(const alCmaes *cm);
double alCmaes_C(const alCmaes *cm, int i, int j);
/// Condition number of C (largest over smallest eigenvalue), from the last
/// eigendecomposition (separable: of the diagonal).
double alCmaes_Condition(const alCmaes *cm);
/// Learning parameters in use (tutorial Table 1): effective mu, c_sigma,
/// d_sigma, c_c, c_1, c_mu, and weight i (0 <= i < lambda; negative for the
/// worse ones when active).
double alCmaes_Mueff(const alCmaes *cm);
void alCmaes_Rates(const alCmaes *cm, double *cs, double *ds, double *cc, double *c1, double *cmu);
double alCmaes_Weight(const alCmaes *cm, int i);

/// The generic ask/tell view (algorithm.h) of the run: kind
/// AL_CANDIDATE_FLOATS, candidates the doubles rounded to float.
alAlgorithm alCmaes_Algorithm(alCmaes *cm);
/// The class behind alCmaes_Algorithm (name "cmaes").
extern const alAlgorithmClass alCmaesClass;

/// Eigendecomposition of the symmetric n x n matrix a (row-major; only its
/// upper triangle is read) by cyclic Jacobi rotations: eigenvalues into
/// eval[n] (ascending), unit eigenvectors into the columns of evec (row-major
/// n x n). work needs n*n doubles. Deterministic (a fixed order of
/// rotations). Returns the sweeps that rotated something.
int alCmaes_Eigen(int n, const double *a, double *eval, double *evec, double *work);

#endif
