// NEAT genomes: storage, compatibility distance and the stored format
// (neat.h documents the bytes).
#include <stdlib.h>
#include <string.h>

#include "alife/rng.h"
#include "neat_internal.h"

bool neat_reserve(alNeatGenome *g, int nodes, int conns)
{
    if (nodes > g->node_cap) {
        int cap = g->node_cap ? g->node_cap : 8;
        while (cap < nodes) cap *= 2;
        alNeatNode *p = realloc(g->nodes, (size_t)cap * sizeof *p);
        if (!p) return false;
        g->nodes = p;
        g->node_cap = cap;
    }
    if (conns > g->conn_cap) {
        int cap = g->conn_cap ? g->conn_cap : 8;
        while (cap < conns) cap *= 2;
        alNeatConn *p = realloc(g->conns, (size_t)cap * sizeof *p);
        if (!p) return false;
        g->conns = p;
        g->conn_cap = cap;
    }
    return true;
}

bool neat_push_node(alNeatGenome *g, int32_t id, uint8_t type)
{
    if (!neat_reserve(g, g->node_count + 1, 0)) return false;
    g->nodes[g->node_count++] = (alNeatNode){id, type};
    return true;
}

bool neat_push_conn(alNeatGenome *g, alNeatConn c)
{
    if (!neat_reserve(g, 0, g->conn_count + 1)) return false;
    g->conns[g->conn_count++] = c;
    return true;
}

bool neat_insert_node(alNeatGenome *g, int32_t id, uint8_t type)
{
    if (!neat_reserve(g, g->node_count + 1, 0)) return false;
    int i = g->node_count;
    while (i > 0 && g->nodes[i - 1].id > id) {
        g->nodes[i] = g->nodes[i - 1];
        --i;
    }
    g->nodes[i] = (alNeatNode){id, type};
    g->node_count++;
    return true;
}

bool neat_insert_conn(alNeatGenome *g, alNeatConn c)
{
    if (!neat_reserve(g, 0, g->conn_count + 1)) return false;
    int i = g->conn_count;
    while (i > 0 && g->conns[i - 1].innovation > c.innovation) {
        g->conns[i] = g->conns[i - 1];
        --i;
    }
    g->conns[i] = c;
    g->conn_count++;
    return true;
}

void alNeatGenome_Free(alNeatGenome *g)
{
    if (!g) return;
    free(g->nodes);
    free(g->conns);
    memset(g, 0, sizeof *g);
}

alResult alNeatGenome_Copy(alNeatGenome *dst, const alNeatGenome *src)
{
    if (dst == src) return AL_OK;
    if (!neat_reserve(dst, src->node_count, src->conn_count)) return AL_ERR_NOMEM;
    if (src->node_count) memcpy(dst->nodes, src->nodes, (size_t)src->node_count * sizeof *src->nodes);
    if (src->conn_count) memcpy(dst->conns, src->conns, (size_t)src->conn_count * sizeof *src->conns);
    dst->node_count = src->node_count;
    dst->conn_count = src->conn_count;
    dst->inputs = src->inputs;
    dst->outputs = src->outputs;
    dst->bias = src->bias;
    return AL_OK;
}

