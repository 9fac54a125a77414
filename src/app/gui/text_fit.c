// Text fitted to a box (text_fit.h) and the world area's text helpers
// (view.h: al_canvas_text, al_draw_text), which fit every caption, notice
// and label to the world and record it for `state`.
#include "text_fit.h"

#include "name_cut.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// Whether the word at s (up to a space or the end) is a number: a digit
// first ("10", "0.97", "4,", "(3"), or a sign then one.
static bool number_word(const char *s)
{
    if (*s == '(' || *s == '-' || *s == '+' || *s == '~') s++;
    return isdigit((unsigned char)*s);
}

// Whether the word at s is a unit ("s", "px", "ms", "%"), with what ends a
// clause after it (",", ")", ...). A list, not "any short word": "1 and",
// "10 the" are no number and its unit.
static bool unit_word(const char *s)
{
    static const char *const units[] = {"s", "ms", "px", "%", "x", "min", "h", "Hz", "fps", "kB", "KB", "MB", "GB"};
    size_t n = strcspn(s, " ,;:.)");
    for (size_t k = 0; k < sizeof units / sizeof units[0]; ++k)
        if (strlen(units[k]) == n && strncmp(s, units[k], n) == 0) return true;
    return false;
}

// Whether a break at the space s[sp] leaves a number alone: before a number
// that ends the text (on a line of its own, "separation | 10") or between a
// number and its unit ("30 | s").
static bool binds(const char *s, size_t sp)
{
    if (s[sp] != ' ') return false;
    const char *next = s + sp + 1;
    if (number_word(next) && !strchr(next, ' ')) return true;
    size_t w = sp;
    while (w > 0 && s[w - 1] != ' ')
        w--;
    // "0, the": the comma ends the number, so "the" is no unit of it.
    return w < sp && number_word(s + w) && isdigit((unsigned char)s[sp - 1]) && unit_word(next);
}

size_t al_text_head(const al_font *f, const char *s, int width, char *part, size_t cap)
{
    size_t whole = strlen(s);
    if (whole >= cap) whole = cap - 1;
    size_t take = whole;
    // First at the breaks that keep numbers with their words; when none of
    // those fits, at any.
    for (int keep = 1; keep >= 0; --keep) {
        take = whole;
        for (;;) {
            snprintf(part, cap, "%.*s", (int)take, s);
            if (take <= 1 || al_text_width(f, part) <= width) break;
            size_t sp = take - 1;
            while (sp > 0 && ((s[sp] != ' ' && s[sp] != '/') || (keep && binds(s, sp))))
                sp--;
            take = sp > 0 ? sp : take - 1;
        }
        if (take == whole || s[take] == ' ' || s[take] == '/') break; // a break between words
    }
    while (take > 1 && ((unsigned char)s[take] & 0xC0) == 0x80)
        take--; // never split a UTF-8 character
    snprintf(part, cap, "%.*s", (int)take, s);
    return take;
}

bool al_text_wrap(const al_font *f, const char *text, int width, int max_lines, al_fitted *out)
{
    memset(out, 0, sizeof *out);
    if (max_lines > AL_FIT_MAX_LINES) max_lines = AL_FIT_MAX_LINES;
    static char spelled[3 * AL_SAY_MAX]; // drawing is single-threaded
    const char *s = al_text_spell(f, text, spelled, sizeof spelled);
    while (*s == ' ')
        s++;
    if (*s && max_lines < 1) out->cut = true;
    while (*s && out->n < max_lines) {
        char *line = out->line[out->n++];
        if (out->n == max_lines || al_text_width(f, s) <= width) { // the rest
            size_t n = strlen(s);
            snprintf(line, AL_FIT_LINE, "%s", s);
            if (n >= AL_FIT_LINE) { // the line buffer's end: cut at a character, and say so
                size_t at = AL_FIT_LINE - sizeof AL_ELLIPSIS;
                while (at > 0 && ((unsigned char)line[at] & 0xC0) == 0x80) at--;
                memcpy(line + at, AL_ELLIPSIS, sizeof AL_ELLIPSIS);
                out->cut = true;
            }
            if (al_text_fit(f, line, AL_FIT_LINE, width)) out->cut = true;
            break;
        }
        s += al_text_head(f, s, width, line, AL_FIT_LINE);
        while (*s == ' ')
            s++;
    }
    for (int i = 0; i < out->n; ++i) {
        int w = al_text_width(f, out->line[i]);
        if (w > out->w) out->w = w;
    }
    out->h = out->n * al_font_height(f);
    return out->cut;
}

SDL_Rect al_canvas_text(al_canvas *c, const al_font *f, SDL_Rect box, int align, SDL_Color col,
                        const char *text)
{
    int lh = al_font_height(f);
    static al_fitted ft; // drawing is single-threaded; it is large for the stack
    al_text_wrap(f, text, box.w, lh > 0 ? box.h / lh : 0, &ft);
    SDL_Rect drawn = {box.x, box.y, 0, 0};
    for (int i = 0; i < ft.n; ++i) {
        int w = al_text_width(f, ft.line[i]);
        int x = align < 0 ? box.x : align == 0 ? box.x + (box.w - w) / 2 : box.x + box.w - w;
        int y = box.y + i * lh;
        al_draw_text_px(c->r, f, (float)x, (float)y, col, ft.line[i]);
        SDL_Rect one = {x, y, w, lh};
        if (drawn.w == 0) drawn = one;
        else SDL_UnionRect(&drawn, &one, &drawn);
    }
    al_canvas_texts *rec = c->texts;
    if (rec && rec->n < AL_CANVAS_MAX_TEXTS) {
        struct al_canvas_text_rec *t = &rec->t[rec->n++];
        snprintf(t->text, sizeof t->text, "%s", text ? text : "");
        t->shown[0] = '\0';
        for (int i = 0; i < ft.n; ++i) {
            size_t n = strlen(t->shown);
            snprintf(t->shown + n, sizeof t->shown - n, "%s%s", i ? " " : "", ft.line[i]);
        }
        t->box = box;
        t->drawn = drawn;
        t->cut = ft.cut;
    } else if (rec) {
        rec->dropped++;
    }
    return drawn;
}

void al_draw_text(al_canvas *c, alVec2 at, SDL_Color col, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    // Centred on the point, but kept on the world rectangle: shifted in
    // from its edges, wrapped (three lines at most) when wider than it.
    SDL_FPoint p = al_canvas_to_screen(c, at);
    SDL_Rect world = {(int)c->world_px.x, (int)c->world_px.y, (int)c->world_px.w, (int)c->world_px.h};
    int tw = al_text_width(c->small, buf), lh = al_font_height(c->small);
    int bw = tw < world.w ? tw : world.w;
    static al_fitted ft;
    al_text_wrap(c->small, buf, bw, 3, &ft);
    int bh = ft.n * lh;
    SDL_Rect box = {(int)(p.x - 0.5f * (float)bw + 0.5f), (int)(p.y - 0.5f * (float)bh + 0.5f), bw, bh};
    if (box.x + box.w > world.x + world.w) box.x = world.x + world.w - box.w;
    if (box.x < world.x) box.x = world.x;
    if (box.y + box.h > world.y + world.h) box.y = world.y + world.h - box.h;
    if (box.y < world.y) box.y = world.y;
    al_canvas_text(c, c->small, box, 0, col, buf);
}
