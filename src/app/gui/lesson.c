// Lesson files: where experiments/ is, and a lesson's opening comment (the
// text the lesson overlay shows).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shell.h"

static bool readable(const char *path)
{
    return access(path, R_OK) == 0;
}

bool al_lesson_find(const char *rel, char *out, size_t cap)
{
    const char *env = getenv("ALIFE_EXPERIMENTS");
    if (env && env[0]) {
        snprintf(out, cap, "%s/%s", env, rel);
        if (readable(out)) return true;
    }
    snprintf(out, cap, "experiments/%s", rel);
    if (readable(out)) return true;
    char exe[1024];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            static const char *const up[] = {"/..", "/../..", "/../share/alife"};
            for (int i = 0; i < 3; ++i) {
                snprintf(out, cap, "%s%s/experiments/%s", exe, up[i], rel);
                if (readable(out)) return true;
            }
        }
    }
#ifdef ALIFE_EXPERIMENTS_DIR
    snprintf(out, cap, "%s/%s", ALIFE_EXPERIMENTS_DIR, rel);
    if (readable(out)) return true;
#endif
    if (cap) out[0] = '\0';
    return false;
}

int al_lesson_text(const char *path, char *out, size_t cap)
{
    if (cap) out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[1024];
    size_t n = 0;
    int lines = 0;
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != ';' && *p != '#') break; // the opening comment ends at the first key or section
        p++;
        if (*p == ' ') p++;
        size_t len = strlen(p);
        while (len && (p[len - 1] == '\n' || p[len - 1] == '\r'))
            p[--len] = '\0';
        if (n + len + 2 >= cap) break;
        memcpy(out + n, p, len);
        n += len;
        out[n++] = '\n';
        out[n] = '\0';
        lines++;
    }
    fclose(f);
    while (n > 0 && out[n - 1] == '\n') // no empty lines at the end
        out[--n] = '\0';
    return lines;
}

bool al_lesson_opens_paragraph(const char *s)
{
    static const char *const heads[] = {"What ", "Watch", "Try", "Run:", "In the window", "Settings:", "Why "};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; ++i)
        if (strncmp(s, heads[i], strlen(heads[i])) == 0) return true;
    return false;
}

int al_lesson_paragraphs(char *text)
{
    int n = text[0] ? 1 : 0;
    bool first = true; // the title line stands alone
    for (char *nl = strchr(text, '\n'), *line = text; nl; line = nl + 1, nl = strchr(line, '\n')) {
        const char *next = nl + 1;
        bool joins = !first && nl > line && line[0] != ' ' && next[0] && next[0] != '\n' && next[0] != ' ' &&
                     !al_lesson_opens_paragraph(next);
        first = false;
        if (joins)
            *nl = ' ';
        else
            n++;
    }
    return n;
}
