// CMA-ES after Hansen's tutorial (arXiv:1604.00772, 2016): Table 1's
// defaults, the update of its Figure 6 / appendix A, separable C (Ros and
// Hansen 2008) and IPOP restarts (Auger and Hansen 2005).
//
// Why it looks the way it does:
//  - Every draw is made serially in ask from one PCG32 stream, and only the
//    fitness callback runs in parallel; so threads cannot change a result.
//  - log and exp are detmath.h's (alDet_Log, alDet_Exp), not libm's, which
//    differs in the last bit between libcs.
//  - We keep z_k ~ N(0, I) besides y_k = B D z_k: C^(-1/2) y_k = B z_k, so
//    the path p_sigma and the active weights' norms need no inverse matrix.
//  - B and D are refreshed only every lambda/(c1+cmu)/n/10 evaluations
//    (the tutorial's lazy update), which keeps a generation O(lambda n^2).
//  - B^T C B is updated alongside C, so a refresh is a few threshold Jacobi
//    rotations of a nearly diagonal matrix applied straight to B: no n^3
//    product (at n = 40 the lazy gap is under a generation, as in pycma).
#include "alife/cmaes.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "alife/detmath.h"
#include "alife/rng.h"
#include "alife/threads.h"

// ---- the state ------------------------------------------------------------------------

struct alCmaes {
    alCmaesDef def;
    int n;
    double *x0;
    alRng rng;
    bool have_spare;
    double spare;
    int threads;

    // strategy parameters of the current restart
    int lambda, mu;
    double *w; // lambda weights, sorted best first
    double mueff, cs, ds, cc, c1, cmu, chin, sumw;
    int64_t eigen_every; // evaluations between eigendecompositions (>= 1)

    // distribution
    double *m, *ps, *pc, *C; // C: n*n (full) or n (separable)
    double *B, *D;           // full: eigenvectors (columns) and sqrt(eigenvalues)
    double *eA, *eV;         // B^T C B, tracked (update_eigen); scratch
    double sigma, condition;
    double decay_cs; // (1 - cs)^(2 (g+1)) for h_sigma
    int64_t eigen_evals;

    // population of the current generation (capacity cap_lambda)
    int cap_lambda;
    double *z, *y, *x; // lambda * n each
    float *xf;
    double *fmin;  // fitness in the minimising sense
    double *fraw;  // alCmaes_Step's evaluations
    int *order;
    double *tmp, *yw, *zw;
    bool asked;

    // history, statistics
    int64_t gen, inner_gen, evals;
    int restarts_done;
    double *hist; // best per generation of this restart, ring of hist_len
    int hist_len;
    const char *criterion;
    bool have_stats;
    alGenStats stats;
    double *best_x;
    float *best_xf;
    double best_f, best_fmin;
};

alCmaesDef alDefaultCmaesDef(void)
{
    alCmaesDef d;
    memset(&d, 0, sizeof d);
    d.dimension = 10;
    d.sigma = 0.5;
    d.x0_value = 0;
    d.active = true;
    d.covariance = AL_CMAES_FULL;
    d.minimise = true;
    d.restarts = 0;
    d.ipop_factor = 2;
    d.tol_fun = 1e-12;
    d.tol_x = 1e-12;
    d.stream = 0xc3a;
    return d;
}

static int default_lambda(int n) { return 4 + (int)floor(3 * alDet_Log((double)n)); }

alResult alCmaesDef_Validate(const alCmaesDef *d, const char *prefix, alError *err)
{
    const char *p = prefix ? prefix : "";
    if (d->dimension < 1 || d->dimension > AL_CMAES_MAX_DIM)
        return alError_Set(err, AL_ERR_CONFIG, "%sdimension = %d: must be 1 .. %d", p, d->dimension,
                           AL_CMAES_MAX_DIM);
    if (d->covariance != AL_CMAES_FULL && d->covariance != AL_CMAES_SEPARABLE)
        return alError_Set(err, AL_ERR_CONFIG, "%scovariance = %d: must be full (0) or separable (1)",
                           p, (int)d->covariance);
    if (d->covariance == AL_CMAES_FULL && d->dimension > AL_CMAES_MAX_FULL)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%sdimension = %d: a full covariance allows 1 .. %d (use %scovariance = "
                           "separable for longer genomes)",
                           p, d->dimension, AL_CMAES_MAX_FULL, p);
    if (!(d->sigma > 0) || !isfinite(d->sigma))
        return alError_Set(err, AL_ERR_CONFIG, "%ssigma = %g: must be > 0 and finite", p, d->sigma);
    if (d->x0) {
        for (int i = 0; i < d->dimension; ++i)
            if (!isfinite(d->x0[i]))
                return alError_Set(err, AL_ERR_CONFIG, "%sx0[%d] = %g: must be finite", p, i, d->x0[i]);
    } else if (!isfinite(d->x0_value)) {
        return alError_Set(err, AL_ERR_CONFIG, "%sx0 = %g: must be finite", p, d->x0_value);
    }
    if (d->lambda != 0 && (d->lambda < 2 || d->lambda > AL_CMAES_MAX_LAMBDA))
        return alError_Set(err, AL_ERR_CONFIG, "%slambda = %d: must be 0 (4 + floor(3 ln n)) or 2 .. %d",
                           p, d->lambda, AL_CMAES_MAX_LAMBDA);
    int lam = d->lambda ? d->lambda : default_lambda(d->dimension);
    if (d->mu != 0 && (d->mu < 1 || d->mu > lam))
        return alError_Set(err, AL_ERR_CONFIG, "%smu = %d: must be 0 (lambda/2) or 1 .. lambda (%d)", p,
                           d->mu, lam);
    if (d->restarts < 0 || d->restarts > 30)
        return alError_Set(err, AL_ERR_CONFIG, "%srestarts = %d: must be 0 .. 30", p, d->restarts);
    if (!(d->ipop_factor >= 1) || d->ipop_factor > 10)
        return alError_Set(err, AL_ERR_CONFIG, "%sipop_factor = %g: must be 1 .. 10", p, d->ipop_factor);
    if (!(d->tol_fun >= 0) || !isfinite(d->tol_fun))
        return alError_Set(err, AL_ERR_CONFIG, "%stol_fun = %g: must be >= 0 and finite", p, d->tol_fun);
    if (!(d->tol_x >= 0) || !isfinite(d->tol_x))
        return alError_Set(err, AL_ERR_CONFIG, "%stol_x = %g: must be >= 0 and finite", p, d->tol_x);
    if (d->has_target && isnan(d->target))
        return alError_Set(err, AL_ERR_CONFIG, "%starget = nan: must be a number", p);
    if (d->max_evaluations < 0)
        return alError_Set(err, AL_ERR_CONFIG, "%smax_evaluations = %lld: must be >= 0 (0 = no limit)", p,
                           (long long)d->max_evaluations);
    if (d->max_generations < 0)
        return alError_Set(err, AL_ERR_CONFIG, "%smax_generations = %lld: must be >= 0 (0 = no limit)", p,
                           (long long)d->max_generations);
    if (d->threads < 0 || d->threads > 1024)
        return alError_Set(err, AL_ERR_CONFIG, "%sthreads = %d: must be 0 .. 1024 (0 = automatic)", p,
                           d->threads);
    return AL_OK;
}

