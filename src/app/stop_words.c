#include "stop_words.h"

#include <stdio.h>
#include <string.h>

const char *al_stop_words(const char *why, const char *alg, long long reached, long long limit, char *buf,
                          size_t cap)
{
    char lim[48] = "run.generations";
    if (limit >= 0) snprintf(lim, sizeof lim, "run.generations = %lld", limit);
    if (strcmp(why, "solved") == 0) snprintf(buf, cap, "solved, goal reached");
    else if (strcmp(why, "stalled") == 0 && alg && strcmp(alg, "cmaes") == 0)
        // A stall is the algorithm's own stopping rule: name that algorithm's keys.
        snprintf(buf, cap, "stalled, CMA-ES converged by its own stopping rules (cmaes.tol_fun, cmaes.tol_x, its "
                           "condition and no-effect tests; cmaes.restarts used up) (goal NOT reached)");
    else if (strcmp(why, "stalled") == 0 && alg && strcmp(alg, "neat") == 0)
        snprintf(buf, cap, "stalled, NEAT converged (goal NOT reached)");
    else if (strcmp(why, "stalled") == 0)
        snprintf(buf, cap, "stalled, no improvement for ga.stall_generations (goal NOT reached)");
    else if (strcmp(why, "generations") == 0) snprintf(buf, cap, "generation limit (%s)", lim);
    else if (strcmp(why, "target") == 0) // the window's J (or Shift+N) past the limit
        snprintf(buf, cap, "reached generation %lld, the target jumped to (J in the window), past its limit (%s)",
                 reached, lim);
    else if (strcmp(why, "limit_again") == 0) // E evolved on past the limit, E again brought it back
        snprintf(buf, cap, "ended at generation %lld when E brought back its limit (%s), which it had evolved "
                           "past (E in the window)",
                 reached, lim);
    else if (strcmp(why, "steps") == 0) snprintf(buf, cap, "tick limit (run.steps)");
    else if (strcmp(why, "interrupted") == 0)
        snprintf(buf, cap, "interrupted before its limit (Ctrl-C, a signal, or the window closed); its finished "
                           "generations are kept");
    else if (strcmp(why, "failed") == 0)
        snprintf(buf, cap, "failed (the database or the module); the generations stored are kept");
    else snprintf(buf, cap, "%s", why);
    return buf;
}
