// alife sweep: a cross product of config values over many seeds, each cell an
// ordinary `alife run` child process (so a crash of one run cannot take the
// others down, and every run is logged exactly as a single run is), N at a
// time, with a progress bar. The database is the sweep's memory: cells whose
// run finished are skipped, so running the same command again completes it.
#define _XOPEN_SOURCE 700 // realpath
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/module.h"
#include "alife/runlog.h"
#include "alife/runsweep.h"
#include "alife/counted.h"
#include "cli.h"
#include "options.h"
#include "sweep_mpi.h"
#include "sweep_shard.h"

enum { MAX_SEEDS = 100000, MAX_CELLS = 1000000 };

static volatile sig_atomic_t stop_signal = 0;
static void on_signal(int sig) { stop_signal = sig; }

static void help(void)
{
    printf(
        "usage: alife sweep CONFIG --seeds SPEC [options]\n"
        "\n"
        "Runs CONFIG once per seed for every combination of the values given with\n"
        "--set KEY=V1,V2,...: the cross product, each cell a normal 'alife run' logged\n"
        "to the database and tagged with the sweep (run.sweep) and its group\n"
        "(run.group, e.g. 'ga.mutation_rate=0.05'). Up to --jobs runs at a time, with a\n"
        "progress bar and an ETA on stderr.\n"
        "\n"
        "Ctrl-C stops the sweep: finished runs are kept, the running ones are stopped\n"
        "and marked interrupted; a run that has not ended --kill-after seconds after\n"
        "the stop (default 10) is killed (SIGKILL), named, and marked interrupted.\n"
        "Running the same command again runs only the cells\n"
        "(group, seed) that have no finished run yet, so nothing is run twice.\n"
        "Each cell is claimed in the database (table claims) before it runs: two\n"
        "sweeps of the same cells started at once share them out (a sweep waits for\n"
        "a cell another live sweep is running), and the runs of a sweep end with it,\n"
        "even when it is killed with -9; their cells run again next time. A value\n"
        "given twice in one --set (0.1,0.1 or 0.1,0.10) is an error.\n"
        "\n"
        "The sweep id is --name if given. Otherwise it is derived from the config\n"
        "file's base name and a hash of its absolute path, the --set options (in the\n"
        "order given) and --generations: e.g. 'ants-1a2b3c4d'. The same command\n"
        "(from any folder) thus resumes the same sweep; change a --set and it is a new\n"
        "sweep. Seeds are not part of the id: --seeds 1-30 after --seeds 1-20 adds\n"
        "seeds 21-30 to the same sweep. Editing the config file does not change the\n"
        "id: use --name to tell such sweeps apart.\n"
        "\n"
        "options:\n"
        "      --seeds SPEC      seeds to run, e.g. 1-20 or 1,2,5-9 (required)\n"
        "  -s, --set K=V[,V...]  a config override; with several values, one group per\n"
        "                        value (the groups are the cross product of all\n"
        "                        keys with several values). Values are listed with\n"
        "                        commas (--set ga.mutation_rate=0.01,0.05) or by\n"
        "                        repeating the key (--set K=V1 --set K=V2), or both;\n"
        "                        the values of text keys (run.name, estrings.target,\n"
        "                        ...) may hold commas and are never split: list them\n"
        "                        by repeating (--set 'estrings.target=Hello, World!'\n"
        "                        --set 'estrings.target=Hi, Grace'), as in compare\n"
        "                        --where. A value given twice (also 0.05 and 5e-2)\n"
        "                        is an error.\n"
        "  -j, --jobs N          runs at a time (default: one per core); with more\n"
        "                        than one job each run uses run.threads=1 unless\n"
        "                        you --set run.threads yourself\n"
        "      --generations N   stop each run after N generations (run.generations)\n"
        "      --db PATH         run database (default " AL_DEFAULT_DB ")\n"
        "      --name SWEEP      the sweep id (at most 64 characters)\n"
        "      --kill-after S    after a stop (Ctrl-C, SIGTERM), kill the runs that\n"
        "                        have not ended within S seconds, 0..3600 (default 10)\n"
        "      --shard K/N       run only shard K of N: the cells whose index (group, then\n"
        "                        seed, in the order given) mod N is K-1; each shard\n"
        "                        its own --db, joined by 'alife db merge'. Without it,\n"
        "                        a Slurm array task's SLURM_ARRAY_TASK_ID/_COUNT/_MIN\n"
        "                        give the shard (see docs/cluster.md)\n"
        "  -n, --dry-run         print the plan (groups, missing cells) and run nothing\n"
        "  -h, --help            this help\n"
        "\n"
        "then: alife compare --sweep SWEEP [--db PATH] [--plot FILE.png]\n"
        "\n"
        "exit status: 0 every cell finished, 1 a run failed or the sweep was\n"
        "interrupted, 2 usage or config error (nothing is run).\n");
    printf("\nMPI: mpirun -np N alife sweep ... runs the cells on N-1 worker ranks, rank 0\n"
           "storing them (docs/cluster.md); %s\n",
           al_sweep_mpi_built() ? "this build has MPI."
                                : "this build has not (cmake -DALIFE_MPI=ON).");
}

