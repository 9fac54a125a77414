// NEAT (src/algo/neat*.c) and the XOR task (src/tasks/xor.c): innovation
// numbers shared within a generation, the add-node split, crossover aligned
// by innovation, the compatibility distance of a hand-computed example, the
// dynamic threshold, the stored genome format, the network, determinism
// with 1 and 2 threads, XOR solved, and the errors of bad definitions.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/neat.h"
#include "alife/xor.h"

// A genome by hand: 2 inputs (ids 0, 1), bias 2, output 3, hidden ids from
// 4; conns given as innovation, in, out, weight, enabled.
static void make_genome(alNeatGenome *g, int hidden, const alNeatConn *c, int n)
{
    memset(g, 0, sizeof *g);
    g->inputs = 2;
    g->outputs = 1;
    g->bias = true;
    g->node_count = 4 + hidden;
    g->conn_count = n;
    g->node_cap = g->node_count;
    g->conn_cap = n ? n : 1;
    g->nodes = calloc((size_t)g->node_cap, sizeof *g->nodes);
    g->conns = calloc((size_t)g->conn_cap, sizeof *g->conns);
    uint8_t types[4] = {AL_NEAT_INPUT, AL_NEAT_INPUT, AL_NEAT_BIAS, AL_NEAT_OUTPUT};
    for (int i = 0; i < g->node_count; ++i)
        g->nodes[i] = (alNeatNode){i, i < 4 ? types[i] : (uint8_t)AL_NEAT_HIDDEN};
    memcpy(g->conns, c, (size_t)n * sizeof *c);
}

static alNeatDef structural_def(void)
{
    alNeatDef d = alDefaultNeatDef();
    d.add_node = 1.0;       // every child splits one connection
    d.add_conn = 0.0;
    d.weight_mutate = 0.0;  // weights stay as they were
    d.mutate_only = 1.0;    // no crossover
    d.elitism_min_size = 1000000;
    d.keep_champion = false;
    return d;
}

static void flat_tell(alNeat *ne)
{
    int n = alNeat_Ask(ne);
    double *f = calloc((size_t)n, sizeof *f);
    for (int i = 0; i < n; ++i) f[i] = 1.0;
    alNeat_Tell(ne, f);
    free(f);
}

static void test_innovations_are_shared_within_a_generation(void **state)
{
    (void)state;
    alNeatDef d = structural_def();
    alNeat *ne = NULL;
    alError err;
    assert_int_equal(alCreateNeat(&d, 7, &ne, &err), AL_OK);
    assert_int_equal(alNeat_NextInnovation(ne), 3); // in1, in2, bias -> out
    flat_tell(ne);
    // 150 children each split one of the 3 connections: at most 3 new node
    // ids and 6 new innovations, and one innovation always means one link.
    int32_t inn_in[64], inn_out[64];
    for (int k = 0; k < 64; ++k) inn_in[k] = inn_out[k] = -1;
    int hidden_ids[8], nh = 0;
    for (int i = 0; i < alNeat_Ask(ne); ++i) {
        const alNeatGenome *g = alNeat_Candidate(ne, i);
        assert_int_equal(g->node_count, 5);
        int32_t h = g->nodes[4].id;
        bool seen = false;
        for (int k = 0; k < nh; ++k) seen |= hidden_ids[k] == h;
        if (!seen) {
            assert_true(nh < 3);
            hidden_ids[nh++] = h;
        }
        for (int c = 0; c < g->conn_count; ++c) {
            const alNeatConn *k = &g->conns[c];
            assert_true(k->innovation < 9);
            if (inn_in[k->innovation] < 0) {
                inn_in[k->innovation] = k->in;
                inn_out[k->innovation] = k->out;
            }
            assert_int_equal(inn_in[k->innovation], k->in);
            assert_int_equal(inn_out[k->innovation], k->out);
        }
    }
    assert_true(nh >= 2); // 150 draws of 3 links: all but surely two or more
    assert_int_equal(alNeat_NextInnovation(ne), 3 + 2 * nh);
    // The next generation's splits are new innovations.
    flat_tell(ne);
    assert_true(alNeat_NextInnovation(ne) > 3 + 2 * nh);
    alDestroyNeat(ne);
}

