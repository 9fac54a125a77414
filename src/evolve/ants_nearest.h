// ants_nearest.h — an ant's full look-up of its k nearest items (internal to
// the ants; tests include it to check it against the brute-force reference).
#ifndef ALIFE_ANTS_NEAREST_H
#define ALIFE_ANTS_NEAREST_H

#include "alife/world.h"

/// Most items and largest k + 1 of al_ants_nearest.
enum { AL_ANTS_NEAREST_MAX_N = 64, AL_ANTS_NEAREST_MAX_K = 8 };

/// alWorld_NearestK(w, x, y, count, p, radius, k, idx, NULL, next_sq) for a
/// radius beyond every distance in the world, count <= AL_ANTS_NEAREST_MAX_N
/// and k < AL_ANTS_NEAREST_MAX_K, with the same answer (the same distance
/// bits, ties to the lower index) at a fraction of the cost: the k nearest
/// items' indices into idx, nearest first, and the (k+1)-th one's squared
/// distance into *next_sq (INFINITY when there are no more items). Returns
/// min(k, count). Reads only its arguments.
int al_ants_nearest(const alWorld *w, const float *x, const float *y, int count, alVec2 p, int k,
                    int *idx, float *next_sq);

#endif
