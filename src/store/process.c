// Is the process that logged a 'running' run still alive? Used to show runs
// killed with -9 (or lost to a crash or power cut) as interrupted.
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_internal.h"

double al_store_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil); timegm() is not POSIX.
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static bool parse_iso_utc(const char *s, int64_t *out)
{
    int y, mo, d, h, mi, se;
    if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &se) != 6) return false;
    *out = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
    return true;
}

// Start time of process pid in seconds since the epoch, from Linux /proc.
static bool process_start_time(int64_t pid, int64_t *out)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%lld/stat", (long long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    // Field 2 (comm) may hold spaces and parentheses: start after the last ')'.
    char *p = strrchr(buf, ')');
    if (!p) return false;
    p++;
    // Fields 3..21 precede starttime (field 22).
    for (int field = 3; field <= 21; ++field) {
        p = strchr(p + 1, ' ');
        if (!p) return false;
    }
    unsigned long long ticks = strtoull(p + 1, NULL, 10);
    long hz = sysconf(_SC_CLK_TCK);
    f = fopen("/proc/stat", "r");
    if (!f || hz <= 0) {
        if (f) fclose(f);
        return false;
    }
    long long btime = -1;
    char line[256];
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "btime %lld", &btime) == 1) break;
    fclose(f);
    if (btime < 0) return false;
    *out = btime + (int64_t)(ticks / (unsigned long long)hz);
    return true;
}

run_process al_store_run_process(const char *host, int64_t pid, const char *started_iso)
{
    if (!host || !host[0] || pid <= 0) return RUN_PROCESS_ALIVE_OR_UNKNOWN;
    char here[256] = "";
    gethostname(here, sizeof here - 1);
    if (strcmp(host, here) != 0) return RUN_PROCESS_ALIVE_OR_UNKNOWN; // cannot tell
    if (kill((pid_t)pid, 0) != 0)
        return errno == ESRCH ? RUN_PROCESS_GONE : RUN_PROCESS_ALIVE_OR_UNKNOWN;
    // The pid exists. If its process began after the run did, the pid was
    // reused and the run's own process is gone. A minute of slack absorbs
    // rounding and small clock adjustments.
    int64_t proc_start, run_start;
    if (process_start_time(pid, &proc_start) && parse_iso_utc(started_iso, &run_start) &&
        proc_start > run_start + 60)
        return RUN_PROCESS_REUSED;
    return RUN_PROCESS_ALIVE_OR_UNKNOWN;
}

char *al_store_uri(const char *path, const char *query)
{
    size_t n = strlen(path);
    char *u = malloc(3 * n + strlen(query) + 16);
    if (!u) return NULL;
    char *o = u + sprintf(u, "file:");
    for (const char *p = path; *p; ++p) {
        if (*p == '%' || *p == '?' || *p == '#')
            o += sprintf(o, "%%%02X", (unsigned char)*p);
        else
            *o++ = *p;
    }
    sprintf(o, "?%s", query);
    return u;
}

bool al_store_ro_fallback(const char *path, int sqlite_code)
{
    int code = sqlite_code & 0xff;
    if (code != SQLITE_READONLY && code != SQLITE_CANTOPEN) return false;
    // Committed work still in a -wal file would be invisible to an
    // immutable read: then the error stands.
    char wal[1100];
    snprintf(wal, sizeof wal, "%s-wal", path);
    struct stat sb;
    return stat(wal, &sb) != 0 || sb.st_size == 0;
}
