// The stacked species plot (species_plot.h). Each recorded generation keeps
// its species as (id, size) pairs sorted by id; a column per generation
// (several generations per pixel column when there are many: the last of
// them) is drawn as stacked rectangles, oldest species at the bottom, each
// in the colour its id picks, so a band keeps its colour as it grows,
// shrinks and dies out.
#include "species_plot.h"

#include <stdlib.h>
#include <string.h>


typedef struct entry {
    int id, size;
} entry;

struct al_species_plot {
    int64_t *gen;   // generation of record k
    int *start;     // its entries: [start[k], start[k + 1])
    int n, cap;     // records
    entry *e;
    int ne, ecap;
    int population; // the largest total seen (the y range)
    int drawn;       // columns the panel drew last
    int bands;       // bands of the last column drawn (the "other" band counts one)
    int64_t current; // alNeat's generation at the last track: not scored yet
    int plot_h, plot_w; // the bands' rectangle the panel drew last, pixels
    int caption_px;     // the width of its caption (one line)
    const char *empty;  // said with no generation scored (NULL: "no generations yet")
};

void al_species_plot_set_empty(al_species_plot *sp, const char *says)
{
    if (sp) sp->empty = says;
}

static const char *empty_says(const al_species_plot *sp)
{
    return sp && sp->empty ? sp->empty : "no generations yet";
}

// Records drawn and counted: the scored generations only. alNeat_Tell
// speciates the next population before it is scored; counting that one
// made the plot say "5 species now" beside the panel's and the log's 3.
static int scored(const al_species_plot *sp)
{
    return sp->n > 0 && sp->gen[sp->n - 1] >= sp->current ? sp->n - 1 : sp->n;
}

al_species_plot *al_species_plot_create(void) { return calloc(1, sizeof(al_species_plot)); }

void al_species_plot_destroy(al_species_plot *sp)
{
    if (!sp) return;
    free(sp->gen);
    free(sp->start);
    free(sp->e);
    free(sp);
}

static int by_id(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

// Drops the older half of the records (the entries move down with them).
static void drop_older_half(al_species_plot *sp)
{
    int k = sp->n / 2, first = sp->start[k];
    memmove(sp->gen, sp->gen + k, (size_t)(sp->n - k) * sizeof *sp->gen);
    for (int i = k; i <= sp->n; ++i) sp->start[i - k] = sp->start[i] - first;
    memmove(sp->e, sp->e + first, (size_t)(sp->ne - first) * sizeof *sp->e);
    sp->n -= k;
    sp->ne -= first;
}

void al_species_plot_track(al_species_plot *sp, const alNeat *ne)
{
    if (!sp || !ne) return;
    int64_t g = alNeat_Generation(ne);
    sp->current = g;
    if (sp->n > 0 && sp->gen[sp->n - 1] >= g) return;
    if (sp->n == 2 * AL_SPECIES_PLOT_KEEP) drop_older_half(sp);
    int ns = alNeat_SpeciesCount(ne), pop = alNeat_Def(ne)->population;
    if (sp->n + 1 >= sp->cap) {
        int cap = sp->cap ? 2 * sp->cap : 64;
        int64_t *gp = realloc(sp->gen, (size_t)cap * sizeof *gp);
        if (gp) sp->gen = gp;
        int *st = realloc(sp->start, (size_t)(cap + 1) * sizeof *st);
        if (st) sp->start = st;
        if (!gp || !st) return; // out of memory: this generation is not plotted
        sp->cap = cap;
        if (sp->n == 0) sp->start[0] = 0;
    }
    if (sp->ne + ns > sp->ecap) {
        int cap = 2 * (sp->ne + ns) + 64;
        entry *e = realloc(sp->e, (size_t)cap * sizeof *e);
        if (!e) return;
        sp->e = e;
        sp->ecap = cap;
    }
    entry *row = sp->e + sp->ne;
    for (int s = 0; s < ns; ++s) row[s] = (entry){alNeat_SpeciesId(ne, s), 0};
    for (int i = 0; i < pop; ++i) {
        int s = alNeat_SpeciesOf(ne, i);
        if (s >= 0 && s < ns) row[s].size++;
    }
    qsort(row, (size_t)ns, sizeof *row, by_id);
    sp->ne += ns;
    sp->gen[sp->n] = g;
    sp->start[++sp->n] = sp->ne;
    if (pop > sp->population) sp->population = pop;
}

int al_species_plot_height(const al_panel *p) { return p->rect.h >= 900 ? 96 : 52; }

int al_species_plot_generations(const al_species_plot *sp) { return sp ? scored(sp) : 0; }

int al_species_plot_species_now(const al_species_plot *sp)
{
    int n = sp ? scored(sp) : 0;
    return n > 0 ? sp->start[n] - sp->start[n - 1] : 0;
}

static SDL_Color colour_of(int id)
{
    static const SDL_Color pal[8] = {{110, 180, 255, 255}, {255, 170, 60, 255},  {110, 220, 120, 255},
                                     {240, 90, 90, 255},   {200, 140, 255, 255}, {250, 210, 90, 255},
                                     {90, 200, 230, 255},  {230, 120, 200, 255}};
    return pal[(unsigned)id * 5u % 8u]; // neighbours in founding order differ
}

static int by_size_then_id(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->size != y->size) return (x->size < y->size) - (x->size > y->size);
    return (x->id > y->id) - (x->id < y->id);
}