static void test_add_node_splits_a_connection(void **state)
{
    (void)state;
    alNeatDef d = structural_def();
    alNeat *ne = NULL;
    assert_int_equal(alCreateNeat(&d, 11, &ne, NULL), AL_OK);
    flat_tell(ne);
    for (int i = 0; i < alNeat_Ask(ne); ++i) {
        const alNeatGenome *g = alNeat_Candidate(ne, i);
        int32_t h = g->nodes[4].id;
        const alNeatConn *old = NULL, *in = NULL, *out = NULL;
        for (int c = 0; c < g->conn_count; ++c) {
            const alNeatConn *k = &g->conns[c];
            if (!k->enabled) old = k;
            if (k->out == h) in = k;
            if (k->in == h) out = k;
        }
        assert_non_null(old);
        assert_non_null(in);
        assert_non_null(out);
        assert_int_equal(g->conn_count, 5);
        assert_int_equal(in->in, old->in);
        assert_int_equal(out->out, old->out);
        assert_true(in->weight == 1.0);
        assert_true(out->weight == old->weight);
        assert_true(in->enabled && out->enabled);
    }
    alDestroyNeat(ne);
}

// Paper, figure 4: parent 1 has genes 1..5 and 8, parent 2 has 1..7, 9, 10.
static void two_parents(alNeatGenome *a, alNeatGenome *b)
{
    alNeatConn ca[] = {{1, 0, 3, 0.5, true}, {2, 1, 3, 0.5, false}, {3, 2, 3, 0.5, true},
                       {4, 1, 4, 0.5, true}, {5, 4, 3, 0.5, true}, {8, 0, 4, 0.5, true}};
    alNeatConn cb[] = {{1, 0, 3, 0.5, true}, {2, 1, 3, 1.5, false}, {3, 2, 3, 0.5, true},
                       {4, 1, 4, -0.5, true}, {5, 4, 3, 0.5, false}, {6, 4, 5, 0.5, true},
                       {7, 5, 3, 0.5, true}, {9, 2, 4, 0.5, true}, {10, 0, 5, 0.5, true}};
    make_genome(a, 1, ca, 6);
    make_genome(b, 2, cb, 9);
}

static void test_distance_of_the_papers_example(void **state)
{
    (void)state;
    alNeatGenome a, b;
    two_parents(&a, &b);
    int e = -1, dj = -1;
    double w = -1;
    // Excess 9, 10; disjoint 6, 7 (parent 2) and 8 (parent 1); matching 1..5
    // with weight differences 0, 1, 0, 1, 0: W = 0.4.
    double dist = alNeatGenome_Distance(&a, &b, 1.0, 1.0, 0.4, 20, &e, &dj, &w);
    assert_int_equal(e, 2);
    assert_int_equal(dj, 3);
    assert_true(fabs(w - 0.4) < 1e-15);
    assert_true(fabs(dist - (2.0 + 3.0 + 0.16)) < 1e-12); // N = 1: fewer than 20 genes
    dist = alNeatGenome_Distance(&a, &b, 1.0, 2.0, 0.4, 0, NULL, NULL, NULL); // N = 9
    assert_true(fabs(dist - (2.0 / 9 + 6.0 / 9 + 0.16)) < 1e-12);
    assert_true(alNeatGenome_Distance(&b, &a, 1.0, 1.0, 0.4, 20, NULL, NULL, NULL) == 5.16 ||
                fabs(alNeatGenome_Distance(&b, &a, 1.0, 1.0, 0.4, 20, NULL, NULL, NULL) - 5.16) < 1e-12);
    assert_true(alNeatGenome_Distance(&a, &a, 1.0, 1.0, 0.4, 20, NULL, NULL, NULL) == 0.0);
    alNeatGenome_Free(&a);
    alNeatGenome_Free(&b);
}

