// png_write.h — writes RGBA pixels as a PNG file (libpng).
#ifndef ALIFE_GUI_PNG_WRITE_H
#define ALIFE_GUI_PNG_WRITE_H

#include <stdint.h>

#include "alife/error.h"

/// Writes w x h pixels, 4 bytes each in R, G, B, A order, rows stride bytes
/// apart, to path as an 8-bit RGB PNG (alpha dropped: the window is opaque).
/// The file is written to path.tmp and renamed, so a failed write never leaves
/// a half file. AL_ERR_IO naming the path on failure.
alResult al_png_write(const char *path, const uint8_t *rgba, int w, int h, int stride,
                      alError *err);

#endif