// ---- parameters (Table 1) -------------------------------------------------------------

static void set_parameters(alCmaes *cm, int lambda)
{
    const int n = cm->n;
    const double N = n;
    cm->lambda = lambda;
    cm->mu = cm->def.mu ? (cm->def.mu < lambda ? cm->def.mu : lambda) : lambda / 2;
    if (cm->mu < 1) cm->mu = 1;
    const int mu = cm->mu;
    double *w = cm->w;
    // w'_i = ln((lambda+1)/2) - ln i; a given mu shifts the positive part to ln(mu+1/2) - ln i.
    double lpos = cm->def.mu ? alDet_Log(mu + 0.5) : alDet_Log((lambda + 1) / 2.0);
    double lneg = alDet_Log((lambda + 1) / 2.0);
    double spos = 0, spos2 = 0, sneg = 0, sneg2 = 0;
    for (int i = 0; i < lambda; ++i) {
        double li = alDet_Log(i + 1.0);
        if (i < mu) {
            w[i] = lpos - li;
            spos += w[i];
            spos2 += w[i] * w[i];
        } else {
            double v = lneg - li;
            w[i] = v < 0 ? v : 0;
            sneg -= w[i];
            sneg2 += w[i] * w[i];
        }
    }
    cm->mueff = spos * spos / spos2;
    const double me = cm->mueff;
    double mueff_neg = sneg2 > 0 ? sneg * sneg / sneg2 : 0;

    cm->cs = (me + 2) / (N + me + 5);
    double q = sqrt((me - 1) / (N + 1)) - 1;
    cm->ds = 1 + 2 * (q > 0 ? q : 0) + cm->cs;
    cm->cc = (4 + me / N) / (N + 4 + 2 * me / N);
    const double acov = 2;
    double c1 = acov / ((N + 1.3) * (N + 1.3) + me);
    double cmu = acov * (me - 2 + 1 / me) / ((N + 2) * (N + 2) + acov * me / 2);
    if (cm->def.covariance == AL_CMAES_SEPARABLE) { // Ros and Hansen 2008
        c1 *= (N + 2) / 3;
        cmu *= (N + 2) / 3;
    }
    if (c1 > 1) c1 = 1;
    if (cmu > 1 - c1) cmu = 1 - c1;
    cm->c1 = c1;
    cm->cmu = cmu;

    cm->sumw = 0;
    for (int i = 0; i < lambda; ++i)
        if (w[i] > 0) w[i] /= spos;
    if (sneg > 0) {
        double scale = 0;
        if (cm->def.active && cmu > 0) {
            double a_mu = 1 + c1 / cmu;
            double a_eff = 1 + 2 * mueff_neg / (me + 2);
            double a_pd = (1 - c1 - cmu) / (N * cmu);
            scale = a_mu < a_eff ? a_mu : a_eff;
            if (a_pd < scale) scale = a_pd;
            scale /= sneg;
        }
        for (int i = 0; i < lambda; ++i)
            if (w[i] < 0) w[i] *= scale;
    }
    for (int i = 0; i < lambda; ++i) cm->sumw += w[i];

    cm->chin = sqrt(N) * (1 - 1 / (4 * N) + 1 / (21 * N * N));
    double every = lambda / (c1 + cmu) / N / 10;
    cm->eigen_every = every < 1 ? 1 : (int64_t)every;
    cm->hist_len = 10 + (int)ceil(30.0 * N / lambda);
}

