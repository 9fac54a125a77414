// The memory check before a run allocates (see memory.h). Reading
// /proc and the cgroup files belongs here, in the app: the core only says
// what a def needs (alModule_EstimateBytes).
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/module.h"
#include "name_cut.h"

// A byte count with an optional K/M/G suffix (powers of 1024); -1 if bad.
static double parse_bytes(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || !(v >= 0)) return -1;
    switch (*end) {
    case 'k': case 'K': v *= 1024.0; ++end; break;
    case 'm': case 'M': v *= 1024.0 * 1024.0; ++end; break;
    case 'g': case 'G': v *= 1024.0 * 1024.0 * 1024.0; ++end; break;
    default: break;
    }
    if (*end == 'B' || *end == 'b') ++end;
    return *end ? -1 : v;
}

// The first number in a small file, or -1 (missing, "max", unreadable).
static double read_number(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    double v = -1;
    if (fscanf(f, "%lf", &v) != 1) v = -1;
    fclose(f);
    return v;
}

static double meminfo_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return -1;
    char line[256];
    double kb = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1) break;
    fclose(f);
    return kb >= 0 ? kb * 1024.0 : -1;
}

double al_mem_available(char *from, size_t cap)
{
    const char *env = getenv("ALIFE_MEM_AVAILABLE");
    if (env && env[0]) {
        double v = parse_bytes(env);
        if (v >= 0) {
            snprintf(from, cap, "ALIFE_MEM_AVAILABLE=%s", env);
            return v;
        }
    }
    double best = meminfo_available();
    snprintf(from, cap, "MemAvailable in /proc/meminfo");
    // cgroup v2, then v1: a container's limit can be far below the machine's.
    double lim = read_number("/sys/fs/cgroup/memory.max"), use = read_number("/sys/fs/cgroup/memory.current");
    const char *what = "the cgroup limit (memory.max less memory.current)";
    if (lim < 0) {
        lim = read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes");
        use = read_number("/sys/fs/cgroup/memory/memory.usage_in_bytes");
        what = "the cgroup limit (memory.limit_in_bytes less memory.usage_in_bytes)";
    }
    if (lim > 0 && lim < 1e18) {
        double left = lim - (use > 0 ? use : 0);
        if (left < 0) left = 0;
        if (best < 0 || left < best) {
            best = left;
            snprintf(from, cap, "%s", what);
        }
    }
    return best > 0 ? best : 0;
}

static void human(double b, char *buf, size_t cap)
{
    if (b >= 1024.0 * 1024 * 1024) snprintf(buf, cap, "%.1f GiB", b / (1024.0 * 1024 * 1024));
    else if (b >= 1024.0 * 1024) snprintf(buf, cap, "%.1f MiB", b / (1024.0 * 1024));
    else snprintf(buf, cap, "%.0f KiB", b / 1024.0);
}

alResult al_mem_check(const alConfig *cfg, alError *err)
{
    const char *keys = "";
    double need = alModule_EstimateBytes(cfg, &keys);
    char from[160];
    double have = al_mem_available(from, sizeof from);
    if (need <= 0 || have <= 0 || need <= have) return AL_OK;
    // The keys with their values and where each was set.
    char list[768] = "";
    size_t len = 0;
    const char *k = keys;
    while (*k && len < sizeof list) {
        size_t kl = strcspn(k, ", ");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)(kl < sizeof key ? kl : sizeof key - 1), k);
        const char *v = alConfig_Text(cfg, key), *o = alConfig_Origin(cfg, key);
        if (o && strncmp(o, "--set", 5) == 0) o = "--set"; // its value is already shown
        size_t vl = v ? strlen(v) : 0;
        if (vl > 40) // a 4,096-character target: its length is what matters
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s = %.20s" AL_ELLIPSIS " (%zu characters; %s)",
                                    len ? ", " : "", key, v, vl, o ? o : "?");
        else
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s = %s (%s)", len ? ", " : "", key,
                                    v ? v : "?", o ? o : "?");
        k += kl;
        while (*k == ',' || *k == ' ') ++k;
    }
    char needs[32], avail[32];
    human(need, needs, sizeof needs);
    human(have, avail, sizeof avail);
    return alError_Set(err, AL_ERR_CONFIG,
                       "this %s run needs about %s of memory but %s is available (%s); the size "
                       "comes from %s: make them smaller",
                       alConfig_Module(cfg), needs, avail, from, list);
}
