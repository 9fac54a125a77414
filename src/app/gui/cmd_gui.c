// alife gui and alife screenshot: option parsing and the frame loop.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>

#include "alife/runlog.h"
#include "alife/runquery.h"
#include "brain_file.h"
#include "cli.h"
#include "db_cli.h"
#include "from_run.h"
#include "gui.h"
#include "options.h"
#include "script.h"

// The modules alife knows (the schema's registry), joined by sep: the help
// texts list them from there, so a new module shows up in every one.
static const char *module_list(const char *sep)
{
    static char buf[160];
    int n;
    const char *const *mods = alSchema_Modules(&n);
    buf[0] = 0;
    for (int i = 0; i < n; ++i) {
        if (i) strncat(buf, sep, sizeof buf - strlen(buf) - 1);
        strncat(buf, mods[i], sizeof buf - strlen(buf) - 1);
    }
    return buf;
}

static bool is_module(const char *name)
{
    int n;
    const char *const *mods = alSchema_Modules(&n);
    for (int i = 0; i < n; ++i)
        if (strcmp(mods[i], name) == 0) return true;
    return false;
}

static int module_count(void)
{
    int n;
    alSchema_Modules(&n);
    return n;
}

static void gui_help(void)
{
    printf("usage: alife gui [--mode %s] [CONFIG] [options]\n", module_list("|"));
    printf("\n"
           "Opens the window: the world on the left, a side panel on the right with the\n"
           "run's status, its last generations (steering: the flock's figures), the\n"
           "module's parameters, the keys and a live plot (best and mean fitness, or a\n"
           "figure of the module's: Tab plots the next). Runs are logged to the run\n"
           "database like 'alife run' ones. A steering run never ends in the window; an\n"
           "evolving run stays alive on screen at its limit (E evolves on).\n"
           "With CONFIG, its module's sessions use it (and --mode defaults to its module).\n"
           "A mode without a CONFIG of its module runs its first lesson, the one L shows:\n"
           "experiments/ants/default.ini (plain 'alife' opens the ants mode),\n"
           "estrings/hello.ini, xor/xor.ini, pole/single.ini, and for steering its\n"
           "default scenario's, steering/boids.ini.\n"
           "\n"
           "keys: 1..%d mode (in the order of --mode's list; each keeps its run), Space pause,\n"
           "      N one tick, Shift+N one generation (in strings, XOR and pole one tick is one\n"
           "      generation), +/- speed, F fast-forward, E evolve on,\n"
           "      J jump to a generation, R new run with seed+1, C compare, L the lesson,\n"
           "      H, F1 or ? every key, F12 screenshot into results/, Esc quit\n"
           "\n"
           "options:\n"
           "      --mode M          start in mode M: %s\n"
           "  -s, --set K=V         override a config key (for the first mode's runs)\n"
           "      --db PATH         run database (default " AL_DEFAULT_DB ")\n"
           "      --no-log          do not log runs (with --db, C still compares its runs)\n"
           "      --width W         window width in pixels, 720 to 8192 (default 1280)\n"
           "      --height H        window height in pixels, 480 to 8192 (default 800)\n"
           "      --bench-draw N    measure: draw N triangles per frame through the batch\n"
           "                        helper for --frames F frames (default 300), print fps\n"
           "      --offscreen       draw into an image instead of a window (with --script\n"
           "                        or --bench-draw); also with SDL_VIDEODRIVER=dummy\n"
           "      --forever         run forever: no generation limit (E in the window)\n"
           "      --from RUN[:GEN]  open at generation GEN (default: the one after the last) of a\n"
           "                        stored run, its population alive: loaded at once where\n"
           "                        the run stored it (ants, shared world), else re-simulated\n"
           "                        from its config and seed (said so) and checked against\n"
           "                        the stored statistics\n"
           "      --brain FILE      replay a brain written by 'alife export RUN --genome GEN\n"
           "                        --out FILE' in the ants mode, exactly: its generation again\n"
           "                        (shared world: with the ants it was scored with, which the\n"
           "                        file holds; own worlds: the ant alone); nothing evolves and\n"
           "                        nothing is logged\n"
           "      --script FILE     play the actions of FILE into the window, one a line:\n"
           "                          at 120 key F     at 200 type \"Ada\"   at 300 click X Y\n"
           "                          at 310 drag X1 Y1 X2 Y2   at 320 scroll X Y N\n"
           "                          at 400 resize W H   at 500 shot FILE.png\n"
           "                          at 600 state (one JSON line to stdout)   at 700 quit\n"
           "                        'at N' is a frame; 'at tick N' / 'at gen N' wait for the\n"
           "                        run (one it will not reach, stopped or paused offscreen:\n"
           "                        the line runs at once, with a warning). Offscreen the\n"
           "                        window closes after the last action.\n"
           "  -h, --help            this help\n"
           "\n"
           "Needs a display. Without one, use 'alife run CONFIG' (headless) or 'make run'\n"
           "(which runs a headless demo), or 'alife screenshot' for a picture.\n"
           "\n"
           "A run closed in the window (Esc, the window, a mode or scenario switch, R)\n"
           "is logged finished at its limit or goal; a run with no end there (steering,\n"
           "a run evolving on past its limit with E or J, or with no limit) is finished\n"
           "whenever it is closed, with stop reason 'closed'; a run short of its limit\n"
           "is interrupted (the help's Esc line says which). E bringing the limit back\n"
           "below the generations done ends the run there, stop reason 'limit_again'.\n"
           "SIGINT or SIGTERM closes the window with its runs interrupted.\n"
           "\n"
           "exit status: 0 closed normally, 1 no display or runtime failure (also a run\n"
           "whose generations or end could not be stored: said on stderr at exit, or a\n"
           "window stopped by SIGINT or SIGTERM), 2 usage or config error.\n",
           module_count(), module_list(", "));
}

