// The keys a run that ended at its goal has no use for (shell.h,
// al_shell_key_after_goal), and the one way the window says so. A trial
// found the help still listing F, E, J and Shift+N after "GOAL REACHED",
// F doing nothing unsaid, and E and J refusing in two different wordings.
#include <stdio.h>
#include <string.h>

#include "alife/counted.h"
#include "shell.h"

bool al_shell_key_after_goal(const al_gui *g, shell_action act)
{
    if (!g->have_session || !g->s.goal) return false;
    if (act == K_GENERATION || act == K_FAST || act == K_FOREVER || act == K_JUMP) return true;
    // N is one generation where a tick is one (strings, XOR, pole; the
    // pole's solution plays on after the goal, Space pauses it).
    return act == K_TICK && g->view && g->view->tick_is_generation;
}

void al_shell_after_goal_words(const al_gui *g, const char *label, char *out, size_t cap)
{
    const char *why = al_session_stop_reason(&g->s, "finished");
    bool stalled = why && strcmp(why, "stalled") == 0;
    char gens[40];
    snprintf(out, cap, "%s%sdoes nothing now: %s after %s, nothing is left to evolve (R: a new run)",
             label ? label : "", label ? " " : "", stalled ? "the run stalled (goal not reached)" : "the goal is reached",
             alCounted(gens, sizeof gens, (long long)g->s.gens, "generation", NULL));
}

bool al_shell_key_at_limit(const al_gui *g, shell_action act)
{
    if (!g->have_session || !g->done || g->s.goal) return false;
    return act == K_FAST || act == K_GENERATION;
}

void al_shell_at_limit_words(const al_gui *g, const char *label, char *out, size_t cap)
{
    snprintf(out, cap, "%s%sdoes nothing now: the run is at its %s (E: evolve on, J: jump on)", label ? label : "",
             label ? " " : "", al_session_past_limit(&g->s) ? "target" : "limit");
}
