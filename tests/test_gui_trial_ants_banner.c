// What a classroom trial found in the ants view at 1280x800 (issue 10,
// through the --script harness): J's prompt beside a LIMIT banner showed
// "ju..." and not the digits typed; Tab's greedy-group title was cut; a
// message from one mode showed on under the next; the seed was missing
// from the speed line until the first generation was stored.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

#define ANTS_LIMIT "--no-log experiments/ants/default.ini --set run.generations=3 --set ants.ticks=200 " \
                   "--width 1280 --height 800"

// The i-th badge's rectangle in a state line (gs_find has no array index).
static SDL_Rect badge(const char *l, int i, bool *cut)
{
    const char *p = strstr(l, "\"badges\":[");
    assert_non_null(p);
    for (int k = 0; k <= i; ++k) {
        p = strchr(p + 1, '{');
        assert_non_null(p);
    }
    SDL_Rect r = {(int)gs_num(p, "x"), (int)gs_num(p, "y"), (int)gs_num(p, "w"), (int)gs_num(p, "h")};
    const char *c = strstr(p, "\"cut\":");
    *cut = c && c < strchr(p, '}') && strncmp(c + 6, "true", 4) == 0; // (older builds: no "cut")
    return r;
}

static void the_jump_prompt_shows_whole_beside_a_limit_banner(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at gen 3 key j\nat gen 3 type \"12\"\nat gen 3 state\nat gen 3 quit\n", ANTS_LIMIT, 1);
    const char *l = r.line[0];
    assert_true(gs_num(l, "window.width") == 1280);
    assert_non_null(strstr(gs_str(l, "banner"), "LIMIT"));
    bool cut0, cut1;
    SDL_Rect b0 = badge(l, 0, &cut0), b1 = badge(l, 1, &cut1);
    print_message("banner %d,%d %dx%d; prompt %d,%d %dx%d\n", b0.x, b0.y, b0.w, b0.h, b1.x, b1.y, b1.w, b1.h);
    assert_true(b1.w > 300); // one line, not "ju..." over three
    assert_false(cut0);
    assert_false(cut1); // the prompt, digits and all
    assert_false(SDL_HasIntersection(&b0, &b1));
    assert_true(b1.x + b1.w <= 1280);
    gs_free(&r);
}

static void the_greedy_group_title_fits(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at gen 3 key tab\nat gen 3 state\nat gen 3 quit\n", ANTS_LIMIT, 1);
    const char *l = r.line[0];
    print_message("'%s'\n", gs_str(l, "plot_title"));
    assert_true(strncmp(gs_str(l, "plot_title"), "greedy group: ", 14) == 0);
    assert_false(gs_bool(l, "plot_title_cut"));
    assert_null(strstr(gs_str(l, "plot_title"), "\xe2\x80\xa6"));
    gs_free(&r);
}

// A message said in ants is gone under XOR and back with ants.
static void a_message_belongs_to_its_mode(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 5 key 3\nat 6 state\nat 7 key 4\nat 8 state\nat 9 key 3\nat 10 state\nat 11 quit\n",
              "--no-log --mode ants", 3);
    assert_non_null(strstr(gs_str(r.line[0], "message"), "ants mode"));
    assert_string_equal(gs_str(r.line[1], "mode"), "xor");
    if (strstr(gs_str(r.line[1], "message"), "ants"))
        fail_msg("XOR shows ants' message '%s'", gs_str(r.line[1], "message"));
    assert_non_null(strstr(gs_str(r.line[2], "message"), "ants mode"));
    gs_free(&r);
}

// In generation 0, before any is stored, the speed line shows the seed
// beside "logging from the first generation" (no run id yet).
static void the_seed_shows_before_the_first_generation(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 3 state\nat 4 quit\n",
              gt_fmt("--db '%s' experiments/ants/default.ini --width 1280 --height 800", gs_path("seed.db")), 1);
    const char *l = r.line[0], *sl = gs_str(l, "speed_line");
    print_message("'%s'\n", sl);
    assert_true(gs_num(l, "generation") == 0);
    assert_non_null(strstr(sl, "seed 1"));
    assert_non_null(strstr(sl, "logging from the first generation"));
    assert_null(strstr(sl, "run "));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_jump_prompt_shows_whole_beside_a_limit_banner),
        cmocka_unit_test(the_greedy_group_title_fits),
        cmocka_unit_test(a_message_belongs_to_its_mode),
        cmocka_unit_test(the_seed_shows_before_the_first_generation),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
