// alife gui --brain FILE --db D (trial 6): A, X or R left the ants mode stuck
// at "gen 0 of 0", nothing answering; now a new-run key ends the file's
// replay and starts a real run of its world, evolving from generation 0 and
// logged in D. The replay offers only the keys that work: its header said
// "E: evolve on" (E is refused), its panel "[ ] other generation" and "B back
// to the population", and ] said "replay needs the run database" with --db
// given.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

// A stored 6-generation ants run (in db) exported as generation 5's brain file (path).
// A new-run key (keys: script lines at frame 10) ends the replay: a run
// that evolves and is logged in the database given.
static void new_run_by(const char *keys, const char *what)
{
    char db[512], path[512];
    gt_brain_file(db, sizeof db, path, sizeof path, "brain_new", 6);
    gs_run r;
    gt_script(&r, gt_fmt("at 5 state\n%sat 12 state\nat 13 key shift+n\nat 400 state\nat 401 quit\n", keys),
              gt_fmt("--brain '%s' --db '%s'", path, db), 3);
    if (!gs_bool(r.line[0], "replaying")) fail_msg("%s: no replay at first: %s", what, r.line[0]);
    if (gs_bool(r.line[1], "replaying")) fail_msg("%s: still replaying: %s", what, r.line[1]);
    assert_true(gs_num(r.line[1], "generations_limit") > 0);
    const char *m = gs_str(r.line[1], "message");
    if (!strstr(m, "new run")) fail_msg("%s: the message does not say a new run: '%s'", what, m);
    assert_null(strstr(gs_str(r.line[1], "header"), "limit"));
    // Shift+N evolves a generation, and the run is logged beside the stored one
    if (gs_num(r.line[2], "generation") < 1) fail_msg("%s: nothing evolved: %s", what, r.line[2]);
    if (!strstr(gs_str(r.line[2], "speed_line"), "logged") || strstr(gs_str(r.line[2], "speed_line"), "not logged"))
        fail_msg("%s: not logged: %s", what, gs_str(r.line[2], "speed_line"));
    gs_free(&r);
    assert_true(gt_db_number(db, "SELECT count(*) FROM runs") == 2);
}

static void a_starts_a_new_logged_run(void **state)
{
    (void)state;
    new_run_by("at 10 key a\n", "A");
}

static void x_starts_a_new_logged_run(void **state)
{
    (void)state;
    new_run_by("at 10 key x\n", "X");
}

static void r_starts_a_new_logged_run(void **state)
{
    (void)state;
    new_run_by("at 10 key r\n", "R");
}

// The replay's header, panel and ] name only what works there.
static void the_replay_offers_only_working_keys(void **state)
{
    (void)state;
    char db[512], path[512];
    gt_brain_file(db, sizeof db, path, sizeof path, "brain_new", 6);
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 key ]\nat 7 state\nat 8 quit\n", gt_fmt("--brain '%s' --db '%s'", path, db),
              2);
    const char *hdr = gs_str(r.line[0], "speed_line");
    if (strstr(hdr, "E: evolve on") || !strstr(hdr, "R: a new run")) fail_msg("header: '%s'", hdr);
    const char *m = gs_str(r.line[1], "message");
    if (strstr(m, "needs the run database") || !strstr(m, "generation 5 only"))
        fail_msg("] says: '%s'", m);
    assert_true(gs_num(r.line[1], "figures.replay_generation") == 5);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_starts_a_new_logged_run),
        cmocka_unit_test(x_starts_a_new_logged_run),
        cmocka_unit_test(r_starts_a_new_logged_run),
        cmocka_unit_test(the_replay_offers_only_working_keys),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
