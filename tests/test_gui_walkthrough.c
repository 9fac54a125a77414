// A scripted walkthrough of the window (issue 10), each test one complaint
// from a teacher's trial, driven through `alife gui --offscreen --script`
// and checked on the `state` lines: nothing freezes at the limit, B replays
// after the run finished, one key one meaning (C compares everywhere, the
// help drawn from the key table), scenarios open with their lesson file,
// the panel does not move under the mouse, 1 2 3 keep each mode's run,
// every section is shown or visibly cut at 1280x800 and 720x480, run
// control, the lesson overlay and the plotted figure.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>

#include "alife/config.h"
#include "alife/world.h"
#include "gui/shell.h"
#include "gui_script.h"

// ---- 1. nothing freezes ---------------------------------------------------------------
static void steering_never_ends_in_the_window(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 0 key F\nat 150 key F\nat 152 state\nat 160 state\nat 161 quit\n",
                  "--no-log experiments/steering/leader_following.ini --set run.generations=2", 2);
    assert_true(gs_num(r.line[0], "generation") > 2); // past run.generations
    assert_false(gs_bool(r.line[0], "finished"));
    assert_true(gs_num(r.line[1], "tick") > gs_num(r.line[0], "tick")); // still moving
    gs_free(&r);
}

static void an_evolving_run_at_its_limit_goes_on_with_e_as_the_same_run(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "limit.db");
    char args[1024];
    snprintf(args, sizeof args,
             "--db '%s' experiments/estrings/hello.ini --set run.generations=5 "
             "--set estrings.target=abcdefghijklmnopqrstuvwxyz0123456789",
             db);
    gs_run r;
    gs_run_script(&r,
                  "at 0 key F\n"
                  "at 60 state\n"
                  "at 61 key E\n" // on, at the strings' class speed (a generation every 15 frames)
                  "at 100 state\n"
                  "at 101 quit\n",
                  args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    assert_true(gs_bool(r.line[0], "finished"));
    assert_true(gs_num(r.line[0], "generation") == 5);
    assert_false(gs_bool(r.line[1], "finished"));
    assert_true(gs_bool(r.line[1], "forever"));
    int64_t gens = (int64_t)gs_num(r.line[1], "generation");
    assert_true(gens > 5);
    gs_free(&r);
    // One run in the database, with every generation, the ones past the limit too.
    assert_int_equal((int64_t)gt_db_number(db, "SELECT count(*) FROM runs"), 1);
    assert_true((int64_t)gt_db_number(db, "SELECT count(*) FROM generations") >= gens);
}

static void without_a_database_the_last_best_ant_forages_on_at_the_limit(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 0 key F\nat gen 2 state\nat 30 state\nat 31 quit\n",
                  "--no-log experiments/ants/default.ini --set run.generations=2 "
                  "--set ants.ticks=40", 2);
    assert_true(gs_bool(r.line[1], "finished"));
    assert_true(gs_bool(r.line[1], "replaying"));
    assert_true(gs_num(r.line[1], "figures.replay_generation") == 1);
    gs_free(&r);
}

// ---- 2. B after the run finished ------------------------------------------------------
static void b_replays_once_the_run_has_finished_and_the_world_stays_alive(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "ants.db");
    char args[1024];
    snprintf(args, sizeof args,
             "--db '%s' experiments/ants/default.ini --set run.generations=2 "
             "--set ants.ticks=40",
             db);
    gs_run r;
    gs_run_script(&r,
                  "at 0 key F\n"
                  "at gen 2 state\n"
                  "at 37 state\n"
                  "at 38 state\n"
                  "at 39 state\n"
                  "at 41 key b\n" // back to the population
                  "at 42 state\n"
                  "at 43 key b\n" // and the replay again, after the end
                  "at 45 state\n"
                  "at 46 quit\n",
                  args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 6);
    assert_true(gs_bool(r.line[0], "finished"));
    // At the limit the last stored generation forages on: its tick moves over
    // three frames in a row (a 40-tick replay at 10 ticks a frame loops every
    // few frames, so two states far apart can meet on the same tick).
    assert_true(gs_bool(r.line[1], "replaying"));
    double t1 = gs_num(r.line[1], "figures.replay_tick"), t2 = gs_num(r.line[2], "figures.replay_tick"),
           t3 = gs_num(r.line[3], "figures.replay_tick");
    assert_true(t1 != t2 || t2 != t3);
    assert_false(gs_bool(r.line[4], "replaying"));
    assert_true(gs_bool(r.line[5], "replaying"));
    assert_true(gs_num(r.line[5], "figures.replay_generation") == 1);
    gs_free(&r);
}

