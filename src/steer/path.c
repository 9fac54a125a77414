// Paths: parsing "x1,y1 x2,y2 ..." from a config, and path following (seed
// 002): seek the current waypoint, take the next one when close enough.
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/steering.h"

int alPath_Parse(const char *text, const char *key, alVec2 *out, int cap, alError *err)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ';')) ++p;
        if (!*p) break;
        // One token: up to the next space or ';'.
        size_t len = strcspn(p, " \t;");
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)(len < 63 ? len : 63), p);
        char *end;
        float x = strtof(tok, &end);
        bool ok = end != tok && *end == ',';
        float y = 0;
        if (ok) {
            char *y0 = end + 1;
            y = strtof(y0, &end);
            ok = end != y0 && *end == '\0' && isfinite(x) && isfinite(y);
        }
        if (!ok || len > 63) {
            alError_Set(err, AL_ERR_CONFIG,
                        "%s: bad waypoint '%.*s' (point %d): write points as x,y separated by "
                        "spaces, e.g. \"100,100 700,100 700,500\"",
                        key, (int)(len < 80 ? len : 80), p, n + 1);
            return -1;
        }
        if (n == cap) {
            alError_Set(err, AL_ERR_CONFIG, "%s: more than %d waypoints", key, cap);
            return -1;
        }
        out[n++] = alV2(x, y);
        p += len;
    }
    if (n == 0) {
        alError_Set(err, AL_ERR_CONFIG, "%s: the path is empty (allowed: 1 to %d points x,y, or the word default)", key,
                    cap);
        return -1;
    }
    return n;
}

alVec2 alSteer_FollowPath(const alPath *path, int *index, float waypoint_dist, float arrive_radius,
                          alVec2 pos, alVec2 vel, float max_speed)
{
    if (*index < 0 || *index >= path->count) *index = 0;
    if (alV2_DistSq(pos, path->points[*index]) < waypoint_dist * waypoint_dist) {
        if (*index + 1 < path->count) *index += 1;
        else if (path->loop) *index = 0;
    }
    alVec2 wp = path->points[*index];
    if (!path->loop && *index == path->count - 1)
        return alSteer_Arrive(pos, vel, wp, max_speed, arrive_radius);
    return alSteer_Seek(pos, vel, wp, max_speed);
}
