// script.h — `alife gui --script FILE`: a plain-text list of user actions
// played into the window through SDL's event queue, the same path a user's
// keys and mouse take. The tests drive the window with it, and a teacher can
// record a demo.
//
//   # a comment
//   at 120 key F            key names: a letter or digit, F1..F12, space,
//   at 121 key shift+c      pageup, pagedown, insert, delete, escape, return,
//   at 200 type "Ada"       left ... or any SDL key name; modifiers shift+,
//   at 300 click 410 250    ctrl+, alt+. click/drag/scroll in window pixels;
//   at 310 drag 100 100 300 300     scroll N notches (negative: down)
//   at 320 scroll 900 300 -2
//   at 400 resize 720 480
//   at 500 shot out.png     writes the frame as a PNG
//   at 600 state            prints one JSON line about the window to stdout
//   at 700 quit
//
// "at N" is a frame number; "at tick N" and "at gen N" wait until the
// current mode's run has reached that tick or generation; one the run will
// not reach (it ended, or offscreen it is paused, or a tick past a brain
// file's replayed generation: al_gui_halted) runs at once, with a warning
// on stderr naming the line; a brain file's replay, which loops its
// generation, stops a frame at the tick awaited (al_gui_stop_at_tick). Actions run in file
// order: each waits for its moment after the one before it, so a frame
// smaller than an earlier line's frame is an error.
#ifndef ALIFE_GUI_SCRIPT_H
#define ALIFE_GUI_SCRIPT_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "alife/error.h"

typedef enum al_script_when { AL_AT_FRAME, AL_AT_TICK, AL_AT_GEN } al_script_when;

typedef enum al_script_verb {
    AL_DO_KEY,
    AL_DO_TYPE,
    AL_DO_CLICK,
    AL_DO_RCLICK,
    AL_DO_DRAG,
    AL_DO_SCROLL,
    AL_DO_MOVE,
    AL_DO_RESIZE,
    AL_DO_SHOT,
    AL_DO_STATE,
    AL_DO_QUIT,
} al_script_verb;

typedef struct al_script_action {
    al_script_when when;
    int64_t at;
    al_script_verb verb;
    SDL_Keycode key;
    Uint16 mod;
    int v[4];
    char *text; ///< type's text, shot's path (owned)
    int line;   ///< line in the file, for messages
} al_script_action;

typedef struct al_script {
    al_script_action *a;
    int n, cap;
    int next; ///< index of the next action to run
    char path[512];
} al_script;

/// Reads and checks a script. A bad line is AL_ERR_USAGE with err naming the
/// file, the line and what is wrong; AL_ERR_IO when it cannot be read.
alResult al_script_load(al_script *s, const char *path, alError *err);
/// Parses one line (no newline) into s; line is its number for messages.
alResult al_script_parse_line(al_script *s, const char *text, int line, alError *err);
void al_script_free(al_script *s);

/// Parses a key name ("F", "shift+c", "F1", "pageup"); false if unknown.
bool al_script_key(const char *name, SDL_Keycode *key, Uint16 *mod);

/// Pushes the SDL events of an input action (key, type, click, drag,
/// scroll, move) into SDL's queue. Returns false if the queue refused one.
bool al_script_push(const al_script_action *a);

#endif
