// The spin-then-yield barrier (see spin_barrier.h): a count of arrivals and
// a phase the waiters watch; the last to arrive resets the count and moves
// the phase on.
#include "alife/spin_barrier.h"

#include <assert.h>
#include <sched.h>

// Looks at the phase before the first yield: a pause is ~40 cycles on older
// x86 cores and ~140 on newer ones, so this is ~2-8 us at 2-3 GHz.
enum { SPINS = 128 };

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
    for (int i = 0; atomic_load_explicit(&b->phase, memory_order_acquire) == ph; ++i) {
        if (i < SPINS)
            relax();
        else
            sched_yield();
    }
}
