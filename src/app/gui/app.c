// The GUI shell: sessions, modes, keys and the frame's fixed-tick update.
// Drawing is in shell_draw.c; the two share shell.h.
#include <SDL_ttf.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/counted.h"
#include "alife/rng.h"
#include "figure_names.h"
#include "font.h"
#include "key_elsewhere.h"
#include "shell.h"

double al_shell_now(const al_gui *g)
{
    return g->script_clock ? (double)g->input_frames / 60.0 : al_now();
}

void al_shell_say(al_gui *g, SDL_Color col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->message, sizeof g->message, fmt, ap);
    va_end(ap);
    g->message_keep = 0;
    g->ctx.say_section[0] = '\0'; // the shell's own words: said on the strip
    g->message_col = col;
    g->message_until = al_shell_now(g) + 10.0;
    g->jump_message = false;
    g->message_from_view = false;
}

static int mode_index(const char *name)
{
    for (int i = 0; i < NMODES; ++i)
        if (strcmp(name, mode_names[i]) == 0) return i;
    return -1;
}

static char *dup_str(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

// ---- history ------------------------------------------------------------------------
static void history_reset(history *h, const al_view *view)
{
    free(h->best);
    free(h->mean);
    free(h->worst);
    for (int i = 0; i < MAXFIG; ++i)
        free(h->fig[i]);
    for (int i = 0; i < AL_MAX_FIGURES; ++i)
        free(h->all[i]);
    memset(h, 0, sizeof *h);
    if (view && view->plot_figures)
        for (int i = 0; view->plot_figures[i] && h->nfig < MAXFIG; ++i)
            h->fig_name[h->nfig++] = view->plot_figures[i];
}

static double *grow(double *a, int cap)
{
    return realloc(a, (size_t)cap * sizeof *a);
}

// A figure the plot can show (Tab), known from now on: its values so far
// are gaps. A figure already known keeps its place.
static void history_name(history *h, const char *name)
{
    for (int i = 0; i < h->nall; ++i)
        if (strcmp(h->all_name[i], name) == 0) return;
    if (h->nall == AL_MAX_FIGURES) return;
    snprintf(h->all_name[h->nall], sizeof h->all_name[0], "%s", name);
    for (int j = 0; j < h->n; ++j)
        h->all[h->nall][j] = NAN;
    h->nall++;
}

// The figures the module names before its first generation ends
// (alModuleClass.figure_names), so that Tab before it steps through them
// as after it, each named: it went to "fitness" and then, once the first
// generation named them, jumped to the first figure (trial, mines.ini).
static void history_names_ahead(history *h, const alModuleClass *cls, const void *mod)
{
    const char *names[AL_MAX_FIGURES];
    int n = cls && cls->figure_names && mod ? cls->figure_names(mod, names, AL_MAX_FIGURES) : 0;
    for (int k = 0; k < n; ++k)
        history_name(h, names[k]);
}

static void history_add(history *h, const alGenStats *st)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 256;
        double *b = grow(h->best, cap), *m = b ? grow(h->mean, cap) : NULL;
        double *w = m ? grow(h->worst, cap) : NULL;
        if (b) h->best = b;
        if (m) h->mean = m;
        if (w) h->worst = w;
        bool ok = b && m && w;
        for (int i = 0; i < h->nfig && ok; ++i) {
            double *f = grow(h->fig[i], cap);
            if (f) h->fig[i] = f;
            ok = f != NULL;
        }
        for (int i = 0; i < AL_MAX_FIGURES && ok; ++i) {
            double *f = grow(h->all[i], cap);
            if (f) h->all[i] = f;
            ok = f != NULL;
        }
        if (!ok) return; // out of memory: the plot stops growing, the run goes on
        h->cap = cap;
    }
    h->best[h->n] = st->best;
    h->mean[h->n] = st->mean;
    h->worst[h->n] = st->worst;
    for (int k = 0; k < st->figure_count; ++k)
        history_name(h, st->figure_names[k]);
    for (int i = 0; i < h->nall; ++i) {
        h->all[i][h->n] = NAN;
        for (int k = 0; k < st->figure_count; ++k)
            if (strcmp(st->figure_names[k], h->all_name[i]) == 0 &&
                !(st->figures[k] < 0 && al_figure_none(h->all_name[i]))) // no measurement: a gap
                h->all[i][h->n] = st->figures[k];
    }
    for (int i = 0; i < h->nfig; ++i) {
        h->fig[i][h->n] = NAN;
        for (int k = 0; k < st->figure_count; ++k)
            if (strcmp(st->figure_names[k], h->fig_name[i]) == 0) h->fig[i][h->n] = st->figures[k];
    }
    h->n++;
}

// Steering's plot draws each report at the time it was measured: report k
// (0-based) ends at k + 1 periods, so x = 0 (t = 0 s) holds no value. The
// plot's points are the run log's reports, nothing measured apart from them
// (a start value drawn at x = 0 put the curve a period before the lessons,
// which quote the log).
static void history_add_start(al_gui *g)
{
    if (!g->hist.start_known || g->hist.n > 0) return;
    g->hist.start_known = false;
    alGenStats st = g->s.last;
    st.gen = -1;
    st.best = st.mean = st.worst = st.stddev = NAN;
    for (int k = 0; k < st.figure_count; ++k) st.figures[k] = NAN;
    history_add(&g->hist, &st);
}

// ---- sessions ----------------------------------------------------------------------
static void sets_put(al_sets *s, const char *assignment)
{
    // A later value of the same key replaces the earlier one.
    const char *eq = strchr(assignment, '=');
    size_t klen = eq ? (size_t)(eq - assignment) + 1 : strlen(assignment);
    for (int i = 0; i < s->count; ++i) {
        if (strncmp(s->items[i], assignment, klen) == 0) {
            char *d = dup_str(assignment);
            if (!d) return;
            free(s->items[i]);
            s->items[i] = d;
            return;
        }
    }
    al_sets_add(s, assignment);
}

// The next of the '\n'-separated assignments at *lines (a view's restart
// may change several keys: al_view_request_restart) into one; false at the end.
static bool next_assignment(const char **lines, char *one, size_t cap)
{
    const char *l = *lines;
    if (!l || !*l) return false;
    size_t n = strcspn(l, "\n");
    snprintf(one, cap, "%.*s", (int)n, l);
    *lines = l + n + (l[n] == '\n');
    return true;
}

// The scenario a steering session is asked for: the last
// "steering.scenario=..." among extra and the mode's kept overrides, or NULL.
static const char *scenario_choice(const al_gui *g, const char *extra, char *buf, size_t cap)
{
    static const char key[] = "steering.scenario=";
    if (extra && strncmp(extra, key, sizeof key - 1) == 0) {
        snprintf(buf, cap, "%s", extra + sizeof key - 1);
        return buf;
    }
    const char *found = NULL;
    for (int i = 0; i < g->extra[0].count; ++i)
        if (strncmp(g->extra[0].items[i], key, sizeof key - 1) == 0)
            found = g->extra[0].items[i] + sizeof key - 1;
    if (!found) return NULL;
    snprintf(buf, cap, "%s", found);
    return buf;
}

// The config of a new session of mode m: the user's CONFIG when it is of that
// module, else the mode's lesson file (mode_lessons; the embedded defaults
// only when the file cannot be found), so a mode runs exactly the lesson L
// shows; then --set (first mode only), the views' overrides and the seed
// for restarts. A steering scenario chosen in the window ([ ], the chooser)
// opens with exactly that scenario's lesson file (experiments/steering/
// <scenario>.ini), as written: its world, edges and counts are part of the
// lesson.
static alConfig *config_for(al_gui *g, int m, const char *extra, alError *err)
{
    alConfigDef def = alDefaultConfigDef();
    def.module = mode_names[m];
    bool user = g->config_path && strcmp(g->config_module, mode_names[m]) == 0;
    if (user) def.path = g->config_path;
    if (user) def.text = g->config_text;
    if (m == g->sets_mode) {
        def.sets = (const char *const *)g->sets.items;
        def.set_count = g->sets.count;
    }
    char sc[64], lesson[1024];
    const char *chosen = m == MODE_STEERING && !g->modules ? scenario_choice(g, extra, sc, sizeof sc) : NULL;
    bool from_lesson = false;
    if (!g->modules && (chosen || !user)) {
        char name[128];
        if (m == MODE_STEERING) {
            if (!chosen) { // the default scenario's lesson
                alConfigDef dd = alDefaultConfigDef();
                dd.module = "steering";
                alConfig *d;
                alCreateConfig(&dd, &d, err);
                if (!d) return NULL;
                const char *dsc = alConfig_Text(d, "steering.scenario");
                snprintf(sc, sizeof sc, "%s", dsc ? dsc : "boids");
                alDestroyConfig(d);
            }
            snprintf(name, sizeof name, "steering/%s.ini", chosen ? chosen : sc);
        } else {
            snprintf(name, sizeof name, "%s", mode_lessons[m]);
        }
        if (al_lesson_find(name, lesson, sizeof lesson)) {
            def.path = lesson;
            def.text = NULL;
            if (chosen) { // the lesson as written (--set went with the first scenario)
                def.sets = NULL;
                def.set_count = 0;
            }
            from_lesson = m == MODE_STEERING; // a steering lesson's world is its own: no kept overrides
        }
    }
    alConfig *cfg;
    alCreateConfig(&def, &cfg, err);
    if (!cfg) return NULL;
    if (!from_lesson)
        for (int i = 0; i < g->extra[m].count; ++i)
            if (alConfig_Set(cfg, g->extra[m].items[i], err) != AL_OK) goto fail;
    char one[sizeof g->ctx.restart_set];
    for (const char *l = extra; next_assignment(&l, one, sizeof one);)
        if (alConfig_Set(cfg, one, err) != AL_OK) goto fail;
    if (g->seed_for[m] >= 0) {
        char buf[64];
        snprintf(buf, sizeof buf, "run.seed=%lld", (long long)g->seed_for[m]);
        if (alConfig_Set(cfg, buf, err) != AL_OK) goto fail;
    }
    return cfg;
fail:
    alDestroyConfig(cfg);
    return NULL;
}

