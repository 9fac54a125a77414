// Activating a NEAT genome: compile its enabled connections into
// per-node incoming lists (CSR), then evaluate nodes in topological order
// (feed-forward) or all at once from the previous step's values (recurrent).
#include <stdlib.h>
#include <string.h>

#include "alife/detmath.h"
#include "neat_internal.h"

double alNeat_Sigmoid(double x, double slope)
{
    double z = -slope * x;
    if (z > 700) return 0.0; // exp overflows; the limit
    return 1.0 / (1.0 + alDet_Exp(z));
}

static bool grow(void **p, int *cap, int need, size_t elem)
{
    (void)cap;
    void *q = realloc(*p, (size_t)(need ? need : 1) * elem);
    if (!q) return false;
    *p = q;
    return true;
}

static bool net_reserve(alNeatNet *net, int nodes, int links)
{
    if (nodes > net->cap_nodes) {
        int n = nodes + 8;
        if (!grow((void **)&net->order, NULL, n, sizeof(int)) ||
            !grow((void **)&net->in_start, NULL, n + 1, sizeof(int)) ||
            !grow((void **)&net->value, NULL, n, sizeof(double)) ||
            !grow((void **)&net->prev, NULL, n, sizeof(double)) ||
            !grow((void **)&net->out_index, NULL, n, sizeof(int)))
            return false;
        net->cap_nodes = n;
    }
    if (links > net->cap_links) {
        int n = links + 16;
        if (!grow((void **)&net->in_node, NULL, n, sizeof(int)) ||
            !grow((void **)&net->in_weight, NULL, n, sizeof(double)))
            return false;
        net->cap_links = n;
    }
    return true;
}

alResult alNeatNet_Build(alNeatNet *net, const alNeatGenome *g, bool recurrent, double slope,
                         alError *err)
{
    int n = g->node_count, links = 0;
    for (int c = 0; c < g->conn_count; ++c) links += g->conns[c].enabled;
    if (!net_reserve(net, n, links)) return alError_Set(err, AL_ERR_NOMEM, "NEAT network: out of memory");
    net->node_count = n;
    net->inputs = g->inputs;
    net->outputs = g->outputs;
    net->bias = g->bias;
    net->recurrent = recurrent;
    net->slope = slope;
    // Counting sort of the links by target node.
    memset(net->in_start, 0, (size_t)(n + 1) * sizeof(int));
    for (int c = 0; c < g->conn_count; ++c)
        if (g->conns[c].enabled) net->in_start[alNeatGenome_FindNode(g, g->conns[c].out) + 1]++;
    for (int i = 0; i < n; ++i) net->in_start[i + 1] += net->in_start[i];
    int *fill = net->order; // borrowed as a cursor, rewritten below
    for (int i = 0; i < n; ++i) fill[i] = net->in_start[i];
    for (int c = 0; c < g->conn_count; ++c) {
        const alNeatConn *k = &g->conns[c];
        if (!k->enabled) continue;
        int o = alNeatGenome_FindNode(g, k->out);
        net->in_node[fill[o]] = alNeatGenome_FindNode(g, k->in);
        net->in_weight[fill[o]] = k->weight;
        fill[o]++;
    }
    int outs = 0;
    for (int i = 0; i < n; ++i)
        if (g->nodes[i].type == AL_NEAT_OUTPUT) net->out_index[outs++] = i;
    // Order: every node that computes (hidden, output). Feed-forward: a node
    // comes after all its sources (repeated passes; genomes are small).
    net->order_count = 0;
    if (recurrent) {
        for (int i = 0; i < n; ++i)
            if (g->nodes[i].type >= AL_NEAT_OUTPUT) net->order[net->order_count++] = i;
    } else {
        char *done = calloc((size_t)n + 1, 1);
        if (!done) return alError_Set(err, AL_ERR_NOMEM, "NEAT network: out of memory");
        int todo = 0;
        for (int i = 0; i < n; ++i) {
            if (g->nodes[i].type < AL_NEAT_OUTPUT) done[i] = 1;
            else ++todo;
        }
        while (todo > 0) {
            int progress = 0;
            for (int i = 0; i < n; ++i) {
                if (done[i]) continue;
                bool ready = true;
                for (int l = net->in_start[i]; l < net->in_start[i + 1]; ++l)
                    if (!done[net->in_node[l]]) { ready = false; break; }
                if (!ready) continue;
                done[i] = 1;
                net->order[net->order_count++] = i;
                --todo;
                ++progress;
            }
            if (!progress) {
                free(done);
                return alError_Set(err, AL_ERR_CONFIG,
                                   "NEAT network: the enabled connections form a cycle (set "
                                   "neat.recurrent = true to allow it)");
            }
        }
        free(done);
    }
    alNeatNet_Reset(net);
    return AL_OK;
}

void alNeatNet_Reset(alNeatNet *net)
{
    for (int i = 0; i < net->node_count; ++i) net->value[i] = net->prev[i] = 0.0;
}

void alNeatNet_Activate(alNeatNet *net, const double *in, double *out)
{
    // Node ids put inputs first, then the bias: indices 0..inputs-1, inputs.
    for (int i = 0; i < net->inputs; ++i) net->value[i] = in[i];
    if (net->bias) net->value[net->inputs] = 1.0;
    const double *src = net->value;
    if (net->recurrent) {
        memcpy(net->prev, net->value, (size_t)net->node_count * sizeof(double));
        src = net->prev;
    }
    for (int k = 0; k < net->order_count; ++k) {
        int i = net->order[k];
        double s = 0;
        for (int l = net->in_start[i]; l < net->in_start[i + 1]; ++l)
            s += src[net->in_node[l]] * net->in_weight[l];
        net->value[i] = alNeat_Sigmoid(s, net->slope);
    }
    for (int o = 0; o < net->outputs; ++o) out[o] = net->value[net->out_index[o]];
}

void alNeatNet_Free(alNeatNet *net)
{
    if (!net) return;
    free(net->order);
    free(net->in_start);
    free(net->in_node);
    free(net->in_weight);
    free(net->value);
    free(net->prev);
    free(net->out_index);
    memset(net, 0, sizeof *net);
}
