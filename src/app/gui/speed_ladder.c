// speed_ladder.c — the speed ladder + and - climb (shell.h: al_shell_ladder),
// what each rung is called (one label a rung, from whichever side it is
// reached: ants' 1000 ticks a frame read "1000 ticks/frame" going up and "1
// generation/frame" coming down, once a generation had been measured), what
// the strip says at either end, and the help's + - line, drawn from the same
// tables so the words cannot drift from the rungs.
#include <stdio.h>
#include <string.h>

#include "shell.h"

// A held view's play goes 1, 2, 5, 10 ... 100 control steps a frame before a
// generation a frame (one + went from 1 control step a frame straight to 2
// generations a frame, the best's play no longer seen).
static const speed_rung slow_rungs[] = {{-60, 1, 0}, {-30, 1, 0}, {-15, 1, 0}, {-6, 1, 0}, {-3, 1, 0}, {1, 1, 0}};
static const int play_steps[] = {2, 5, 10, 20, 50, 100};
static const int fast_ticks[] = {2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000};
enum {
    NSLOW = sizeof slow_rungs / sizeof *slow_rungs,
    NPLAY = sizeof play_steps / sizeof *play_steps,
    NFAST = sizeof fast_ticks / sizeof *fast_ticks,
};

static bool held(const al_gui *g) { return g->view && g->view->hold; }

int64_t al_shell_gen_ticks(const al_gui *g)
{
    if (!g->have_session || !g->view || !g->view->generation_ticks || g->view->hold) return 0;
    int64_t n = g->view->generation_ticks(&g->ctx);
    return n >= 8 ? n : 0; // (shorter ones run whole at the tick rungs anyway)
}

// 1, 2, 5, 10, 20, 50 ...
static int64_t next_125(int64_t c)
{
    int64_t d = 1;
    while (d * 10 <= c)
        d *= 10;
    return c == d ? 2 * d : c == 2 * d ? 5 * d : 10 * d;
}

int al_shell_ladder(const al_gui *g, speed_rung out[AL_RUNGS_MAX])
{
    int n = 0;
    for (int k = 0; k < NSLOW; ++k)
        out[n++] = slow_rungs[k];
    if (held(g)) {
        for (int k = 0; k < NPLAY; ++k)
            out[n++] = (speed_rung){1, play_steps[k], 0};
        out[n++] = (speed_rung){1, 0, 0};
    }
    // Whole generations from half a generation a frame up (a frame of more
    // ticks ran whole generations anyway: 1000 and 2000 ticks of ants'
    // 2000 were both one a frame), up to 10,000 ticks' worth (at least one).
    int64_t len = al_shell_gen_ticks(g);
    for (int k = 0; k < NFAST && !(len && fast_ticks[k] >= len / 2); ++k)
        out[n++] = (speed_rung){fast_ticks[k], 0, 0};
    // A brain file's replay evolves nothing and loops its one generation:
    // whole generations a frame ran a quarter of it a frame, called "1 to 5
    // generations a frame" by the speed line and the help.
    if (al_shell_brain_replay(g)) return n;
    for (int64_t c = 1; len && n < AL_RUNGS_MAX && (c == 1 || c * len <= fast_ticks[NFAST - 1]); c = next_125(c))
        out[n++] = (speed_rung){(int)(c * len), 0, (int)c};
    return n;
}

speed_rung al_shell_rung(const al_gui *g)
{
    speed_rung l[AL_RUNGS_MAX];
    int n = al_shell_ladder(g, l);
    return l[g->speed_idx >= 0 && g->speed_idx < n ? g->speed_idx : 0];
}

// A held view's replay pace at rung r once the run is done: control steps a
// frame, or -k: one every k frames (al_gui_update steps it so).
static int replay_pace(speed_rung r)
{
    if (r.steps > 1) return r.steps;
    return r.ticks > 1 || r.ticks < 0 ? r.ticks : 1;
}
static double pace_value(int p) { return p > 0 ? p : 1.0 / -p; }

double al_shell_speed_now(const al_gui *g)
{
    speed_rung r = al_shell_rung(g);
    int p = held(g) && g->done ? replay_pace(r) : r.ticks;
    return pace_value(p);
}