// The ids of the AL_SPECIES_PLOT_BANDS largest species of the last scored
// generation, sorted by id (bsearch); returns how many (all when no more).
static int largest_ids(const al_species_plot *sp, int *ids)
{
    int n = scored(sp);
    if (n == 0) return 0;
    int first = sp->start[n - 1], ns = sp->start[n] - first;
    entry top[AL_SPECIES_PLOT_BANDS], *all = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *all);
    int k = ns < AL_SPECIES_PLOT_BANDS ? ns : AL_SPECIES_PLOT_BANDS;
    if (!all) { // out of memory: the first ones by id
        for (int i = 0; i < k; ++i) ids[i] = sp->e[first + i].id;
        return k;
    }
    memcpy(all, sp->e + first, (size_t)ns * sizeof *all);
    qsort(all, (size_t)ns, sizeof *all, by_size_then_id);
    memcpy(top, all, (size_t)k * sizeof *top);
    free(all);
    qsort(top, (size_t)k, sizeof *top, by_id);
    for (int i = 0; i < k; ++i) ids[i] = top[i].id;
    return k;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

// The caption in the shortest of its forms that fits width on one line
// (form 0 is al_species_plot_caption's), else the last cut with "…": on two
// lines it took the plot's room and squashed the bands to 15 px (trial,
// double_neat.ini under F).
static void fitted_caption(const al_species_plot *sp, const al_font *f, int width, char *out, size_t cap)
{
    int n = scored(sp), now = al_species_plot_species_now(sp), grey = now - AL_SPECIES_PLOT_BANDS;
    for (int form = 0; form < 3; ++form) {
        if (form == 0 || n <= 1)
            al_species_plot_caption(sp, out, cap);
        else if (grey <= 0) // no grey band: the range shortened
            snprintf(out, cap, "gen %lld .. %lld; %d species", (long long)sp->gen[0], (long long)sp->gen[n - 1], now);
        else if (form == 1)
            snprintf(out, cap, "generations %lld .. %lld; %d species, the %d smallest grey", (long long)sp->gen[0],
                     (long long)sp->gen[n - 1], now, grey);
        else
            snprintf(out, cap, "gen %lld .. %lld; %d species, %d grey", (long long)sp->gen[0],
                     (long long)sp->gen[n - 1], now, grey);
        if (al_text_width(f, out) <= width) return;
    }
    al_text_fit(f, out, cap, width);
}

