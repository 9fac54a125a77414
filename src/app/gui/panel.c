// Side-panel layout helpers: a cursor moving down the panel, lines that do
// not fit are skipped rather than drawn over the plot.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text_fit.h"
#include "view.h"

bool al_panel_fits(const al_panel *p, const al_font *f)
{
    return p->y + al_font_height(f) <= p->bottom;
}

void al_panel_space(al_panel *p, int px)
{
    p->y += px;
}

// Cuts text (in a buffer of cap bytes) to fit width pixels, ending it with "…".
static void fit(const al_font *f, char *buf, size_t cap, int width)
{
    (void)al_text_fit(f, buf, cap, width);
}

static void dropped(al_panel *p);

// Lines a long text or value wraps onto before its rest is cut with "…".
enum { WRAP_LINES = 3 };

// Records a line that wrapped text went on to (al_panel_sections.wrapped_on).
static void wrapped_on(al_panel *p, const char *line)
{
    if (!p->sections) return;
    char *w = p->sections->wrapped_on;
    size_t n = strlen(w);
    if (n + strlen(line) + 2 < sizeof p->sections->wrapped_on)
        snprintf(w + n, sizeof p->sections->wrapped_on - n, "%s\n", line);
}

// Records a label / value row (al_panel_sections.rows) under the current section's name.
static void kv_row(al_panel *p, const char *label, const char *value)
{
    if (!p->sections) return;
    const char *sec = p->sections->n > 0 ? p->sections->s[p->sections->n - 1].name : "";
    char *w = p->sections->rows;
    size_t n = strlen(w), room = sizeof p->sections->rows - n;
    if (strlen(sec) + strlen(label) + strlen(value) + 4 >= room) return;
    snprintf(w + n, room, "%s\t%s\t%s", sec, label, value);
    for (char *c = w + n + strlen(sec) + strlen(label) + 2; *c; ++c) // one line, three fields
        if (*c == '\t' || *c == '\n') *c = ' ';
    strcat(w, "\n");
}

// Draws text at column x (width pixels wide) over at most max_lines lines
// from the cursor, wrapped at spaces; the last line is cut with "…" when
// text is longer still (the section then says it was cut).
static void wrapped(al_panel *p, const al_font *f, SDL_Color col, int x, int width,
                    const char *text, int max_lines)
{
    static char spelled[3 * AL_SAY_MAX]; // drawing is single-threaded
    const char *s = al_text_spell(f, text, spelled, sizeof spelled);
    if (*s && !al_panel_fits(p, f)) dropped(p);
    for (int n = 0; n < max_lines && *s; ++n) {
        if (!al_panel_fits(p, f)) {
            dropped(p);
            return;
        }
        char part[512];
        if (n == max_lines - 1 || al_text_width(f, s) <= width) { // the rest
            snprintf(part, sizeof part, "%s", s);
            if (al_text_fit(f, part, sizeof part, width)) dropped(p);
            al_draw_text_px(p->r, f, (float)x, (float)p->y, col, part);
            if (n > 0) wrapped_on(p, part);
            p->y += al_font_height(f);
            return;
        }
        s += al_text_head(f, s, width, part, sizeof part);
        if (n > 0) wrapped_on(p, part);
        al_draw_text_px(p->r, f, (float)x, (float)p->y, col, part);
        p->y += al_font_height(f);
        while (*s == ' ')
            s++;
    }
}

// The section being filled (the last heading's), or NULL.
static al_panel_section *current(al_panel *p)
{
    return p->sections && p->sections->n > 0 ? &p->sections->s[p->sections->n - 1] : NULL;
}

// Marks the current section cut: something of it was left out.
static void dropped(al_panel *p)
{
    al_panel_section *s = current(p);
    if (s) s->cut = true;
}

// Ends the current section at the cursor (or the panel's bottom).
static void close_section(al_panel *p)
{
    al_panel_section *s = current(p);
    if (!s || s->rect.w == 0 || s->rect.h > 0) return; // none, not shown, or closed
    int bottom = p->y < p->bottom ? p->y : p->bottom;
    s->rect.h = bottom > s->rect.y ? bottom - s->rect.y : 0;
}

