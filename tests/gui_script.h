// gui_script.h — runs `alife gui --offscreen --script` for the GUI tests and
// reads the `state` lines it prints. Include after <cmocka.h>.
#ifndef ALIFE_TESTS_GUI_SCRIPT_H
#define ALIFE_TESTS_GUI_SCRIPT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json_check.h"

enum { GS_MAX_LINES = 128 };

/// The output of one scripted window.
typedef struct gs_run {
    int status;                 ///< exit status
    int n;                      ///< state lines read
    char *line[GS_MAX_LINES];   ///< each one checked to be valid JSON
    char err[4096];             ///< what it wrote to stderr
} gs_run;

static char gs_dir[256];

static inline void gs_setup_dir(void)
{
    if (gs_dir[0]) return;
    snprintf(gs_dir, sizeof gs_dir, "/tmp/alife_gui_script_XXXXXX");
    assert_non_null(mkdtemp(gs_dir));
}

/// Removes the scratch directory once the tests have run: rc (cmocka's
/// status), or 1 if the directory could not be removed.
static inline int gs_cleanup(int rc)
{
    if (gs_dir[0]) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", gs_dir);
        if (system(cmd) != 0) rc = rc ? rc : 1;
    }
    return rc;
}

/// A path in the test's scratch directory.
static inline const char *gs_path(const char *name)
{
    static char buf[8][512];
    static int k;
    gs_setup_dir();
    char *b = buf[k++ % 8];
    snprintf(b, sizeof buf[0], "%s/%s", gs_dir, name);
    return b;
}

/// Runs the script text with args (shell words, e.g. a config path and
/// --set ...), offscreen and without logging unless args say --db; with
/// seconds > 0 the window is killed after that long (timeout(1): exit status
/// 124), so a script that would wait for ever fails the test instead.
static inline void gs_run_script_within(gs_run *r, const char *script, const char *args, int seconds)
{
    memset(r, 0, sizeof *r);
    const char *sp = gs_path("script.txt"), *out = gs_path("out.txt"), *err = gs_path("err.txt");
    FILE *f = fopen(sp, "w");
    assert_non_null(f);
    fputs(script, f);
    fclose(f);
    char cmd[4096];
    // ALIFE_GUI_BINARY runs the same script against another build (to see a
    // test fail on the code before a fix).
    const char *bin = getenv("ALIFE_GUI_BINARY");
    char limit[48] = "";
    if (seconds > 0) snprintf(limit, sizeof limit, "timeout -k 5 %d ", seconds);
    snprintf(cmd, sizeof cmd, "cd '%s' && %s'%s' gui --offscreen %s --script '%s' >'%s' 2>'%s'",
             ALIFE_SOURCE_DIR, limit, bin && bin[0] ? bin : ALIFE_BINARY, args, sp, out, err);
    int st = system(cmd);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    f = fopen(err, "r");
    if (f) {
        size_t n = fread(r->err, 1, sizeof r->err - 1, f);
        r->err[n] = '\0';
        fclose(f);
    }
    f = fopen(out, "r");
    assert_non_null(f);
    static char buf[1 << 16];
    while (r->n < GS_MAX_LINES && fgets(buf, sizeof buf, f)) {
        if (buf[0] != '{') continue; // e.g. "alife: screenshot saved"
        size_t n = strlen(buf);
        while (n && buf[n - 1] == '\n')
            buf[--n] = '\0';
        if (!json_valid(buf)) fail_msg("state line %d is not valid JSON: %s", r->n, buf);
        r->line[r->n++] = strdup(buf);
    }
    fclose(f);
    if (r->status != 0) print_message("alife gui exit %d: %s\n", r->status, r->err);
}

static inline void gs_run_script(gs_run *r, const char *script, const char *args)
{
    gs_run_script_within(r, script, args, 0);
}

static inline void gs_free(gs_run *r)
{
    for (int i = 0; i < r->n; ++i)
        free(r->line[i]);
    r->n = 0;
}

/// The raw text of a value: path is keys separated by '.', each found as
/// "key": after the previous one (enough for the shell's fixed layout);
/// returns a pointer just after the colon, or NULL.
static inline const char *gs_find(const char *json, const char *path)
{
    const char *p = json;
    char key[128];
    while (*path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        snprintf(key, sizeof key, "\"%.*s\":", (int)n, path);
        p = strstr(p, key);
        if (!p) return NULL;
        p += strlen(key);
        path += n + (dot ? 1 : 0);
    }
    return p;
}

static inline double gs_num(const char *json, const char *path)
{
    const char *p = gs_find(json, path);
    if (!p) fail_msg("no '%s' in %s", path, json);
    if (strncmp(p, "null", 4) == 0) return -1e300;
    return strtod(p, NULL);
}

static inline bool gs_bool(const char *json, const char *path)
{
    const char *p = gs_find(json, path);
    if (!p) fail_msg("no '%s' in %s", path, json);
    return strncmp(p, "true", 4) == 0;
}

static inline bool gs_is_null(const char *json, const char *path)
{
    const char *p = gs_find(json, path);
    return p && strncmp(p, "null", 4) == 0;
}

/// A string value (no escapes in it), copied into a static buffer.
static inline const char *gs_str(const char *json, const char *path)
{
    static char buf[4][512];
    static int k;
    const char *p = gs_find(json, path);
    if (!p || *p != '"') return "";
    char *b = buf[k++ % 4];
    size_t n = 0;
    for (++p; *p && *p != '"' && n + 1 < sizeof buf[0]; ++p)
        b[n++] = *p;
    b[n] = '\0';
    return b;
}

/// A string value with its escapes (\n, \", \\, \t, \u00XX) decoded into out;
/// false (out empty) when path is not a string.
static inline bool gs_text(const char *json, const char *path, char *out, size_t cap)
{
    const char *p = gs_find(json, path);
    size_t n = 0;
    if (cap) out[0] = '\0';
    if (!p || *p != '"' || cap == 0) return false;
    for (++p; *p && *p != '"' && n + 1 < cap; ++p) {
        char c = *p;
        if (c == '\\' && p[1]) {
            c = *++p;
            if (c == 'u' && strlen(p) >= 5) { // \u00XX: the ASCII the writer escapes
                c = (char)strtol((char[]){p[3], p[4], 0}, NULL, 16);
                p += 4;
            } else {
                c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
            }
        }
        out[n++] = c;
    }
    out[n] = '\0';
    return true;
}

/// Whether the "overlays" array names overlay.
static inline bool gs_overlay(const char *json, const char *overlay)
{
    const char *p = gs_find(json, "overlays"), *end = p ? strchr(p, ']') : NULL;
    char q[64];
    snprintf(q, sizeof q, "\"%s\"", overlay);
    const char *hit = p ? strstr(p, q) : NULL;
    return hit && hit < end;
}

/// The section named name: its rectangle and cut flag; false if absent.
static inline bool gs_section(const char *json, const char *name, int *x, int *y, int *w, int *h,
                       bool *cut)
{
    char q[128];
    snprintf(q, sizeof q, "{\"name\":\"%s\",", name);
    const char *p = strstr(json, q);
    if (!p) return false;
    p += strlen(q);
    *x = (int)gs_num(p, "x");
    *y = (int)gs_num(p, "y");
    *w = (int)gs_num(p, "w");
    *h = (int)gs_num(p, "h");
    *cut = gs_bool(p, "cut");
    return true;
}

#endif
