// Selection's tables (keys, cumulative weights, the order by fitness),
// the elites and the top-N. Drawing one parent from the tables is in
// ga_select.h, inline in the breeding loop.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ga_internal.h"

// a better than b in the GA's sense; equal fitness: lower index first.
static inline bool better(const alGa *ga, double fa, int ia, double fb, int ib)
{
    if (fa != fb) return ga->def.minimise ? fa < fb : fa > fb;
    return ia < ib;
}

// The count best of fitness f (size ga->n) into idx, best first: one pass
// keeping a sorted list, O(n) for the small counts used (elites, the GUI's
// top-N): most individuals fail the first comparison with the list's last.
static int top_n(const alGa *ga, const double *f, int count, int *idx)
{
    if (count > ga->n) count = ga->n;
    if (count <= 0) return 0;
    int have = 0;
    for (int i = 0; i < ga->n; ++i) {
        if (have == count && !better(ga, f[i], i, f[idx[have - 1]], idx[have - 1])) continue;
        int at = have < count ? have++ : count - 1;
        while (at > 0 && better(ga, f[i], i, f[idx[at - 1]], idx[at - 1])) {
            idx[at] = idx[at - 1];
            --at;
        }
        idx[at] = i;
    }
    return count;
}

// top_n on the selection keys (higher is better, already signed for the
// sense): the elites' hot path, without the sense test per comparison.
// Eight keys at a time: whether any beats `last` (in 128-bit vector
// registers, which every x86-64 has: a wider vector type is split into
// scalar comparisons there; the same comparison as the scalar test, so NaN
// beats nothing either way).
typedef double keys2 __attribute__((vector_size(16)));
typedef int64_t mask2 __attribute__((vector_size(16)));

static inline bool any_beats(const double *key, double last)
{
    keys2 k[4];
    memcpy(k, key, sizeof k);
    mask2 gt = (k[0] > last) | (k[1] > last) | (k[2] > last) | (k[3] > last);
    return (gt[0] | gt[1]) != 0;
}

int ga_top_keys(const alGa *ga, int count, int *idx)
{
    const double *key = ga->key;
    const int n = ga->n;
    if (count > n) count = n;
    if (count <= 0) return 0;
    int have = 0;
    double last = -INFINITY; // key of the list's last once it is full
    for (int i = 0; i < n; ++i) {
        // Once the list is full most keys fail the first test: skip eight
        // at a time that all fail it (the measured cost was the loop's
        // compare-and-branch on every key).
        if (have == count && (i & 7) == 0)
            while (i + 8 <= n && !any_beats(key + i, last))
                i += 8;
        if (i >= n) break;
        if (have == count && !(key[i] > last)) continue; // ties: lower index stays
        int at = have < count ? have++ : count - 1;
        while (at > 0 && key[i] > key[idx[at - 1]]) {
            idx[at] = idx[at - 1];
            --at;
        }
        idx[at] = i;
        if (have == count) last = key[idx[count - 1]];
    }
    return count;
}

int alGa_Top(const alGa *ga, int n, int *idx)
{
    if (!ga->has_last || n <= 0) return 0;
    return top_n(ga, ga->fit[1 - ga->cur], n, idx);
}

// ---- selection --------------------------------------------------------------------------

static int cmp_key_desc(const void *pa, const void *pb, const double *key)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    if (key[a] != key[b]) return key[a] > key[b] ? -1 : 1;
    return (a > b) - (a < b);
}

// qsort has no context pointer in C17: a merge sort that takes one.
static void sort_order(int *idx, int *tmp, int n, const double *key)
{
    if (n < 2) return;
    int h = n / 2;
    sort_order(idx, tmp, h, key);
    sort_order(idx + h, tmp, n - h, key);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_key_desc(&idx[j], &idx[i], key) < 0 ? idx[j++] : idx[i++];
    while (i < h)
        tmp[k++] = idx[i++];
    while (j < n)
        tmp[k++] = idx[j++];
    memcpy(idx, tmp, (size_t)n * sizeof(int));
}

// Prepares the tables selection reads. Returns false (error filled) when
// roulette refuses negative fitness.
bool ga_prepare_selection(alGa *ga)
{
    const int n = ga->n;
    const double *f = ga->fit[ga->cur];
    double *key = ga->key;
    for (int i = 0; i < n; ++i)
        key[i] = ga->def.minimise ? -f[i] : f[i];
    switch (ga->def.selection) {
    case AL_SELECT_ROULETTE: {
        double lo = key[0];
        for (int i = 1; i < n; ++i)
            if (key[i] < lo) lo = key[i];
        if (lo < 0 && !ga->def.minimise && ga->def.negative == AL_GA_NEGATIVE_REFUSE) {
            int at = 0;
            while (key[at] >= 0)
                ++at;
            snprintf(ga->error, sizeof ga->error,
                     "roulette selection refuses negative fitness: individual %d of generation "
                     "%lld has fitness %g (allowed: 0 or more; or shift negatives)",
                     at, (long long)ga->gen, f[at]);
            return false;
        }
        double shift = lo < 0 || ga->def.minimise ? -lo : 0, acc = 0;
        for (int i = 0; i < n; ++i)
            ga->cum[i] = acc += key[i] + shift;
        break;
    }
    case AL_SELECT_RANK: {
        for (int i = 0; i < n; ++i)
            ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        double acc = 0;
        for (int r = 0; r < n; ++r)
            ga->cum[r] = acc += (double)(n - r);
        break;
    }
    case AL_SELECT_TRUNCATION: {
        for (int i = 0; i < n; ++i)
            ga->order[i] = i;
        sort_order(ga->order, ga->tmp, n, key);
        break;
    }
    case AL_SELECT_TOURNAMENT:
        break;
    }
    return true;
}