static int top_play_steps(void) { return play_steps[NPLAY - 1]; }

// All rungs are stops, but once a held
// view's run is done its play is the replay, which goes at the rung's
// control steps or ticks a frame: the generation rungs that would replay
// slower than the top control-step rung are passed (one + went from 100
// control steps a frame back to 1).
bool al_shell_rung_stops(const al_gui *g, const speed_rung *l, int i)
{
    if (!(held(g) && g->done) || l[i].steps > 0) return true;
    return l[i].ticks > top_play_steps();
}

void al_shell_speed_settle(al_gui *g)
{
    speed_rung l[AL_RUNGS_MAX];
    int n = al_shell_ladder(g, l), i = g->speed_idx;
    if (i < 0 || i >= n || al_shell_rung_stops(g, l, i)) return;
    double want = pace_value(replay_pace(l[i]));
    int best = -1;
    for (int k = 0; k < n; ++k)
        if (al_shell_rung_stops(g, l, k) && pace_value(replay_pace(l[k])) <= want &&
            (best < 0 || pace_value(replay_pace(l[k])) > pace_value(replay_pace(l[best]))))
            best = k;
    if (best >= 0) g->speed_idx = best;
}

// "1 generation every 60 frames" in seconds too, as the README and the
// lessons say it ("one generation a second"): the window draws 60 frames a
// second, so 60 frames is about a second.
static const char *about_seconds(char *buf, size_t cap, int frames)
{
    if (frames == 60) snprintf(buf, cap, "about 1 a second");
    else if (frames > 60) snprintf(buf, cap, "about 1 every %.2g s", frames / 60.0);
    else snprintf(buf, cap, "about %.2g a second", 60.0 / frames);
    return buf;
}

bool al_shell_rung_words(const al_gui *g, speed_rung r, char *speed, char *brief, size_t cap)
{
    const al_view *v = g->view;
    int sp = r.ticks;
    // A tick that is a generation is called one. A held view (pole) plays
    // each generation's best at its rung's control steps a frame (1 at
    // normal speed and slower), and once the run is done its replay at the
    // rung's pace.
    bool gens = v && v->tick_is_generation;
    bool plays = gens && v->hold && (g->done || r.steps > 0);
    int steps = r.steps > 1 ? r.steps : 1, pace = replay_pace(r);
    char secs[32];
    if (plays && g->done && pace > 0) {
        snprintf(speed, cap, "%d control step%s/frame (the best's replay)", pace, pace == 1 ? "" : "s");
        snprintf(brief, cap, "%d control step%s/frame", pace, pace == 1 ? "" : "s");
    } else if (plays && g->done) {
        snprintf(speed, cap, "1 control step every %d frames (%.22s, the best's replay)", -pace,
                 about_seconds(secs, sizeof secs, -pace));
        snprintf(brief, cap, "1 control step/%d frames", -pace);
    } else if (plays && sp > 0) {
        snprintf(speed, cap, "%d control step%s/frame (each best plays out)", steps, steps == 1 ? "" : "s");
        snprintf(brief, cap, "%d control step%s/frame", steps, steps == 1 ? "" : "s");
    } else if (plays) {
        snprintf(speed, cap, "1 control step/frame (each best plays out), 1 generation every %d frames (%.22s)",
                 -sp, about_seconds(secs, sizeof secs, -sp));
        snprintf(brief, cap, "1 control step/frame, 1 gen/%d frames", -sp);
    } else if (r.gens > 0 || (gens && sp > 0)) {
        int k = r.gens > 0 ? r.gens : sp;
        snprintf(speed, cap, "%d generation%s/frame", k, k == 1 ? "" : "s");
        snprintf(brief, cap, "%d gen%s/frame", k, k == 1 ? "" : "s");
    } else if (gens) {
        snprintf(speed, cap, "1 generation every %d frames (%.22s)", -sp, about_seconds(secs, sizeof secs, -sp));
        snprintf(brief, cap, "1 gen/%d frames", -sp);
    } else if (sp > 0) {
        snprintf(speed, cap, "%d tick%s/frame", sp, sp == 1 ? "" : "s");
        snprintf(brief, cap, "%d tick%s/frame", sp, sp == 1 ? "" : "s");
    } else {
        snprintf(speed, cap, "1 tick every %d frames (%.22s)", -sp, about_seconds(secs, sizeof secs, -sp));
        snprintf(brief, cap, "1 tick/%d frames", -sp);
    }
    return plays;
}

