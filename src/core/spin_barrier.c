// The spin-then-yield barrier (see spin_barrier.h): a count of arrivals and
// a phase the waiters watch; the last to arrive resets the count and moves
// the phase on.
#include "alife/spin_barrier.h"

#include <assert.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>

// How long a waiter spins before it yields: about the imbalance of a quiet
// machine's tick (median ~1.5 us with 300 ants), a five-hundredth of the ~1
// ms OpenMP spins. Measured at load ~17 on 2 cores, 10 generations of 300
// ants on two threads: 2.4-2.7 s with no spin, 2.7-3.2 s with 2 us, 4.1-4.4
// s with 20 us, 9-12 s with 100 us. On a quiet machine a yield returns at
// once, so a short spin costs little there. A pause takes 10-60 ns
// depending on the core, so the clock is read every SPINS_PER_LOOK pauses.
enum { SPIN_NS = 2000, SPINS_PER_LOOK = 32 };

static inline int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

void alSpinBarrier_Init(alSpinBarrier *b, int n)
{
    assert(n >= 1);
    atomic_init(&b->arrived, 0);
    atomic_init(&b->phase, 0);
    b->n = n;
}

void alSpinBarrier_Wait(alSpinBarrier *b)
{
    // The phase is read before arriving: the last arrival cannot move it on
    // before this thread's own arrival is counted.
    const int ph = atomic_load_explicit(&b->phase, memory_order_acquire);
    if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) == b->n - 1) {
        atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
        atomic_store_explicit(&b->phase, ph + 1, memory_order_release);
        return;
    }
    int64_t until = 0;
    for (int i = 1; atomic_load_explicit(&b->phase, memory_order_acquire) == ph; ++i) {
        if (i % SPINS_PER_LOOK) {
            relax();
            continue;
        }
        int64_t now = mono_ns();
        if (until == 0) until = now + SPIN_NS;
        if (now >= until) break;
    }
    while (atomic_load_explicit(&b->phase, memory_order_acquire) == ph)
        sched_yield();
}
