/// pacer.h — choosing, run by run, between a pass on all threads and the
/// same pass on one thread, whichever is faster here and now.
///
/// A short pass (tens of microseconds to a millisecond) closed by a barrier
/// gains from a second thread on a quiet machine and loses on a busy one,
/// where the barrier waits for a preempted partner. On a busy machine most
/// parallel runs are still quick and a few wait a whole scheduler slice (a
/// hundred runs' worth), so what matters is the long-run mean cost, stalls
/// included. The pacer keeps that mean for each mode (a moving average over
/// about `memory` runs of the mode) and uses the cheaper one:
/// - the mode in use is left as soon as its mean rises above the other's,
///   and then tried again soon (its mean was raised by stalls that may pass);
/// - the other mode's mean is refreshed by a try, a short burst of runs in
///   that mode whose first run is a warm-up and not counted (a worker that
///   slept through a stretch of serial runs takes long to wake); each try
///   doubles the wait before the next, up to a limit, so a steady state
///   costs few bad tries;
/// - a try ends at its first stall (a run several times the mean of the mode
///   in use): a try must not pay a scheduler slice burst times over.
///
/// Only speed may depend on the choice: callers use it for passes whose
/// results are the same on any number of threads. Pure bookkeeping: no
/// clock, no threads; the caller times its pass and reports the cost.
#ifndef ALIFE_PACER_H
#define ALIFE_PACER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct alPacer {
    int burst;            ///< runs in a try of the other mode (>= 2: one warm-up)
    int gap_min, gap_max; ///< runs between tries: at first / at most
    double memory;        ///< runs the moving averages span (>= 1)
    bool parallel;        ///< the mode in use
    double cost[2];       ///< mean cost per run: [0] one thread, [1] all; 0 = unknown
    int since_switch;     ///< runs in the mode in use since it was chosen
    int gap;              ///< runs from the end of a try to the next
    int64_t runs;         ///< runs reported
    int64_t next_try;     ///< run at which the next try starts
    int tried;            ///< runs of the current try so far (0: not trying)
    double try_sum;       ///< summed cost of the current try, warm-up excluded
    int64_t parallel_runs; ///< runs that used all threads (for benchmarks)
    bool last_parallel;   ///< the mode of the last run reported
} alPacer;

/// Starts in the parallel mode and tries one thread after its second run.
/// burst >= 2, 1 <= gap_min <= gap_max, memory >= 1.
void alPacer_Init(alPacer *p, int burst, int gap_min, int gap_max, double memory);

/// Whether the next run should use all threads.
bool alPacer_Pick(const alPacer *p);

/// Records the run just made: `parallel` as Pick said, `cost` its measured
/// cost (seconds, or seconds per unit of work when runs differ in size).
void alPacer_Report(alPacer *p, bool parallel, double cost);

#endif
