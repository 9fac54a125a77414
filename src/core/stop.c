// The watched stop flag (stop.h). One per process, as signals are.
#include "alife/stop.h"

#include <stddef.h>

static const volatile sig_atomic_t *watched = NULL;

void alStop_Watch(const volatile sig_atomic_t *flag) { watched = flag; }

bool alStop_Requested(void) { return watched && *watched; }
