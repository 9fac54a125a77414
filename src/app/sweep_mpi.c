// sweep_mpi.c — the MPI path of alife sweep (see sweep_mpi.h). Rank 0 hands
// out one cell at a time to whichever worker is free and is the only SQLite
// writer; workers run cells in-process and send their generations as
// messages. No home-made scheduler or protocol beyond these five tags.
#include "sweep_mpi.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The environment a launcher gives each rank: Open MPI's mpirun, Slurm's srun
// (PMI or PMIx), MPICH's hydra. A size of 1 is not a job of several ranks.
static long env_long(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? strtol(v, NULL, 10) : -1;
}

bool al_sweep_mpi_launched(void)
{
    long size = env_long("OMPI_COMM_WORLD_SIZE");
    if (size < 0) size = env_long("PMI_SIZE");
    if (size < 0) size = env_long("PMIX_SIZE");
    if (size < 0) size = env_long("SLURM_STEP_NUM_TASKS") == 1 ? 1 : -1; // srun -n 1
    if (size < 0 && getenv("PMIX_RANK")) size = 2; // PMIx without a size: ask MPI
    return size > 1;
}

#ifndef ALIFE_HAVE_MPI

bool al_sweep_mpi_built(void) { return false; }

int al_sweep_mpi(const al_sweep_plan *plan)
{
    (void)plan;
    fprintf(stderr, "alife sweep: started as one of several MPI ranks, but this alife was built "
                    "without MPI: rebuild with cmake -DALIFE_MPI=ON (see docs/cluster.md), or run "
                    "the sweep without mpirun/srun\n");
    return 2;
}

#else

#include <math.h>
#include <mpi.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/runlog.h"
#include "alife/runsweep.h"
#include "cli.h"
#include "session.h"

bool al_sweep_mpi_built(void) { return true; }

enum {
    TAG_CELL = 1, // 0 -> worker: int64 {group, seed}
    TAG_QUIT,     // 0 -> worker: no more cells, leave
    TAG_STOP,     // 0 -> worker: stop the running cell (a stop signal reached rank 0)
    TAG_ROWS,     // worker -> 0: packed generations of its cell (see pack_gen)
    TAG_END       // worker -> 0: the cell ended (end_msg)
};

// A worker's batch of rows is sent when it is this big or this old.
enum { BATCH_BYTES = 64 * 1024 };
#define BATCH_AGE_S 0.05

typedef struct end_msg {
    char status[16]; // finished, interrupted, failed
    char why[16];    // al_session_stop_reason, "" for none
    int64_t gens;
    char error[sizeof(((alError *)0)->msg)]; // the error of a failed cell
} end_msg;

typedef struct bytes {
    unsigned char *p;
    size_t len, cap;
} bytes;

static void put(bytes *b, const void *x, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        unsigned char *g = realloc(b->p, cap);
        if (!g) {
            fprintf(stderr, "alife sweep: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        b->p = g;
        b->cap = cap;
    }
    memcpy(b->p + b->len, x, n);
    b->len += n;
}

// One generation: gen, evaluations, ticks, best, mean, worst, stddev, wall_s,
// figure count, each figure (name length byte, name, value), genome length
// and bytes.
static void pack_gen(bytes *b, const alGenStats *s, const void *genome, size_t genome_bytes)
{
    int64_t ints[3] = {s->gen, s->evaluations, s->ticks};
    double reals[5] = {s->best, s->mean, s->worst, s->stddev, s->wall_s};
    int32_t nf = s->figure_count;
    put(b, ints, sizeof ints);
    put(b, reals, sizeof reals);
    put(b, &nf, sizeof nf);
    for (int i = 0; i < nf; ++i) {
        size_t len = strlen(s->figure_names[i]);
        unsigned char l = (unsigned char)(len > 255 ? 255 : len);
        put(b, &l, 1);
        put(b, s->figure_names[i], l);
        put(b, &s->figures[i], sizeof(double));
    }
    uint32_t gb = genome ? (uint32_t)genome_bytes : 0;
    put(b, &gb, sizeof gb);
    if (gb) put(b, genome, gb);
}

// Figure names must outlive the row (alGenStats holds pointers): rank 0
// keeps one copy of each name it has seen (a module has a handful).
enum { MAX_NAMES = 256 };
static char names[MAX_NAMES][256];
static int nnames;

static const char *intern(const unsigned char *s, size_t len)
{
    for (int i = 0; i < nnames; ++i)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) return names[i];
    if (nnames == MAX_NAMES) return "figure";
    memcpy(names[nnames], s, len);
    names[nnames][len] = '\0';
    return names[nnames++];
}

