/// threads.h — what a thread count of 0 means, once for every module.
#ifndef ALIFE_THREADS_H
#define ALIFE_THREADS_H

/// The OpenMP team size for a requested thread count (run.threads, a def's
/// threads field): requested if > 0; 0 means OpenMP's own default, which is
/// OMP_NUM_THREADS when that is set and otherwise one thread per processor
/// available to the process. Always 1 in a build without OpenMP. Results
/// never depend on it.
int alThreads_Resolve(int requested);

#endif
