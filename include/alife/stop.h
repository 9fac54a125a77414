/// stop.h — a request to stop long work soon, looked at inside the modules.
///
/// The app owns the flag (a signal handler sets it: `alife run`, `sweep`'s
/// runs, `replay`) and hands its address over once with alStop_Watch. A
/// module's long loops (the ticks of a generation, its evaluations, the
/// greedy baseline at a generation's end) look at it between ticks or
/// evaluations and return early: the generation under way is then left
/// unfinished, never reported as ended, so a runner logs only whole
/// generations and replay of the stored ones stays exact. Whether a stopped
/// module can go on is the module's (the ants resume where they stopped);
/// runners end the run. With no flag watched, nothing ever stops early.
///
/// Thread rules: the flag is read, never written, by the core; reading it
/// from OpenMP workers is safe (sig_atomic_t, volatile).
#ifndef ALIFE_STOP_H
#define ALIFE_STOP_H

#include <signal.h>
#include <stdbool.h>

/// Watches *flag (nonzero: stop); NULL watches nothing. The flag must
/// outlive every module that runs while it is watched (a static).
void alStop_Watch(const volatile sig_atomic_t *flag);
/// True when the watched flag asks to stop.
bool alStop_Requested(void);

#endif
