// Config resolution: schema defaults, module overrides, INI file (via inih),
// then --set overrides. Every value is validated on the way in against its
// key's type and range, so a resolved config is always valid.
#include "alife/config.h"
#include "alife/ellipsis.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

typedef struct slot {
    const alKeyDef *def;
    char *text;    // normalised INI text of the value
    double num;    // INT / FLOAT / BOOL (0/1) / ENUM (index)
    char *origin;  // "default", "module default", "file:line", "--set"
} slot;

struct alConfig {
    char module[32];
    int count;
    slot *slots; // one per schema key, in schema order
};

alConfigDef alDefaultConfigDef(void)
{
    alConfigDef d;
    memset(&d, 0, sizeof d);
    return d;
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static bool is_blank(int c) { return c == ' ' || c == '\t'; }

static int slot_index(const alConfig *cfg, const char *fullkey)
{
    const alKeyDef *k = alSchema_Find(fullkey);
    if (!k) return -1;
    for (int i = 0; i < cfg->count; ++i)
        if (cfg->slots[i].def == k) return i;
    return -1;
}

static void describe_range(const alKeyDef *k, char *buf, size_t cap)
{
    switch (k->type) {
    case AL_TYPE_INT: snprintf(buf, cap, "an integer from %.0f to %.0f", k->min, k->max); break;
    case AL_TYPE_FLOAT: snprintf(buf, cap, "a number from %g to %g", k->min, k->max); break;
    case AL_TYPE_BOOL: snprintf(buf, cap, "true or false"); break;
    case AL_TYPE_STRING:
        snprintf(buf, cap, "text of %.0f to %.0f characters", k->min, k->max);
        break;
    case AL_TYPE_ENUM: snprintf(buf, cap, "one of %s", k->choices); break;
    }
}

// The one rule for numbers: decimal only ([+-]digits, for floats also a
// fraction and an exponent), no hex, no inf/nan, no thousands separators;
// surrounding spaces are trimmed before (set_slot) for every type but strings.
// A value that overflows, or a non-zero that underflows, is out of range.
static bool is_decimal(const char *s, bool integer)
{
    const char *p = s;
    int digits = 0;
    if (*p == '+' || *p == '-') ++p;
    while (*p >= '0' && *p <= '9') ++p, ++digits;
    if (!integer && *p == '.') {
        ++p;
        while (*p >= '0' && *p <= '9') ++p, ++digits;
    }
    if (digits == 0) return false;
    if (!integer && (*p == 'e' || *p == 'E')) {
        ++p;
        if (*p == '+' || *p == '-') ++p;
        if (!(*p >= '0' && *p <= '9')) return false;
        while (*p >= '0' && *p <= '9') ++p;
    }
    return *p == '\0';
}

// Parses text for key k into *num. On failure writes the reason into why
// and returns false.
static bool parse_value(const alKeyDef *k, const char *text, double *num, char *why, size_t wcap)
{
    switch (k->type) {
    case AL_TYPE_INT: {
        if (!is_decimal(text, true)) {
            snprintf(why, wcap, "not an integer (decimal digits only)");
            return false;
        }
        errno = 0;
        long long v = strtoll(text, NULL, 10);
        if (errno == ERANGE || (double)v < k->min || (double)v > k->max) {
            snprintf(why, wcap, "out of range");
            return false;
        }
        *num = (double)v;
        return true;
    }
    case AL_TYPE_FLOAT: {
        if (!is_decimal(text, false)) {
            snprintf(why, wcap, "not a number (decimal only, e.g. 0.25 or 1e-3; no hex, inf or nan)");
            return false;
        }
        errno = 0;
        double v = strtod(text, NULL);
        if (errno == ERANGE) {
            snprintf(why, wcap, "out of range (%s to hold in a double)",
                     fabs(v) > 1 ? "too large" : "too small");
            return false;
        }
        if (v < k->min || v > k->max) {
            snprintf(why, wcap, "out of range");
            return false;
        }
        *num = v == 0 ? 0.0 : v; // -0 is 0
        return true;
    }
    case AL_TYPE_BOOL: {
        static const char *const yes[] = {"true", "yes", "on", "1"};
        static const char *const no[] = {"false", "no", "off", "0"};
        for (int i = 0; i < 4; ++i) {
            if (strcasecmp(text, yes[i]) == 0) { *num = 1; return true; }
            if (strcasecmp(text, no[i]) == 0) { *num = 0; return true; }
        }
        snprintf(why, wcap, "not a boolean");
        return false;
    }
    case AL_TYPE_STRING: {
        size_t n = strlen(text);
        if ((double)n < k->min || (double)n > k->max) {
            snprintf(why, wcap, "length %zu is out of range", n);
            return false;
        }
        *num = (double)n;
        return true;
    }
    case AL_TYPE_ENUM: {
        const char *c = k->choices;
        int idx = 0;
        size_t tl = strlen(text);
        while (*c) {
            size_t wl = strcspn(c, "|");
            if (wl == tl && strncmp(c, text, tl) == 0) {
                *num = idx;
                return true;
            }
            c += wl;
            if (*c == '|') ++c;
            ++idx;
        }
        snprintf(why, wcap, "not a valid choice");
        return false;
    }
    }
    return false;
}

// v's first bytes for a message: whole when it has at most max bytes, else
// cut there (never inside a UTF-8 character) and ended with AL_ELLIPSIS.
static const char *head(const char *v, size_t max, char *buf, size_t cap)
{
    size_t n = strlen(v);
    if (n <= max) {
        snprintf(buf, cap, "%s", v);
        return buf;
    }
    while (max > 0 && ((unsigned char)v[max] & 0xC0) == 0x80)
        max--;
    snprintf(buf, cap, "%.*s" AL_ELLIPSIS, (int)max, v);
    return buf;
}

// A value for a message: at most 60 bytes, and its length if cut.
static const char *echo(const char *v, char *buf, size_t cap)
{
    size_t n = strlen(v);
    if (n <= 60) return head(v, n, buf, cap);
    char cut[64 + sizeof AL_ELLIPSIS];
    snprintf(buf, cap, "%s (%zu characters)", head(v, 60, cut, sizeof cut), n);
    return buf;
}

static alResult set_slot(alConfig *cfg, int idx, const char *raw, const char *origin,
                         const char *where, alError *err)
{
    slot *s = &cfg->slots[idx];
    if (s->def->type != AL_TYPE_STRING) { // numbers, booleans, choices: spaces trimmed
        while (is_blank(*raw)) ++raw;
    }
    size_t len = strlen(raw);
    if (s->def->type != AL_TYPE_STRING)
        while (len > 0 && is_blank(raw[len - 1])) --len;
    char *text = malloc(len + 1);
    if (!text) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    memcpy(text, raw, len);
    text[len] = '\0';
    double num = 0;
    char why[128];
    if (!parse_value(s->def, text, &num, why, sizeof why)) {
        char range[160], shown[128];
        describe_range(s->def, range, sizeof range);
        alError_Set(err, AL_ERR_CONFIG, "%s: %s.%s = '%s': %s (allowed: %s)", where,
                    s->def->section, s->def->name, echo(text, shown, sizeof shown), why, range);
        free(text);
        return AL_ERR_CONFIG;
    }
    char *o = dupstr(origin);
    if (!o) {
        free(text);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    free(s->text);
    free(s->origin);
    s->text = text;
    s->num = num;
    s->origin = o;
    return AL_OK;
}

void alDestroyConfig(alConfig *cfg)
{
    if (!cfg) return;
    for (int i = 0; i < cfg->count; ++i) {
        free(cfg->slots[i].text);
        free(cfg->slots[i].origin);
    }
    free(cfg->slots);
    free(cfg);
}

static bool part_serves(const alSchemaPart *p, const char *module)
{
    return p->key_count > 0 ? alSchema_KeyInModule(&p->keys[0], module)
                            : strstr(p->module, module) != NULL;
}

// Defaults of the schema, then the overrides of the parts serving module.
static alConfig *create_defaults(const char *module, alError *err)
{
    alConfig *cfg = calloc(1, sizeof *cfg);
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    int total = 0;
    for (int p = 0; p < np; ++p) total += parts[p].key_count;
    if (cfg) cfg->slots = calloc((size_t)total, sizeof *cfg->slots);
    if (!cfg || !cfg->slots) {
        free(cfg);
        alError_Set(err, AL_ERR_NOMEM, "out of memory");
        return NULL;
    }
    snprintf(cfg->module, sizeof cfg->module, "%s", module);
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i) cfg->slots[cfg->count++].def = &parts[p].keys[i];
    for (int i = 0; i < cfg->count; ++i) {
        // Schema defaults are constants checked by the tests; failing here is
        // a programmer error.
        alResult r = set_slot(cfg, i, cfg->slots[i].def->def, "default", "schema default", err);
        if (r != AL_OK) {
            alDestroyConfig(cfg);
            return NULL;
        }
    }
    for (int p = 0; p < np; ++p) {
        if (!part_serves(&parts[p], module)) continue;
        for (int i = 0; i < parts[p].override_count; ++i) {
            int idx = slot_index(cfg, parts[p].overrides[i].key);
            assert(idx >= 0 && "module default names an unknown key");
            if (idx < 0 || set_slot(cfg, idx, parts[p].overrides[i].value, "module default",
                                    "module default", err) != AL_OK) {
                alDestroyConfig(cfg);
                return NULL;
            }
        }
    }

    int m = slot_index(cfg, "run.module");
    if (m >= 0 && set_slot(cfg, m, module, "default", "run.module", err) != AL_OK) {
        alDestroyConfig(cfg);
        return NULL;
    }
    return cfg;
}

// ---- INI reading ---------------------------------------------------------
//
// inih finds the sections and the key names; the values are parsed here.
// inih's own value parse cannot be trusted for ours: it cuts at " ;" even
// inside quotes, caps a line at 200 bytes, reads an indented line as the
// continuation of the previous key, and the Debian build's switches for that
// are process-wide globals. So each line is read and checked here first (NUL
// bytes, length, quoting), its value parsed by the grammar below, and inih is
// handed only "name=" (or the section line). Grammar of a value:
//   - unquoted: the text after '=' up to an inline comment (';' after a
//     space), surrounding spaces trimmed; backslashes are literal;
//   - quoted: "..." kept exactly, with \" \\ \n \t \r and \xHH escapes; only
//     spaces or a comment may follow the closing quote.
// Lines may be indented (indentation means nothing; there are no
// continuation lines). alConfig_FormatIni writes every value in this grammar.

typedef struct entry {
    char *section, *name, *value;
    int line;
} entry;

typedef struct reader {
    FILE *fp;          // reading a file, or
    const char *text;  // reading a string
    size_t pos;
    const char *name;  // the file's name, for messages
    int line;          // lines read so far = line of the last one
    char *raw;         // the line being read (grows up to AL_CONFIG_MAX_LINE)
    size_t raw_cap;
    char *value;       // parsed value of the current key line, or NULL
    char section[64];  // the current section, for messages
    bool failed;       // err holds the first error; reading has stopped
    alError err;
    entry *items;
    int count, cap;
    bool nomem;
} reader;

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Parses a value by the grammar above into a malloc'd string (*out). On a bad
// value writes why and returns false (*out stays NULL).
static bool parse_ini_value(const char *s, char **out, char *why, size_t wcap)
{
    *out = NULL;
    while (is_blank(*s)) ++s;
    size_t n = strlen(s);
    char *v = malloc(n + 1);
    if (!v) {
        snprintf(why, wcap, "out of memory");
        return false;
    }
    size_t k = 0;
    if (*s != '"') {
        const char *e = s;
        while (*e && !(*e == ';' && e > s && is_blank(e[-1]))) ++e;
        while (e > s && is_blank(e[-1])) --e;
        memcpy(v, s, (size_t)(e - s));
        v[e - s] = '\0';
        *out = v;
        return true;
    }
    for (++s;; ++s) {
        if (*s == '\0') {
            snprintf(why, wcap, "no closing quote (a quoted value ends with '\"' on its line)");
            free(v);
            return false;
        }
        if (*s == '"') break;
        if (*s != '\\') {
            v[k++] = *s;
            continue;
        }
        ++s;
        switch (*s) {
        case '"': v[k++] = '"'; break;
        case '\\': v[k++] = '\\'; break;
        case 'n': v[k++] = '\n'; break;
        case 't': v[k++] = '\t'; break;
        case 'r': v[k++] = '\r'; break;
        case 'x': {
            int hi = hexval((unsigned char)s[1]), lo = hi < 0 ? -1 : hexval((unsigned char)s[2]);
            if (lo < 0 || (hi == 0 && lo == 0)) {
                snprintf(why, wcap, "\\x needs two hex digits, not 00");
                free(v);
                return false;
            }
            v[k++] = (char)(hi * 16 + lo);
            s += 2;
            break;
        }
        default:
            snprintf(why, wcap,
                     "unknown escape \\%c in quotes (allowed: \\\" \\\\ \\n \\t \\r \\xHH)",
                     *s ? *s : '0');
            free(v);
            return false;
        }
    }
    v[k] = '\0';
    ++s;
    while (is_blank(*s)) ++s;
    if (*s && *s != ';' && *s != '#') {
        snprintf(why, wcap, "text after the closing quote (only a ; comment may follow)");
        free(v);
        return false;
    }
    *out = v;
    return true;
}

static char *reader_fail(reader *r, alResult code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static char *reader_fail(reader *r, alResult code, const char *fmt, ...)
{
    char msg[sizeof r->err.msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    alError_Set(&r->err, code, "%s:%d: %s", r->name, r->line, msg);
    r->failed = true;
    return NULL; // stops inih
}

// Reads one raw line into r->raw (without its newline). Returns false at the
// end of the input or on an error (r->failed).
static bool read_raw(reader *r)
{
    size_t n = 0;
    bool got = false;
    for (;;) {
        int c = r->fp ? fgetc(r->fp)
                      : (r->text[r->pos] ? (unsigned char)r->text[r->pos++] : EOF);
        if (c == EOF) break;
        if (!got) {
            got = true;
            r->line++;
        }
        if (c == '\n') break;
        if (c == '\0') {
            reader_fail(r, AL_ERR_CONFIG,
                        "a NUL byte in the line (a config is text; is this a binary file?)");
            return false;
        }
        if (n + 1 >= r->raw_cap) {
            if (r->raw_cap >= AL_CONFIG_MAX_LINE) {
                reader_fail(r, AL_ERR_CONFIG, "line is longer than %d characters",
                            AL_CONFIG_MAX_LINE - 1);
                return false;
            }
            size_t cap = r->raw_cap ? r->raw_cap * 2 : 256;
            if (cap > AL_CONFIG_MAX_LINE) cap = AL_CONFIG_MAX_LINE;
            char *b = realloc(r->raw, cap);
            if (!b) {
                r->nomem = true;
                r->failed = true;
                return false;
            }
            r->raw = b;
            r->raw_cap = cap;
        }
        r->raw[n++] = (char)c;
    }
    if (r->fp && ferror(r->fp)) {
        if (!got) r->line++;
        reader_fail(r, AL_ERR_IO, "read error: %s", strerror(errno));
        return false;
    }
    if (!got) return false;
    if (n > 0 && r->raw[n - 1] == '\r') --n;
    r->raw[n] = '\0';
    return true;
}

static char *read_line(char *str, int num, void *stream)
{
    reader *r = stream;
    free(r->value);
    r->value = NULL;
    if (r->failed || !read_raw(r)) return NULL;
    char *s = r->raw;
    if (r->line == 1 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
        (unsigned char)s[2] == 0xBF)
        s += 3; // UTF-8 byte order mark
    while (is_blank(*s)) ++s;
    size_t cap = (size_t)num - 2;
    if (*s == '\0' || *s == ';' || *s == '#') {
        snprintf(str, (size_t)num, "\n");
        return str;
    }
    if (*s == '[') {
        if (strlen(s) > cap)
            return reader_fail(r, AL_ERR_CONFIG, "section line is longer than %zu characters", cap);
        size_t sl = strcspn(s + 1, "]");
        snprintf(r->section, sizeof r->section, "%.*s", (int)(sl < 63 ? sl : 63), s + 1);
        snprintf(str, (size_t)num, "%s\n", s);
        return str;
    }
    size_t nl = strcspn(s, "=:");
    if (s[nl] == '\0')
        return reader_fail(r, AL_ERR_CONFIG,
                           "syntax error (expected '[section]', 'key = value' or a comment)");
    size_t end = nl;
    while (end > 0 && is_blank(s[end - 1])) --end;
    if (end == 0)
        return reader_fail(r, AL_ERR_CONFIG, "syntax error (no key before '%c')", s[nl]);
    if (end + 1 > cap) {
        char key[48 + sizeof AL_ELLIPSIS];
        return reader_fail(r, AL_ERR_CONFIG, "unknown key '%s' (see: alife config --list)",
                           head(s, 40, key, sizeof key));
    }
    char why[128];
    if (!parse_ini_value(s + nl + 1, &r->value, why, sizeof why))
        return reader_fail(r, AL_ERR_CONFIG, "%s%s%.*s: %s", r->section, r->section[0] ? "." : "",
                           (int)end, s, why);
    snprintf(str, (size_t)num, "%.*s=\n", (int)end, s);
    return str;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    reader *r = user;
    (void)value; // always empty: the value was parsed by read_line
    if (!r->value) return 0;
    if (r->count == r->cap) {
        int cap = r->cap ? r->cap * 2 : 32;
        entry *e = realloc(r->items, (size_t)cap * sizeof *e);
        if (!e) {
            r->nomem = true;
            return 0;
        }
        r->items = e;
        r->cap = cap;
    }
    entry *e = &r->items[r->count];
    e->section = dupstr(section);
    e->name = dupstr(name);
    e->value = r->value;
    r->value = NULL;
    e->line = r->line;
    if (!e->section || !e->name) {
        free(e->section);
        free(e->name);
        free(e->value);
        r->nomem = true;
        return 0;
    }
    r->count++;
    return 1;
}

static void free_entries(reader *r)
{
    free(r->raw);
    free(r->value);
    r->raw = r->value = NULL;
    for (int i = 0; i < r->count; ++i) {
        free(r->items[i].section);
        free(r->items[i].name);
        free(r->items[i].value);
    }
    free(r->items);
}

static bool section_known(const char *section)
{
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i)
            if (strcmp(parts[p].keys[i].section, section) == 0) return true;
    return false;
}

static const char *owner_of(const alKeyDef *k)
{
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p)
        if (k >= parts[p].keys && k < parts[p].keys + parts[p].key_count) return parts[p].module;
    return "?";
}

// Applies one "section.key" = value from `where` (a file:line or --set);
// module_set is the --set run.module=... that chose the module, or NULL.
static alResult apply(alConfig *cfg, const char *section, const char *name, const char *value,
                      const char *origin, const char *where, const char *module_set, alError *err)
{
    char full[160];
    snprintf(full, sizeof full, "%s.%s", section, name);
    if (!section_known(section))
        return alError_Set(err, AL_ERR_CONFIG, "%s: unknown section [%s]", where, section);
    const alKeyDef *k = alSchema_Find(full);
    if (!k)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s: unknown key '%s' in section [%s] (see: alife config --list)",
                           where, name, section);
    if (!alSchema_KeyInModule(k, cfg->module) && module_set) // the --set is what is wrong
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s: %s: key %s belongs to module '%s', not to module '%s' (drop the "
                           "--set, or give a config of module %s)",
                           module_set, where, full, owner_of(k), cfg->module, cfg->module);
    if (!alSchema_KeyInModule(k, cfg->module))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s: key %s belongs to module '%s', but this config runs module '%s'",
                           where, full, owner_of(k), cfg->module);
    return set_slot(cfg, slot_index(cfg, full), value, origin, where, err);
}

