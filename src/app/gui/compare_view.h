// compare_view.h — the GUI's compare view: press C to pick runs of the
// current module from the run database; their curves are drawn over the
// side panel's plot, beside the run in progress, until C clears them.
//
// The picker is an overlay listing the database's runs of the module (newest
// first): Up/Down move, Space or Enter ticks a run, G toggles grouping the
// ticked runs by their sweep group (mean line per group), C or Esc closes it.
// The list and the ticked runs' curves are re-read every two seconds, so
// runs logged meanwhile (by this window or another process) show up and
// grow. The curves come from the same compare model as `alife compare`.
#ifndef ALIFE_GUI_COMPARE_VIEW_H
#define ALIFE_GUI_COMPARE_VIEW_H

#include <SDL.h>
#include <stdbool.h>

#include "plot.h"
#include "view.h"

typedef struct al_compare_view al_compare_view;

/// A closed picker with nothing ticked; NULL when out of memory.
al_compare_view *al_create_compare_view(void);
/// NULL is a no-op.
void al_destroy_compare_view(al_compare_view *v);

/// Opens the picker on the runs of module in db_path (re-read now), or
/// closes it.
void al_compare_view_toggle(al_compare_view *v, const char *db_path, const char *module);
/// The run the window shows now (0: none, e.g. not logging): the picker
/// does not offer it, since its curve is the live one on the plot. Call it
/// before toggle and once per frame; a change re-reads the list when due.
void al_compare_view_set_current(al_compare_view *v, int64_t run_id);
/// Whether the picker is open (it then takes the keyboard).
bool al_compare_view_open(const al_compare_view *v);
/// Handles an event while the picker is open; returns true when used.
bool al_compare_view_event(al_compare_view *v, const SDL_Event *e);
/// Re-reads the database when due (every 2 s while anything is ticked or the
/// picker is open). Call once per frame.
void al_compare_view_refresh(al_compare_view *v);
/// Runs the picker lists, and (in *hidden) the empty or left window runs it
/// does not (A lists them too).
int al_compare_view_listed(const al_compare_view *v, int *hidden);
/// Why something is not drawn ("" when all is), and in *skipped the ticked
/// runs left off the plot because they have no generation stored.
const char *al_compare_view_note(const al_compare_view *v, int *skipped);
/// Number of ticked runs of module whose curves are loaded (0 when the
/// ticked runs are of another module).
int al_compare_view_count(const al_compare_view *v, const char *module);
/// Why the open picker lists no run and how to make one it can compare (a
/// static buffer); "" when it lists some, is closed, or has no database.
const char *al_compare_view_why_empty(const al_compare_view *v);
/// The open picker's line of counts as last drawn, on one line ("1 run, 0
/// ticked; curves: ..."); "" when it is closed.
const char *al_compare_view_counts(const al_compare_view *v);

/// The picker's columns as last drawn (run, name, seed, status, gens, best,
/// group): x[c] from the rows' text start and w[c] the widest text of the
/// column, pixels; x and w hold 7. Returns how many (7).
int al_compare_view_columns(const al_compare_view *v, int *x, int *w);

/// Row i's name column as the picker draws it (the whole name, or cut in
/// the middle when longer than 40 characters: name_cut.h); NULL past the
/// list's end.
const char *al_compare_view_row_name(const al_compare_view *v, int i);

/// Draws the panel's plot into area: the ticked runs' best curves (or their
/// groups' means and bands) in the compare colours from the second on (the
/// first is close to the live best's orange), then the live series on top
/// (pass the live best only: the comparison is of best fitness); returns
/// what the plot drew.
al_plot_drawn al_compare_view_draw_plot(al_compare_view *v, SDL_Renderer *r, const al_font *font,
                                        SDL_Rect area, const char *ytitle, const al_series *live,
                                        int nlive);
/// Draws the picker overlay over the whole output (w x h), when open: the
/// runs, and below them the ticked runs' curves (as they will join the plot).
void al_compare_view_draw_picker(al_compare_view *v, SDL_Renderer *r, const al_font *font,
                                 const al_font *small, const al_font *title, int w, int h);

/// Row i of the picker's list as last drawn (its columns cut to the row,
/// joined by two spaces; "" before it was drawn), *over whether it ran past
/// the row's right edge; NULL past the list.
const char *al_compare_view_row(const al_compare_view *v, int i, bool *over);

#endif