// A store failure: said in the panel, and the first one is kept, so that
// `alife gui` reports it at exit (exit 1) instead of it passing unseen.
static void store_failed(al_gui *g, const char *what, const alError *e)
{
    al_shell_say(g, AL_COL_BAD, "%s: %s", what, e->msg);
    if (!g->store_err.code)
        alError_Set(&g->store_err, e->code ? e->code : AL_ERR_DB, "%s: %s", what, e->msg);
}

// How the window's closing ends a run that is not done (end_session, and
// the help's Esc line says it from here): a run without an end in the
// window (steering; E or --forever: no limit) or past its limit (E, J)
// ends when the user closes it, so it is finished, stop reason "closed";
// a run short of its limit is interrupted. A signal interrupts every run.
bool al_shell_close_finishes(const al_session *s)
{
    return s->max_gens == INT64_MAX || (s->cfg && s->gens >= alConfig_Int(s->cfg, "run.generations"));
}

// Ends a session as its run is closed and frees it; a failure to record
// that is kept (store_failed). An evolving run is finished at its limit or
// goal; one closed by the user is as al_shell_close_finishes says (steering,
// which has no end in the window, is finished whatever its length, as is a
// run evolved on past its limit); a window stopped by a signal (SIGINT,
// SIGTERM) leaves it interrupted.
// A window run that finished no generation (a mode or scenario shown and
// left, a steering run closed before its first report) leaves no run in
// the database: the window opens runs as the user looks around, and
// `alife runs` and the compare picker list what produced data.
static void end_session(al_gui *g, al_session *s, bool done)
{
    bool removed = false;
    alError de = {0};
    if (s->log && alRunLog_DiscardEmptyRun(s->log, s->run_id, &removed, &de) == AL_OK && removed) {
        alRunLog_Close(s->log);
        s->log = NULL;
    }
    bool closed = !done && !g->signalled && al_shell_close_finishes(s);
    const char *status = done || closed ? "finished" : "interrupted";
    if (s->log && !done && !closed) g->interrupted++;
    int64_t id = s->run_id;
    alError e = {0};
    alResult r = AL_OK;
    if (closed && s->log) {
        r = alRunLog_EndRunWhy(s->log, s->run_id, status, "closed", &e);
        alRunLog_Close(s->log);
        s->log = NULL;
    } else {
        r = al_session_end(s, status, &e);
    }
    if (r != AL_OK) {
        char what[160];
        snprintf(what, sizeof what,
                 "run %lld was closed as %s, but that was not recorded (its row may still say "
                 "'running')",
                 (long long)id, status);
        store_failed(g, what, &e);
    }
    al_session_close(s, status);
}

