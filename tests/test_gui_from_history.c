// `alife gui --from RUN:GEN` opens with the run's stored generations before
// GEN in the table and plot: the trial opened --from 7:20 and saw "none
// finished yet" and "no generations yet", generations 0..19 gone.
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <string.h>

// The state line's table_gens array as text, e.g. "4,3,2,1,0".
static const char *table_gens(const char *json)
{
    static char buf[128];
    const char *p = strstr(json, "\"table_gens\":[");
    if (!p) return "";
    p += strlen("\"table_gens\":[");
    snprintf(buf, sizeof buf, "%.*s", (int)strcspn(p, "]"), p);
    return buf;
}

static void from_a_stored_generation_shows_the_ones_before(void **state)
{
    (void)state;
    char db[1024];
    gt_stored_run(db, sizeof db, "from_history.db", "experiments/ants/default.ini --set run.generations=6");
    int id = (int)gt_db_number(db, "SELECT max(id) FROM runs");
    gs_run r;
    gt_script(&r, "at 5 state\nat 6 quit\n", gt_fmt("--from %d:4 --db '%s' --no-log", id, db), 1);
    // The top row is generation 4 (paused there), then the stored 3, 2, 1, 0.
    assert_string_equal(table_gens(r.line[0]), "4,3,2,1,0");
    assert_true(gs_num(r.line[0], "plot_range.hi") > 0);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(from_a_stored_generation_shows_the_ones_before),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
