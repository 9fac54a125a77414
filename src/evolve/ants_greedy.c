// The greedy group's food assignment (see ants_greedy.h). The n * m
// distances once, then O(n * m) reads a round; with n <= m most foragers are
// assigned in the first round or two. (Each round used to compute its
// distances again: 120 greedy ants on 40 items cost ten times the evolved
// ants' own tick, and stalled the window at every generation's end.)
#include "ants_greedy.h"

#include <math.h>
#include <stdbool.h>

int al_greedy_scratch_ints(int n, int m)
{
    return 2 * m + n;
}

// The distance table while it stays small (4 MB); beyond that each round
// computes its distances again (the same values: the same results).
enum { TABLE_MAX = 1 << 20 };
static bool tabled(int n, int m)
{
    return (long long)n * m <= TABLE_MAX;
}

int al_greedy_scratch_floats(int n, int m)
{
    return m + n + (tabled(n, m) ? n * m : 0);
}

static inline float dist2(const alWorld *w, const float *x, const float *y, const float *fx,
                          const float *fy, const float *dm, int n, int j, int a)
{
    return dm ? dm[(size_t)j * (size_t)n + (size_t)a]
              : alWorld_DistSq(w, alV2(x[a], y[a]), alV2(fx[j], fy[j]));
}

void al_greedy_assign(const alWorld *w, const float *x, const float *y, const unsigned char *alive,
                      int n, const float *fx, const float *fy, int m, int *target, int *iscratch,
                      float *fscratch)
{
    int *owner = iscratch;     // [m] item's nearest unassigned forager; -2 once taken
    int *pick = iscratch + m;  // [n] forager's nearest owned item this round, -1 none
    int *open = pick + n;      // [m] items still free, compacted each round
    float *od2 = fscratch;     // [m] squared distance item - owner; pick's distance by forager
    float *pd2 = fscratch + m; // [n]
    float *dm = tabled(n, m) ? pd2 + n : NULL; // [m][n] squared distance item j - forager a
    for (int j = 0; dm && j < m; ++j) {
        alVec2 p = alV2(fx[j], fy[j]);
        for (int a = 0; a < n; ++a)
            dm[(size_t)j * (size_t)n + (size_t)a] = alWorld_DistSq(w, alV2(x[a], y[a]), p);
    }
    int left = n;
    for (int a = 0; a < n; ++a) {
        target[a] = alive && !alive[a] ? m : -1; // m: out of the sharing (set below)
        left -= target[a] == m;
    }
    int nopen = m;
    for (int j = 0; j < m; ++j)
        open[j] = j;
    while (left > 0 && nopen > 0) {
        for (int q = 0; q < nopen; ++q) {
            int j = open[q], best = -1;
            float bd = INFINITY;
            for (int a = 0; a < n; ++a) {
                if (target[a] >= 0) continue;
                float d2 = dist2(w, x, y, fx, fy, dm, n, j, a);
                if (d2 < bd) { // strict: ties keep the lower forager
                    bd = d2;
                    best = a;
                }
            }
            owner[j] = best;
            od2[j] = bd;
        }
        for (int a = 0; a < n; ++a) {
            pick[a] = -1;
            pd2[a] = INFINITY;
        }
        for (int q = 0; q < nopen; ++q) { // open[] is in item order: ties keep the lower item
            int j = open[q], a = owner[j];
            if (od2[j] < pd2[a]) {
                pd2[a] = od2[j];
                pick[a] = j;
            }
        }
        int assigned = 0;
        for (int a = 0; a < n; ++a)
            if (target[a] < 0 && pick[a] >= 0) {
                target[a] = pick[a];
                owner[pick[a]] = -2;
                ++assigned;
            }
        if (assigned == 0) break; // cannot happen (see the header), but never loop forever
        left -= assigned;
        int k = 0;
        for (int q = 0; q < nopen; ++q)
            if (owner[open[q]] != -2) open[k++] = open[q];
        nopen = k;
    }
    for (int a = 0; a < n; ++a) {
        if (target[a] >= 0 && target[a] < m) continue;
        target[a] = -1;
        float bd = INFINITY;
        for (int j = 0; j < m; ++j) {
            float d2 = dist2(w, x, y, fx, fy, dm, n, j, a);
            if (d2 < bd) {
                bd = d2;
                target[a] = j;
            }
        }
    }
}
