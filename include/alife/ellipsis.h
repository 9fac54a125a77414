/// ellipsis.h — the one sign that text was cut: "…" (U+2026, one character;
/// the window's fonts draw it). The core's messages (a value echoed in a
/// config error, a module's summary) and the app's cuts (al_name_cut,
/// al_text_fit, al_text_wrap) all use it, so "..." never stands for a cut.
#ifndef ALIFE_ELLIPSIS_H
#define ALIFE_ELLIPSIS_H

#define AL_ELLIPSIS "\xe2\x80\xa6"

#endif