typedef struct axis {
    char *key;
    char **values;
    int n;
} axis;

typedef struct group {
    char label[260];   // run.group
    char **sets;       // this group's "key=value"s
    int nsets;
} group;

// WAITING: another live sweep holds the cell's claim; ELSEWHERE: another
// sweep finished it.
typedef enum cell_state { TODO, RUNNING, DONE, FAILED, STOPPED, WAITING, ELSEWHERE } cell_state;

typedef struct cell {
    int group;
    int64_t seed;
    cell_state state;
    pid_t pid;
    FILE *errlog; // the child's stderr, read if it fails
    double started;
    double recheck; // WAITING: when to ask for the claim again
    bool killed;    // did not end within --kill-after of the stop: SIGKILLed
} cell;

// why says what was wrong when it is more than a malformed list.
static bool parse_seeds(const char *spec, int64_t **out, int *n, char *why, size_t why_size)
{
    why[0] = '\0';
    *out = NULL;
    *n = 0;
    int cap = 0;
    const char *p = spec;
    while (*p) {
        char *end;
        errno = 0;
        long long a = strtoll(p, &end, 10), b;
        if (end == p || a < 0 || errno) goto bad;
        p = end;
        b = a;
        if (*p == '-') {
            b = strtoll(++p, &end, 10);
            if (end != p && !errno && b < a)
                snprintf(why, why_size, ": the range %lld-%lld is reversed (did you mean %lld-%lld?)",
                         a, b, b, a);
            if (end == p || b < a || errno) goto bad;
            p = end;
        }
        if (*p == ',') ++p;
        else if (*p) goto bad;
        if (b - a + 1 > MAX_SEEDS - *n) {
            snprintf(why, why_size, ": more than %d seeds", MAX_SEEDS);
            goto bad;
        }
        for (long long s = a; s <= b; ++s) {
            if (*n == cap) {
                cap = cap ? 2 * cap : 32;
                int64_t *g = realloc(*out, (size_t)cap * sizeof *g);
                if (!g) goto bad;
                *out = g;
            }
            bool dup = false;
            for (int i = 0; i < *n; ++i) dup |= (*out)[i] == s;
            if (!dup) (*out)[(*n)++] = s;
        }
    }
    return *n > 0;
bad:
    free(*out);
    *out = NULL;
    *n = 0;
    return false;
}

// A key whose values are text (a name, a string such as estrings.target):
// its value may hold commas, so it is never split at them (as in --where).
static bool is_text_key(const char *key)
{
    const alKeyDef *def = alSchema_Find(key);
    return strcmp(key, "run.name") == 0 || (def && def->type == AL_TYPE_STRING);
}

// "key=v1,v2" -> axis with 2 values (a text key: one value, commas and all);
// false if there is no '=' or an empty value.
static bool parse_axis(const char *arg, axis *ax)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) return false;
    ax->key = strdup(arg);
    if (!ax->key) return false;
    ax->key[eq - arg] = '\0';
    ax->n = 0;
    ax->values = NULL;
    bool text = is_text_key(ax->key);
    const char *v = eq + 1;
    for (;;) {
        size_t len = text ? strlen(v) : strcspn(v, ",");
        if (len == 0 && (eq[1] != '\0' || *v)) return false; // "a=1,,2" or "a=1,"
        char **g = realloc(ax->values, (size_t)(ax->n + 1) * sizeof *g);
        if (!g) return false;
        ax->values = g;
        char *val = malloc(len + 1);
        if (!val) return false;
        memcpy(val, v, len);
        val[len] = '\0';
        ax->values[ax->n++] = val;
        if (v[len] != ',') break;
        v += len + 1;
    }
    return true;
}

// Values that are the same value: equal text, or equal numbers ("0.05" and
// "5e-2") for a key that is not text.
static bool same_value(const char *key, const char *a, const char *b)
{
    if (strcmp(a, b) == 0) return true;
    if (is_text_key(key)) return false;
    char *ea, *eb;
    double x = strtod(a, &ea), y = strtod(b, &eb);
    return *a && *b && !*ea && !*eb && x == y;
}

// Appends the values of from to into (the same key given again); false when
// out of memory.
static bool join_axis(axis *into, axis *from)
{
    char **g = realloc(into->values, (size_t)(into->n + from->n) * sizeof *g);
    if (!g) return false;
    into->values = g;
    for (int j = 0; j < from->n; ++j) into->values[into->n++] = from->values[j];
    from->n = 0;
    return true;
}

