// ga_internal.h — shared by the GA engine's files (ga_*.c): the state of an
// alGa, its random-number helpers and the functions one file lends another.
//
// The engine, one concept a file:
//   ga_def.c      the def: defaults, validation, the [ga] keys read, names
//   ga_config.c   the [ga] section of the schema
//   ga_create.c   create/destroy, generation 0, the tables breeding reads
//   ga_access.c   the accessors (population, fitness, last generation)
//   ga_stats.c    a generation's statistics, diversity, the stop rule
//   ga_select.c   selection tables, elites and top-N (ga_select.h: one parent)
//   ga_select_lanes.c  byte genomes' parents from eight lanes (ga_lanes.h: PCG32 in AVX2)
//   ga_breed.c    one block of children: parents, crossover, evaluation
//   ga_mutate.c   per-gene mutation
//   ga_epoch.c    evaluation, closing a generation, the thread choice
//   ga_algorithm.c  the GA through the ask/tell interface
//
// Speed matters (EStrings asks for 20,000 generations of 1,000 x 64 genes per
// second), so the breeding pass is written to draw few random numbers:
//  - mutation positions come from a geometric skip (the gap to the next
//    mutated gene), one 32-bit draw a gap: its top 24 bits give the gap
//    (a table lookup, see lane_gap), its low 8 bits pick the new symbol
//    (creep through a lookup table); the gaps run on from one child into
//    the next (a block's children are one run of genes), so no draw is
//    spent on each child's end; byte genomes cut that run into eight
//    segments, one PCG32 lane each, stepped together in AVX-512 registers
//    where the CPU has them (ga_mutate.c);
//  - bounded integers use Lemire's multiply-and-reject (no division);
//  - tournaments compare without branches; byte genomes draw their parents
//    from eight PCG32 lanes (ga_select_lanes.c: parent q from lane q % 8),
//    eight tournaments at once in AVX2 registers where the CPU has them
//    (one AVX-512 register where it has that);
//    uniform crossover mixes 8 genes at a time through a byte mask;
//  - children are bred in pairs (one selection per parent, two children),
//    and evaluated right after their block (16 pairs, 32 for byte genomes)
//    is made, while still in cache.
// Children are bred in fixed blocks of pairs, each block with its own PCG32
// streams derived from (seed, generation, block): one per parent (or eight
// selection lanes), one for mutation gaps (or eight lanes), one for new
// values (independent chains the CPU overlaps).
// So threads only change who computes a block, never what it contains, and
// the engine may choose between one thread and several at run time (see
// alGa_Epoch) without changing any result.
#ifndef ALIFE_GA_INTERNAL_H
#define ALIFE_GA_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alife/ga.h"
#include "alife/pacer.h"
#include "alife/rng.h"

enum {
    GUIDE_BITS = 10,            // top bits of a draw indexing the mutation-gap guide table
    LANE_BITS = 11,             // top bits of a draw indexing the lanes' gap table (lane_gap)
    LANE_REACH_MIN = 16,        // shortest reach the lanes' gap table is cut to (see lane_gap)
    MUTATE_LANES = 8,           // byte genomes: a block's genes mutate in this many segments
    CREEP_TABLE_MAX = 32,       // widest creep (2*creep choices) given a lookup table
    PACER_BURST = 8,            // epochs in a try of the other thread mode (one warm-up)
    PACER_GAP_MIN = 64,         // epochs between the first tries (see alife/pacer.h)
    PACER_GAP_MAX = 16384,      // ... and at most, after tries kept losing
    PACER_MEMORY = 1024,        // epochs its mean costs span: a stall of a scheduler
                                // slice (~100 epochs) then weighs about what it costs
    PARALLEL_MIN_GENES = 16384, // smaller generations breed on one thread
    BLOCK_PAIRS = 16,           // pairs of children per random stream (fixed: results depend on it)
    BYTE_BLOCK_PAIRS = 32,      // the same for byte genomes: half the streams to seed, and
                                // longer mutation lanes (fewer idle lanes at a block's end)
    KIND_INIT = 1,              // stream kinds, mixed into the stream id
    KIND_BREED = 2,
    KIND_DIVERSITY = 3,
    KIND_GAPS = 4,
    KIND_VALUES = 5,
    KIND_MATE = 6,
    KIND_SELECT = 7, // byte genomes: the eight selection lanes (ga_select_lanes.c)
};

// An integer range [0, n) with its rejection threshold for Lemire's method.
typedef struct bound {
    uint32_t n, thresh;
} bound;

static inline bound make_bound(uint32_t n)
{
    bound b = {n, n ? (uint32_t)(-n) % n : 0};
    return b;
}