// ---- memory ---------------------------------------------------------------------------

static void free_population(alCmaes *cm)
{
    free(cm->w);
    free(cm->z);
    free(cm->y);
    free(cm->x);
    free(cm->xf);
    free(cm->fmin);
    free(cm->fraw);
    free(cm->order);
    free(cm->hist);
    cm->w = cm->z = cm->y = cm->x = cm->fmin = cm->fraw = cm->hist = NULL;
    cm->xf = NULL;
    cm->order = NULL;
}

static bool alloc_population(alCmaes *cm, int lambda)
{
    free_population(cm);
    size_t ln = (size_t)lambda * (size_t)cm->n;
    int hist = 10 + (int)ceil(30.0 * cm->n / lambda);
    cm->w = malloc(sizeof(double) * (size_t)lambda);
    cm->z = malloc(sizeof(double) * ln);
    cm->y = malloc(sizeof(double) * ln);
    cm->x = malloc(sizeof(double) * ln);
    cm->xf = malloc(sizeof(float) * ln);
    cm->fmin = malloc(sizeof(double) * (size_t)lambda);
    cm->fraw = malloc(sizeof(double) * (size_t)lambda);
    cm->order = malloc(sizeof(int) * (size_t)lambda);
    cm->hist = malloc(sizeof(double) * (size_t)hist);
    cm->cap_lambda = lambda;
    return cm->w && cm->z && cm->y && cm->x && cm->xf && cm->fmin && cm->fraw && cm->order && cm->hist;
}

// Back to the initial distribution (creation and every restart).
static void reset_distribution(alCmaes *cm)
{
    const int n = cm->n;
    memcpy(cm->m, cm->x0, sizeof(double) * (size_t)n);
    memset(cm->ps, 0, sizeof(double) * (size_t)n);
    memset(cm->pc, 0, sizeof(double) * (size_t)n);
    cm->sigma = cm->def.sigma;
    if (cm->def.covariance == AL_CMAES_FULL) {
        memset(cm->C, 0, sizeof(double) * (size_t)n * (size_t)n);
        memset(cm->B, 0, sizeof(double) * (size_t)n * (size_t)n);
        memset(cm->eA, 0, sizeof(double) * (size_t)n * (size_t)n);
        for (int i = 0; i < n; ++i) cm->C[(size_t)i * n + i] = cm->B[(size_t)i * n + i] = cm->eA[(size_t)i * n + i] = 1;
    } else {
        for (int i = 0; i < n; ++i) cm->C[i] = 1;
    }
    for (int i = 0; i < n; ++i) cm->D[i] = 1;
    cm->condition = 1;
    cm->decay_cs = 1;
    cm->inner_gen = 0;
    cm->eigen_evals = cm->evals;
    cm->asked = false;
}

void alDestroyCmaes(alCmaes *cm)
{
    if (!cm) return;
    free_population(cm);
    free(cm->x0);
    free(cm->m);
    free(cm->ps);
    free(cm->pc);
    free(cm->C);
    free(cm->B);
    free(cm->D);
    free(cm->eA);
    free(cm->eV);
    free(cm->tmp);
    free(cm->yw);
    free(cm->zw);
    free(cm->best_x);
    free(cm->best_xf);
    free(cm);
}

alResult alCreateCmaes(const alCmaesDef *def, uint64_t seed, alCmaes **out, alError *err)
{
    assert(def && out);
    *out = NULL;
    alResult r = alCmaesDef_Validate(def, "cmaes.", err);
    if (r != AL_OK) return r;
    alCmaes *cm = calloc(1, sizeof *cm);
    if (!cm) return alError_Set(err, AL_ERR_NOMEM, "cmaes: out of memory");
    cm->def = *def;
    cm->def.x0 = NULL; // copied below, never kept
    const int n = cm->n = def->dimension;
    const size_t nn = def->covariance == AL_CMAES_FULL ? (size_t)n * (size_t)n : (size_t)n;
    cm->x0 = malloc(sizeof(double) * (size_t)n);
    cm->m = malloc(sizeof(double) * (size_t)n);
    cm->ps = malloc(sizeof(double) * (size_t)n);
    cm->pc = malloc(sizeof(double) * (size_t)n);
    cm->C = malloc(sizeof(double) * nn);
    cm->B = def->covariance == AL_CMAES_FULL ? malloc(sizeof(double) * nn) : NULL;
    cm->D = malloc(sizeof(double) * (size_t)n);
    cm->eA = def->covariance == AL_CMAES_FULL ? malloc(sizeof(double) * nn) : NULL;
    cm->eV = def->covariance == AL_CMAES_FULL ? malloc(sizeof(double) * nn) : NULL;
    cm->tmp = malloc(sizeof(double) * (size_t)n);
    cm->yw = malloc(sizeof(double) * (size_t)n);
    cm->zw = malloc(sizeof(double) * (size_t)n);
    cm->best_x = malloc(sizeof(double) * (size_t)n);
    cm->best_xf = malloc(sizeof(float) * (size_t)n);
    int lambda = def->lambda ? def->lambda : default_lambda(n);
    bool ok = cm->x0 && cm->m && cm->ps && cm->pc && cm->C && cm->D && cm->tmp && cm->yw &&
              cm->zw && cm->best_x && cm->best_xf &&
              (def->covariance != AL_CMAES_FULL || (cm->B && cm->eA && cm->eV)) && alloc_population(cm, lambda);
    if (!ok) {
        alDestroyCmaes(cm);
        return alError_Set(err, AL_ERR_NOMEM, "cmaes: out of memory for dimension %d, lambda %d", n,
                           lambda);
    }
    for (int i = 0; i < n; ++i) cm->x0[i] = def->x0 ? def->x0[i] : def->x0_value;
    cm->rng = alRng_Stream(seed, def->stream);
    cm->threads = alThreads_Resolve(def->threads);
    cm->criterion = "";
    set_parameters(cm, lambda);
    reset_distribution(cm);
    *out = cm;
    return AL_OK;
}

