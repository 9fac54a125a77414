// The ants' NEAT brains (ants_neat.h). A NEAT genome has its own shape, so
// the fixed-width batched forward pass of nn.c cannot run it: each ant
// activates its own compiled network, lane by lane. Every ant owns its net,
// so the chunks of a tick still run in parallel without sharing a byte.
#include "ants_neat.h"

#include <stdlib.h>
#include <string.h>

bool ants_neat_alloc(ants_neat *b, int n, bool replay, int inputs, bool recurrent, double slope)
{
    memset(b, 0, sizeof *b);
    b->n = n;
    b->inputs = inputs;
    b->recurrent = recurrent;
    b->slope = slope;
    b->g = calloc((size_t)n, sizeof *b->g);
    b->net = calloc((size_t)n, sizeof *b->net);
    if (replay) b->own = calloc((size_t)n, sizeof *b->own);
    return b->g && b->net && (!replay || b->own);
}

void ants_neat_free(ants_neat *b)
{
    for (int a = 0; b->net && a < b->n; ++a) alNeatNet_Free(&b->net[a]);
    for (int a = 0; b->own && a < b->n; ++a) alNeatGenome_Free(&b->own[a]);
    free(b->g);
    free(b->net);
    free(b->own);
    free(b->blob);
    memset(b, 0, sizeof *b);
}

alResult ants_neat_set(ants_neat *b, int a, const alNeatGenome *g, alError *err)
{
    if (b->own && g != &b->own[a]) {
        if (alNeatGenome_Copy(&b->own[a], g) != AL_OK)
            return alError_Set(err, AL_ERR_NOMEM, "out of memory copying ant %d's NEAT genome", a);
        g = &b->own[a];
    }
    if (g->inputs != b->inputs || g->outputs != 2)
        return alError_Set(err, AL_ERR_CONFIG,
                           "NEAT genome of ant %d: %d inputs and %d outputs, but the ants' brains "
                           "take %d inputs (ants.inputs) and give 2 outputs",
                           a, g->inputs, g->outputs, b->inputs);
    b->g[a] = g;
    return alNeatNet_Build(&b->net[a], g, b->recurrent, b->slope, err);
}

void ants_neat_think(ants_neat *b, int a0, int a1, int lanes, const float *const *sensor, float *o0,
                     float *o1)
{
    double in[8], out[2];
    for (int l = 0; l < lanes; ++l) {
        if (a0 + l >= a1) {
            o0[l] = o1[l] = 0.0f;
            continue;
        }
        for (int i = 0; i < b->inputs; ++i) in[i] = sensor[i][l];
        alNeatNet_Activate(&b->net[a0 + l], in, out);
        o0[l] = (float)out[0];
        o1[l] = (float)out[1];
    }
}

static bool blob_append(ants_neat *b, const alNeatGenome *g)
{
    size_t need = alNeatGenome_EncodedSize(g);
    if (b->blob_n + need > b->blob_cap) {
        size_t cap = 2 * (b->blob_n + need);
        uint8_t *p = realloc(b->blob, cap);
        if (!p) return false;
        b->blob = p;
        b->blob_cap = cap;
    }
    b->blob_n += alNeatGenome_Encode(g, b->recurrent, b->blob + b->blob_n, b->blob_cap - b->blob_n);
    return true;
}

bool ants_neat_store(ants_neat *b, int best, bool all)
{
    b->blob_n = 0;
    bool ok = blob_append(b, b->g[best]);
    for (int a = 0; ok && all && a < b->n; ++a) ok = blob_append(b, b->g[a]);
    if (!ok) b->blob_n = 0;
    return ok;
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

alResult ants_neat_split(const void *bytes, size_t size, int count, alNeatGenome *out, int64_t gen,
                         alError *err)
{
    const uint8_t *p = bytes;
    size_t at = 0;
    for (int k = 0; k < count; ++k) {
        if (size - at < AL_NEAT_GENOME_HEADER)
            return alError_Set(err, AL_ERR_CONFIG,
                               "stored NEAT genomes of generation %lld: %zu bytes hold %d genomes, "
                               "this run stores %d",
                               (long long)gen, size, k, count);
        uint64_t one = AL_NEAT_GENOME_HEADER + (uint64_t)get_u32(p + at + 8) * AL_NEAT_NODE_BYTES +
                       (uint64_t)get_u32(p + at + 12) * AL_NEAT_CONN_BYTES;
        if (one > size - at)
            return alError_Set(err, AL_ERR_CONFIG,
                               "stored NEAT genome %d of generation %lld: needs %llu bytes, %zu left",
                               k, (long long)gen, (unsigned long long)one, size - at);
        alResult r = alNeatGenome_Decode(&out[k], NULL, p + at, (size_t)one, err);
        if (r != AL_OK) return r;
        at += (size_t)one;
    }
    if (at != size)
        return alError_Set(err, AL_ERR_CONFIG,
                           "stored NEAT genomes of generation %lld: %zu bytes left over after the %d "
                           "genomes this run stores",
                           (long long)gen, size - at, count);
    return AL_OK;
}