// --set section.key=value. A value opening with '"' is read as a quoted INI
// value (with its escapes); any other value is taken literally, as typed.
alResult alConfig_Set(alConfig *cfg, const char *assignment, alError *err)
{
    char shown[128];
    const char *eq = strchr(assignment, '=');
    const char *dot = strchr(assignment, '.');
    if (!eq || !dot || dot > eq || dot == assignment || eq == dot + 1)
        return alError_Set(err, AL_ERR_CONFIG,
                           "--set %s: expected section.key=value (e.g. ga.mutation_rate=0.05)",
                           echo(assignment, shown, sizeof shown));
    const char *value = eq + 1;
    size_t sl = (size_t)(dot - assignment), nl = (size_t)(eq - dot - 1);
    char where[256];
    snprintf(where, sizeof where, "--set %.*s=%s", (int)(sl + nl + 1 < 100 ? sl + nl + 1 : 100),
             assignment, echo(value, shown, sizeof shown));
    char section[64], name[64];
    if (sl >= sizeof section || nl >= sizeof name) { // longer than any key of the schema
        char key[48 + sizeof AL_ELLIPSIS];
        return alError_Set(err, AL_ERR_CONFIG, "%s: unknown key '%s' (see: alife config --list)", where,
                           head(assignment, 40, key, sizeof key));
    }
    memcpy(section, assignment, sl);
    section[sl] = '\0';
    memcpy(name, dot + 1, nl);
    name[nl] = '\0';
    if (strcmp(section, "run") == 0 && strcmp(name, "module") == 0) {
        const char *m = value;
        while (is_blank(*m)) ++m;
        size_t ml = strlen(m);
        while (ml > 0 && is_blank(m[ml - 1])) --ml;
        if (ml != strlen(cfg->module) || strncmp(m, cfg->module, ml) != 0)
            return alError_Set(err, AL_ERR_CONFIG,
                               "%s: run.module cannot be changed after the config is resolved",
                               where);
    }
    char *parsed = NULL;
    if (value[0] == '"') {
        char why[128];
        if (!parse_ini_value(value, &parsed, why, sizeof why))
            return alError_Set(err, AL_ERR_CONFIG, "%s: %s.%s: %s", where, section, name, why);
        value = parsed;
    }
    alResult r = apply(cfg, section, name, value, where, where, NULL, err);
    free(parsed);
    return r;
}