int alNeatGenome_FindNode(const alNeatGenome *g, int32_t id)
{
    int lo = 0, hi = g->node_count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (g->nodes[mid].id == id) return mid;
        if (g->nodes[mid].id < id) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

double alNeatGenome_Distance(const alNeatGenome *a, const alNeatGenome *b, double c1, double c2,
                             double c3, int normalize_min, int *excess, int *disjoint,
                             double *weight_diff)
{
    // Walk both gene lists in innovation order: genes past the end of the
    // other list are excess, unmatched genes inside its range disjoint.
    int i = 0, j = 0, e = 0, d = 0, m = 0;
    double wsum = 0;
    while (i < a->conn_count || j < b->conn_count) {
        if (i == a->conn_count) { ++e; ++j; continue; }
        if (j == b->conn_count) { ++e; ++i; continue; }
        int32_t ia = a->conns[i].innovation, ib = b->conns[j].innovation;
        if (ia == ib) {
            double dw = a->conns[i].weight - b->conns[j].weight;
            wsum += dw < 0 ? -dw : dw;
            ++m; ++i; ++j;
        } else if (ia < ib) { ++d; ++i; }
        else { ++d; ++j; }
    }
    int larger = a->conn_count > b->conn_count ? a->conn_count : b->conn_count;
    double n = larger < normalize_min ? 1.0 : (double)larger;
    if (n < 1) n = 1;
    double w = m ? wsum / m : 0.0;
    if (excess) *excess = e;
    if (disjoint) *disjoint = d;
    if (weight_diff) *weight_diff = w;
    return c1 * e / n + c2 * d / n + c3 * w;
}

// The child takes the fitter parent's genes (so its structure, acyclic when
// that parent's is); matching genes take either parent's weight at random.
alResult alNeatGenome_Crossover(alNeatGenome *child, const alNeatGenome *p1, double f1,
                                const alNeatGenome *p2, double f2, double disable_inherit, alRng *rng)
{
    bool first = f1 > f2 || (f1 == f2 && p1->conn_count <= p2->conn_count);
    const alNeatGenome *fit = first ? p1 : p2, *other = first ? p2 : p1;
    if (alNeatGenome_Copy(child, fit) != AL_OK) return AL_ERR_NOMEM;
    int j = 0;
    for (int i = 0; i < child->conn_count; ++i) {
        alNeatConn *c = &child->conns[i];
        while (j < other->conn_count && other->conns[j].innovation < c->innovation) ++j;
        bool disabled = !c->enabled;
        if (j < other->conn_count && other->conns[j].innovation == c->innovation) {
            const alNeatConn *o = &other->conns[j];
            if (alRng_Double(rng) < 0.5) c->weight = o->weight;
            disabled = disabled || !o->enabled;
        }
        if (disabled) c->enabled = !(alRng_Double(rng) < disable_inherit);
    }
    return AL_OK;
}

// ---- stored format --------------------------------------------------------------

size_t alNeatGenome_EncodedSize(const alNeatGenome *g)
{
    return AL_NEAT_GENOME_HEADER + (size_t)g->node_count * AL_NEAT_NODE_BYTES +
           (size_t)g->conn_count * AL_NEAT_CONN_BYTES;
}

static void put_u16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put_u32(uint8_t *p, uint32_t v)
{
    for (int k = 0; k < 4; ++k) p[k] = (uint8_t)(v >> (8 * k));
}
static uint32_t get_u16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

size_t alNeatGenome_Encode(const alNeatGenome *g, bool recurrent, uint8_t *buf, size_t cap)
{
    size_t need = alNeatGenome_EncodedSize(g);
    if (cap < need) return 0;
    memcpy(buf, "NEAT", 4);
    put_u16(buf + 4, 1);
    put_u16(buf + 6, recurrent ? 1u : 0u);
    put_u32(buf + 8, (uint32_t)g->node_count);
    put_u32(buf + 12, (uint32_t)g->conn_count);
    uint8_t *p = buf + AL_NEAT_GENOME_HEADER;
    for (int i = 0; i < g->node_count; ++i, p += AL_NEAT_NODE_BYTES) {
        put_u32(p, (uint32_t)g->nodes[i].id);
        p[4] = g->nodes[i].type;
        p[5] = 0;
        put_u16(p + 6, 0);
    }
    for (int i = 0; i < g->conn_count; ++i, p += AL_NEAT_CONN_BYTES) {
        const alNeatConn *c = &g->conns[i];
        put_u32(p, (uint32_t)c->innovation);
        put_u32(p + 4, (uint32_t)c->in);
        put_u32(p + 8, (uint32_t)c->out);
        put_u32(p + 12, c->enabled ? 1u : 0u);
        uint64_t bits;
        memcpy(&bits, &c->weight, sizeof bits);
        put_u32(p + 16, (uint32_t)bits);
        put_u32(p + 20, (uint32_t)(bits >> 32));
    }
    return need;
}

alResult alNeatGenome_Decode(alNeatGenome *g, bool *recurrent, const uint8_t *buf, size_t bytes,
                             alError *err)
{
    if (bytes < AL_NEAT_GENOME_HEADER || memcmp(buf, "NEAT", 4) != 0)
        return alError_Set(err, AL_ERR_CONFIG, "NEAT genome: %zu bytes without the 'NEAT' header",
                           bytes);
    uint32_t version = get_u16(buf + 4), flags = get_u16(buf + 6);
    if (version != 1)
        return alError_Set(err, AL_ERR_CONFIG, "NEAT genome: format version %u (allowed: 1)", version);
    if (flags > 1)
        return alError_Set(err, AL_ERR_CONFIG, "NEAT genome: flags %u (allowed: 0 or 1)", flags);
    uint32_t k = get_u32(buf + 8), m = get_u32(buf + 12);
    if (k > (1u << 24) || m > (1u << 24) ||
        bytes != AL_NEAT_GENOME_HEADER + (size_t)k * AL_NEAT_NODE_BYTES + (size_t)m * AL_NEAT_CONN_BYTES)
        return alError_Set(err, AL_ERR_CONFIG,
                           "NEAT genome: %u nodes and %u connections do not fill %zu bytes", k, m,
                           bytes);
    if (!neat_reserve(g, (int)k, (int)m)) return alError_Set(err, AL_ERR_NOMEM, "NEAT genome: out of memory");
    g->node_count = g->conn_count = 0;
    g->inputs = g->outputs = 0;
    g->bias = false;
    const uint8_t *p = buf + AL_NEAT_GENOME_HEADER;
    for (uint32_t i = 0; i < k; ++i, p += AL_NEAT_NODE_BYTES) {
        int32_t id = (int32_t)get_u32(p);
        uint8_t type = p[4];
        if (type > AL_NEAT_HIDDEN || p[5] != 0 || id < 0 || (i > 0 && id <= g->nodes[i - 1].id))
            return alError_Set(err, AL_ERR_CONFIG,
                               "NEAT genome: node %u (id %d, type %u, activation %u) is out of order "
                               "or of no known type (allowed types 0..3, activation 0)",
                               i, id, type, p[5]);
        g->nodes[g->node_count++] = (alNeatNode){id, type};
        if (type == AL_NEAT_INPUT) g->inputs++;
        else if (type == AL_NEAT_OUTPUT) g->outputs++;
        else if (type == AL_NEAT_BIAS) g->bias = true;
    }
    for (uint32_t i = 0; i < m; ++i, p += AL_NEAT_CONN_BYTES) {
        alNeatConn c;
        c.innovation = (int32_t)get_u32(p);
        c.in = (int32_t)get_u32(p + 4);
        c.out = (int32_t)get_u32(p + 8);
        uint32_t en = get_u32(p + 12);
        uint64_t bits = (uint64_t)get_u32(p + 16) | (uint64_t)get_u32(p + 20) << 32;
        memcpy(&c.weight, &bits, sizeof bits);
        c.enabled = en == 1;
        if (en > 1 || c.innovation < 0 || (i > 0 && c.innovation <= g->conns[i - 1].innovation) ||
            alNeatGenome_FindNode(g, c.in) < 0 || alNeatGenome_FindNode(g, c.out) < 0 ||
            c.weight != c.weight)
            return alError_Set(err, AL_ERR_CONFIG,
                               "NEAT genome: connection %u (innovation %d, %d -> %d, enabled %u) is "
                               "out of order, names a missing node or has a NaN weight",
                               i, c.innovation, c.in, c.out, en);
        g->conns[g->conn_count++] = c;
    }
    if (g->inputs == 0 || g->outputs == 0)
        return alError_Set(err, AL_ERR_CONFIG, "NEAT genome: %d inputs and %d outputs (need at least one of each)",
                           g->inputs, g->outputs);
    if (recurrent) *recurrent = flags & 1u;
    return AL_OK;
}
