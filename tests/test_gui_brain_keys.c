// alife gui --brain FILE replays the file's generation and evolves nothing
// (trial T2): B showed "LIMIT: 0 generations - the population of generation
// 0" (a fresh random generation, not the file's) and E started evolving
// from generation 0. Now B replays the file's generation again from its
// first tick, and E, J and Shift+N are refused with a message saying why.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// A stored 6-generation ants run exported as generation 5's brain file;
// its path is copied into path.
static void brain_file(char *path, size_t cap)
{
    char db[512];
    gt_stored_run(db, sizeof db, "brain.db",
                  "experiments/ants/default.ini --set ants.ticks=150 --set ants.count=12 --generations 6");
    snprintf(path, cap, "%s", gs_path("b.brain"));
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' export 1 --genome 5 --out '%s' --db '%s' >/dev/null 2>&1", ALIFE_BINARY,
             path, db);
    if (system(cmd) != 0) fail_msg("alife export failed");
}

static void b_replays_the_files_generation_again(void **state)
{
    (void)state;
    char path[512], args[600];
    brain_file(path, sizeof path);
    snprintf(args, sizeof args, "--brain '%s'", path);
    gs_run r;
    gt_script(&r,
              "at 1 state\n"
              "at 40 state\n"
              "at 41 key b\n"
              "at 42 state\n"
              "at 60 key b\n"
              "at 61 state\n"
              "at 62 quit\n",
              args, 4);
    for (int i = 0; i < 4; ++i) {
        if (!gs_bool(r.line[i], "replaying")) fail_msg("line %d: not replaying: %s", i, r.line[i]);
        assert_true(gs_num(r.line[i], "figures.replay_generation") == 5);
        assert_true(gs_num(r.line[i], "generation") == 5); // the file's, nothing evolved past it
        assert_null(strstr(gs_str(r.line[i], "banner"), "LIMIT"));
    }
    double t1 = gs_num(r.line[1], "figures.replay_tick");
    assert_true(t1 > 0);
    // B starts the file's generation again from its first tick
    assert_true(gs_num(r.line[2], "figures.replay_tick") < t1);
    assert_true(gs_num(r.line[3], "figures.replay_tick") < t1);
    gs_free(&r);
}

static void refused(const char *keys, const char *what)
{
    char path[512], args[600];
    brain_file(path, sizeof path);
    snprintf(args, sizeof args, "--brain '%s'", path);
    char script[400];
    snprintf(script, sizeof script, "%sat 30 state\nat 90 state\nat 91 quit\n", keys);
    gs_run r;
    gt_script(&r, script, args, 2);
    for (int i = 0; i < 2; ++i) {
        assert_true(gs_num(r.line[i], "generation") == 5);
        if (!gs_bool(r.line[i], "replaying")) fail_msg("%s: line %d not replaying: %s", what, i, r.line[i]);
        assert_true(gs_num(r.line[i], "figures.replay_generation") == 5);
    }
    const char *m = gs_str(r.line[0], "message");
    if (!strstr(m, "brain file") || !strstr(m, "evolves nothing"))
        fail_msg("%s: the message does not say why: '%s'", what, m);
    gs_free(&r);
}

static void e_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key e\n", "E");
}

static void j_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key j\nat 11 type \"9\"\nat 12 key return\n", "J 9");
}

static void shift_n_is_refused_with_a_reason(void **state)
{
    (void)state;
    refused("at 10 key shift+n\n", "Shift+N");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(b_replays_the_files_generation_again),
        cmocka_unit_test(e_is_refused_with_a_reason),
        cmocka_unit_test(j_is_refused_with_a_reason),
        cmocka_unit_test(shift_n_is_refused_with_a_reason),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
