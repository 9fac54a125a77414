// The --script reader and the events each action pushes (see script.h).
#include "script.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void al_script_free(al_script *s)
{
    for (int i = 0; i < s->n; ++i)
        free(s->a[i].text);
    free(s->a);
    memset(s, 0, sizeof *s);
}

static bool eq(const char *a, const char *b)
{
    return strcasecmp(a, b) == 0;
}

bool al_script_key(const char *name, SDL_Keycode *key, Uint16 *mod)
{
    *mod = 0;
    for (;;) { // modifiers first: "shift+ctrl+c"
        const char *plus = strchr(name, '+');
        if (!plus || plus == name || plus[1] == '\0') break;
        size_t n = (size_t)(plus - name);
        if (n == 5 && strncasecmp(name, "shift", 5) == 0) *mod |= KMOD_LSHIFT;
        else if (n == 4 && strncasecmp(name, "ctrl", 4) == 0) *mod |= KMOD_LCTRL;
        else if (n == 3 && strncasecmp(name, "alt", 3) == 0) *mod |= KMOD_LALT;
        else return false;
        name = plus + 1;
    }
    if (name[0] == '\0') return false;
    if (name[1] == '\0') { // one character: its key (letters lower case)
        unsigned char c = (unsigned char)name[0];
        if (c < 33 || c > 126) return false;
        *key = (SDL_Keycode)tolower(c);
        return true;
    }
    static const struct {
        const char *name;
        SDL_Keycode key;
    } alias[] = {
        {"space", SDLK_SPACE},         {"esc", SDLK_ESCAPE},          {"escape", SDLK_ESCAPE},
        {"enter", SDLK_RETURN},        {"return", SDLK_RETURN},       {"pageup", SDLK_PAGEUP},
        {"pgup", SDLK_PAGEUP},         {"pagedown", SDLK_PAGEDOWN},   {"pgdn", SDLK_PAGEDOWN},
        {"insert", SDLK_INSERT},       {"ins", SDLK_INSERT},          {"delete", SDLK_DELETE},
        {"del", SDLK_DELETE},          {"backspace", SDLK_BACKSPACE}, {"tab", SDLK_TAB},
        {"plus", SDLK_PLUS},           {"minus", SDLK_MINUS},         {"home", SDLK_HOME},
        {"end", SDLK_END},             {"left", SDLK_LEFT},           {"right", SDLK_RIGHT},
        {"up", SDLK_UP},               {"down", SDLK_DOWN},
    };
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; ++i)
        if (eq(name, alias[i].name)) {
            *key = alias[i].key;
            return true;
        }
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN) return false;
    *key = k;
    return true;
}

// A word of the line: up to a blank, or a "quoted string" (\" and \\ inside).
static const char *word(const char *p, char *out, size_t cap, bool *quoted)
{
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    *quoted = false;
    if (*p == '"') {
        *quoted = true;
        p++;
        while (*p && *p != '"') {
            if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
            if (n + 1 < cap) out[n++] = *p;
            p++;
        }
        if (*p != '"') return NULL; // unterminated
        p++;
    } else {
        while (*p && *p != ' ' && *p != '\t') {
            if (n + 1 < cap) out[n++] = *p;
            p++;
        }
    }
    out[n] = '\0';
    return p;
}

static bool int_of(const char *s, long lo, long hi, long *v)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (errno || end == s || *end || x < lo || x > hi) return false;
    *v = x;
    return true;
}

#define BAD(...) alError_Set(err, AL_ERR_USAGE, __VA_ARGS__)

