// What an unused letter key does elsewhere (key_elsewhere.h): the views'
// keys_help lines are "K  what it does" or "I O P  what they do"; a line
// names the key when one of the words before its two spaces is the letter.
#include "key_elsewhere.h"

#include <stdio.h>
#include <string.h>

// The line of help (n lines "KEYS  text" separated by '\n') that names the
// capital letter up, its text into what (cut); false when none does.
static bool help_names(const char *help, char up, char *what, size_t cap)
{
    for (const char *line = help; line && *line;) {
        const char *end = strchr(line, '\n'), *sep = strstr(line, "  ");
        if (!end) end = line + strlen(line);
        if (sep && sep < end) {
            for (const char *w = line; w < sep; ++w) // one-letter words before the text
                if (*w == up && (w == line || w[-1] == ' ') && (w + 1 == sep || w[1] == ' ')) {
                    // its first clause: the strip holds a line, not the help
                    const char *t = sep + 2, *stop = end;
                    for (const char *q = t; q < end; ++q)
                        if (*q == ';' || (*q == ' ' && q[1] == '(') || (*q == ',' && q - t > 40)) {
                            stop = q;
                            break;
                        }
                    snprintf(what, cap, "%.*s", (int)(stop - t), t);
                    return true;
                }
        }
        line = *end ? end + 1 : end;
    }
    return false;
}

bool al_key_elsewhere(SDL_Keycode sym, const al_view *const *views, const char *const *names, int n, int here,
                      char *out, size_t cap)
{
    if (sym < SDLK_a || sym > SDLK_z || here < 0 || here >= n) return false;
    char up = (char)(sym - SDLK_a + 'A'), what[160];
    if (views[here] && help_names(views[here]->keys_help, up, what, sizeof what)) return false;
    int len = snprintf(out, cap, "%c means nothing in %s (H: its keys)", up, names[here]);
    bool any = false;
    for (int m = 0; m < n; ++m) {
        if (m == here || !views[m] || !help_names(views[m]->keys_help, up, what, sizeof what)) continue;
        if (len >= 0 && (size_t)len < cap)
            len += snprintf(out + len, cap - (size_t)len, "; in %s (%d): %s", names[m], m + 1,
                            what);
        any = true;
    }
    if (!any && len >= 0 && (size_t)len < cap) snprintf(out + len, cap - (size_t)len, "; no mode has it");
    return true;
}
