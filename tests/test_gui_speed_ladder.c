// The speed ladder (+ and -) says the speed in effect and steps through
// every rung, through the --script harness (what the trial of the
// classroom window found, issue 10):
//  - pole after the goal: + from 10 control steps a frame went to 200,
//    past 20, 50 and 100;
//  - pole's replay below 1 control step a frame: - changed the speed, but
//    the replay still went at 1 step a frame and the line said so;
//  - ants: 1000 ticks a frame read "1000 ticks/frame" going up and "1
//    generation/frame" coming down (once a generation had been measured),
//    and 5000 read "2 generations/frame";
//  - at either end + or - did nothing to be seen: the strip now says so;
//  - the help's and the README's + - words name the ladder's own ends.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdlib.h>
#include <string.h>

// A script of n presses of key, a state after each, from frame `from`
// (two frames a press); returns the frame after the last.
static int presses(char *script, size_t cap, const char *key, int n, int from)
{
    size_t at = strlen(script);
    for (int k = 0; k < n; ++k, from += 2)
        at += (size_t)snprintf(script + at, cap - at, "at %d key %s\nat %d state\n", from, key, from + 1);
    return from;
}

// n presses of key at frames from, from + 1 ... appended to script.
static void keys_at(char *script, size_t cap, const char *key, int n, int from)
{
    for (int k = 0; k < n; ++k)
        snprintf(script + strlen(script), cap - strlen(script), "at %d key %s\n", from + k, key);
}

// A window of args given first (script lines ending in one state), then
// n_up presses of + from frame from and n_down of -, a state after each.
static void up_and_down(gs_run *r, const char *args, const char *first, int from, int n_up, int n_down)
{
    static char script[1 << 14];
    snprintf(script, sizeof script, "%s", first);
    int end = presses(script, sizeof script, "=", n_up, from);
    end = presses(script, sizeof script, "-", n_down, end);
    snprintf(script + strlen(script), sizeof script - strlen(script), "at %d quit\n", end);
    gt_script(r, script, args, 1 + n_up + n_down);
}

// The replay's pace the speed line says, in control steps a frame ("1
// control step every 3 frames": 1/3); -1 when it says none.
static double said_pace(const char *json)
{
    char line[512];
    gs_text(json, "speed_line_full", line, sizeof line);
    const char *p = strstr(line, "speed ");
    if (!p || !strstr(p, "control step")) return -1;
    p += 6;
    const char *every = strstr(p, "control step every ");
    if (every) return 1.0 / atof(every + strlen("control step every "));
    return atof(p);
}

static void poles_replay_steps_through_every_rung_both_ways(void **state)
{
    (void)state;
    // 10 presses from 1 control step a frame: 10 generations a frame, where
    // the run soon reaches its goal; then up to the fastest and back down.
    static char first[512];
    snprintf(first, sizeof first, "at 2 key space\n");
    keys_at(first, sizeof first, "=", 10, 3);
    snprintf(first + strlen(first), sizeof first - strlen(first), "at 14 key space\nat 200 state\n");
    gs_run r;
    up_and_down(&r, "experiments/pole/double.ini --no-log", first, 202, 12, 20);
    assert_true(gs_bool(r.line[0], "finished"));
    double start = said_pace(r.line[0]);
    if (start < 0) fail_msg("after the goal the speed line reads '%s'", gs_str(r.line[0], "speed_line_full"));
    // Each press goes one rung: up by at most 3 times (1/3, 1, 2, 5, 10 ...),
    // down likewise, until the end, where it stays.
    static double up[40], down[40];
    int nu = 0, nd = 0;
    up[nu++] = start;
    for (int i = 1; i <= 12; ++i) {
        double p = said_pace(r.line[i]), was = said_pace(r.line[i - 1]);
        if (p < was || p > 3 * was)
            fail_msg("+ from %g control steps a frame went to %g ('%s')", was, p,
                     gs_str(r.line[i], "speed_line_full"));
        if (p > was) up[nu++] = p;
    }
    down[nd++] = said_pace(r.line[12]);
    for (int i = 13; i <= 32; ++i) {
        double p = said_pace(r.line[i]), was = said_pace(r.line[i - 1]);
        if (p > was || p < was / 3 || p <= 0)
            fail_msg("- from %g control steps a frame went to %g ('%s')", was, p,
                     gs_str(r.line[i], "speed_line_full"));
        if (p < was) down[nd++] = p;
    }
    // the same rungs both ways
    for (int i = 0; i < nu; ++i)
        if (nd <= i || up[nu - 1 - i] != down[i])
            fail_msg("rung %d: %g control steps a frame going up, %g coming down", nu - 1 - i, up[nu - 1 - i],
                     nd > i ? down[i] : -1);
    gs_free(&r);
}