static void test_crossover_aligns_by_innovation(void **state)
{
    (void)state;
    alNeatGenome a, b, child = {0};
    two_parents(&a, &b);
    alRng rng = alRng_Stream(5, 1);
    int from_b[6] = {0}, disabled2 = 0, trials = 400;
    for (int t = 0; t < trials; ++t) {
        // b fitter: the child has exactly b's genes (its disjoint and excess).
        assert_int_equal(alNeatGenome_Crossover(&child, &a, 1.0, &b, 2.0, 0.75, &rng), AL_OK);
        assert_int_equal(child.conn_count, 9);
        assert_int_equal(child.node_count, b.node_count);
        for (int c = 0; c < 9; ++c) {
            assert_int_equal(child.conns[c].innovation, b.conns[c].innovation);
            assert_int_equal(child.conns[c].in, b.conns[c].in);
            if (c >= 5) assert_true(child.conns[c].weight == b.conns[c].weight);
            else if (child.conns[c].weight != b.conns[c].weight) {
                assert_true(child.conns[c].weight == a.conns[c].weight);
            }
        }
        from_b[1] += child.conns[1].weight == 1.5;
        from_b[3] += child.conns[3].weight == -0.5;
        disabled2 += !child.conns[1].enabled;
        assert_true(child.conns[0].enabled); // enabled in both parents
    }
    // Matching genes come from either parent, about half each; a gene
    // disabled in a parent stays disabled about 75% of the time.
    assert_in_range(from_b[1], trials * 4 / 10, trials * 6 / 10);
    assert_in_range(from_b[3], trials * 4 / 10, trials * 6 / 10);
    assert_in_range(disabled2, trials * 65 / 100, trials * 85 / 100);
    // a fitter: a's six genes, gene 8 (disjoint in a) included, 6, 7, 9, 10 not.
    assert_int_equal(alNeatGenome_Crossover(&child, &a, 3.0, &b, 2.0, 0.75, &rng), AL_OK);
    assert_int_equal(child.conn_count, 6);
    assert_int_equal(child.conns[5].innovation, 8);
    alNeatGenome_Free(&a);
    alNeatGenome_Free(&b);
    alNeatGenome_Free(&child);
}

static void test_network_activation(void **state)
{
    (void)state;
    // A hand-made XOR: h = s(in0 + in1 - 1.5) (AND), out = s(in0 + in1 - 2h - 0.5)
    // at slope 4.9 times 4 to saturate.
    alNeatConn c[] = {{0, 0, 3, 4, true}, {1, 1, 3, 4, true}, {2, 2, 3, -2, true},
                      {3, 0, 4, 4, true}, {4, 1, 4, 4, true}, {5, 2, 4, -6, true},
                      {6, 4, 3, -8, true}};
    alNeatGenome g;
    make_genome(&g, 1, c, 7);
    alNeatNet net = {0};
    double out[4];
    double f = alXor_Evaluate(&g, false, 4.9, &net, out);
    assert_true(alXor_Solved(out));
    assert_true(f > 15.0 && f <= 16.0);
    // The output by hand for (1, 0): h = s(4 - 6) , out = s(4 - 2 - 8 h).
    double h = 1 / (1 + exp(-4.9 * -2.0));
    double o = 1 / (1 + exp(-4.9 * (2.0 - 8 * h)));
    assert_true(fabs(out[2] - o) < 1e-12);
    // A cycle is refused feed-forward and runs recurrent.
    g.conns[5] = (alNeatConn){5, 3, 4, -6, true}; // out -> h beside h -> out
    alError err;
    assert_int_equal(alNeatNet_Build(&net, &g, false, 4.9, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "cycle"));
    assert_int_equal(alNeatNet_Build(&net, &g, true, 4.9, &err), AL_OK);
    double in[2] = {1, 1}, o1, o2;
    alNeatNet_Activate(&net, in, &o1);
    alNeatNet_Activate(&net, in, &o2);
    assert_true(o1 != o2); // the second step reads the first's values: memory
    alNeatNet_Free(&net);
    alNeatGenome_Free(&g);
}

