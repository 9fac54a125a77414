/// spin_barrier.h — a barrier for a team's short passes that waits by
/// spinning briefly, then by yielding the processor.
///
/// A pass of a few microseconds closed by a barrier (the shared ants world's
/// tick: ~10 us a thread with 300 ants) wants a barrier that costs well
/// under a microsecond when both threads run. OpenMP's own (libgomp) spins
/// for up to about a millisecond before it sleeps, and on a machine shared
/// with other busy processes the partner it waits for is often preempted:
/// the spinning then only burns the waiter's share of a processor, which may
/// be the one the partner is queued for (measured at load ~10 on 2 cores:
/// 40 generations of 300 ants took 98 s on two threads, 4 s on one). This
/// one spins for up to 2 us (about the imbalance of a quiet machine's tick),
/// then calls sched_yield between looks, so that a preempted partner gets
/// the processor back as soon as the scheduler allows.
///
/// Thread rules: alSpinBarrier_Init before the team starts; each of its n
/// threads calls Wait the same number of times. Everything a thread wrote
/// before its Wait is visible to every thread after theirs.
#ifndef ALIFE_SPIN_BARRIER_H
#define ALIFE_SPIN_BARRIER_H

#include <stdatomic.h>

typedef struct alSpinBarrier {
    _Alignas(64) atomic_int arrived; ///< threads at the current barrier
    _Alignas(64) atomic_int phase;   ///< barriers completed (the waiters watch it)
    int n;                           ///< threads in the team (>= 1)
} alSpinBarrier;

/// A barrier for n threads (n >= 1), none arrived.
void alSpinBarrier_Init(alSpinBarrier *b, int n);

/// Returns once all n threads have called it (for this barrier).
void alSpinBarrier_Wait(alSpinBarrier *b);

#endif
