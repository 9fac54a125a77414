// Reading a resolved config into a def through a table of fields (config.h):
// one row per key instead of one hand-written assignment per key, so a
// module's *_FromConfig says what lands where and keeps only the keys that
// need more than a copy (unit changes, choices mapped to flags, checks).
#include <assert.h>
#include <string.h>

#include "alife/config.h"

// One value of any member type a field may have.
typedef union {
    int64_t l;
    int i;
    double d;
    float f;
    bool b;
} scalar;

// The value of f's key as f's member type, into buf; the bytes to copy, or
// NULL when the key's type and the member's size do not go together.
static const void *value_of(const alConfig *cfg, const alConfigField *f, const alKeyDef *k,
                            scalar *buf)
{
    switch (k->type) {
    case AL_TYPE_INT:
        buf->l = alConfig_Int(cfg, f->key);
        if (f->size == sizeof buf->l) return &buf->l;
        buf->i = (int)buf->l;
        return f->size == sizeof buf->i ? &buf->i : NULL;
    case AL_TYPE_FLOAT:
        buf->d = alConfig_Float(cfg, f->key);
        if (f->size == sizeof buf->d) return &buf->d;
        buf->f = (float)buf->d;
        return f->size == sizeof buf->f ? &buf->f : NULL;
    case AL_TYPE_BOOL:
        buf->b = alConfig_Bool(cfg, f->key);
        return f->size == sizeof buf->b ? &buf->b : NULL;
    case AL_TYPE_ENUM: // an enum member is int-sized (no -fshort-enums here)
        buf->i = alConfig_Enum(cfg, f->key);
        return f->size == sizeof buf->i ? &buf->i : NULL;
    default:
        return NULL; // STRING: no member type to copy into
    }
}

void alConfig_ReadFields(const alConfig *cfg, void *def, const alConfigField *fields, int count)
{
    for (int i = 0; i < count; ++i) {
        const alConfigField *f = &fields[i];
        const alKeyDef *k = alSchema_Find(f->key);
        assert(k && "alConfig_ReadFields: a key the schema does not have");
        scalar buf;
        const void *v = k ? value_of(cfg, f, k, &buf) : NULL;
        assert(v && "alConfig_ReadFields: the member's type does not fit the key's type");
        if (v) memcpy((char *)def + f->offset, v, f->size);
    }
}
