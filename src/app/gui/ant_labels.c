// The ants' labels (view_ants.h): one per spot, placed inside the world
// clear of each other and of the marks drawn there (the ants' bodies and
// rings), and what `state` says of them. Labels and marks are listed by the
// bands of h pixels they cross, so a label is checked only against its
// neighbours: O(n) for n ants.
#include <math.h>
#include <stdlib.h>

#include "view_ants.h"

static int label_cap(int n)
{
    int cap = 16;
    while (cap < 2 * n)
        cap <<= 1;
    return cap;
}

int al_ants_label_scratch(int n)
{
    return n + label_cap(n);
}

static unsigned cell_hash(int cx, int cy)
{
    return ((unsigned)cx * 73856093u) ^ ((unsigned)cy * 19349663u);
}

int al_ants_label_plan(const float *sx, const float *sy, int n, float cell_w, float cell_h,
                       int *owner, int *group, int *scratch)
{
    int cap = label_cap(n);
    int *next = scratch, *table = scratch + n; // table: head ant of a cell's chain, -1 empty
    for (int k = 0; k < cap; ++k)
        table[k] = -1;
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        int cx = (int)floorf(sx[i] / cell_w), cy = (int)floorf(sy[i] / cell_h);
        owner[i] = -1;
        group[i] = 0;
        for (int dy = -1; dy <= 1 && owner[i] < 0; ++dy)
            for (int dx = -1; dx <= 1 && owner[i] < 0; ++dx) {
                int qx = cx + dx, qy = cy + dy;
                for (unsigned k = cell_hash(qx, qy) & (unsigned)(cap - 1);;
                     k = (k + 1) & (unsigned)(cap - 1)) {
                    int head = table[k];
                    if (head < 0) break;
                    if ((int)floorf(sx[head] / cell_w) != qx ||
                        (int)floorf(sy[head] / cell_h) != qy)
                        continue;
                    for (int j = head; j >= 0; j = next[j])
                        if (fabsf(sx[j] - sx[i]) < cell_w && fabsf(sy[j] - sy[i]) < cell_h) {
                            owner[i] = j;
                            group[j]++;
                            break;
                        }
                    break;
                }
            }
        if (owner[i] >= 0) continue;
        owner[i] = i;
        group[i] = 1;
        ++kept;
        unsigned k = cell_hash(cx, cy) & (unsigned)(cap - 1);
        for (;; k = (k + 1) & (unsigned)(cap - 1)) {
            int head = table[k];
            if (head < 0) {
                next[i] = -1;
                table[k] = i;
                break;
            }
            if ((int)floorf(sx[head] / cell_w) == cx && (int)floorf(sy[head] / cell_h) == cy) {
                next[i] = head;
                table[k] = i;
                break;
            }
        }
    }
    return kept;
}

// Boxes listed by the bands of h pixels (from y0) they cross.
typedef struct bands {
    int *head, *next, *who;
    int count, used;
    float y0, h;
} bands;

static void band_range(const bands *b, float top, float bottom, int *b0, int *b1)
{
    *b0 = (int)floorf((top - b->y0) / b->h);
    *b1 = (int)floorf((bottom - b->y0) / b->h);
    if (*b0 < 0) *b0 = 0;
    if (*b1 >= b->count) *b1 = b->count - 1;
}

// Room for entries box-band entries; false when out of memory.
static bool bands_init(bands *b, al_label_box bounds, float h, int entries)
{
    b->h = h > 0 ? h : 1;
    b->y0 = bounds.y;
    b->count = (int)(bounds.h / b->h) + 2;
    b->used = 0;
    b->head = malloc(sizeof(int) * ((size_t)b->count + 2 * (size_t)entries));
    if (!b->head) return false;
    b->next = b->head + b->count;
    b->who = b->next + entries;
    for (int k = 0; k < b->count; ++k)
        b->head[k] = -1;
    return true;
}

static void bands_add(bands *b, int who, float top, float bottom)
{
    int b0, b1;
    band_range(b, top, bottom, &b0, &b1);
    for (int k = b0; k <= b1; ++k) {
        b->who[b->used] = who;
        b->next[b->used] = b->head[k];
        b->head[k] = b->used++;
    }
}

// The entries a box from top to bottom takes.
static int bands_entries(al_label_box bounds, float h, float top, float bottom)
{
    bands b = {.count = (int)(bounds.h / (h > 0 ? h : 1)) + 2, .y0 = bounds.y, .h = h > 0 ? h : 1};
    int b0, b1;
    band_range(&b, top, bottom, &b0, &b1);
    return b1 >= b0 ? b1 - b0 + 1 : 0;
}

// Overlap by more than slack pixels in both axes (slack 0: any overlap).
static bool meet(al_label_box a, al_label_box b, float slack)
{
    return a.x < b.x + b.w - slack && b.x < a.x + a.w - slack && a.y < b.y + b.h - slack &&
           b.y < a.y + a.h - slack;
}

