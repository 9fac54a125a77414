// What makes a benchmark's timing hard to trust, said next to its figures.
#include <stdio.h>

#include "bench.h"

double bench_trust_note(const char *what, double wall, double cpu, int threads)
{
    double ratio = wall > 0 ? cpu / wall : 0;
    if (wall < AL_BENCH_MIN_SECONDS)
        fprintf(stderr,
                "note: the timed part took only %.3f s (under %.1f s): too short to trust; "
                "raise %s\n",
                wall, AL_BENCH_MIN_SECONDS, what);
    // An OpenMP worker that waits spins, so a busy run's ratio is close to
    // the thread count; well under it, the process waited for a core.
    if (threads >= 1 && ratio < 0.8 * threads)
        fprintf(stderr,
                "note: %.2f CPU seconds per wall second on %d thread%s: the machine was busy "
                "with other work, so wall time measures it too\n",
                ratio, threads, threads == 1 ? "" : "s");
    return ratio;
}
