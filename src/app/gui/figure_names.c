// The figures' display words and explanations (figure_names.h).
#include "figure_names.h"

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

char *al_figure_title(const char *name, char *out, size_t cap)
{
    const char *e = al_figure_explained(name);
    if (e[0])
        snprintf(out, cap, "%s: %s", al_figure_words(name), e);
    else
        snprintf(out, cap, "%s", al_figure_words(name));
    return out;
}