// ---- 3. one key, one meaning ----------------------------------------------------------
static void no_two_shell_keys_share_a_key_and_views_leave_them_alone(void **state)
{
    (void)state;
    for (int i = 0; i < NSHELLKEYS; ++i)
        for (int j = i + 1; j < NSHELLKEYS; ++j)
            for (int a = 0; a < 4 && shell_keys[i].sym[a]; ++a)
                for (int b = 0; b < 4 && shell_keys[j].sym[b]; ++b)
                    if (shell_keys[i].sym[a] == shell_keys[j].sym[b] &&
                        (shell_keys[i].shift == 0 || shell_keys[j].shift == 0 ||
                         shell_keys[i].shift == shell_keys[j].shift))
                        fail_msg("'%s' and '%s' share a key", shell_keys[i].label,
                                 shell_keys[j].label);
    // A view's own keys (first column of keys_help) never name a shell letter.
    static const char *const modes[] = {"steering", "estrings", "ants"};
    for (int m = 0; m < 3; ++m) {
        const al_view *v = al_view_find(modes[m]);
        assert_non_null(v);
        for (const char *s = v->keys_help; s && *s;) {
            const char *gap = strstr(s, "  "), *nl = strchr(s, '\n');
            if (!nl) nl = s + strlen(s);
            for (const char *c = s; gap && c < gap && c < nl; ++c) {
                bool word_start = c == s || c[-1] == ' ';
                bool single = word_start && (c[1] == ' ' || c + 1 == gap);
                if (!single) continue;
                SDL_Keycode k = (SDL_Keycode)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
                const shell_key *sk = al_shell_key_of(k, 0);
                if (sk && sk->act != K_MODE1 && sk->act != K_MODE2 && sk->act != K_MODE3)
                    fail_msg("the %s view uses '%c', the shell's key for '%s'", modes[m], *c,
                             sk->help);
            }
            s = *nl ? nl + 1 : nl;
        }
    }
}

static void c_opens_compare_in_every_mode_and_the_help_lists_every_key(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "cmp.db");
    char args[600];
    snprintf(args, sizeof args, "--db '%s' experiments/steering/boids.ini", db);
    gs_run r;
    gs_run_script(&r,
                  "at 2 key c\nat 3 state\nat 4 key c\n"
                  "at 5 key 2\nat 7 key c\nat 8 state\nat 9 key c\n"
                  "at 10 key 3\nat 12 key c\nat 13 state\nat 14 key c\n"
                  "at 15 key 1\nat 16 key F1\nat 17 state\nat 18 quit\n",
                  args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    assert_string_equal(gs_str(r.line[0], "mode"), "steering");
    assert_true(gs_overlay(r.line[0], "compare"));
    assert_string_equal(gs_str(r.line[1], "mode"), "estrings");
    assert_true(gs_overlay(r.line[1], "compare"));
    assert_string_equal(gs_str(r.line[2], "mode"), "ants");
    assert_true(gs_overlay(r.line[2], "compare"));
    assert_true(gs_overlay(r.line[3], "help"));
    // The help drew every entry of the table with a help text, F1, Shift+N
    // and PgUp/PgDn among them, but those that do nothing in steering (E, J).
    for (int i = 0; i < NSHELLKEYS; ++i) {
        if (!shell_keys[i].help[0] || al_shell_key_idle(al_view_find("steering"), false, shell_keys[i].act)) continue;
        char q[64];
        snprintf(q, sizeof q, "\"%s\"", shell_keys[i].label);
        const char *keys = gs_find(r.line[3], "help_keys");
        if (!keys || !strstr(keys, q)) fail_msg("the help lacks %s", q);
    }
    const char *keys = gs_find(r.line[3], "help_keys");
    assert_non_null(strstr(keys, "F1"));
    assert_non_null(strstr(keys, "Shift+N"));
    assert_non_null(strstr(keys, "PgUp"));
    gs_free(&r);
}

// ---- the compare overlay -------------------------------------------------------------
static void the_picker_leaves_out_window_runs_that_were_left(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "picker.db");
    char args[600];
    snprintf(args, sizeof args, "--db '%s' experiments/estrings/hello.ini", db);
    gs_run r;
    gs_run_script(&r,
                  // strings open at 4 generations a second (15 frames each): each
                  // run left by R has a generation or two, so it is kept (and R
                  // asks first: pressed twice)
                  "at 35 key r\nat 36 key r\nat 70 key r\nat 71 key r\nat 105 key r\nat 106 key r\n"
                  "at 110 key c\nat 111 state\n"
                  "at 112 key a\nat 113 state\n" // A: all of them
                  "at 114 key down\nat 114 key space\nat 115 key c\nat 116 state\n"
                  "at 117 quit\n",
                  args);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 3);
    assert_true(gs_num(r.line[0], "compare.listed") == 0); // not this window's run (the live curve)
    assert_true(gs_num(r.line[0], "compare.hidden") == 3); // the three left by R
    assert_true(gs_num(r.line[1], "compare.listed") == 3);
    assert_true(gs_num(r.line[2], "compare.curves") == 1);
    assert_string_equal(gs_str(r.line[2], "plotted"), "compare best");
    gs_free(&r);
}