// ---- sampling -------------------------------------------------------------------------

// count draws of N(0, 1) by Marsaglia's polar method (only sqrt and log, both
// deterministic here), a pair per accepted point, the second of a pair kept
// for the next call when count runs out. The points of a chunk are drawn
// first and transformed after, so that the logs of a chunk do not wait on
// the rejection loop's branches; the same draws in the same order.
static void normals(alCmaes *cm, double *z, size_t count)
{
    size_t i = 0;
    if (count && cm->have_spare) {
        z[i++] = cm->spare;
        cm->have_spare = false;
    }
    enum { CHUNK = 32 };
    double u[CHUNK], v[CHUNK], s[CHUNK];
    while (i < count) {
        size_t pairs = (count - i + 1) / 2;
        if (pairs > CHUNK) pairs = CHUNK;
        for (size_t p = 0; p < pairs; ++p) {
            double a, b, r;
            do {
                a = 2 * alRng_Double(&cm->rng) - 1;
                b = 2 * alRng_Double(&cm->rng) - 1;
                r = a * a + b * b;
            } while (r >= 1 || r == 0);
            u[p] = a;
            v[p] = b;
            s[p] = r;
        }
        for (size_t p = 0; p < pairs; ++p) {
            double f = sqrt(-2 * alDet_Log(s[p]) / s[p]);
            z[i++] = u[p] * f;
            if (i < count) {
                z[i++] = v[p] * f;
            } else {
                cm->spare = v[p] * f;
                cm->have_spare = true;
            }
        }
    }
}

int alCmaes_Ask(alCmaes *cm)
{
    if (cm->asked) return cm->lambda;
    const int n = cm->n, lam = cm->lambda;
    const bool full = cm->def.covariance == AL_CMAES_FULL;
    normals(cm, cm->z, (size_t)lam * (size_t)n);
    for (int k = 0; k < lam; ++k) {
        double *z = cm->z + (size_t)k * n, *y = cm->y + (size_t)k * n, *x = cm->x + (size_t)k * n;
        float *xf = cm->xf + (size_t)k * n;
        if (full) {
            for (int j = 0; j < n; ++j) cm->tmp[j] = cm->D[j] * z[j];
            for (int i = 0; i < n; ++i) {
                const double *b = cm->B + (size_t)i * n;
                double s = 0;
                for (int j = 0; j < n; ++j) s += b[j] * cm->tmp[j];
                y[i] = s;
            }
        } else {
            for (int i = 0; i < n; ++i) y[i] = cm->D[i] * z[i];
        }
        for (int i = 0; i < n; ++i) {
            x[i] = cm->m[i] + cm->sigma * y[i];
            xf[i] = (float)x[i];
        }
    }
    cm->asked = true;
    return lam;
}

const double *alCmaes_Candidate(const alCmaes *cm, int k)
{
    assert(cm->asked && k >= 0 && k < cm->lambda);
    return cm->x + (size_t)k * cm->n;
}

// ---- eigendecomposition ------------------------------------------------------------

// Bit for bit the cyclic Jacobi it always was (the same rotations in the same
// order, each entry rotated by the same products), laid out for the vector
// units: w is kept whole (both triangles, mirrored exactly), so a rotation
// turns rows p and q end to end and copies them into columns p and q; the
// eigenvectors are built as the rows of evec (V^T) and transposed at the end.
// The clones differ only in vector width: no FMA (-ffp-contract=off), so all
// give the same bits. Not under clang (the ThreadSanitizer build), whose
// sanitised resolver crashes.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define EIGEN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define EIGEN_CLONES
#endif

// Cyclic Jacobi sweeps on w (whole, both triangles), until a sweep rotates
// nothing: an entry a_pq with a_pq^2 <= tau |a_pp a_qq| is left. Each
// rotation also turns vectors p and q of v, whose k-th entries are at
// v[p * vs + k * ks] (rows: vs = n, ks = 1; columns: vs = 1, ks = n).
// Returns the number of sweeps.
static inline int jacobi_sweeps(size_t N, double *w, double *v, size_t vs, size_t ks, double tau)
{
    int sweep = 0;
    for (; sweep < 64; ++sweep) {
        int rotations = 0;
        for (size_t p = 0; p + 1 < N; ++p) {
            for (size_t q = p + 1; q < N; ++q) {
                double *wp = w + p * N, *wq = w + q * N;
                double apq = wp[q];
                double app = wp[p], aqq = wq[q];
                if (apq * apq <= tau * fabs(app * aqq) || fabs(apq) < DBL_MIN) continue; // no sqrt
                rotations++;
                double theta = (aqq - app) / (2 * apq);
                double t = theta >= 0 ? 1 / (theta + sqrt(theta * theta + 1))
                                      : -1 / (-theta + sqrt(theta * theta + 1));
                if (fabs(theta) > 1e150) t = 1 / (2 * theta);
                double c = 1 / sqrt(t * t + 1), s = t * c;
                // the pairs (a_pk, a_qk) rotate (p and q too; overwritten below)
                for (size_t k = 0; k < N; ++k) {
                    double x = wp[k], y = wq[k];
                    wp[k] = c * x - s * y;
                    wq[k] = s * x + c * y;
                }
                wp[p] = app - t * apq;
                wq[q] = aqq + t * apq;
                wp[q] = wq[p] = 0;
                for (size_t k = 0; k < N; ++k) { // columns p and q: the mirror
                    w[k * N + p] = wp[k];
                    w[k * N + q] = wq[k];
                }
                double *restrict vp = v + p * vs, *restrict vq = v + q * vs; // V J
                for (size_t k = 0; k < N; ++k) {
                    double x = vp[k * ks], y = vq[k * ks];
                    vp[k * ks] = c * x - s * y;
                    vq[k * ks] = s * x + c * y;
                }
            }
        }
        if (rotations == 0) break;
    }
    return sweep;
}

