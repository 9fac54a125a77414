// Fonts: found at run time, baked once into a glyph atlas per size, so a
// frame of panel text is a run of texture copies rather than a TTF render of
// every string every frame.
#include "font.h"
#include "name_cut.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Printable ASCII, then Latin-1 and Latin Extended-A (U+00A0..U+017F), so
// names like "José" or "Łukasz" show as typed, and the dashes, quotes and
// ellipsis of U+2010..U+2027 (the lessons' "—"); others show as '?'.
#define FIRST 32
#define LAST 126
static const unsigned ranges[][2] = {{FIRST, LAST}, {0xA0, 0x17F}, {0x2010, 0x2027}};
#define NGLYPH ((LAST - FIRST + 1) + (0x17F - 0xA0 + 1) + (0x2027 - 0x2010 + 1))

// The code point of glyph index i.
static unsigned glyph_code(int i)
{
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; ++r) {
        int n = (int)(ranges[r][1] - ranges[r][0] + 1);
        if (i < n) return ranges[r][0] + (unsigned)i;
        i -= n;
    }
    return '?';
}

// The glyph index of code point cp, or -1.
static int glyph_index(unsigned cp)
{
    int base = 0;
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; ++r) {
        if (cp >= ranges[r][0] && cp <= ranges[r][1]) return base + (int)(cp - ranges[r][0]);
        base += (int)(ranges[r][1] - ranges[r][0] + 1);
    }
    return -1;
}

struct al_font {
    SDL_Texture *atlas;
    SDL_Rect src[NGLYPH]; ///< glyph image in the atlas
    int xoff[NGLYPH];     ///< image left edge relative to the pen
    int advance[NGLYPH];
    int height;
};

static const char *const sans_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf", // Fedora
    "/usr/share/fonts/TTF/DejaVuSans.ttf",               // Arch
    NULL,
};
static const char *const bold_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    NULL,
};
static const char *const mono_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
    "/usr/share/fonts/dejavu-sans-mono-fonts/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    NULL,
};

static const char *first_readable(const char *const *paths)
{
    for (int i = 0; paths[i]; ++i)
        if (access(paths[i], R_OK) == 0) return paths[i];
    return NULL;
}

alResult al_font_find(al_face face, char *out, size_t cap, alError *err)
{
    const char *env = getenv("ALIFE_FONT");
    if (env && env[0]) {
        if (access(env, R_OK) != 0)
            return alError_Set(err, AL_ERR_NOTFOUND,
                               "ALIFE_FONT = '%s': cannot read that file (give the path of a "
                               ".ttf font, or unset ALIFE_FONT to use a system font)",
                               env);
        // The user's choice wins for text; a monospaced face is still
        // preferred for columns when the system has one.
        const char *mono = face == AL_FACE_MONO ? first_readable(mono_paths) : NULL;
        snprintf(out, cap, "%s", mono ? mono : env);
        return AL_OK;
    }
    const char *found = NULL;
    if (face == AL_FACE_BOLD) found = first_readable(bold_paths);
    if (face == AL_FACE_MONO) found = first_readable(mono_paths);
    if (!found) found = first_readable(sans_paths);
    if (found) {
        snprintf(out, cap, "%s", found);
        return AL_OK;
    }
    char tried[700] = "";
    size_t used = 0;
    for (int i = 0; sans_paths[i] && used < sizeof tried; ++i)
        used += (size_t)snprintf(tried + used, sizeof tried - used, "%s%s", i ? ", " : "",
                                 sans_paths[i]);
    return alError_Set(err, AL_ERR_NOTFOUND,
                       "no TTF font found for the GUI; tried: %s. Install one with "
                       "'apt-get install fonts-dejavu-core', or set ALIFE_FONT=/path/to/font.ttf",
                       tried);
}

