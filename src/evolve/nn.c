// Feed-forward networks over a flat genome. The batch pass loops over
// networks innermost so the compiler vectorises it across agents; both passes
// add the terms in the same order (w0*x0 + w1*x1 + ... + bias) and use the same
// activation, so they agree bit for bit (no -ffast-math, no FP contraction).
// Comparisons may not trap here, so the activation's clamps become vector
// selects and the batch loops vectorise. It changes no value, only what the
// compiler may assume about floating-point exceptions.
#pragma GCC optimize("no-trapping-math")

#include "alife/nn.h"
#include "nn_fixed.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

alNNLayout alDefaultNNLayout(void)
{
    return (alNNLayout){.layer_count = 3, .sizes = {4, 6, 2}, .activation = AL_ACT_SIGMOID,
                        .response = 1.0f};
}

alResult alNN_Check(const alNNLayout *l, const char *what, alError *err)
{
    if (l->layer_count < 2 || l->layer_count > AL_NN_MAX_LAYERS)
        return alError_Set(err, AL_ERR_CONFIG, "%s: %d layers (allowed: 2..%d, input and output included)",
                           what, l->layer_count, AL_NN_MAX_LAYERS);
    for (int i = 0; i < l->layer_count; ++i)
        if (l->sizes[i] < 1 || l->sizes[i] > AL_NN_MAX_WIDTH)
            return alError_Set(err, AL_ERR_CONFIG,
                               "%s: layer %d has width %d (allowed: 1..%d neurons)", what, i,
                               l->sizes[i], AL_NN_MAX_WIDTH);
    if (!(l->response > 0.0f))
        return alError_Set(err, AL_ERR_CONFIG, "%s: response %g (allowed: > 0)", what,
                           (double)l->response);
    return AL_OK;
}

int alNN_WeightCount(const alNNLayout *l)
{
    int n = 0;
    for (int i = 1; i < l->layer_count; ++i) n += l->sizes[i] * (l->sizes[i - 1] + 1);
    return n;
}

int alNN_NeuronCount(const alNNLayout *l)
{
    int n = 0;
    for (int i = 0; i < l->layer_count; ++i) n += l->sizes[i];
    return n;
}

int alNN_LayerOffset(const alNNLayout *l, int layer)
{
    assert(layer >= 0 && layer < l->layer_count);
    int n = 0;
    for (int i = 0; i < layer; ++i) n += l->sizes[i];
    return n;
}

const float *alNN_Forward(const alNNLayout *l, const float *w, const float *inputs, float *act)
{
    const float k = 1.0f / l->response;
    for (int i = 0; i < l->sizes[0]; ++i) act[i] = inputs[i];
    const float *in = act;
    float *out = act + l->sizes[0];
    for (int L = 1; L < l->layer_count; ++L) {
        int nin = l->sizes[L - 1];
        for (int j = 0; j < l->sizes[L]; ++j) {
            float a = w[0] * in[0];
            for (int i = 1; i < nin; ++i) a += w[i] * in[i];
            a += w[nin];
            w += nin + 1;
            out[j] = alNN_Activate(l->activation, k, a);
        }
        in = out;
        out += l->sizes[L];
    }
    return in;
}

void alNN_Interleave(const alNNLayout *l, const float *genome, int a, float *wt, int stride)
{
    int nw = alNN_WeightCount(l);
    for (int i = 0; i < nw; ++i) wt[(size_t)i * stride + a] = genome[i];
}

// The forward pass of n <= AL_NN_BATCH interleaved networks. Called with the
// constant AL_NN_BATCH every loop has a constant trip count, so the compiler
// keeps a neuron's lanes in registers and unrolls.
static inline __attribute__((always_inline)) void forward_chunk(const alNNLayout *l, const float *wt,
                                                                int n, int stride, float *act)
{
    const float k = 1.0f / l->response;
    const float *in = act;
    float *out = act + (size_t)l->sizes[0] * stride;
    for (int L = 1; L < l->layer_count; ++L) {
        int nin = l->sizes[L - 1];
        for (int j = 0; j < l->sizes[L]; ++j) {
            float acc[AL_NN_BATCH];
            for (int a = 0; a < n; ++a) acc[a] = wt[a] * in[a];
            for (int i = 1; i < nin; ++i)
                for (int a = 0; a < n; ++a) acc[a] += wt[(size_t)i * stride + a] * in[(size_t)i * stride + a];
            const float *b = wt + (size_t)nin * stride;
            float *o = out + (size_t)j * stride;
            if (l->activation == AL_ACT_TANH) {
                for (int a = 0; a < n; ++a) o[a] = alNN_Activate(AL_ACT_TANH, k, acc[a] + b[a]);
            } else {
                for (int a = 0; a < n; ++a) o[a] = alNN_Activate(AL_ACT_SIGMOID, k, acc[a] + b[a]);
            }
            wt += (size_t)(nin + 1) * stride;
        }
        in = out;
        out += (size_t)l->sizes[L] * stride;
    }
}

// AVX-512 and AVX2 widen the lanes where the CPU has them (no FMA: the same
// roundings, so the same bits as the SSE2 and scalar paths). Not under clang
// (the ThreadSanitizer build): clang 14 emits no resolver for a cloned
// function called from another file.
#ifndef __clang__
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void alNN_ForwardBatch(const alNNLayout *l, const float *wt, int n, int stride, float *act)
{
    assert(n <= stride);
    const bool smart = al_nnf_is_smart(l);
    for (int c = 0; c < n; c += AL_NN_BATCH) {
        if (n - c >= AL_NN_BATCH && smart) al_nnf_forward(wt + c, (size_t)stride, 1.0f / l->response, act + c);
        else if (n - c >= AL_NN_BATCH) forward_chunk(l, wt + c, AL_NN_BATCH, stride, act + c);
        else forward_chunk(l, wt + c, n - c, stride, act + c);
    }
}