static void close_session(al_gui *g)
{
    if (g->have_session) {
        if (g->view && g->view->destroy) g->view->destroy(g->ctx.state);
        end_session(g, &g->s, g->done);
        g->have_session = false;
    }
    memset(&g->ctx, 0, sizeof g->ctx);
    alDestroyConfig(g->cfg);
    g->cfg = NULL;
    g->view = NULL;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

// The module class and the view of a mode: the build's, or the test's own.
static const alModuleClass *find_class(const al_gui *g, const char *name)
{
    if (!g->modules) return alModule_Find(name);
    for (int i = 0; g->modules[i]; ++i)
        if (strcmp(g->modules[i]->name, name) == 0) return g->modules[i];
    return NULL;
}

static const al_view *find_view(const al_gui *g, const char *name)
{
    if (!g->modules) return al_view_find(name);
    for (int i = 0; g->views && g->views[i]; ++i)
        if (strcmp(g->views[i]->module, name) == 0) return g->views[i];
    return NULL;
}

// The run's name in the database: run.name, else "gui-<mode>-<what>", where
// what names what runs, whichever way the window reached it: the steering
// scenario, the config file (its base name), "from-RUN:GEN" for --from, or
// the mode's lesson file. `alife runs` and the compare picker then tell a
// fish school from boids and the mines lesson from the default one.
static void run_name(const al_gui *g, int m, const alConfig *cfg, char *name, size_t cap)
{
    const char *given = alConfig_String(cfg, "run.name");
    if (given[0]) {
        snprintf(name, cap, "%s", given);
        return;
    }
    const char *sc = m == MODE_STEERING ? alConfig_Text(cfg, "steering.scenario") : NULL;
    bool user = g->config_path && strcmp(g->config_module, mode_names[m]) == 0;
    const char *file = user ? g->config_path : mode_lessons[m];
    if (sc) {
        snprintf(name, cap, "gui-%s-%s", mode_names[m], sc);
    } else if (user && g->config_text && g->brain_file) { // a new run in a brain file's world
        snprintf(name, cap, "gui-%s-brain-%s", mode_names[m], base_name(g->config_path));
    } else if (user && g->config_text) { // --from RUN:GEN: the run's stored config
        snprintf(name, cap, "gui-%s-from-%s", mode_names[m], g->config_path);
    } else if (file) {
        snprintf(name, cap, "gui-%s-%s", mode_names[m], base_name(file));
        char *dot = strrchr(name, '.');
        if (dot && strcmp(dot, ".ini") == 0) *dot = '\0';
    } else {
        snprintf(name, cap, "gui-%s", mode_names[m]);
    }
}

// Opens a session of mode m from cfg (taken, also on failure). The new
// session is opened before the current one is closed, so a module that
// rejects the config (or a database that fails) leaves what runs running.
static alResult open_session(al_gui *g, int m, alConfig *cfg, alError *err)
{
    const alModuleClass *cls = find_class(g, mode_names[m]);
    al_session fresh;
    if (g->have_session && g->s.log) {
        // Commit the shown run's batch first: its open write transaction
        // would make the new run's database connection wait (and give up).
        alError ferr = {0};
        (void)alRunLog_Flush(g->s.log, 0, &ferr);
    }
    if (cls) {
        alConfig *run_cfg = alConfig_Clone(cfg);
        if (!run_cfg) {
            alDestroyConfig(cfg);
            return alError_Set(err, AL_ERR_NOMEM, "out of memory copying the config");
        }
        char name[128];
        run_name(g, m, cfg, name, sizeof name);
        // A brain file (--brain) is replayed in the ants mode, which then
        // evolves nothing (max_gens 0 below): no run of the user's, so it is
        // not logged.
        const char *db = g->brain && m == MODE_ANTS ? NULL : g->db_path;
        alResult r = al_session_open_with_class(&fresh, cls, run_cfg, db, name, err);
        if (r != AL_OK) {
            alDestroyConfig(cfg);
            return r;
        }
    }
    // A steering scenario switch keeps the speed the teacher chose (it fell
    // back to 1 tick a frame at every [ or ]).
    bool keep_speed = g->have_session && g->mode == m && m == MODE_STEERING;
    int kept_speed = g->speed_idx;
    close_session(g);
    g->mode = m;
    g->cfg = cfg;
    g->done = false;
    g->step_once = false;
    g->fast = false;
    g->view = find_view(g, mode_names[m]);
    history_reset(&g->hist, g->view);
    // The view's starting speed: the rung of its ticks a frame (the first
    // of 1 tick a frame, where a held view plays at 1 control step a frame).
    speed_rung ladder[AL_RUNGS_MAX];
    int nrungs = al_shell_ladder(g, ladder);
    int tpf = g->view && g->view->ticks_per_frame ? g->view->ticks_per_frame : 1;
    g->speed_idx = 0;
    while (g->speed_idx + 1 < nrungs && ladder[g->speed_idx].ticks < tpf &&
           ladder[g->speed_idx + 1].ticks <= tpf)
        g->speed_idx++;
    if (keep_speed) g->speed_idx = kept_speed;
    g->jump_to = 0;
    g->plot_fig = -1; // the view's default figure, once the first generation names them
    if (!cls) return AL_OK; // the empty world: nothing simulates
    g->s = fresh;
    g->have_session = true;
    history_names_ahead(&g->hist, cls, g->s.mod);
    // Steering has no end in the window (its report periods only measure),
    // and "run forever" lifts an evolving run's limit.
    if (cls == alModule_Find("steering") || g->forever) g->s.max_gens = INT64_MAX;
    g->hist.start_known = cls == alModule_Find("steering");
    g->ctx.mod = g->s.mod;
    g->ctx.cls = g->s.cls;
    g->ctx.session = &g->s;
    g->ctx.db_path = g->db_path;
    g->ctx.from_run = 0; // al_gui_start_at: a --from run's
    g->ctx.paused = g->paused;
    if (g->brain && m == MODE_ANTS) {
        g->ctx.brain = g->brain;
        g->ctx.brain_n = g->brain_n;
        g->ctx.brain_seed = g->brain_seed;
        g->ctx.brain_gen = g->brain_gen;
        g->ctx.brain_fitness = g->brain_fitness;
        g->s.max_gens = 0; // --brain only replays the file: nothing evolves underneath
    }
    if (g->view && g->view->create) g->ctx.state = g->view->create(&g->ctx);
    return AL_OK;
}

// Opens a new run of mode m (with one more override); on failure keeps
// what runs, says why and returns false.
static bool switch_mode(al_gui *g, int m, const char *extra)
{
    alError err = {0};
    // A new run (R, A, O, X) in the ants mode of alife gui --brain FILE
    // ends the file's replay: a real run of the file's world, evolving from
    // its seed and logged as any other (it froze at "gen 0 of 0", nothing
    // answering, while the replay's rules still held).
    unsigned char *replayed = g->brain && m == MODE_ANTS && g->have_session && g->mode == m ? g->brain : NULL;
    if (replayed) g->brain = NULL;
    alConfig *cfg = config_for(g, m, extra, &err);
    if (!cfg || open_session(g, m, cfg, &err) != AL_OK) {
        if (replayed) g->brain = replayed;
        // A value typed in the window: say it as typed, without --set.
        char first[sizeof g->ctx.restart_set] = ""; // the change the user asked for
        const char *l = extra;
        if (next_assignment(&l, first, sizeof first)) extra = first;
        const char *msg = err.msg, *eq = extra ? strchr(extra, '=') : NULL;
        if (eq && strncmp(msg, "--set ", 6) == 0) {
            // "--set KEY=VALUE[, FILE:LINE]: KEY: why" -> "why"
            char key[96];
            snprintf(key, sizeof key, "%.*s: ", (int)(eq - extra), extra);
            const char *k = strstr(msg, key), *colon = strstr(msg, ": ");
            if (k) msg = k + strlen(key);
            else if (colon) msg = colon + 2;
        }
        if (eq)
            al_shell_say(g, AL_COL_BAD, "'%s' was not used, the run goes on: %s", eq + 1, msg);
        else
            al_shell_say(g, AL_COL_BAD, "%s", msg);
        return false;
    }
    char sc[64];
    if (m == MODE_STEERING && !g->modules && extra && scenario_choice(g, extra, sc, sizeof sc) &&
        strncmp(extra, "steering.scenario=", 18) == 0) {
        // A new lesson: the overrides made in the last one do not carry over.
        al_sets_free(&g->extra[m]);
        memset(&g->extra[m], 0, sizeof g->extra[m]);
    }
    char one[sizeof g->ctx.restart_set];
    for (const char *l = extra; next_assignment(&l, one, sizeof one);)
        sets_put(&g->extra[m], one);
    if (replayed) {
        free(replayed);
        g->brain_n = 0;
        al_shell_say(g, AL_COL_TEXT, "the brain file's replay is over: a new run of its world, seed %llu, "
                                     "evolves from generation 0%s", (unsigned long long)g->s.seed,
                     g->s.log ? ", logged" : ", not logged");
    }
    return true;
}

// ---- each mode keeps its run ------------------------------------------------------
// The shown mode's run moves into parked[mode] (not simulated while hidden)
// and back when its mode is shown again: 1 2 3 never throw a run away.
static void park(al_gui *g)
{
    struct parked *p = &g->parked[g->mode];
    if (!g->cfg) return;
    if (g->have_session && g->s.log) {
        alError err = {0};
        (void)alRunLog_Flush(g->s.log, 0, &err); // nothing waits uncommitted while hidden
    }
    *p = (struct parked){.used = true,
                         .cfg = g->cfg,
                         .s = g->s,
                         .have_session = g->have_session,
                         .done = g->done,
                         .paused = g->paused,
                         .forever = g->forever,
                         .view = g->view,
                         .ctx = g->ctx,
                         .hist = g->hist,
                         .speed_idx = g->speed_idx,
                         .scroll = g->scroll,
                         .message_col = g->message_col,
                         .message_until = g->message_until};
    // A message belongs to the mode that said it (an ants "screenshot saved"
    // showed on under XOR's lesson): it goes with the run, back when shown.
    snprintf(p->message, sizeof p->message, "%s", g->message);
    p->message_keep = g->message_keep;
    g->message[0] = '\0';
    g->cfg = NULL;
    g->have_session = false;
    g->view = NULL;
    memset(&g->ctx, 0, sizeof g->ctx);
    memset(&g->hist, 0, sizeof g->hist);
    memset(&g->s, 0, sizeof g->s);
}

static void unpark(al_gui *g, int m)
{
    struct parked *p = &g->parked[m];
    g->mode = m;
    g->cfg = p->cfg;
    g->s = p->s;
    g->have_session = p->have_session;
    g->done = p->done;
    g->paused = p->paused;
    g->forever = p->forever;
    g->view = p->view;
    g->ctx = p->ctx;
    g->ctx.session = &g->s;
    g->hist = p->hist;
    g->speed_idx = p->speed_idx;
    g->scroll = g->scroll_max = p->scroll; // (scroll_max as of its page: drawing clamps it)
    if (!g->message[0]) { // unless the switch said something (a mode that could not open)
        snprintf(g->message, sizeof g->message, "%s", p->message);
        g->message_keep = p->message_keep;
        g->message_col = p->message_col;
        g->message_until = p->message_until;
    }
    g->fast = false;
    g->jump_to = 0;
    g->step_once = false;
    memset(p, 0, sizeof *p);
}

static void show_mode(al_gui *g, int m)
{
    if (m == g->mode) {
        al_shell_say(g, AL_COL_TEXT, "this is the %s mode; R starts a new run", mode_names[m]);
        return;
    }
    int from = g->mode;
    bool was_paused = g->paused;
    park(g);
    if (g->parked[m].used) {
        unpark(g, m);
        return;
    }
    // Each mode keeps its panel's scroll: a new one opens at the top (at
    // 720x480 XOR opened scrolled by what ants had scrolled, its status
    // row out of sight).
    g->scroll = 0;
    g->paused = false;
    g->forever = g->forever_opt; // E is for one run; --forever for all
    if (!switch_mode(g, m, NULL)) { // could not open: back to the run we left
        unpark(g, from);
        g->paused = was_paused;
    }
}

// A click on a mode tab at the panel's top does what its number key does.
static bool tab_click(al_gui *g, int x, int y)
{
    SDL_Point pt = {x, y};
    for (int m = 0; m < NMODES; ++m)
        if (g->tabs[m].w > 0 && SDL_PointInRect(&pt, &g->tabs[m])) {
            show_mode(g, m);
            return true;
        }
    return false;
}

static void close_parked(al_gui *g)
{
    for (int m = 0; m < NMODES; ++m) {
        struct parked *p = &g->parked[m];
        if (!p->used) continue;
        if (p->have_session) {
            if (p->view && p->view->destroy) p->view->destroy(p->ctx.state);
            end_session(g, &p->s, p->done);
        }
        history_reset(&p->hist, NULL);
        alDestroyConfig(p->cfg);
        memset(p, 0, sizeof *p);
    }
}

// R: a new run with seed + 1; why (al_shell_unasked_why, NULL: asked
// first) is said when it came at once.
static void restart_next_seed(al_gui *g, const char *why)
{
    uint64_t seed = g->have_session ? g->s.seed : (uint64_t)alConfig_Int(g->cfg, "run.seed");
    bool replay = al_shell_brain_replay(g);
    g->seed_for[g->mode] = (int64_t)(seed + 1);
    if (!switch_mode(g, g->mode, NULL)) return;
    if (replay) return; // (switch_mode said what replaced a brain file's replay)
    if (why)
        al_shell_say(g, AL_COL_TEXT, "restarted with seed %llu at once, not asked first: %s",
                     (unsigned long long)(seed + 1), why);
    else
        al_shell_say(g, AL_COL_TEXT, "restarted with seed %llu", (unsigned long long)(seed + 1));
}

// ---- update -------------------------------------------------------------------------
// What the view said (al_view_say) outside a key's event, on the strip: the
// end of an ants pin at a new generation or at the limit's replay went
// unsaid, the strip still saying "ant 7 pinned" (trial 2).
static void view_said(al_gui *g)
{
    if (g->ctx.unsay) { // the view's note is gone: the strip's copy of it too
        g->ctx.unsay = false;
        if (g->message_from_view) g->message[0] = '\0', g->message_until = 0;
    }
    if (!g->ctx.say[0]) return;
    al_shell_say(g, AL_COL_TEXT, "%s", g->ctx.say);
    g->message_from_view = true;
    g->ctx.say[0] = '\0';
}

static void on_generation(al_gui *g)
{
    history_add_start(g);
    history_add(&g->hist, &g->s.last);
    g->ctx.say[0] = '\0';
    if (g->view && g->view->generation) g->view->generation(&g->ctx);
    view_said(g);
}

bool al_shell_brain_replay(const al_gui *g) { return g->brain && g->mode == MODE_ANTS; }

int64_t al_shell_gens_per_frame(const al_gui *g) { return g->have_session ? al_shell_rung(g).gens : 0; }

// The frame's ticks at speed sp: sp, or with whole-generation steps the
// ticks to three quarters into the k-th generation from here, so every
// frame shows a generation under way (a speed of exactly a generation a
// frame showed each one's empty first tick: the world looked frozen).
static int64_t frame_ticks(const al_gui *g, int sp)
{
    int64_t k = al_shell_gens_per_frame(g);
    if (k == 0) return sp;
    int64_t len = al_shell_gen_ticks(g), phase = (g->s.ticks - g->s.gen_tick0) % len, target = len * 3 / 4;
    // (at the target phase already, the k-th next one: 2 a frame ran 1)
    int64_t d = ((target - phase) % len + len) % len;
    return (k - 1) * len + (d > 0 ? d : len);
}

// The run reached its goal or its limit: logged as finished. At the limit the
// log stays open, so E (evolve on) can go on logging the same run.
static void mark_done(al_gui *g)
{
    g->done = true;
    g->fast = false;
    if (g->s.goal && g->jump_to > g->s.gens) {
        // The goal came before the jump's generation: the jump ends here, its
        // target with it, and the header and the strip say the goal as
        // without a jump (they said "target 999... (limit 5000)" and
        // "evolving on past the limit ..." under GOAL REACHED).
        char gens[40];
        al_shell_say(g, AL_COL_GOOD, "goal reached after %s, before generation %lld: the jump ends here",
                     alCounted(gens, sizeof gens, (long long)g->s.gens, "generation", NULL), (long long)g->jump_to);
        g->s.target = 0;
    }
    g->jump_to = 0;
    al_shell_speed_settle(g);
    // At the goal the log closes: a run that stored no generation of its own
    // (a --from run whose way there reached the goal) goes, as Esc would
    // have removed it; it stayed "finished, 0 generations", which replay
    // --check refused.
    bool removed = false;
    alError de = {0};
    if (g->s.goal && g->s.log && al_shell_log_state(g) == AL_LOG_WAITING &&
        alRunLog_DiscardEmptyRun(g->s.log, g->s.run_id, &removed, &de) == AL_OK && removed) {
        alRunLog_Close(g->s.log);
        g->s.log = NULL;
        // (after what the way there said: --from's check of the stored run)
        char before[sizeof g->message];
        snprintf(before, sizeof before, "%s", al_shell_now(g) < g->message_until ? g->message : "");
        al_shell_say(g, AL_COL_TEXT, "%s%srun %lld is not kept: the goal came before a generation of its own",
                     before, before[0] ? "; " : "", (long long)g->s.run_id);
        g->s.run_id = 0;
        return;
    }
    if (g->s.goal || !g->s.log) {
        if (al_session_end_run(&g->s, "finished") != AL_OK)
            store_failed(g, "the run's end was not stored", &g->s.log_err);
        return;
    }
    alError err = {0};
    if (alRunLog_EndRunWhy(g->s.log, g->s.run_id, "finished",
                           al_session_stop_reason(&g->s, "finished"), &err) != AL_OK) {
        store_failed(g, "the run's end was not stored; logging stopped", &err);
        al_session_end_run(&g->s, "failed");
    }
}

// E: no generation limit (again: back to run.generations). A run that
// stopped at its limit goes on, logged as the same run.
// Steering has no generations and no end in the window, so E and J mean
// nothing there. alife gui --brain FILE: the ants view replays the file's
// generation and nothing evolves under it, so Shift+N, F, E, J and Tab mean
// nothing either. Such a key says why (say_idle) and the help leaves it out.
bool al_shell_key_idle(const al_view *v, bool brain, shell_action act)
{
    if (v && v->no_table) return act == K_FOREVER || act == K_JUMP;
    if (!brain) return false;
    return act == K_GENERATION || act == K_FAST || act == K_FOREVER || act == K_JUMP || act == K_PLOT;
}

static void say_idle(al_gui *g, const shell_key *k)
{
    bool steering = g->view && g->view->no_table;
    if (steering && k->act == K_FOREVER)
        al_shell_say(g, AL_COL_TEXT, "steering never ends in the window");
    else if (steering)
        al_shell_say(g, AL_COL_WARN, "J jumps to a generation: steering has no generations (it runs for "
                                     "ever); + and F make it faster");
    else if (k->act == K_PLOT) // Tab plots figures by generation: say that, not what evolves
        al_shell_say(g, AL_COL_WARN,
                     "%s cycles the figure plotted by generation: a brain file's replay holds one generation "
                     "(%lld), so there is nothing to plot (R: a new run plots its generations)",
                     k->label, (long long)g->brain_gen);
    else { // short enough for the strip at 720x480, and the command to type kept whole in sight
        al_shell_say(g, AL_COL_WARN,
                     "%s: a brain file's replay (generation %lld) evolves nothing (B: again; R: a new run). To "
                     "evolve a stored run on: alife gui --from RUN:GEN",
                     k->label, (long long)g->brain_gen);
        g->message_keep = (int)(strstr(g->message, "alife gui --from") - g->message);
    }
}

// A key the run's goal left nothing to do for: the one refusal (goal_keys.c).
static void say_after_goal(al_gui *g, const char *label)
{
    char why[AL_SAY_MAX];
    al_shell_after_goal_words(g, label, why, sizeof why);
    al_shell_say(g, AL_COL_TEXT, "%s", why);
}

static void toggle_forever(al_gui *g)
{
    if (!g->have_session) return;
    if (g->s.goal) {
        say_after_goal(g, "E");
        return;
    }
    g->forever = !g->forever;
    g->s.target = 0; // E lifts the limit, or brings it back: no target past it either way
    g->s.end_why = NULL;
    if (g->forever) {
        g->s.max_gens = INT64_MAX;
        if (g->done) { // the end's banner offers E: it evolves on, whether the world was paused or not
            g->done = false;
            g->paused = false;
            alError err = {0};
            if (g->s.log && alRunLog_EndRun(g->s.log, g->s.run_id, "running", &err) != AL_OK)
                store_failed(g, "logging stopped", &err);
        }
        al_shell_say(g, AL_COL_GOOD, "evolving on without a generation limit (E: back to %lld)",
                     (long long)alConfig_Int(g->cfg, "run.generations"));
    } else {
        g->s.max_gens = alConfig_Int(g->cfg, "run.generations");
        // Past it: the run ends where it is, and says so; what ended it was
        // E, not the limit it had passed (it was stored "generation limit").
        if (g->s.gens > g->s.max_gens) {
            g->s.end_why = "limit_again";
            al_shell_say(g, AL_COL_TEXT, "generation limit %lld again: %lld generation%s done, so the run "
                                         "ends at %lld (E: evolve on)",
                         (long long)g->s.max_gens, (long long)g->s.gens, g->s.gens == 1 ? " is" : "s are",
                         (long long)g->s.gens);
        } else
            al_shell_say(g, AL_COL_TEXT, "generation limit %lld again", (long long)g->s.max_gens);
        if (!g->done && al_session_done(&g->s)) mark_done(g);
    }
}

// The user runs evolution on (F, J, Shift+N, +): the view's replay ends
// (al_view.run_on), so nothing stale stays drawn over the run that moves.
static void run_on(al_gui *g, bool fast)
{
    if (!g->have_session || !g->view || !g->view->run_on) return;
    g->ctx.fast = fast;
    g->ctx.paused = g->paused;
    g->ctx.done = g->done;
    g->ctx.say[0] = '\0';
    g->view->run_on(&g->ctx);
    view_said(g); // what ended (B's "replaying ..." stood there over the live run)
}

// Simulate until generation gen (J, Shift+N); pause there when pause.
static void jump_to(al_gui *g, int64_t gen, bool pause, bool fast)
{
    if (!g->have_session) return;
    if (g->s.goal) {
        say_after_goal(g, pause && !fast ? "Shift+N" : "J");
        return;
    }
    // The header's "gen N": generations 0 .. N-1 are done, N is under way.
    if (gen == g->s.gens) {
        if (g->done) // stopped at its limit or target (the goal said so above)
            al_shell_say(g, AL_COL_TEXT, "generation %lld is not run: the %s is reached (E evolves on)",
                         (long long)gen, al_session_past_limit(&g->s) ? "target" : "limit");
        else
            al_shell_say(g, AL_COL_TEXT, "generation %lld is the one under way: Shift+N finishes it",
                         (long long)gen);
        return;
    }
    if (gen <= g->s.gens) {
        al_shell_say(g, AL_COL_TEXT,
                     "generation %lld is already done (this run is at %lld); R starts a new run",
                     (long long)gen, (long long)g->s.gens);
        return;
    }
    // Past the limit the jump's generation is the run's target and the limit
    // stays run.generations (the target became the limit: "gen 40 of 40",
    // "LIMIT: 40 generations done" of a run limited to 30); within it, none.
    g->s.target = gen > g->s.max_gens ? gen : 0;
    g->s.end_why = NULL; // J: to its target now (even from an end E brought back)
    if (gen > g->s.max_gens) { // past the limit: the user asked for it, and the strip says so
        // (it kept B's "at the limit: ... not evolving" while the run evolved on)
        al_shell_say(g, AL_COL_GOOD, "evolving on past the limit of %lld to generation %lld%s",
                     (long long)g->s.max_gens, (long long)gen, g->s.log ? ", logged as the same run" : "");
        g->jump_message = true; // it goes when the jump ends (step_some)
        if (g->done) {
            g->done = false;
            alError err = {0};
            if (g->s.log && alRunLog_EndRun(g->s.log, g->s.run_id, "running", &err) != AL_OK)
                store_failed(g, "logging stopped", &err);
        }
    }
    run_on(g, fast);
    g->jump_to = gen;
    g->jump_pause = pause;
    g->fast = fast;
    g->fast_paused = false; // F off during the jump: the jump goes on, drawn
    g->paused = false;
}

// Advances up to max_ticks ticks (to a generation's end at most), adding
// *did; false once the session is done.
static bool step_some(al_gui *g, int64_t max_ticks, int64_t *did)
{
    alError err = {0};
    int64_t n = 0;
    int r = al_session_advance(&g->s, max_ticks, &n, &err);
    *did += n;
    if (r < 0) {
        // The database failed: say so, end the run's log, keep simulating.
        store_failed(g, "logging stopped", &err);
        al_session_end_run(&g->s, "failed");
        r = 1;
    }
    if (r == 1) on_generation(g);
    if (g->jump_to > 0 && g->s.gens >= g->jump_to) {
        g->jump_to = 0;
        g->fast = false;
        if (g->jump_pause) g->paused = true;
        // What the jump said it does is done: the strip says it is (it
        // said "evolving on ... to generation 6" for ten seconds after).
        if (g->jump_message && al_shell_now(g) < g->message_until)
            al_shell_say(g, AL_COL_GOOD, "reached generation %lld", (long long)g->s.gens);
        if (g->from_check) { // --from: is it the stored run's generation?
            g->from_check = false;
            bool same = g->s.have_last && g->s.last.best == g->from_best &&
                        g->s.last.mean == g->from_mean;
            if (isnan(g->from_best))
                al_shell_say(g, AL_COL_GOOD, "%s: generation %lld, its population alive",
                             g->from_label, (long long)g->s.gens);
            else if (same) // the verdict first: the strip cuts the end of a long line
                al_shell_say(g, AL_COL_GOOD,
                             "generation %lld came out exactly as stored (best %.6g, mean %.6g): %s, now at "
                             "generation %lld, evolved %s",
                             (long long)g->s.gens - 1, g->s.last.best, g->s.last.mean, g->from_label,
                             (long long)g->s.gens, g->from_how);
            else
                al_shell_say(g, AL_COL_BAD,
                             "generation %lld DIFFERS from the stored run (best %.6g, mean %.6g; stored %.6g, "
                             "%.6g): %s, now at generation %lld, evolved %s",
                             (long long)g->s.gens - 1, g->s.last.best, g->s.last.mean, g->from_best,
                             g->from_mean, g->from_label, (long long)g->s.gens, g->from_how);
        }
        // At the limit or J's target the run ends as it does however it gets
        // there (it stood PAUSED, offering Space and N, which only ended it):
        // its end's banner and keys (its world paused as the jump asked).
        if (al_session_done(&g->s)) mark_done(g);
        return false;
    }
    if (al_session_done(&g->s)) {
        mark_done(g);
        return false;
    }
    if (r == 1 && g->frame_gen_stop > 0 && g->s.gens == g->frame_gen_stop) return false; // the frame ends here
    return true;
}

// The frame's ticks: speed ticks, or a time slice when fast-forwarding.
static int64_t simulate(al_gui *g)
{
    if (!g->have_session || g->done) return 0;
    if (g->paused && !g->step_once) return 0;
    if (al_session_done(&g->s)) { // the limit was lowered under the run (E)
        mark_done(g);
        return 0;
    }
    int64_t done = 0;
    g->frame++;
    speed_rung rung = al_shell_rung(g);
    int speed = rung.ticks;
    g->ctx.holds = !g->step_once && !g->fast && g->jump_to == 0 && rung.steps > 0;
    g->ctx.play_steps = rung.steps > 1 ? rung.steps : 1;
    if (g->ctx.holds && g->view && g->view->hold && g->view->hold(&g->ctx))
        return 0; // the view plays what it shows first (a trial)
    if (!g->step_once && !g->fast && g->jump_to == 0 && speed < 0) {
        if (g->frame % -speed != 0) return 0; // one tick every -speed frames
        step_some(g, 1, &done);
        return done;
    }
    if (g->step_once) {
        g->step_once = false;
        step_some(g, 1, &done);
        return done;
    }
    // A time slice keeps the window responsive whatever the speed; fast
    // forward simply has no tick limit within it. The world is drawn once a
    // frame, so the ticks go in pieces (al_session_advance: a module with
    // step_many runs a piece in one pass) sized to take about 5 ms each, so
    // the slice is kept whatever a tick costs.
    // The budget is wall time, so it holds however loaded the machine is:
    // a piece that took too long shrinks the next in proportion at once
    // (halving took many slow frames to recover when the load rose, and the
    // window stopped answering keys), and no piece is started that would
    // not end within the budget at the last measured rate. Ticks carry on
    // next frame: the results do not depend on how they are cut.
    // Under a script (script_clock) a rung's frame runs exactly its ticks:
    // the script's frames, not the machine's speed, say where a run is, so a
    // recorded demo and a test see the same run on a slow build (ASan) or a
    // loaded machine. Fast-forward and jumps keep the budget: they have no
    // end of their own within a frame. --from's way to its generation
    // (from_check) has one: under a script it ends in its first frame, so a
    // script's frame N finds the same replay there on every run (its end
    // fell on whichever frame the budget reached it).
    double start = al_now(), budget = g->fast ? 0.030 : 0.045, until = start + budget;
    int64_t n = g->fast || g->jump_to > 0 ? INT64_MAX : frame_ticks(g, speed);
    bool exact = g->script_clock && (n != INT64_MAX || (g->from_check && g->jump_to > 0));
    if (g->piece < 1) g->piece = 1;
    while (done < n) {
        int64_t want = n - done < g->piece ? n - done : g->piece, did = 0;
        double t0 = al_now();
        // (speed steps only: fast-forward and jumps draw no world, and must end)
        bool steps = !g->fast && g->jump_to == 0 && al_shell_gens_per_frame(g) > 0;
        bool gen_start = steps && g->s.ticks == g->s.gen_tick0;
        if (!exact && done > 0 && g->tick_s > 0 && !gen_start) { // what is left of the budget, at the last rate
            double left = until - t0;
            int64_t fits = left > 0 ? (int64_t)(left / g->tick_s) : 0;
            if (fits < 1) {
                g->frames_cut += n != INT64_MAX; // the rung's ticks go on next frame
                break;
            }
            if (want > fits) want = fits;
        }
        bool more = step_some(g, want, &did);
        done += did;
        double t1 = al_now();
        if (did > 0) g->tick_s = (t1 - t0) / (double)did;
        if (did == want && want == g->piece) { // a full piece (not cut short)
            double dt = t1 - t0;
            if (dt < 0.002 && g->piece < ((int64_t)1 << 20)) g->piece *= 2;
            else if (dt > 0.008 && g->piece > 1) {
                int64_t p = (int64_t)((double)g->piece * 0.004 / dt);
                g->piece = p > 1 ? p : 1;
            }
        }
        // Over the budget: stop, but with whole-generation steps never on a
        // generation's first tick (the generation's end is the slow step, so
        // the budget ran out there most often): one more piece first.
        gen_start = steps && g->s.ticks == g->s.gen_tick0;
        if (!more) break;
        if (!exact && t1 > until && !gen_start) {
            g->frames_cut += n != INT64_MAX && done < n;
            break;
        }
    }
    g->update_s = al_now() - start;
    return done;
}

// F's rate in generations a second of wall time, measured over windows of
// about a second, for the speed line (which said "10 ticks/frame" while F
// ran ~90 generations a minute).
static void fast_rate(al_gui *g)
{
    double now = al_now();
    int64_t gens = g->have_session ? g->s.gens : 0;
    if (g->fast && !g->fast_was) g->fast_rate = -1, g->fast_t0 = now, g->fast_g0 = gens;
    g->fast_was = g->fast;
    if (!g->fast || now - g->fast_t0 < 1.0) return;
    g->fast_rate = (double)(gens - g->fast_g0) / (now - g->fast_t0);
    g->fast_t0 = now, g->fast_g0 = gens;
}

void al_gui_update(al_gui *g)
{
    al_compare_view_set_current(g->cmpv, g->have_session ? g->s.run_id : 0);
    al_compare_view_refresh(g->cmpv);
    int64_t ticks = simulate(g);
    fast_rate(g);
    if (g->done && g->step_once) { // N: the view's world (a replay, a brain file's) one tick on
        g->step_once = false;
        ticks = 1;
    } else if (g->done && !g->paused && ticks == 0) { // past the limit the view's world runs at the speed shown
        speed_rung rung = al_shell_rung(g);
        int sp = rung.ticks;
        // (a held view's replay goes at its rung's control steps a frame)
        ticks = rung.steps > 1 ? rung.steps : sp > 0 ? sp : ++g->frame % -sp == 0;
        // A replay loops one generation: a whole one a frame would show the
        // same tick every frame; a quarter of one a frame shows it move.
        if (al_shell_gens_per_frame(g) > 0) ticks = al_shell_gen_ticks(g) / 4;
    }
    // A brain file's replay loops its generation: the frame ends at the tick
    // a script waits on, not past the generation's end and round to 0.
    int64_t rgen = 0;
    int rnow = 0, rlen = 0;
    if (g->frame_tick_stop > 0 && al_shell_brain_replay(g) && g->have_session && g->view && g->view->shown &&
        g->view->shown(&g->ctx, &rgen, &rnow, &rlen) && rnow < g->frame_tick_stop && g->frame_tick_stop < rlen &&
        ticks > g->frame_tick_stop - rnow)
        ticks = g->frame_tick_stop - rnow;
    if (g->have_session && g->s.log) {
        // Commit batched generations even while paused, so the database's
        // write lock is never held for long and 'alife runs' sees them.
        alError err = {0};
        if (alRunLog_Flush(g->s.log, 0.05, &err) != AL_OK) {
            store_failed(g, "logging stopped", &err);
            al_session_end_run(&g->s, "failed");
        }
    }
    if (g->have_session && g->view && g->view->update) {
        g->ctx.fast = g->fast;
        g->ctx.paused = g->paused;
        g->ctx.done = g->done;
        g->ctx.say[0] = '\0';
        g->view->update(&g->ctx, ticks);
        view_said(g);
    }
    // A brain file's replay: what it shows is the window's generation and
    // tick (state's stayed 0 under "replay of gen 150 tick 310", and a
    // script's `at tick N` never came).
    int rtick = 0, rticks = 0;
    g->replay_known = al_shell_brain_replay(g) && g->have_session && g->view && g->view->shown &&
                      g->view->shown(&g->ctx, &g->replay_gen, &rtick, &rticks);
    g->replay_tick = g->replay_known ? rtick : 0;
    g->replay_ticks = g->replay_known ? rticks : 0;
}

int64_t al_gui_run_ticks(al_gui *g, int64_t n)
{
    int64_t done = 0;
    while (g->have_session && !g->done && done < n)
        if (!step_some(g, n - done, &done)) break;
    return done;
}

// ---- events -------------------------------------------------------------------------
static alResult load_fonts(al_gui *g, alError *err);
static void free_fonts(al_gui *g);

// Offscreen, a resize event makes a new surface (and renderer, whose glyph
// atlases are made again); a window's renderer follows the window itself.
static void resize_offscreen(al_gui *g, int w, int h)
{
    if (!g->surface || w < 320 || h < 240 || w > 8192 || h > 8192) return;
    if (w == g->surface->w && h == g->surface->h) return;
    SDL_Surface *ns = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!ns) {
        al_shell_say(g, AL_COL_BAD, "cannot make a %dx%d image: %s", w, h, SDL_GetError());
        return;
    }
    free_fonts(g);
    SDL_DestroyRenderer(g->r);
    SDL_FreeSurface(g->surface);
    g->surface = ns;
    g->r = SDL_CreateSoftwareRenderer(ns);
    alError err = {0};
    if (!g->r || load_fonts(g, &err) != AL_OK) {
        fprintf(stderr, "alife gui: cannot draw at %dx%d: %s\n", w, h,
                g->r ? err.msg : SDL_GetError());
        g->quit = true;
    }
}