static alXor *run_xor(uint64_t seed, int threads, int gens, alGenStats *stats)
{
    alNeatDef d = alDefaultNeatDef();
    d.threads = threads;
    alXor *x = NULL;
    assert_int_equal(alCreateXor(&d, seed, &x, NULL), AL_OK);
    for (int g = 0; g < gens; ++g) {
        alXor_Step(x);
        if (stats) assert_true(alNeat_LastStats(alXor_Neat(x), &stats[g]));
    }
    return x;
}

static void test_genome_round_trip_through_the_stored_format(void **state)
{
    (void)state;
    alXor *x = run_xor(3, 1, 25, NULL);
    const alNeatGenome *g;
    double out[4], f;
    assert_true(alXor_Best(x, &g, out, &f));
    size_t n = alNeatGenome_EncodedSize(g);
    assert_int_equal(n, 16 + 8 * (size_t)g->node_count + 24 * (size_t)g->conn_count);
    uint8_t *buf = malloc(n);
    assert_int_equal(alNeatGenome_Encode(g, false, buf, n), n);
    assert_int_equal(alNeatGenome_Encode(g, false, buf, n - 1), 0);
    assert_memory_equal(buf, "NEAT", 4);
    alNeatGenome back = {0};
    bool rec = true;
    alError err;
    assert_int_equal(alNeatGenome_Decode(&back, &rec, buf, n, &err), AL_OK);
    assert_false(rec);
    assert_int_equal(back.node_count, g->node_count);
    assert_int_equal(back.conn_count, g->conn_count);
    assert_int_equal(back.inputs, 2);
    assert_int_equal(back.outputs, 1);
    assert_true(back.bias);
    for (int i = 0; i < g->node_count; ++i) {
        assert_int_equal(back.nodes[i].id, g->nodes[i].id);
        assert_int_equal(back.nodes[i].type, g->nodes[i].type);
    }
    for (int i = 0; i < g->conn_count; ++i) {
        assert_int_equal(back.conns[i].innovation, g->conns[i].innovation);
        assert_int_equal(back.conns[i].in, g->conns[i].in);
        assert_int_equal(back.conns[i].out, g->conns[i].out);
        assert_int_equal(back.conns[i].enabled, g->conns[i].enabled);
        assert_memory_equal(&back.conns[i].weight, &g->conns[i].weight, sizeof(double));
    }
    alNeatNet net = {0};
    double out2[4];
    assert_true(alXor_Evaluate(&back, false, 4.9, &net, out2) == f);
    assert_memory_equal(out, out2, sizeof out);
    // Damaged bytes are refused with a reason.
    assert_int_equal(alNeatGenome_Decode(&back, NULL, buf, n - 1, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "do not fill"));
    buf[0] = 'X';
    assert_int_equal(alNeatGenome_Decode(&back, NULL, buf, n, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "header"));
    buf[0] = 'N';
    buf[16 + 8 * g->node_count + 4] = 99; // first connection's in node: missing
    assert_int_equal(alNeatGenome_Decode(&back, NULL, buf, n, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "connection 0"));
    free(buf);
    alNeatNet_Free(&net);
    alNeatGenome_Free(&back);
    alDestroyXor(x);
}

