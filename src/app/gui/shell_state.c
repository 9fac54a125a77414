// `state` of the --script harness: one JSON line saying what the window
// shows, for tests (and for a teacher checking a recorded demo).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/steering.h"
#include "alife/world.h"
#include "shell.h"

void al_view_report_figure(al_view_report *r, const char *name, double value)
{
    for (int i = 0; i < r->nfig; ++i)
        if (strcmp(r->fig_name[i], name) == 0) {
            r->fig[i] = value;
            return;
        }
    if (r->nfig == AL_REPORT_MAX_FIGURES) return;
    snprintf(r->fig_name[r->nfig], sizeof r->fig_name[0], "%s", name);
    r->fig[r->nfig++] = value;
}

// A JSON string: UTF-8 passes through, quotes, backslashes and control
// characters are escaped.
static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; ++p) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

// The lines of text ('\n' between) as JSON strings, comma-separated.
static void jlines(FILE *f, const char *text)
{
    for (const char *k = text; *k;) {
        const char *nl = strchr(k, '\n');
        size_t n = nl ? (size_t)(nl - k) : strlen(k);
        char one[64];
        snprintf(one, sizeof one, "%.*s", (int)n, k);
        if (k != text) fputc(',', f);
        jstr(f, one);
        k += n + (nl ? 1 : 0);
    }
}

typedef struct param_json {
    const al_gui *g;
    FILE *f;
    int group;
    const char *sep;
} param_json;

static void param_key(const char *key, const char *value, void *vctx)
{
    (void)value;
    param_json *pj = vctx;
    if (al_gui_param_group(pj->g, key) != pj->group) return;
    fputs(pj->sep, pj->f);
    jstr(pj->f, key);
    pj->sep = ",";
}

static void jnum(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    else
        fputs("null", f);
}

void al_shell_report(al_gui *g, al_view_report *r)
{
    memset(r, 0, sizeof *r);
    r->agents = -1;
    r->selected = -1;
    r->food = -1;
    if (g->cfg) {
        // One per mode (NULL: the module has no such count; its view reports it).
        static const char *const count_keys[NMODES] = {"steering.vehicles", "estrings.population",
                                                       "ants.count", "neat.population", NULL};
        const char *t = count_keys[g->mode] ? alConfig_Text(g->cfg, count_keys[g->mode]) : NULL;
        if (t) r->agents = atoi(t);
        const char *sc = alConfig_Text(g->cfg, "steering.scenario");
        if (sc && g->mode == MODE_STEERING) snprintf(r->scenario, sizeof r->scenario, "%s", sc);
        const char *target = alConfig_Text(g->cfg, "estrings.target");
        if (target && g->mode == MODE_ESTRINGS) snprintf(r->scenario, sizeof r->scenario, "%s", target);
    }
    if (g->have_session && g->s.have_last) {
        const alGenStats *st = &g->s.last;
        al_view_report_figure(r, "best", st->best);
        al_view_report_figure(r, "mean", st->mean);
        al_view_report_figure(r, "worst", st->worst);
        for (int k = 0; k < st->figure_count; ++k)
            al_view_report_figure(r, st->figure_names[k], st->figures[k]);
    }
    if (g->have_session && g->view && g->view->report) {
        g->ctx.paused = g->paused;
        g->view->report(&g->ctx, r);
    }
}