// ---- 4. scenarios open with their lesson file -----------------------------------------
static void expect_lesson_settings(const char *line)
{
    const char *sc = gs_str(line, "scenario");
    char path[512];
    snprintf(path, sizeof path, "%s/experiments/steering/%s.ini", ALIFE_SOURCE_DIR, sc);
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    alError err = {0};
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    if (!cfg) fail_msg("scenario %s: no lesson file %s: %s", sc, path, err.msg);
    alWorld w = alWorld_FromConfig(cfg);
    if (gs_num(line, "settings.width") != w.width || gs_num(line, "settings.height") != w.height ||
        strcmp(gs_str(line, "settings.edge"), alEdgePolicy_Name(w.edge)) != 0 ||
        gs_num(line, "settings.agents") != (double)alConfig_Int(cfg, "steering.vehicles"))
        fail_msg("scenario %s runs %g x %g %s, %g vehicles; its lesson says %g x %g %s, %lld", sc,
                 gs_num(line, "settings.width"), gs_num(line, "settings.height"),
                 gs_str(line, "settings.edge"), gs_num(line, "settings.agents"), (double)w.width,
                 (double)w.height, alEdgePolicy_Name(w.edge),
                 (long long)alConfig_Int(cfg, "steering.vehicles"));
    alDestroyConfig(cfg);
}

static void every_scenario_opens_with_its_lesson_files_settings(void **state)
{
    (void)state;
    char script[4096] = "";
    size_t n = 0;
    for (int k = 0; k < 18; ++k)
        n += (size_t)snprintf(script + n, sizeof script - n, "at %d key ]\nat %d state\n",
                              3 * k + 1, 3 * k + 3);
    snprintf(script + n, sizeof script - n, "at 60 quit\n");
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/seek.ini", 18);
    int distinct = 0;
    for (int i = 0; i < r.n; ++i) {
        expect_lesson_settings(r.line[i]);
        distinct += i == 0 || strcmp(gs_str(r.line[i], "scenario"), "seek") != 0;
    }
    assert_string_equal(gs_str(r.line[17], "scenario"), "seek"); // round the chooser
    gs_free(&r);
}

static void key_1_opens_steering_with_the_boids_lesson(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key 1\nat 4 state\nat 5 quit\n", "--no-log", 1);
    assert_string_equal(gs_str(r.line[0], "mode"), "steering");
    expect_lesson_settings(r.line[0]);
    gs_free(&r);
}

// ---- 5. nothing moves under the mouse -------------------------------------------------
static void panel_sections_stay_put_while_the_tables_fill(void **state)
{
    (void)state;
    static const char *const configs[] = {
        "--no-log experiments/ants/default.ini --set ants.ticks=30 --set run.generations=100000",
        "--no-log experiments/steering/boids.ini",
        "--no-log experiments/estrings/hello.ini",
    };
    for (int c = 0; c < 3; ++c) {
        gs_run r;
        gt_script(&r, "at 1 state\nat 2 key F\nat 40 key F\nat 42 state\nat 43 quit\n",
                      configs[c], 2);
        assert_true(gs_num(r.line[1], "generation") >= 5);
        // Every section begins where it began before any generation.
        const char *p = strstr(r.line[0], "\"sections\":[");
        assert_non_null(p);
        for (const char *q = strstr(p, "{\"name\":\""); q && q < strstr(p, "]");
             q = strstr(q + 1, "{\"name\":\"")) {
            char name[64];
            sscanf(q + 9, "%63[^\"]", name);
            int x0 = 0, y0 = 0, w0 = 0, h0 = 0, x1 = 0, y1 = 0, w1 = 0, h1 = 0;
            bool c0 = false, c1 = false;
            assert_true(gs_section(r.line[0], name, &x0, &y0, &w0, &h0, &c0));
            if (!gs_section(r.line[1], name, &x1, &y1, &w1, &h1, &c1))
                fail_msg("%s: section %s went away", configs[c], name);
            // (the ants view's own "Earlier generations" table grows above its
            // brain: that view's layout is its own; checked: what is above it)
            if (c == 0 && strcmp(name, "Status") && strcmp(name, "Last generations") &&
                strcmp(name, "Plot"))
                continue;
            if (y0 != y1) fail_msg("%s: section %s moved from y %d to %d", configs[c], name, y0, y1);
        }
        gs_free(&r);
    }
}