static void test_dynamic_threshold_keeps_the_species_count_near_its_target(void **state)
{
    (void)state;
    for (int target = 5; target <= 20; target += 15) {
        alNeatDef d = alDefaultNeatDef();
        d.target_species = target;
        d.threshold = 0.5; // far from the right value: it must move
        alXor *x = NULL;
        assert_int_equal(alCreateXor(&d, 9, &x, NULL), AL_OK);
        double sum = 0;
        int count = 0;
        for (int g = 0; g < 60; ++g) {
            alXor_Step(x);
            if (g >= 30) {
                sum += alNeat_SpeciesCount(alXor_Neat(x));
                count++;
            }
        }
        double mean = sum / count;
        assert_true(mean > target * 0.7 && mean < target * 1.3);
        alDestroyXor(x);
    }
}

static void test_same_seed_same_statistics_with_1_and_2_threads(void **state)
{
    (void)state;
    enum { G = 40 };
    alGenStats a[G], b[G], c[G];
    alDestroyXor(run_xor(21, 1, G, a));
    alDestroyXor(run_xor(21, 2, G, b));
    alDestroyXor(run_xor(22, 1, G, c));
    bool differs = false;
    for (int g = 0; g < G; ++g) {
        assert_memory_equal(&a[g].best, &b[g].best, sizeof(double));
        assert_memory_equal(&a[g].mean, &b[g].mean, sizeof(double));
        assert_memory_equal(&a[g].stddev, &b[g].stddev, sizeof(double));
        assert_int_equal(a[g].evaluations, b[g].evaluations);
        assert_int_equal(a[g].figure_count, b[g].figure_count);
        for (int k = 0; k < a[g].figure_count; ++k)
            assert_memory_equal(&a[g].figures[k], &b[g].figures[k], sizeof(double));
        differs |= a[g].mean != c[g].mean;
    }
    assert_true(differs); // another seed is another run
}

static void test_xor_is_solved_by_a_network_with_hidden_nodes(void **state)
{
    (void)state;
    int solved = 0;
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        alXor *x = run_xor(seed, 1, 0, NULL);
        for (int g = 0; g < 300 && !alXor_Step(x); ++g) {}
        if (alXor_IsSolved(x)) {
            ++solved;
            const alNeatGenome *best;
            double out[4];
            assert_true(alXor_Best(x, &best, out, NULL));
            assert_true(alXor_Solved(out));
            int hidden = 0;
            for (int i = 0; i < best->node_count; ++i) hidden += best->nodes[i].type == AL_NEAT_HIDDEN;
            assert_true(hidden >= 1); // XOR is not linearly separable
            assert_int_equal(alXor_SolvedEvaluations(x), (alXor_SolvedAt(x) + 1) * 150);
        }
        alDestroyXor(x);
    }
    assert_int_equal(solved, 5);
}

// Pinned: the paper's defaults solve XOR with seeds 1, 2, 3 after these
// many evaluations (a change to any draw or rule moves them; re-pin only
// with a reason in the commit).
static void test_pinned_evaluations_to_solve(void **state)
{
    (void)state;
    // Seed 3 moved from 8,100 when the top-two-species rule came in: its
    // best stood still for 20 generations, and the refocusing took it
    // elsewhere (the 50-seed XOR median stayed 3,600).
    const int64_t pinned[3] = {6450, 5250, 13050};
    for (int s = 0; s < 3; ++s) {
        alXor *x = run_xor((uint64_t)s + 1, 1, 0, NULL);
        for (int g = 0; g < 500 && !alXor_Step(x); ++g) {}
        assert_int_equal(alXor_SolvedEvaluations(x), pinned[s]);
        alDestroyXor(x);
    }
}

// The species given offspring in the last Tell (the "breeding" figure).
static int breeding(const alNeat *ne)
{
    alGenStats s;
    assert_true(alNeat_LastStats(ne, &s));
    for (int k = 0; k < s.figure_count; ++k)
        if (strcmp(s.figure_names[k], "breeding") == 0) return (int)s.figures[k];
    fail_msg("no breeding figure");
    return -1;
}