// Reads one row at *at; false when the message is malformed.
static bool unpack_gen(const unsigned char *p, size_t len, size_t *at, alGenStats *s,
                       const void **genome, size_t *genome_bytes)
{
#define TAKE(dst, n)                                                                               \
    do {                                                                                           \
        if (*at + (n) > len) return false;                                                         \
        memcpy((dst), p + *at, (n));                                                               \
        *at += (n);                                                                                \
    } while (0)
    memset(s, 0, sizeof *s);
    int64_t ints[3];
    double reals[5];
    int32_t nf;
    TAKE(ints, sizeof ints);
    TAKE(reals, sizeof reals);
    TAKE(&nf, sizeof nf);
    if (nf < 0 || nf > AL_MAX_FIGURES) return false;
    s->gen = ints[0];
    s->evaluations = ints[1];
    s->ticks = ints[2];
    s->best = reals[0];
    s->mean = reals[1];
    s->worst = reals[2];
    s->stddev = reals[3];
    s->wall_s = reals[4];
    s->figure_count = nf;
    for (int i = 0; i < nf; ++i) {
        unsigned char l;
        TAKE(&l, 1);
        if (*at + l > len) return false;
        s->figure_names[i] = intern(p + *at, l);
        *at += l;
        TAKE(&s->figures[i], sizeof(double));
    }
    uint32_t gb;
    TAKE(&gb, sizeof gb);
    if (*at + gb > len) return false;
    *genome = gb ? p + *at : NULL;
    *genome_bytes = gb;
    *at += gb;
    return true;
#undef TAKE
}

// The config of one cell, exactly as the local sweep's `alife run` child
// resolves it (same overrides, same order; run.threads=1 as with --jobs > 1).
static alConfig *cell_config(const al_sweep_plan *p, int g, int64_t seed, alError *err)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)seed);
    al_sets all = {0};
    al_sets_addkv(&all, "run.seed", buf);
    if (!p->threads_set) al_sets_addkv(&all, "run.threads", "1");
    if (p->gens) al_sets_addkv(&all, "run.generations", p->gens);
    al_sets_addkv(&all, "run.sweep", p->sweep_id);
    al_sets_addkv(&all, "run.group", p->groups[g].label);
    for (int i = 0; i < p->fixed->count; ++i) al_sets_add(&all, p->fixed->items[i]);
    for (int i = 0; i < p->groups[g].nsets; ++i) al_sets_add(&all, p->groups[g].sets[i]);
    alConfigDef def = alDefaultConfigDef();
    def.path = p->config;
    def.sets = (const char *const *)all.items;
    def.set_count = all.count;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    al_sets_free(&all);
    return cfg;
}

// The run's name as `alife run` gives it: run.name, else the config's base
// name without its extension.
static void run_name(const alConfig *cfg, const char *path, char *out, size_t cap)
{
    const char *given = alConfig_String(cfg, "run.name");
    if (given[0]) {
        snprintf(out, cap, "%s", given);
        return;
    }
    const char *slash = strrchr(path, '/');
    snprintf(out, cap, "%s", slash ? slash + 1 : path);
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = '\0';
}