EIGEN_CLONES
int alCmaes_Eigen(int n, const double *a, double *eval, double *evec, double *w)
{
    const size_t N = (size_t)n;
    for (size_t i = 0; i < N; ++i) // the upper triangle, mirrored
        for (size_t j = i; j < N; ++j) w[i * N + j] = w[j * N + i] = a[i * N + j];
    memset(evec, 0, sizeof(double) * N * N);
    for (size_t i = 0; i < N; ++i) evec[i * N + i] = 1;
    // An entry below 1e-10 of its diagonal pair moves an eigenvalue by less
    // than 1e-20 relative. (Each tightening by 1e-4 or so costs a whole
    // sweep more.)
    int sweep = jacobi_sweeps(N, w, evec, N, 1, 1e-20);
    for (size_t i = 0; i < N; ++i) eval[i] = w[i * N + i];
    // ascending, ties by index (selection sort: n swaps of eigenvectors)
    for (size_t i = 0; i + 1 < N; ++i) {
        size_t b = i;
        for (size_t j = i + 1; j < N; ++j)
            if (eval[j] < eval[b]) b = j;
        if (b == i) continue;
        double t = eval[i];
        eval[i] = eval[b];
        eval[b] = t;
        for (size_t k = 0; k < N; ++k) {
            double v = evec[i * N + k];
            evec[i * N + k] = evec[b * N + k];
            evec[b * N + k] = v;
        }
    }
    for (size_t i = 0; i < N; ++i) // the rows were the eigenvectors: into the columns
        for (size_t j = i + 1; j < N; ++j) {
            double v = evec[i * N + j];
            evec[i * N + j] = evec[j * N + i];
            evec[j * N + i] = v;
        }
    return sweep;
}

static inline void transpose(int n, const double *a, double *t)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) t[(size_t)j * n + i] = a[(size_t)i * n + j];
}

// (3.2e-3)^2: see update_eigen.
#define TRACK_TAU 1e-5

// Cloned like alCmaes_Eigen: the rotations are most of a generation's work.
EIGEN_CLONES
static void update_eigen(alCmaes *cm)
{
    const int n = cm->n;
    if (cm->def.covariance == AL_CMAES_SEPARABLE) {
        double lo = INFINITY, hi = 0;
        for (int i = 0; i < n; ++i) {
            double c = cm->C[i] > DBL_MIN ? cm->C[i] : DBL_MIN;
            cm->D[i] = sqrt(c);
            if (c < lo) lo = c;
            if (c > hi) hi = c;
        }
        cm->condition = hi / lo;
        return;
    }
    // A = B^T C B is kept current by track_eigenbasis (no n^3 product):
    // Jacobi turns it diagonal again, each rotation applied straight to the
    // columns of B. What the threshold leaves stays in A for the next time,
    // so nothing is lost; meanwhile B D^2 B^T differs from C by at most
    // 3.2e-3 of sqrt(A_pp A_qq) per entry in the eigenbasis, about the
    // staleness pycma's lazy update allows (C moves by 1/(10 n) between its
    // decompositions: 2.5e-3 at n = 40). Tighter costs rotations, not
    // evaluations (alife bench cmaes, n = 10 and 40).
    // (B's columns are turned as the rows of its transpose, whole vectors at
    // a time: the same products as turning them in place, so the same bits.)
    double *A = cm->eA, *B = cm->B, *Bt = cm->eV;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) A[(size_t)j * n + i] = A[(size_t)i * n + j];
    transpose(n, B, Bt);
    jacobi_sweeps((size_t)n, A, Bt, (size_t)n, 1, TRACK_TAU);
    transpose(n, Bt, B);
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < n; ++i) {
        double e = A[(size_t)i * n + i] > DBL_MIN ? A[(size_t)i * n + i] : DBL_MIN;
        cm->D[i] = sqrt(e);
        if (e < lo) lo = e;
        if (e > hi) hi = e;
    }
    cm->condition = hi / lo;
    cm->eigen_evals = cm->evals;
}

// ---- tell -----------------------------------------------------------------------------

typedef struct fk {
    double f;
    int k;
} fk;

static int cmp_fk(const void *a, const void *b)
{
    const fk *p = a, *q = b;
    if (p->f < q->f) return -1;
    if (p->f > q->f) return 1;
    return (p->k > q->k) - (p->k < q->k);
}