// The module the inputs ask for: --set run.module, else the file's run.module,
// else the caller's, else "ants".
static const char *pick_module(const alConfigDef *def, const reader *r, char *buf, size_t cap,
                               const char **set)
{
    const char *module = def->module ? def->module : "ants";
    *set = NULL;
    for (int i = 0; i < r->count; ++i)
        if (strcmp(r->items[i].section, "run") == 0 && strcmp(r->items[i].name, "module") == 0)
            module = r->items[i].value;
    for (int i = 0; i < def->set_count; ++i)
        if (strncmp(def->sets[i], "run.module=", 11) == 0) module = *set = def->sets[i] + 11;
    while (is_blank(*module)) ++module; // a choice: surrounding spaces mean nothing
    size_t n = strlen(module);
    while (n > 0 && is_blank(module[n - 1])) --n;
    snprintf(buf, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), module);
    return buf;
}

// Opens path for reading if it is a regular file; else fills err.
static FILE *open_config(const char *path, alError *err)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        alError_Set(err, AL_ERR_CONFIG, "%s: cannot open config file: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode)) {
        alError_Set(err, AL_ERR_CONFIG, "%s: not a regular file (%s); a config is an INI text file",
                    path, S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket");
        fclose(fp);
        return NULL;
    }
    return fp;
}