alResult al_script_parse_line(al_script *s, const char *text, int line, alError *err)
{
    const char *file = s->path[0] ? s->path : "script";
    char w[1024];
    bool q;
    const char *p = word(text, w, sizeof w, &q);
    if (!p) return BAD("%s:%d: a quote is not closed", file, line);
    if (w[0] == '\0' || w[0] == '#') return AL_OK; // blank or comment
    if (!eq(w, "at"))
        return BAD("%s:%d: '%s': a line starts with 'at FRAME' (e.g. 'at 120 key F')", file, line,
                   w);
    al_script_action a = {.line = line, .when = AL_AT_FRAME};
    p = word(p, w, sizeof w, &q);
    if (eq(w, "tick") || eq(w, "gen")) {
        a.when = eq(w, "tick") ? AL_AT_TICK : AL_AT_GEN;
        p = word(p, w, sizeof w, &q);
    }
    long v;
    if (!int_of(w, 0, 1000000000L, &v))
        return BAD("%s:%d: '%s': the frame must be a whole number from 0 to 1000000000", file,
                   line, w);
    a.at = v;
    // Actions run in file order, each after the one before: a frame earlier
    // than an earlier line's frame would run late, silently. (Ticks and
    // generations restart with a new run, so only frames are checked.)
    for (int i = s->n - 1; a.when == AL_AT_FRAME && i >= 0; --i) {
        if (s->a[i].when != AL_AT_FRAME) continue;
        if (s->a[i].at > a.at)
            return BAD("%s:%d: 'at %ld' comes after line %d's 'at %lld': lines run in file order, so "
                       "their frames must not go down",
                       file, line, v, s->a[i].line, (long long)s->a[i].at);
        break;
    }
    char verb[64];
    p = word(p, verb, sizeof verb, &q);
    if (!p) return BAD("%s:%d: a quote is not closed", file, line);
    // The arguments, up to 4 numbers or one word.
    char args[5][1024];
    int na = 0;
    for (;;) {
        const char *np = word(p, w, sizeof w, &q);
        if (!np) return BAD("%s:%d: a quote is not closed", file, line);
        if (w[0] == '\0' && !q) break;
        if (w[0] == '#' && !q) break; // a comment after the action
        if (na == 5) return BAD("%s:%d: too many words after '%s'", file, line, verb);
        snprintf(args[na++], sizeof args[0], "%s", w);
        p = np;
    }
    static const struct {
        const char *name;
        al_script_verb verb;
        int nums; ///< numbers it takes (-1: one word)
        const char *usage;
    } verbs[] = {
        {"key", AL_DO_KEY, -1, "key NAME (e.g. key F, key shift+c, key F1)"},
        {"type", AL_DO_TYPE, -1, "type \"TEXT\""},
        {"click", AL_DO_CLICK, 2, "click X Y"},
        {"rclick", AL_DO_RCLICK, 2, "rclick X Y"},
        {"drag", AL_DO_DRAG, 4, "drag X1 Y1 X2 Y2"},
        {"scroll", AL_DO_SCROLL, 3, "scroll X Y N"},
        {"move", AL_DO_MOVE, 2, "move X Y"},
        {"resize", AL_DO_RESIZE, 2, "resize W H"},
        {"shot", AL_DO_SHOT, -1, "shot FILE.png"},
        {"state", AL_DO_STATE, 0, "state"},
        {"quit", AL_DO_QUIT, 0, "quit"},
    };
    int k = -1;
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; ++i)
        if (eq(verb, verbs[i].name)) k = (int)i;
    if (k < 0)
        return BAD("%s:%d: '%s': not an action (allowed: key, type, click, rclick, drag, scroll, "
                   "move, resize, shot, state, quit)",
                   file, line, verb[0] ? verb : "(nothing)");
    a.verb = verbs[k].verb;
    int want = verbs[k].nums < 0 ? 1 : verbs[k].nums;
    if (na != want)
        return BAD("%s:%d: '%s' takes %d argument%s: %s", file, line, verb, want,
                   want == 1 ? "" : "s", verbs[k].usage);
    if (a.verb == AL_DO_KEY) {
        if (!al_script_key(args[0], &a.key, &a.mod))
            return BAD("%s:%d: '%s': not a key name (e.g. F, shift+c, F1, space, pageup)", file,
                       line, args[0]);
    } else if (verbs[k].nums < 0) {
        if (args[0][0] == '\0') return BAD("%s:%d: %s: the text is empty", file, line, verbs[k].usage);
        a.text = strdup(args[0]);
        if (!a.text) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    } else {
        for (int i = 0; i < na; ++i) {
            long lo = -100000, hi = 100000;
            if (a.verb == AL_DO_RESIZE) lo = 320, hi = 8192;
            if (a.verb == AL_DO_SCROLL && i == 2) lo = -1000, hi = 1000;
            if (!int_of(args[i], lo, hi, &v))
                return BAD("%s:%d: '%s': %s needs whole numbers from %ld to %ld", file, line,
                           args[i], verbs[k].usage, lo, hi);
            a.v[i] = (int)v;
        }
    }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 32;
        al_script_action *na2 = realloc(s->a, (size_t)cap * sizeof *na2);
        if (!na2) {
            free(a.text);
            return alError_Set(err, AL_ERR_NOMEM, "out of memory");
        }
        s->a = na2;
        s->cap = cap;
    }
    s->a[s->n++] = a;
    return AL_OK;
}