void al_shell_speed_step(al_gui *g, int way)
{
    speed_rung l[AL_RUNGS_MAX];
    int n = al_shell_ladder(g, l), i = g->speed_idx;
    do
        i += way;
    while (i >= 0 && i < n && !al_shell_rung_stops(g, l, i));
    if (i >= 0 && i < n) {
        g->speed_idx = i;
        return;
    }
    // At an end the key did nothing to be seen: say so, and what is faster.
    char speed[112], brief[112];
    al_shell_rung_words(g, al_shell_rung(g), speed, brief, sizeof speed);
    // (an aside at the end, "(the best's replay)", goes: the line says it)
    char *aside = strstr(speed, " (");
    if (aside && strchr(aside, ')')[1] == '\0') *aside = '\0';
    bool f = g->have_session && !g->done && !al_shell_key_idle(g->view, al_shell_brain_replay(g), K_FAST);
    if (way > 0)
        al_shell_say(g, AL_COL_TEXT, "fastest speed: %s%s", speed,
                     f ? "; F fast-forwards (the world not drawn)" : "");
    else
        al_shell_say(g, AL_COL_TEXT, "slowest speed: %s", speed);
}

void al_shell_speed_help(const al_gui *g, char *out, size_t cap)
{
    speed_rung l[AL_RUNGS_MAX];
    int n = al_shell_ladder(g, l);
    const al_view *v = g->view;
    bool gens = v && v->tick_is_generation;
    if (held(g)) { // pole: its play rungs, its generation rungs, and the replay's
        int gen_lo = 0, gen_hi = 0, play_lo = 0;
        for (int k = 0; k < n; ++k) {
            if (l[k].steps == 0 && !gen_lo) gen_lo = l[k].ticks;
            if (l[k].steps == 0) gen_hi = l[k].ticks;
            if (l[k].steps > 1 && !play_lo) play_lo = l[k].steps;
        }
        snprintf(out, cap,
                 "faster / slower: each generation's best plays out, at 1 control step a frame (the slowest: a "
                 "generation every %d frames at most), then %d to %d control steps a frame; faster, %d to %d "
                 "generations a frame; once done, the best's replay from 1 control step every %d frames to %d "
                 "control steps a frame",
                 -l[0].ticks, play_lo, top_play_steps(), gen_lo, gen_hi, -l[0].ticks, replay_pace(l[n - 1]));
        return;
    }
    const char *unit = gens ? "generation" : "tick";
    int64_t len = al_shell_gen_ticks(g);
    int last_tick = 0;
    for (int k = 0; k < n; ++k)
        if (l[k].gens == 0) last_tick = l[k].ticks;
    if (len > 0 && l[n - 1].gens > 0) {
        char whole[48] = "1 whole generation";
        if (l[n - 1].gens > 1) snprintf(whole, sizeof whole, "1 to %d whole generations", l[n - 1].gens);
        snprintf(out, cap,
                 "faster / slower: from 1 tick every %d frames (about a second) to %d ticks a frame, then %s a frame "
                 "(a generation is %lld ticks)",
                 -l[0].ticks, last_tick, whole, (long long)len);
    } else if (len > 0 && al_shell_brain_replay(g))
        snprintf(out, cap,
                 "faster / slower: from 1 tick every %d frames (about a second) to %d ticks a frame (the replay "
                 "loops its one generation of %lld ticks)",
                 -l[0].ticks, l[n - 1].ticks, (long long)len);
    else
        snprintf(out, cap, "faster / slower: from 1 %s every %d frames (about a second) to %d %ss a frame", unit,
                 -l[0].ticks, l[n - 1].ticks, unit);
}
