/// nn.h — small feed-forward neural networks whose weights are a GA genome.
///
/// A network is a layout (layer sizes, activation) plus a flat float array of
/// weights owned by the caller (the genome). Layer 0 is the input, the last
/// layer the output; every neuron of layer L+1 has sizes[L] input weights
/// followed by one bias, and neurons are stored in order, layer after layer:
///   genome = [ n(1,0): w0 .. w(k-1) bias | n(1,1): ... | n(2,0): ... ]
/// so alNN_WeightCount(layout) is the genome length. The forward pass writes
/// every neuron's activation (inputs included) into a caller buffer of
/// alNN_NeuronCount(layout) floats, which is what the GUI draws live.
///
/// The activation uses a fixed polynomial exp (alNN_Exp), not libm's expf, so
/// a forward pass gives bit-identical results on every machine, scalar or
/// vectorised, one network or a batch. Nothing here allocates or prints.
#ifndef ALIFE_NN_H
#define ALIFE_NN_H

#include <stdint.h>
#include <string.h>
#include "alife/error.h"

/// Most layers a layout may have (input and output included).
#define AL_NN_MAX_LAYERS 8
/// Widest layer allowed.
#define AL_NN_MAX_WIDTH 64

typedef enum alActivation {
    AL_ACT_SIGMOID = 0, ///< 1 / (1 + exp(-a / response)), in (0, 1)
    AL_ACT_TANH = 1,    ///< tanh(a / response), in (-1, 1)
} alActivation;

/// A network's shape. Fill from alDefaultNNLayout() or by hand.
typedef struct alNNLayout {
    int layer_count;              ///< layers including input and output, 2..AL_NN_MAX_LAYERS
    int sizes[AL_NN_MAX_LAYERS];  ///< neurons per layer, each 1..AL_NN_MAX_WIDTH
    alActivation activation;      ///< applied to every non-input neuron
    float response;               ///< activation response (> 0): larger = gentler slope; default 1
} alNNLayout;

/// The Smart Sweepers brain: 4 inputs, 6 hidden sigmoid neurons, 2 outputs, response 1.
alNNLayout alDefaultNNLayout(void);

/// Checks a layout: layer count, every width, the response. On failure fills
/// err with AL_ERR_CONFIG naming `what` (e.g. "ants.hidden") and the bad value.
alResult alNN_Check(const alNNLayout *layout, const char *what, alError *err);

/// Genome length: sum over layers L >= 1 of sizes[L] * (sizes[L-1] + 1).
int alNN_WeightCount(const alNNLayout *layout);
/// Activations buffer length: the sum of all layer sizes (inputs included).
int alNN_NeuronCount(const alNNLayout *layout);
/// Offset of layer L's first neuron in the activations buffer.
int alNN_LayerOffset(const alNNLayout *layout, int layer);

/// The heart of alNN_Exp, written once for a float or a GCC float vector of
/// type T (whose arithmetic broadcasts the constants), so that nn.c's
/// vector copy gives the same bits: from x in [-87, 87] it sets fn =
/// round(x / ln 2) and p = e^(x - fn ln 2), so that e^x = p * 2^fn.
#define AL_NN_EXP_REDUCE(T, x, fn, p)                                                              \
    do {                                                                                           \
        /* fn = round(x / ln 2) with the 1.5 * 2^23 trick (exact for |t| < 2^22). */               \
        T t_ = (x) * 1.44269504088896341f;                                                         \
        (fn) = (t_ + 12582912.0f) - 12582912.0f;                                                   \
        /* Cody–Waite: r = x - n ln2 in two parts, |r| <= ln2 / 2. */                              \
        T r_ = (x) - (fn) * 0.693359375f;                                                          \
        r_ = r_ - (fn) * -2.12194440e-4f;                                                          \
        (p) = r_ * 1.9875691500e-4f + 1.3981999507e-3f;                                            \
        (p) = (p) * r_ + 8.3334519073e-3f;                                                         \
        (p) = (p) * r_ + 4.1665795894e-2f;                                                         \
        (p) = (p) * r_ + 1.6666665459e-1f;                                                         \
        (p) = (p) * r_ + 5.0000001201e-1f;                                                         \
        (p) = (p) * (r_ * r_) + r_ + 1.0f;                                                         \
    } while (0)

/// e^x by range reduction and a degree-6 polynomial (relative error < 2e-7
/// for |x| < 87; x is clamped to [-87, 87]). Deterministic bit for bit.
static inline float alNN_Exp(float x)
{
    x = x < -87.0f ? -87.0f : (x > 87.0f ? 87.0f : x);
    float fn, p;
    AL_NN_EXP_REDUCE(float, x, fn, p);
    int32_t bits = ((int32_t)fn + 127) << 23;
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

/// The activation of a neuron whose weighted sum is a; k = 1 / response.
static inline float alNN_Activate(alActivation act, float k, float a)
{
    if (act == AL_ACT_TANH) return 1.0f - 2.0f / (1.0f + alNN_Exp(2.0f * k * a));
    return 1.0f / (1.0f + alNN_Exp(-k * a));
}

/// One forward pass. inputs: sizes[0] floats; weights: alNN_WeightCount
/// floats; act: alNN_NeuronCount floats, receives every activation (inputs
/// first, outputs last). All pointers are the caller's; no allocation.
/// Returns a pointer to the outputs inside act.
const float *alNN_Forward(const alNNLayout *layout, const float *weights, const float *inputs,
                          float *act);

/// Forward pass of n networks at once, for data-oriented callers (one
/// network per agent). Everything is interleaved by network with a common
/// stride (>= n): weight w of network a is wt[w * stride + a] (see
/// alNN_Interleave) and neuron j's activation is act[j * stride + a]. The
/// caller writes the inputs into the first sizes[0] rows of act; the pass
/// fills the other rows. Bit-identical to alNN_Forward on each network.
/// n == AL_NN_BATCH takes a faster fixed-width path (same results).
void alNN_ForwardBatch(const alNNLayout *layout, const float *wt, int n, int stride, float *act);
/// The batch width alNN_ForwardBatch is fastest at.
#define AL_NN_BATCH 16

/// Copies one network's genome into column a of an interleaved weight array.
void alNN_Interleave(const alNNLayout *layout, const float *genome, int a, float *wt, int stride);

#endif