static alConfig *create_config(const alConfigDef *def, alError *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    const char *name = def->path ? def->path : "(config)";
    r.name = name;
    if (def->text) {
        r.text = def->text;
    } else if (def->path) {
        r.fp = open_config(def->path, err);
        if (!r.fp) return NULL;
    }
    if (r.fp || r.text) {
        int rc = ini_parse_stream(read_line, &r, on_key, &r);
        if (r.fp) fclose(r.fp);
        if (r.nomem || rc == -2) {
            free_entries(&r);
            alError_Set(err, AL_ERR_NOMEM, "out of memory reading %s", name);
            return NULL;
        }
        if (r.failed) {
            free_entries(&r);
            if (err) *err = r.err;
            return NULL;
        }
        if (rc > 0) {
            free_entries(&r);
            alError_Set(err, AL_ERR_CONFIG,
                        "%s:%d: syntax error (expected '[section]', 'key = value' or a comment)",
                        name, rc);
            return NULL;
        }
    }

    char module[32];
    const char *module_set;
    pick_module(def, &r, module, sizeof module, &module_set);
    int nmod;
    const char *const *mods = alSchema_Modules(&nmod);
    bool known = false;
    for (int i = 0; i < nmod; ++i) known |= strcmp(mods[i], module) == 0;
    if (!known) {
        int line = 0;
        for (int i = 0; i < r.count; ++i)
            if (strcmp(r.items[i].section, "run") == 0 && strcmp(r.items[i].name, "module") == 0)
                line = r.items[i].line;
        char shown[128], allowed[160] = "";
        for (int i = 0; i < nmod; ++i) {
            if (i) strncat(allowed, "|", sizeof allowed - strlen(allowed) - 1);
            strncat(allowed, mods[i], sizeof allowed - strlen(allowed) - 1);
        }
        if (module_set)
            alError_Set(err, AL_ERR_CONFIG,
                        "--set run.module=%s: run.module = '%s': not a valid choice (allowed: "
                        "one of %s)",
                        echo(module_set, shown, sizeof shown), module, allowed);
        else if (line)
            alError_Set(err, AL_ERR_CONFIG,
                        "%s:%d: run.module = '%s': not a valid choice (allowed: one of %s)", name,
                        line, module, allowed);
        else
            alError_Set(err, AL_ERR_CONFIG, "module '%s' is not one of %s", module, allowed);
        free_entries(&r);
        return NULL;
    }

    alConfig *cfg = create_defaults(module, err);
    if (!cfg) {
        free_entries(&r);
        return NULL;
    }
    char set_where[160] = "", set_shown[128];
    if (module_set)
        snprintf(set_where, sizeof set_where, "--set run.module=%s", echo(module_set, set_shown, sizeof set_shown));
    for (int i = 0; i < r.count; ++i) {
        entry *e = &r.items[i];
        char where[300];
        snprintf(where, sizeof where, "%s:%d", name, e->line);
        for (int j = 0; j < i; ++j) {
            if (strcmp(r.items[j].section, e->section) == 0 &&
                strcmp(r.items[j].name, e->name) == 0) {
                alError_Set(err, AL_ERR_CONFIG,
                            "%s: duplicate key %s.%s (first set on line %d)", where, e->section,
                            e->name, r.items[j].line);
                goto fail;
            }
        }
        if (apply(cfg, e->section, e->name, e->value, where, where, module_set ? set_where : NULL, err) !=
            AL_OK)
            goto fail;
    }
    free_entries(&r);
    for (int i = 0; i < def->set_count; ++i)
        if (alConfig_Set(cfg, def->sets[i], err) != AL_OK) {
            alDestroyConfig(cfg);
            return NULL;
        }
    return cfg;
fail:
    free_entries(&r);
    alDestroyConfig(cfg);
    return NULL;
}