static void nap(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

// ---- worker ---------------------------------------------------------------

typedef struct worker_ctx {
    bytes rows;
    double first; // al_now() of the oldest row in the batch
} worker_ctx;

static void send_rows(worker_ctx *w)
{
    if (w->rows.len == 0) return;
    MPI_Send(w->rows.p, (int)w->rows.len, MPI_BYTE, 0, TAG_ROWS, MPI_COMM_WORLD);
    w->rows.len = 0;
}

// The session's progress callback is the sink: each finished generation is
// packed and sent to rank 0 in batches.
static void on_generation(const al_session *s, void *p)
{
    worker_ctx *w = p;
    size_t gb = 0;
    const void *genome = s->cls->best_genome ? s->cls->best_genome(s->mod, &gb) : NULL;
    if (w->rows.len == 0) w->first = al_now();
    pack_gen(&w->rows, &s->last, genome, gb);
    if (w->rows.len >= BATCH_BYTES || al_now() - w->first >= BATCH_AGE_S) {
        send_rows(w);
        int flag = 0;
        MPI_Iprobe(0, TAG_STOP, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag) {
            int64_t x;
            MPI_Recv(&x, 1, MPI_INT64_T, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            al_session_stop = SIGTERM;
        }
    }
}

static void run_cell(const al_sweep_plan *p, int g, int64_t seed, worker_ctx *w)
{
    end_msg end = {.status = "failed"};
    alError err = {0};
    alConfig *cfg = cell_config(p, g, seed, &err);
    al_session s;
    if (cfg && al_session_open(&s, cfg, NULL, NULL, &err) == AL_OK) {
        const char *status = al_session_run(&s, on_generation, w, &err);
        send_rows(w);
        snprintf(end.status, sizeof end.status, "%s", status);
        const char *why = al_session_stop_reason(&s, status);
        snprintf(end.why, sizeof end.why, "%s", why ? why : "");
        end.gens = s.gens;
        if (strcmp(status, "failed") == 0) snprintf(end.error, sizeof end.error, "%s", err.msg);
        al_session_close(&s, status);
    } else {
        snprintf(end.error, sizeof end.error, "%s", err.msg);
    }
    MPI_Send(&end, (int)sizeof end, MPI_BYTE, 0, TAG_END, MPI_COMM_WORLD);
}

static int worker(const al_sweep_plan *p)
{
    worker_ctx w = {0};
    for (;;) {
        int64_t msg[2];
        MPI_Status st;
        MPI_Recv(msg, 2, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_QUIT) break;
        if (st.MPI_TAG != TAG_CELL) continue; // a late TAG_STOP
        run_cell(p, (int)msg[0], msg[1], &w);
    }
    free(w.rows.p);
    return 0;
}

// ---- rank 0 ---------------------------------------------------------------

typedef struct mcell {
    int group;
    int64_t seed;
} mcell;

typedef struct rank_state {
    int cell;       // index in cells, -1 when idle
    int64_t run_id; // its run in the database
    double started;
    bool quit;      // sent TAG_QUIT
} rank_state;

typedef struct coord {
    const al_sweep_plan *p;
    alRunLog *log;
    mcell *cells;
    int ncells, next;
    rank_state *ranks;
    int size;
    int running, done, failed, stopped;
    int elsewhere, taken; // cells another sweep finished / is running (claims)
    int64_t rows;
    double t0, last_draw, sum_s;
    bool tty, broken; // broken: the database failed, stop everything
    alError db_err;
} coord;

static void quit(coord *c, int r)
{
    if (c->ranks[r].quit) return;
    int64_t x = 0;
    MPI_Send(&x, 1, MPI_INT64_T, r, TAG_QUIT, MPI_COMM_WORLD);
    c->ranks[r].quit = true;
}

static void db_failed(coord *c, const alError *err)
{
    if (!c->broken) c->db_err = *err;
    c->broken = true;
}

// Gives rank r the next cell, or tells it to leave.
static void assign(coord *c, int r)
{
    int i = -1;
    alError err = {0};
    // Claim the cell first, as the local sweep does: a local sweep of the
    // same database at the same time then shares the cells out with us.
    while (!al_session_stop && !c->broken && c->next < c->ncells) {
        int j = c->next++;
        alClaim claim;
        if (alRunLog_ClaimCell(c->log, c->p->sweep_id, c->p->groups[c->cells[j].group].label,
                               c->cells[j].seed, &claim, NULL, 0, &err) != AL_OK) {
            db_failed(c, &err);
            break;
        }
        if (claim == AL_CLAIM_FINISHED) c->elsewhere++;
        else if (claim == AL_CLAIM_TAKEN) c->taken++; // left for a rerun
        else {
            i = j;
            break;
        }
    }
    if (i < 0) {
        quit(c, r);
        return;
    }
    alConfig *cfg = cell_config(c->p, c->cells[i].group, c->cells[i].seed, &err);
    if (!cfg) { // checked by cmd_sweep before: only out of memory
        db_failed(c, &err);
        quit(c, r);
        return;
    }
    char name[128];
    run_name(cfg, c->p->config, name, sizeof name);
    int64_t id = 0;
    alResult res =
        alRunLog_BeginRun(c->log, cfg, name, (uint64_t)c->cells[i].seed, &id, &err);
    alDestroyConfig(cfg);
    if (res != AL_OK) {
        db_failed(c, &err);
        quit(c, r);
        return;
    }
    int64_t msg[2] = {c->cells[i].group, c->cells[i].seed};
    MPI_Send(msg, 2, MPI_INT64_T, r, TAG_CELL, MPI_COMM_WORLD);
    c->ranks[r] = (rank_state){.cell = i, .run_id = id, .started = al_now()};
    c->running++;
}

static void fmt_eta(char *buf, size_t cap, double s)
{
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(buf, cap, "%ldh%02ldm", t / 3600, (t / 60) % 60);
    else if (t >= 60) snprintf(buf, cap, "%ldm%02lds", t / 60, t % 60);
    else snprintf(buf, cap, "%lds", t);
}

static void draw(coord *c, bool force)
{
    double now = al_now();
    if (!force && now - c->last_draw < (c->tty ? 0.5 : 10.0)) return;
    c->last_draw = now;
    int left = c->ncells - c->next;
    char eta[32] = "?";
    if (c->done > 0) {
        double per = c->sum_s / c->done;
        int workers = c->size - 1;
        fmt_eta(eta, sizeof eta, per * (left + c->running * 0.5) / (workers > 0 ? workers : 1));
    }
    // Done means finished: runs stopped by a signal are counted apart.
    char stopped[32] = "";
    if (c->stopped) snprintf(stopped, sizeof stopped, "  interrupted %d", c->stopped);
    fprintf(stderr, "%s[mpi %d workers] %d/%d done  running %d%s  left %d  failed %d  %.0f rows/s  eta %s%s",
            c->tty ? "\r" : "", c->size - 1, c->done, c->ncells, c->running, stopped, left, c->failed,
            c->rows / fmax(now - c->t0, 1e-9), eta, c->tty ? "   " : "\n");
    fflush(stderr);
}

static void on_rows(coord *c, int r, const unsigned char *p, size_t len)
{
    size_t at = 0;
    while (at < len && !c->broken) {
        alGenStats s;
        const void *genome;
        size_t gb;
        if (!unpack_gen(p, len, &at, &s, &genome, &gb)) {
            alError err = {0};
            alError_Set(&err, AL_ERR_IO, "a malformed message from MPI rank %d", r);
            db_failed(c, &err);
            return;
        }
        alError err = {0};
        if (alRunLog_AddGeneration(c->log, c->ranks[r].run_id, &s, genome, gb, &err) != AL_OK)
            db_failed(c, &err);
        c->rows++;
    }
}

static void on_end(coord *c, int r, const end_msg *e)
{
    rank_state *rs = &c->ranks[r];
    alError err = {0};
    if (alRunLog_EndRunWhy(c->log, rs->run_id, e->status, e->why[0] ? e->why : NULL, &err) !=
        AL_OK)
        db_failed(c, &err);
    c->running--;
    const mcell *ce = &c->cells[rs->cell];
    alRunLog_ReleaseCell(c->log, c->p->sweep_id, c->p->groups[ce->group].label, ce->seed, NULL);
    if (strcmp(e->status, "finished") == 0) {
        c->done++;
        c->sum_s += al_now() - rs->started;
    } else if (strcmp(e->status, "interrupted") == 0) {
        c->stopped++;
        // A worker stopped by a signal: the job is being taken down.
        if (!al_session_stop) al_session_stop = SIGTERM;
    } else {
        c->failed++;
        fprintf(stderr, "%salife sweep: run of group '%s' seed %lld failed on rank %d: %s\n",
                c->tty ? "\n" : "", c->p->groups[ce->group].label, (long long)ce->seed, r,
                e->error);
    }
    rs->cell = -1;
    assign(c, r);
    draw(c, true);
}

static int coordinator(const al_sweep_plan *p, int size)
{
    coord c = {.p = p, .size = size, .tty = isatty(STDERR_FILENO)};
    alError err = {0};
    alSweepRun *have = NULL;
    int nhave = 0, already = 0, in_shard = 0, rc = 2;
    bytes msg = {0};
    if (!p->dry) {
        if (alRunLog_Open(p->db, &c.log, &err) != AL_OK) {
            rc = cli_fail("sweep", &err);
            goto out;
        }
    }
    if (alRunLog_ListSweep(p->db, p->sweep_id, &have, &nhave, &err) != AL_OK) {
        fprintf(stderr, "alife sweep: %s\n", err.msg);
        goto out;
    }
    c.cells = calloc((size_t)p->ngroups * (size_t)p->nseeds + 1, sizeof *c.cells);
    c.ranks = calloc((size_t)size, sizeof *c.ranks);
    if (!c.cells || !c.ranks) {
        fprintf(stderr, "alife sweep: out of memory\n");
        rc = 1;
        goto out;
    }
    for (int g = 0; g < p->ngroups; ++g)
        for (int s = 0; s < p->nseeds; ++s) {
            if (!al_shard_has(p->shard, (size_t)g * (size_t)p->nseeds + (size_t)s)) continue;
            ++in_shard;
            bool finished = false;
            for (int i = 0; i < nhave && !finished; ++i)
                finished = have[i].seed == p->seeds[s] &&
                           strcmp(have[i].group, p->groups[g].label) == 0 &&
                           strcmp(have[i].status, "finished") == 0;
            if (finished) ++already;
            else c.cells[c.ncells++] = (mcell){g, p->seeds[s]};
        }
    fprintf(stderr,
            "alife sweep %s (MPI, %d ranks: rank 0 stores, %d run cells): %d groups x %d seeds = "
            "%d runs; %d already finished, %d to run, logging to %s\n",
            p->sweep_id, size, size - 1, p->ngroups, p->nseeds, p->ngroups * p->nseeds, already,
            c.ncells, p->db);
    if (p->shard->n > 1)
        fprintf(stderr, "  shard %lld/%lld (%s): %d of the runs are this shard's\n",
                (long long)p->shard->k, (long long)p->shard->n, p->shard->source, in_shard);
    for (int r = 1; r < size; ++r) c.ranks[r].cell = -1;
    if (p->dry) {
        printf("%d of %d runs to run on %d worker ranks\n", c.ncells, in_shard, size - 1);
        for (int r = 1; r < size; ++r) quit(&c, r);
        rc = 0;
        goto out;
    }

    c.t0 = al_now();
    for (int r = 1; r < size; ++r) assign(&c, r);
    bool stop_sent = false;
    double stop_at = 0;
    long idle_us = 25;
    while (c.running > 0) {
        if ((al_session_stop || c.broken) && !stop_sent) {
            // Pass the stop on (a signal may have reached this rank alone);
            // each worker ends its cell as interrupted and reports it.
            stop_sent = true;
            stop_at = al_now();
            for (int r = 1; r < size; ++r)
                if (c.ranks[r].cell >= 0) {
                    int64_t x = 0;
                    MPI_Send(&x, 1, MPI_INT64_T, r, TAG_STOP, MPI_COMM_WORLD);
                }
        }
        if (stop_sent && al_now() - stop_at > 5.0) break; // a worker is gone
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            if (alRunLog_Flush(c.log, 0.05, &err) != AL_OK) db_failed(&c, &err);
            draw(&c, false);
            // Idle: sleep longer and longer (to 2 ms), so a coordinator that
            // waits for slow cells takes no core from the workers; a stream
            // of rows is read without sleeping.
            nap(idle_us);
            if (idle_us < 2000) idle_us *= 2;
            continue;
        }
        idle_us = 25;
        int n = 0;
        MPI_Get_count(&st, MPI_BYTE, &n);
        if ((size_t)n > msg.cap) {
            unsigned char *g = realloc(msg.p, (size_t)n);
            if (!g) {
                fprintf(stderr, "alife sweep: out of memory\n");
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            msg.p = g;
            msg.cap = (size_t)n;
        }
        int r = st.MPI_SOURCE;
        MPI_Recv(msg.p, n, MPI_BYTE, r, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (r <= 0 || r >= size || c.ranks[r].cell < 0) continue;
        if (st.MPI_TAG == TAG_ROWS) on_rows(&c, r, msg.p, (size_t)n);
        else if (st.MPI_TAG == TAG_END && (size_t)n == sizeof(end_msg)) {
            end_msg e;
            memcpy(&e, msg.p, sizeof e);
            e.status[sizeof e.status - 1] = e.why[sizeof e.why - 1] = '\0';
            e.error[sizeof e.error - 1] = '\0';
            on_end(&c, r, &e);
        }
    }
    // Cells whose worker never reported (gone): interrupted, their rows kept.
    for (int r = 1; r < size; ++r)
        if (c.ranks[r].cell >= 0) {
            alRunLog_EndRunWhy(c.log, c.ranks[r].run_id, "interrupted", "interrupted", NULL);
            c.ranks[r].cell = -1;
            c.running--;
            c.stopped++;
        }
    if (alRunLog_Flush(c.log, 0, &err) != AL_OK) db_failed(&c, &err);
    draw(&c, true);
    if (c.tty) fputc('\n', stderr);
    double took = al_now() - c.t0;
    // Rank 0's own CPU time says what it could sustain with a core to
    // itself (the wall-clock rate is also limited by the workers).
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
                 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    fprintf(stderr,
            "alife sweep %s: %lld generation rows stored in %.2fs (%.0f rows/s); rank 0 used "
            "%.2f s of CPU (%.0f rows per CPU second)\n",
            p->sweep_id, (long long)c.rows, took, (double)c.rows / fmax(took, 1e-9), cpu,
            (double)c.rows / fmax(cpu, 1e-9));
    if (c.broken) {
        fprintf(stderr, "alife sweep: the database failed, the sweep stopped: %s\n", c.db_err.msg);
        rc = 1;
    } else if (al_session_stop) {
        fprintf(stderr,
                "alife sweep %s: stopped by signal %d: %d runs finished now (%d in all), %d "
                "stopped and marked interrupted, %d not started.\n"
                "Run the same command again to complete the sweep.\n",
                p->sweep_id, (int)al_session_stop, c.done, already + c.done, c.stopped,
                c.ncells - c.next);
        rc = 1;
    } else {
        rc = c.failed || c.taken ? 1 : 0;
    }
    if (c.elsewhere || c.taken)
        fprintf(stderr,
                "alife sweep %s: %d cells finished by another sweep meanwhile; %d left to it "
                "(claimed by a live sweep): run the same command again once it ends\n",
                p->sweep_id, c.elsewhere, c.taken);
    printf("sweep %s: %d/%d finished; compare with: alife compare --sweep %s --db %s\n",
           p->sweep_id, already + c.done + c.elsewhere, in_shard, p->sweep_id, p->db);
out:
    if (c.ranks)
        for (int r = 1; r < size; ++r) quit(&c, r);
    else
        for (int r = 1; r < size; ++r) {
            int64_t x = 0;
            MPI_Send(&x, 1, MPI_INT64_T, r, TAG_QUIT, MPI_COMM_WORLD);
        }
    if (c.log) alRunLog_ReleaseAllCells(c.log, NULL);
    alRunLog_Close(c.log);
    free(msg.p);
    free(have);
    free(c.cells);
    free(c.ranks);
    return rc;
}

int al_sweep_mpi(const al_sweep_plan *plan)
{
    int provided = 0, rank = 0, size = 1;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "alife sweep: MPI_Init failed\n");
        return 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rc;
    if (size < 2) {
        if (rank == 0)
            fprintf(stderr, "alife sweep: an MPI sweep needs at least 2 ranks (rank 0 only stores;"
                            " the others run cells): mpirun -np 3 ..., or run it without mpirun\n");
        rc = 2;
    } else {
        // SIGINT/SIGTERM (mpirun passes them on to every rank) set
        // al_session_stop: a worker ends its cell as interrupted, rank 0
        // stops handing out cells and records how each one ended.
        al_session_catch_signals();
        rc = rank == 0 ? coordinator(plan, size) : worker(plan);
    }
    MPI_Finalize();
    return rc;
}

#endif