static void shot_help(void)
{
    printf(
        "usage: alife screenshot [--mode M] [CONFIG] --ticks N --out FILE.png [options]\n"
        "\n"
        "Renders the GUI window offscreen (SDL's software renderer; no display needed)\n"
        "after simulating N ticks, and writes it as a PNG. For tests and documentation.\n"
        "\n"
        "options:\n"
        "      --mode M          %s (default: CONFIG's module, else ants)\n"
        "  -s, --set K=V         override a config key\n"
        "      --ticks N         simulate N ticks first (default 0), so the plot has data\n"
        "      --out FILE.png    where to write the picture (required)\n"
        "      --width W         image width in pixels, 720 to 8192 (default 1280)\n"
        "      --height H        image height in pixels, 480 to 8192 (default 800)\n"
        "      --db PATH         also log the run to this database (default: not logged)\n"
        "  -h, --help            this help\n"
        "\n"
        "exit status: 0 written, 1 runtime failure (font, file), 2 usage or config error.\n",
        module_list(", "));
}

typedef struct args {
    al_gui_opts o;
    al_sets sets;
    const char *out, *script, *brain, *from, *db_arg;
    int64_t ticks, bench, frames;
    bool no_log;
} args;

// Parses the options gui and screenshot share; returns -1 to go on, else an
// exit status.
static int parse(const char *cmd, int argc, char **argv, args *a, void (*help)(void))
{
    enum {
        O_MODE = 1000,
        O_DB,
        O_NOLOG,
        O_W,
        O_H,
        O_TICKS,
        O_OUT,
        O_BENCH,
        O_FRAMES,
        O_OFF,
        O_SCRIPT,
        O_BRAIN,
        O_FROM,
        O_FOREVER
    };
    static const struct option opts[] = {{"mode", required_argument, 0, O_MODE},
                                         {"set", required_argument, 0, 's'},
                                         {"db", required_argument, 0, O_DB},
                                         {"no-log", no_argument, 0, O_NOLOG},
                                         {"width", required_argument, 0, O_W},
                                         {"height", required_argument, 0, O_H},
                                         {"ticks", required_argument, 0, O_TICKS},
                                         {"out", required_argument, 0, O_OUT},
                                         {"bench-draw", required_argument, 0, O_BENCH},
                                         {"frames", required_argument, 0, O_FRAMES},
                                         {"offscreen", no_argument, 0, O_OFF},
                                         {"script", required_argument, 0, O_SCRIPT},
                                         {"brain", required_argument, 0, O_BRAIN},
                                         {"from", required_argument, 0, O_FROM},
                                         {"forever", no_argument, 0, O_FOREVER},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    bool shot = strcmp(cmd, "screenshot") == 0;
    a->o = al_default_gui_opts();
    a->o.db_path = shot ? NULL : AL_DEFAULT_DB;
    a->frames = 300;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":s:h", opts, NULL)) != -1) {
        int64_t v;
        switch (c) {
        case O_MODE:
            if (!is_module(optarg))
                return cli_usage_error(cmd, "--mode '%s': not a mode (allowed: %s)", optarg,
                                       module_list(", "));
            a->o.mode = optarg;
            break;
        case 's':
            al_sets_add(&a->sets, optarg);
            break;
        case O_DB:
            a->o.db_path = optarg;
            a->db_arg = optarg;
            break;
        case O_NOLOG:
            if (shot)
                return cli_usage_error(
                    cmd, "--no-log belongs to 'alife gui' (screenshots log only with --db)");
            a->no_log = true;
            break;
        case O_W:
        case O_H:
        {
            // The window is never smaller than 720x480 (its minimum size),
            // and a screenshot is the window's picture: below that its
            // panel covered the whole image and no world was left (trial8).
            const char *what = c == O_W ? "width" : "height";
            int64_t lo = c == O_W ? 720 : 480;
            if (!al_parse_int(optarg, INT64_MIN, INT64_MAX, &v))
                return cli_usage_error(cmd, "--%s '%s': not a whole number of pixels", what, optarg);
            if (v < lo || v > 8192)
                return cli_usage_error(cmd, "--%s %s: out of range (allowed: %lld to 8192 pixels; the %s's "
                                            "minimum is 720x480)",
                                       what, optarg, (long long)lo, shot ? "picture" : "window");
        }
            if (c == O_W)
                a->o.width = (int)v;
            else
                a->o.height = (int)v;
            break;
        case O_TICKS:
            if (!shot) return cli_usage_error(cmd, "--ticks belongs to 'alife screenshot'");
            if (!al_parse_int(optarg, 0, INT64_MAX, &a->ticks))
                return cli_usage_error(cmd, "--ticks '%s': not a whole number >= 0", optarg);
            break;
        case O_OUT:
            if (!shot) return cli_usage_error(cmd, "--out belongs to 'alife screenshot'");
            a->out = optarg;
            break;
        case O_BENCH:
        case O_FRAMES:
            if (shot)
                return cli_usage_error(cmd, "--%s belongs to 'alife gui'",
                                       c == O_BENCH ? "bench-draw" : "frames");
            if (!al_parse_int(optarg, 1, 10000000, &v))
                return cli_usage_error(cmd, "--%s '%s': not a whole number from 1 to 10000000",
                                       c == O_BENCH ? "bench-draw" : "frames", optarg);
            if (c == O_BENCH)
                a->bench = v;
            else
                a->frames = v;
            break;
        case O_OFF:
            if (shot)
                return cli_usage_error(cmd, "--offscreen belongs to 'alife gui --bench-draw'");
            a->o.offscreen = true;
            break;
        case O_SCRIPT:
            if (shot) return cli_usage_error(cmd, "--script belongs to 'alife gui'");
            a->script = optarg;
            break;
        case O_BRAIN:
            if (shot) return cli_usage_error(cmd, "--brain belongs to 'alife gui'");
            a->brain = optarg;
            break;
        case O_FROM:
            if (shot) return cli_usage_error(cmd, "--from belongs to 'alife gui'");
            a->from = optarg;
            break;
        case O_FOREVER:
            if (shot) return cli_usage_error(cmd, "--forever belongs to 'alife gui'");
            a->o.forever = true;
            break;
        case 'h':
            help();
            return 0;
        default:
            return cli_option_error(cmd, argv, c);
        }
    }
    if (optind < argc - 1)
        return cli_usage_error(cmd, "one config file only (got '%s' and '%s')", argv[optind],
                               argv[optind + 1]);
    if (optind == argc - 1) a->o.config_path = argv[optind];
    if (a->no_log) { // nothing is written; C still reads --db's runs, as its hint says
        a->o.db_path = NULL;
        a->o.read_db = a->db_arg;
    }
    if (a->o.offscreen && !a->bench && !a->script)
        return cli_usage_error(cmd, "--offscreen goes with --script or --bench-draw; for a "
                                    "picture use 'alife screenshot'");
    const char *driver = getenv("SDL_VIDEODRIVER");
    if (a->script && driver && (strcmp(driver, "dummy") == 0 || strcmp(driver, "offscreen") == 0))
        a->o.offscreen = true; // no screen to show a window on: draw into an image
    a->o.sets = (const char *const *)a->sets.items;
    a->o.set_count = a->sets.count;
    return -1;
}

