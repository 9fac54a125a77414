// sweep_shard.c — which cells of a sweep a shard runs (see sweep_shard.h).
#include "sweep_shard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SHARDS = 1000000 };

al_shard al_shard_all(void) { return (al_shard){.k = 1, .n = 1, .source = ""}; }

// A whole number 0..MAX_SHARDS with nothing after it.
static bool whole(const char *s, size_t len, int64_t *out)
{
    if (len == 0 || len > 12) return false;
    char buf[16];
    memcpy(buf, s, len);
    buf[len] = '\0';
    for (size_t i = 0; i < len; ++i)
        if (buf[i] < '0' || buf[i] > '9') return false;
    errno = 0;
    long long v = strtoll(buf, NULL, 10);
    if (errno || v > MAX_SHARDS) return false;
    *out = v;
    return true;
}

bool al_shard_parse(const char *spec, al_shard *out, char *msg, size_t cap)
{
    const char *slash = spec ? strchr(spec, '/') : NULL;
    int64_t k, n;
    if (!slash || !whole(spec, (size_t)(slash - spec), &k) ||
        !whole(slash + 1, strlen(slash + 1), &n)) {
        snprintf(msg, cap, "'%s': expected K/N, whole numbers with 1 <= K <= N <= %d, e.g. 2/8",
                 spec ? spec : "", MAX_SHARDS);
        return false;
    }
    if (n < 1) {
        snprintf(msg, cap, "'%s': N (the number of shards) must be 1..%d", spec, MAX_SHARDS);
        return false;
    }
    if (k < 1 || k > n) {
        snprintf(msg, cap, "'%s': K (this shard) must be 1..%lld", spec, (long long)n);
        return false;
    }
    out->k = k;
    out->n = n;
    snprintf(out->source, sizeof out->source, "--shard %lld/%lld", (long long)k, (long long)n);
    return true;
}

static bool env_whole(const char *name, int64_t *out, char *msg, size_t cap)
{
    const char *v = getenv(name);
    if (!v || !whole(v, strlen(v), out)) {
        snprintf(msg, cap, "%s='%s': expected a whole number 0..%d", name, v ? v : "(unset)",
                 MAX_SHARDS);
        return false;
    }
    return true;
}

int al_shard_from_env(al_shard *out, char *msg, size_t cap)
{
    if (!getenv("SLURM_ARRAY_TASK_ID")) return 0;
    int64_t id, count, min = 0;
    if (!env_whole("SLURM_ARRAY_TASK_ID", &id, msg, cap)) return -1;
    if (!getenv("SLURM_ARRAY_TASK_COUNT")) {
        snprintf(msg, cap,
                 "SLURM_ARRAY_TASK_ID=%lld is set but SLURM_ARRAY_TASK_COUNT is not: cannot tell "
                 "the number of shards (give --shard K/N)",
                 (long long)id);
        return -1;
    }
    if (!env_whole("SLURM_ARRAY_TASK_COUNT", &count, msg, cap)) return -1;
    if (getenv("SLURM_ARRAY_TASK_MIN") && !env_whole("SLURM_ARRAY_TASK_MIN", &min, msg, cap))
        return -1;
    if (count < 1 || id < min || id - min >= count) {
        snprintf(msg, cap,
                 "SLURM_ARRAY_TASK_ID=%lld is outside SLURM_ARRAY_TASK_MIN=%lld .. MIN + "
                 "SLURM_ARRAY_TASK_COUNT(%lld) - 1: submit the array as --array=0-%lld (no step), "
                 "or give --shard K/N",
                 (long long)id, (long long)min, (long long)count, (long long)(count - 1));
        return -1;
    }
    out->k = id - min + 1;
    out->n = count;
    snprintf(out->source, sizeof out->source,
             "SLURM_ARRAY_TASK_ID=%lld (MIN %lld, COUNT %lld)", (long long)id, (long long)min,
             (long long)count);
    return 1;
}

bool al_shard_has(const al_shard *s, size_t i) { return (int64_t)(i % (size_t)s->n) == s->k - 1; }
