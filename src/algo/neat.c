// NEAT's generation: speciation, explicit fitness sharing, offspring per
// species, crossover by innovation number and the mutations (neat.h says
// what; this file says how). Every random draw is made here, serially.
#include "alife/neat.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alife/rng.h"
#include "alife/threads.h"
#include "neat_internal.h"

typedef struct Species {
    int id;
    alNeatGenome rep;      // the representative the next generation is measured against
    double best;           // best fitness ever of a member
    int64_t last_improved; // generation of that best
    int size;              // members in the current generation
    int first;             // members: sorted[first .. first+size-1], best first
    double adjusted;       // summed adjusted fitness
    int offspring;
} Species;

// A structural innovation of the current generation: a new link in->out
// (node_id = -1), or the split of connection `split` (a new node).
struct SortKey {
    int species, index;
    double fitness;
};

typedef struct Innovation {
    int32_t in, out, split;
    int32_t node_id, inn1, inn2;
} Innovation;

struct alNeat {
    alNeatDef def;
    alRng rng;
    int pop;
    alNeatGenome *genomes, *next;
    double *fitness, *scratch_fit;
    int *species_of, *sorted, *remap;
    struct SortKey *keys;
    Species *species;
    int species_count, species_cap, next_species_id;
    Innovation *innov;
    int innov_count, innov_cap;
    int32_t next_node, next_innovation;
    double threshold;
    int64_t gen, evals;
    bool has_stats;
    alGenStats stats;
    alNeatGenome best_ever, last_best;
    double best_ever_fit, last_best_fit;
    double pop_best;       // the population's best fitness ever, and the
    int64_t pop_improved;  // generation it last improved (or was refocused)
    int threads, best_species;
    char *visit; // add-connection's cycle search
    int visit_cap;
    int32_t *stack;
};

alNeatDef alDefaultNeatDef(void)
{
    return (alNeatDef){
        .inputs = 2, .outputs = 1, .bias = true, .recurrent = false, .population = 150,
        .c1 = 1.0, .c2 = 1.0, .c3 = 0.4, .threshold = 3.0, .target_species = 0,
        .threshold_step = 0.3, .normalize_min = 20, .weight_mutate = 0.8, .weight_perturb = 0.9,
        .weight_power = 2.5, .weight_range = 2.5, .weight_max = 8.0, .add_node = 0.03,
        .add_conn = 0.05, .disable_inherit = 0.75, .mutate_only = 0.25, .interspecies = 0.001,
        .stagnation = 15, .population_stagnation = 20, .elitism_min_size = 5, .keep_champion = true, .survival = 0.2, .sigmoid_slope = 4.9,
        .stream = 0x4ea7,
    };
}

static alResult bad_range(alError *err, const char *prefix, const char *key, double v, double lo,
                          double hi, const char *why)
{
    return alError_Set(err, AL_ERR_CONFIG, "%s%s = %g: %s (allowed %g .. %g)", prefix, key, v, why,
                       lo, hi);
}