// The frame loop: input, the frame's ticks, draw, show; 60 frames a second
// in a window, as fast as it goes offscreen. With a script, its actions are
// queued as events before the frame that is due to see them, and shot /
// state run after the frame is drawn. Returns false once the user quit.
typedef struct script_run {
    al_script *s;
    int64_t frame, waited;
    int status; ///< exit status once done: 0, or 1 on a failure
    bool over;  ///< no actions left
} script_run;

static bool due(al_gui *g, const script_run *sr, const al_script_action *a)
{
    switch (a->when) {
    case AL_AT_TICK: return al_gui_ticks(g) >= a->at;
    case AL_AT_GEN: return al_gui_generations(g) >= a->at;
    default: return sr->frame >= a->at;
    }
}

// Input actions due before this frame's events.
static void script_input(al_gui *g, script_run *sr)
{
    al_script *s = sr->s;
    while (s->next < s->n && due(g, sr, &s->a[s->next])) {
        al_script_action *a = &s->a[s->next];
        if (a->verb == AL_DO_SHOT || a->verb == AL_DO_STATE) return; // after drawing
        s->next++;
        sr->waited = 0;
        if (a->verb == AL_DO_QUIT) {
            SDL_Event e = {.type = SDL_QUIT};
            SDL_PushEvent(&e);
        } else if (a->verb == AL_DO_RESIZE) {
            al_gui_request_size(g, a->v[0], a->v[1]);
        } else if (!al_script_push(a)) {
            fprintf(stderr, "alife gui: %s:%d: SDL's event queue refused the action: %s\n",
                    s->path, a->line, SDL_GetError());
            sr->status = 1;
        }
    }
}