al_font *al_font_create(SDL_Renderer *r, const char *path, int px, alError *err)
{
    TTF_Font *ttf = TTF_OpenFont(path, px);
    if (!ttf) {
        alError_Set(err, AL_ERR_IO, "cannot open font %s: %s", path, TTF_GetError());
        return NULL;
    }
    al_font *f = calloc(1, sizeof *f);
    SDL_Surface *glyph[NGLYPH] = {0};
    SDL_Surface *sheet = NULL;
    if (!f) {
        alError_Set(err, AL_ERR_NOMEM, "out of memory loading font %s", path);
        goto done;
    }
    f->height = TTF_FontHeight(ttf);
    // Render each glyph as a one-character string: the image then starts at
    // min(0, minx) from the pen, which is what xoff records.
    int total_w = 0, max_h = 0;
    for (int i = 0; i < NGLYPH; ++i) {
        unsigned cp = glyph_code(i);
        char s[4] = {(char)cp, 0, 0, 0};
        if (cp >= 0x800) { // three bytes of UTF-8
            s[0] = (char)(0xE0 | (cp >> 12));
            s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
            s[2] = (char)(0x80 | (cp & 0x3F));
        } else if (cp >= 0x80) { // two bytes
            s[0] = (char)(0xC0 | (cp >> 6));
            s[1] = (char)(0x80 | (cp & 0x3F));
        }
        int minx = 0, maxx, miny, maxy, adv = 0;
        if (!TTF_GlyphIsProvided(ttf, (Uint16)cp)) continue; // falls back to '?'
        TTF_GlyphMetrics(ttf, (Uint16)cp, &minx, &maxx, &miny, &maxy, &adv);
        f->advance[i] = adv;
        f->xoff[i] = minx < 0 ? minx : 0;
        if (cp == ' ' || cp == 0xA0) continue;
        glyph[i] = TTF_RenderUTF8_Blended(ttf, s, (SDL_Color){255, 255, 255, 255});
        if (!glyph[i]) continue;
        total_w += glyph[i]->w + 1;
        if (glyph[i]->h > max_h) max_h = glyph[i]->h;
    }
    // Pack into rows of at most 1024 px.
    const int row_w = 1024;
    int rows = total_w / row_w + 2;
    sheet =
        SDL_CreateRGBSurfaceWithFormat(0, row_w, rows * (max_h + 1), 32, SDL_PIXELFORMAT_ARGB8888);
    if (!sheet) {
        alError_Set(err, AL_ERR_NOMEM, "cannot make a glyph atlas: %s", SDL_GetError());
        goto done;
    }
    SDL_FillRect(sheet, NULL, 0);
    int x = 0, y = 0;
    for (int i = 0; i < NGLYPH; ++i) {
        if (!glyph[i]) continue;
        if (x + glyph[i]->w > row_w) {
            x = 0;
            y += max_h + 1;
        }
        SDL_Rect dst = {x, y, glyph[i]->w, glyph[i]->h};
        SDL_SetSurfaceBlendMode(glyph[i], SDL_BLENDMODE_NONE);
        SDL_BlitSurface(glyph[i], NULL, sheet, &dst);
        f->src[i] = dst;
        x += glyph[i]->w + 1;
    }
    f->atlas = SDL_CreateTextureFromSurface(r, sheet);
    if (!f->atlas) {
        alError_Set(err, AL_ERR_NOMEM, "cannot make a glyph texture: %s", SDL_GetError());
        goto done;
    }
    SDL_SetTextureBlendMode(f->atlas, SDL_BLENDMODE_BLEND);
done:
    for (int i = 0; i < NGLYPH; ++i)
        SDL_FreeSurface(glyph[i]);
    SDL_FreeSurface(sheet);
    TTF_CloseFont(ttf);
    if (f && !f->atlas) {
        free(f);
        f = NULL;
    }
    return f;
}

void al_font_destroy(al_font *f)
{
    if (!f) return;
    SDL_DestroyTexture(f->atlas);
    free(f);
}

int al_font_height(const al_font *f)
{
    return f->height;
}

// The code point of the UTF-8 character starting at *s (0: not valid
// UTF-8); advances s past the whole sequence.
static unsigned next_code(const char **s)
{
    unsigned char c = (unsigned char)**s;
    (*s)++;
    if (c < 0x80) return c;
    unsigned cp = 0;
    const unsigned char *t = (const unsigned char *)*s;
    if (c >= 0xC2 && c <= 0xDF && (t[0] & 0xC0) == 0x80) // a two-byte sequence
        cp = ((unsigned)(c & 0x1F) << 6) | (t[0] & 0x3Fu);
    else if (c >= 0xE0 && c <= 0xEF && (t[0] & 0xC0) == 0x80 && (t[1] & 0xC0) == 0x80)
        cp = ((unsigned)(c & 0x0F) << 12) | ((t[0] & 0x3Fu) << 6) | (t[1] & 0x3Fu);
    else if (c >= 0xF0 && c <= 0xF4 && (t[0] & 0xC0) == 0x80 && (t[1] & 0xC0) == 0x80 && (t[2] & 0xC0) == 0x80)
        cp = ((unsigned)(c & 0x07) << 18) | ((t[0] & 0x3Fu) << 12) | ((t[1] & 0x3Fu) << 6) | (t[2] & 0x3Fu);
    if (c >= 0xC0)
        while ((**s & 0xC0) == 0x80)
            (*s)++;
    return cp;
}

