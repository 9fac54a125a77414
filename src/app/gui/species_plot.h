// species_plot.h — the stacked species plot of a NEAT run (the classic
// figure of Stanley and Miikkulainen 2002): generations across, the
// population up, one band per species, stacked in the order they were
// founded, as wide as the species is large. A view keeps one, feeds it the
// run's alNeat once per frame (al_species_plot_track records each new
// generation's species) and draws it as a panel section "Species".
#ifndef ALIFE_GUI_SPECIES_PLOT_H
#define ALIFE_GUI_SPECIES_PLOT_H

#include <stdbool.h>
#include <stdint.h>

#include "alife/neat.h"
#include "view.h"

typedef struct al_species_plot al_species_plot;

/// An empty plot, or NULL when out of memory. Destroy(NULL) is a no-op.
al_species_plot *al_species_plot_create(void);
void al_species_plot_destroy(al_species_plot *sp);
/// Records the species of ne's current generation if it is not recorded
/// yet (a generation seen twice is recorded once). Call it at the end of
/// every generation (the view's generation hook), so that generations a
/// fast frame runs through get their column too. Memory stays bounded:
/// past AL_SPECIES_PLOT_KEEP generations the older half is dropped.
void al_species_plot_track(al_species_plot *sp, const alNeat *ne);
/// What the plot says while no generation is scored, a static string kept
/// by pointer (NULL: "no generations yet"), e.g. that a brain file's
/// generation is replayed and nothing evolves. sp NULL: a no-op.
void al_species_plot_set_empty(al_species_plot *sp, const char *says);
enum { AL_SPECIES_PLOT_KEEP = 4096 };
/// Bands drawn at most: the largest species of the last generation get one
/// each, all others share one grey band on top ("other N species").
enum { AL_SPECIES_PLOT_BANDS = 12 };
/// The plot's height in panel p, pixels: 96 where the panel is 900 px or
/// taller, else 52 (at 40 the bands were too thin to see), so every view
/// draws it alike.
int al_species_plot_height(const al_panel *p);
/// Generations recorded, and species in the last of them.
int al_species_plot_generations(const al_species_plot *sp);
int al_species_plot_species_now(const al_species_plot *sp);
/// The section "Species (stacked sizes)": the plot height px tall in the
/// panel, with the axes' ranges and the species count now (it notes the
/// columns it drew, for the report). The caption under the bands takes one
/// line, in the longest of its forms that fits (al_species_plot_caption's
/// the first), so the bands' height never depends on what it says.
void al_species_plot_panel(al_species_plot *sp, al_panel *p, int height);
/// The caption under the columns, one per scored generation: "generation
/// G; N species now" for one, "generations A .. B; N species now" for
/// more (the generation numbers the table shows, 0 the first), "no
/// generations yet" (or what al_species_plot_set_empty set) for none; with more than
/// AL_SPECIES_PLOT_BANDS species it goes on ": the 12 largest, grey the other N".
void al_species_plot_caption(const al_species_plot *sp, char *out, size_t cap);
/// Adds its figures to a view's `state` report: species_plot_generations,
/// species_plot_now, species_plot_first and _last (the scored generations
/// drawn, as the caption names them), species_plot_gaps (generations missing between them) and
/// species_plot_columns and species_plot_bands (of the last column, the grey
/// band one), drawn last; species_plot_h and _w (the bands' rectangle,
/// pixels) and species_plot_caption_px (its caption's width); its caption
/// into r->species.
void al_species_plot_report(const al_species_plot *sp, al_view_report *r);

#endif