alResult alCreateConfig(const alConfigDef *def, alConfig **out, alError *err)
{
    alError local = {0};
    alError *e = err ? err : &local;
    *out = create_config(def, e);
    if (*out) return AL_OK;
    return e->code != AL_OK ? e->code : AL_ERR_NOMEM;
}

alConfig *alConfig_Clone(const alConfig *cfg)
{
    alConfig *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    memcpy(c->module, cfg->module, sizeof c->module);
    c->slots = calloc((size_t)cfg->count, sizeof *c->slots);
    if (!c->slots) {
        free(c);
        return NULL;
    }
    c->count = cfg->count;
    for (int i = 0; i < cfg->count; ++i) {
        c->slots[i] = cfg->slots[i];
        c->slots[i].text = dupstr(cfg->slots[i].text);
        c->slots[i].origin = dupstr(cfg->slots[i].origin);
        if (!c->slots[i].text || !c->slots[i].origin) {
            alDestroyConfig(c);
            return NULL;
        }
    }
    return c;
}

const char *alConfig_Module(const alConfig *cfg) { return cfg->module; }

static const slot *get(const alConfig *cfg, const char *key, alType type)
{
    int i = slot_index(cfg, key);
    assert(i >= 0 && "unknown config key");
    assert(cfg->slots[i].def->type == type && "config key read with the wrong type");
    (void)type;
    return &cfg->slots[i];
}

