// Brain files (see brain_file.h).
#include "brain_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/ants.h"
#include "alife/config.h"
#include "alife/nn.h"
#include "db_cli.h"
#include "out_file.h"

void al_brain_free(al_brain *b)
{
    if (!b) return;
    free(b->w);
    free(b->config);
    memset(b, 0, sizeof *b);
}

alResult al_brain_export(const char *db, const char *ref, int64_t gen, const char *path,
                         al_brain *info, alError *err)
{
    alRunData *run = NULL;
    alResult r = db_cli_read_run(db, ref, true, &run, NULL, 0, err);
    if (r != AL_OK) goto done;
    if (strcmp(run->info.module, "ants") != 0) {
        r = alError_Set(err, AL_ERR_USAGE,
                        "run %s is a %s run: only ants runs have brains to export", ref,
                        run->info.module);
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
    al_out_file o;
    if (!al_out_open(&o, path, "w")) {
        r = alError_Set(err, AL_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    // The best genome: the first weights of the stored blob (a shared world
    // stores the whole generation after it).
    int n = (int)(pick->size / sizeof(float));
    {
        alConfigDef cd = alDefaultConfigDef();
        cd.text = run->info.config;
        cd.path = "the run's config";
        cd.module = "ants";
        alError cerr = {0};
        alConfig *cfg;
        alCreateConfig(&cd, &cfg, &cerr);
        alAntsDef def;
        if (cfg && alAntsDef_FromConfig(&def, cfg, &cerr) == AL_OK) {
            int w1 = alNN_WeightCount(&def.brain);
            if (w1 > 0 && w1 < n) n = w1;
        }
        alDestroyConfig(cfg);
    }
    const float *w = pick->bytes;
    fprintf(o.f,
            "# alife brain: the best ant of generation %lld of run %lld (%s) in %s\n"
            "# replay it: alife gui --brain %s\n"
            "alife-brain 1\nmodule ants\nrun %s\nseed %" PRIu64 "\ngeneration %lld\n"
            "fitness %.17g\nweights %d\n",
            (long long)pick->gen, (long long)run->info.id, run->info.name, db, path, run->info.uuid,
            run->info.seed, (long long)pick->gen, pick->fitness, n);
    for (int i = 0; i < n; ++i)
        fprintf(o.f, "%a\n", (double)w[i]);
    fprintf(o.f, "config\n%s", run->info.config);
    if (!al_out_close(&o, true)) {
        r = alError_Set(err, AL_ERR_IO, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    if (info) {
        memset(info, 0, sizeof *info);
        info->gen = pick->gen;
        info->fitness = pick->fitness;
        info->n = n;
        info->seed = run->info.seed;
    }
done:
    alDestroyRunData(run);
    return r;
}

alResult al_brain_load(const char *path, al_brain *b, alError *err)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "r");
    if (!f) return alError_Set(err, AL_ERR_IO, "--brain %s: %s", path, strerror(errno));
    char line[4096];
    int ln = 0, version = 0, got = 0;
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
        } else if (strcmp(key, "weights") == 0) {
            b->n = atoi(val);
            if (b->n <= 0 || b->n > 1000000) {
                r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: weights '%s': not a count from 1 "
                                "to 1000000", path, ln, val);
                break;
            }
            b->w = malloc((size_t)b->n * sizeof *b->w);
            if (!b->w) {
                r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
                break;
            }
            for (got = 0; got < b->n && fgets(line, sizeof line, f); ++got) {
                ln++;
                char *end;
                double v = strtod(line, &end);
                if (end == line) {
                    r = alError_Set(err, AL_ERR_CONFIG, "%s:%d: '%s' is not a weight", path, ln,
                                    line);
                    break;
                }
                b->w[got] = (float)v;
            }
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
    if (r == AL_OK && (version != 1 || strcmp(b->module, "ants") != 0 || !have_seed || !have_gen ||
                       got != b->n || !b->w || !b->config))
        r = alError_Set(err, AL_ERR_CONFIG,
                        "%s: not a whole alife brain file (written by 'alife export RUN "
                        "--genome GEN --out FILE')",
                        path);
    if (r != AL_OK) al_brain_free(b);
    return r;
}