void al_gui_request_size(al_gui *g, int w, int h)
{
    if (g->win) {
        SDL_SetWindowSize(g->win, w, h);
        return;
    }
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
    e.window.data1 = w;
    e.window.data2 = h;
    SDL_PushEvent(&e);
}

bool al_gui_offscreen(const al_gui *g)
{
    return g->win == NULL;
}

// The shell_keys entry of a key press, or NULL.
const shell_key *al_shell_key_of(SDL_Keycode sym, Uint16 mod)
{
    bool shift = (mod & KMOD_SHIFT) != 0;
    for (int i = 0; i < NSHELLKEYS; ++i) {
        const shell_key *k = &shell_keys[i];
        if ((k->shift > 0 && !shift) || (k->shift < 0 && shift)) continue;
        for (int j = 0; j < 4 && k->sym[j]; ++j)
            if (k->sym[j] == sym) return k;
    }
    return NULL;
}

static void scroll_panel(al_gui *g, int dy)
{
    g->scroll += dy;
    if (g->scroll > g->scroll_max) g->scroll = g->scroll_max;
    if (g->scroll < 0) g->scroll = 0;
}

// A wheel gesture keeps what it started as: one that scrolls the panel
// goes on scrolling when a value arrives under the mouse (the trial's six
// notches lowered the max speed it only meant to scroll past), one that
// starts over a value changes it. A gesture ends when the wheel has been
// idle WHEEL_IDLE_FRAMES (~0.5 s at 60 frames a second; frames, not the
// clock, so a script does the same on every machine) or the mouse has moved
// more than WHEEL_MOVE_PX from its last notch.
enum { WHEEL_IDLE_FRAMES = 30, WHEEL_MOVE_PX = 4 };