void al_gui_write_state(al_gui *g, FILE *f)
{
    al_view_report r;
    al_shell_report(g, &r);
    int w, h;
    al_shell_output_size(g, &w, &h);
    fputs("{\"mode\":", f);
    jstr(f, mode_names[g->mode]);
    fprintf(f, ",\"tick\":%lld,\"generation\":%lld,\"generations_limit\":%lld",
            (long long)al_gui_ticks(g), (long long)al_gui_generations(g),
            (long long)(g->have_session ? g->s.max_gens : 0));
    // the generation's tick (the header's), the target past the limit (J; 0 none),
    // a held view's control steps a frame at this speed (0: it does not hold)
    fprintf(f, ",\"gen_tick\":%lld,\"generations_target\":%lld,\"play_steps\":%d",
            (long long)(g->have_session ? g->s.ticks - g->s.gen_tick0 : 0),
            (long long)(g->have_session ? g->s.target : 0),
            g->view && g->view->hold ? al_shell_rung(g).steps : 0);
    fprintf(f, ",\"paused\":%s,\"finished\":%s,\"replaying\":%s,\"fast\":%s",
            g->paused ? "true" : "false", g->done ? "true" : "false",
            r.replaying ? "true" : "false", g->fast ? "true" : "false");
    fprintf(f, ",\"gens_per_frame\":%lld,\"update_ms\":%.1f,\"frames_cut\":%lld", (long long)al_shell_gens_per_frame(g),
            g->update_s * 1000.0, (long long)g->frames_cut);
    fprintf(f, ",\"speed\":%g,\"forever\":%s,\"jump_to\":%lld,\"seed\":%llu", al_gui_speed(g),
            g->forever ? "true" : "false", (long long)g->jump_to,
            (unsigned long long)(g->have_session ? g->s.seed : 0));
    char status[200];
    al_shell_status(g, status, sizeof status, NULL);
    fputs(",\"header\":", f); // the status line's longest form; header_shown as drawn
    jstr(f, status);
    fputs(",\"header_shown\":", f);
    jstr(f, g->status_shown);
    SDL_Rect pr;
    al_gui_layout(g, NULL, &pr);
    fprintf(f, ",\"header_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},\"header_room\":%d,\"header_cut\":%s",
            g->status_rect.x, g->status_rect.y, g->status_rect.w, g->status_rect.h, pr.x + pr.w - 16 - g->status_rect.x,
            g->status_cut ? "true" : "false");
    fputs(",\"banner\":", f);
    jstr(f, g->banner);
    if (g->have_session && g->cfg) {
        al_canvas c;
        al_shell_canvas(g, &c);
        fprintf(f, ",\"world_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", (int)c.world_px.x,
                (int)c.world_px.y, (int)c.world_px.w, (int)c.world_px.h);
    }
    fputs(",\"plot_title\":", f);
    jstr(f, g->plot_title);
    fputs(",\"plot_title_full\":", f);
    jstr(f, g->plot_title_full);
    fprintf(f, ",\"plot_title_cut\":%s,\"plot_title_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}",
            g->plot_title_cut ? "true" : "false", g->plot_title_rect.x, g->plot_title_rect.y,
            g->plot_title_rect.w, g->plot_title_rect.h);
    fprintf(f, ",\"plot_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", g->plot_rect.x, g->plot_rect.y,
            g->plot_rect.w, g->plot_rect.h);
    const al_plot_drawn *pd = &g->plot_drawn;
    fprintf(f, ",\"plot_axes\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", pd->axes.x, pd->axes.y,
            pd->axes.w, pd->axes.h);
    fprintf(f, ",\"plot_legend\":{\"rows\":%d,\"shown\":%d,\"hidden\":%d}", pd->legend_rows,
            pd->legend_shown, pd->legend_hidden);
    fputs(",\"plot_empty\":", f); // what the empty plot says ("" : it has data)
    jstr(f, pd->empty ? pd->empty : "");
    fprintf(f, ",\"plot_off_scale\":%d,\"plot_off_scale_boxes\":[", pd->off_scale_labels);
    for (int i = 0; i < pd->off_scale_labels; ++i)
        fprintf(f, "%s{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", i ? "," : "", pd->off_scale[i].x,
                pd->off_scale[i].y, pd->off_scale[i].w, pd->off_scale[i].h);
    // The lines as drawn, piece by piece in pixels (the last 400 pieces).
    int seg0 = pd->nsegs > 400 ? pd->nsegs - 400 : 0;
    fprintf(f, "],\"plot_title_rows\":%d,\"plot_segments_total\":%d,\"plot_segments\":[", pd->title_rows,
            pd->nsegs);
    for (int i = seg0; pd->segs && i < pd->nsegs; ++i)
        fprintf(f, "%s[%.1f,%.1f,%.1f,%.1f]", i > seg0 ? "," : "", (double)pd->segs[i].a.x,
                (double)pd->segs[i].a.y, (double)pd->segs[i].b.x, (double)pd->segs[i].b.y);
    fputc(']', f);
    fprintf(f, ",\"plot_range\":{\"lo\":%.17g,\"hi\":%.17g},\"plot_lines\":[", g->plot_lo, g->plot_hi);
    for (int i = 0; i < g->plot_nlines; ++i) {
        fprintf(f, "%s{\"name\":", i ? "," : "");
        jstr(f, g->plot_lines[i].name);
        fprintf(f, ",\"dashed\":%s}", g->plot_lines[i].dashed ? "true" : "false");
    }
    fputs("]", f);
    fprintf(f, ",\"table_earlier\":%lld", g->table_earlier);
    fputs(",\"table_gens\":[", f);
    for (int i = 0; i < g->table_n; ++i) fprintf(f, "%s%lld", i ? "," : "", g->table_gen[i]);
    fputs("]", f);
    fputs(",\"table_top\":", f);
    jstr(f, g->table_n ? g->table_top : "");
    fputs(",\"badges\":[", f);
    for (int i = 0; i < g->nbadges; ++i)
        fprintf(f, "%s{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"cut\":%s}", i ? "," : "", g->badges[i].x,
                g->badges[i].y, g->badges[i].w, g->badges[i].h, g->badge_cut[i] ? "true" : "false");
    fputs("]", f);
    // The world area and every text drawn in it (al_canvas_text): its box
    // and what its lines covered, so a test sees that none runs past its box.
    SDL_Rect wa;
    al_gui_layout(g, &wa, NULL);
    fprintf(f, ",\"world_area\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},\"world_texts\":[", wa.x, wa.y,
            wa.w, wa.h);
    for (int i = 0; i < g->world_texts.n; ++i) {
        const struct al_canvas_text_rec *t = &g->world_texts.t[i];
        fputs(i ? ",{\"text\":" : "{\"text\":", f);
        jstr(f, t->text);
        fputs(",\"shown\":", f);
        jstr(f, t->shown);
        fprintf(f,
                ",\"box\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},\"drawn\":{\"x\":%d,\"y\":%d,\"w\":%d,"
                "\"h\":%d},\"cut\":%s}",
                t->box.x, t->box.y, t->box.w, t->box.h, t->drawn.x, t->drawn.y, t->drawn.w, t->drawn.h,
                t->cut ? "true" : "false");
    }
    fprintf(f, "],\"world_texts_dropped\":%d", g->world_texts.dropped);
    fprintf(f, ",\"world_marks_outside\":%d", g->marks_outside);
    fputs(",\"overlays\":[", f);
    const char *sep = "";
    if (g->help) fprintf(f, "%s\"help\"", sep), sep = ",";
    if (g->lesson) fprintf(f, "%s\"lesson\"", sep), sep = ",";
    if (g->jump_typing) fprintf(f, "%s\"jump\"", sep), sep = ",";
    if (al_compare_view_open(g->cmpv)) fprintf(f, "%s\"compare\"", sep), sep = ",";
    if (r.overlay[0]) fprintf(f, "%s", sep), jstr(f, r.overlay), sep = ",";
    fputs("],\"overlay_note\":", f); // what the help or the lesson says of the run behind it
    jstr(f, g->help || g->lesson ? g->overlay_note : "");
    fputs(",\"scenario\":", f);
    if (r.scenario[0])
        jstr(f, r.scenario);
    else
        fputs("null", f);
    // Steering: the scenario's title as the panel shows it
    int scn = g->mode == MODE_STEERING && r.scenario[0] ? alScenario_Parse(r.scenario) : -1;
    fputs(",\"scenario_title\":", f);
    if (scn >= 0)
        jstr(f, alScenario_Title((alScenario)scn));
    else
        fputs("null", f);
    if (g->cfg) {
        // The world's size and edges, or null for a module without a 2D
        // world (strings, XOR, pole), whose world.* keys mean nothing.
        fputs(",\"settings\":{\"world\":", f);
        if (g->view && g->view->no_world) {
            fputs("null", f);
        } else {
            alWorld wd = alWorld_FromConfig(g->cfg);
            fputs("{\"width\":", f);
            jnum(f, wd.width);
            fputs(",\"height\":", f);
            jnum(f, wd.height);
            fputs(",\"edge\":", f);
            jstr(f, alEdgePolicy_Name(wd.edge));
            fputc('}', f);
        }
        fprintf(f, ",\"agents\":%d,\"generations\":%lld}", r.agents,
                (long long)alConfig_Int(g->cfg, "run.generations"));
    } else {
        fputs(",\"settings\":null", f);
    }
    fputs(",\"figures\":{", f);
    for (int i = 0; i < r.nfig; ++i) {
        if (i) fputc(',', f);
        jstr(f, r.fig_name[i]);
        fputc(':', f);
        jnum(f, r.fig[i]);
    }
    fputs("},\"selected\":", f);
    if (r.selected >= 0)
        fprintf(f, "%d", r.selected);
    else
        fputs("null", f);
    if (g->cfg) { // the keys the Parameters section lists, in its order
        fprintf(f, ",\"algorithm\":");
        jstr(f, alConfig_Text(g->cfg, "run.algorithm"));
        param_json pj = {g, f, 0, ""};
        fputs(",\"parameters\":[", f);
        for (pj.group = 0; pj.group < 4; ++pj.group)
            alConfig_Each(g->cfg, param_key, &pj);
        fputc(']', f);
    }
    fputs(",\"sections\":[", f);
    for (int i = 0; i < g->sections.n; ++i) {
        const al_panel_section *s = &g->sections.s[i];
        if (i) fputc(',', f);
        fputs("{\"name\":", f);
        jstr(f, s->name);
        fprintf(f, ",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"cut\":%s,\"collapsed\":%s}",
                s->rect.x, s->rect.y, s->rect.w, s->rect.h, s->cut ? "true" : "false",
                s->collapsed ? "true" : "false");
    }
    fputs("],\"panel_wrapped_on\":[", f); // the lines wrapped text went on to
    for (const char *k = g->sections.wrapped_on; *k;) {
        const char *nl = strchr(k, '\n');
        char one[512];
        snprintf(one, sizeof one, "%.*s", (int)(nl - k), k);
        if (k != g->sections.wrapped_on) fputc(',', f);
        jstr(f, one);
        k = nl + 1;
    }
    fputs("],\"panel_rows\":[", f); // each label / value row: which text is which
    for (const char *k = g->sections.rows; *k;) {
        const char *nl = strchr(k, '\n'), *t1 = strchr(k, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        char one[3][512];
        snprintf(one[0], sizeof one[0], "%.*s", (int)(t1 - k), k);
        snprintf(one[1], sizeof one[1], "%.*s", (int)(t2 - t1 - 1), t1 + 1);
        snprintf(one[2], sizeof one[2], "%.*s", (int)(nl - t2 - 1), t2 + 1);
        fputs(k == g->sections.rows ? "{\"section\":" : ",{\"section\":", f);
        jstr(f, one[0]);
        fputs(",\"label\":", f);
        jstr(f, one[1]);
        fputs(",\"value\":", f);
        jstr(f, one[2]);
        fputc('}', f);
        k = nl + 1;
    }
    fputs("],\"values\":[", f); // what the wheel and a drag change (al_panel_value)
    for (int i = 0, k = 0; i < g->sections.nhot; ++i) {
        const struct al_panel_hot *v = &g->sections.hot[i];
        if (!v->name[0]) continue;
        if (k++) fputc(',', f);
        fputs("{\"name\":", f);
        jstr(f, v->name);
        fprintf(f, ",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"value\":", v->r.x, v->r.y, v->r.w, v->r.h);
        jnum(f, v->value);
        fputc('}', f);
    }
    fprintf(f, "],\"scroll\":{\"offset\":%d,\"max\":%d,\"sign\":%s}", g->scroll,
            g->scroll_max, g->more_above || g->more_below ? "true" : "false");
    // Where the "more" signs were drawn (al_shell_more_sign; w 0: none).
    SDL_Rect sp = g->sign_panel, sl = g->lesson ? g->sign_lesson : (SDL_Rect){0, 0, 0, 0};
    fprintf(f,
            ",\"more_signs\":{\"in_panel\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d},"
            "\"in_lesson\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}}",
            sp.x, sp.y, sp.w, sp.h, sl.x, sl.y, sl.w, sl.h);
    fputs(",\"summary\":{\"text\":", f); // the module's line under the table
    jstr(f, g->summary);
    // where it starts, and where the table's rows above it end (window y)
    fprintf(f, ",\"lines\":%d,\"cut\":%s,\"y\":%d,\"table_end_y\":%d}", g->summary_lines,
            g->summary_cut ? "true" : "false", g->summary_y, g->table_end_y);
    fputs(",\"help_title\":", f);
    jstr(f, g->help ? g->help_title : "");
    fputs(",\"help_foot\":", f);
    jstr(f, g->help ? g->help_foot : "");
    fputs(",\"help_note\":", f);
    jstr(f, g->help ? g->help_note : "");
    fputs(",\"panel_keys\":[", f); // the Keys section's line as last drawn (folded: none)
    jlines(f, g->fold_keys ? "" : g->keys_drawn);
    fputs("]", f);
    fputs(",\"keys_folded\":", f); // the folded Keys section's line ("" when open)
    jstr(f, g->fold_keys ? al_shell_keys_folded_note(g) : "");
    fputs(",\"help_keys\":[", f);
    if (g->help) jlines(f, g->help_drawn);
    fprintf(f, "],\"help_cut\":%d", g->help ? g->help_cut : 0);
    // The help as last drawn: its scroll and the rows in view, each with its
    // key ("" on a description's later rows).
    fprintf(f, ",\"help_view\":{\"top\":%d,\"rows\":%d,\"visible\":%d,\"more_above\":%s,\"more_below\":%s},"
               "\"help_rows\":[",
            g->help_top, g->help ? g->help_rows : 0, g->help ? g->help_visible : 0,
            g->help && g->help_more_above ? "true" : "false", g->help && g->help_more_below ? "true" : "false");
    for (const char *k = g->help ? g->help_shown : ""; *k;) {
        const char *nl = strchr(k, '\n'), *tab = strchr(k, '\t');
        size_t n = nl ? (size_t)(nl - k) : strlen(k);
        char key[64] = "", text[400];
        if (tab && (size_t)(tab - k) < n) {
            snprintf(key, sizeof key, "%.*s", (int)(tab - k), k);
            snprintf(text, sizeof text, "%.*s", (int)(n - (size_t)(tab - k) - 1), tab + 1);
        } else {
            snprintf(text, sizeof text, "%.*s", (int)n, k);
        }
        fputs(k == g->help_shown ? "{\"key\":" : ",{\"key\":", f);
        jstr(f, key);
        fputs(",\"text\":", f);
        jstr(f, text);
        fputc('}', f);
        k += n + (nl ? 1 : 0);
    }
    fputc(']', f);
    fputs(",\"lesson_marks\":[", f); // the legend's marks, while the lesson is open
    if (g->lesson) jlines(f, g->lesson_marks);
    fprintf(f, "],\"lesson_cut\":%s", g->lesson && g->lesson_cut ? "true" : "false");
    fputs(",\"lesson\":", f);
    char lesson[1024];
    al_shell_lesson_path(g, lesson, sizeof lesson);
    jstr(f, lesson);
    // The lesson overlay as last drawn: its scroll, rows and "more" signs.
    fprintf(f, ",\"lesson_view\":{\"top\":%d,\"rows\":%d,\"visible\":%d,\"more_above\":%s,"
               "\"more_below\":%s,\"last_row\":",
            g->lesson_top, g->lesson_rows, g->lesson_visible, g->lesson_more_above ? "true" : "false",
            g->lesson_more_below ? "true" : "false");
    jstr(f, g->lesson ? g->lesson_last : "");
    fputs(",\"text\":", f); // its text as shown (in the plot's words), a paragraph a line
    jstr(f, g->lesson ? g->lesson_text : "");
    fputc('}', f);
    char marks[4096];
    al_lesson_marks(g, marks, sizeof marks);
    fputs(",\"marks\":", f); // what the lesson's "What the marks mean" lists
    jstr(f, marks);
    int hidden = 0, listed = al_compare_view_listed(g->cmpv, &hidden);
    int skipped = 0;
    const char *cnote = al_compare_view_note(g->cmpv, &skipped);
    fprintf(f, ",\"compare\":{\"listed\":%d,\"hidden\":%d,\"curves\":%d,\"skipped\":%d,", listed,
            hidden, al_compare_view_count(g->cmpv, mode_names[g->mode]), skipped);
    { // the picker's columns as last drawn
        int cx[8], cw[8], nc = al_compare_view_columns(g->cmpv, cx, cw);
        fputs("\"columns\":[", f);
        for (int c = 0; c < nc; ++c) fprintf(f, "%s{\"x\":%d,\"w\":%d}", c ? "," : "", cx[c], cw[c]);
        fputs("],\"rows\":[", f); // the first rows as drawn, and whether one ran past the picker
        bool over = false, any_over = false;
        const char *row;
        for (int i = 0; i < 8 && (row = al_compare_view_row(g->cmpv, i, &over)); ++i) {
            if (i) fputc(',', f);
            jstr(f, row);
            any_over |= over;
        }
        fprintf(f, "],\"rows_over\":%s,", any_over ? "true" : "false");
        fputs("\"names\":[", f); // each row's name as drawn
        for (int i = 0; al_compare_view_row_name(g->cmpv, i); ++i) {
            if (i) fputc(',', f);
            jstr(f, al_compare_view_row_name(g->cmpv, i));
        }
        fputs("],\"note\":", f);
    }
    jstr(f, cnote);
    fputs(",\"why_empty\":", f);
    jstr(f, al_compare_view_why_empty(g->cmpv));
    fputs(",\"counts\":", f); // the picker's line of counts as drawn
    jstr(f, al_compare_view_counts(g->cmpv));
    fputs(",\"a_key\":", f);
    jstr(f, al_compare_view_a_key(g->cmpv));
    fputs(",\"a_said\":", f);
    jstr(f, al_compare_view_a_said(g->cmpv));
    fputc('}', f);
    fputs(",\"logging\":", f);
    jstr(f, g->logging);
    fputs(",\"speed_line\":", f); // as drawn; speed_line_full its longest form
    jstr(f, g->speed_shown);
    fputs(",\"speed_line_full\":", f);
    jstr(f, g->speed_full);
    fprintf(f, ",\"speed_line_cut\":%s", g->speed_cut ? "true" : "false");
    fputs(",\"speed_rungs\":[", f); // the rungs + and - stop at now, slowest first, as the line says them
    speed_rung l[AL_RUNGS_MAX];
    int at = -1; // the rung run at, among them
    for (int i = 0, n = al_shell_ladder(g, l), k = 0; i < n; ++i) {
        char speed[112], brief[112];
        if (!al_shell_rung_stops(g, l, i)) continue;
        if (i == g->speed_idx) at = k;
        al_shell_rung_words(g, l[i], speed, brief, sizeof speed);
        fputs(k++ ? "," : "", f);
        jstr(f, speed);
    }
    fprintf(f, "],\"speed_rung\":%d", at);
    fputs(",\"plotted\":", f);
    jstr(f, g->plotted);
    // The plotted figure's values as drawn: value i at x = i (the last 200).
    const history *hs = &g->hist;
    int pi = g->plotted_index;
    const double *pv = pi > 0 && pi <= hs->nall ? hs->all[pi - 1] : pi == 0 ? hs->best : NULL;
    int from = hs->n > 200 ? hs->n - 200 : 0;
    fprintf(f, ",\"plotted_from\":%d,\"plotted_values\":[", from);
    for (int i = from; pv && i < hs->n; ++i) {
        if (i > from) fputc(',', f);
        jnum(f, pv[i]);
    }
    fputc(']', f);
    fputs(",\"food\":", f);
    if (r.food >= 0)
        fprintf(f, "%d", r.food);
    else
        fputs("null", f);
    fputs(",\"view_note\":", f);
    jstr(f, r.note);
    fputs(",\"view_box\":", f); // what the view's text box drew ("" none)
    jstr(f, r.box);
    fputs(",\"panel_marks\":[", f); // the Marks legend: "label: swatch" each
    jlines(f, r.marks);
    fputc(']', f);
    fputs(",\"species_caption\":", f); // the species plot's caption ("" no plot)
    jstr(f, r.species);
    char fast[160] = "";
    if (g->have_session && g->fast) al_shell_fast_line(g, fast, sizeof fast);
    fputs(",\"fast_line\":", f); // what F writes over the world ("" when not fast)
    jstr(f, fast);
    fputs(",\"last_edit\":", f); // what the last hand edit of the run changed
    jstr(f, g->have_session ? g->s.last_edit : "");
    // The strip's message: "" when a panel section in sight says it (al_view_say_in)
    bool strip = g->message[0] && al_shell_now(g) < g->message_until && !g->message_in_panel;
    fputs(",\"message\":", f);
    jstr(f, strip ? g->message : "");
    fprintf(f, ",\"message_seconds\":%.2f", // how long it stays on the strip
            strip ? g->message_until - al_shell_now(g) : 0.0);
    fputs(",\"message_in_section\":", f); // the section that says it instead ("" none)
    jstr(f, g->message_in_panel ? g->ctx.say_section : "");
    fprintf(f, ",\"message_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", g->message_rect.x,
            g->message_rect.y, g->message_rect.w, g->message_rect.h);
    fprintf(f, ",\"caption_rect\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", g->caption_rect.x,
            g->caption_rect.y, g->caption_rect.w, g->caption_rect.h);
    fputs(",\"tabs\":{", f); // the mode tabs as last drawn (clickable)
    for (int m = 0; m < NMODES; ++m)
        fprintf(f, "%s\"%s\":{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", m ? "," : "", mode_names[m], g->tabs[m].x,
                g->tabs[m].y, g->tabs[m].w, g->tabs[m].h);
    fputs("}", f);
    fprintf(f, ",\"window\":{\"width\":%d,\"height\":%d}}\n", w, h);
    fflush(f);
}