int64_t alConfig_Int(const alConfig *cfg, const char *key)
{
    return (int64_t)get(cfg, key, AL_TYPE_INT)->num;
}
double alConfig_Float(const alConfig *cfg, const char *key)
{
    return get(cfg, key, AL_TYPE_FLOAT)->num;
}
bool alConfig_Bool(const alConfig *cfg, const char *key)
{
    return get(cfg, key, AL_TYPE_BOOL)->num != 0;
}
const char *alConfig_String(const alConfig *cfg, const char *key)
{
    return get(cfg, key, AL_TYPE_STRING)->text;
}
int alConfig_Enum(const alConfig *cfg, const char *key)
{
    return (int)get(cfg, key, AL_TYPE_ENUM)->num;
}

const char *alConfig_Text(const alConfig *cfg, const char *key)
{
    int i = slot_index(cfg, key);
    return i < 0 ? NULL : cfg->slots[i].text;
}

const char *alConfig_Origin(const alConfig *cfg, const char *key)
{
    int i = slot_index(cfg, key);
    return i < 0 ? NULL : cfg->slots[i].origin;
}

void alConfig_Each(const alConfig *cfg, void (*fn)(const char *, const char *, void *), void *ctx)
{
    for (int i = 0; i < cfg->count; ++i) {
        const alKeyDef *k = cfg->slots[i].def;
        if (!alSchema_KeyInModule(k, cfg->module)) continue;
        char full[160];
        snprintf(full, sizeof full, "%s.%s", k->section, k->name);
        fn(full, cfg->slots[i].text, ctx);
    }
}

