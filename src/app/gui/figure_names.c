// The figures' display words and explanations (figure_names.h).
#include "figure_names.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const struct figure_name {
    const char *name, *words, *explained;
} names[] = {
    {"food_mean", "food per ant", "mean food eaten per ant"},
    {"baseline_mean", "greedy group", "hand-written foragers' food per ant"},
    {"baseline_mines", "greedy group's mines", "mines hit per ant of the greedy group, which ignores mines"},
    {"mines_mean", "mines per ant", "mines hit per ant (lower is better)"},
    {"distance_mean", "distance per ant", "mean distance an ant travelled"},
    {"diversity", "diversity", "how much the genomes differ"},
    {"sigma", "step size", "CMA-ES's sigma: how far it samples around its mean"},
    {"axis_ratio", "axis ratio", "longest / shortest axis of CMA-ES's search ellipse"},
    {"lambda", "population", "CMA-ES's lambda: candidates per generation"},
    {"restart", "restarts", "IPOP restarts so far (each with a larger population)"},
    {"species", "species", "NEAT's species this generation"},
    {"threshold", "compatibility threshold", "NEAT's distance at which genomes split into species"},
    {"best_nodes", "nodes of the best", "neurons in the best network"},
    {"best_conns", "links of the best", "enabled connections in the best network"},
    {"breeding", "breeding species", "species allowed offspring this generation"},
    {"best_steps", "steps balanced", "the best controller's steps balanced"},
    {"generalisation", "generalisation", "starts of 625 the solution balances from"},
    {"solved", "solved", "1 once a solution was found"},
    {"order", "order", "how aligned the flock is (1: all one way)"},
    {"groups", "groups", "separate flocks"},
    {"mean_speed", "mean speed", "world units per second"},
    {"nn_distance", "nearest neighbour", "mean distance to the nearest vehicle"},
    {"fleeing", "fleeing", "vehicles that see the threat"},
    {"target_distance", "target distance", "mean distance to the quarry, leader or midpoint"},
    {"contacts", "contacts", "pair-ticks of touching bodies per report"},
};

static const struct figure_name *find(const char *name)
{
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; ++i)
        if (strcmp(names[i].name, name) == 0) return &names[i];
    return NULL;
}

const char *al_figure_words(const char *name)
{
    const struct figure_name *f = find(name);
    if (f) return f->words;
    static char buf[64];
    snprintf(buf, sizeof buf, "%s", name ? name : "");
    for (char *c = buf; *c; ++c)
        if (*c == '_') *c = ' ';
    return buf;
}

const char *al_figure_explained(const char *name)
{
    const struct figure_name *f = find(name);
    return f ? f->explained : "";
}

// The figures whose values below 0 are no measurement, and what an empty
// plot of one says (the generalisation score is -1 until the first test;
// plotted as a value it drew a flat line at -1, on an axis of -1 .. 0).
static const struct {
    const char *name, *says;
} nones[] = {
    {"generalisation", "not tested yet: no controller has balanced the long trial"},
};

const char *al_figure_none(const char *name)
{
    for (size_t i = 0; name && i < sizeof nones / sizeof nones[0]; ++i)
        if (strcmp(nones[i].name, name) == 0) return nones[i].says;
    return NULL;
}

char *al_figure_title(const char *name, char *out, size_t cap)
{
    const char *e = al_figure_explained(name);
    if (e[0])
        snprintf(out, cap, "%s: %s", al_figure_words(name), e);
    else
        snprintf(out, cap, "%s", al_figure_words(name));
    return out;
}

// Whether c can be part of a log or config name ("mines_mean",
// "ants.mine_range", "target_species=2"): a name next to one is part of a
// longer name, not the figure.
static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '=';
}

// Whether s, just after a name, goes on with it ("_x", "=2", ".count";
// not a sentence's full stop).
static bool name_goes_on(const char *s)
{
    return name_char(s[0]) && !(s[0] == '.' && !isalnum((unsigned char)s[1]));
}

void al_figure_words_in(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    if (cap == 0) return;
    for (const char *s = text ? text : ""; *s && n + 1 < cap;) {
        const struct figure_name *hit = NULL;
        if (s == text || !name_char(s[-1]))
            for (size_t i = 0; !hit && i < sizeof names / sizeof names[0]; ++i) {
                size_t len = strlen(names[i].name);
                if (strchr(names[i].name, '_') && strncmp(s, names[i].name, len) == 0 && !name_goes_on(s + len))
                    hit = &names[i];
            }
        // Already "words (name)": left as it is.
        size_t wl = hit ? strlen(hit->words) : 0;
        bool named = hit && n >= wl + 2 && out[n - 1] == '(' && out[n - 2] == ' ' &&
                     strncmp(out + n - 2 - wl, hit->words, wl) == 0;
        if (hit && !named) {
            int k = snprintf(out + n, cap - n, "%s (%s)", hit->words, hit->name);
            n = k < 0 ? n : n + (size_t)k < cap ? n + (size_t)k : cap - 1;
            s += strlen(hit->name);
        } else {
            out[n++] = *s++;
        }
    }
    out[n] = '\0';
}