// ---- 6. 1 2 3 keep each mode's run ----------------------------------------------------
static void modes_keep_their_runs_until_r(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 30 state\n"
                  "at 31 key 2\n"
                  "at 40 key 3\n" // back: the same run, not simulated meanwhile
                  "at 40 state\n"
                  "at 41 key 3\n" // the mode shown: nothing happens
                  "at 42 state\n"
                  "at 43 key r\n" // a new run, asked for
                  "at 44 state\n"
                  "at 45 quit\n",
                  "--no-log experiments/ants/default.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    double t0 = gs_num(r.line[0], "tick"), t1 = gs_num(r.line[1], "tick");
    assert_true(t0 > 0);
    assert_true(t1 >= t0 && t1 <= t0 + 30); // kept, and paused while hidden
    assert_true(gs_num(r.line[2], "tick") >= t1);
    assert_true(gs_num(r.line[1], "seed") == gs_num(r.line[0], "seed"));
    assert_true(gs_num(r.line[3], "seed") == gs_num(r.line[0], "seed") + 1);
    assert_true(gs_num(r.line[3], "tick") < t1);
    gs_free(&r);
}

// ---- 9, 10. everything fits, or says it does not ---------------------------------------
static void check_sections(const char *line, bool all_fit)
{
    const char *p = strstr(line, "\"sections\":[");
    assert_non_null(p);
    int n = 0, cut = 0;
    for (const char *q = strstr(p, "{\"name\":\""); q && q < strstr(p, "]");
         q = strstr(q + 1, "{\"name\":\"")) {
        char name[64];
        sscanf(q + 9, "%63[^\"]", name);
        int x = 0, y = 0, w = 0, h = 0;
        bool c = false;
        assert_true(gs_section(line, name, &x, &y, &w, &h, &c));
        n++;
        if (c) cut++;
        if (all_fit && c) fail_msg("section %s is cut at %gx%g: %s", name,
                                   gs_num(line, "window.width"), gs_num(line, "window.height"),
                                   line);
        if (!c && h <= 0) fail_msg("section %s is empty but not marked cut", name);
    }
    assert_true(n >= 4);
    // No section is drawn over another: in page order, each starts below
    // the end of the one before (sections scrolled out of view have h 0).
    int last_end = 0;
    for (const char *q = strstr(p, "{\"name\":\""); q && q < strstr(p, "]");
         q = strstr(q + 1, "{\"name\":\"")) {
        int y = (int)gs_num(q, "y"), h = (int)gs_num(q, "h");
        if (h <= 0) continue;
        if (y < last_end) fail_msg("a section starts at y %d, over the one ending at %d: %s", y,
                                   last_end, line);
        last_end = y + h;
    }
    // Something cut is always signalled by the "more" strip.
    if (cut) assert_true(gs_bool(line, "scroll.sign"));
}

static void every_section_fits_at_1280x800_and_scrolls_with_a_sign_at_720x480(void **state)
{
    (void)state;
    static const char *const configs[] = {
        "--no-log experiments/ants/default.ini",   "--no-log experiments/ants/mines.ini",
        "--no-log experiments/steering/boids.ini", "--no-log experiments/steering/flee.ini",
        "--no-log experiments/steering/wander.ini", "--no-log experiments/estrings/hello.ini",
    };
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        gs_run r;
        gs_run_script(&r,
                      "at 30 state\n"
                      "at 31 resize 720 480\n"
                      "at 33 state\n"
                      "at 34 key pagedown\nat 35 key pagedown\nat 36 key pagedown\n"
                      "at 37 key pagedown\nat 38 key pagedown\n"
                      "at 40 state\n"
                      "at 41 quit\n",
                      configs[c]);
        assert_int_equal(r.status, 0);
        assert_int_equal(r.n, 3);
        check_sections(r.line[0], true);
        check_sections(r.line[1], false);
        check_sections(r.line[2], false);
        // Scrolled to the end: the last section (Keys) is in view.
        int x = 0, y = 0, w = 0, h = 0;
        bool cut = false;
        assert_true(gs_section(r.line[2], "Keys", &x, &y, &w, &h, &cut));
        if (h <= 0) fail_msg("%s: Keys not reachable by scrolling: %s", configs[c], r.line[2]);
        assert_true(gs_num(r.line[2], "scroll.offset") == gs_num(r.line[2], "scroll.max"));
        gs_free(&r);
    }
}

static bool same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    bool same = fa && fb;
    while (same) {
        int ca = fgetc(fa), cb = fgetc(fb);
        if (ca != cb) same = false;
        if (ca == EOF || cb == EOF) break;
    }
    if (fa) fclose(fa);
    if (fb) fclose(fb);
    return same;
}