// The next action waits on a tick or generation the run will not reach
// without the user (al_gui_halted: it ended, or offscreen it is paused): it
// runs now, with a warning naming the line, so a script never waits for
// ever (`at gen 200` after the goal at 99 waited 200000 frames).
static void script_unwait(al_gui *g, script_run *sr)
{
    al_script *s = sr->s;
    if (s->next >= s->n) return;
    al_script_action *a = &s->a[s->next];
    char why[160];
    if (a->when == AL_AT_FRAME || due(g, sr, a) || !al_gui_halted(g, a->when == AL_AT_TICK, a->at, why, sizeof why))
        return;
    bool tick = a->when == AL_AT_TICK;
    // why names the generation; a tick line also says the tick it is at
    char at[48] = "";
    if (tick) snprintf(at, sizeof at, ", at tick %lld", (long long)al_gui_ticks(g));
    fprintf(stderr, "alife gui: %s:%d: warning: %s %lld will not come: %s%s; the line runs now\n", s->path,
            a->line, tick ? "tick" : "gen", (long long)a->at, why, at);
    a->when = AL_AT_FRAME;
    a->at = sr->frame;
}

// shot and state actions due after this frame was drawn.
static void script_output(al_gui *g, script_run *sr)
{
    al_script *s = sr->s;
    script_unwait(g, sr);
    while (s->next < s->n && due(g, sr, &s->a[s->next])) {
        al_script_action *a = &s->a[s->next];
        if (a->verb != AL_DO_SHOT && a->verb != AL_DO_STATE) return;
        s->next++;
        sr->waited = 0;
        if (a->verb == AL_DO_STATE) {
            al_gui_write_state(g, stdout);
        } else {
            alError err = {0};
            if (al_gui_save_png(g, a->text, &err) != AL_OK) {
                fprintf(stderr, "alife gui: %s:%d: shot %s: %s\n", s->path, a->line, a->text,
                        err.msg);
                sr->status = 1;
            }
        }
        script_unwait(g, sr); // the line after it may wait on the run too
    }
    if (s->next < s->n && s->a[s->next].when != AL_AT_FRAME && ++sr->waited > 200000) {
        fprintf(stderr, "alife gui: %s:%d: still waiting for %s %lld after 200000 frames\n",
                s->path, s->a[s->next].line, s->a[s->next].when == AL_AT_TICK ? "tick" : "gen",
                (long long)s->a[s->next].at);
        sr->status = 1;
        s->next = s->n;
    }
    sr->over = s->next >= s->n;
}