// A value needs quotes if the reader would otherwise trim, cut or misread it
// (see the grammar above alCreateConfig's reader).
static bool needs_quotes(const char *v)
{
    size_t n = strlen(v);
    if (n == 0) return false;
    if (is_blank(v[0]) || is_blank(v[n - 1]) || v[0] == '"') return true;
    for (const unsigned char *p = (const unsigned char *)v; *p; ++p)
        if (*p == ';' || *p == '#' || *p < 0x20 || *p == 0x7f) return true;
    return false;
}

typedef struct sink {
    char *buf;
    size_t cap, len;
} sink;

static void emit(sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = s->len < s->cap ? s->cap - s->len : 0;
    int n = vsnprintf(s->buf ? s->buf + s->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) s->len += (size_t)n;
}

int alConfig_FormatIni(const alConfig *cfg, char *buf, size_t cap)
{
    sink s = {buf, buf ? cap : 0, 0};
    emit(&s, "; alife resolved config (module %s, alife %s)\n", cfg->module, ALIFE_VERSION);
    const char *section = "";
    for (int i = 0; i < cfg->count; ++i) {
        const alKeyDef *k = cfg->slots[i].def;
        if (!alSchema_KeyInModule(k, cfg->module)) continue;
        if (strcmp(section, k->section) != 0) {
            emit(&s, "\n[%s]\n", k->section);
            section = k->section;
        }
        emit(&s, "; %s\n", k->help);
        const char *v = cfg->slots[i].text;
        if (!needs_quotes(v)) {
            emit(&s, "%s = %s\n", k->name, v);
            continue;
        }
        emit(&s, "%s = \"", k->name);
        for (const unsigned char *p = (const unsigned char *)v; *p; ++p) {
            switch (*p) {
            case '"': emit(&s, "\\\""); break;
            case '\\': emit(&s, "\\\\"); break;
            case '\n': emit(&s, "\\n"); break;
            case '\t': emit(&s, "\\t"); break;
            case '\r': emit(&s, "\\r"); break;
            default:
                if (*p < 0x20 || *p == 0x7f) emit(&s, "\\x%02x", *p);
                else emit(&s, "%c", *p);
            }
        }
        emit(&s, "\"\n");
    }
    if (buf && cap > 0 && s.len >= cap) buf[cap - 1] = '\0';
    return (int)s.len;
}

