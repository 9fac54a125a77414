// count_ladder.h — the rungs a count climbs by a key pair (steering's . and
// , for the vehicles): fixed from the count the run opened with, so one key
// undoes the other exactly at every rung (a step of a tenth of the count up
// and an eleventh down went 21 -> 20 -> 22).
#ifndef ALIFE_GUI_COUNT_LADDER_H
#define ALIFE_GUI_COUNT_LADDER_H

#include <stdbool.h>

/// The next rung above n (up) or below it on the ladder through anchor (the
/// opening count, 1 <= anchor <= max): from anchor up by a tenth of the rung
/// (at least 1), down by an eleventh (at least 1), within 1 .. max. n
/// itself when there is no rung further that way.
int al_count_ladder_step(int anchor, int max, int n, bool up);

#endif
