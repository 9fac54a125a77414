// Asking before a key throws away an evolved run (shell.h,
// al_shell_confirm_new_run). One rule for every mode's new-run keys (R and
// the views' restart requests: A O X in ants, M P in strings), kept here in
// the shell so that no view asks in its own way. A trial found a single A,
// meant for the closed compare picker, had ended an evolved ants run.
#include <stdio.h>
#include <string.h>

#include "../options.h"
#include "shell.h"

enum { CONFIRM_SECONDS = 4 }; // "a few seconds" for the second press

// What an override changes, in words for the strip; the setting's own
// name for one not listed.
static const struct {
    const char *key, *words;
} changes[] = {
    {"ants.count", "the ant count"},
    {"ants.food", "the food items"},
    {"ants.mines", "the mines"},
    {"estrings.alphabet", "the alphabet"},
    {"estrings.population", "the population"},
    {"ga.mutation_rate", "the mutation rate"},
    {"steering.scenario", "the scenario"},
};

static void change_words(const char *assignment, char *out, size_t cap)
{
    if (!assignment) {
        snprintf(out, cap, "the seed");
        return;
    }
    size_t n = strcspn(assignment, "=");
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; ++i)
        if (strlen(changes[i].key) == n && strncmp(changes[i].key, assignment, n) == 0) {
            snprintf(out, cap, "%s", changes[i].words);
            return;
        }
    snprintf(out, cap, "%.*s", (int)n, assignment);
}

static bool is_shift(const SDL_KeyboardEvent *k) { return (k->keysym.mod & KMOD_SHIFT) != 0; }

bool al_shell_run_at_stake(const al_gui *g)
{
    // Nothing evolved yet, a finished run, steering (no generations: its
    // runs are stored as finished when closed), or a brain file's replay
    // (nothing of it is logged): nothing to lose. A run evolved on past its
    // limit (E, J) is stored as finished too, but its living population is
    // still lost (a trial's A after E threw it away unasked).
    return g->have_session && g->s.gens >= 1 && !g->done && !(g->view && g->view->no_table) &&
           !al_shell_brain_replay(g);
}

void al_shell_confirm_words(const al_gui *g, char *out, size_t cap)
{
    if (al_shell_run_at_stake(g))
        snprintf(out, cap, "; this run has evolved, so R asks first (R again within %d s)", CONFIRM_SECONDS);
    else if (!g->have_session || (g->view && g->view->no_table) || al_shell_brain_replay(g))
        snprintf(out, cap, "%s", ""); // nothing of theirs to lose: never asked
    else if (g->done)
        snprintf(out, cap, "; at once now, the run being at its end (while one evolves, R asks first)");
    else
        snprintf(out, cap, "; at once until a generation is done, then R asks first (R again)");
}

const char *al_shell_unasked_why(const al_gui *g)
{
    if (!g->have_session || al_shell_run_at_stake(g) || (g->view && g->view->no_table) || al_shell_brain_replay(g))
        return NULL;
    return g->done ? "its run had ended, stored as finished" : "no generation of its run was done yet";
}

void al_shell_change_words(const char *assignment, char *out, size_t cap) { change_words(assignment, out, cap); }

bool al_shell_confirm_new_run(al_gui *g, const SDL_KeyboardEvent *k, const char *assignment)
{
    if (!al_shell_run_at_stake(g)) {
        g->confirm_sym = 0;
        return true;
    }
    double now = al_shell_now(g);
    if (g->confirm_sym == k->keysym.sym && g->confirm_shift == is_shift(k) && now <= g->confirm_until) {
        g->confirm_sym = 0;
        return true;
    }
    g->confirm_sym = k->keysym.sym;
    g->confirm_shift = is_shift(k);
    g->confirm_until = now + CONFIRM_SECONDS;
    char name[40], words[64];
    snprintf(name, sizeof name, "%s%s", is_shift(k) ? "Shift+" : "", SDL_GetKeyName(k->keysym.sym));
    change_words(assignment, words, sizeof words);
    // The time limit is said, and the prompt leaves the strip when it ends
    // (it stood 10 s, saying "press A again" for 6 s after that did nothing).
    if (assignment)
        al_shell_say(g, AL_COL_WARN,
                     "%s changes %s and starts a new run: press %s again within %d s to do it (any other key: keep "
                     "this run)",
                     name, words, name, CONFIRM_SECONDS);
    else
        al_shell_say(g, AL_COL_WARN,
                     "%s throws this run away for a new one (seed + 1): press %s again within %d s to do it (any "
                     "other key: keep this run)",
                     name, name, CONFIRM_SECONDS);
    g->message_until = g->confirm_until;
    return false;
}

void al_shell_confirm_other(al_gui *g, const SDL_KeyboardEvent *k)
{
    if (g->confirm_sym == 0) return;
    if (k->keysym.sym == g->confirm_sym && is_shift(k) == g->confirm_shift) return;
    // Shift, Ctrl and the like alone are part of the next press, not another key.
    switch (k->keysym.sym) {
    case SDLK_LSHIFT:
    case SDLK_RSHIFT:
    case SDLK_LCTRL:
    case SDLK_RCTRL:
    case SDLK_LALT:
    case SDLK_RALT:
    case SDLK_LGUI:
    case SDLK_RGUI: return;
    default: break;
    }
    if (g->confirm_until > 0 && g->confirm_sym) al_shell_say(g, AL_COL_TEXT, "this run goes on");
    g->confirm_sym = 0;
}
