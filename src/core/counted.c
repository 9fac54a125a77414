// A count with its noun in the right number (counted.h).
#include "alife/counted.h"

#include <stdio.h>

char *alCounted(char *out, size_t cap, long long n, const char *one, const char *many)
{
    if (!out || cap == 0) return out;
    if (n == 1 || n == -1)
        snprintf(out, cap, "%lld %s", n, one);
    else if (many)
        snprintf(out, cap, "%lld %s", n, many);
    else
        snprintf(out, cap, "%lld %ss", n, one);
    return out;
}