static al_label_box mark_box(al_label_mark m)
{
    return (al_label_box){m.x - m.r, m.y - m.r, 2 * m.r, 2 * m.r};
}

// Whether box meets an entry of b (boxes of kind: labels out[], else marks).
static bool meets_any(const bands *b, al_label_box box, const al_label_box *labels,
                      const al_label_mark *marks, float slack)
{
    int b0, b1;
    band_range(b, box.y, box.y + box.h, &b0, &b1);
    for (int k = b0; k <= b1; ++k)
        for (int e = b->head[k]; e >= 0; e = b->next[e]) {
            int w = b->who[e];
            if (meet(box, labels ? labels[w] : mark_box(marks[w]), slack)) return true;
        }
    return false;
}

static bool marks_index(bands *b, al_label_box bounds, float h, const al_label_mark *marks,
                        int nmarks)
{
    int entries = 0;
    for (int m = 0; m < nmarks; ++m)
        entries += bands_entries(bounds, h, marks[m].y - marks[m].r, marks[m].y + marks[m].r);
    if (!bands_init(b, bounds, h, entries)) return false;
    for (int m = 0; m < nmarks; ++m)
        if (bands_entries(bounds, h, marks[m].y - marks[m].r, marks[m].y + marks[m].r) > 0)
            bands_add(b, m, marks[m].y - marks[m].r, marks[m].y + marks[m].r);
    return true;
}

int al_ants_label_place(al_label_box bounds, int n, const float *ax, const float *ay,
                        const float *left, const float *w, float h, const float *gap,
                        const al_label_mark *marks, int nmarks, al_label_box *out, bool *shown)
{
    bands placed = {0}, mk = {0};
    bool ok = bands_init(&placed, bounds, h, 2 * n) && marks_index(&mk, bounds, h, marks, nmarks);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        shown[i] = false;
        if (!ok) continue;
        // Above the ant, below it, right of it, left of it, then at its
        // corners (above right, above left, below right, below left): the
        // first that lies inside bounds, clear of the labels placed and of
        // the marks.
        for (int c = 0; c < 8 && !shown[i]; ++c) {
            const float g = gap[i];
            al_label_box box = {ax[i] + left[i], ay[i] - g - h, w[i], h};
            if (c == 1) box.y = ay[i] + g;
            if (c == 2 || c == 3)
                box.x = c == 2 ? ax[i] + g : ax[i] - g - w[i], box.y = ay[i] - h / 2;
            if (c >= 4) { // a corner: clear of the ant's square mark in both axes
                box.x = c % 2 == 0 ? ax[i] + g : ax[i] - g - w[i];
                box.y = c < 6 ? ay[i] - g - h : ay[i] + g;
            }
            if (c < 2) { // above or below: shifted sideways to stay inside
                if (box.x < bounds.x) box.x = bounds.x;
                if (box.x + box.w > bounds.x + bounds.w) box.x = bounds.x + bounds.w - box.w;
            } else if (c < 4) { // beside: shifted up or down
                if (box.y < bounds.y) box.y = bounds.y;
                if (box.y + box.h > bounds.y + bounds.h) box.y = bounds.y + bounds.h - box.h;
            }
            if (box.x < bounds.x || box.y < bounds.y || box.x + box.w > bounds.x + bounds.w ||
                box.y + box.h > bounds.y + bounds.h)
                continue;
            if (meets_any(&placed, box, out, NULL, 0) || meets_any(&mk, box, NULL, marks, 0))
                continue;
            out[i] = box;
            shown[i] = true;
            ++count;
            bands_add(&placed, i, box.y, box.y + box.h);
        }
    }
    free(mk.head);
    free(placed.head);
    return count;
}

al_label_faults al_ants_label_faults(al_label_box bounds, const al_label_box *b, int n, float h,
                                     const al_label_mark *marks, int nmarks)
{
    al_label_faults f = {.drawn = n};
    bands placed = {0}, mk = {0};
    bool ok = bands_init(&placed, bounds, h, 2 * n) && marks_index(&mk, bounds, h, marks, nmarks);
    for (int i = 0; i < n; ++i) {
        // half a pixel of slack: boxes that only touch do not count
        if (b[i].x < bounds.x - 0.5f || b[i].y < bounds.y - 0.5f ||
            b[i].x + b[i].w > bounds.x + bounds.w + 0.5f ||
            b[i].y + b[i].h > bounds.y + bounds.h + 0.5f)
            f.outside++;
        if (!ok) continue;
        bool on_mark = meets_any(&mk, b[i], NULL, marks, 0.5f);
        if (on_mark) f.over_marks++;
        if (on_mark || meets_any(&placed, b[i], b, NULL, 0.5f)) f.overlap++;
        bands_add(&placed, i, b[i].y, b[i].y + b[i].h);
    }
    free(mk.head);
    free(placed.head);
    return f;
}
