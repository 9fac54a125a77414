// shell.h — the GUI shell's private parts, shared by app.c (sessions,
// events, update) and shell_draw.c (layout and drawing). Not for views.
#ifndef ALIFE_GUI_SHELL_H
#define ALIFE_GUI_SHELL_H

#include "compare_view.h"
#include "gui.h"
#include "options.h"
#include "session.h"
#include "view.h"

enum { NMODES = 3, MAXFIG = 8, NSPEEDS = 13 };
static const char *const mode_names[NMODES] = {"steering", "estrings", "ants"};
static const char *const mode_titles[NMODES] = {"Steering playground", "String evolution (GA)",
                                                "Neural ant foragers"};
static const int speeds[NSPEEDS] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000};

// Per-generation history for the plot and the "last generations" list.
// The shell's keys: short text for the panel, longer for the help overlay.
static const char *const shell_keys[][3] = {
    {"1 2 3", "switch mode", "steering / string evolution / ants (a new run)"},
    {"Space", "pause / run", "pause or run the simulation"},
    {"N", "one tick", "simulate one tick (pauses first)"},
    {"+ -", "speed", "simulation speed: ticks per frame"},
    {"F", "fast-forward", "simulate without drawing the world; the panel keeps updating"},
    {"C", "compare", "pick runs from the database: their curves join the plot"},
    {"R", "new run", "start a new run with seed + 1"},
    {"H", "help", "this help"},
    {"F12", "screenshot", "save the window as a PNG into results/"},
    {"Esc", "quit", "quit (an unfinished run is logged as interrupted)"},
};
enum { NSHELLKEYS = (int)(sizeof shell_keys / sizeof shell_keys[0]) };

typedef struct history {
    double *best, *mean, *worst;
    double *fig[MAXFIG];
    const char *fig_name[MAXFIG];
    int nfig;
    int n, cap;
} history;

struct al_gui {
    // options, copied
    char *config_path;
    char config_module[16]; ///< module of config_path ("" without one)
    al_sets sets;           ///< --set overrides, for sets_mode's sessions
    int sets_mode;
    al_sets extra[NMODES];    ///< overrides asked for by views, per mode
    int64_t seed_for[NMODES]; ///< seed of the next session of each mode (-1: config's)
    char *db_path;
    char shot_dir[512];
    bool offscreen;
    const alModuleClass *const *modules; ///< tests' own classes (NULL: the build's)
    const al_view *const *views;         ///< with modules: the views to use

    SDL_Window *win;
    SDL_Surface *surface; ///< offscreen target
    SDL_Renderer *r;
    al_font *font, *small, *mono, *title;
    al_batch batch;
    al_compare_view *cmpv; ///< the compare view (C): runs from the database on the plot

    int mode;
    alConfig *cfg; ///< the current mode's resolved config (for display)
    al_session s;
    bool have_session;
    const al_view *view;
    al_view_ctx ctx;
    history hist;

    bool paused, fast, help, done, quit, step_once, shot_pending;
    int speed_idx;
    int64_t piece; ///< ticks per al_session_advance call in a frame (adapted to ~5 ms)
    double fps, last_frame;
    char message[600];
    SDL_Color message_col;
    double message_until;
    char last_shot[600];
};

/// Shows a message in the panel for ten seconds (printf-style).
void al_shell_say(al_gui *g, SDL_Color col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// The renderer's output size in pixels.
void al_shell_output_size(const al_gui *g, int *w, int *h);
/// The world view's canvas for the current size and session.
void al_shell_canvas(al_gui *g, al_canvas *c);

#endif