// A uniform integer in [0, b.n) (Lemire's multiply-and-reject).
static inline uint32_t draw(alRng *r, bound b)
{
    uint64_t m = (uint64_t)alRng_Next(r) * b.n;
    uint32_t low = (uint32_t)m;
    if (low < b.n) {
        while (low < b.thresh) {
            m = (uint64_t)alRng_Next(r) * b.n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

// Creep: draw d in [0, 2k) means steps -k..-1 then 1..k along the alphabet
// from index at, wrapping around. Branch-free: the sign and the wrap are
// coin flips to the branch predictor.
static inline int creep_index(int d, int at, int k, int na)
{
    int down = -(d < k);
    int to = at + ((-(d + 1)) & down) + ((d - k + 1) & ~down);
    to += na & -(to < 0);
    to -= na & -(to >= na); // |step| < na, so one wrap is enough
    return to;
}

struct alGa {
    alGaDef def;
    uint8_t alpha[256];
    int16_t alpha_index[256]; // position of a byte in alpha, -1 if absent
    uint64_t seed;
    int n, len, gsize;       // population, genes, bytes per gene
    size_t stride;           // bytes per genome in the buffers
    unsigned char *genes[2]; // n+1 rows each: the spare row takes an odd pair's second child
    double *fit[2];
    int cur;       // buffer of the current generation
    bool has_last; // buffer 1-cur holds a closed generation
    int64_t gen;
    int64_t evaluations;
    int pending; // individuals of the current generation without a fitness
    alGaStats last;
    unsigned char *best_ever;
    double best_ever_fit;
    int64_t best_ever_gen;
    int n_elite;    // elites * elite_copies
    int *elite_idx; // elites of the generation being closed
    // selection scratch
    double *key; // fitness in the "higher is better" sense
    double *cum; // roulette / rank cumulative weights
    int *order;  // indices sorted best first (rank, truncation)
    int *tmp;    // merge-sort scratch
    int n_trunc;
    bound b_pop, b_trunc, b_cut1, b_cut2, b_reset, b_creep;
    uint64_t cross_thr;
    uint32_t *skip; // mutation gap inverse CDF: first j with r < skip[j]; len entries
    uint32_t thresh8_creep, thresh8_reset; // 256 mod n: spare 8-bit draws below it are rejected
    uint32_t thresh16_pop; // 65536 mod n (n <= 65536): 16-bit tournament draws below it rejected
    uint64_t cross_mask[256]; // uniform crossover: byte i of cross_mask[b] is 0xff if bit i of b
    uint8_t *creep_next; // creep with 2*creep <= CREEP_TABLE_MAX: [byte * 2*creep + d] -> new byte
    uint8_t *creep_step; // the same, transposed: [d * 256 + byte] (the mutation lanes' apply)
    int *guide; // (1 << GUIDE_BITS) + 1 entries: guide[k] = first j with skip[j] > k << (32 -
                // GUIDE_BITS), complemented (~j) when cell k holds a threshold
    // Byte genomes mutate a block's genes in MUTATE_LANES segments, one
    // PCG32 lane each (ga_mutate.c): gaps up to `reach` (a draw of reach
    // means "none of the next reach genes"). lane_gap[k] answers a draw
    // whose top LANE_BITS bits are k: bits 0-15 the gap below the cell's
    // threshold, bits 16-31 the threshold's offset in the cell (1 << (24 -
    // LANE_BITS): none); lane_exact says every cell holds at most one
    // threshold, so that one comparison gives the gap (else the search).
    uint32_t lane_gap[1 << LANE_BITS];
    int reach;
    bool lane_exact;
    bool wide; // the CPU has AVX2: crossover takes 32 genes at a time (ga_breed.c)
    bool wide512; // the CPU has AVX-512 F, DQ, VL and BW: mutation lanes and tournaments in one
                  // register (ga_mutate.c, ga_select_lanes.c), crossover 64 genes a blend (ga_breed.c)
    int block_pairs; // pairs a block breeds: BYTE_BLOCK_PAIRS for byte genomes, else BLOCK_PAIRS
    int threads;
    alPacer pacer; // breeding on one thread or all (see alife/pacer.h)
    char error[512];
};

static inline uint64_t stream_id(const alGa *ga, uint64_t kind, int64_t gen, uint64_t block)
{
    return ga->def.stream ^ (kind << 56) ^ ((uint64_t)gen << 20) ^ block;
}

static inline unsigned char *row(const alGa *ga, int buf, int i)
{
    return ga->genes[buf] + (size_t)i * ga->stride;
}

/// ga_stats.c: the statistics of the current generation into ga->last, and
/// the best-ever; the stop condition they meet.
void ga_compute_stats(alGa *ga);
alGaStop ga_stop_reason(const alGa *ga);

/// ga_select.c: fills the selection tables from the current fitness; false
/// (ga->error filled) when roulette refuses negative fitness.
bool ga_prepare_selection(alGa *ga);
/// ga_select.c: the count best by selection key into idx, best first (ties:
/// lower index); returns how many.
int ga_top_keys(const alGa *ga, int count, int *idx);

/// ga_mutate.c: byte genomes with 0 < rate < 1 (the hot path): count
/// consecutive rows from g, as one run of genes cut into MUTATE_LANES
/// segments, segment l's gaps from lane l of gaps; new symbols that the
/// gap draw's spare bits cannot give from values.
void ga_mutate_bytes(const alGa *ga, uint8_t *g, int count, alRng8 *gaps, alRng *values);
/// ga_mutate.c: genome g (float genomes; byte genomes with rate 0 or 1).
void ga_mutate(const alGa *ga, unsigned char *g, alRng *gaps, alRng *values);

/// ga_select_lanes.c: byte genomes: count parents into par, parent q by
/// select_one on lane q % 8 of lanes (AVX2 tournaments where ga->wide).
void ga_select_lanes(const alGa *ga, alRng8 *lanes, int count, int *par);

/// ga_breed.c: breeds block `block` of the pairs of children into buffer nb
/// from child first_child on (and evaluates them with a callback); adds the
/// evaluations to *evals.
void ga_breed_block(alGa *ga, int nb, int block, int first_child, int pairs, int64_t *evals);

#endif