static void poles_slow_replay_goes_as_the_speed_line_says(void **state)
{
    (void)state;
    gs_run r;
    // once done (F to the goal), - from 1 control step a frame, twice; the
    // replay's steps counted over 60 frames at each rung
    gt_script(&r,
              "at 2 key f\nat 200 key -\nat 210 state\nat 270 state\nat 280 key -\nat 290 state\nat 350 state\n"
              "at 351 quit\n",
              "experiments/pole/double.ini --no-log", 4);
    for (int k = 0; k < 2; ++k) {
        const char *a = r.line[2 * k], *b = r.line[2 * k + 1];
        assert_true(gs_bool(a, "finished"));
        double pace = said_pace(a), steps = gs_num(b, "figures.trial_steps") - gs_num(a, "figures.trial_steps");
        if (pace <= 0 || pace >= 1 || steps < 60 * pace - 1 || steps > 60 * pace + 1)
            fail_msg("the line reads '%s' and the replay went %g control steps in 60 frames",
                     gs_str(a, "speed_line_full"), steps);
    }
    gs_free(&r);
}

// The speed line's first words (the rung's label).
static void label_of(const char *json, char *out, size_t cap)
{
    gs_text(json, "speed_line_full", out, cap);
    char *end = strstr(out, "   ");
    if (end) *end = '\0';
}

static void ants_rungs_read_the_same_from_either_side(void **state)
{
    (void)state;
    // the trial's: up from the slowest rung while the first generation
    // runs, down once generations have ended (the run goes on throughout)
    static char first[512];
    first[0] = '\0';
    keys_at(first, sizeof first, "-", 30, 3);
    snprintf(first + strlen(first), sizeof first - strlen(first), "at 38 state\n");
    gs_run r;
    up_and_down(&r, "experiments/ants/default.ini --no-log --set ants.count=12", first, 40, 24, 24);
    assert_true(gs_num(r.line[48], "generation") >= 1); // generations ended on the way
    static char up[40][200], down[40][200];
    int nu = 0, nd = 0;
    for (int i = 0; i <= 24; ++i) {
        label_of(r.line[i], up[nu], sizeof up[nu]);
        if (nu == 0 || strcmp(up[nu], up[nu - 1]) != 0) nu++;
    }
    for (int i = 24; i <= 48; ++i) {
        label_of(r.line[i], down[nd], sizeof down[nd]);
        if (nd == 0 || strcmp(down[nd], down[nd - 1]) != 0) nd++;
    }
    for (int i = 0; i < nu && i < nd; ++i)
        if (strcmp(up[nu - 1 - i], down[i]) != 0)
            fail_msg("rung %d reads '%s' going up, '%s' coming down", nu - 1 - i, up[nu - 1 - i], down[i]);
    assert_int_equal(nu, nd);
    gs_free(&r);
}

