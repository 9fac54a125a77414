// gui.h — the GUI shell: one window (or an offscreen surface) with the world
// view on the left and the side panel on the right, driving one module
// session at a time. `alife gui` and `alife screenshot` are thin loops over
// this; the tests drive it offscreen with pushed SDL events.
//
// A frame is: al_gui_handle_events (input), al_gui_update (the frame's fixed
// ticks), al_gui_draw (draw; never simulates), al_gui_present.
#ifndef ALIFE_GUI_GUI_H
#define ALIFE_GUI_GUI_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "alife/config.h"
#include "alife/error.h"
#include "alife/module.h"

typedef struct al_gui al_gui;

/// How to open the shell. Fill from al_default_gui_opts().
typedef struct al_gui_opts {
    const char *mode;        ///< "steering", "estrings" or "ants"; NULL: the config's module
    const char *config_path; ///< INI file for its module's sessions; NULL: the lesson files
    const char *config_text; ///< INI text instead of reading config_path (which names it)
    /// A brain to replay in the ants view (alife gui --brain FILE): its
    /// generation's stored blob (brain_file.h), and the seed and generation
    /// of the world it was scored in.
    const unsigned char *brain;
    size_t brain_n; ///< bytes
    uint64_t brain_seed;
    int64_t brain_gen;
    double brain_fitness;
    const char *const *sets; ///< "section.key=value" overrides for the first mode's sessions
    int set_count;
    const char *db_path;  ///< run database; NULL: runs are not logged
    const char *read_db;  ///< the database C compares from (NULL: db_path): --db with --no-log
    const char *shot_dir; ///< where F12 writes PNGs (default "results", created if missing)
    int width, height;    ///< window or image size in pixels (default 1280 x 800)
    bool offscreen;       ///< draw with SDL's software renderer into a surface; no window
    bool forever;         ///< evolving runs have no generation limit (E toggles it)
    /// A script drives the window (alife gui --script): messages and the
    /// second press of a new run live by frames (60 a second), not the wall
    /// clock, so a script does the same however loaded the machine is.
    bool script_clock;
    /// Tests: NULL-terminated module classes to use instead of the build's;
    /// when set, views come only from views (NULL-terminated, may be NULL).
    const alModuleClass *const *modules;
    const struct al_view *const *views;
} al_gui_opts;

al_gui_opts al_default_gui_opts(void);

/// Initialises SDL (video; the dummy driver when offscreen and none is set),
/// SDL_ttf and the fonts, and opens the first session. Returns NULL with err
/// filled: AL_ERR_CONFIG for a bad config or --set (nothing is opened),
/// AL_ERR_USAGE when mode and the config's module differ, AL_ERR_NOTFOUND
/// when no font is found, AL_ERR_IO when there is no display (window mode).
al_gui *al_create_gui(const al_gui_opts *opts, alError *err);
/// Ends the run (finished, or interrupted when cut short), frees everything
/// and quits SDL. NULL is a no-op. A store failure while ending is lost
/// here: call al_gui_end_runs first to learn of it.
void al_destroy_gui(al_gui *g);
/// Ends every run of the window (the shown one and the parked ones) as
/// closing it does, and closes their databases. Returns the first store
/// failure of the window's life (a generation, a run's end or its closing
/// that could not be stored; err filled, naming the database and what was
/// lost) or AL_OK. The window stays usable for al_destroy_gui.
alResult al_gui_end_runs(al_gui *g, alError *err);

/// Handles every pending event (keys, mouse, resize, quit). Returns false
/// once the user asked to quit (Esc or closing the window) or a signal
/// (SIGINT, SIGTERM) arrived.
bool al_gui_handle_events(al_gui *g);
/// The signal (SIGINT, SIGTERM) that closed the window, or 0. Its runs end
/// interrupted; runs the user closes end finished at their limit or goal,
/// and a steering run always (it has no end in the window), else interrupted.
int al_gui_stopped_by(const al_gui *g);
/// How many logged runs al_gui_end_runs ended interrupted (0: none, e.g.
/// a brain file's replay, --no-log, or runs that stored no generation).
int al_gui_runs_interrupted(const al_gui *g);
/// Simulates this frame's ticks (speed ticks, or a time slice when
/// fast-forwarding), unless paused, finished or there is no module.
void al_gui_update(al_gui *g);
/// Draws the frame into the back buffer (and saves it when F12 was pressed).
void al_gui_draw(al_gui *g);
/// Shows the frame (window mode; a no-op offscreen).
void al_gui_present(al_gui *g);