static void run_frames(al_gui *g, script_run *sr)
{
    const double frame_s = 1.0 / 60.0;
    bool offscreen = al_gui_offscreen(g);
    for (;;) {
        double t0 = al_now();
        if (sr) script_input(g, sr);
        if (sr) { // the next action waits on a generation (a replay's tick): no frame runs past it
            const al_script *s = sr->s;
            al_script_when when = s->next < s->n ? s->a[s->next].when : AL_AT_FRAME;
            al_gui_stop_at_generation(g, when == AL_AT_GEN ? s->a[s->next].at : 0);
            al_gui_stop_at_tick(g, when == AL_AT_TICK ? s->a[s->next].at : 0);
        }
        if (!al_gui_handle_events(g)) break;
        al_gui_update(g);
        al_gui_draw(g);
        al_gui_present(g);
        if (sr) {
            script_output(g, sr);
            sr->frame++;
            // Offscreen nobody can take over: the last action ends the run.
            if (sr->over && offscreen) break;
        }
        if (offscreen) continue;
        double left = frame_s - (al_now() - t0);
        if (left > 0.001) SDL_Delay((Uint32)(left * 1000.0));
    }
}

static int run_script(al_gui *g, al_script *s)
{
    script_run sr = {.s = s};
    run_frames(g, &sr);
    return sr.status;
}

