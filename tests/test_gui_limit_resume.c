// Past the limit and back: at run.generations the ants world replays the
// last generation; E (evolve on) or J (jump to a generation) evolve again,
// and then the world, the header and the panel show the live population
// again. They stayed on "replay of generation 2" while the run went on to
// generation 5 or 8, and the Replay section kept saying the run was at its
// limit.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// An ants run of 3 generations logged to the scratch database: at its
// limit (gen 3, fast-forwarded with F) one state line, then the keys, then
// one state line at generation gen; asserted to exit 0 with both lines.
static void past_the_limit(gs_run *r, const char *keys, int gen)
{
    gt_script(r,
              gt_fmt("at 2 key f\nat gen 3 state\n%sat gen %d state\nat 403 quit\n", keys, gen),
              gt_fmt("--db '%s' experiments/ants/default.ini --set run.generations=3 --set ants.ticks=120 "
                     "--set ants.count=12",
                     gs_path("runs.db")),
              2);
}

// The state line shows the live run at generation gen or later, not a replay.
static void shows_the_live_run(const char *json, int gen)
{
    if (gs_num(json, "generation") < gen) fail_msg("not at generation %d: %s", gen, json);
    if (gs_bool(json, "replaying") || strstr(gs_str(json, "header"), "replay") ||
        gt_has_section(json, "Replay"))
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
    past_the_limit(&r, "at 400 key e\n", 5);
    at_the_limit(r.line[0]);
    assert_false(gs_bool(r.line[1], "finished"));
    shows_the_live_run(r.line[1], 5);
    gs_free(&r);
}

// (seen on the way to J's target: there the run ends as at its limit,
// test_gui_jump_end)
static void j_jumps_on_and_the_world_shows_the_live_population(void **state)
{
    (void)state;
    gs_run r;
    past_the_limit(&r, "at 400 key j\nat 401 type \"8\"\nat 402 key return\n", 6);
    at_the_limit(r.line[0]);
    shows_the_live_run(r.line[1], 6);
    gs_free(&r);
}

// B at the limit says "at the limit: ... not evolving" in the message strip;
// J past the limit then evolves on, and the strip said so no more than it
// said "not evolving" (it kept B's words while the run went on to 6).
static void j_past_the_limit_says_it_evolves_on(void **state)
{
    (void)state;
    gs_run r;
    past_the_limit(&r, "at 399 key b\nat 400 key j\nat 401 type \"8\"\nat 402 key return\n", 6);
    shows_the_live_run(r.line[1], 6);
    const char *msg = gs_str(r.line[1], "message");
    if (strstr(msg, "not evolving") || strstr(msg, "at the limit") || !strstr(msg, "evolving on past the limit of 3"))
        fail_msg("J evolves on to generation 8, but at 6 the strip says '%s'", msg);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(e_evolves_on_and_the_world_shows_the_live_population),
        cmocka_unit_test(j_jumps_on_and_the_world_shows_the_live_population),
        cmocka_unit_test(j_past_the_limit_says_it_evolves_on),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
