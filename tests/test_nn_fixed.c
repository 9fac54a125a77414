// The fixed 4-6-2 brain's 16-lane forward pass (src/evolve/nn_fixed.h) is
// compiled into AVX-512, AVX2 and baseline clones of the ants' tick and of
// alNN_ForwardBatch; the dispatcher picks one per machine, so a test through
// them sees only this machine's. Here each instruction set gets its own copy
// of the pass, run where the CPU has it, and every activation must have the
// scalar alNN_Forward's bits: no clone may round differently (an FMA, a
// reciprocal estimate) from another.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alife/nn.h"
#include "alife/rng.h"
#include "../src/evolve/nn_fixed.h"

enum { LANES = AL_NN_BATCH, NW = 44, NN = 12 };

typedef void (*forward_fn)(const float *wt, float k, float *act);

static void forward_base(const float *wt, float k, float *act) { al_nnf_forward(wt, LANES, k, act); }

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
__attribute__((target("avx2"))) static void forward_avx2(const float *wt, float k, float *act)
{
    al_nnf_forward(wt, LANES, k, act);
}
__attribute__((target("avx512f"))) static void forward_avx512(const float *wt, float k, float *act)
{
    al_nnf_forward(wt, LANES, k, act);
}
#endif

// Random weights and inputs (a steep response too, so the exp's clamps at
// +-87 are hit), one pass of fn, each lane against alNN_Forward.
static int check_clone(forward_fn fn)
{
    const alNNLayout l = {.layer_count = 3, .sizes = {4, 6, 2}, .activation = AL_ACT_SIGMOID};
    assert_true(al_nnf_is_smart(&l));
    alRng rng = alRng_Stream(21, 3);
    const float responses[] = {1.0f, 0.3f, 0.05f};
    int checked = 0;
    for (int round = 0; round < 300; ++round) {
        alNNLayout lr = l;
        lr.response = responses[round % 3];
        float genomes[LANES][NW], wt[NW * LANES], act[NN * LANES], single[NN];
        for (int a = 0; a < LANES; ++a) {
            for (int i = 0; i < NW; ++i) genomes[a][i] = alRng_Range(&rng, -4, 4);
            alNN_Interleave(&lr, genomes[a], a, wt, LANES);
            for (int i = 0; i < 4; ++i) act[i * LANES + a] = alRng_Range(&rng, -1, 1);
        }
        fn(wt, 1.0f / lr.response, act);
        for (int a = 0; a < LANES; ++a) {
            float in[4];
            for (int i = 0; i < 4; ++i) in[i] = act[i * LANES + a];
            alNN_Forward(&lr, genomes[a], in, single);
            for (int j = 0; j < NN; ++j) assert_memory_equal(&single[j], &act[j * LANES + a], sizeof(float));
            ++checked;
        }
    }
    return checked;
}

static void every_clone_of_the_fixed_pass_gives_the_scalar_bits(void **state)
{
    (void)state;
    assert_int_equal(check_clone(forward_base), 300 * LANES);
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) assert_int_equal(check_clone(forward_avx2), 300 * LANES);
    if (__builtin_cpu_supports("avx512f")) assert_int_equal(check_clone(forward_avx512), 300 * LANES);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_clone_of_the_fixed_pass_gives_the_scalar_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
