// overlay_scroll.h — what the help (H, F1) and lesson (L) overlays share:
// a box centred over the dimmed window, rows scrolled by the wheel, Up/Down
// and PgUp/PgDn (clamped to what was last drawn), and the foot line that
// shows the "more above / below" sign (al_shell_more_sign) when rows are out
// of view, or a line of text when all of them are in it.
#ifndef ALIFE_GUI_OVERLAY_SCROLL_H
#define ALIFE_GUI_OVERLAY_SCROLL_H

#include <stdbool.h>

#include "shell.h"

/// Clamps *top, the first row shown, to 0 .. rows - visible (0 when every
/// row is in view).
void al_overlay_clamp(int *top, int rows, int visible);

/// Dims the whole window, draws the overlay's box (bw x bh pixels, centred)
/// with its outline, and clips drawing to it (SDL_RenderSetClipRect(r, NULL)
/// ends that). Returns the box.
SDL_Rect al_overlay_box(al_gui *g, int bw, int bh);

/// Which keys close the help and the lesson, true at every size: Up Down
/// and PgUp PgDn scroll them (or do nothing when all of it shows) and
/// Space pauses the run; any other key closes. The help ("Esc or any other
/// key but Space closes this help") and the lesson said otherwise.
#define AL_OVERLAY_CLOSE_KEYS "Any key but Space and the scroll keys (Up Down, PgUp PgDn)"

/// The overlay's foot line, its text at y: when rows are out of view (above
/// or below) the "more" sign over the box's width, naming the scroll keys
/// (keys), drawn 2 px higher; else text in col at the box's text margin.
/// Returns the sign's rectangle (w 0: no sign drawn).
SDL_Rect al_overlay_foot(al_gui *g, SDL_Rect box, int y, bool above, bool below, const char *keys, SDL_Color col,
                         const char *text);

/// What the run behind the overlay does, at the right of its title row
/// (title_w: the title's width in pixels), or under it when it does not fit
/// beside it: the help and the lesson do not pause the run, and Space pauses
/// it with the overlay open ("" when there is no live run). Kept in
/// g->overlay_note for `state`.
void al_overlay_run_note(al_gui *g, SDL_Rect box, int title_w);

#endif