/// Steps the session up to n ticks, or until it is done; returns ticks done.
int64_t al_gui_run_ticks(al_gui *g, int64_t n);
/// Draws the frame and writes it to path as a PNG.
alResult al_gui_save_png(al_gui *g, const char *path, alError *err);

/// The current mode: "steering", "estrings" or "ants".
const char *al_gui_mode(const al_gui *g);
/// Whether the simulation is paused.
bool al_gui_paused(const al_gui *g);
/// Whether the current mode's module is in this build (a session runs).
bool al_gui_has_session(const al_gui *g);
/// Ticks and generations of the current session (0 without one); in a
/// brain file's replay (--brain), where nothing evolves, the replayed
/// generation and its tick, as the header says them.
int64_t al_gui_ticks(const al_gui *g);
int64_t al_gui_generations(const al_gui *g);
/// Whether the shown run's ticks (ticks true) or generations cannot go on
/// without the user: no run, a run that ended (its limit, target or goal;
/// a brain file's replay still ticks), or offscreen a paused run with no
/// step to come. *why (cap bytes) says which, for a script's warning that
/// its `at tick N` / `at gen N` will never come.
bool al_gui_halted(const al_gui *g, bool ticks, char *why, size_t cap);
/// Frames stop simulating when generation gen is reached (0: no such stop),
/// so that a script's `at gen N` sees generation N and not one a fast frame
/// ran past (how many a frame runs depends on the machine's speed).
void al_gui_stop_at_generation(al_gui *g, int64_t gen);
/// Simulation speed in ticks per frame (below 1: one tick every few frames);
/// a held view's replay once its run is done (pole): its control steps a frame.
double al_gui_speed(const al_gui *g);
/// The current mode's resolved config (valid until the next mode switch or restart).
const alConfig *al_gui_config(const al_gui *g);
/// Path of the last F12 screenshot, or "" if none yet.
const char *al_gui_last_shot(const al_gui *g);
/// The world view's and the side panel's rectangles, in pixels.
void al_gui_layout(const al_gui *g, SDL_Rect *world, SDL_Rect *panel);
/// Writes the --script `state` line: one JSON object and a newline (mode,
/// tick, generation, paused, finished, overlays, settings, figures,
/// sections, ... see shell_state.c) as of the last drawn frame.
void al_gui_write_state(al_gui *g, FILE *out);
/// A stored generation's population for al_gui_start_at: what the module
/// stored for generation gen (its best_genome bytes); bytes NULL: none.
typedef struct al_gui_stored {
    int64_t run; ///< the stored run's id: recorded as the run the window's run continues
    int64_t gen;
    const void *bytes; ///< read during the call only
    size_t size;
    const char *why_not; ///< with bytes NULL: why none is used ("" or NULL: not said)
    const alGenStats *past; ///< the run's stored generations' statistics, in order (read during the call)
    int64_t npast;          ///< how many; those before the generation resumed from fill the table and plot
} al_gui_stored;

/// Opens at generation gen of a stored run (alife gui --from RUN:GEN), its
/// population alive, paused there. With a stored population (pop->bytes) of
/// generation gen the module resumes from it at once; of generation gen - 1,
/// from that, then one generation runs fast-forward. Otherwise (or when the
/// module refuses it, the reason said) the run is re-simulated from its
/// config and seed, fast-forward. Whenever a generation had to be run, the
/// last one done is checked against the stored statistics (best, mean of
/// generation gen - 1; NaN: nothing to check) and the result said.
/// The window's run records that it continues run pop->run from gen and
/// logs only the generations from gen on (from_run.h: the way there is the
/// stored run's).
void al_gui_start_at(al_gui *g, int64_t gen, double best, double mean, const char *label,
                     const al_gui_stored *pop);
/// Whether the shell draws into an offscreen surface (no window).
bool al_gui_offscreen(const al_gui *g);
/// Asks for a window of w x h pixels: the window is resized (its
/// resize event follows), or offscreen a resize event is queued that makes
/// a new surface of that size. Either way the change arrives as an event.
void al_gui_request_size(al_gui *g, int w, int h);

/// The renderer's name ("software", "opengl", ...).
const char *al_gui_renderer_name(const al_gui *g);

/// Draws n oriented triangles at seeded random places through the batch
/// helper for frames frames (presenting each one); returns frames per second.
double al_gui_bench_draw(al_gui *g, int n, int frames);

#endif