static void panel_wheel(al_gui *g, const SDL_Event *e)
{
    bool same = g->wheel_frame > 0 && g->input_frames - g->wheel_frame <= WHEEL_IDLE_FRAMES &&
                abs(g->mouse_x - g->wheel_x) <= WHEEL_MOVE_PX && abs(g->mouse_y - g->wheel_y) <= WHEEL_MOVE_PX;
    if (!same) g->gesture++; // a new gesture: one edit however many notches
    bool scrolls = same ? g->wheel_scrolled : !al_shell_panel_wheel(g, e);
    if (same && !scrolls) al_shell_panel_wheel(g, e); // still the value's gesture
    if (scrolls) scroll_panel(g, -40 * e->wheel.y);
    g->wheel_scrolled = scrolls;
    g->wheel_frame = g->input_frames;
    g->wheel_x = g->mouse_x, g->wheel_y = g->mouse_y;
}

// J's prompt: digits, Backspace, Enter jumps, Esc cancels.
static bool jump_prompt(al_gui *g, const SDL_Event *e)
{
    if (!g->jump_typing) return false;
    if (e->type == SDL_TEXTINPUT) {
        al_jump_prompt_type(g, e->text.text);
        return true;
    }
    if (e->type != SDL_KEYDOWN) return e->type == SDL_KEYUP;
    switch (e->key.keysym.sym) {
    case SDLK_BACKSPACE: {
        size_t n = strlen(g->jump_text);
        if (n) g->jump_text[n - 1] = '\0';
        break;
    }
    case SDLK_RETURN:
    case SDLK_KP_ENTER: {
        int64_t gen = 0;
        if (al_jump_prompt_take(g, &gen)) jump_to(g, gen, true, true);
        break;
    }
    case SDLK_ESCAPE: g->jump_typing = false; break;
    default: break;
    }
    return true;
}

