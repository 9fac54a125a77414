// Past the limit and back: at run.generations the ants world replays the
// last generation; E (evolve on) or J (jump to a generation) evolve again,
// and then the world, the header and the panel show the live population
// again. They stayed on "replay of generation 2" while the run went on to
// generation 5 or 8, and the Replay section kept saying the run was at its
// limit.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#include "gui_script.h"

static const char *args(void)
{
    static char a[600];
    snprintf(a, sizeof a,
             "--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 "
             "--set ants.count=12",
             gs_path("runs.db"));
    return a;
}

static bool has_section(const char *json, const char *name)
{
    int x, y, w, h;
    bool cut;
    return gs_section(json, name, &x, &y, &w, &h, &cut);
}

// The state line shows the live run at generation gen or later, not a replay.
static void shows_the_live_run(const char *json, int gen)
{
    if (gs_num(json, "generation") < gen) fail_msg("not at generation %d: %s", gen, json);
    if (gs_bool(json, "replaying") || strstr(gs_str(json, "header"), "replay") ||
        has_section(json, "Replay"))
        fail_msg("generation %d evolves, but the world still shows a replay: header '%s', note '%s'",
                 (int)gs_num(json, "generation"), gs_str(json, "header"), gs_str(json, "view_note"));
    assert_true(strstr(gs_str(json, "view_note"), "limit") == NULL);
}

static void at_the_limit(const char *json)
{
    assert_int_equal((int)gs_num(json, "generation"), 3);
    assert_true(gs_bool(json, "finished"));
    assert_true(gs_bool(json, "replaying")); // the world stays alive at the limit
}

static void e_evolves_on_and_the_world_shows_the_live_population(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 key f\n"
                  "at gen 3 state\n"
                  "at 400 key e\n"
                  "at gen 5 state\n"
                  "at 401 quit\n",
                  args());
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    at_the_limit(r.line[0]);
    assert_false(gs_bool(r.line[1], "finished"));
    shows_the_live_run(r.line[1], 5);
    gs_free(&r);
}

static void j_jumps_on_and_the_world_shows_the_live_population(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 2 key f\n"
                  "at gen 3 state\n"
                  "at 400 key j\n"
                  "at 401 type \"6\"\n"
                  "at 402 key return\n"
                  "at gen 6 state\n"
                  "at 403 quit\n",
                  args());
    assert_int_equal(r.status, 0);
    assert_int_equal(r.n, 2);
    at_the_limit(r.line[0]);
    shows_the_live_run(r.line[1], 6);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(e_evolves_on_and_the_world_shows_the_live_population),
        cmocka_unit_test(j_jumps_on_and_the_world_shows_the_live_population),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
