// A run name cut in the middle (name_cut.h).
#include "name_cut.h"

#include <stdio.h>
#include <string.h>

int al_name_chars(const char *s)
{
    int n = 0;
    for (; s && *s; ++s) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

// The byte offset of character k of s (its length when s is shorter).
static size_t char_offset(const char *s, int k)
{
    size_t i = 0;
    for (int n = 0; s[i]; ++i) {
        if (((unsigned char)s[i] & 0xC0) == 0x80) continue;
        if (n++ == k) return i;
    }
    return i;
}

const char *al_name_cut(char *buf, size_t cap, const char *s, int max)
{
    if (!s) s = "";
    int n = al_name_chars(s);
    if (n <= max || max < 5) {
        snprintf(buf, cap, "%s", s);
        return buf;
    }
    int keep = max - 1, head = keep / 2; // the tail gets the odd one
    size_t hb = char_offset(s, head), tb = char_offset(s, n - (keep - head));
    snprintf(buf, cap, "%.*s" AL_ELLIPSIS "%s", (int)hb, s, s + tb);
    return buf;
}