// Space: pause or run; a jump or F stops where it is, paused, the world
// drawn (F left on under a pause said "fast-forward" while nothing moved).
static void pause_key(al_gui *g)
{
    if (g->jump_to > 0 || g->fast) {
        if (g->jump_message && al_shell_now(g) < g->message_until) // it said where the jump goes
            al_shell_say(g, AL_COL_TEXT, "the jump to generation %lld stopped at generation %lld, paused",
                         (long long)g->jump_to, (long long)g->s.gens);
        g->jump_to = 0;
        g->fast = false;
        g->paused = true;
    } else {
        g->paused = !g->paused;
    }
}

static void key(al_gui *g, const SDL_KeyboardEvent *k)
{
    SDL_Keycode sym = k->keysym.sym;
    bool repeat = k->repeat != 0;
    const shell_key *sk = al_shell_key_of(sym, k->keysym.mod);
    shell_action act = sk ? sk->act : (shell_action)-1;
    if (!sk && sym == SDLK_b && !repeat && !g->help && !g->lesson) { // the view did not take B: say why
        // What is true here: steering evolves nothing; an evolving view
        // shows its latest generation's best once there is one.
        if (g->have_session && g->s.cls == alModule_Find("steering"))
            al_shell_say(g, AL_COL_WARN, "B replays a stored generation in the ants mode only: steering has no "
                                         "generations (nothing evolves here), so there is nothing to replay");
        else if (!g->have_session || g->s.gens == 0)
            al_shell_say(g, AL_COL_WARN, "B replays a stored generation in the ants mode only; here no generation "
                                         "is done yet: once one is, this view shows its best");
        else
            al_shell_say(g, AL_COL_WARN, "B replays a stored generation in the ants mode only: this view already "
                                         "%s the best of generation %lld, the latest",
                         g->mode == MODE_POLE ? "replays" : "shows", (long long)(g->s.gens - 1));
        return;
    }
    if (!sk && !repeat && !g->help && !g->lesson && !(k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        // A letter the shown view does not take: what it does elsewhere, so
        // it does not leave the last message standing as if it had acted.
        const al_view *vs[NMODES];
        for (int m = 0; m < NMODES; ++m)
            vs[m] = find_view(g, mode_names[m]);
        char say[240];
        if (al_key_elsewhere(sym, vs, mode_names, NMODES, g->mode, say, sizeof say)) {
            al_shell_say(g, AL_COL_WARN, "%s", say);
            return;
        }
    }
    if ((g->lesson || g->help) && sk &&
        (act == K_SCROLL_UP || act == K_SCROLL_DOWN || act == K_LINE_UP || act == K_LINE_DOWN)) {
        // the help (over everything) or the lesson scrolls
        int visible = g->help ? g->help_visible : g->lesson_visible, page = visible > 2 ? visible - 1 : 1;
        int rows = act == K_LINE_UP ? -1 : act == K_LINE_DOWN ? 1 : act == K_SCROLL_UP ? -page : page;
        if (g->help)
            al_shell_help_scroll(g, rows);
        else
            al_lesson_overlay_scroll(g, rows);
        return;
    }
    if ((g->help || g->lesson) && sk && act == K_PAUSE) {
        // The overlays do not pause the run (they say so, al_overlay_run_note):
        // Space pauses it or runs it on with the overlay open.
        if (!repeat) pause_key(g);
        return;
    }
    if ((g->help || g->lesson) && sym != SDLK_ESCAPE) {
        // Any key closes an overlay and does only that (both overlays the
        // same: the lesson let its closing key through, so 2 closed it and
        // switched to strings); a held key's repeats do nothing either.
        if (!repeat) g->help = g->lesson = false;
        return;
    }
    if (!sk) return;
    if (al_shell_key_idle(g->view, al_shell_brain_replay(g), act)) {
        if (!repeat) say_idle(g, sk);
        return;
    }
    if (al_shell_key_after_goal(g, act)) {
        if (!repeat) say_after_goal(g, sk->label);
        return;
    }
    if (al_shell_key_at_limit(g, act)) {
        if (!repeat) {
            char words[160];
            al_shell_at_limit_words(g, sk->label, words, sizeof words);
            al_shell_say(g, AL_COL_TEXT, "%s", words);
        }
        return;
    }
    switch (act) {
    case K_QUIT:
        if (g->help || g->lesson)
            g->help = g->lesson = false;
        else
            g->quit = true;
        break;
    case K_MODE1:
    case K_MODE2:
    case K_MODE3:
    case K_MODE4:
    case K_MODE5:
        if (!repeat) show_mode(g, (int)(act - K_MODE1));
        break;
    case K_PAUSE:
        if (!repeat) pause_key(g);
        break;
    case K_TICK:
        g->paused = true;
        g->step_once = true;
        g->fast = false; // paused, one tick, the world drawn (not "fast-forward" under PAUSED)
        break;
    case K_GENERATION:
        if (!repeat && g->have_session) jump_to(g, g->s.gens + 1, true, false);
        break;
    case K_FASTER:
    case K_SLOWER:
        if (act == K_FASTER) run_on(g, false);
        al_shell_speed_step(g, act == K_FASTER ? 1 : -1);
        break;
    case K_FAST:
        // F runs fast: on a paused run too (the first key after --from,
        // which opens paused), where it said "fast-forward" under PAUSED
        // and nothing moved.
        // F off puts the run back as F found it: a paused run pauses
        // again (it ran on, unsaid).
        if (!repeat && g->have_session && !g->done) {
            g->fast = !g->fast;
            if (g->fast) run_on(g, true);
            if (g->fast) g->fast_paused = g->paused, g->paused = false, g->step_once = false;
            else g->paused = g->fast_paused;
        } // at the limit refused above (al_shell_key_at_limit)
        break;
    case K_FOREVER:
        if (!repeat) toggle_forever(g);
        break;
    case K_JUMP:
        if (!repeat && g->have_session) { // (after the goal refused above, at once: al_shell_key_after_goal)
            al_jump_prompt_open(g);
        }
        break;
    case K_NEWRUN:
        if (!repeat) {
            const char *why = al_shell_unasked_why(g);
            if (al_shell_confirm_new_run(g, k, NULL)) restart_next_seed(g, why);
        }
        break;
    case K_COMPARE:
        if (!repeat) {
            al_compare_view_set_current(g->cmpv, g->have_session ? g->s.run_id : 0);
            al_compare_view_toggle(g->cmpv, g->read_db, mode_names[g->mode]);
        }
        break;
    case K_PLOT:
        if (repeat) break;
        if (g->have_session && g->s.cls == alModule_Find("steering")) {
            // Steering has no fitness: only its flock figures, once reported.
            if (g->hist.nall > 0) g->plot_fig = g->plotted_index % g->hist.nall + 1;
            break;
        }
        g->plot_fig = g->plotted_index + 1; // wrapped when drawn
        break;
    case K_LESSON:
        if (!repeat) g->lesson = true, g->lesson_top = 0;
        break;
    case K_HELP:
        if (!repeat) g->help = true, g->help_top = 0;
        break;
    case K_SCROLL_UP: scroll_panel(g, -120); break;
    case K_SCROLL_DOWN: scroll_panel(g, 120); break;
    case K_LINE_UP:
    case K_LINE_DOWN: break; // the lesson's (above); the views' otherwise
    case K_SHOT:
        if (!repeat) g->shot_pending = true;
        break;
    }
}

// SIGINT and SIGTERM close the window as quitting does, but its runs end
// interrupted (a run the user closes ends as end_session says): the flag
// (al_session_stop) is looked at before each frame's events. SDL's own
// handlers (which made a signal a plain quit) are not installed.
static void catch_signals(void)
{
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    al_session_catch_signals_unwatched();
}

int al_gui_stopped_by(const al_gui *g) { return g->signalled; }
int al_gui_runs_interrupted(const al_gui *g) { return g->interrupted; }

bool al_gui_handle_events(al_gui *g)
{
    g->input_frames++; // the wheel's clock (panel_wheel)
    if (al_session_stop && !g->signalled) { // SIGINT, SIGTERM: close, the runs interrupted
        g->signalled = (int)al_session_stop;
        g->quit = true;
    }
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT) {
            g->quit = true;
            continue;
        }
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED &&
            !g->win) {
            resize_offscreen(g, e.window.data1, e.window.data2);
            continue;
        }
        // A press the panel's wheel or drag pushed belongs to its gesture.
        int64_t gesture = 0;
        if (e.type == SDL_KEYDOWN && g->gesture_keys > 0) g->gesture_keys--, gesture = g->gesture;
        if (e.type == SDL_MOUSEMOTION) g->mouse_x = e.motion.x, g->mouse_y = e.motion.y;
        if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP)
            g->mouse_x = e.button.x, g->mouse_y = e.button.y;
        // The compare picker, when open, takes the keyboard; so does J's prompt.
        if (al_compare_view_event(g->cmpv, &e)) continue;
        if (e.type == SDL_TEXTINPUT && g->jump_drop_j) { // the 'j' that opened the prompt
            g->jump_drop_j = false;
            if (strcmp(e.text.text, "j") == 0 || strcmp(e.text.text, "J") == 0) continue;
        }
        if (jump_prompt(g, &e)) continue;
        if (e.type == SDL_KEYDOWN && !e.key.repeat) al_shell_confirm_other(g, &e.key);
        if (e.type == SDL_MOUSEWHEEL && (g->lesson || g->help)) { // the help or the lesson scrolls
            if (g->help)
                al_shell_help_scroll(g, -3 * e.wheel.y);
            else
                al_lesson_overlay_scroll(g, -3 * e.wheel.y);
            continue;
        }
        // The mouse wheel over the side panel scrolls it, or changes the value
        // under the mouse (al_shell_panel_wheel).
        if (e.type == SDL_MOUSEWHEEL) {
            SDL_Rect pr;
            al_gui_layout(g, NULL, &pr);
            SDL_Point pt = {g->mouse_x, g->mouse_y};
            if (SDL_PointInRect(&pt, &pr)) {
                panel_wheel(g, &e);
                continue;
            }
        }
        // The view gets the first look (its text box must be able to take
        // '1' or Space), except while an overlay covers the screen.
        if (g->have_session && g->view && g->view->event && !g->help && !g->lesson) {
            al_canvas c;
            al_shell_canvas(g, &c);
            g->ctx.paused = g->paused;
            g->ctx.done = g->done;
            g->ctx.say[0] = '\0';
            bool used = g->view->event(&g->ctx, &e, &c);
            if (g->ctx.say[0]) { // what the key did, said by the view (al_view_say)
                char in[sizeof g->ctx.say_section];
                memcpy(in, g->ctx.say_section, sizeof in);
                al_shell_say(g, AL_COL_WARN, "%s", g->ctx.say);
                g->message_from_view = true;
                memcpy(g->ctx.say_section, in, sizeof in); // al_view_say_in: kept with the message
                g->message_keep = g->ctx.say_keep;
                g->ctx.say[0] = '\0';
                g->ctx.say_keep = 0;
            }
            if (g->ctx.edit[0]) { // the user changed the run by hand: mark it
                alError err = {0};
                if (al_session_mark_edited(&g->s, g->ctx.edit, gesture, &err) != AL_OK)
                    al_shell_say(g, AL_COL_BAD, "cannot mark the run edited: %s", err.msg);
                g->ctx.edit[0] = '\0';
            }
            if (g->ctx.restart) {
                char extra[sizeof g->ctx.restart_set];
                memcpy(extra, g->ctx.restart_set, sizeof extra);
                g->ctx.restart = false;
                g->ctx.restart_set[0] = '\0';
                // A single key asks first (confirm.c); a typed target's Enter
                // is deliberate already. A wheel or drag on a "(a new run)"
                // value never throws an evolved run away (a trial's one notch,
                // meant to scroll the panel, did): it says which key does.
                bool typed = e.type != SDL_KEYDOWN || e.key.keysym.sym == SDLK_RETURN ||
                             e.key.keysym.sym == SDLK_KP_ENTER;
                if (gesture != 0 && al_shell_run_at_stake(g))
                    al_shell_say(g, AL_COL_WARN,
                                 "this value starts a new run: the wheel and drags leave this run alone (press %s "
                                 "twice to do it)",
                                 SDL_GetKeyName(e.key.keysym.sym));
                else if (gesture != 0 || typed || al_shell_confirm_new_run(g, &e.key, extra)) {
                    const char *why = gesture == 0 && !typed ? al_shell_unasked_why(g) : NULL;
                    char words[64];
                    al_shell_change_words(extra, words, sizeof words);
                    if (switch_mode(g, g->mode, extra) && why)
                        al_shell_say(g, AL_COL_TEXT, "%s: a new run with %s changed at once, not asked first: %s",
                                     SDL_GetKeyName(e.key.keysym.sym), words, why);
                }
            }
            if (used) continue;
        }
        if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && !g->help && !g->lesson &&
            tab_click(g, e.button.x, e.button.y))
            continue;
        if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEMOTION ||
            e.type == SDL_MOUSEBUTTONUP)
            al_shell_panel_mouse(g, &e);
        if (e.type == SDL_KEYDOWN) key(g, &e.key);
    }
    return !g->quit;
}