static void ants_generation_rungs_run_whole_generations(void **state)
{
    (void)state;
    // up from 10 ticks a frame; two states a rung, a frame apart, until 5
    // generations a frame (generations of 200 ticks: quick frames)
    static char script[1 << 14];
    snprintf(script, sizeof script, "at 2 state\n");
    int frame = 10;
    for (int k = 0; k < 5; ++k, frame += 4)
        snprintf(script + strlen(script), sizeof script - strlen(script), "at %d key =\nat %d state\nat %d state\n",
                 frame, frame + 2, frame + 3);
    snprintf(script + strlen(script), sizeof script - strlen(script), "at %d quit\n", frame);
    gs_run r;
    gt_script(&r, script, "experiments/ants/default.ini --no-log --set ants.count=12 --set ants.ticks=200", 11);
    char was[200] = "";
    for (int k = 0; k < 5; ++k) {
        const char *a = r.line[1 + 2 * k], *b = r.line[2 + 2 * k];
        char label[200];
        label_of(a, label, sizeof label);
        if (strcmp(label, was) == 0) fail_msg("two rungs both read '%s'", label);
        snprintf(was, sizeof was, "%s", label);
        double gens = gs_num(b, "generation") - gs_num(a, "generation"), ticks = gs_num(b, "tick") - gs_num(a, "tick");
        const char *g = strstr(label, "generation");
        // Under a script a rung's frame runs exactly its ticks, however slow
        // the build (ASan) or loaded the machine: the wall-time budget cuts
        // none of them (it did, and a loaded CI judged a cut frame).
        if (gs_num(b, "frames_cut") != 0) fail_msg("'%s': %g scripted frames cut by the time budget", label, gs_num(b, "frames_cut"));
        if (g) { // whole generations a frame: as many generations on, at the same tick within one
            if (gens != atof(label + strlen("speed ")) || gs_num(a, "gen_tick") != gs_num(b, "gen_tick"))
                fail_msg("'%s': %g generations on from tick %g to %g of one", label, gens, gs_num(a, "gen_tick"),
                         gs_num(b, "gen_tick"));
        } else if (strstr(label, "ticks/frame") && ticks != atof(label + strlen("speed "))) {
            fail_msg("'%s': %g ticks a frame", label, ticks);
        }
    }
    if (!strstr(was, "5 generations/frame")) fail_msg("5 presses from 10 ticks a frame reach '%s'", was);
    gs_free(&r);
}

// The strip's message after presses of key from a paused window of args.
static const char *message_after(gs_run *r, const char *args, const char *first, const char *key)
{
    static char script[1 << 13];
    snprintf(script, sizeof script, "%s", first);
    keys_at(script, sizeof script, key, 40, 300);
    snprintf(script + strlen(script), sizeof script - strlen(script), "at 341 state\nat 342 quit\n");
    gt_script(r, script, args, 1);
    return gs_str(r->line[0], "message");
}

static void either_end_of_the_ladder_says_so_in_every_mode(void **state)
{
    (void)state;
    static const char *const lessons[] = {"steering/seek", "estrings/hello", "ants/default", "xor/xor", "pole/double"};
    for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; ++i) {
        const char *args = gt_fmt("experiments/%s.ini --no-log", lessons[i]);
        gs_run r;
        const char *m = message_after(&r, args, "at 2 key space\n", "-");
        if (!strstr(m, "slowest speed")) fail_msg("%s: - at the slowest rung says '%s'", lessons[i], m);
        gs_free(&r);
        m = message_after(&r, args, "at 2 key space\n", "=");
        if (!strstr(m, "fastest speed")) fail_msg("%s: + at the fastest rung says '%s'", lessons[i], m);
        gs_free(&r);
    }
    // pole's replay, once done
    gs_run r;
    const char *m = message_after(&r, "experiments/pole/double.ini --no-log", "at 2 key f\n", "=");
    if (!strstr(m, "fastest speed") || !strstr(m, "control steps"))
        fail_msg("pole's replay: + at the fastest rung says '%s'", m);
    gs_free(&r);
}

