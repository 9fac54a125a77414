// Brain files (see brain_file.h).
#include "brain_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/neat.h"
#include "alife/nn.h"
#include "cli.h"
#include "db_cli.h"
#include "out_file.h"

void al_brain_free(al_brain *b)
{
    if (!b) return;
    free(b->stored);
    free(b->config);
    memset(b, 0, sizeof *b);
}

// Whether b's stored blob replays under b's config (the replay the window
// makes, made and dropped), and what it holds: the algorithm and world, the
// genomes, a genome's weights or the best NEAT genome's genes. what names
// the source in errors (the file, or the run).
static alResult check_fits(al_brain *b, const char *what, alError *err)
{
    alConfigDef cd = alDefaultConfigDef();
    cd.text = b->config;
    cd.path = what;
    cd.module = "ants";
    alConfig *cfg = NULL;
    alAntsDef def;
    alResult r = alCreateConfig(&cd, &cfg, err);
    if (r == AL_OK) r = alAntsDef_FromConfig(&def, cfg, err);
    alDestroyConfig(cfg);
    if (r != AL_OK) return r;
    const bool neat = def.algorithm == AL_ALGORITHM_NEAT, shared = def.world_mode == AL_ANTS_SHARED;
    alAnts *replay = NULL;
    alError rerr = {0};
    if (alCreateAntsReplayStored(&def, b->seed, b->gen, b->stored, b->size, &replay, &rerr) != AL_OK)
        return alError_Set(err, AL_ERR_CONFIG, "%s: the stored generation %lld does not replay "
                           "under its config (ants.world = %s, run.algorithm = %s): %s",
                           what, (long long)b->gen, shared ? "shared" : "own",
                           neat ? "neat" : def.algorithm == AL_ALGORITHM_CMAES ? "cmaes" : "ga",
                           rerr.msg);
    alDestroyAnts(replay);
    snprintf(b->algorithm, sizeof b->algorithm, "%s",
             neat ? "neat" : def.algorithm == AL_ALGORITHM_CMAES ? "cmaes" : "ga");
    snprintf(b->world, sizeof b->world, "%s", shared ? "shared" : "own");
    b->genomes = shared ? 1 + def.count : 1;
    b->weights = neat ? 0 : alNN_WeightCount(&def.brain);
    b->nodes = b->conns = 0;
    if (neat) { // the first genome: its size from its header (neat.h)
        const unsigned char *h = b->stored;
        uint32_t k = (uint32_t)h[8] | (uint32_t)h[9] << 8 | (uint32_t)h[10] << 16 | (uint32_t)h[11] << 24;
        uint32_t m = (uint32_t)h[12] | (uint32_t)h[13] << 8 | (uint32_t)h[14] << 16 | (uint32_t)h[15] << 24;
        size_t first = AL_NEAT_GENOME_HEADER + (size_t)k * AL_NEAT_NODE_BYTES + (size_t)m * AL_NEAT_CONN_BYTES;
        alNeatGenome g = {0};
        if (alNeatGenome_Decode(&g, NULL, b->stored, first, err) != AL_OK) return err->code;
        b->nodes = g.node_count;
        b->conns = g.conn_count;
        alNeatGenome_Free(&g);
    }
    return AL_OK;
}