// The stored generations 0 .. upto-1 into the table and plot's history,
// when they are all there (the history numbers its entries from 0).
static void history_preload(al_gui *g, const al_gui_stored *pop, int64_t upto)
{
    if (!pop->past || g->hist.n > 0) return;
    int64_t n = 0;
    while (n < pop->npast && n < upto && pop->past[n].gen == n) ++n;
    if (n < upto) return; // a gap: nothing rather than misnumbered rows
    for (int64_t i = 0; i < n; ++i)
        history_add(&g->hist, &pop->past[i]);
}

// What --from restores when no stored population is loaded: generations 0
// to gen - 1 run again from the config and seed, and why not loaded (said
// "generation 2 re-simulated from the seed (the stored population: ...)").
static void from_seed_how(al_gui *g, int64_t gen, const char *why_not)
{
    char again[64] = "generation 0 run again";
    if (gen > 1) snprintf(again, sizeof again, "generations 0 to %lld run again", (long long)gen - 1);
    snprintf(g->from_how, sizeof g->from_how, "from the seed (%s%s%.200s)", again, why_not ? "; not loaded: " : "",
             why_not ? why_not : "");
}

void al_gui_start_at(al_gui *g, int64_t gen, double best, double mean, const char *label,
                     const al_gui_stored *pop)
{
    snprintf(g->from_label, sizeof g->from_label, "%s", label);
    g->from_best = best;
    g->from_mean = mean;
    g->from_check = true;
    snprintf(g->from_how, sizeof g->from_how, "from the seed");
    // The run continues the stored one from gen: the generations on the way
    // there are the stored run's and are not logged again (from_run.h).
    g->s.log_from = gen;
    g->ctx.from_run = pop ? pop->run : 0; // B replays its generations until one is the run's own
    alError ferr = {0};
    if (g->have_session && g->s.log && pop && pop->run > 0 &&
        alRunLog_SetFrom(g->s.log, g->s.run_id, pop->run, gen, &ferr) != AL_OK)
        al_shell_say(g, AL_COL_BAD, "%s", ferr.msg);
    if (pop && pop->bytes && g->have_session && (pop->gen == gen || pop->gen == gen - 1)) {
        alError err = {0};
        if (al_session_restore(&g->s, pop->gen, pop->bytes, pop->size, &err) == AL_OK) {
            history_preload(g, pop, pop->gen);
            if (pop->gen == gen) {
                g->from_check = false;
                g->paused = true;
                al_shell_say(g, AL_COL_GOOD,
                             "%s: generation %lld, its stored population loaded and alive",
                             g->from_label, (long long)gen);
                return;
            }
            snprintf(g->from_how, sizeof g->from_how, "from the stored population of generation %lld",
                     (long long)pop->gen);
            jump_to(g, gen, true, true); // one generation from the stored one before
            return;
        }
        from_seed_how(g, gen, err.msg);
    } else if (pop && pop->why_not && pop->why_not[0]) {
        from_seed_how(g, gen, pop->why_not);
    } else {
        from_seed_how(g, gen, NULL);
    }
    if (gen <= 0) {
        g->from_check = false;
        g->paused = true;
        return;
    }
    jump_to(g, gen, true, true);
}

// ---- create / destroy ---------------------------------------------------------------
al_gui_opts al_default_gui_opts(void)
{
    return (al_gui_opts){.shot_dir = "results", .width = 1280, .height = 800};
}


static alResult load_fonts(al_gui *g, alError *err)
{
    char sans[512], bold[512], mono[512];
    alResult r = al_font_find(AL_FACE_SANS, sans, sizeof sans, err);
    if (r == AL_OK) r = al_font_find(AL_FACE_BOLD, bold, sizeof bold, err);
    if (r == AL_OK) r = al_font_find(AL_FACE_MONO, mono, sizeof mono, err);
    if (r != AL_OK) return r;
    if (!(g->font = al_font_create(g->r, sans, 15, err))) return err->code;
    if (!(g->small = al_font_create(g->r, sans, 13, err))) return err->code;
    if (!(g->mono = al_font_create(g->r, mono, 14, err))) return err->code;
    if (!(g->title = al_font_create(g->r, bold, 20, err))) return err->code;
    return AL_OK;
}

static void free_fonts(al_gui *g)
{
    al_font_destroy(g->font);
    al_font_destroy(g->small);
    al_font_destroy(g->mono);
    al_font_destroy(g->title);
    g->font = g->small = g->mono = g->title = NULL;
}

static bool no_display_driver(void)
{
    const char *d = SDL_GetCurrentVideoDriver();
    return !d || strcmp(d, "dummy") == 0 || strcmp(d, "offscreen") == 0;
}

#define HEADLESS_HINT                                                                              \
    "Use 'alife run CONFIG' to run an experiment headless, or 'make run', which runs a "           \
    "headless demo when there is no display"

// Why there is no display, for the error message.
static void why_no_display(char *buf, size_t cap)
{
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if (x && x[0])
        snprintf(buf, cap, "cannot open the display DISPLAY=%s", x);
    else if (wl && wl[0])
        snprintf(buf, cap, "cannot open the display WAYLAND_DISPLAY=%s", wl);
    else
        snprintf(buf, cap, "neither DISPLAY nor WAYLAND_DISPLAY is set");
}