static void free_axis(axis *ax)
{
    free(ax->key);
    for (int j = 0; j < ax->n; ++j) free(ax->values[j]);
    free(ax->values);
}

static void free_axes(axis *ax, int n)
{
    for (int i = 0; i < n; ++i) free_axis(&ax[i]);
    free(ax);
}

// FNV-1a, 64 bits: a stable id from the command's defining parts.
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; ++s) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    h ^= 0xff; // separator, so ("ab","c") differs from ("a","bc")
    return h * 1099511628211ull;
}

static void derive_id(char *out, size_t cap, const char *config, char *const *sets, int nsets,
                      const char *gens)
{
    char abs[PATH_MAX];
    if (!realpath(config, abs)) snprintf(abs, sizeof abs, "%s", config);
    uint64_t h = fnv1a(14695981039346656037ull, abs);
    for (int i = 0; i < nsets; ++i) h = fnv1a(h, sets[i]);
    h = fnv1a(h, gens ? gens : "");
    const char *base = strrchr(config, '/');
    base = base ? base + 1 : config;
    char stem[48];
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = '\0';
    snprintf(out, cap, "%s-%08x", stem, (unsigned)(h >> 32) ^ (unsigned)h);
}

static void fmt_secs(char *buf, size_t cap, double s)
{
    if (s < 0) s = 0;
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(buf, cap, "%ldh%02ldm", t / 3600, (t / 60) % 60);
    else if (t >= 60) snprintf(buf, cap, "%ldm%02lds", t / 60, t % 60);
    else snprintf(buf, cap, "%lds", t);
}

typedef struct progress {
    bool tty;
    int total, done, failed, stopped, running, elsewhere;
    double sum_done_s; // wall time of the runs finished by this command
    int timed;         // how many of those
    double last_draw;
} progress;

static void draw(progress *pg, const cell *cells, int ncells, int jobs, bool force)
{
    double now = al_now();
    if (!force && now - pg->last_draw < (pg->tty ? 0.2 : 10.0)) return;
    pg->last_draw = now;
    int ended = pg->done + pg->failed + pg->stopped + pg->elsewhere;
    char eta[32] = "?";
    if (pg->timed > 0) {
        double per = pg->sum_done_s / pg->timed, left = 0;
        int todo = pg->total - ended;
        for (int i = 0; i < ncells; ++i)
            if (cells[i].state == RUNNING) left -= fmin(now - cells[i].started, per);
        left += per * todo;
        int par = todo < jobs ? todo : jobs;
        fmt_secs(eta, sizeof eta, par > 0 ? left / par : 0);
    }
    enum { W = 30 };
    char bar[W + 1];
    // The count and the bar are the finished runs only: a run stopped by
    // Ctrl-C or one that failed is not done, and is shown as such.
    int finished = pg->done + pg->elsewhere;
    int fill = pg->total ? W * finished / pg->total : W;
    for (int i = 0; i < W; ++i) bar[i] = i < fill ? '#' : '.';
    bar[W] = '\0';
    char stopped[32] = "";
    if (pg->stopped) snprintf(stopped, sizeof stopped, "  interrupted %d", pg->stopped);
    fprintf(stderr, "%s[%s] %d/%d finished  running %d%s  failed %d  eta %s%s",
            pg->tty ? "\r" : "", bar, finished, pg->total, pg->running, stopped, pg->failed,
            eta, pg->tty ? "   " : "\n");
    fflush(stderr);
}

// The last lines of a failed child's stderr, indented.
static void print_tail(FILE *f)
{
    if (!f) return;
    char buf[4096];
    fflush(f);
    long len = ftell(f);
    long from = len > (long)sizeof buf - 1 ? len - (long)sizeof buf + 1 : 0;
    fseek(f, from, SEEK_SET);
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    buf[got] = '\0';
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
        fprintf(stderr, "    %s\n", line);
}

