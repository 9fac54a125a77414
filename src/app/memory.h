// memory.h — how much memory a run may take, and the check that refuses a
// config needing more before anything is allocated.
#ifndef ALIFE_APP_MEMORY_H
#define ALIFE_APP_MEMORY_H

#include <stddef.h>

#include "alife/config.h"
#include "alife/error.h"

/// Bytes this process may still allocate: the environment's
/// ALIFE_MEM_AVAILABLE (bytes, or with a K, M or G suffix; for tests and
/// for users who want a lower ceiling) if set, else the smaller of
/// MemAvailable in /proc/meminfo and the cgroup's limit less its usage
/// (v2 memory.max, v1 memory.limit_in_bytes). 0 when none can be read.
/// `from` (cap bytes) receives where the figure came from.
double al_mem_available(char *from, size_t cap);

/// AL_OK when cfg's run fits in the memory available (or either is
/// unknown); else AL_ERR_CONFIG, err naming the estimate, what is
/// available and the keys that drive the estimate with their values and
/// where each was set.
alResult al_mem_check(const alConfig *cfg, alError *err);

#endif