static alResult open_sdl(al_gui *g, const al_gui_opts *o, alError *err)
{
    const char *driver = getenv("SDL_VIDEODRIVER");
    char why[256];
    if (!o->offscreen && !(driver && driver[0]) && !getenv("DISPLAY") &&
        !getenv("WAYLAND_DISPLAY")) {
        // Known without asking SDL, whose probing would print noise of its own.
        why_no_display(why, sizeof why);
        return alError_Set(err, AL_ERR_IO, "no display: %s. " HEADLESS_HINT, why);
    }
    if (o->offscreen && !(driver && driver[0])) SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    catch_signals();
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (o->offscreen)
            return alError_Set(err, AL_ERR_IO, "cannot start SDL: %s", SDL_GetError());
        why_no_display(why, sizeof why);
        return alError_Set(err, AL_ERR_IO, "no display: %s (SDL: %s). " HEADLESS_HINT, why,
                           SDL_GetError());
    }
    if (!o->offscreen && no_display_driver()) {
        why_no_display(why, sizeof why);
        return alError_Set(err, AL_ERR_IO,
                           "no display: %s (SDL fell back to its '%s' driver). " HEADLESS_HINT, why,
                           SDL_GetCurrentVideoDriver());
    }
    if (TTF_Init() != 0)
        return alError_Set(err, AL_ERR_IO, "cannot start SDL_ttf: %s", TTF_GetError());
    int w = o->width > 0 ? o->width : 1280, h = o->height > 0 ? o->height : 800;
    if (o->offscreen) {
        g->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
        if (!g->surface)
            return alError_Set(err, AL_ERR_NOMEM, "cannot make a %dx%d image: %s", w, h,
                               SDL_GetError());
        g->r = SDL_CreateSoftwareRenderer(g->surface);
    } else {
        g->win = SDL_CreateWindow("alife", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                  SDL_WINDOW_RESIZABLE);
        if (!g->win) return alError_Set(err, AL_ERR_IO, "cannot open a window: %s", SDL_GetError());
        SDL_SetWindowMinimumSize(g->win, 720, 480);
        g->r = SDL_CreateRenderer(g->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!g->r) g->r = SDL_CreateRenderer(g->win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!g->r) return alError_Set(err, AL_ERR_IO, "cannot make a renderer: %s", SDL_GetError());
    if (!(g->cmpv = al_create_compare_view())) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    return load_fonts(g, err);
}

al_gui *al_create_gui(const al_gui_opts *o, alError *err)
{
    al_gui *g = calloc(1, sizeof *g);
    if (!g) {
        alError_Set(err, AL_ERR_NOMEM, "out of memory");
        return NULL;
    }
    for (int i = 0; i < NMODES; ++i)
        g->seed_for[i] = -1;
    // The parameters and the key list are one click away (and H lists every
    // key): the lesson's own figures come first.
    g->fold_params = g->fold_keys = true;
    g->drag_hot = -1;
    g->offscreen = o->offscreen;
    g->script_clock = o->script_clock;
    g->forever = g->forever_opt = o->forever;
    g->modules = o->modules;
    g->views = o->views;
    snprintf(g->shot_dir, sizeof g->shot_dir, "%s", o->shot_dir ? o->shot_dir : "results");
    g->db_path = dup_str(o->db_path);
    g->read_db = dup_str(o->read_db ? o->read_db : o->db_path);
    g->config_path = dup_str(o->config_path);
    g->config_text = dup_str(o->config_text);
    if (o->brain && o->brain_n > 0) {
        g->brain = malloc((size_t)o->brain_n * sizeof *g->brain);
        if (!g->brain) {
            alError_Set(err, AL_ERR_NOMEM, "out of memory");
            goto fail;
        }
        memcpy(g->brain, o->brain, (size_t)o->brain_n * sizeof *g->brain);
        g->brain_n = o->brain_n;
        g->brain_seed = o->brain_seed;
        g->brain_gen = o->brain_gen;
        g->brain_fitness = o->brain_fitness;
        g->brain_file = true;
    }
    for (int i = 0; i < o->set_count; ++i)
        al_sets_add(&g->sets, o->sets[i]);

    // Resolve the first config before any window opens: a config error is
    // reported with nothing opened (exit 2 from the command).
    int m = o->mode ? mode_index(o->mode) : -1;
    if (o->mode && m < 0) {
        alError_Set(err, AL_ERR_USAGE,
                    "--mode '%s': not a mode (allowed: steering, estrings, ants, xor, pole)", o->mode);
        goto fail;
    }
    alConfig *cfg = NULL;
    {
        alConfigDef def = alDefaultConfigDef();
        def.path = o->config_path;
        def.text = o->config_text;
        def.module = o->mode;
        def.sets = o->sets;
        def.set_count = o->set_count;
        alCreateConfig(&def, &cfg, err);
        if (!cfg) goto fail;
        int cm = mode_index(alConfig_Module(cfg));
        if (o->config_path)
            snprintf(g->config_module, sizeof g->config_module, "%s", alConfig_Module(cfg));
        if (m >= 0 && cm != m) {
            alError_Set(err, AL_ERR_USAGE,
                        "--mode %s, but %s runs module '%s' (drop --mode, or "
                        "give a config of module %s)",
                        o->mode, o->config_path, alConfig_Module(cfg), o->mode);
            alDestroyConfig(cfg);
            goto fail;
        }
        m = cm;
        g->sets_mode = m;
        // The first session's config as every later one of its mode: a
        // mode without a CONFIG of its module runs its lesson file.
        alDestroyConfig(cfg);
        cfg = config_for(g, m, NULL, err);
        if (!cfg) goto fail;
    }
    if (open_sdl(g, o, err) != AL_OK) {
        alDestroyConfig(cfg);
        goto fail;
    }
    if (open_session(g, m, cfg, err) != AL_OK) goto fail;
    return g;
fail:
    al_destroy_gui(g);
    return NULL;
}

alResult al_gui_end_runs(al_gui *g, alError *err)
{
    close_session(g);
    close_parked(g);
    if (!g->store_err.code) return AL_OK;
    if (err) *err = g->store_err;
    return g->store_err.code;
}

void al_destroy_gui(al_gui *g)
{
    if (!g) return;
    close_session(g);
    close_parked(g);
    history_reset(&g->hist, NULL);
    al_batch_free(&g->batch);
    al_destroy_compare_view(g->cmpv);
    free_fonts(g);
    if (g->r) SDL_DestroyRenderer(g->r);
    if (g->win) SDL_DestroyWindow(g->win);
    if (g->surface) SDL_FreeSurface(g->surface);
    if (TTF_WasInit()) TTF_Quit();
    SDL_Quit();
    al_sets_free(&g->sets);
    for (int i = 0; i < NMODES; ++i)
        al_sets_free(&g->extra[i]);
    free(g->db_path);
    free(g->read_db);
    free(g->config_path);
    free(g->config_text);
    free(g->brain);
    free(g);
}

// ---- queries ------------------------------------------------------------------------
const char *al_gui_mode(const al_gui *g)
{
    return mode_names[g->mode];
}
bool al_gui_paused(const al_gui *g)
{
    return g->paused;
}
bool al_gui_has_session(const al_gui *g)
{
    return g->have_session;
}
int64_t al_gui_ticks(const al_gui *g)
{
    if (al_shell_brain_replay(g) && g->replay_known) return g->replay_tick;
    return g->have_session ? g->s.ticks : 0;
}
int64_t al_gui_generations(const al_gui *g)
{
    if (al_shell_brain_replay(g) && g->replay_known) return g->replay_gen;
    return g->have_session ? g->s.gens : 0;
}
void al_gui_stop_at_generation(al_gui *g, int64_t gen) { g->frame_gen_stop = gen; }
void al_gui_stop_at_tick(al_gui *g, int64_t tick) { g->frame_tick_stop = tick; }
bool al_gui_halted(const al_gui *g, bool ticks, int64_t at, char *why, size_t cap)
{
    long long gen = (long long)al_gui_generations(g);
    bool brain = ticks && al_shell_brain_replay(g) && g->replay_known;
    if (!g->have_session) snprintf(why, cap, "no run is shown");
    else if (brain && at >= g->replay_ticks)
        snprintf(why, cap, "a brain file's replay runs ticks 0 to %lld of generation %lld, then again from 0",
                 (long long)g->replay_ticks - 1, gen);
    else if (g->done && !(ticks && al_shell_brain_replay(g)))
        snprintf(why, cap, "the run ended at generation %lld (%s)", gen,
                 al_session_stop_reason(&g->s, "finished") ? al_session_stop_reason(&g->s, "finished")
                                                          : "finished");
    else if (!g->win && g->paused && !g->step_once && !g->fast && g->jump_to == 0)
        snprintf(why, cap, "the run is paused at generation %lld", gen);
    else
        return false;
    return true;
}
double al_gui_speed(const al_gui *g) { return al_shell_speed_now(g); }
const char *al_gui_last_shot(const al_gui *g)
{
    return g->last_shot;
}
const alConfig *al_gui_config(const al_gui *g)
{
    return g->cfg;
}

const char *al_gui_renderer_name(const al_gui *g)
{
    SDL_RendererInfo info;
    return SDL_GetRendererInfo(g->r, &info) == 0 ? info.name : "unknown";
}

double al_gui_bench_draw(al_gui *g, int n, int frames)
{
    al_canvas c;
    alRng rng = alRng_Stream(1, 0);
    SDL_RenderSetVSync(g->r, 0); // measure drawing, not the display's refresh
    double t0 = al_now();
    for (int f = 0; f < frames; ++f) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
        } // keep the window alive
        al_shell_canvas(g, &c);
        SDL_SetRenderDrawColor(g->r, AL_COL_BG.r, AL_COL_BG.g, AL_COL_BG.b, 255);
        SDL_RenderClear(g->r);
        al_batch_reserve(c.batch, 3 * n);
        for (int i = 0; i < n; ++i) {
            alVec2 p = alV2(alRng_Float(&rng) * c.world.width, alRng_Float(&rng) * c.world.height);
            alVec2 h = alV2_FromAngle(alRng_Float(&rng) * 6.2831853f);
            al_batch_tri(c.batch, &c, p, h, 6.0f, AL_COL_AGENT);
        }
        al_batch_draw(&c);
        al_gui_present(g);
    }
    if (!g->win) { // offscreen: make sure the last frame really was drawn
        uint8_t px[4];
        SDL_Rect one = {0, 0, 1, 1};
        SDL_RenderReadPixels(g->r, &one, SDL_PIXELFORMAT_RGBA32, px, 4);
    }
    double dt = al_now() - t0;
    return dt > 0 ? frames / dt : 0;
}