// Best first, ties by index. Up to 64 candidates (every default lambda up
// to n = 2048) by insertion, in place: the same order as the pairs' qsort
// (a total order), without a malloc each generation.
static void sort_population(alCmaes *cm)
{
    const int lam = cm->lambda;
    fk *v = lam > 64 ? malloc(sizeof(fk) * (size_t)lam) : NULL;
    if (v) {
        for (int k = 0; k < lam; ++k) v[k] = (fk){cm->fmin[k], k};
        qsort(v, (size_t)lam, sizeof *v, cmp_fk);
        for (int k = 0; k < lam; ++k) cm->order[k] = v[k].k;
        free(v);
        return;
    }
    // few, or no memory for the pairs: insertion sort in place (same order)
    for (int k = 0; k < lam; ++k) {
        int j = k;
        while (j > 0 && cm->fmin[cm->order[j - 1]] > cm->fmin[k]) {
            cm->order[j] = cm->order[j - 1];
            --j;
        }
        cm->order[j] = k;
    }
}

// The update of C in the eigenbasis, A <- B^T C' B, every generation (B
// changes only at a decomposition): B^T C B decays like C, B^T p_c is one
// product, and B^T y_k = D z_k since y_k = B D z_k. O(lambda n^2). Rounding
// between A and B^T C B fades with the decay; a restart starts both at I.
EIGEN_CLONES
static void track_eigenbasis(alCmaes *cm, double decay, const double *wo, int used)
{
    const int n = cm->n;
    double *A = cm->eA, *u = cm->eV, *v = cm->eV + n;
    const double *B = cm->B, *D = cm->D, *pc = cm->pc, c1 = cm->c1;
    for (int j = 0; j < n; ++j) u[j] = 0;
    for (int i = 0; i < n; ++i) {
        const double *b = B + (size_t)i * n;
        for (int j = 0; j < n; ++j) u[j] += pc[i] * b[j];
    }
    for (int i = 0; i < n; ++i) {
        double *Ai = A + (size_t)i * n;
        for (int j = i; j < n; ++j) Ai[j] = decay * Ai[j] + c1 * u[i] * u[j];
    }
    for (int r = 0; r < used; ++r) {
        if (wo[r] == 0) continue;
        const double *z = cm->z + (size_t)cm->order[r] * n;
        for (int i = 0; i < n; ++i) v[i] = D[i] * z[i];
        for (int i = 0; i < n; ++i) {
            double a = wo[r] * v[i];
            double *Ai = A + (size_t)i * n;
            for (int j = i; j < n; ++j) Ai[j] += a * v[j];
        }
    }
}

static void update_distribution(alCmaes *cm)
{
    const int n = cm->n, lam = cm->lambda, mu = cm->mu;
    const double *w = cm->w;
    const bool full = cm->def.covariance == AL_CMAES_FULL;
    double *yw = cm->yw, *zw = cm->zw;
    memset(yw, 0, sizeof(double) * (size_t)n);
    memset(zw, 0, sizeof(double) * (size_t)n);
    for (int r = 0; r < mu; ++r) {
        const double *y = cm->y + (size_t)cm->order[r] * n, *z = cm->z + (size_t)cm->order[r] * n;
        for (int i = 0; i < n; ++i) {
            yw[i] += w[r] * y[i];
            zw[i] += w[r] * z[i];
        }
    }
    // mean (c_m = 1)
    for (int i = 0; i < n; ++i) cm->m[i] += cm->sigma * yw[i];
    // p_sigma with C^(-1/2) y_w = B z_w
    const double fs = sqrt(cm->cs * (2 - cm->cs) * cm->mueff);
    double ps2 = 0;
    for (int i = 0; i < n; ++i) {
        double v = zw[i];
        if (full) {
            const double *b = cm->B + (size_t)i * n;
            v = 0;
            for (int j = 0; j < n; ++j) v += b[j] * zw[j];
        }
        cm->ps[i] = (1 - cm->cs) * cm->ps[i] + fs * v;
        ps2 += cm->ps[i] * cm->ps[i];
    }
    const double psn = sqrt(ps2);
    cm->decay_cs *= (1 - cm->cs) * (1 - cm->cs);
    const bool hsig = psn / sqrt(1 - cm->decay_cs) < (1.4 + 2.0 / (n + 1)) * cm->chin;
    const double fc = hsig ? sqrt(cm->cc * (2 - cm->cc) * cm->mueff) : 0;
    for (int i = 0; i < n; ++i) cm->pc[i] = (1 - cm->cc) * cm->pc[i] + fc * yw[i];

    // C: decay, rank one, rank mu with the active weights w_i n / |C^(-1/2) y_i|^2
    const double c1 = cm->c1, cmu = cm->cmu;
    const double delta = hsig ? 0 : cm->cc * (2 - cm->cc);
    const double decay = 1 + c1 * delta - c1 - cmu * cm->sumw;
    double *wo = cm->fmin; // reused: the fitness is not needed past the sort
    int used = 0;
    for (int r = 0; r < lam; ++r) {
        double wr = w[r];
        if (wr < 0) {
            const double *z = cm->z + (size_t)cm->order[r] * n;
            double z2 = 0;
            for (int i = 0; i < n; ++i) z2 += z[i] * z[i];
            wr *= z2 > 0 ? n / z2 : 0;
        }
        wo[r] = cmu * wr;
        if (wr != 0) used = r + 1;
    }
    if (full) {
        for (int i = 0; i < n; ++i) {
            double *Ci = cm->C + (size_t)i * n;
            for (int j = i; j < n; ++j) Ci[j] = decay * Ci[j] + c1 * cm->pc[i] * cm->pc[j];
        }
        for (int r = 0; r < used; ++r) {
            if (wo[r] == 0) continue;
            const double *y = cm->y + (size_t)cm->order[r] * n;
            for (int i = 0; i < n; ++i) {
                double a = wo[r] * y[i];
                double *Ci = cm->C + (size_t)i * n;
                for (int j = i; j < n; ++j) Ci[j] += a * y[j];
            }
        }
    } else {
        for (int i = 0; i < n; ++i) cm->C[i] = decay * cm->C[i] + c1 * cm->pc[i] * cm->pc[i];
        for (int r = 0; r < used; ++r) {
            const double *y = cm->y + (size_t)cm->order[r] * n;
            for (int i = 0; i < n; ++i) cm->C[i] += wo[r] * y[i] * y[i];
        }
    }
    if (full) track_eigenbasis(cm, decay, wo, used);

    // sigma by CSA (the exponent capped at 1, as pycma does, against a blow-up)
    double e = cm->cs / cm->ds * (psn / cm->chin - 1);
    cm->sigma *= alDet_Exp(e < 1 ? e : 1);

    if (!full || cm->evals - cm->eigen_evals >= cm->eigen_every) update_eigen(cm);
}