// Label k of state json's speed_rungs (-1: the last); "" when it has none.
static const char *rung_label(const char *json, int k)
{
    static char out[200];
    out[0] = '\0';
    const char *p = strstr(json, "\"speed_rungs\":[");
    if (!p) return out;
    p += strlen("\"speed_rungs\":[");
    for (int i = 0; *p == '"'; ++i) {
        const char *e = strchr(p + 1, '"');
        if (!e) break;
        if (i == k || k < 0) snprintf(out, sizeof out, "%.*s", (int)(e - p - 1), p + 1);
        if (i == k) break;
        p = e + 1;
        if (*p == ',') ++p;
    }
    return out;
}

// The number in s after its first "every " (the slowest rung's frames),
// and its last number (the fastest rung's count).
static int every_frames(const char *s)
{
    const char *e = strstr(s, "every ");
    return e ? atoi(e + 6) : -1;
}
static int last_number(const char *s)
{
    int n = -1;
    for (const char *p = s; *p; ++p)
        if (*p >= '0' && *p <= '9' && (p == s || p[-1] < '0' || p[-1] > '9')) n = atoi(p);
    return n;
}

static void the_speed_help_names_the_ladders_ends_in_every_mode(void **state)
{
    (void)state;
    static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; ++i) {
        gs_run r;
        gt_script(&r, "at 3 key h\nat 5 state\nat 6 quit\n", gt_fmt("--no-log --mode %s", modes[i]), 1);
        char first[200], last[200];
        snprintf(first, sizeof first, "%s", rung_label(r.line[0], 0));
        snprintf(last, sizeof last, "%s", rung_label(r.line[0], -1));
        if (!first[0]) fail_msg("%s: no speed_rungs in state", modes[i]);
        const char *help = gt_help_text(r.line[0], "+ -");
        char want_slow[32], want_fast[32];
        snprintf(want_slow, sizeof want_slow, "every %d frames", every_frames(first));
        snprintf(want_fast, sizeof want_fast, "%d", last_number(last));
        if (!strstr(help, want_slow) || !strstr(help, want_fast))
            fail_msg("%s: the rungs go from '%s' to '%s', the help's + - says '%s'", modes[i], first, last, help);
        gs_free(&r);
    }
}

// The README's + - sentence names the plain ladder's ends (steering's):
// its slowest rung's frames and its fastest rung's ticks.
static void the_readme_names_the_ladders_ends(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n", "--no-log --mode steering", 1);
    int slow = every_frames(rung_label(r.line[0], 0)), fast = last_number(rung_label(r.line[0], -1));
    if (slow < 0 || fast < 0) fail_msg("no speed_rungs in state");
    gs_free(&r);
    static char text[1 << 18];
    gt_read_file(ALIFE_SOURCE_DIR "/README.md", text, sizeof text);
    for (char *p = text; *p; ++p) // one line: the sentence wraps
        if (*p == '\n') *p = ' ';
    const char *s = strstr(text, "`+`/`-` change the speed");
    if (!s) fail_msg("README.md: no \"`+`/`-` change the speed\"");
    char sentence[300], slow_w[40], fast_w[40];
    snprintf(sentence, sizeof sentence, "%.*s", (int)(strchr(s, ')') ? strchr(s, ')') - s : 200), s);
    snprintf(slow_w, sizeof slow_w, "every %d frames", slow);
    snprintf(fast_w, sizeof fast_w, "%d,%03d a frame", fast / 1000, fast % 1000);
    if (!strstr(sentence, slow_w) || !strstr(sentence, fast_w))
        fail_msg("README.md says '%s'; the ladder goes from 1 tick every %d frames to %d ticks a frame", sentence, slow,
                 fast);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(poles_replay_steps_through_every_rung_both_ways),
        cmocka_unit_test(poles_slow_replay_goes_as_the_speed_line_says),
        cmocka_unit_test(ants_rungs_read_the_same_from_either_side),
        cmocka_unit_test(ants_generation_rungs_run_whole_generations),
        cmocka_unit_test(either_end_of_the_ladder_says_so_in_every_mode),
        cmocka_unit_test(the_speed_help_names_the_ladders_ends_in_every_mode),
        cmocka_unit_test(the_readme_names_the_ladders_ends),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