alResult alNeatDef_Validate(const alNeatDef *d, const char *prefix, alError *err)
{
    if (!prefix) prefix = "";
    if (d->inputs < 1 || d->inputs > AL_NEAT_MAX_IO)
        return bad_range(err, prefix, "inputs", d->inputs, 1, AL_NEAT_MAX_IO,
                         "a network needs at least one input");
    if (d->outputs < 1 || d->outputs > AL_NEAT_MAX_IO)
        return bad_range(err, prefix, "outputs", d->outputs, 1, AL_NEAT_MAX_IO,
                         "a network needs at least one output");
    if (d->population < 2 || d->population > AL_NEAT_MAX_POPULATION)
        return bad_range(err, prefix, "population", d->population, 2, AL_NEAT_MAX_POPULATION,
                         "too small or too large");
    struct { const char *k; double v, lo, hi; } f[] = {
        {"c1", d->c1, 0, 1e6}, {"c2", d->c2, 0, 1e6}, {"c3", d->c3, 0, 1e6},
        {"threshold", d->threshold, 1e-9, 1e6}, {"threshold_step", d->threshold_step, 0, 1e6},
        {"weight_mutate", d->weight_mutate, 0, 1}, {"weight_perturb", d->weight_perturb, 0, 1},
        {"weight_power", d->weight_power, 0, 1e6}, {"weight_range", d->weight_range, 0, 1e6},
        {"weight_max", d->weight_max, 1e-9, 1e9}, {"add_node", d->add_node, 0, 1},
        {"add_conn", d->add_conn, 0, 1}, {"disable_inherit", d->disable_inherit, 0, 1},
        {"mutate_only", d->mutate_only, 0, 1}, {"interspecies", d->interspecies, 0, 1},
        {"survival", d->survival, 1e-9, 1}, {"sigmoid_slope", d->sigmoid_slope, 1e-9, 1e6},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; ++i)
        if (!(f[i].v >= f[i].lo && f[i].v <= f[i].hi))
            return bad_range(err, prefix, f[i].k, f[i].v, f[i].lo, f[i].hi, "out of range");
    if (d->target_species < 0 || d->target_species > d->population)
        return bad_range(err, prefix, "target_species", d->target_species, 0, d->population,
                         "at most one species per genome");
    if (d->normalize_min < 0) return bad_range(err, prefix, "normalize_min", d->normalize_min, 0, 1e9, "negative");
    if (d->stagnation < 1) return bad_range(err, prefix, "stagnation", d->stagnation, 1, 1e9, "at least 1");
    if (d->population_stagnation < 0)
        return bad_range(err, prefix, "population_stagnation", d->population_stagnation, 0, 1e9,
                         "negative (0 turns the rule off)");
    if (d->elitism_min_size < 0)
        return bad_range(err, prefix, "elitism_min_size", d->elitism_min_size, 0, 1e9, "negative");
    if (d->max_generations < 0 || d->max_evaluations < 0)
        return alError_Set(err, AL_ERR_CONFIG, "%smax_generations/max_evaluations: negative", prefix);
    if (d->threads < 0 || d->threads > 256)
        return bad_range(err, prefix, "threads", d->threads, 0, 256, "out of range");
    return AL_OK;
}

// ---- helpers -------------------------------------------------------------------

static double uniform_pm(alRng *r, double a) { return (2.0 * alRng_Double(r) - 1.0) * a; }
static bool chance(alRng *r, double p) { return alRng_Double(r) < p; }
static int pick(alRng *r, int n) { return (int)alRng_Bounded(r, (uint32_t)n); }

static double clampw(const alNeat *ne, double w)
{
    double m = ne->def.weight_max;
    return w > m ? m : w < -m ? -m : w;
}