static void begin_section(al_panel *p, const char *text, bool fits)
{
    if (!p->sections || p->sections->n >= AL_PANEL_MAX_SECTIONS) return;
    close_section(p);
    al_panel_section *s = &p->sections->s[p->sections->n++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", text);
    char *paren = strstr(s->name, " (");
    if (paren) *paren = '\0';
    if (fits)
        s->rect = (SDL_Rect){p->x, p->y, p->width, 0};
    else
        s->cut = true;
}

void al_panel_section_begin(al_panel *p, const char *name, bool fits)
{
    begin_section(p, name, fits);
}

static void add_hot(al_panel *p, int y0, SDL_Keycode key, SDL_Keycode less, const char *name,
                    double value)
{
    if (!p->sections || p->sections->nhot >= AL_PANEL_MAX_HOT || p->y <= y0) return;
    struct al_panel_hot *h = &p->sections->hot[p->sections->nhot++];
    *h = (struct al_panel_hot){{p->x, y0, p->width, p->y - y0}, key, less, "", value};
    snprintf(h->name, sizeof h->name, "%s", name);
}

void al_panel_hotkey(al_panel *p, int y0, SDL_Keycode key)
{
    add_hot(p, y0, key, 0, "", 0);
}

void al_panel_section_end(al_panel *p)
{
    close_section(p);
}

void al_panel_section_cut(al_panel *p)
{
    dropped(p);
}

static void line(al_panel *p, const al_font *f, SDL_Color col, char *buf, size_t cap)
{
    if (!al_panel_fits(p, f)) {
        dropped(p);
        return;
    }
    if (al_text_width(f, buf) > p->width) dropped(p); // cut with "…": say so
    fit(f, buf, cap, p->width);
    al_draw_text_px(p->r, f, (float)p->x, (float)p->y, col, buf);
    p->y += al_font_height(f);
}

void al_panel_heading(al_panel *p, const char *text)
{
    close_section(p);
    p->y += 4;
    // A heading with no room for a line under it would look broken: the
    // panel is full from here on.
    if (p->y + al_font_height(p->font) + 3 + al_font_height(p->small) > p->bottom) {
        if (p->y < p->bottom) p->y = p->bottom; // never move the cursor back up
        begin_section(p, text, false);
        return;
    }
    begin_section(p, text, true);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    line(p, p->font, AL_COL_ACCENT, buf, sizeof buf);
    SDL_SetRenderDrawColor(p->r, 60, 70, 90, 255);
    SDL_RenderDrawLine(p->r, p->x, p->y, p->x + p->width, p->y);
    p->y += 3;
}

// A text line that wraps rather than being cut.
static void vline(al_panel *p, const al_font *f, SDL_Color col, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (!al_panel_fits(p, f)) {
        dropped(p);
        return;
    }
    wrapped(p, f, col, p->x, p->width, buf, WRAP_LINES);
}

void al_panel_text(al_panel *p, SDL_Color col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(p, p->font, col, fmt, ap);
    va_end(ap);
}

void al_panel_line(al_panel *p, const al_font *f, SDL_Color col, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    line(p, f, col, buf, sizeof buf);
}

void al_panel_note(al_panel *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(p, p->small, AL_COL_DIM, fmt, ap);
    va_end(ap);
}

void al_panel_kv(al_panel *p, const char *label, const char *fmt, ...)
{
    if (!al_panel_fits(p, p->font)) {
        dropped(p);
        return;
    }
    char val[512], lab[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(val, sizeof val, fmt, ap);
    va_end(ap);
    snprintf(lab, sizeof lab, "%s", label);
    int half = p->width / 2;
    if (al_text_fit(p->font, lab, sizeof lab, half - 6)) dropped(p);
    al_draw_text_px(p->r, p->font, (float)p->x, (float)p->y, AL_COL_DIM, lab);
    kv_row(p, lab, val);
    // A long value goes on under itself in the value column, never cut
    // short of WRAP_LINES lines ("NEAT net: 2 hidden nodes, 11 l...").
    wrapped(p, p->font, AL_COL_TEXT, p->x + half, p->width - half, val, WRAP_LINES);
}

void al_panel_value(al_panel *p, SDL_Color col, const char *name, double value, SDL_Keycode more,
                    SDL_Keycode less, const char *fmt, ...)
{
    int y0 = p->y;
    va_list ap;
    va_start(ap, fmt);
    vline(p, p->font, col, fmt, ap);
    va_end(ap);
    add_hot(p, y0, more, less, name, value);
}

void al_panel_value_kv(al_panel *p, const char *name, double value, SDL_Keycode more,
                       SDL_Keycode less, const char *label, const char *fmt, ...)
{
    char val[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(val, sizeof val, fmt, ap);
    va_end(ap);
    int y0 = p->y;
    al_panel_kv(p, label, "%s", val);
    add_hot(p, y0, more, less, name, value);
}

void al_panel_chars(al_panel *p, const char *text, const SDL_Color *colours, int n)
{
    if (!al_panel_fits(p, p->mono)) {
        dropped(p);
        return;
    }
    int adv = al_text_width(p->mono, "M");
    int maxc = adv > 0 ? p->width / adv : 0;
    float x = (float)p->x;
    // One cell per character, a UTF-8 one ("…") whole: its bytes drawn one
    // by one were three broken glyphs.
    char one[5];
    for (int i = 0, col = 0; text[i] && col < maxc; ++col) {
        int len = 1;
        while (len < 4 && ((unsigned char)text[i + len] & 0xC0) == 0x80)
            len++;
        memcpy(one, text + i, (size_t)len);
        one[len] = '\0';
        SDL_Color c = col < n ? colours[col] : AL_COL_TEXT;
        al_draw_text_px(p->r, p->mono, x, (float)p->y, c, one);
        x += (float)adv;
        i += len;
    }
    p->y += al_font_height(p->mono);
}

// Lines text takes when wrapped as wrapped() draws it (no line limit).
int al_panel_wrap_lines(const al_panel *p, const al_font *f, const char *text)
{
    char part[512];
    int n = 0;
    for (const char *s = text; *s; ++n) {
        if (al_text_width(f, s) <= p->width) return n + 1;
        s += al_text_head(f, s, p->width, part, sizeof part);
        while (*s == ' ')
            s++;
    }
    return n;
}

void al_panel_wrap(al_panel *p, const al_font *f, SDL_Color col, const char *text, int max_lines)
{
    wrapped(p, f, col, p->x, p->width, text, max_lines);
}

SDL_Rect al_panel_area(al_panel *p, int height)
{
    if (p->y + height > p->bottom) {
        dropped(p);
        return (SDL_Rect){p->x, p->y, p->width, 0};
    }
    SDL_Rect r = {p->x, p->y, p->width, height};
    p->y += height;
    return r;
}

// ---- text box ----------------------------------------------------------------------
void al_textinput_set(al_textinput *t, const char *text)
{
    snprintf(t->text, sizeof t->text, "%s", text);
    t->len = (int)strlen(t->text);
}

bool al_textinput_event(al_textinput *t, const SDL_Event *e)
{
    if (e->type == SDL_MOUSEBUTTONDOWN) {
        SDL_Point pt = {e->button.x, e->button.y};
        bool inside = t->rect.w > 0 && SDL_PointInRect(&pt, &t->rect);
        t->active = inside;
        return inside;
    }
    if (!t->active) return false;
    if (e->type == SDL_TEXTINPUT) {
        for (const char *s = e->text.text; *s && t->len < AL_TEXTINPUT_MAX; ++s)
            t->text[t->len++] = *s;
        t->text[t->len] = '\0';
        return true;
    }
    if (e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_BACKSPACE:
            // Delete one whole UTF-8 sequence.
            while (t->len > 0 && ((unsigned char)t->text[t->len - 1] & 0xC0) == 0x80)
                t->len--;
            if (t->len > 0) t->len--;
            t->text[t->len] = '\0';
            break;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
            t->active = false;
            t->submitted = true;
            break;
        case SDLK_ESCAPE:
            t->active = false;
            break;
        default:
            break;
        }
        return true; // every key belongs to the box while it has the keyboard
    }
    return e->type == SDL_KEYUP || e->type == SDL_TEXTEDITING;
}

void al_panel_textinput(al_panel *p, al_textinput *t, const char *label)
{
    int h = al_font_height(p->mono) + 8;
    if (p->y + al_font_height(p->small) + h > p->bottom) {
        t->rect = (SDL_Rect){0, 0, 0, 0};
        return;
    }
    al_panel_note(p, "%s", label);
    SDL_Rect box = {p->x, p->y, p->width, h};
    t->rect = box;
    SDL_SetRenderDrawBlendMode(p->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(p->r, 12, 14, 18, 255);
    SDL_RenderFillRect(p->r, &box);
    SDL_Color frame = t->active ? AL_COL_ACCENT : AL_COL_BORDER;
    SDL_SetRenderDrawColor(p->r, frame.r, frame.g, frame.b, 255);
    SDL_RenderDrawRect(p->r, &box);
    // Show the tail that fits, so the caret stays visible in long text; a
    // character the font lacks by its code, as fitted text does (a typed
    // snowman drew as '?').
    static char spelled[3 * AL_TEXTINPUT_MAX + 1]; // drawing is single-threaded
    const char *s = al_text_spell(p->mono, t->text, spelled, sizeof spelled);
    size_t start = strlen(s);
    int room = box.w - 12, used = 0;
    while (start > 0) {
        size_t c = start - 1;
        while (c > 0 && ((unsigned char)s[c] & 0xC0) == 0x80)
            c--; // a whole character
        char one[8];
        snprintf(one, sizeof one, "%.*s", (int)(start - c), s + c);
        int cw = al_text_width(p->mono, one);
        if (used + cw > room || strlen(s + c) >= sizeof t->shown) break;
        used += cw;
        start = c;
    }
    snprintf(t->shown, sizeof t->shown, "%s", s + start);
    int w = al_draw_text_px(p->r, p->mono, (float)(box.x + 5), (float)(box.y + 4), AL_COL_TEXT, t->shown);
    if (t->active) {
        SDL_SetRenderDrawColor(p->r, frame.r, frame.g, frame.b, 255);
        SDL_Rect caret = {box.x + 6 + w, box.y + 4, 2, al_font_height(p->mono)};
        SDL_RenderFillRect(p->r, &caret);
    }
    p->y += h + 4;
}

void al_view_request_restart(al_view_ctx *ctx, const char *assignment)
{
    // A second request in the same event adds its key, one a line.
    size_t n = ctx->restart ? strlen(ctx->restart_set) : 0;
    snprintf(ctx->restart_set + n, sizeof ctx->restart_set - n, "%s%s", n ? "\n" : "", assignment);
    ctx->restart = true;
}

void al_view_mark_edited(al_view_ctx *ctx, const char *what)
{
    snprintf(ctx->edit, sizeof ctx->edit, "%s", what);
}

void al_view_say(al_view_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->say, sizeof ctx->say, fmt, ap);
    va_end(ap);
    ctx->say_keep = 0;
    ctx->say_section[0] = '\0';
}

void al_view_say_in(al_view_ctx *ctx, const char *section)
{
    snprintf(ctx->say_section, sizeof ctx->say_section, "%s", section);
}

void al_view_unsay(al_view_ctx *ctx) { ctx->unsay = true; }

void al_view_say_keep(al_view_ctx *ctx, const char *tail)
{
    const char *at = NULL;
    for (const char *p = strstr(ctx->say, tail); p && *tail; p = strstr(p + 1, tail))
        at = p;
    ctx->say_keep = at ? (int)(at - ctx->say) : 0;
}