// Item 10: nothing drawn in one frame survives into the next.
static void no_stale_text_survives_a_frame(void **state)
{
    (void)state;
    // (not the ants: their eaten-food marks fade frame by frame, also paused)
    static const char *const configs[] = {"--no-log experiments/steering/flee.ini",
                                          "--no-log experiments/steering/boids.ini",
                                          "--no-log experiments/estrings/hello.ini"};
    for (int c = 0; c < 3; ++c) {
        char script[2048];
        snprintf(script, sizeof script,
                 "at 20 key space\n"
                 "at 22 shot %s\n"
                 "at 23 key h\nat 25 key h\n"                    // the help, closed
                 "at 26 key l\nat 28 key escape\n"               // the lesson, closed
                 "at 29 key c\nat 31 key c\n"                    // the picker, closed
                 "at 32 resize 720 480\nat 34 resize 1280 800\n" // smaller, and back
                 "at 36 shot %s\n"
                 "at 37 quit\n",
                 gs_path("before.png"), gs_path("after.png"));
        gs_run r;
        gs_run_script(&r, script, configs[c]);
        assert_int_equal(r.status, 0);
        if (!same_file(gs_path("before.png"), gs_path("after.png")))
            fail_msg("%s: the paused frame differs after overlays came and went", configs[c]);
        gs_free(&r);
    }
}

// ---- parameters with the mouse --------------------------------------------------------
static void wheel_and_drag_on_a_value_change_it_like_its_key(void **state)
{
    (void)state;
    // Where the vehicles' lines are (seek: one section for all of them): its top + heading.
    gs_run r0;
    gs_run_script(&r0, "at 3 state\nat 4 quit\n", "--no-log experiments/steering/seek.ini");
    assert_int_equal(r0.n, 1);
    int x = 0, y = 0, w = 0, h = 0;
    bool cut = false;
    assert_true(gs_section(r0.line[0], "All vehicles", &x, &y, &w, &h, &cut));
    int sx = x + w / 2, sy = y + 32; // the S max speed line
    int spx = 0, spy = 0, spw = 0, sph = 0;
    assert_true(gs_section(r0.line[0], "Status", &spx, &spy, &spw, &sph, &cut));
    gs_free(&r0);
    char script[1024];
    snprintf(script, sizeof script,
             "at 3 state\n"
             "at 4 scroll %d %d 2\n"           // two notches up on max speed
             "at 6 state\n"
             "at 7 drag %d %d %d %d\n"         // dragged left 60 px: five steps less
             "at 9 state\n"
             "at 10 scroll %d %d 1\n"          // the speed in the status line
             "at 12 state\n"
             "at 13 quit\n",
             sx, sy, sx, sy, sx - 60, sy, spx + 40, spy + 26);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/seek.ini", 4);
    double v0 = gs_num(r.line[0], "figures.max_speed"), v1 = gs_num(r.line[1], "figures.max_speed"),
           v2 = gs_num(r.line[2], "figures.max_speed");
    if (!(fabs(v1 - v0 * 1.15 * 1.15) < 1e-3 * v0)) fail_msg("wheel: %g -> %g", v0, v1);
    if (!(fabs(v2 - v1 / pow(1.15, 5)) < 1e-3 * v1)) fail_msg("drag: %g -> %g", v1, v2);
    assert_true(gs_num(r.line[3], "speed") > gs_num(r.line[2], "speed"));
    gs_free(&r);
}

// ---- a brain in a file ----------------------------------------------------------------
static void an_exported_brain_replays_exactly_in_the_window(void **state)
{
    (void)state;
    const char *db = gs_path("brain.db"), *brain = gs_path("best.brain");
    remove(db);
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             // own worlds: one ant's fitness is its own, so its replay alone is exact
             "cd '%s' && '%s' run experiments/ants/default.ini --set run.generations=3 "
             "--set ants.ticks=200 --set ants.world=own --db '%s' --quiet >/dev/null 2>&1 && "
             "'%s' export 1 --db '%s' --genome 2 --out '%s' >/dev/null",
             ALIFE_SOURCE_DIR, ALIFE_BINARY, db, ALIFE_BINARY, db, brain);
    assert_int_equal(system(cmd), 0);
    char args[600];
    snprintf(args, sizeof args, "--no-log --brain '%s'", brain);
    gs_run r;
    gs_run_script(&r, "at 1 state\nat 40 state\nat 41 quit\n", args); // 200 ticks at 10 a frame
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    assert_string_equal(gs_str(r.line[0], "mode"), "ants");
    assert_true(gs_bool(r.line[0], "replaying"));
    assert_true(gs_num(r.line[0], "figures.replay_generation") == 2);
    assert_true(gs_num(r.line[1], "figures.replay_result") > -1e299); // its generation ended
    assert_true(gs_num(r.line[1], "figures.replay_result") ==
                gs_num(r.line[1], "figures.replay_logged")); // exactly the logged fitness
    gs_free(&r);
    // A generation not stored, and a file that is not a brain, are plain errors.
    snprintf(cmd, sizeof cmd, "'%s' export 1 --db '%s' --genome 7 --out '%s' 2>'%s'",
             ALIFE_BINARY, db, gs_path("none.brain"), gs_path("err.txt"));
    int st = system(cmd);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) != 0);
    gs_run_script(&r, "at 1 quit\n", "--no-log --brain experiments/ants/default.ini");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "not a brain file line"));
    gs_free(&r);
}

