// json_check.h — a strict JSON validator for tests (RFC 8259 grammar, UTF-8
// checked), so the tests prove the output parses instead of grepping it.
#ifndef ALIFE_TESTS_JSON_CHECK_H
#define ALIFE_TESTS_JSON_CHECK_H

#include <stdbool.h>
#include <string.h>

typedef struct jc {
    const char *p;
    int depth;
} jc;

static bool jc_value(jc *c);

static void jc_ws(jc *c)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')
        c->p++;
}

static bool jc_lit(jc *c, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(c->p, word, n) != 0) return false;
    c->p += n;
    return true;
}

static bool jc_hex(char ch)
{
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static bool jc_string(jc *c)
{
    if (*c->p != '"') return false;
    c->p++;
    for (;;) {
        unsigned char ch = (unsigned char)*c->p;
        if (ch == '"') {
            c->p++;
            return true;
        }
        if (ch < 0x20) return false; // includes the end of the text
        if (ch == '\\') {
            c->p++;
            char e = *c->p++;
            if (e == 'u') {
                for (int i = 0; i < 4; ++i)
                    if (!jc_hex(*c->p++)) return false;
            } else if (!strchr("\"\\/bfnrt", e) || e == '\0') {
                return false;
            }
            continue;
        }
        if (ch < 0x80) {
            c->p++;
            continue;
        }
        int n = ch >= 0xf0 && ch <= 0xf4 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc2 && ch <= 0xdf ? 2 : 0;
        if (n == 0 || ch > 0xf4) return false;
        for (int i = 1; i < n; ++i)
            if (((unsigned char)c->p[i] & 0xc0) != 0x80) return false;
        c->p += n;
    }
}

static bool jc_number(jc *c)
{
    const char *s = c->p;
    if (*c->p == '-') c->p++;
    if (*c->p == '0')
        c->p++;
    else if (*c->p >= '1' && *c->p <= '9')
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    else
        return false;
    if (*c->p == '.') {
        c->p++;
        if (!(*c->p >= '0' && *c->p <= '9')) return false;
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    if (*c->p == 'e' || *c->p == 'E') {
        c->p++;
        if (*c->p == '+' || *c->p == '-') c->p++;
        if (!(*c->p >= '0' && *c->p <= '9')) return false;
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    return c->p > s;
}

static bool jc_container(jc *c, char open, char close, bool object)
{
    if (*c->p != open || ++c->depth > 64) return false;
    c->p++;
    jc_ws(c);
    if (*c->p == close) {
        c->p++;
        c->depth--;
        return true;
    }
    for (;;) {
        jc_ws(c);
        if (object) {
            if (!jc_string(c)) return false;
            jc_ws(c);
            if (*c->p++ != ':') return false;
        }
        if (!jc_value(c)) return false;
        jc_ws(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (*c->p++ != close) return false;
        c->depth--;
        return true;
    }
}

static bool jc_value(jc *c)
{
    jc_ws(c);
    switch (*c->p) {
    case '{':
        return jc_container(c, '{', '}', true);
    case '[':
        return jc_container(c, '[', ']', false);
    case '"':
        return jc_string(c);
    case 't':
        return jc_lit(c, "true");
    case 'f':
        return jc_lit(c, "false");
    case 'n':
        return jc_lit(c, "null");
    default:
        return jc_number(c);
    }
}

/// True when text is exactly one valid JSON value (surrounding whitespace allowed).
static inline bool json_valid(const char *text)
{
    jc c = {text, 0};
    if (!jc_value(&c)) return false;
    jc_ws(&c);
    return *c.p == '\0';
}

#endif
