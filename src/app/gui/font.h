// font.h — finding a TTF font at run time and baking it into glyph atlases
// (shell-internal; views use the al_font functions in view.h).
#ifndef ALIFE_GUI_FONT_H
#define ALIFE_GUI_FONT_H

#include <SDL.h>

#include "alife/error.h"
#include "view.h"

/// Which face to look for.
typedef enum al_face { AL_FACE_SANS, AL_FACE_BOLD, AL_FACE_MONO } al_face;

/// Finds a font file for face: $ALIFE_FONT when set (an unreadable one is an
/// error), else the first readable one of a few standard Debian, Fedora and
/// Arch paths; the bold and mono faces fall back to the sans one. Writes the
/// path into out. On failure err names every path tried and the package to
/// install (AL_ERR_NOTFOUND).
alResult al_font_find(al_face face, char *out, size_t cap, alError *err);

/// Opens path at px pixels and renders printable ASCII into an atlas texture
/// of renderer r. NULL on failure (err filled). Needs TTF_Init().
al_font *al_font_create(SDL_Renderer *r, const char *path, int px, alError *err);
/// Frees the font and its texture; NULL is a no-op.
void al_font_destroy(al_font *f);

#endif
