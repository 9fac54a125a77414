// B in ants during a run (issue 10 trial): it replayed generation 10 beside
// "11 under way" in the table, unsaid, and after B again, back to the live
// run, "replaying all 30 ants of generation 10" stayed on the strip. B says
// it replays the newest stored generation and which one is under way, and
// the replay's words go when the replay ends.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static void b_says_what_it_replays_and_its_words_go_with_it(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "replay_words.db");
    gs_run r;
    gt_script(
        &r,
        "at 2 key f\nat gen 4 key space\nat 300 key b\nat 301 state\nat 320 key b\nat 321 "
        "state\nat 330 quit\n",
        gt_fmt("--db '%s' experiments/ants/default.ini --set ants.ticks=120 --set ants.count=12",
               db),
        2);
    long long gen = (long long)gs_num(r.line[0], "generation");
    assert_true(gs_bool(r.line[0], "replaying"));
    char want[128];
    snprintf(want, sizeof want, "generation %lld, the newest stored (%lld is under way)", gen - 1,
             gen);
    const char *msg = gs_str(r.line[0], "message");
    if (!strstr(msg, want))
        fail_msg("B at generation %lld says '%s', not '... %s'", gen, msg, want);
    assert_false(gs_bool(r.line[1], "replaying"));
    msg = gs_str(r.line[1], "message");
    if (strstr(msg, "replaying")) fail_msg("back to the live run, the strip still says '%s'", msg);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(b_says_what_it_replays_and_its_words_go_with_it),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
