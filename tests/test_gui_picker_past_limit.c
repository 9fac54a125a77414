// The compare picker (C) counted a run evolved on past its limit with E and
// then closed as one of the "empty or left window runs not listed" until A
// was pressed: it is finished (stop reason 'closed', its limit reached), a
// run of its own to compare, and is listed.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *ANTS3 =
    "experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 "
    "--set ants.count=12";

static void a_run_closed_past_its_limit_is_listed(void **state)
{
    (void)state;
    char db[512];
    gt_fresh_db(db, sizeof db, "past_limit.db");
    gs_run r;
    // One window: to the limit, E, two generations more, then closed.
    gt_script(
        &r, "at 2 key f\nat gen 3 key e\nat gen 5 key space\nat gen 5 state\nat gen 5 key escape\n",
        gt_fmt("%s --db '%s'", ANTS3, db), 1);
    gs_free(&r);
    if (gt_db_number(db, "SELECT status = 'finished' AND stop_reason = 'closed' FROM runs") != 1)
        fail_msg("the run was not logged finished, closed");
    // The next window's picker lists it, with nothing hidden.
    gt_script(&r, "at 5 key c\nat 8 state\nat 9 quit\n", gt_fmt("%s --db '%s'", ANTS3, db), 1);
    const char *l = r.line[0];
    if ((int)gs_num(l, "compare.listed") != 1 || (int)gs_num(l, "compare.hidden") != 0)
        fail_msg("listed %g, hidden %g: %s", gs_num(l, "compare.listed"),
                 gs_num(l, "compare.hidden"), l);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_run_closed_past_its_limit_is_listed),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