alResult al_brain_export(const char *db, const char *ref, int64_t gen, const char *path,
                         al_brain *info, alError *err)
{
    alRunData *run = NULL;
    al_brain b = {0};
    alResult r = db_cli_read_run(db, ref, true, &run, NULL, 0, err);
    if (r != AL_OK) goto done;
    if (strcmp(run->info.module, "ants") != 0) {
        r = alError_Set(err, AL_ERR_USAGE,
                        "run %s is %s run: only ants runs have brains to export", ref,
                        cli_a_module(run->info.module));
        goto done;
    }
    const alRunGenome *pick = NULL;
    for (int64_t i = 0; i < run->genome_count; ++i) {
        const alRunGenome *g = &run->genomes[i];
        if (g->rank != 0) continue;
        if (gen >= 0 ? g->gen == gen : (!pick || g->gen > pick->gen)) pick = g;
    }
    if (!pick) {
        int64_t last = -1;
        for (int64_t i = 0; i < run->genome_count; ++i)
            if (run->genomes[i].gen > last) last = run->genomes[i].gen;
        r = last < 0 ? alError_Set(err, AL_ERR_NOTFOUND, "run %s has no stored genome yet", ref)
                     : alError_Set(err, AL_ERR_NOTFOUND,
                                   "run %s has no stored genome of generation %lld (allowed: 0 "
                                   "to %lld)",
                                   ref, (long long)gen, (long long)last);
        goto done;
    }
    b.seed = run->info.seed;
    b.gen = pick->gen;
    b.fitness = pick->fitness;
    b.size = pick->size;
    b.stored = (unsigned char *)pick->bytes; // borrowed until written
    b.config = (char *)run->info.config; // borrowed, never freed here
    char what[160];
    snprintf(what, sizeof what, "run %s", ref);
    r = check_fits(&b, what, err);
    if (r != AL_OK) goto done;
    al_out_file o;
    if (!al_out_open(&o, path, "w")) {
        r = alError_Set(err, AL_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    fprintf(o.f, "# alife brain: the best ant of generation %lld of run %lld (%s) in %s\n",
            (long long)b.gen, (long long)run->info.id, run->info.name, db);
    if (b.weights)
        fprintf(o.f, "# its genome: %d weights (float32, little-endian), the first in 'stored'\n",
                b.weights);
    else
        fprintf(o.f, "# its genome: a NEAT genome of %d nodes and %d connections, the first in "
                "'stored', in NEAT's stored format (include/alife/neat.h)\n", b.nodes, b.conns);
    if (b.genomes > 1)
        fprintf(o.f, "# then the %d ants of its generation in ant order: in the shared world an "
                "ant's score is its generation's, so exact replay needs them all\n",
                b.genomes - 1);
    fprintf(o.f,
            "# replay it: alife gui --brain %s\n"
            "alife-brain 2\nmodule ants\nalgorithm %s\nworld %s\nrun %s\nseed %" PRIu64
            "\ngeneration %lld\nfitness %.17g\nstored %zu\n",
            path, b.algorithm, b.world, run->info.uuid, b.seed, (long long)b.gen, b.fitness, b.size);
    for (size_t i = 0; i < b.size; ++i)
        fprintf(o.f, "%02x%s", b.stored[i], i % 32 == 31 || i + 1 == b.size ? "\n" : "");
    fprintf(o.f, "config\n%s", run->info.config);
    if (!al_out_close(&o, true)) {
        r = alError_Set(err, AL_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    if (info) {
        *info = b;
        info->stored = NULL; // borrowed: not handed out
        info->config = NULL;
    }
done:
    alDestroyRunData(run);
    return r;
}

// Reads n bytes of hex, any number a line, into out; false on a bad digit.
static bool read_hex(FILE *f, unsigned char *out, size_t n, int *ln, char *line, size_t cap)
{
    size_t got = 0;
    while (got < n && fgets(line, (int)cap, f)) {
        ++*ln;
        for (char *p = line; *p && *p != '\n' && *p != '\r'; p += 2) {
            unsigned v;
            if (got == n || sscanf(p, "%2x", &v) != 1 || !p[1] || p[1] == '\n') return false;
            out[got++] = (unsigned char)v;
        }
    }
    return got == n;
}

alResult al_brain_load(const char *path, al_brain *b, alError *err)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "r");
    if (!f) return alError_Set(err, AL_ERR_USAGE, "--brain %s: %s", path, strerror(errno));
    char line[4096];
    int ln = 0, version = 0;
    alResult r = AL_OK;
    bool have_seed = false, have_gen = false;
    while (r == AL_OK && fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        char key[32];
        int off = 0;
        if (sscanf(line, "%31s %n", key, &off) != 1) continue;
        const char *val = line + off;
        if (strcmp(key, "alife-brain") == 0) {
            version = atoi(val);
        } else if (strcmp(key, "module") == 0) {
            snprintf(b->module, sizeof b->module, "%s", val);
        } else if (strcmp(key, "algorithm") == 0 || strcmp(key, "world") == 0) {
            // said for the reader; the config decides (check_fits)
        } else if (strcmp(key, "run") == 0) {
            snprintf(b->run_uuid, sizeof b->run_uuid, "%s", val);
        } else if (strcmp(key, "seed") == 0) {
            b->seed = strtoull(val, NULL, 10);
            have_seed = true;
        } else if (strcmp(key, "generation") == 0) {
            b->gen = strtoll(val, NULL, 10);
            have_gen = true;
        } else if (strcmp(key, "fitness") == 0) {
            b->fitness = strtod(val, NULL);
        } else if (strcmp(key, "stored") == 0 && !b->stored) {
            char *end;
            unsigned long long n = strtoull(val, &end, 10);
            if (end == val || *end || n == 0 || n > (1ull << 30)) {
                r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: stored '%s': not a byte count from 1 "
                                "to %llu", path, ln, val, 1ull << 30);
                break;
            }
            b->size = (size_t)n;
            if (!(b->stored = malloc(b->size))) {
                r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
                break;
            }
            int at = ln + 1;
            if (!read_hex(f, b->stored, b->size, &ln, line, sizeof line))
                r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: not %zu bytes of hex from line %d on",
                                path, ln, b->size, at);
        } else if (strcmp(key, "weights") == 0 && !b->stored) { // version 1: one weight vector
            int n = atoi(val);
            if (n <= 0 || n > 1000000) {
                r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: weights '%s': not a count from 1 "
                                "to 1000000", path, ln, val);
                break;
            }
            b->size = (size_t)n * sizeof(float);
            if (!(b->stored = malloc(b->size))) {
                r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
                break;
            }
            int got = 0;
            for (; got < n && fgets(line, sizeof line, f); ++got) {
                ln++;
                char *end;
                float w = (float)strtod(line, &end);
                if (end == line) {
                    line[strcspn(line, "\r\n")] = '\0';
                    r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: '%s' is not a weight", path, ln,
                                    line);
                    break;
                }
                memcpy(b->stored + (size_t)got * sizeof w, &w, sizeof w);
            }
            if (r == AL_OK && got != n)
                r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: %d weights of %d", path, ln, got, n);
        } else if (strcmp(key, "config") == 0) {
            size_t cap = 1 << 16, len = 0;
            b->config = malloc(cap);
            size_t k;
            while (b->config && (k = fread(b->config + len, 1, cap - len - 1, f)) > 0) {
                len += k;
                if (len + 1 == cap) {
                    char *nb = realloc(b->config, cap *= 2);
                    if (!nb) break;
                    b->config = nb;
                }
            }
            if (b->config) b->config[len] = '\0';
            break;
        } else {
            r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: '%s': not a brain file line", path, ln,
                            key);
        }
    }
    fclose(f);
    if (r == AL_OK && ((version != 1 && version != 2) || strcmp(b->module, "ants") != 0 ||
                       !have_seed || !have_gen || !b->stored || !b->config))
        r = alError_Set(err, AL_ERR_CONFIG,
                        "%s: not a whole alife brain file (written by 'alife export RUN "
                        "--genome GEN --out FILE')",
                        path);
    if (r == AL_OK) r = check_fits(b, path, err);
    if (r != AL_OK) al_brain_free(b);
    return r;
}
