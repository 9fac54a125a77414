// compare_differs.h — what tells runs apart in the compare picker: the
// trial saw single and double pole, mines and own-world ants runs listed
// alike ("default"), nothing saying what differs between them.
#ifndef ALIFE_GUI_COMPARE_DIFFERS_H
#define ALIFE_GUI_COMPARE_DIFFERS_H

#include <stddef.h>

#include "alife/runquery.h"

/// The settings of runs[i] whose values are not the same over runs[0..n)
/// (the runs listed together), as "key=value" words: the algorithm first,
/// then the module's own keys (words before numbers), then the others, each
/// named without its section unless two of them share the rest; the seed, name, group and bookkeeping keys left out (the
/// picker shows those, or they change nothing). At most `most` of them,
/// then "+k more"; "" when none differs. Borrows runs; out is always terminated.
void al_compare_differs(const alRunInfo *const *runs, int n, int i, int most, char *out, size_t cap);

#endif