bool alConfig_WriteIni(const alConfig *cfg, FILE *out)
{
    int n = alConfig_FormatIni(cfg, NULL, 0);
    char *buf = malloc((size_t)n + 1);
    if (!buf) return false;
    alConfig_FormatIni(cfg, buf, (size_t)n + 1);
    bool ok = fwrite(buf, 1, (size_t)n, out) == (size_t)n;
    free(buf);
    return ok;
}

// ---- where a checked value came from ---------------------------------------

static bool is_origin_located(const char *o)
{
    return strcmp(o, "default") != 0 && strcmp(o, "module default") != 0;
}

alResult alConfig_Locate(const alConfig *cfg, alError *err)
{
    if (!err || err->code == AL_OK) return err ? err->code : AL_OK;
    const char *msg = err->msg;
    const char *found[8];
    int nfound = 0;
    // Every "section.key" the message names, in order, once each.
    for (const char *p = msg; *p && nfound < 8;) {
        if (!(*p >= 'a' && *p <= 'z') || (p > msg && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) {
            ++p;
            continue;
        }
        const char *q = p;
        while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_' || *q == '.') ++q;
        char key[128];
        size_t n = (size_t)(q - p);
        while (n > 0 && p[n - 1] == '.') --n; // "ants.hidden." at a sentence's end
        if (n < sizeof key && memchr(p, '.', n)) {
            memcpy(key, p, n);
            key[n] = '\0';
            int i = slot_index(cfg, key);
            if (i >= 0 && alSchema_KeyInModule(cfg->slots[i].def, cfg->module)) {
                const char *o = cfg->slots[i].origin;
                bool seen = false;
                for (int j = 0; j < nfound; ++j) seen |= strcmp(found[j], o) == 0;
                if (is_origin_located(o) && !seen) {
                    size_t ol = strlen(o);
                    // Located already: by this call's own earlier run, whose
                    // prefix lists the origins "O1, O2: ".
                    if (strncmp(msg, o, ol) == 0 && (msg[ol] == ':' || msg[ol] == ','))
                        return err->code;
                    found[nfound++] = o;
                }
            }
        }
        p = q;
    }
    if (nfound == 0) return err->code;
    char prefix[512];
    size_t len = 0;
    prefix[0] = '\0';
    for (int j = 0; j < nfound && len < sizeof prefix; ++j)
        len += (size_t)snprintf(prefix + len, sizeof prefix - len, "%s%s", j ? ", " : "", found[j]);
    char old[sizeof err->msg];
    memcpy(old, msg, sizeof old);
    size_t pl = strlen(prefix);
    if (pl > 500) pl = 500;
    memcpy(err->msg, prefix, pl);
    memcpy(err->msg + pl, ": ", 2);
    size_t room = sizeof err->msg - pl - 3, ol = strnlen(old, sizeof old - 1);
    if (ol > room) ol = room;
    memcpy(err->msg + pl + 2, old, ol);
    err->msg[pl + 2 + ol] = '\0';
    return err->code;
}