// The tutorial's termination criteria (appendix B) for the current restart;
// "" when none holds.
static const char *criterion(const alCmaes *cm, double gen_range)
{
    const int n = cm->n;
    const bool full = cm->def.covariance == AL_CMAES_FULL;
    if (cm->inner_gen >= cm->hist_len) {
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < cm->hist_len; ++i) {
            if (cm->hist[i] < lo) lo = cm->hist[i];
            if (cm->hist[i] > hi) hi = cm->hist[i];
        }
        if (hi - lo < cm->def.tol_fun && gen_range < cm->def.tol_fun) return "tolfun";
    }
    const double tx = cm->def.tol_x * cm->def.sigma;
    bool small = true;
    for (int i = 0; i < n && small; ++i) {
        double cii = full ? cm->C[(size_t)i * n + i] : cm->C[i];
        if (cm->sigma * sqrt(cii) >= tx || cm->sigma * fabs(cm->pc[i]) >= tx) small = false;
    }
    if (small) return "tolx";
    if (cm->condition > 1e14) return "condition";
    if (full) {
        int a = (int)(cm->inner_gen % n);
        bool none = true;
        for (int i = 0; i < n && none; ++i) {
            double step = 0.1 * cm->sigma * cm->D[a] * cm->B[(size_t)i * n + a];
            if (cm->m[i] + step != cm->m[i]) none = false;
        }
        if (none) return "noeffectaxis";
    }
    for (int i = 0; i < n; ++i) {
        double cii = full ? cm->C[(size_t)i * n + i] : cm->C[i];
        if (cm->m[i] + 0.2 * cm->sigma * sqrt(cii) == cm->m[i]) return "noeffectcoord";
    }
    return "";
}

static bool restart(alCmaes *cm)
{
    double nl = cm->lambda * cm->def.ipop_factor;
    int lambda = nl > AL_CMAES_MAX_LAMBDA ? AL_CMAES_MAX_LAMBDA : (int)nl;
    if (lambda < cm->lambda) lambda = cm->lambda;
    if (lambda != cm->lambda) {
        if (!alloc_population(cm, lambda)) return false;
        set_parameters(cm, lambda);
    }
    cm->restarts_done++;
    reset_distribution(cm);
    return true;
}

alAlgoStop alCmaes_Tell(alCmaes *cm, const double *fitness)
{
    assert(cm->asked && fitness);
    const int n = cm->n, lam = cm->lambda;
    const double sense = cm->def.minimise ? 1 : -1;
    for (int k = 0; k < lam; ++k) {
        double f = sense * fitness[k];
        cm->fmin[k] = isnan(f) ? INFINITY : f; // NaN is the worst; so is +inf
    }
    cm->evals += lam;
    sort_population(cm);
    const int best = cm->order[0];
    const double fbest = cm->fmin[best];
    const double gen_range = cm->fmin[cm->order[lam - 1]] - fbest;

    // statistics of the generation, in the caller's sense
    alGenStats *s = &cm->stats;
    memset(s, 0, sizeof *s);
    s->gen = cm->gen;
    alGenStats_FromFitness(s, fitness, lam, cm->def.minimise);
    s->best = fitness[best];
    s->evaluations = cm->evals;
    if (!cm->have_stats || fbest < cm->best_fmin) {
        cm->best_fmin = fbest;
        cm->best_f = fitness[best];
        memcpy(cm->best_x, cm->x + (size_t)best * n, sizeof(double) * (size_t)n);
        for (int i = 0; i < n; ++i) cm->best_xf[i] = (float)cm->best_x[i];
    }
    cm->have_stats = true;
    cm->hist[cm->inner_gen % cm->hist_len] = fbest;

    update_distribution(cm);
    alGenStats_AddFigure(s, "sigma", cm->sigma);
    alGenStats_AddFigure(s, "axis_ratio", sqrt(cm->condition));
    alGenStats_AddFigure(s, "lambda", lam);
    alGenStats_AddFigure(s, "restart", cm->restarts_done);

    cm->gen++;
    cm->inner_gen++;
    cm->asked = false;

    if (cm->def.has_target && fbest <= sense * cm->def.target) return AL_ALGO_TARGET;
    if ((cm->def.max_evaluations && cm->evals >= cm->def.max_evaluations) ||
        (cm->def.max_generations && cm->gen >= cm->def.max_generations))
        return AL_ALGO_BUDGET;
    const char *why = criterion(cm, gen_range);
    if (why[0]) {
        cm->criterion = why;
        if (cm->restarts_done < cm->def.restarts && restart(cm)) return AL_ALGO_RUNNING;
        return AL_ALGO_CONVERGED;
    }
    return AL_ALGO_RUNNING;
}

