// gui_events.h — pushing user input into SDL's queue for the GUI tests.
// Include after <cmocka.h> and the SDL headers (through gui/gui.h).
#ifndef ALIFE_TESTS_GUI_EVENTS_H
#define ALIFE_TESTS_GUI_EVENTS_H

#include <stdio.h>
#include <string.h>

/// A key press of sym (no modifiers), as a user's.
static inline void push_key(SDL_Keycode sym)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = sym;
    assert_int_equal(SDL_PushEvent(&e), 1);
}

/// Typed text, as SDL delivers it to a focused text box.
static inline void push_text(const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    assert_int_equal(SDL_PushEvent(&e), 1);
}

#endif