// --from RUN:GEN with the generation's population stored (the shared world
// stores every ant): the window opens there at once (no fast-forward, tick
// 0), and the generations it then runs are the stored run's, the first
// (GEN itself) and the next one, bred from it.
static void from_run_gen_opens_there_with_the_population_alive(void **state)
{
    (void)state;
    char db[512];
    gt_stored_run(db, sizeof db, "from.db",
                  "experiments/ants/default.ini --set run.generations=5 --set ants.ticks=200");
    char args[600];
    snprintf(args, sizeof args, "--no-log --db '%s' --from 1:2", db);
    gs_run r;
    gt_script(&r, "at 1 state\nat 2 key space\nat gen 3 state\nat gen 4 state\nat gen 4 quit\n", args, 3);
    assert_true(gs_num(r.line[0], "generation") == 2);
    assert_true(gs_num(r.line[0], "tick") == 0); // loaded, not re-simulated
    assert_true(gs_bool(r.line[0], "paused"));
    assert_false(gs_bool(r.line[0], "fast"));
    assert_non_null(strstr(gs_str(r.line[0], "message"), "stored population loaded"));
    for (int k = 1; k <= 2; ++k) { // generations 2 and 3, as stored
        assert_true(gs_num(r.line[k], "generation") == 2 + k);
        assert_true(gs_num(r.line[k], "figures.best") == gt_stored_figure(db, 1 + k, "best"));
        assert_true(gs_num(r.line[k], "figures.mean") == gt_stored_figure(db, 1 + k, "mean"));
    }
    gs_free(&r);
    // --from RUN: the population after the last stored one is not stored;
    // generation 4's is: one generation from it, checked against the store.
    snprintf(args, sizeof args, "--no-log --db '%s' --from 1", db);
    gt_script(&r, "at gen 5 state\nat gen 5 quit\n", args, 1);
    assert_true(gs_num(r.line[0], "generation") == 5);
    assert_true(gs_bool(r.line[0], "paused"));
    assert_true(gs_num(r.line[0], "figures.mean") == gt_stored_figure(db, 4, "mean"));
    const char *m = gs_str(r.line[0], "message");
    assert_non_null(strstr(m, "from the stored population of generation 4"));
    assert_non_null(strstr(m, "exactly as stored"));
    gs_free(&r);
    // Bad RUN or GEN: plain errors, exit 2.
    const char *bad[][2] = {{"1:9", "allowed: GEN from 0 to 5"},
                            {"7:2", "no run 7"},
                            {"1:x", "'x' is not a generation number"}};
    for (int i = 0; i < 3; ++i) {
        snprintf(args, sizeof args, "--no-log --db '%s' --from %s", db, bad[i][0]);
        gs_run_script(&r, "at 1 quit\n", args);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, bad[i][1]));
        gs_free(&r);
    }
}

// With ants.world = own only the best ant is stored: --from re-simulates
// from the seed, says so and why, and checks what it reached.
static void from_a_run_without_its_population_resimulates(void **state)
{
    (void)state;
    char db[512];
    gt_stored_run(db, sizeof db, "from_own.db",
                  "experiments/ants/default.ini --set run.generations=4 --set ants.ticks=200 "
                  "--set ants.world=own");
    char args[600];
    snprintf(args, sizeof args, "--no-log --db '%s' --from 1:3", db);
    gs_run r;
    gt_script(&r, "at gen 3 state\nat 60 state\nat 61 key space\nat 70 state\nat 71 quit\n", args, 3);
    assert_true(gs_num(r.line[0], "generation") == 3);
    assert_true(gs_bool(r.line[1], "paused")); // waits there
    assert_true(gs_num(r.line[1], "generation") == 3);
    assert_true(gs_num(r.line[1], "figures.mean") == gt_stored_figure(db, 2, "mean"));
    const char *m = gs_str(r.line[1], "message");
    assert_non_null(strstr(m, "from the seed"));
    assert_non_null(strstr(m, "generations 0 to 2 run again"));
    assert_non_null(strstr(m, "stores one brain per generation, its best ant's"));
    assert_non_null(strstr(m, "exactly as stored"));
    // The verdict comes first (the strip cuts a long line's end), and the
    // database is named by its file name, not its path (fourth trial).
    if (strncmp(m, "generation 2 came out exactly as stored (best ", 46) != 0)
        fail_msg("the message does not open with its verdict: %s", m);
    if (!strstr(m, "of from_own.db, now at generation 3") || strstr(m, db))
        fail_msg("the message names the database by its path: %s", m);
    assert_true(gs_num(r.line[2], "tick") > gs_num(r.line[1], "tick")); // alive on Space
    gs_free(&r);
}

