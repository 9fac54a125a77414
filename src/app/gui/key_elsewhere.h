// key_elsewhere.h — what a letter key means in the other modes, for a mode
// where it means nothing: read from the views' own key tables (keys_help),
// so every mode answers an unused key the same way (strings, XOR and pole
// left the last message on screen; steering explained its own).
#ifndef ALIFE_GUI_KEY_ELSEWHERE_H
#define ALIFE_GUI_KEY_ELSEWHERE_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

/// Writes into out (cap bytes, cut to fit) what the letter key sym does in
/// the views (views[m] of mode m, named names[m]; NULL entries skipped) that
/// list it, saying it means nothing in mode here: "I means nothing in xor;
/// in ants (3): the brain of ...". false (out untouched) when sym is not a
/// letter or the view of here lists it (that view says why itself).
bool al_key_elsewhere(SDL_Keycode sym, const al_view *const *views, const char *const *names, int n, int here,
                      char *out, size_t cap);

#endif