alAlgoStop alCmaes_Step(alCmaes *cm)
{
    assert(cm->def.fitness);
    const int lam = alCmaes_Ask(cm), n = cm->n;
    double *f = cm->fraw;
    const alCmaesFitnessFn fn = cm->def.fitness;
    void *ctx = cm->def.fitness_ctx;
    const double *x = cm->x;
    if (cm->threads > 1 && lam > 1) {
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(cm->threads)
#endif
        for (int k = 0; k < lam; ++k) f[k] = fn(x + (size_t)k * n, n, ctx);
    } else { // no parallel region at all: a 10-D generation is a few microseconds
        for (int k = 0; k < lam; ++k) f[k] = fn(x + (size_t)k * n, n, ctx);
    }
    return alCmaes_Tell(cm, f);
}

// ---- queries --------------------------------------------------------------------------

bool alCmaes_LastStats(const alCmaes *cm, alGenStats *out)
{
    if (!cm->have_stats) return false;
    *out = cm->stats;
    return true;
}

const double *alCmaes_BestEver(const alCmaes *cm, double *fitness)
{
    if (!cm->have_stats) return NULL;
    if (fitness) *fitness = cm->best_f;
    return cm->best_x;
}

const char *alCmaes_StopCriterion(const alCmaes *cm) { return cm->criterion; }
int alCmaes_Dimension(const alCmaes *cm) { return cm->n; }
int alCmaes_Lambda(const alCmaes *cm) { return cm->lambda; }
int alCmaes_Mu(const alCmaes *cm) { return cm->mu; }
int alCmaes_Restarts(const alCmaes *cm) { return cm->restarts_done; }
int64_t alCmaes_Generation(const alCmaes *cm) { return cm->gen; }
int64_t alCmaes_Evaluations(const alCmaes *cm) { return cm->evals; }
int alCmaes_Threads(const alCmaes *cm) { return cm->threads; }
const double *alCmaes_Mean(const alCmaes *cm) { return cm->m; }
double alCmaes_Sigma(const alCmaes *cm) { return cm->sigma; }
double alCmaes_Condition(const alCmaes *cm) { return cm->condition; }
double alCmaes_Mueff(const alCmaes *cm) { return cm->mueff; }

double alCmaes_C(const alCmaes *cm, int i, int j)
{
    assert(i >= 0 && i < cm->n && j >= 0 && j < cm->n);
    if (cm->def.covariance == AL_CMAES_SEPARABLE) return i == j ? cm->C[i] : 0;
    // only the upper triangle is kept current between decompositions
    return i <= j ? cm->C[(size_t)i * cm->n + j] : cm->C[(size_t)j * cm->n + i];
}

void alCmaes_Rates(const alCmaes *cm, double *cs, double *ds, double *cc, double *c1, double *cmu)
{
    if (cs) *cs = cm->cs;
    if (ds) *ds = cm->ds;
    if (cc) *cc = cm->cc;
    if (c1) *c1 = cm->c1;
    if (cmu) *cmu = cm->cmu;
}

double alCmaes_Weight(const alCmaes *cm, int i)
{
    assert(i >= 0 && i < cm->lambda);
    return cm->w[i];
}

// ---- the generic view -----------------------------------------------------------------

static int g_ask(void *self) { return alCmaes_Ask(self); }
static int g_length(const void *self) { return alCmaes_Dimension(self); }
static const void *g_candidate(const void *self, int i)
{
    const alCmaes *cm = self;
    assert(cm->asked && i >= 0 && i < cm->lambda);
    return cm->xf + (size_t)i * cm->n;
}
static alAlgoStop g_tell(void *self, const double *f) { return alCmaes_Tell(self, f); }
static bool g_last_stats(const void *self, alGenStats *out) { return alCmaes_LastStats(self, out); }
static const void *g_best_ever(const void *self, double *fitness)
{
    const alCmaes *cm = self;
    return alCmaes_BestEver(cm, fitness) ? cm->best_xf : NULL;
}

static void g_destroy(void *self) { alDestroyCmaes(self); }

const alAlgorithmClass alCmaesClass = {
    .name = "cmaes",
    .kind = AL_CANDIDATE_FLOATS,
    .ask = g_ask,
    .length = g_length,
    .candidate = g_candidate,
    .tell = g_tell,
    .last_stats = g_last_stats,
    .best_ever = g_best_ever,
    .destroy = g_destroy,
};

alAlgorithm alCmaes_Algorithm(alCmaes *cm) { return (alAlgorithm){&alCmaesClass, cm}; }
