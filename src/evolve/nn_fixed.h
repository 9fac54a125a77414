// nn_fixed.h — the Smart Sweepers brain (4-6-2, sigmoid) over AL_NN_BATCH
// interleaved networks as straight-line code on 16-lane vectors (GCC vector
// extensions: one AVX-512 register, two AVX2 or four SSE2 ones per value),
// internal to src/evolve. nn.c's alNN_ForwardBatch uses it, and the ants'
// tick inlines it into its own AVX-512 / AVX2 / baseline clones, so the
// forward pass of a work unit needs no call and no dispatch.
//
// Lane by lane these are the operations of nn.c's forward_chunk and
// alNN_Exp in the same order, with no FMA (-ffp-contract=off), so every
// clone and the scalar alNN_Forward give the same bits.
#ifndef ALIFE_NN_FIXED_H
#define ALIFE_NN_FIXED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "alife/nn.h"

// The 16-lane helpers are static and always inlined: no ABI to keep. (GCC
// reports -Wpsabi at the end of the including file, so it stays off there.)
#pragma GCC diagnostic ignored "-Wpsabi"

enum { AL_NNF_IN = 4, AL_NNF_HID = 6, AL_NNF_OUT = 2, AL_NNF_LANES = 16 };
_Static_assert(AL_NNF_LANES == AL_NN_BATCH, "one vector per row of a batch");
typedef float al_vf16 __attribute__((vector_size(AL_NNF_LANES * sizeof(float))));
typedef int32_t al_vi16 __attribute__((vector_size(AL_NNF_LANES * sizeof(int32_t))));

#define AL_NNF_INLINE static inline __attribute__((always_inline))

/// Whether l is the layout al_nnf_forward computes.
AL_NNF_INLINE bool al_nnf_is_smart(const alNNLayout *l)
{
    return l->layer_count == 3 && l->sizes[0] == AL_NNF_IN && l->sizes[1] == AL_NNF_HID &&
           l->sizes[2] == AL_NNF_OUT && l->activation == AL_ACT_SIGMOID;
}