static Innovation *find_innov(alNeat *ne, int32_t in, int32_t out, int32_t split)
{
    for (int i = 0; i < ne->innov_count; ++i) {
        Innovation *v = &ne->innov[i];
        if (v->in == in && v->out == out && v->split == split) return v;
    }
    if (ne->innov_count == ne->innov_cap) {
        int cap = ne->innov_cap ? ne->innov_cap * 2 : 64;
        Innovation *p = realloc(ne->innov, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        ne->innov = p;
        ne->innov_cap = cap;
    }
    Innovation *v = &ne->innov[ne->innov_count++];
    *v = (Innovation){in, out, split, -1, -1, -1};
    if (split >= 0) {
        v->node_id = ne->next_node++;
        v->inn1 = ne->next_innovation++;
        v->inn2 = ne->next_innovation++;
    } else {
        v->inn1 = ne->next_innovation++;
    }
    return v;
}

// ---- mutations ------------------------------------------------------------------

static bool mutate_add_node(alNeat *ne, alNeatGenome *g)
{
    int enabled = 0;
    for (int c = 0; c < g->conn_count; ++c) enabled += g->conns[c].enabled;
    if (!enabled) return true;
    int k = pick(&ne->rng, enabled), c = 0;
    for (;; ++c)
        if (g->conns[c].enabled && k-- == 0) break;
    alNeatConn old = g->conns[c];
    Innovation *v = find_innov(ne, old.in, old.out, old.innovation);
    if (!v) return false;
    if (alNeatGenome_FindNode(g, v->node_id) >= 0) return true;
    g->conns[c].enabled = false;
    if (!neat_insert_node(g, v->node_id, AL_NEAT_HIDDEN)) return false;
    if (!neat_insert_conn(g, (alNeatConn){v->inn1, old.in, v->node_id, 1.0, true})) return false;
    return neat_insert_conn(g, (alNeatConn){v->inn2, v->node_id, old.out, old.weight, true});
}

// Is there a path from `from` to `to` along g's genes (enabled or not: a
// disabled gene may come back through crossover)?
static bool reaches(alNeat *ne, const alNeatGenome *g, int32_t from, int32_t to)
{
    if (from == to) return true;
    memset(ne->visit, 0, (size_t)g->node_count);
    int top = 0;
    ne->stack[top++] = from;
    ne->visit[alNeatGenome_FindNode(g, from)] = 1;
    while (top) {
        int32_t n = ne->stack[--top];
        for (int c = 0; c < g->conn_count; ++c) {
            if (g->conns[c].in != n) continue;
            int32_t m = g->conns[c].out;
            if (m == to) return true;
            int mi = alNeatGenome_FindNode(g, m);
            if (!ne->visit[mi]) {
                ne->visit[mi] = 1;
                ne->stack[top++] = m;
            }
        }
    }
    return false;
}

static bool mutate_add_conn(alNeat *ne, alNeatGenome *g)
{
    if (g->node_count > ne->visit_cap) {
        int cap = g->node_count * 2;
        char *v = realloc(ne->visit, (size_t)cap);
        if (!v) return false;
        ne->visit = v;
        int32_t *s = realloc(ne->stack, (size_t)cap * sizeof *s);
        if (!s) return false;
        ne->stack = s;
        ne->visit_cap = cap;
    }
    for (int attempt = 0; attempt < 20; ++attempt) {
        const alNeatNode *a = &g->nodes[pick(&ne->rng, g->node_count)];
        const alNeatNode *b = &g->nodes[pick(&ne->rng, g->node_count)];
        if (b->type < AL_NEAT_OUTPUT) continue; // targets compute
        if (!ne->def.recurrent && a->type == AL_NEAT_OUTPUT) continue; // outputs stay sinks
        bool exists = false;
        for (int c = 0; c < g->conn_count && !exists; ++c)
            exists = g->conns[c].in == a->id && g->conns[c].out == b->id;
        if (exists) continue;
        if (!ne->def.recurrent && reaches(ne, g, b->id, a->id)) continue;
        Innovation *v = find_innov(ne, a->id, b->id, -1);
        if (!v) return false;
        return neat_insert_conn(
            g, (alNeatConn){v->inn1, a->id, b->id, uniform_pm(&ne->rng, ne->def.weight_range), true});
    }
    return true;
}

static void mutate_weights(alNeat *ne, alNeatGenome *g)
{
    for (int c = 0; c < g->conn_count; ++c) {
        double w = g->conns[c].weight;
        if (chance(&ne->rng, ne->def.weight_perturb)) w += uniform_pm(&ne->rng, ne->def.weight_power);
        else w = uniform_pm(&ne->rng, ne->def.weight_range);
        g->conns[c].weight = clampw(ne, w);
    }
}

static bool mutate(alNeat *ne, alNeatGenome *g)
{
    if (chance(&ne->rng, ne->def.add_node) && !mutate_add_node(ne, g)) return false;
    if (chance(&ne->rng, ne->def.add_conn) && !mutate_add_conn(ne, g)) return false;
    if (chance(&ne->rng, ne->def.weight_mutate)) mutate_weights(ne, g);
    return true;
}

// ---- creation -------------------------------------------------------------------

static bool minimal_genome(alNeat *ne, alNeatGenome *g)
{
    const alNeatDef *d = &ne->def;
    int src = d->inputs + (d->bias ? 1 : 0);
    g->node_count = g->conn_count = 0;
    g->inputs = d->inputs;
    g->outputs = d->outputs;
    g->bias = d->bias;
    if (!neat_reserve(g, src + d->outputs, src * d->outputs)) return false;
    for (int i = 0; i < d->inputs; ++i) neat_push_node(g, i, AL_NEAT_INPUT);
    if (d->bias) neat_push_node(g, d->inputs, AL_NEAT_BIAS);
    for (int o = 0; o < d->outputs; ++o) neat_push_node(g, src + o, AL_NEAT_OUTPUT);
    for (int o = 0; o < d->outputs; ++o)
        for (int i = 0; i < src; ++i)
            neat_push_conn(g, (alNeatConn){o * src + i, i, src + o,
                                           uniform_pm(&ne->rng, d->weight_range), true});
    return true;
}

static bool speciate(alNeat *ne);

alResult alCreateNeat(const alNeatDef *def, uint64_t seed, alNeat **out, alError *err)
{
    *out = NULL;
    alResult r = alNeatDef_Validate(def, "neat.", err);
    if (r != AL_OK) return r;
    alNeat *ne = calloc(1, sizeof *ne);
    if (!ne) return alError_Set(err, AL_ERR_NOMEM, "NEAT: out of memory");
    ne->def = *def;
    ne->pop = def->population;
    ne->rng = alRng_Stream(seed, def->stream);
    ne->threshold = def->threshold;
    ne->threads = alThreads_Resolve(def->threads);
    int src = def->inputs + (def->bias ? 1 : 0);
    ne->next_node = src + def->outputs;
    ne->next_innovation = src * def->outputs;
    size_t n = (size_t)ne->pop;
    ne->genomes = calloc(n, sizeof *ne->genomes);
    ne->next = calloc(n, sizeof *ne->next);
    ne->fitness = calloc(n, sizeof(double));
    ne->scratch_fit = calloc(n, sizeof(double));
    ne->species_of = calloc(n, sizeof(int));
    ne->sorted = calloc(n, sizeof(int));
    ne->remap = calloc(2 * n + 1, sizeof(int));
    ne->keys = calloc(n, sizeof *ne->keys);
    bool ok = ne->genomes && ne->next && ne->fitness && ne->scratch_fit && ne->species_of &&
              ne->sorted && ne->remap && ne->keys;
    for (int i = 0; ok && i < ne->pop; ++i) ok = minimal_genome(ne, &ne->genomes[i]);
    if (ok) ok = speciate(ne);
    if (!ok) {
        alDestroyNeat(ne);
        return alError_Set(err, AL_ERR_NOMEM, "NEAT: out of memory for %d genomes", ne->pop);
    }
    *out = ne;
    return AL_OK;
}

void alDestroyNeat(alNeat *ne)
{
    if (!ne) return;
    for (int i = 0; i < ne->pop; ++i) {
        if (ne->genomes) alNeatGenome_Free(&ne->genomes[i]);
        if (ne->next) alNeatGenome_Free(&ne->next[i]);
    }
    for (int s = 0; s < ne->species_cap; ++s) alNeatGenome_Free(&ne->species[s].rep);
    alNeatGenome_Free(&ne->best_ever);
    alNeatGenome_Free(&ne->last_best);
    free(ne->genomes);
    free(ne->next);
    free(ne->fitness);
    free(ne->scratch_fit);
    free(ne->species_of);
    free(ne->sorted);
    free(ne->remap);
    free(ne->keys);
    free(ne->species);
    free(ne->innov);
    free(ne->visit);
    free(ne->stack);
    free(ne);
}

// ---- speciation -----------------------------------------------------------------

// Assigns every genome of the current generation to the first species whose
// representative is within the threshold, founding species as needed; drops
// the species left empty; then steers the threshold toward the target count.
static bool speciate(alNeat *ne)
{
    const alNeatDef *d = &ne->def;
    for (int s = 0; s < ne->species_count; ++s) ne->species[s].size = 0;
    for (int i = 0; i < ne->pop; ++i) {
        const alNeatGenome *g = &ne->genomes[i];
        int found = -1;
        for (int s = 0; s < ne->species_count && found < 0; ++s)
            if (alNeatGenome_Distance(g, &ne->species[s].rep, d->c1, d->c2, d->c3, d->normalize_min,
                                      NULL, NULL, NULL) < ne->threshold)
                found = s;
        if (found < 0) {
            if (ne->species_count == ne->species_cap) {
                int cap = ne->species_cap ? ne->species_cap * 2 : 16;
                Species *p = realloc(ne->species, (size_t)cap * sizeof *p);
                if (!p) return false;
                memset(p + ne->species_cap, 0, (size_t)(cap - ne->species_cap) * sizeof *p);
                ne->species = p;
                ne->species_cap = cap;
            }
            found = ne->species_count++;
            Species *sp = &ne->species[found];
            sp->id = ne->next_species_id++;
            sp->best = -DBL_MAX;
            sp->last_improved = ne->gen;
            sp->size = 0;
            if (alNeatGenome_Copy(&sp->rep, g) != AL_OK) return false;
        }
        ne->species[found].size++;
        ne->species_of[i] = found;
    }
    // Compact: drop the empty species (their rep storage moves to the end).
    int *remap = ne->remap; // species <= 2 x population: the old ones and the new
    int k = 0;
    for (int s = 0; s < ne->species_count; ++s) {
        if (ne->species[s].size == 0) {
            remap[s] = -1;
            continue;
        }
        if (k != s) {
            Species tmp = ne->species[k];
            ne->species[k] = ne->species[s];
            ne->species[s] = tmp;
        }
        remap[s] = k++;
    }
    for (int i = 0; i < ne->pop; ++i) ne->species_of[i] = remap[ne->species_of[i]];
    ne->species_count = k;
    if (d->target_species > 0) {
        if (k < d->target_species) ne->threshold -= d->threshold_step;
        else if (k > d->target_species) ne->threshold += d->threshold_step;
        if (ne->threshold < d->threshold_step) ne->threshold = d->threshold_step;
        if (ne->threshold <= 0) ne->threshold = 1e-9;
    }
    return true;
}

// ---- ask and tell ---------------------------------------------------------------

int alNeat_Ask(alNeat *ne) { return ne->pop; }

const alNeatGenome *alNeat_Candidate(const alNeat *ne, int i)
{
    assert(i >= 0 && i < ne->pop);
    return &ne->genomes[i];
}

// Members grouped by species, best first, ties by index: a total order, so
// qsort's instability cannot show.
static int by_species_fitness(const void *pa, const void *pb)
{
    const struct SortKey *a = pa, *b = pb;
    if (a->species != b->species) return a->species - b->species;
    if (a->fitness != b->fitness) return a->fitness > b->fitness ? -1 : 1;
    return a->index - b->index;
}

static int enabled_conns(const alNeatGenome *g)
{
    int n = 0;
    for (int c = 0; c < g->conn_count; ++c) n += g->conns[c].enabled;
    return n;
}

// Offspring per species in proportion to its summed adjusted fitness;
// stagnant species get none. Largest remainders fill the population.
static void allot_offspring(alNeat *ne, int best_species)
{
    const alNeatDef *d = &ne->def;
    double total = 0;
    for (int s = 0; s < ne->species_count; ++s) {
        Species *sp = &ne->species[s];
        bool stagnant = ne->gen - sp->last_improved >= d->stagnation && s != best_species;
        if (stagnant) sp->adjusted = 0;
        total += sp->adjusted;
    }
    int given = 0;
    double *rem = ne->scratch_fit; // scratch
    for (int s = 0; s < ne->species_count; ++s) {
        Species *sp = &ne->species[s];
        double share = total > 0 ? ne->pop * sp->adjusted / total : (s == best_species ? ne->pop : 0);
        sp->offspring = (int)floor(share);
        rem[s] = share - sp->offspring;
        given += sp->offspring;
    }
    while (given < ne->pop) {
        int top = best_species;
        double r = -1;
        for (int s = 0; s < ne->species_count; ++s)
            if ((ne->species[s].adjusted > 0 || s == best_species) && rem[s] > r) {
                r = rem[s];
                top = s;
            }
        ne->species[top].offspring++;
        rem[top] = -2;
        given++;
    }
}

// The paper's refocusing: only the two species with the best members this
// generation reproduce, half the population each (one species: all of it);
// both start their stagnation count again.
static void allot_top_two(alNeat *ne)
{
    int first = -1, second = -1;
    for (int s = 0; s < ne->species_count; ++s) {
        double f = ne->fitness[ne->sorted[ne->species[s].first]];
        if (first < 0 || f > ne->fitness[ne->sorted[ne->species[first].first]]) {
            second = first;
            first = s;
        } else if (second < 0 || f > ne->fitness[ne->sorted[ne->species[second].first]]) {
            second = s;
        }
    }
    for (int s = 0; s < ne->species_count; ++s) ne->species[s].offspring = 0;
    int half = second < 0 ? ne->pop : ne->pop / 2;
    ne->species[first].offspring = half;
    ne->species[first].last_improved = ne->gen;
    if (second >= 0) {
        ne->species[second].offspring = ne->pop - half;
        ne->species[second].last_improved = ne->gen;
    }
}

static bool reproduce(alNeat *ne)
{
    const alNeatDef *d = &ne->def;
    ne->innov_count = 0; // innovations are shared within the new generation
    int k = 0;
    for (int s = 0; s < ne->species_count; ++s) {
        Species *sp = &ne->species[s];
        int left = sp->offspring;
        const int *mem = ne->sorted + sp->first;
        if (left > 0 && (sp->size > d->elitism_min_size || (d->keep_champion && s == ne->best_species))) {
            if (alNeatGenome_Copy(&ne->next[k++], &ne->genomes[mem[0]]) != AL_OK) return false;
            --left;
        }
        // floor(survival x size) + 1 parents, as the paper's code counts them
        int pool = (int)floor(d->survival * sp->size) + 1;
        if (pool > sp->size) pool = sp->size;
        for (; left > 0; --left) {
            alNeatGenome *child = &ne->next[k++];
            int a = mem[pick(&ne->rng, pool)];
            if (chance(&ne->rng, d->mutate_only)) {
                if (alNeatGenome_Copy(child, &ne->genomes[a]) != AL_OK) return false;
            } else {
                int b;
                if (ne->species_count > 1 && chance(&ne->rng, d->interspecies)) {
                    int o = pick(&ne->rng, ne->species_count - 1);
                    if (o >= s) ++o;
                    b = ne->sorted[ne->species[o].first];
                } else {
                    b = mem[pick(&ne->rng, pool)];
                }
                if (alNeatGenome_Crossover(child, &ne->genomes[a], ne->fitness[a], &ne->genomes[b],
                                           ne->fitness[b], d->disable_inherit, &ne->rng) != AL_OK)
                    return false;
            }
            if (!mutate(ne, child)) return false;
        }
    }
    assert(k == ne->pop);
    // Representatives for the next speciation: a random member of each
    // species of the generation just told; species without offspring die.
    int live = 0;
    for (int s = 0; s < ne->species_count; ++s) {
        Species *sp = &ne->species[s];
        if (sp->offspring == 0) continue;
        int r = ne->sorted[sp->first + pick(&ne->rng, sp->size)];
        if (alNeatGenome_Copy(&sp->rep, &ne->genomes[r]) != AL_OK) return false;
        if (live != s) {
            Species tmp = ne->species[live];
            ne->species[live] = *sp;
            ne->species[s] = tmp;
        }
        live++;
    }
    ne->species_count = live;
    alNeatGenome *t = ne->genomes;
    ne->genomes = ne->next;
    ne->next = t;
    return true;
}

alAlgoStop alNeat_Tell(alNeat *ne, const double *fitness)
{
    const alNeatDef *d = &ne->def;
    int n = ne->pop;
    double lo = DBL_MAX;
    for (int i = 0; i < n; ++i)
        if (isfinite(fitness[i]) && fitness[i] < lo) lo = fitness[i];
    if (lo == DBL_MAX) lo = 0;
    int best = 0;
    for (int i = 0; i < n; ++i) {
        ne->fitness[i] = isfinite(fitness[i]) ? fitness[i] : lo;
        if (ne->fitness[i] > ne->fitness[best]) best = i;
    }
    ne->evals += n;
    memset(&ne->stats, 0, sizeof ne->stats);
    alGenStats_FromFitness(&ne->stats, ne->fitness, n, false);
    ne->stats.gen = ne->gen;
    ne->stats.evaluations = ne->evals;
    ne->stats.ticks = ne->gen + 1;
    alGenStats_AddFigure(&ne->stats, "species", ne->species_count);
    alGenStats_AddFigure(&ne->stats, "threshold", ne->threshold);
    alGenStats_AddFigure(&ne->stats, "best_nodes", ne->genomes[best].node_count);
    alGenStats_AddFigure(&ne->stats, "best_conns", enabled_conns(&ne->genomes[best]));
    ne->has_stats = true;
    alNeatGenome_Copy(&ne->last_best, &ne->genomes[best]);
    ne->last_best_fit = ne->fitness[best];
    if (ne->best_ever.node_count == 0 || ne->fitness[best] > ne->best_ever_fit) {
        alNeatGenome_Copy(&ne->best_ever, &ne->genomes[best]);
        ne->best_ever_fit = ne->fitness[best];
    }

    // Species: improvement, members sorted best first, shared fitness.
    for (int s = 0; s < ne->species_count; ++s) ne->species[s].adjusted = 0;
    double shift = lo < 0 ? -lo : 0;
    for (int i = 0; i < n; ++i) {
        ne->keys[i] = (struct SortKey){ne->species_of[i], i, ne->fitness[i]};
        Species *sp = &ne->species[ne->species_of[i]];
        sp->adjusted += (ne->fitness[i] + shift) / sp->size;
    }
    qsort(ne->keys, (size_t)n, sizeof *ne->keys, by_species_fitness);
    for (int i = 0; i < n; ++i) ne->sorted[i] = ne->keys[i].index;
    for (int i = n - 1; i >= 0; --i) ne->species[ne->species_of[ne->sorted[i]]].first = i;
    for (int s = 0; s < ne->species_count; ++s) {
        Species *sp = &ne->species[s];
        double top = ne->fitness[ne->sorted[sp->first]];
        if (top > sp->best) {
            sp->best = top;
            sp->last_improved = ne->gen;
        }
    }
    ne->best_species = ne->species_of[best];
    if (ne->gen == 0 || ne->fitness[best] > ne->pop_best) {
        ne->pop_best = ne->fitness[best];
        ne->pop_improved = ne->gen;
    }
    if (d->population_stagnation > 0 && ne->gen - ne->pop_improved >= d->population_stagnation) {
        allot_top_two(ne);
        ne->pop_improved = ne->gen; // the count starts again, as in the paper's code
    } else {
        allot_offspring(ne, ne->best_species);
    }
    int breeding = 0;
    for (int s = 0; s < ne->species_count; ++s) breeding += ne->species[s].offspring > 0;
    alGenStats_AddFigure(&ne->stats, "breeding", breeding);
    bool ok = reproduce(ne) && speciate(ne);
    assert(ok); // out of memory while breeding: nothing sensible remains
    (void)ok;
    ne->gen++;

    if (d->has_target && ne->fitness[best] >= d->target) return AL_ALGO_TARGET;
    if ((d->max_generations && ne->gen >= d->max_generations) ||
        (d->max_evaluations && ne->evals >= d->max_evaluations))
        return AL_ALGO_BUDGET;
    return AL_ALGO_RUNNING;
}

alAlgoStop alNeat_Step(alNeat *ne)
{
    assert(ne->def.fitness);
    int n = ne->pop;
    double *f = ne->scratch_fit;
#pragma omp parallel for schedule(dynamic, 4) num_threads(ne->threads)
    for (int i = 0; i < n; ++i) f[i] = ne->def.fitness(&ne->genomes[i], ne->def.fitness_ctx);
    // Tell uses scratch_fit as scratch after copying: copy first.
    double *copy = malloc((size_t)n * sizeof *copy);
    assert(copy);
    memcpy(copy, f, (size_t)n * sizeof *copy);
    alAlgoStop r = alNeat_Tell(ne, copy);
    free(copy);
    return r;
}

bool alNeat_LastStats(const alNeat *ne, alGenStats *out)
{
    if (!ne->has_stats) return false;
    *out = ne->stats;
    return true;
}

const alNeatGenome *alNeat_BestEver(const alNeat *ne, double *fitness)
{
    if (!ne->has_stats) return NULL;
    if (fitness) *fitness = ne->best_ever_fit;
    return &ne->best_ever;
}

const alNeatGenome *alNeat_LastBest(const alNeat *ne, double *fitness)
{
    if (!ne->has_stats) return NULL;
    if (fitness) *fitness = ne->last_best_fit;
    return &ne->last_best;
}

int64_t alNeat_Generation(const alNeat *ne) { return ne->gen; }
int64_t alNeat_Evaluations(const alNeat *ne) { return ne->evals; }
int alNeat_SpeciesCount(const alNeat *ne) { return ne->species_count; }
int alNeat_SpeciesOf(const alNeat *ne, int i) { return ne->species_of[i]; }
double alNeat_Threshold(const alNeat *ne) { return ne->threshold; }
int32_t alNeat_NextInnovation(const alNeat *ne) { return ne->next_innovation; }
const alNeatDef *alNeat_Def(const alNeat *ne) { return &ne->def; }

// ---- the generic view -----------------------------------------------------------

static int cls_ask(void *self) { return alNeat_Ask(self); }
static int cls_length(const void *self) { (void)self; return 1; }
static const void *cls_candidate(const void *self, int i) { return alNeat_Candidate(self, i); }
static alAlgoStop cls_tell(void *self, const double *f) { return alNeat_Tell(self, f); }
static bool cls_last_stats(const void *self, alGenStats *out) { return alNeat_LastStats(self, out); }
static const void *cls_best_ever(const void *self, double *f) { return alNeat_BestEver(self, f); }
static void cls_destroy(void *self) { alDestroyNeat(self); }

const alAlgorithmClass alNeatClass = {
    .name = "neat", .kind = AL_CANDIDATE_NEAT, .ask = cls_ask, .length = cls_length,
    .candidate = cls_candidate, .tell = cls_tell, .last_stats = cls_last_stats,
    .best_ever = cls_best_ever, .destroy = cls_destroy,
};

alAlgorithm alNeat_Algorithm(alNeat *ne) { return (alAlgorithm){&alNeatClass, ne}; }
