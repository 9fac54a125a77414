// ga_select.h — drawing one parent from the selection tables (ga_select.c
// fills them): inline, for the breeding loop (ga_breed.c).
#ifndef ALIFE_GA_SELECT_H
#define ALIFE_GA_SELECT_H

#include "ga_internal.h"

// draw() out of line, for rare redraws: kept out of the hot loops so that
// they keep their streams in registers.
static __attribute__((noinline, cold)) uint32_t redraw(alRng *r, bound b)
{
    return draw(r, b);
}

// A uniform integer in [0, b.n) (b.n <= 65536) from 16 random bits
// (Lemire's method on 16 bits: two draws from one 32-bit number), or a
// fresh 32-bit draw from r when those 16 bits would give a biased one
// (probability (65536 mod n) / 65536; the redraw is independent, so the
// result stays exactly uniform).
static inline uint32_t draw16(uint32_t bits16, bound b, uint32_t thresh16, alRng *r)
{
    uint32_t m = bits16 * b.n;
    if ((m & 0xffffu) < thresh16) return redraw(r, b);
    return m >> 16;
}

// First index r with cum[r] > u (cum increasing, cum[n-1] > u).
static inline int search_cum(const double *cum, int n, double u)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cum[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static inline int select_one(const alGa *ga, alRng *r)
{
    switch (ga->def.selection) {
    case AL_SELECT_TOURNAMENT: {
        // Ties go to the first drawn; written so the compiler can use
        // conditional moves (the comparison is a coin flip for the branch
        // predictor). Populations up to 65,536 take two contestants from
        // each 32-bit draw.
        const double *key = ga->key;
        const bound bp = ga->b_pop;
        const int k = ga->def.tournament_k;
        int best, t;
        if (bp.n <= 65536) {
            const uint32_t th = ga->thresh16_pop;
            uint32_t u = alRng_Next(r);
            best = (int)draw16(u >> 16, bp, th, r);
            double bk = key[best];
            for (t = 1; t < k; t += 2) {
                int c = (int)draw16(u & 0xffffu, bp, th, r);
                double kc = key[c];
                bool win = kc > bk;
                best = win ? c : best;
                bk = win ? kc : bk;
                if (t + 1 == k) break;
                u = alRng_Next(r);
                c = (int)draw16(u >> 16, bp, th, r);
                kc = key[c];
                win = kc > bk;
                best = win ? c : best;
                bk = win ? kc : bk;
            }
            return best;
        }
        best = (int)draw(r, bp);
        double bk = key[best];
        for (t = 1; t < k; ++t) {
            int c = (int)draw(r, bp);
            double kc = key[c];
            bool win = kc > bk;
            best = win ? c : best;
            bk = win ? kc : bk;
        }
        return best;
    }
    case AL_SELECT_ROULETTE: {
        double total = ga->cum[ga->n - 1];
        if (!(total > 0)) return (int)draw(r, ga->b_pop); // all equal: uniform
        return search_cum(ga->cum, ga->n, alRng_Double(r) * total);
    }
    case AL_SELECT_RANK:
        return ga->order[search_cum(ga->cum, ga->n, alRng_Double(r) * ga->cum[ga->n - 1])];
    case AL_SELECT_TRUNCATION:
        return ga->order[draw(r, ga->b_trunc)];
    }
    return 0;
}

#endif
