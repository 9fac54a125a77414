// text_fit.h — text fitted to a box, the one way the window fits text:
// wrapped at spaces (or before a '/') to the box's width over as many lines
// as the box holds, the last line cut with "…" when the text is longer
// still, so nothing runs past its box and nothing is cut without a sign.
// Text drawn in the world area goes through al_canvas_text / al_draw_text
// (view.h), which use this and record what they drew for `state`.
#ifndef ALIFE_GUI_TEXT_FIT_H
#define ALIFE_GUI_TEXT_FIT_H

#include <stdbool.h>
#include <stddef.h>

#include "view.h"

enum { AL_FIT_MAX_LINES = 8, AL_FIT_LINE = 256 };

/// Text wrapped to a width (al_text_wrap).
typedef struct al_fitted {
    char line[AL_FIT_MAX_LINES][AL_FIT_LINE];
    int n;    ///< lines (0: nothing fits, or the text is empty)
    int w, h; ///< pixels: the widest line, n line heights
    bool cut; ///< shortened: its last line ends with "…", or no line fits
} al_fitted;

/// Wraps text (UTF-8) in font f to lines at most width pixels wide, over at
/// most max_lines lines (AL_FIT_MAX_LINES at most; 0: none): broken before a
/// space or a '/', inside a word only when one word is wider than width. The
/// last line is cut with "…" when text needs more lines. Returns out->cut.
bool al_text_wrap(const al_font *f, const char *text, int width, int max_lines, al_fitted *out);

/// The longest head of s (at most cap - 1 bytes) that fits width pixels in
/// f, broken before a space or '/' (mid-word only when one word is too
/// wide), never inside a UTF-8 character, copied into part; returns the bytes
/// of s it takes (at least one when s is not empty). A number that ends s
/// stays with the word before it ("separation 10": never alone on a line)
/// and a unit with its number ("30 s"), unless no other break fits.
size_t al_text_head(const al_font *f, const char *s, int width, char *part, size_t cap);

/// What al_canvas_text drew in the world area during a frame (for `state`).
enum { AL_CANVAS_MAX_TEXTS = 48 };
typedef struct al_canvas_texts {
    struct al_canvas_text_rec {
        char text[AL_SAY_MAX];                       ///< the whole text asked for
        char shown[AL_FIT_MAX_LINES * AL_FIT_LINE]; ///< the lines drawn, a space between
        SDL_Rect box;    ///< the box it was fitted to
        SDL_Rect drawn;  ///< what its lines cover (w 0: nothing drawn)
        bool cut;        ///< shortened with "…" (or left out: no line fitted)
    } t[AL_CANVAS_MAX_TEXTS];
    int n;
    int dropped; ///< texts drawn past AL_CANVAS_MAX_TEXTS (not recorded)
} al_canvas_texts;

#endif