// The glyph index of code point cp, -1 when the atlas has none.
static int glyph_of(const al_font *f, unsigned cp)
{
    if (cp >= FIRST && cp <= LAST) return (int)cp - FIRST;
    int g = cp ? glyph_index(cp) : -1;
    return g >= 0 && f->advance[g] > 0 ? g : -1;
}

// The glyph index of the character starting at *s; advances s past a whole
// UTF-8 sequence so one code point shows as one '?'.
static int next_glyph(const al_font *f, const char **s)
{
    int g = glyph_of(f, next_code(s));
    return g >= 0 ? g : '?' - FIRST;
}

const char *al_text_spell(const al_font *f, const char *text, char *out, size_t cap)
{
    const char *s = text ? text : "";
    bool all = true;
    for (const char *t = s; *t && all;) {
        unsigned cp = next_code(&t);
        all = cp == 0 || cp < FIRST || glyph_of(f, cp) >= 0; // invalid bytes and controls stay
    }
    if (all || cap == 0) return s;
    size_t o = 0;
    out[0] = '\0';
    for (const char *t = s; *t;) {
        const char *start = t;
        unsigned cp = next_code(&t);
        char code[16];
        const char *piece = start;
        size_t n = (size_t)(t - start), back = 0;
        if (cp >= FIRST && glyph_of(f, cp) < 0) {
            // 'X' alone in quotes (a message naming the character) loses
            // them; among other characters the code is bracketed, so that
            // "Ab[U+2603]cdef" cannot read as "U+2603" typed
            bool alone = o > 0 && out[o - 1] == '\'' && *t == '\'';
            if (alone) back = 1, t++;
            n = (size_t)snprintf(code, sizeof code, alone ? "U+%04X" : "[U+%04X]", cp);
            piece = code;
        }
        if (o - back + n >= cap) break; // cut at a character; the fitting says so (AL_ELLIPSIS)
        o -= back;
        memcpy(out + o, piece, n);
        out[o += n] = '\0';
    }
    return out;
}

int al_text_width(const al_font *f, const char *text)
{
    int w = 0;
    for (const char *s = text; *s;)
        w += f->advance[next_glyph(f, &s)];
    return w;
}

int al_draw_text_px(SDL_Renderer *r, const al_font *f, float x, float y, SDL_Color col,
                    const char *text)
{
    SDL_SetTextureColorMod(f->atlas, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(f->atlas, col.a);
    float pen = x;
    for (const char *s = text; *s;) {
        int g = next_glyph(f, &s);
        const SDL_Rect *src = &f->src[g];
        if (src->w > 0) {
            // Whole pixels keep the glyphs crisp.
            SDL_FRect dst = {SDL_roundf(pen) + (float)f->xoff[g], SDL_roundf(y), (float)src->w,
                             (float)src->h};
            SDL_RenderCopyF(r, f->atlas, src, &dst);
        }
        pen += (float)f->advance[g];
    }
    return (int)(pen - x);
}

bool al_text_fit(const al_font *f, char *buf, size_t cap, int width)
{
    if (al_text_width(f, buf) <= width) return false;
    if (cap < sizeof AL_ELLIPSIS) return true;
    // The longest head of whole characters that leaves room for the mark
    // ("..." in a font without the ellipsis, which would draw as '?').
    const char *mark = glyph_of(f, 0x2026) >= 0 ? AL_ELLIPSIS : "...";
    int dots = al_text_width(f, mark), w = 0;
    size_t keep = 0;
    for (const char *s = buf; *s;) {
        int cw = f->advance[next_glyph(f, &s)];
        if (w + cw + dots > width) break;
        w += cw;
        keep = (size_t)(s - buf);
    }
    if (keep + sizeof AL_ELLIPSIS > cap) keep = cap - sizeof AL_ELLIPSIS;
    while (keep > 0 && ((unsigned char)buf[keep] & 0xC0) == 0x80) keep--; // never inside a character
    memcpy(buf + keep, mark, strlen(mark) + 1);
    return true;
}