int cmd_sweep(int argc, char **argv)
{
    enum { O_SEEDS = 1000, O_GENS, O_DB, O_NAME, O_SHARD, O_KILL_AFTER };
    static const struct option opts[] = {
        {"seeds", required_argument, 0, O_SEEDS}, {"set", required_argument, 0, 's'},
        {"jobs", required_argument, 0, 'j'},      {"generations", required_argument, 0, O_GENS},
        {"db", required_argument, 0, O_DB},       {"name", required_argument, 0, O_NAME},
        {"dry-run", no_argument, 0, 'n'},         {"help", no_argument, 0, 'h'},
        {"shard", required_argument, 0, O_SHARD}, {"kill-after", required_argument, 0, O_KILL_AFTER},
        {0, 0, 0, 0}};
    const char *seeds_spec = NULL, *gens = NULL, *db = AL_DEFAULT_DB, *name = NULL;
    const char *shard_spec = NULL;
    int64_t jobs = sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1) jobs = 1;
    int64_t kill_after = 10; // seconds a run has to end after a stop
    bool dry = false, threads_set = false;
    al_sets raw = {0};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":s:j:nh", opts, NULL)) != -1) {
        switch (c) {
        case O_SEEDS: seeds_spec = optarg; break;
        case O_GENS: gens = optarg; break;
        case O_DB: db = optarg; break;
        case O_NAME: name = optarg; break;
        case O_SHARD: shard_spec = optarg; break;
        case O_KILL_AFTER:
            if (!al_parse_int(optarg, 0, 3600, &kill_after)) {
                al_sets_free(&raw);
                return cli_usage_error("sweep", "--kill-after '%s': expected whole seconds 0..3600",
                                       optarg);
            }
            break;
        case 's':
            al_sets_add(&raw, optarg);
            threads_set |= strncmp(optarg, "run.threads=", 12) == 0;
            break;
        case 'j':
            if (!al_parse_int(optarg, 1, 1024, &jobs)) {
                al_sets_free(&raw);
                return cli_usage_error("sweep", "--jobs '%s': expected a whole number 1..1024",
                                       optarg);
            }
            break;
        case 'n': dry = true; break;
        case 'h': help(); al_sets_free(&raw); return 0;
        default: al_sets_free(&raw); return cli_option_error("sweep", argv, c);
        }
    }
    if (optind != argc - 1) {
        al_sets_free(&raw);
        return cli_usage_error("sweep", optind >= argc
                                            ? "which config? e.g. alife sweep "
                                              "experiments/estrings/hello.ini --seeds 1-10"
                                            : "one config file only");
    }
    const char *config = argv[optind];
    al_shard shard = al_shard_all();
    {
        char msg[256];
        int env = shard_spec ? 0 : al_shard_from_env(&shard, msg, sizeof msg);
        if ((shard_spec && !al_shard_parse(shard_spec, &shard, msg, sizeof msg)) || env < 0) {
            al_sets_free(&raw);
            return cli_usage_error("sweep", "%s%s", shard_spec ? "--shard " : "", msg);
        }
        if (env > 0) fprintf(stderr, "alife sweep: shard %lld/%lld from %s\n", (long long)shard.k,
                             (long long)shard.n, shard.source);
    }
    int64_t *seeds = NULL;
    int nseeds = 0;
    if (!seeds_spec) {
        al_sets_free(&raw);
        return cli_usage_error("sweep", "--seeds is required, e.g. --seeds 1-20");
    }
    char seeds_why[128];
    if (!parse_seeds(seeds_spec, &seeds, &nseeds, seeds_why, sizeof seeds_why)) {
        al_sets_free(&raw);
        return cli_usage_error("sweep",
                               "--seeds '%s'%s: expected seeds like 1-20 or 1,2,5-9 "
                               "(whole numbers >= 0, at most %d)",
                               seeds_spec, seeds_why, MAX_SEEDS);
    }
    int64_t gens_n;
    if (gens && !al_parse_int(gens, 1, 1000000000, &gens_n)) {
        free(seeds);
        al_sets_free(&raw);
        return cli_usage_error("sweep", "--generations '%s': expected a whole number >= 1", gens);
    }

    // Split the --set options into fixed overrides and axes (several values).
    int rc = 2;
    axis *axes = calloc((size_t)raw.count + 1, sizeof *axes);
    int naxes = 0;
    al_sets fixed = {0};
    group *groups = NULL;
    int ngroups = 1;
    cell *cells = NULL;
    int ncells = 0;
    alSweepRun *have = NULL;
    int nhave = 0;
    alRunLog *claims = NULL; // the database, open for claiming cells
    if (!axes) {
        fprintf(stderr, "alife sweep: out of memory\n");
        rc = 1;
        goto out;
    }
    // Every --set of one key adds its values to that key's list (in order);
    // a key with one value is a fixed override, one with several an axis.
    axis *keys = calloc((size_t)raw.count + 1, sizeof *keys);
    int nkeys = 0;
    if (!keys) {
        fprintf(stderr, "alife sweep: out of memory\n");
        rc = 1;
        goto out;
    }
    for (int i = 0; i < raw.count; ++i) {
        axis ax = {0};
        if (!parse_axis(raw.items[i], &ax)) {
            free_axis(&ax);
            free_axes(keys, nkeys);
            rc = cli_usage_error("sweep", "--set '%s': expected KEY=VALUE or KEY=V1,V2,...",
                                 raw.items[i]);
            goto out;
        }
        int k = 0;
        while (k < nkeys && strcmp(keys[k].key, ax.key) != 0) ++k;
        if (k == nkeys) {
            keys[nkeys++] = ax;
            continue;
        }
        bool ok = join_axis(&keys[k], &ax);
        free_axis(&ax);
        if (!ok) {
            free_axes(keys, nkeys);
            fprintf(stderr, "alife sweep: out of memory\n");
            rc = 1;
            goto out;
        }
    }
    for (int k = 0; k < nkeys; ++k) {
        axis *ax = &keys[k];
        for (int a = 0; a < ax->n; ++a)
            for (int b = 0; b < a; ++b)
                if (same_value(ax->key, ax->values[a], ax->values[b])) {
                    rc = cli_usage_error("sweep",
                                         "--set %s: the value '%s' is given twice ('%s' and "
                                         "'%s'): each value makes one group",
                                         ax->key, ax->values[a], ax->values[b], ax->values[a]);
                    free_axes(keys, nkeys);
                    goto out;
                }
    }
    for (int k = 0; k < nkeys; ++k) {
        axis *ax = &keys[k];
        if (ax->n == 1) {
            al_sets_addkv(&fixed, ax->key, ax->values[0]);
            free_axis(ax);
            continue;
        }
        axes[naxes++] = *ax;
        if ((int64_t)ngroups * ax->n > MAX_CELLS) {
            for (int j = k + 1; j < nkeys; ++j) free_axis(&keys[j]);
            free(keys);
            rc = cli_usage_error("sweep", "too many groups (more than %d)", MAX_CELLS);
            goto out;
        }
        ngroups *= ax->n;
    }
    free(keys);
    if ((int64_t)ngroups * nseeds > MAX_CELLS) {
        rc = cli_usage_error("sweep", "%d groups x %d seeds is more than %d runs", ngroups, nseeds,
                             MAX_CELLS);
        goto out;
    }
    char sweep_id[80];
    if (name) snprintf(sweep_id, sizeof sweep_id, "%s", name);
    else derive_id(sweep_id, sizeof sweep_id, config, raw.items, raw.count, gens);

    // The groups: the cross product, first axis varying slowest.
    groups = calloc((size_t)ngroups, sizeof *groups);
    if (!groups) {
        fprintf(stderr, "alife sweep: out of memory\n");
        rc = 1;
        goto out;
    }
    for (int g = 0; g < ngroups; ++g) {
        groups[g].sets = calloc((size_t)naxes + 1, sizeof(char *));
        if (!groups[g].sets) {
            fprintf(stderr, "alife sweep: out of memory\n");
            rc = 1;
            goto out;
        }
        int rest = g;
        size_t len = 0;
        for (int k = naxes - 1; k >= 0; --k) {
            int v = rest % axes[k].n;
            rest /= axes[k].n;
            size_t n = strlen(axes[k].key) + strlen(axes[k].values[v]) + 2;
            char *kv = malloc(n);
            if (kv) snprintf(kv, n, "%s=%s", axes[k].key, axes[k].values[v]);
            groups[g].sets[k] = kv;
        }
        groups[g].nsets = naxes;
        for (int k = 0; k < naxes; ++k)
            if (!groups[g].sets[k]) {
                fprintf(stderr, "alife sweep: out of memory\n");
                rc = 1;
                goto out;
            }
        // Once the label is full, len runs past it: point at its last byte
        // with no room rather than past the array (undefined behaviour).
        const size_t cap = sizeof groups[g].label;
        for (int k = 0; k < naxes; ++k)
            len += (size_t)snprintf(groups[g].label + (len < cap ? len : cap - 1), len < cap ? cap - len : 0,
                                    "%s%s", k ? " " : "", groups[g].sets[k]);
    }

    // Resolve every group's config now: a bad key or value stops the sweep
    // before anything runs (the children would each fail the same way).
    for (int g = 0; g < ngroups; ++g) {
        al_sets all = {0};
        al_sets_addkv(&all, "run.sweep", sweep_id);
        al_sets_addkv(&all, "run.group", groups[g].label);
        if (gens) al_sets_addkv(&all, "run.generations", gens);
        for (int i = 0; i < fixed.count; ++i) al_sets_add(&all, fixed.items[i]);
        for (int i = 0; i < groups[g].nsets; ++i) al_sets_add(&all, groups[g].sets[i]);
        alError err = {0};
        alConfig *cfg = al_sets_config(config, NULL, &all, &err);
        if (!cfg) {
            rc = cli_fail("sweep", &err);
            goto out;
        }
        // The module's own checks too (an estrings target outside its
        // alphabet passes the schema): create the cell's module once.
        const alModuleClass *cls = alModule_Find(alConfig_Text(cfg, "run.module"));
        void *mod = NULL;
        if (cls && cls->create(cfg, (uint64_t)seeds[0], &mod, &err) != AL_OK) {
            alError why = err;
            if (groups[g].label[0])
                alError_Set(&err, why.code, "sweep group '%s': %s", groups[g].label, why.msg);
            alDestroyConfig(cfg);
            rc = cli_fail("sweep", &err);
            goto out;
        }
        if (cls && mod) cls->destroy(mod);
        alDestroyConfig(cfg);
    }

    if (al_sweep_mpi_launched()) {
        // mpirun/srun: the ranks run the cells, rank 0 stores (sweep_mpi.c).
        al_sweep_group *mg = calloc((size_t)ngroups, sizeof *mg);
        if (!mg) {
            rc = 1;
            goto out;
        }
        for (int g = 0; g < ngroups; ++g)
            mg[g] = (al_sweep_group){groups[g].label, groups[g].sets, groups[g].nsets};
        al_sweep_plan plan = {config, db, sweep_id, gens, &fixed, mg, ngroups, seeds, nseeds,
                              &shard, threads_set, dry};
        rc = al_sweep_mpi(&plan);
        free(mg);
        goto out;
    }
    alError err = {0};
    if (!dry) {
        // Open (create) the database here: a path it cannot be is reported
        // before any run starts, not once per child; the sweep keeps it open
        // to claim its cells.
        alResult r = alRunLog_Open(db, &claims, &err);
        if (r != AL_OK) {
            rc = cli_fail("sweep", &err);
            goto out;
        }
        alRunLog_ShareCheck(claims); // checked for damage once, for every run
    }
    if (alRunLog_ListSweep(db, sweep_id, &have, &nhave, &err) != AL_OK) {
        fprintf(stderr, "alife sweep: %s\n", err.msg);
        rc = 2;
        goto out;
    }
    size_t total = (size_t)(unsigned)ngroups * (size_t)(unsigned)nseeds;
    cells = calloc(total, sizeof *cells);
    if (!cells) {
        fprintf(stderr, "alife sweep: out of memory for %zu runs\n", total);
        rc = 1;
        goto out;
    }
    int already = 0, earlier_unfinished = 0, in_shard = 0;
    for (int g = 0; g < ngroups; ++g)
        for (int s = 0; s < nseeds; ++s) {
            if (!al_shard_has(&shard, (size_t)g * (size_t)nseeds + (size_t)s)) continue;
            ++in_shard;
            bool finished = false;
            for (int i = 0; i < nhave && !finished; ++i)
                finished = have[i].seed == seeds[s] && strcmp(have[i].group, groups[g].label) == 0 &&
                           strcmp(have[i].status, "finished") == 0;
            if (finished) {
                ++already;
                continue;
            }
            cells[ncells++] = (cell){.group = g, .seed = seeds[s], .state = TODO};
        }
    for (int i = 0; i < nhave; ++i) earlier_unfinished += strcmp(have[i].status, "finished") != 0;

    char ng[48], ns[48], nr[48], nj[48];
    fprintf(stderr, "alife sweep %s: %s x %s = %s; %d already finished, %d to run with %s, logging to %s\n",
            sweep_id, alCounted(ng, sizeof ng, ngroups, "group", NULL), alCounted(ns, sizeof ns, nseeds, "seed", NULL),
            alCounted(nr, sizeof nr, ngroups * nseeds, "run", NULL), already, ncells,
            alCounted(nj, sizeof nj, jobs, "job", NULL), db);
    if (shard.n > 1)
        fprintf(stderr, "  shard %lld/%lld (%s): %d of the %d runs are this shard's\n",
                (long long)shard.k, (long long)shard.n, shard.source, in_shard, ngroups * nseeds);
    if (earlier_unfinished > 0)
        fprintf(stderr,
                "  (%d earlier run%s of this sweep did not finish; they stay in the database as"
                " they are, and their cells are run again)\n",
                earlier_unfinished, earlier_unfinished == 1 ? "" : "s");
    if (dry) {
        for (int g = 0; g < ngroups; ++g) {
            int todo = 0;
            for (int i = 0; i < ncells; ++i) todo += cells[i].group == g;
            printf("group %-40s %d of %d seeds to run\n", groups[g].label[0] ? groups[g].label : "(all)",
                   todo, nseeds);
        }
        rc = 0;
        goto out;
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    struct sigaction old_int, old_term;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    progress pg = {.tty = isatty(STDERR_FILENO), .total = ncells};
    double t0 = al_now();
    int next = 0, forwarded = 0;
    double last_forward = 0, stopped_at = 0;
    char seedbuf[32], exe[PATH_MAX];
    ssize_t el = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (el <= 0) {
        fprintf(stderr, "alife sweep: cannot find my own executable (/proc/self/exe): %s\n",
                strerror(errno));
        rc = 1;
        goto restore;
    }
    exe[el] = '\0';
    pid_t me = getpid();
    int waiting = 0;
    double next_wait_scan = 0;
    while ((!stop_signal && (next < ncells || waiting > 0)) || pg.running > 0) {
        while (!stop_signal && pg.running < jobs) {
            // A waiting cell whose turn to ask again has come, else a new one.
            cell *ce = NULL;
            double now = al_now();
            if (waiting > 0 && now >= next_wait_scan) {
                for (int i = 0; i < next && !ce; ++i)
                    if (cells[i].state == WAITING && now >= cells[i].recheck) ce = &cells[i];
                if (!ce) next_wait_scan = now + 0.5;
            }
            if (!ce && next < ncells) ce = &cells[next++];
            if (!ce) break;
            group *gr = &groups[ce->group];
            if (ce->state == WAITING) waiting--;
            // Claimed in the database first: two sweeps never run one cell.
            alClaim claim;
            char holder[300];
            if (alRunLog_ClaimCell(claims, sweep_id, gr->label, ce->seed, &claim, holder,
                                   sizeof holder, &err) != AL_OK) {
                if (pg.tty) fputc('\n', stderr);
                fprintf(stderr, "alife sweep: %s\n", err.msg);
                ce->state = FAILED;
                pg.failed++;
                continue;
            }
            if (claim == AL_CLAIM_FINISHED) {
                ce->state = ELSEWHERE;
                pg.elsewhere++;
                continue;
            }
            if (claim == AL_CLAIM_TAKEN) {
                if (ce->state != WAITING && !pg.tty)
                    fprintf(stderr, "  group '%s' seed %lld is being run by another sweep (%s):"
                                    " waiting for it\n",
                            gr->label, (long long)ce->seed, holder);
                ce->state = WAITING;
                ce->recheck = now + 1.0;
                waiting++;
                continue;
            }
            snprintf(seedbuf, sizeof seedbuf, "%lld", (long long)ce->seed);
            al_sets args = {0};
            al_sets_add(&args, exe);
            al_sets_add(&args, "run");
            al_sets_add(&args, config);
            al_sets_add(&args, "--quiet");
            al_sets_add(&args, "--db");
            al_sets_add(&args, db);
            al_sets_add(&args, "--seed");
            al_sets_add(&args, seedbuf);
            if (jobs > 1 && !threads_set) {
                al_sets_add(&args, "--threads");
                al_sets_add(&args, "1");
            }
            if (gens) {
                al_sets_add(&args, "--generations");
                al_sets_add(&args, gens);
            }
            al_sets_add(&args, "--set");
            al_sets_addkv(&args, "run.sweep", sweep_id);
            al_sets_add(&args, "--set");
            al_sets_addkv(&args, "run.group", gr->label);
            for (int i = 0; i < fixed.count; ++i) {
                al_sets_add(&args, "--set");
                al_sets_add(&args, fixed.items[i]);
            }
            for (int i = 0; i < gr->nsets; ++i) {
                al_sets_add(&args, "--set");
                al_sets_add(&args, gr->sets[i]);
            }
            al_sets_add(&args, "");
            free(args.items[args.count - 1]);
            args.items[args.count - 1] = NULL; // argv terminator
            ce->errlog = tmpfile();
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                // Ignored until alife run installs its own handler, so a stop
                // that arrives while the child starts cannot kill it before it
                // can mark its run interrupted (the parent repeats the signal
                // until every child has ended).
                signal(SIGINT, SIG_IGN);
                signal(SIGTERM, SIG_IGN);
                // Never outlive the sweep: killed with it (even by kill -9),
                // or at once if it is already gone. Its claim then reads
                // abandoned, and the next sweep reruns the cell.
#ifdef __linux__
                prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
                if (getppid() != me) _exit(127);
                FILE *devnull = fopen("/dev/null", "w");
                if (devnull) dup2(fileno(devnull), STDOUT_FILENO);
                if (ce->errlog) dup2(fileno(ce->errlog), STDERR_FILENO);
                execv(exe, args.items);
                fprintf(stderr, "cannot start %s: %s\n", exe, strerror(errno));
                _exit(127);
            }
            al_sets_free(&args);
            if (pid < 0) {
                fprintf(stderr, "\nalife sweep: cannot start a run: %s\n", strerror(errno));
                ce->state = FAILED;
                pg.failed++;
                alRunLog_ReleaseCell(claims, sweep_id, gr->label, ce->seed, NULL);
                continue;
            }
            ce->pid = pid;
            ce->state = RUNNING;
            ce->started = al_now();
            pg.running++;
        }
        if (stop_signal && (forwarded != stop_signal || al_now() - last_forward > 0.25)) {
            // Ctrl-C in a terminal reaches the children too; a signal sent to
            // this process alone is passed on, so they end cleanly either way.
            forwarded = stop_signal;
            last_forward = al_now();
            for (int i = 0; i < ncells; ++i)
                if (cells[i].state == RUNNING) kill(cells[i].pid, SIGINT);
        }
        if (stop_signal) {
            // A run that cannot react (stopped, stuck in the kernel, hung on a
            // disk) would keep the sweep waiting forever: killed after the grace.
            if (stopped_at == 0) stopped_at = al_now();
            if (al_now() - stopped_at >= (double)kill_after)
                for (int i = 0; i < ncells; ++i) {
                    cell *ce = &cells[i];
                    if (ce->state != RUNNING || ce->killed) continue;
                    ce->killed = true;
                    kill(ce->pid, SIGKILL);
                    if (pg.tty) fputc('\n', stderr);
                    fprintf(stderr,
                            "alife sweep: the run of group '%s' seed %lld (pid %lld) did not stop"
                            " within %lld s: killed (SIGKILL)\n",
                            groups[ce->group].label[0] ? groups[ce->group].label : "(all)",
                            (long long)ce->seed, (long long)ce->pid, (long long)kill_after);
                }
        }
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid <= 0) {
            if (stop_signal) waiting = 0; // not started: claimed by nobody of ours
            draw(&pg, cells, ncells, (int)jobs, false);
            struct timespec ts = {0, 50 * 1000 * 1000};
            nanosleep(&ts, NULL);
            continue;
        }
        for (int i = 0; i < ncells; ++i) {
            cell *ce = &cells[i];
            if (ce->state != RUNNING || ce->pid != pid) continue;
            pg.running--;
            int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            if (code == 0) {
                ce->state = DONE;
                pg.done++;
                pg.sum_done_s += al_now() - ce->started;
                pg.timed++;
            } else if (stop_signal) {
                ce->state = STOPPED;
                pg.stopped++;
            } else {
                ce->state = FAILED;
                pg.failed++;
                if (pg.tty) fputc('\n', stderr);
                fprintf(stderr, "alife sweep: run of group '%s' seed %lld failed (exit %d):\n",
                        groups[ce->group].label[0] ? groups[ce->group].label : "(all)", (long long)ce->seed,
                        code);
                print_tail(ce->errlog);
            }
            if (ce->killed) {
                // It could not record its end: the sweep does, so the row does
                // not say 'running' (as the stale-row rule would, later).
                alError kerr = {0};
                if (alRunLog_InterruptRunsOf(claims, (int64_t)pid, NULL, &kerr) != AL_OK)
                    fprintf(stderr, "alife sweep: %s\n", kerr.msg);
                else
                    fprintf(stderr, "alife sweep: group '%s' seed %lld: its run is marked"
                                    " interrupted\n",
                            groups[ce->group].label[0] ? groups[ce->group].label : "(all)",
                            (long long)ce->seed);
            }
            if (ce->errlog) fclose(ce->errlog);
            ce->errlog = NULL;
            alRunLog_ReleaseCell(claims, sweep_id, groups[ce->group].label, ce->seed, NULL);
            draw(&pg, cells, ncells, (int)jobs, true);
        }
    }
    if (pg.tty) fputc('\n', stderr);
    char took[32];
    fmt_secs(took, sizeof took, al_now() - t0);
    int not_started = ncells - next;
    for (int i = 0; i < next; ++i) not_started += cells[i].state == WAITING;
    if (stop_signal) {
        fprintf(stderr,
                "alife sweep %s: stopped by signal %d after %s: %s finished now (%d in "
                "all), %d stopped and marked interrupted, %d not started.\n"
                "Run the same command again to complete the sweep.\n",
                sweep_id, (int)stop_signal, took, alCounted(ng, sizeof ng, pg.done, "run", NULL),
                already + pg.done, pg.stopped, not_started);
        rc = 1;
    } else {
        fprintf(stderr, "alife sweep %s: %d of %d runs finished (%d now, in %s, %d by another"
                        " sweep at the same time), %d failed\n",
                sweep_id, already + pg.done + pg.elsewhere, in_shard, pg.done, took,
                pg.elsewhere, pg.failed);
        rc = pg.failed ? 1 : 0;
    }
    printf("sweep %s: %d/%d finished; compare with: alife compare --sweep %s --db %s\n",
           sweep_id, already + pg.done + pg.elsewhere, in_shard, sweep_id, db);
restore:
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
out:
    if (claims) alRunLog_ReleaseAllCells(claims, NULL);
    alRunLog_Close(claims);
    for (int i = 0; i < ncells; ++i)
        if (cells[i].errlog) fclose(cells[i].errlog);
    free(cells);
    free(have);
    if (groups)
        for (int g = 0; g < ngroups; ++g) {
            for (int i = 0; i < groups[g].nsets; ++i) free(groups[g].sets[i]);
            free(groups[g].sets);
        }
    free(groups);
    free_axes(axes, naxes);
    al_sets_free(&fixed);
    al_sets_free(&raw);
    free(seeds);
    return rc;
}
