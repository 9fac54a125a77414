#include "json_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// The shortest of %.15g..%.17g that reads back as the same double, so 0.1
// prints as 0.1 and not 0.10000000000000001.
static void exact_double(FILE *out, double v)
{
    char buf[40];
    for (int prec = 15; prec <= 17; ++prec) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) break;
    }
    fputs(buf, out);
}

// Length of the valid UTF-8 sequence at s, or 0 if s starts an invalid one.
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000;
    else
        return 0;
    unsigned cp = c & (0x7fu >> n);
    for (int i = 1; i < n; ++i) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

void json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        switch (c) {
        case '"':
            fputs("\\\"", out);
            break;
        case '\\':
            fputs("\\\\", out);
            break;
        case '\n':
            fputs("\\n", out);
            break;
        case '\r':
            fputs("\\r", out);
            break;
        case '\t':
            fputs("\\t", out);
            break;
        case '\b':
            fputs("\\b", out);
            break;
        case '\f':
            fputs("\\f", out);
            break;
        default:
            if (c < 0x20) {
                fprintf(out, "\\u%04x", c);
            } else {
                int n = utf8_len(p);
                if (n == 0) {
                    fputs("\\ufffd", out);
                    n = 1;
                } else {
                    fwrite(p, 1, (size_t)n, out);
                }
                p += n;
                continue;
            }
        }
        p++;
    }
    fputc('"', out);
}

void json_number(FILE *out, double v)
{
    if (!isfinite(v))
        fputs("null", out);
    else
        exact_double(out, v);
}

void json_key(FILE *out, const char *key, int *first)
{
    if (!*first) fputc(',', out);
    *first = 0;
    json_string(out, key);
    fputc(':', out);
}

void json_field_string(FILE *out, const char *key, const char *s, int *first)
{
    json_key(out, key, first);
    json_string(out, s);
}

void json_field_number(FILE *out, const char *key, double v, int *first)
{
    json_key(out, key, first);
    json_number(out, v);
}

void json_field_int(FILE *out, const char *key, long long v, int *first)
{
    json_key(out, key, first);
    fprintf(out, "%lld", v);
}

void json_field_bool(FILE *out, const char *key, bool v, int *first)
{
    json_key(out, key, first);
    fputs(v ? "true" : "false", out);
}

void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; ++s) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void csv_number(FILE *out, double v)
{
    if (isnan(v)) return;
    if (isinf(v))
        fputs(v > 0 ? "inf" : "-inf", out);
    else
        exact_double(out, v);
}
