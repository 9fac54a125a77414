// One meaning of "0 threads" for the GA, the steering passes and the ants:
// OpenMP's default team size, so OMP_NUM_THREADS (as a batch job sets it)
// caps every module alike.
#include "alife/threads.h"

#ifdef ALIFE_HAVE_OPENMP
#include <omp.h>
#endif

int alThreads_Resolve(int requested)
{
#ifdef ALIFE_HAVE_OPENMP
    return requested > 0 ? requested : omp_get_max_threads();
#else
    (void)requested;
    return 1;
#endif
}