alResult al_script_load(al_script *s, const char *path, alError *err)
{
    memset(s, 0, sizeof *s);
    snprintf(s->path, sizeof s->path, "%s", path);
    FILE *f = fopen(path, "r");
    // A missing input file is a usage error (exit 2), as a missing config is.
    if (!f) return alError_Set(err, AL_ERR_USAGE, "--script %s: %s", path, strerror(errno));
    char buf[2048];
    int line = 0;
    alResult r = AL_OK;
    while (r == AL_OK && fgets(buf, sizeof buf, f)) {
        line++;
        size_t n = strlen(buf);
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = '\0';
        r = al_script_parse_line(s, buf, line, err);
    }
    fclose(f);
    if (r != AL_OK) al_script_free(s);
    return r;
}

// ---- events --------------------------------------------------------------------------
static bool push(SDL_Event *e)
{
    return SDL_PushEvent(e) == 1;
}

static bool push_key(SDL_Keycode key, Uint16 mod, Uint32 type)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = mod;
    e.key.timestamp = SDL_GetTicks();
    return push(&e);
}

static bool push_text(const char *utf8, size_t n)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    if (n >= sizeof e.text.text) n = sizeof e.text.text - 1;
    memcpy(e.text.text, utf8, n);
    e.text.timestamp = SDL_GetTicks();
    return push(&e);
}

static bool push_motion(int x, int y, int dx, int dy, Uint32 buttons)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.xrel = dx;
    e.motion.yrel = dy;
    e.motion.state = buttons;
    return push(&e);
}

static bool push_button(int x, int y, Uint8 button, bool down)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = button;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    return push(&e);
}

bool al_script_push(const al_script_action *a)
{
    bool ok = true;
    switch (a->verb) {
    case AL_DO_KEY: {
        ok = push_key(a->key, a->mod, SDL_KEYDOWN);
        // A printable key also types its character, as SDL's text input does.
        if (ok && a->key >= 32 && a->key < 127 && !(a->mod & (KMOD_CTRL | KMOD_ALT))) {
            char c = (char)a->key;
            if (a->mod & KMOD_SHIFT) c = (char)toupper((unsigned char)c);
            ok = push_text(&c, 1);
        }
        if (ok) ok = push_key(a->key, a->mod, SDL_KEYUP);
        break;
    }
    case AL_DO_TYPE:
        // One event per character (a UTF-8 sequence stays whole).
        for (const char *p = a->text; *p && ok;) {
            size_t n = 1;
            while (((unsigned char)p[n] & 0xc0) == 0x80)
                n++;
            ok = push_text(p, n);
            p += n;
        }
        break;
    case AL_DO_MOVE: ok = push_motion(a->v[0], a->v[1], 0, 0, 0); break;
    case AL_DO_CLICK:
    case AL_DO_RCLICK: {
        Uint8 b = a->verb == AL_DO_CLICK ? SDL_BUTTON_LEFT : SDL_BUTTON_RIGHT;
        ok = push_motion(a->v[0], a->v[1], 0, 0, 0) && push_button(a->v[0], a->v[1], b, true) &&
             push_button(a->v[0], a->v[1], b, false);
        break;
    }
    case AL_DO_DRAG: {
        int x0 = a->v[0], y0 = a->v[1], x1 = a->v[2], y1 = a->v[3];
        ok = push_motion(x0, y0, 0, 0, 0) && push_button(x0, y0, SDL_BUTTON_LEFT, true);
        int px = x0, py = y0;
        for (int i = 1; i <= 8 && ok; ++i) {
            int x = x0 + (x1 - x0) * i / 8, y = y0 + (y1 - y0) * i / 8;
            ok = push_motion(x, y, x - px, y - py, SDL_BUTTON_LMASK);
            px = x, py = y;
        }
        if (ok) ok = push_button(x1, y1, SDL_BUTTON_LEFT, false);
        break;
    }
    case AL_DO_SCROLL: {
        ok = push_motion(a->v[0], a->v[1], 0, 0, 0);
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEWHEEL;
        e.wheel.y = a->v[2];
        e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
        if (ok) ok = push(&e);
        break;
    }
    default: break;
    }
    return ok;
}
