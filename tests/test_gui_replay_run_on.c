// B in ants during a run, then the run goes on behind the replay (issue 10
// trial): the note kept "(4 is under way)" while the run went to 200, and F,
// J and + left the Replay section up over a run evolving fast. Now F, J and
// + end the replay (the live run is drawn, the Replay section goes), and
// while the run goes on at its speed the note says where it is.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *ants_args(const char *db)
{
    return gt_fmt("--db '%s' experiments/ants/default.ini --set ants.ticks=120 --set ants.count=12", db);
}

// B at generation 4 (paused there), the run resumed, then keys (script
// lines from frame 302 on) and a state at generation gen; its two state
// lines (B's, then the one at gen) into r.
static void replay_then(gs_run *r, const char *name, const char *keys, int gen)
{
    char db[512];
    gt_fresh_db(db, sizeof db, name);
    gt_script(r,
              gt_fmt("at 2 key f\nat gen 4 key space\nat 300 key b\nat 301 state\nat 301 key space\n%s"
                     "at gen %d state\nat gen %d quit\n",
                     keys, gen, gen),
              ants_args(db), 2);
    if (!gs_bool(r->line[0], "replaying")) fail_msg("B did not replay: %s", r->line[0]);
    if (!gt_has_section(r->line[0], "Replay")) fail_msg("B drew no Replay section: %s", r->line[0]);
}

static void ends_the_replay(const char *what, const char *keys, int gen)
{
    gs_run r;
    replay_then(&r, "run_on.db", keys, gen);
    const char *l = r.line[1];
    if (gs_bool(l, "replaying")) fail_msg("%s: still replaying at generation %d: %s", what, gen, l);
    if (gt_has_section(l, "Replay")) fail_msg("%s: the Replay section stays up: %s", what, l);
    const char *note = gs_str(l, "view_note");
    if (strstr(note, "replaying")) fail_msg("%s: the note still says '%s'", what, note);
    const char *msg = gs_str(l, "message"); // B's words on the strip go with the replay
    if (strstr(msg, "replaying")) fail_msg("%s: the strip still says '%s'", what, msg);
    if (strstr(gs_str(l, "header"), "replay")) fail_msg("%s: the header says '%s'", what, gs_str(l, "header"));
    gs_free(&r);
}

static void f_ends_the_replay(void **state)
{
    (void)state;
    ends_the_replay("F", "at 302 key f\n", 8);
}

static void j_ends_the_replay(void **state)
{
    (void)state;
    ends_the_replay("J 9", "at 302 key j\nat 303 type \"9\"\nat 304 key enter\n", 9);
}

static void plus_ends_the_replay(void **state)
{
    (void)state;
    ends_the_replay("+", "at 302 key plus\n", 7);
}

static void the_note_follows_the_run_behind_the_replay(void **state)
{
    (void)state;
    gs_run r;
    replay_then(&r, "run_behind.db", "", 6);
    const char *said = gs_str(r.line[0], "view_note");
    if (!strstr(said, "generation 3, the newest stored (4 is under way)"))
        fail_msg("B at generation 4 says '%s'", said);
    assert_true(gs_bool(r.line[1], "replaying")); // at its speed the run goes on behind the replay
    char want[64];
    snprintf(want, sizeof want, "(%lld is under way", (long long)gs_num(r.line[1], "generation"));
    const char *note = gs_str(r.line[1], "view_note");
    if (!strstr(note, "replaying all 12 ants of generation 3") || !strstr(note, want))
        fail_msg("at generation %g the note says '%s', not '... %s'", gs_num(r.line[1], "generation"), note, want);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f_ends_the_replay),
        cmocka_unit_test(j_ends_the_replay),
        cmocka_unit_test(plus_ends_the_replay),
        cmocka_unit_test(the_note_follows_the_run_behind_the_replay),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