// ---- strings: one count, targets as typed ----------------------------------------------
static void targets_show_as_typed_and_errors_speak_plainly(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 key t\nat 3 type \"Jos€\"\nat 4 key return\nat 6 state\n"
                  "at 7 key escape\nat 8 key t\nat 9 key return\nat 10 state\n"
                  "at 11 quit\n",
                  "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    const char *m = gs_str(r.line[0], "view_note"); // said under the target's box
    assert_non_null(strstr(m, "Target not used: '€', character 4 of 'Jos€'")); // as typed, UTF-8
    assert_null(strstr(m, "--set"));                          // no command-line jargon
    assert_string_equal(gs_str(r.line[0], "scenario"), "Hello, World!"); // the run goes on
    assert_non_null(strstr(gs_str(r.line[1], "view_note"), "The target is empty"));
    gs_free(&r);
}

static void the_goal_generation_is_the_tables_and_the_clis(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at 0 key F\nat 100 state\nat 101 quit\n",
                  "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r.status, 0);
    assert_true(gs_bool(r.line[0], "finished"));
    // The solved generation is the last one done: the table's row gens - 1;
    // every count says gens: 'after 99 generations (limit ...)' in the header
    // (it said 'gen 99 of ...' beside the table's '99 not run'),
    // 'GOAL REACHED after 99 generations' on the banner, 'solved after 99
    // generations' in the CLI (a trial once saw 'at generation 61' beside 62).
    assert_true(gs_num(r.line[0], "figures.solved_at") == gs_num(r.line[0], "generation") - 1);
    char want[80];
    snprintf(want, sizeof want, "GOAL REACHED after %.0f generations", gs_num(r.line[0], "generation"));
    assert_non_null(strstr(gs_str(r.line[0], "banner"), want));
    snprintf(want, sizeof want, "after %.0f generations (limit", gs_num(r.line[0], "generation"));
    assert_non_null(strstr(gs_str(r.line[0], "header"), want));
    gs_free(&r);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' run experiments/estrings/hello.ini --db '%s' 2>&1 | grep -q "
             "'solved after 99 generations'",
             ALIFE_SOURCE_DIR, ALIFE_BINARY, gs_path("hello.db"));
    assert_int_equal(system(cmd), 0);
}

static void forever_has_no_generation_limit(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at 2 state\nat 3 quit\n",
                  "--no-log --forever experiments/ants/default.ini");
    assert_int_equal(r.status, 0);
    assert_true(gs_bool(r.line[0], "forever"));
    assert_true(gs_num(r.line[0], "generations_limit") > 1e15);
    gs_free(&r);
}

// ---- run control ----------------------------------------------------------------------
static void jump_step_a_generation_slow_speeds_and_forever(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 1 key j\n"
                  "at 2 type \"40\"\n"
                  "at 3 key return\n"
                  "at gen 40 state\n"         // 0
                  "at 200 state\n"            // 1: paused there
                  "at 201 key shift+n\n"
                  "at 203 state\n"            // 2: one generation more, paused
                  "at 204 key space\n"
                  "at 205 key minus\nat 205 key minus\nat 205 key minus\nat 205 key minus\n"
                  "at 206 state\n"            // 3: slowest speed
                  "at 266 state\n"            // 4: 60 frames later, about 2 ticks
                  "at 267 key e\n"
                  "at 268 state\n"            // 5: no limit
                  "at 269 key j\nat 270 type \"100000\"\nat 271 key return\n"
                  "at 280 key space\n"      // Space stops the jump where it is
                  "at 282 state\n"          // 6
                  "at 284 state\n"          // 7
                  "at 285 quit\n",
                  "--no-log experiments/estrings/weasel.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 8);
    assert_true(gs_num(r.line[6], "jump_to") == 0);
    assert_true(gs_bool(r.line[6], "paused"));
    assert_true(gs_num(r.line[6], "tick") == gs_num(r.line[7], "tick"));
    assert_true(gs_num(r.line[1], "generation") == 40);
    assert_true(gs_bool(r.line[1], "paused"));
    assert_true(gs_num(r.line[2], "generation") == 41);
    assert_true(gs_bool(r.line[2], "paused"));
    assert_true(gs_num(r.line[3], "speed") < 0.05);
    double dt = gs_num(r.line[4], "tick") - gs_num(r.line[3], "tick");
    assert_true(dt >= 1 && dt <= 3);
    assert_true(gs_bool(r.line[5], "forever"));
    assert_true(gs_num(r.line[5], "generations_limit") > 1e15);
    gs_free(&r);
}