void al_species_plot_panel(al_species_plot *sp, al_panel *p, int height)
{
    if (!sp) return;
    al_panel_heading(p, "Species (stacked sizes)");
    int th = al_font_height(p->small);
    SDL_Rect area = al_panel_area(p, height);
    sp->plot_h = sp->plot_w = sp->caption_px = 0;
    if (area.h <= 0) return;
    // The caption takes one line whatever it says: the bands keep their height.
    char cap[160];
    fitted_caption(sp, p->small, area.w - 34, cap, sizeof cap);
    SDL_Rect plot = {area.x + 30, area.y + 2, area.w - 34, area.h - th - 6};
    sp->plot_h = plot.h, sp->plot_w = plot.w;
    SDL_SetRenderDrawColor(p->r, AL_COL_BORDER.r, AL_COL_BORDER.g, AL_COL_BORDER.b, 255);
    SDL_RenderDrawLine(p->r, plot.x - 1, plot.y, plot.x - 1, plot.y + plot.h);
    SDL_RenderDrawLine(p->r, plot.x - 1, plot.y + plot.h, plot.x + plot.w, plot.y + plot.h);
    char lab[48];
    snprintf(lab, sizeof lab, "%d", sp->population);
    al_draw_text_px(p->r, p->small, (float)(plot.x - 6 - al_text_width(p->small, lab)), (float)plot.y - 2,
                    AL_COL_DIM, lab);
    sp->drawn = 0;
    sp->bands = 0;
    int nrec = scored(sp);
    if (nrec == 0 || plot.w < 4 || plot.h < 4) {
        char says[160];
        snprintf(says, sizeof says, "%s", empty_says(sp));
        al_text_fit(p->small, says, sizeof says, plot.w - 8);
        al_draw_text_px(p->r, p->small, (float)plot.x + 6, (float)plot.y + 4, AL_COL_DIM, says);
        return;
    }
    // Columns: one per generation while they fit, else several per pixel.
    int cols = nrec < plot.w ? nrec : plot.w;
    sp->drawn = cols;
    float cw = (float)plot.w / (float)(cols > 20 ? cols : 20);
    float unit = (float)plot.h / (float)(sp->population > 0 ? sp->population : 1);
    // The largest species now get a band each; the rest share one grey band
    // on top (350 species in bands a pixel thin could not be read: trial).
    int ids[AL_SPECIES_PLOT_BANDS];
    int nids = largest_ids(sp, ids);
    bool grouped = al_species_plot_species_now(sp) > AL_SPECIES_PLOT_BANDS;
    for (int c = 0; c < cols; ++c) {
        int k = cols == nrec ? c : (int)((int64_t)(c + 1) * nrec / cols) - 1;
        float x0 = (float)plot.x + cw * (float)c, y = (float)(plot.y + plot.h);
        int other = 0, bands = 0;
        for (int j = sp->start[k]; j < sp->start[k + 1]; ++j) {
            if (grouped && !bsearch(&sp->e[j].id, ids, (size_t)nids, sizeof *ids, cmp_int)) {
                other += sp->e[j].size;
                continue;
            }
            float h = unit * (float)sp->e[j].size;
            SDL_Color col = colour_of(sp->e[j].id);
            SDL_SetRenderDrawColor(p->r, col.r, col.g, col.b, 255);
            SDL_FRect r = {x0, y - h, cw + 0.5f, h};
            SDL_RenderFillRectF(p->r, &r);
            y -= h;
            bands++;
        }
        if (other > 0) {
            float h = unit * (float)other;
            SDL_SetRenderDrawColor(p->r, AL_COL_DIM.r, AL_COL_DIM.g, AL_COL_DIM.b, 255);
            SDL_FRect r = {x0, y - h, cw + 0.5f, h};
            SDL_RenderFillRectF(p->r, &r);
            bands++;
        }
        if (c == cols - 1) sp->bands = bands;
    }
    sp->caption_px = al_draw_text_px(p->r, p->small, (float)plot.x, (float)(plot.y + plot.h + 3), AL_COL_DIM, cap);
}

void al_species_plot_caption(const al_species_plot *sp, char *out, size_t cap)
{
    int n = sp ? scored(sp) : 0;
    if (n == 0)
        snprintf(out, cap, "%s", empty_says(sp));
    else if (n == 1) // one column: one generation, numbered as the table numbers it
        snprintf(out, cap, "generation %lld; %d species now", (long long)sp->gen[0],
                 al_species_plot_species_now(sp));
    else
        snprintf(out, cap, "generations %lld .. %lld; %d species now", (long long)sp->gen[0],
                 (long long)sp->gen[n - 1], al_species_plot_species_now(sp));
    int now = al_species_plot_species_now(sp), len = (int)strlen(out);
    if (now > AL_SPECIES_PLOT_BANDS && len < (int)cap)
        snprintf(out + len, cap - (size_t)len, ": the %d largest, grey the other %d", AL_SPECIES_PLOT_BANDS,
                 now - AL_SPECIES_PLOT_BANDS);
}

void al_species_plot_report(const al_species_plot *sp, al_view_report *r)
{
    if (!sp) return;
    // The scored records only, as drawn and captioned (the last record may
    // be the next generation, speciated but not scored yet).
    int n = scored(sp);
    al_view_report_figure(r, "species_plot_generations", (double)n);
    al_view_report_figure(r, "species_plot_now", (double)al_species_plot_species_now(sp));
    int gaps = 0; // generations missing between two recorded ones
    for (int k = 1; k < n; ++k)
        gaps += sp->gen[k] != sp->gen[k - 1] + 1;
    al_view_report_figure(r, "species_plot_first", n > 0 ? (double)sp->gen[0] : -1.0);
    al_view_report_figure(r, "species_plot_last", n > 0 ? (double)sp->gen[n - 1] : -1.0);
    al_view_report_figure(r, "species_plot_gaps", (double)gaps);
    al_view_report_figure(r, "species_plot_columns", (double)sp->drawn);
    al_view_report_figure(r, "species_plot_bands", (double)sp->bands);
    al_view_report_figure(r, "species_plot_h", (double)sp->plot_h);
    al_view_report_figure(r, "species_plot_w", (double)sp->plot_w);
    al_view_report_figure(r, "species_plot_caption_px", (double)sp->caption_px);
    al_species_plot_caption(sp, r->species, sizeof r->species);
}