AL_NNF_INLINE al_vf16 al_nnf_load(const float *p)
{
    al_vf16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

// m ? a : b, lane by lane (m: all ones or zero per lane).
AL_NNF_INLINE al_vf16 al_nnf_select(al_vi16 m, al_vf16 a, al_vf16 b)
{
    return (al_vf16)(((al_vi16)a & m) | ((al_vi16)b & ~m));
}

/// Defines `static VOUT name(VIN a, VIN b)`, lane l of its result OP(x, y)
/// for lanes x, y of a and b seen as TIN (TOUT out). A loop, not the vector
/// operators: GCC lowers a 16-lane compare for a CPU without 16-lane
/// registers (the AVX2 and baseline clones) lane by lane in scalar code, a
/// compare and branch per lane; the loop it vectorises for each clone's own
/// width (one compare on AVX-512, two on AVX2, four on SSE2).
#ifdef _OPENMP
#define AL_NNF_SIMD _Pragma("omp simd")
#else
#define AL_NNF_SIMD
#endif
#define AL_NNF_LANEWISE(name, VIN, TIN, VOUT, TOUT, OP)                                            \
    AL_NNF_INLINE VOUT name(VIN a, VIN b)                                                          \
    {                                                                                              \
        TIN x[AL_NNF_LANES], y[AL_NNF_LANES];                                                      \
        TOUT m[AL_NNF_LANES];                                                                      \
        memcpy(x, &a, sizeof x);                                                                   \
        memcpy(y, &b, sizeof y);                                                                   \
        AL_NNF_SIMD for (int l = 0; l < AL_NNF_LANES; ++l) m[l] = OP(x[l], y[l]);                  \
        VOUT v;                                                                                    \
        memcpy(&v, m, sizeof v);                                                                   \
        return v;                                                                                  \
    }

/// All ones where p < q, else zero (AL_NNF_LANEWISE's OP for the masks).
#define AL_NNF_LT(p, q) (-(int32_t)((p) < (q)))

/// a < b lane by lane (all ones or zero per lane).
AL_NNF_LANEWISE(al_nnf_lt, al_vf16, float, al_vi16, int32_t, AL_NNF_LT)

// alNN_Exp on 16 lanes.
AL_NNF_INLINE al_vf16 al_nnf_exp(al_vf16 x)
{
    const al_vf16 lo = (al_vf16){0} - 87.0f, hi = (al_vf16){0} + 87.0f;
    x = al_nnf_select(al_nnf_lt(x, lo), lo, al_nnf_select(al_nnf_lt(hi, x), hi, x));
    al_vf16 fn, p;
    AL_NN_EXP_REDUCE(al_vf16, x, fn, p);
    al_vi16 bits = (__builtin_convertvector(fn, al_vi16) + 127) << 23;
    return p * (al_vf16)bits;
}

// alNN_Activate(AL_ACT_SIGMOID, k, a) on 16 lanes.
AL_NNF_INLINE al_vf16 al_nnf_sigmoid(float k, al_vf16 a) { return 1.0f / (1.0f + al_nnf_exp(-k * a)); }

/// One neuron's weighted sum on 16 lanes: w[0] * in[0] + ... + w[n-1] *
/// in[n-1] (weight i at w[i * stride]), then its bias w[n * stride], added in
/// that order (nn.c's forward_chunk). n is a constant once inlined.
AL_NNF_INLINE al_vf16 al_nnf_neuron_sum(const float *w, size_t stride, const al_vf16 *in, const int n)
{
    al_vf16 acc = al_nnf_load(w) * in[0];
#pragma GCC unroll 6
    for (int i = 1; i < n; ++i) acc += al_nnf_load(w + i * stride) * in[i];
    return acc + al_nnf_load(w + n * stride);
}

/// The forward pass of nb (1 or 2, a constant) groups of 16 networks at wt
/// (weight w of lane a at wt[w * stride + a], group g's lanes 16 g on):
/// reads the 4 input rows of act, writes the 6 hidden and 2 output rows
/// (act[j * stride + a]); k = 1 / response.
///
/// Written as layers of independent values, not neuron after neuron: a
/// sigmoid is a chain of some 25 dependent operations ending in a division,
/// and a neuron-by-neuron loop kept the core waiting on one chain at a time
/// (61% of an own-world tick was this pass). All the hidden sums first, then
/// their 6 * nb sigmoids, then the outputs' sums and sigmoids: each step has
/// 6 * nb (2 * nb) independent chains to interleave. Each lane's operations
/// and their order are unchanged, so the bits are too.
AL_NNF_INLINE void al_nnf_forward_n(const float *wt, size_t stride, float k, float *act,
                                    const int nb)
{
    enum { MAXB = 2, WO = AL_NNF_HID * (AL_NNF_IN + 1) };
    al_vf16 in[MAXB][AL_NNF_IN], hid[MAXB][AL_NNF_HID], out[MAXB][AL_NNF_OUT];
#pragma GCC unroll 2
    for (int g = 0; g < nb; ++g)
#pragma GCC unroll 4
        for (int i = 0; i < AL_NNF_IN; ++i) in[g][i] = al_nnf_load(act + i * stride + g * AL_NNF_LANES);
#pragma GCC unroll 6
    for (int j = 0; j < AL_NNF_HID; ++j)
#pragma GCC unroll 2
        for (int g = 0; g < nb; ++g)
            hid[g][j] = al_nnf_neuron_sum(wt + (size_t)j * (AL_NNF_IN + 1) * stride + g * AL_NNF_LANES,
                                          stride, in[g], AL_NNF_IN);
#pragma GCC unroll 6
    for (int j = 0; j < AL_NNF_HID; ++j)
#pragma GCC unroll 2
        for (int g = 0; g < nb; ++g) {
            hid[g][j] = al_nnf_sigmoid(k, hid[g][j]);
            memcpy(act + (AL_NNF_IN + j) * stride + g * AL_NNF_LANES, &hid[g][j], sizeof hid[g][j]);
        }
#pragma GCC unroll 2
    for (int j = 0; j < AL_NNF_OUT; ++j)
#pragma GCC unroll 2
        for (int g = 0; g < nb; ++g)
            out[g][j] = al_nnf_neuron_sum(wt + (size_t)(WO + j * (AL_NNF_HID + 1)) * stride + g * AL_NNF_LANES,
                                          stride, hid[g], AL_NNF_HID);
#pragma GCC unroll 2
    for (int j = 0; j < AL_NNF_OUT; ++j)
#pragma GCC unroll 2
        for (int g = 0; g < nb; ++g) {
            al_vf16 o = al_nnf_sigmoid(k, out[g][j]);
            memcpy(act + (AL_NNF_IN + AL_NNF_HID + j) * stride + g * AL_NNF_LANES, &o, sizeof o);
        }
}

/// al_nnf_forward_n for one group of 16 networks.
AL_NNF_INLINE void al_nnf_forward(const float *wt, size_t stride, float k, float *act)
{
    al_nnf_forward_n(wt, stride, k, act, 1);
}

#endif