int cmd_gui(int argc, char **argv)
{
    args a = {0};
    int status = parse("gui", argc, argv, &a, gui_help);
    if (status >= 0) {
        al_sets_free(&a.sets);
        return status;
    }
    if (a.bench) a.o.db_path = NULL; // a drawing benchmark runs no experiment
    alError err = {0};
    al_brain brain = {0};
    if (a.brain) {
        if (a.o.config_path) {
            al_sets_free(&a.sets);
            return cli_usage_error("gui", "--brain brings its run's config: no CONFIG with it");
        }
        if (al_brain_load(a.brain, &brain, &err) != AL_OK) {
            al_sets_free(&a.sets);
            return db_cli_fail("gui", &err);
        }
        a.o.config_path = a.brain; // names the config in messages
        a.o.config_text = brain.config;
        // The replay itself is not logged (open_session); the database is
        // kept for a new run (R, A, O, X), logged as any other.
        a.o.mode = "ants";
        a.o.brain = brain.stored;
        a.o.brain_n = brain.size;
        a.o.brain_seed = brain.seed;
        a.o.brain_gen = brain.gen;
        a.o.brain_fitness = brain.fitness;
    }
    al_script script = {0};
    if (a.script && al_script_load(&script, a.script, &err) != AL_OK) {
        al_sets_free(&a.sets);
        return db_cli_fail("gui", &err);
    }
    // --from RUN[:GEN]: the stored run's config, then its generation.
    char *from_config = NULL, from_label[160] = "";
    int64_t from_gen = -1;
    double from_best = NAN, from_mean = NAN;
    // The stored population to open with: generation GEN's, else GEN - 1's
    // (then one generation is run); none: re-simulate (why_not says why).
    al_gui_stored pop = {.gen = -1};
    void *pop_bytes = NULL;
    char pop_why[160] = "";
    alRunData *from_run = NULL; // kept for its generations' statistics (the table and plot)
    if (a.from) {
        char ref[128];
        snprintf(ref, sizeof ref, "%s", a.from);
        char *colon = strchr(ref, ':');
        if (colon) {
            *colon = '\0';
            if (!al_parse_int(colon + 1, 0, INT64_MAX, &from_gen)) {
                al_sets_free(&a.sets);
                al_script_free(&script);
                return cli_usage_error("gui", "--from %s: '%s' is not a generation number (0 or "
                                              "more)", a.from, colon + 1);
            }
        }
        if (!ref[0]) { // ":3" read as run "" ("no run  in runs.db")
            al_sets_free(&a.sets);
            al_script_free(&script);
            return cli_usage_error("gui", "--from %s: no run before the ':' (RUN[:GEN]: a run's number or "
                                          "uuid prefix, e.g. --from 3:20; 'alife runs' lists them)", a.from);
        }
        if (a.o.config_path || a.brain) {
            al_sets_free(&a.sets);
            al_script_free(&script);
            return cli_usage_error("gui", "--from brings its run's config: no CONFIG or --brain "
                                          "with it");
        }
        const char *db = a.db_arg ? a.db_arg : AL_DEFAULT_DB; // also with --no-log
        alRunData *run = NULL;
        alResult r = db_cli_read_run(db, ref, true, &run, NULL, 0, &err);
        if (r == AL_OK && strcmp(run->info.module, "steering") == 0) {
            // Steering has no generations and no population to carry on
            // (it offered "generation 2 re-simulated, no genome stored").
            al_sets_free(&a.sets);
            al_script_free(&script);
            int st = cli_usage_error("gui", "--from %s: run %lld is a steering run, and steering has no "
                                            "generations or population to open at: open a steering lesson instead (alife gui "
                                            "experiments/steering/boids.ini; 'alife show %lld' prints this run's config)",
                                     a.from, (long long)run->info.id, (long long)run->info.id);
            alDestroyRunData(run);
            return st;
        }
        if (r == AL_OK) {
            int64_t last = run->gen_count > 0 ? run->gens[run->gen_count - 1].gen : -1;
            if (from_gen < 0) from_gen = last + 1; // the population after the last stored one
            if (from_gen > last + 1)
                r = alError_Set(&err, AL_ERR_NOTFOUND,
                                "--from %s: run %s has generations 0 to %lld stored (allowed: "
                                "GEN from 0 to %lld)",
                                a.from, ref, (long long)last, (long long)(last + 1));
        }
        if (r == AL_OK) {
            for (int64_t i = 0; i < run->gen_count; ++i)
                if (run->gens[i].gen == from_gen - 1) {
                    from_best = run->gens[i].best;
                    from_mean = run->gens[i].mean;
                }
            // The module's stored blob (rank 0) of GEN, else of GEN - 1.
            const alRunGenome *best_pick = al_from_population(run, from_gen);
            if (best_pick && (pop_bytes = malloc(best_pick->size ? best_pick->size : 1)) != NULL) {
                memcpy(pop_bytes, best_pick->bytes, best_pick->size);
                pop = (al_gui_stored){.run = run->info.id,
                                      .gen = best_pick->gen,
                                      .bytes = pop_bytes,
                                      .size = best_pick->size};
            } else if (from_gen > 0) {
                snprintf(pop_why, sizeof pop_why, "no genome of generation %lld or %lld stored",
                         (long long)from_gen, (long long)from_gen - 1);
                pop.why_not = pop_why;
            }
            pop.run = run->info.id;
            from_config = strdup(run->info.config);
            // The database by its file name: a path filled the strip.
            const char *slash = strrchr(db, '/');
            snprintf(from_label, sizeof from_label, "run %lld (%s) of %s", (long long)run->info.id,
                     run->info.name, slash && slash[1] ? slash + 1 : db);
        }
        if (r == AL_OK && from_config) from_run = run;
        else alDestroyRunData(run);
        if (r != AL_OK || !from_config) {
            al_sets_free(&a.sets);
            al_script_free(&script);
            free(pop_bytes);
            if (r == AL_OK) alError_Set(&err, AL_ERR_NOMEM, "out of memory");
            return db_cli_fail("gui", &err);
        }
        a.o.config_path = a.from; // names the config in messages
        a.o.config_text = from_config;
    }
    a.o.script_clock = a.script != NULL; // the script's frames time its messages
    al_gui *g = al_create_gui(&a.o, &err);
    al_sets_free(&a.sets);
    al_brain_free(&brain); // the shell copied what it needs
    free(from_config);
    alGenStats *past = NULL;
    if (g && a.from) {
        // The stored generations before GEN, for the table and plot (the
        // window opened at generation 20 showed "none finished yet").
        if (from_run->gen_count > 0) past = calloc((size_t)from_run->gen_count, sizeof *past);
        for (int64_t i = 0; past && i < from_run->gen_count; ++i) {
            const alRunGen *rg = &from_run->gens[i];
            alGenStats *st = &past[pop.npast++];
            *st = (alGenStats){.gen = rg->gen, .best = rg->best, .mean = rg->mean, .worst = rg->worst,
                               .stddev = rg->stddev, .evaluations = rg->evaluations, .ticks = rg->ticks};
            for (int k = 0; k < from_run->figure_count && st->figure_count < AL_MAX_FIGURES; ++k) {
                st->figure_names[st->figure_count] = from_run->figure_names[k];
                st->figures[st->figure_count++] = rg->figures[k];
            }
        }
        pop.past = past;
        al_gui_start_at(g, from_gen, from_best, from_mean, from_label, &pop);
    }
    free(past);
    alDestroyRunData(from_run);
    free(pop_bytes);
    if (!g) {
        al_script_free(&script);
        return db_cli_fail("gui", &err);
    }
    if (a.bench) {
        double fps = al_gui_bench_draw(g, (int)a.bench, (int)a.frames);
        int w, h;
        SDL_Rect world, panel;
        al_gui_layout(g, &world, &panel);
        w = world.w + panel.w;
        h = world.h;
        printf("%lld triangles per frame, %lld frames, %dx%d, renderer %s%s: %.1f frames/s\n",
               (long long)a.bench, (long long)a.frames, w, h, al_gui_renderer_name(g),
               a.o.offscreen ? " (offscreen surface)" : "", fps);
        al_destroy_gui(g);
        return 0;
    }
    int rc = a.script ? run_script(g, &script) : (run_frames(g, NULL), 0);
    al_script_free(&script);
    // The window is closed: a run whose end (or a generation) could not be
    // stored must not pass unseen once the panel that said so is gone.
    if (al_gui_end_runs(g, &err) != AL_OK) {
        fprintf(stderr, "alife gui: %s\n", err.msg);
        rc = 1;
    }
    if (al_gui_stopped_by(g)) { // as 'alife run' says and exits when interrupted
        if (al_gui_runs_interrupted(g) > 0)
            fprintf(stderr, "alife gui: stopped by signal %d: the window's runs are marked interrupted\n",
                    al_gui_stopped_by(g));
        else // (a brain file's replay, --no-log, runs that stored no generation)
            fprintf(stderr, "alife gui: stopped by signal %d: nothing unfinished was logged, so no run is marked "
                            "interrupted\n",
                    al_gui_stopped_by(g));
        rc = 1;
    }
    al_destroy_gui(g);
    return rc;
}

int cmd_screenshot(int argc, char **argv)
{
    args a = {0};
    int status = parse("screenshot", argc, argv, &a, shot_help);
    if (status < 0 && !a.out)
        status = cli_usage_error("screenshot", "where to? give --out FILE.png");
    if (status >= 0) {
        al_sets_free(&a.sets);
        return status;
    }
    a.o.offscreen = true;
    alError err = {0};
    al_gui *g = al_create_gui(&a.o, &err);
    al_sets_free(&a.sets);
    if (!g) return db_cli_fail("screenshot", &err);
    int64_t done = al_gui_run_ticks(g, a.ticks);
    alResult r = al_gui_save_png(g, a.out, &err);
    if (r == AL_OK)
        printf("wrote %s (%s, %lld ticks, %lld generations%s)\n", a.out, al_gui_mode(g),
               (long long)done, (long long)al_gui_generations(g),
               al_gui_has_session(g) ? "" : "; module not in this build");
    al_destroy_gui(g);
    return r == AL_OK ? 0 : db_cli_fail("screenshot", &err);
}
