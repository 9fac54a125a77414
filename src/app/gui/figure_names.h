// figure_names.h — the words the window shows for a module's statistics
// figures ("food_mean" is "food per ant"), and a short explanation for the
// plot's title: one table for every view, the plot's legend and title.
#ifndef ALIFE_GUI_FIGURE_NAMES_H
#define ALIFE_GUI_FIGURE_NAMES_H

#include <stddef.h>

/// The display words of figure name ("food per ant", "greedy group's food");
/// a name not in the table is returned with its underscores as spaces (in a
/// static buffer, valid until the next call).
const char *al_figure_words(const char *name);
/// What the figure measures, in a few words ("the step size: how far
/// CMA-ES samples from its mean"), or "" when the words say it all.
const char *al_figure_explained(const char *name);
/// What an empty plot of figure name says when its values below 0 are no
/// measurement ("not tested yet: ..." for the generalisation score, -1
/// until the first test), or NULL when every value is one.
const char *al_figure_none(const char *name);
/// The plot title of a figure plotted alone: "words: explanation" (or the
/// words alone), written into out (cap bytes); returns out.
char *al_figure_title(const char *name, char *out, size_t cap);
/// text (a lesson's or the help's) as the window shows it, into out (cap
/// bytes): each figure's log name ("mines_mean", one with a '_') written
/// in the plot's words, the name after them in parentheses for the command
/// line ("mines per ant (mines_mean)"); a name already so written, or part
/// of a longer one ("ants.mine_range"), is left as it is.
void al_figure_words_in(const char *text, char *out, size_t cap);

#endif
