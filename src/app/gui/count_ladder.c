#include "count_ladder.h"

static int rung_up(int r, int max)
{
    long long u = (long long)r + (r / 10 > 1 ? r / 10 : 1);
    return u < max ? (int)u : max;
}

static int rung_down(int r) { return r - (r / 11 > 1 ? r / 11 : 1); }

int al_count_ladder_step(int anchor, int max, int n, bool up)
{
    if (anchor > max) anchor = max;
    if (anchor < 1) anchor = 1;
    int r = anchor;
    if (up && n < anchor) { // the lowest rung of the downward chain above n
        while (r > 1 && rung_down(r) > n)
            r = rung_down(r);
        return r;
    }
    if (up) { // the first rung of the upward chain above n
        while (r <= n && r < max)
            r = rung_up(r, max);
        return r > n ? r : n;
    }
    if (n > anchor) { // the highest rung of the upward chain below n
        while (r < max && rung_up(r, max) < n)
            r = rung_up(r, max);
        return r;
    }
    while (r >= n && r > 1) // the first rung of the downward chain below n
        r = rung_down(r);
    return r < n ? r : n;
}
