// The epoch: evaluating a generation, closing it (statistics, elites) and
// breeding the next on one thread or all of them.
#include <assert.h>
#include <math.h>
#include <string.h>
#include <time.h>
#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

#include "ga_internal.h"

// ---- evaluation -------------------------------------------------------------------

void alGa_Evaluate(alGa *ga)
{
    assert(ga->def.fitness);
    const int n = ga->n, c = ga->cur;
    double *f = ga->fit[c];
    int64_t done = 0, todo = ga->pending;
    if (todo == 0) return; // the usual case after a fused breed-and-evaluate epoch
#ifdef ALIFE_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(ga->threads) reduction(+ : done) if (todo >= 64 && ga->threads > 1)
#endif
    for (int i = 0; i < n; ++i) {
        if (!isnan(f[i])) continue;
        f[i] = ga->def.fitness(row(ga, c, i), ga->len, ga->def.fitness_ctx);
        done++;
    }
    ga->evaluations += done;
    ga->pending = 0;
}

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// The generation being closed: its statistics and its elites, copied
// elite_copies times, unchanged, with their fitness, into the next. Reads
// the current buffer and the selection keys, writes only the elites' rows
// of the next: it can run beside the breeding of the other rows.
static void close_generation(alGa *ga)
{
    const int cur = ga->cur, nb = 1 - cur;
    ga_compute_stats(ga);
    int ne = ga_top_keys(ga, ga->def.elites, ga->elite_idx);
    for (int e = 0; e < ne; ++e)
        for (int c = 0; c < ga->def.elite_copies; ++c) {
            int to = e * ga->def.elite_copies + c;
            memcpy(row(ga, nb, to), row(ga, cur, ga->elite_idx[e]), ga->stride);
            ga->fit[nb][to] = ga->fit[cur][ga->elite_idx[e]];
        }
}

#ifdef ALIFE_HAVE_OPENMP
enum { CLAIM_BLOCKS = 4 }; // blocks a thread of two claims at a time (one atomic add)

// The breeding pass on the threads, closing the generation on thread 0 while
// the others breed. Two threads share the blocks from both ends: thread 0
// breeds upwards from block 0, thread 1 downwards from the last, each
// claiming CLAIM_BLOCKS at a time from one shared count until they meet.
// So each thread writes nearly the same rows every generation, and they stay
// in its own cache; a first-come order (schedule dynamic) handed each block
// to either thread at random, so each generation's rows moved between the
// cores (measured, CPU time per generation at pop 10,000: breeding on two
// threads took 40% more than on one that way, 20-28% this way). The thread
// that also closes the generation simply claims fewer blocks.
// More (or fewer) threads than two: every block to the first free thread.
// Only speed depends on the split: every block has its own random streams.
static void breed_team(alGa *ga, int nb, int first, int pairs, int blocks, int64_t *evals)
{
    int64_t done = 0;
    int taken = 0; // blocks claimed by either of two threads
#pragma omp parallel num_threads(ga->threads) reduction(+ : done)
    {
        const int T = omp_get_num_threads(), t = omp_get_thread_num();
        if (T == 2) {
            if (t == 0) close_generation(ga);
            int next = t == 0 ? 0 : blocks - 1;
            for (;;) {
                int c;
#pragma omp atomic capture
                {
                    c = taken;
                    taken += CLAIM_BLOCKS;
                }
                int m = c >= blocks ? 0 : blocks - c < CLAIM_BLOCKS ? blocks - c : CLAIM_BLOCKS;
                if (m == 0) break;
                for (int q = 0; q < m; ++q, next += t == 0 ? 1 : -1)
                    ga_breed_block(ga, nb, next, first, pairs, &done);
            }
        } else {
#pragma omp for schedule(dynamic, 1)
            for (int b = -1; b < blocks; ++b) {
                if (b < 0)
                    close_generation(ga);
                else
                    ga_breed_block(ga, nb, b, first, pairs, &done);
            }
        }
    }
    *evals += done;
}
#endif

alGaStop alGa_Epoch(alGa *ga)
{
    const int n = ga->n, nb = 1 - ga->cur;
    assert(ga->pending == 0 && "every individual needs a fitness");
    ga->error[0] = '\0';
    // Selection tables first: a refusal must leave everything as it was.
    if (!ga_prepare_selection(ga)) return AL_GA_ERROR;

    int first = ga->n_elite, pairs = (n - first + 1) / 2;
    int blocks = (pairs + ga->block_pairs - 1) / ga->block_pairs;
    int64_t evals = 0;
    // Waking a second thread costs a few microseconds (far more on a loaded
    // machine), more than breeding a small population takes; above that the
    // pacer times both ways as it goes. Only speed depends on the choice:
    // every block has its own random stream.
    bool timed =
        blocks > 1 && ga->threads > 1 && (int64_t)(n - first) * ga->len >= PARALLEL_MIN_GENES;
    bool parallel = timed && alPacer_Pick(&ga->pacer);
    double t0 = timed ? mono_now() : 0;
#ifdef ALIFE_HAVE_OPENMP
    if (parallel) { // closing the generation (statistics, elites) beside the breeding
        breed_team(ga, nb, first, pairs, blocks, &evals);
    } else
#endif
    { // not even an inactive parallel region (it still sets up a team)
        close_generation(ga);
        for (int b = 0; b < blocks; ++b)
            ga_breed_block(ga, nb, b, first, pairs, &evals);
    }
    if (timed) alPacer_Report(&ga->pacer, parallel, mono_now() - t0);
    alGaStop why = ga_stop_reason(ga);
    ga->evaluations += evals;
    ga->fit[nb][n] = NAN;
    ga->pending = ga->def.fitness ? 0 : n - first; // the children, unless evaluated in the pass

    ga->cur = nb;
    ga->has_last = true;
    ga->gen++;
    return why;
}

alGaStop alGa_Step(alGa *ga)
{
    assert(ga->def.fitness && "alGa_Step needs a fitness callback; else SetFitness + Epoch");
    alGa_Evaluate(ga);
    return alGa_Epoch(ga);
}

