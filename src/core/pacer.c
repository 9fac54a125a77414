// The one-or-all-threads chooser shared by the GA's breeding pass and the
// ants' generation pass (see pacer.h).
#include "alife/pacer.h"

#include <assert.h>

// A mode must be this much cheaper than the other to replace it (noise
// alone would otherwise switch back and forth, each switch paying a warm-up).
#define WIN_MARGIN 0.97
// A try's run this many times the mean of the mode in use is a stall and
// ends the try.
#define STALL 4.0

void alPacer_Init(alPacer *p, int burst, int gap_min, int gap_max, double memory)
{
    assert(burst >= 2 && gap_min >= 1 && gap_max >= gap_min && memory >= 1);
    *p = (alPacer){.burst = burst, .gap_min = gap_min, .gap_max = gap_max, .memory = memory};
    p->parallel = true;
    p->gap = gap_min;
    // The first try comes early (after one run that starts the threads and
    // one that is timed), so that a busy machine is found out before gap_min
    // slow parallel runs.
    p->next_try = 2;
}

bool alPacer_Pick(const alPacer *p)
{
    return p->runs >= p->next_try ? !p->parallel : p->parallel;
}

static void use(alPacer *p, bool parallel)
{
    if (parallel != p->parallel) p->since_switch = 0;
    p->parallel = parallel;
}

static void end_try(alPacer *p)
{
    p->gap = 2 * p->gap < p->gap_max ? 2 * p->gap : p->gap_max;
    p->tried = 0;
    p->try_sum = 0.0;
    p->next_try = p->runs + p->gap;
}

void alPacer_Report(alPacer *p, bool parallel, double cost)
{
    p->runs++;
    p->parallel_runs += parallel;
    p->last_parallel = parallel;
    double *mine = &p->cost[p->parallel], *other = &p->cost[!p->parallel];
    if (p->runs == 1) return; // the very first run also starts the threads
    if (parallel == p->parallel) {
        // The first runs after a switch set the mean; then it moves slowly,
        // so that a stall weighs what it costs in the long run.
        double w = 1.0 / (p->since_switch < p->memory ? p->since_switch + 1 : p->memory);
        *mine += w * (cost - *mine);
        p->since_switch++;
        // Leave a mode that has become dearer than the other was (after a
        // few runs, so that one switch's warm-up cannot bounce it back).
        // The other's mean may be old, so try the mode just left again soon
        // (after a burst of stalls it is often the better one again).
        if (*other > 0 && p->since_switch >= 2 * p->burst && *other < WIN_MARGIN * *mine) {
            use(p, !p->parallel);
            p->gap = p->gap_min;
            p->next_try = p->runs + p->gap;
        }
        return;
    }
    // A run of the try; the first warms the other mode up and is not counted.
    if (p->tried++ == 0) return;
    if (cost > STALL * *mine) {
        *other = cost;
        end_try(p);
        return;
    }
    p->try_sum += cost;
    if (p->tried < p->burst) return;
    *other = p->try_sum / (p->burst - 1);
    end_try(p);
    if (*other < WIN_MARGIN * *mine) use(p, parallel);
}
