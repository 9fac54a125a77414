// jump_prompt.c — J's prompt (shell.h: al_jump_prompt_*): the digits it
// keeps, and in plain words what it will not take. A trial typed "abc" (the
// letters were dropped unsaid and Enter closed the box with no word) and
// twenty nines (cut to fifteen unsaid: "evolving on past the limit of 5000
// to generation 999999999999999").
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "shell.h"

int64_t al_jump_max(void)
{
    // The generation limit's own range: J goes no further than a run could
    // be limited to.
    const alKeyDef *k = alSchema_Find("run.generations");
    return k ? (int64_t)k->max : 1000000000;
}

void al_jump_prompt_open(al_gui *g)
{
    g->jump_typing = true;
    g->jump_text[0] = '\0';
    g->jump_left_out[0] = '\0';
    g->jump_drop_j = true;
}

// The digits typed, as a number, or -1 when they are more than al_jump_max.
static int64_t typed(const al_gui *g)
{
    size_t n = strlen(g->jump_text);
    if (n >= sizeof g->jump_text - 1) return -1; // (digits past the box's room were kept out: too many)
    long long v = n > 18 ? -1 : strtoll(g->jump_text, NULL, 10);
    return v < 0 || v > al_jump_max() ? -1 : v;
}

static void say_too_large(al_gui *g)
{
    al_shell_say(g, AL_COL_WARN,
                 "J: %s%s is too large: the largest generation J goes to is %lld (E: evolve on with no limit)",
                 g->jump_text, strlen(g->jump_text) >= sizeof g->jump_text - 1 ? AL_ELLIPSIS : "",
                 (long long)al_jump_max());
}

void al_jump_prompt_type(al_gui *g, const char *text)
{
    bool left_out = false;
    for (const char *c = text; *c; ++c) {
        size_t n = strlen(g->jump_text), m = strlen(g->jump_left_out);
        if (*c >= '0' && *c <= '9') {
            if (n + 1 < sizeof g->jump_text) g->jump_text[n] = *c, g->jump_text[n + 1] = '\0';
        } else if (m + 1 < sizeof g->jump_left_out) { // (a UTF-8 sequence's bytes in turn: kept whole)
            g->jump_left_out[m] = *c, g->jump_left_out[m + 1] = '\0';
            left_out = true;
        }
    }
    if (left_out)
        al_shell_say(g, AL_COL_WARN, "J takes digits only: '%s' left out (Enter: go, Esc: cancel)", g->jump_left_out);
    else if (typed(g) < 0)
        say_too_large(g);
}

bool al_jump_prompt_take(al_gui *g, int64_t *gen)
{
    g->jump_typing = false;
    if (!g->jump_text[0]) {
        if (g->jump_left_out[0])
            al_shell_say(g, AL_COL_WARN, "J: no jump: '%s' is not a generation number (J again: digits only)",
                         g->jump_left_out);
        return false;
    }
    *gen = typed(g);
    if (*gen >= 0) return true;
    say_too_large(g);
    return false;
}
