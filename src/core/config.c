// Config resolution: schema defaults, module overrides, INI file (via inih),
// then --set overrides. Every value is validated on the way in against its
// key's type and range, so a resolved config is always valid.
#include "alife/config.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

// Parses text for key k into *num and a normalised copy in out (cap bytes).
// On failure writes the reason into why and returns false.
static bool parse_value(const alKeyDef *k, const char *text, double *num, char *why, size_t wcap)
{
    char *end;
    switch (k->type) {
    case AL_TYPE_INT: {
        errno = 0;
        long long v = strtoll(text, &end, 10);
        if (end == text || *end != '\0') {
            snprintf(why, wcap, "not an integer");
            return false;
        }
        if (errno == ERANGE || (double)v < k->min || (double)v > k->max) {
            snprintf(why, wcap, "out of range");
            return false;
        }
        *num = (double)v;
        return true;
    }
    case AL_TYPE_FLOAT: {
        errno = 0;
        double v = strtod(text, &end);
        if (end == text || *end != '\0' || isnan(v)) {
            snprintf(why, wcap, "not a number");
            return false;
        }
        if (!isfinite(v) || v < k->min || v > k->max) {
            snprintf(why, wcap, "out of range");
            return false;
        }
        *num = v;
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

// A value written in double quotes keeps its inner text as is (so leading
// spaces or a leading ';' survive); the quotes are not part of the value.
static void unquote(const char *in, char *out, size_t cap)
{
    size_t n = strlen(in);
    if (n >= 2 && in[0] == '"' && in[n - 1] == '"') {
        in += 1;
        n -= 2;
    }
    if (n >= cap) n = cap - 1;
    memcpy(out, in, n);
    out[n] = '\0';
}

static alResult set_slot(alConfig *cfg, int idx, const char *raw, const char *origin,
                         const char *where, alError *err)
{
    slot *s = &cfg->slots[idx];
    size_t cap = strlen(raw) + 1;
    char *text = malloc(cap);
    if (!text) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    unquote(raw, text, cap);
    double num = 0;
    char why[96];
    if (!parse_value(s->def, text, &num, why, sizeof why)) {
        char range[160];
        describe_range(s->def, range, sizeof range);
        alError_Set(err, AL_ERR_CONFIG, "%s: %s.%s = '%.200s': %s (allowed: %s)", where,
                    s->def->section, s->def->name, text, why, range);
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

typedef struct entry {
    char *section, *name, *value;
    int line;
} entry;

typedef struct reader {
    FILE *fp;          // reading a file, or
    const char *text;  // reading a string
    size_t pos;
    int line;          // lines read so far = line of the last one
    int long_line;     // first line longer than inih can hold, 0 if none
    entry *items;
    int count, cap;
    bool nomem;
} reader;

static char *read_line(char *str, int num, void *stream)
{
    reader *r = stream;
    int n = 0;
    bool got = false, ended = false;
    for (;;) {
        int c;
        if (r->fp) {
            c = fgetc(r->fp);
        } else {
            c = r->text[r->pos] ? (unsigned char)r->text[r->pos++] : EOF;
        }
        if (c == EOF) break;
        got = true;
        if (c == '\n') {
            ended = true;
            break;
        }
        if (n < num - 2) str[n++] = (char)c;
        else if (!r->long_line) r->long_line = r->line + 1;
    }
    if (!got) return NULL;
    r->line++;
    if (ended) str[n++] = '\n';
    str[n] = '\0';
    return str;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    reader *r = user;
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
    e->value = dupstr(value);
    e->line = r->line;
    if (!e->section || !e->name || !e->value) {
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

// Applies one "section.key" = value from `where` (a file:line or --set).
static alResult apply(alConfig *cfg, const char *section, const char *name, const char *value,
                      const char *origin, const char *where, alError *err)
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
    if (!alSchema_KeyInModule(k, cfg->module))
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s: key %s belongs to module '%s', but this config runs module '%s'",
                           where, full, owner_of(k), cfg->module);
    if (strcmp(full, "run.module") == 0 && strcmp(value, cfg->module) != 0) {
        double dummy;
        char why[96];
        if (!parse_value(k, value, &dummy, why, sizeof why)) {
            char range[160];
            describe_range(k, range, sizeof range);
            return alError_Set(err, AL_ERR_CONFIG, "%s: run.module = '%s': %s (allowed: %s)",
                               where, value, why, range);
        }
    }
    return set_slot(cfg, slot_index(cfg, full), value, origin, where, err);
}

// Splits "section.key=value"; returns false when it is not of that form.
static bool split_assignment(const char *a, char *section, char *name, size_t cap,
                             const char **value)
{
    const char *eq = strchr(a, '=');
    const char *dot = strchr(a, '.');
    if (!eq || !dot || dot > eq || dot == a || eq == dot + 1) return false;
    size_t sl = (size_t)(dot - a), nl = (size_t)(eq - dot - 1);
    if (sl >= cap || nl >= cap) return false;
    memcpy(section, a, sl);
    section[sl] = '\0';
    memcpy(name, dot + 1, nl);
    name[nl] = '\0';
    *value = eq + 1;
    return true;
}

alResult alConfig_Set(alConfig *cfg, const char *assignment, alError *err)
{
    char section[64], name[64];
    const char *value;
    if (!split_assignment(assignment, section, name, sizeof section, &value))
        return alError_Set(err, AL_ERR_CONFIG,
                           "--set %s: expected section.key=value (e.g. ga.mutation_rate=0.05)",
                           assignment);
    char where[256];
    snprintf(where, sizeof where, "--set %.200s", assignment);
    if (strcmp(section, "run") == 0 && strcmp(name, "module") == 0 &&
        strcmp(value, cfg->module) != 0)
        return alError_Set(err, AL_ERR_CONFIG,
                           "%s: run.module cannot be changed after the config is resolved", where);
    return apply(cfg, section, name, value, "--set", where, err);
}

// The module the inputs ask for: --set run.module, else the file's run.module,
// else the caller's, else "ants".
static const char *pick_module(const alConfigDef *def, const reader *r, char *buf, size_t cap)
{
    const char *module = def->module ? def->module : "ants";
    for (int i = 0; i < r->count; ++i)
        if (strcmp(r->items[i].section, "run") == 0 && strcmp(r->items[i].name, "module") == 0)
            module = r->items[i].value;
    for (int i = 0; i < def->set_count; ++i)
        if (strncmp(def->sets[i], "run.module=", 11) == 0) module = def->sets[i] + 11;
    snprintf(buf, cap, "%s", module);
    return buf;
}

alConfig *alCreateConfig(const alConfigDef *def, alError *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    const char *name = def->path ? def->path : "(config)";
    if (def->text) {
        r.text = def->text;
    } else if (def->path) {
        r.fp = fopen(def->path, "r");
        if (!r.fp) {
            alError_Set(err, AL_ERR_IO, "%s: cannot open config file: %s", def->path,
                        strerror(errno));
            return NULL;
        }
    }
    if (r.fp || r.text) {
        int rc = ini_parse_stream(read_line, &r, on_key, &r);
        if (r.fp) fclose(r.fp);
        if (r.nomem || rc == -2) {
            free_entries(&r);
            alError_Set(err, AL_ERR_NOMEM, "out of memory reading %s", name);
            return NULL;
        }
        if (r.long_line && (rc == 0 || rc >= r.long_line)) {
            free_entries(&r);
            alError_Set(err, AL_ERR_CONFIG,
                        "%s:%d: line is longer than %d characters (give long values with --set)",
                        name, r.long_line, INI_MAX_LINE - 2);
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
    pick_module(def, &r, module, sizeof module);
    int nmod;
    const char *const *mods = alSchema_Modules(&nmod);
    bool known = false;
    for (int i = 0; i < nmod; ++i) known |= strcmp(mods[i], module) == 0;
    if (!known) {
        int line = 0;
        for (int i = 0; i < r.count; ++i)
            if (strcmp(r.items[i].section, "run") == 0 && strcmp(r.items[i].name, "module") == 0)
                line = r.items[i].line;
        if (line)
            alError_Set(err, AL_ERR_CONFIG,
                        "%s:%d: run.module = '%s': not a valid choice (allowed: one of "
                        "steering|estrings|ants)",
                        name, line, module);
        else
            alError_Set(err, AL_ERR_CONFIG,
                        "module '%s' is not one of steering|estrings|ants", module);
        free_entries(&r);
        return NULL;
    }

    alConfig *cfg = create_defaults(module, err);
    if (!cfg) {
        free_entries(&r);
        return NULL;
    }
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
        if (apply(cfg, e->section, e->name, e->value, where, where, err) != AL_OK) goto fail;
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

// A value needs quotes in INI if inih would otherwise trim or cut it.
static bool needs_quotes(const char *v)
{
    size_t n = strlen(v);
    if (n == 0) return false;
    return isspace((unsigned char)v[0]) || isspace((unsigned char)v[n - 1]) || strchr(v, ';') ||
           v[0] == '"' || v[0] == '#';
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
        if (needs_quotes(v)) emit(&s, "%s = \"%s\"\n", k->name, v);
        else emit(&s, "%s = %s\n", k->name, v);
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
