// ants_greedy.h — who goes for which food in a greedy group sharing a world
// (internal to the ants; tests include it to check the rule by hand).
#ifndef ALIFE_ANTS_GREEDY_H
#define ALIFE_ANTS_GREEDY_H

#include "alife/world.h"

/// Scratch for al_greedy_assign: caller-owned, sized for n foragers and m
/// food items: al_greedy_scratch_ints ints and al_greedy_scratch_floats floats.
int al_greedy_scratch_ints(int n, int m);
int al_greedy_scratch_floats(int n, int m);

/// Gives each of n foragers at (x, y) a food item of the m at (fx, fy) to go
/// for, into target[a], so that a shared world's greedy group splits up
/// rather than herding after the same nearest item:
///   round by round, each food item not yet taken belongs to its nearest
///   forager not yet assigned (ties: the lower forager index); each such
///   forager that owns items takes the nearest of them (ties: the lower item
///   index), i.e. the nearest food no other forager is closer to. A forager
///   left without one (more foragers than food) goes for its nearest item.
/// Foragers with alive[a] == 0 (alive may be NULL: all alive) take no part
/// in sharing out; they get their nearest item.
/// Every round assigns at least one forager (the closest remaining pair owns
/// each other), so it ends; it reads only its arguments: deterministic.
/// iscratch and fscratch hold al_greedy_scratch_ints(n, m) ints and
/// al_greedy_scratch_floats(n, m) floats.
void al_greedy_assign(const alWorld *w, const float *x, const float *y, const unsigned char *alive,
                      int n, const float *fx, const float *fy, int m, int *target, int *iscratch,
                      float *fscratch);

#endif
