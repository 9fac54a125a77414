// Where a NEAT drawing puts its nodes (neat_layout.h). The pole's recurrent
// controller drew its one hidden node against the "push" output (classroom
// trial, issue 10): the node's self-loop had pushed its depth to the cap.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gui/neat_layout.h"

// 2 inputs, the bias, 1 output and hidden node 4: in0 -> 4 -> out, plus
// the links given (each in -> out by node id).
static float hidden_depth(const int (*extra)[2], int nextra)
{
    alNeatNode nodes[5] = {{0, AL_NEAT_INPUT}, {1, AL_NEAT_INPUT}, {2, AL_NEAT_BIAS}, {3, AL_NEAT_OUTPUT},
                           {4, AL_NEAT_HIDDEN}};
    alNeatConn conns[8] = {{0, 0, 4, 1.0, true}, {1, 4, 3, 1.0, true}, {2, 1, 3, -1.0, true}};
    int nc = 3;
    for (int i = 0; i < nextra; ++i, ++nc) conns[nc] = (alNeatConn){nc, extra[i][0], extra[i][1], 0.5, true};
    alNeatGenome g = {.node_count = 5, .conn_count = nc, .node_cap = 5, .conn_cap = 8, .nodes = nodes,
                      .conns = conns, .inputs = 2, .outputs = 1, .bias = true};
    float along[5], depth[5];
    assert_true(al_neat_layout(&g, along, depth, NULL));
    assert_true(depth[0] == 0.0f && depth[3] == 1.0f);
    return depth[4];
}

static void a_hidden_node_sits_midway(void **state)
{
    (void)state;
    assert_float_equal(hidden_depth(NULL, 0), 0.5f, 1e-6);
}

static void a_self_loop_leaves_the_hidden_node_midway(void **state)
{
    (void)state;
    static const int loop[1][2] = {{4, 4}};
    float d = hidden_depth(loop, 1);
    if (d > 0.51f) fail_msg("a self-looping hidden node drawn at depth %.3f (the output is at 1)", (double)d);
}

static void a_two_node_cycle_keeps_a_gap_from_the_output(void **state)
{
    (void)state;
    // 4 -> 4 and out -> 4 (a recurrent link back from the output)
    static const int links[2][2] = {{4, 4}, {3, 4}};
    float d = hidden_depth(links, 2);
    if (d > 0.51f) fail_msg("a recurrent hidden node drawn at depth %.3f (the output is at 1)", (double)d);
}

// in1, a hidden node and the output on one line (the XOR trial, issue 10):
// in1 -> out is bowed round the hidden node, the links into and out of it
// stay straight.
static void a_link_is_bowed_round_a_node_on_its_line(void **state)
{
    (void)state;
    alNeatNode nodes[3] = {{1, AL_NEAT_INPUT}, {3, AL_NEAT_OUTPUT}, {4, AL_NEAT_HIDDEN}};
    alNeatConn conns[3] = {{0, 1, 3, 1.0, true}, {1, 1, 4, 1.0, true}, {2, 4, 3, -1.0, true}};
    alNeatGenome g = {.node_count = 3, .conn_count = 3, .node_cap = 3, .conn_cap = 3, .nodes = nodes,
                      .conns = conns, .inputs = 1, .outputs = 1, .bias = false};
    const float x[3] = {100, 100, 100}, y[3] = {300, 100, 200};
    float bow[3];
    assert_int_equal(al_neat_link_bows(&g, x, y, 10, bow), 0);
    assert_true(bow[0] != 0.0f && bow[1] == 0.0f && bow[2] == 0.0f);
    // the curve's middle keeps the radius from the hidden node
    float xs[AL_NEAT_LINK_POINTS], ys[AL_NEAT_LINK_POINTS];
    al_neat_link_path(x[0], y[0], x[1], y[1], bow[0], xs, ys);
    int mid = AL_NEAT_LINK_POINTS / 2;
    assert_true(xs[mid] < 90 || xs[mid] > 110);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hidden_node_sits_midway),
        cmocka_unit_test(a_self_loop_leaves_the_hidden_node_midway),
        cmocka_unit_test(a_two_node_cycle_keeps_a_gap_from_the_output),
        cmocka_unit_test(a_link_is_bowed_round_a_node_on_its_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