// The paper's rule: when the population's best has not improved for 20
// generations only the top two species reproduce, then the count starts
// again; neat.population_stagnation = 0 turns it off. A flat fitness never
// improves after generation 0; a tight threshold keeps many species, and
// species stagnation is out of the way.
static void test_only_the_top_two_species_reproduce_when_the_population_stagnates(void **state)
{
    (void)state;
    for (int on = 0; on <= 1; ++on) {
        alNeatDef d = alDefaultNeatDef();
        d.population = 60;
        d.threshold = 0.2;
        d.stagnation = 1000;
        d.population_stagnation = on ? 20 : 0;
        alNeat *ne = NULL;
        assert_int_equal(alCreateNeat(&d, 5, &ne, NULL), AL_OK);
        int n = alNeat_Ask(ne);
        double *f = calloc((size_t)n, sizeof *f);
        for (int g = 0; g <= 45; ++g) {
            // Species differ in how good their best is: fitness by species
            // index, so the top two are well defined (and never beaten).
            for (int i = 0; i < n; ++i) f[i] = 1.0 + 0.01 * (double)(alNeat_SpeciesOf(ne, i) % 7);
            if (g == 0) f[0] = 2.0; // the best ever, never reached again
            int species = alNeat_SpeciesCount(ne);
            alNeat_Tell(ne, f);
            bool refocus = on && (g == 20 || g == 40);
            if (refocus)
                assert_int_equal(breeding(ne), 2);
            else
                assert_true(breeding(ne) > 2 && breeding(ne) <= species);
        }
        free(f);
        alDestroyNeat(ne);
    }
    alNeatDef d = alDefaultNeatDef();
    d.population_stagnation = -1;
    alError err;
    alNeat *ne = NULL;
    assert_int_equal(alCreateNeat(&d, 1, &ne, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat.population_stagnation = -1"));
}

static void test_bad_definitions_are_rejected_with_clear_errors(void **state)
{
    (void)state;
    alNeatDef d = alDefaultNeatDef();
    alNeat *ne = (alNeat *)&d; // must be reset to NULL
    alError err;
    d.inputs = 0;
    assert_int_equal(alCreateNeat(&d, 1, &ne, &err), AL_ERR_CONFIG);
    assert_null(ne);
    assert_non_null(strstr(err.msg, "neat.inputs = 0"));
    assert_non_null(strstr(err.msg, "at least one input"));
    d = alDefaultNeatDef();
    d.outputs = 0;
    assert_int_equal(alCreateNeat(&d, 1, &ne, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat.outputs = 0"));
    d = alDefaultNeatDef();
    d.population = 1;
    assert_int_equal(alCreateNeat(&d, 1, &ne, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat.population = 1"));
    d = alDefaultNeatDef();
    d.survival = 0;
    assert_int_equal(alCreateNeat(&d, 1, &ne, &err), AL_ERR_CONFIG);
    assert_non_null(strstr(err.msg, "neat.survival"));
    alDestroyNeat(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_innovations_are_shared_within_a_generation),
        cmocka_unit_test(test_add_node_splits_a_connection),
        cmocka_unit_test(test_distance_of_the_papers_example),
        cmocka_unit_test(test_crossover_aligns_by_innovation),
        cmocka_unit_test(test_network_activation),
        cmocka_unit_test(test_genome_round_trip_through_the_stored_format),
        cmocka_unit_test(test_dynamic_threshold_keeps_the_species_count_near_its_target),
        cmocka_unit_test(test_same_seed_same_statistics_with_1_and_2_threads),
        cmocka_unit_test(test_xor_is_solved_by_a_network_with_hidden_nodes),
        cmocka_unit_test(test_pinned_evaluations_to_solve),
        cmocka_unit_test(test_only_the_top_two_species_reproduce_when_the_population_stagnates),
        cmocka_unit_test(test_bad_definitions_are_rejected_with_clear_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