// ---- the lesson on screen, the plotted figure -----------------------------------------
static void l_shows_the_lesson_of_every_mode_and_scenario(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 1 key l\nat 2 state\nat 3 key l\n"
                  "at 4 key ]\nat 6 key l\nat 7 state\nat 8 key escape\n"
                  "at 9 key 2\nat 10 key l\nat 11 state\nat 12 key l\n"
                  "at 13 key 3\nat 14 key l\nat 15 state\nat 15 shot lesson.png\nat 16 quit\n",
                  "--no-log experiments/steering/flee.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    static const char *const want[] = {"steering/flee.ini", "steering/arrive.ini",
                                       "estrings/hello.ini", "ants/default.ini"};
    for (int i = 0; i < 4; ++i) {
        assert_true(gs_overlay(r.line[i], "lesson"));
        const char *path = gs_str(r.line[i], "lesson");
        size_t n = strlen(path), m = strlen(want[i]);
        if (n < m || strcmp(path + n - m, want[i]) != 0)
            fail_msg("lesson %d is '%s', wanted .../%s", i, path, want[i]);
    }
    gs_free(&r);
    remove(ALIFE_SOURCE_DIR "/lesson.png");
    // The text is the file's opening comment, without its keys.
    char text[8192];
    assert_true(al_lesson_text(ALIFE_SOURCE_DIR "/experiments/steering/boids.ini", text,
                               sizeof text) > 5);
    assert_non_null(strstr(text, "Watch:"));
    assert_null(strstr(text, "[run]"));
    assert_int_not_equal(text[0], ';');
    assert_null(strstr(text, "\n;"));
}

static void tab_cycles_the_plotted_figure_in_every_mode(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 0 key F\nat 60 key F\n"
                  "at 61 state\nat 62 key tab\nat 63 state\n"
                  "at 64 key 3\nat 65 key F\nat 200 key F\n"
                  "at 201 state\nat 202 key tab\nat 203 state\nat 204 quit\n",
                  "--no-log experiments/steering/boids.ini");
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 4);
    assert_string_equal(gs_str(r.line[0], "plotted"), "order"); // what the lesson watches
    assert_string_not_equal(gs_str(r.line[1], "plotted"), "order");
    assert_string_equal(gs_str(r.line[2], "plotted"), "fitness");
    assert_string_not_equal(gs_str(r.line[3], "plotted"), "fitness");
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steering_never_ends_in_the_window),
        cmocka_unit_test(an_evolving_run_at_its_limit_goes_on_with_e_as_the_same_run),
        cmocka_unit_test(b_replays_once_the_run_has_finished_and_the_world_stays_alive),
        cmocka_unit_test(without_a_database_the_last_best_ant_forages_on_at_the_limit),
        cmocka_unit_test(no_two_shell_keys_share_a_key_and_views_leave_them_alone),
        cmocka_unit_test(c_opens_compare_in_every_mode_and_the_help_lists_every_key),
        cmocka_unit_test(the_picker_leaves_out_window_runs_that_were_left),
        cmocka_unit_test(every_scenario_opens_with_its_lesson_files_settings),
        cmocka_unit_test(key_1_opens_steering_with_the_boids_lesson),
        cmocka_unit_test(panel_sections_stay_put_while_the_tables_fill),
        cmocka_unit_test(modes_keep_their_runs_until_r),
        cmocka_unit_test(every_section_fits_at_1280x800_and_scrolls_with_a_sign_at_720x480),
        cmocka_unit_test(no_stale_text_survives_a_frame),
        cmocka_unit_test(an_exported_brain_replays_exactly_in_the_window),
        cmocka_unit_test(from_run_gen_opens_there_with_the_population_alive),
        cmocka_unit_test(from_a_run_without_its_population_resimulates),
        cmocka_unit_test(wheel_and_drag_on_a_value_change_it_like_its_key),
        cmocka_unit_test(jump_step_a_generation_slow_speeds_and_forever),
        cmocka_unit_test(targets_show_as_typed_and_errors_speak_plainly),
        cmocka_unit_test(the_goal_generation_is_the_tables_and_the_clis),
        cmocka_unit_test(forever_has_no_generation_limit),
        cmocka_unit_test(l_shows_the_lesson_of_every_mode_and_scenario),
        cmocka_unit_test(tab_cycles_the_plotted_figure_in_every_mode),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
