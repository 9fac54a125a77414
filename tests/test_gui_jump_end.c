// The end of a jump (J) past the generation limit. The run stood PAUSED at
// J's target, its banner offering Space and N, which only turned it into
// TARGET REACHED; now it ends there as at its limit, and each key its banner
// offers does what the banner says. The strip said "evolving on past the
// limit of 3 to generation 6" for ten seconds after the jump was done; now
// it says the generation was reached.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *const strings_args = "--no-log experiments/estrings/hello.ini --set run.generations=3 "
                                        "--set estrings.target='a long target that takes many generations'";
static const char *const ants_args = "--no-log experiments/ants/default.ini --set run.generations=3 "
                                     "--set ants.ticks=120 --set ants.count=12";

// F to the limit of 3, J to 6: the state at generation 6, then the lines
// of `after`, which print one more state line and quit.
static void jump_past_the_limit(gs_run *r, const char *args, const char *after)
{
    gt_script(r, gt_fmt("at 2 key f\nat gen 3 key j\nat gen 3 type \"6\"\nat gen 3 key return\nat gen 6 state\n%s", after),
              args, 2);
}

// The keys a banner offers: "K: what" items after its head ("TARGET
// REACHED: ..."), in the parts "  -  " separates, ", " between items.
static int offered_keys(const char *banner, char keys[][16], int cap)
{
    const char *p = strstr(banner, "  -  ");
    int n = 0;
    while (p && n < cap) {
        p += 5;
        const char *end = strstr(p, "  -  ");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        for (const char *item = p; item < p + len;) {
            const char *colon = strchr(item, ':'), *space = strchr(item, ' ');
            if (colon && colon < p + len && (!space || colon < space) && colon - item < 16 && n < cap)
                snprintf(keys[n++], 16, "%.*s", (int)(colon - item), item);
            const char *comma = strstr(item, ", ");
            item = comma && comma < p + len ? comma + 2 : p + len;
        }
        p = end;
    }
    return n;
}

// The run at J's target: ended there, as at its limit, and the banner says
// so with no key that only ends it (Space, N).
static void ended_at_the_target(const char *json)
{
    const char *banner = gs_str(json, "banner");
    // The ants' world, paused as the jump asked, says so (Space runs it).
    static const char paused[] = "PAUSED (Space: run)  -  ";
    if (strncmp(banner, paused, sizeof paused - 1) == 0 && strstr(banner, "replay of generation"))
        banner += sizeof paused - 1;
    assert_int_equal((int)gs_num(json, "generation"), 6);
    if (!gs_bool(json, "finished") || strncmp(banner, "TARGET REACHED", 14) != 0)
        fail_msg("at J's target the run did not end there: finished %d, banner '%s'", gs_bool(json, "finished"),
                 banner);
    if (strstr(banner, "Space") || strstr(banner, "N one"))
        fail_msg("the banner offers Space or N, which do nothing at the target: '%s'", banner);
    const char *replay = strstr(banner, "replay of generation "); // the ants' world: the last one done
    if (replay && atoi(replay + 21) != 5) fail_msg("at generation 6 the world replays another: '%s'", banner);
}

// Presses the offered key k at the target and checks it did what the
// banner says it does.
static void key_does_what_the_banner_says(const char *args, const char *k, const char *banner)
{
    gs_run r;
    char low = (char)(k[0] | 0x20);
    if (strcmp(k, "E") == 0) { // evolve on: past the target, evolving
        jump_past_the_limit(&r, args, gt_fmt("at gen 6 key %c\nat gen 8 state\nat gen 8 quit\n", low));
        assert_false(gs_bool(r.line[1], "finished"));
        assert_int_equal((int)gs_num(r.line[1], "generation"), 8);
    } else if (strcmp(k, "R") == 0) { // a new run: generation 0 again, seed + 1
        jump_past_the_limit(&r, args, gt_fmt("at gen 6 key %c\nat gen 0 state\nat gen 0 quit\n", low));
        assert_true(gs_num(r.line[1], "seed") == gs_num(r.line[0], "seed") + 1);
        assert_true(gs_num(r.line[1], "generation") < 3);
        assert_false(gs_bool(r.line[1], "finished"));
    } else if (strcmp(k, "B") == 0) { // the ants' world: the stored replay <-> the population
        jump_past_the_limit(&r, args, gt_fmt("at gen 6 key %c\nat gen 6 state\nat gen 6 quit\n", low));
        const char *says = strstr(banner, "B: ");
        assert_non_null(says);
        bool to_replay = strncmp(says + 3, "replay", 6) == 0;
        const char *now = gs_str(r.line[1], "banner");
        if (to_replay ? !strstr(now, "replay of generation 5") : !strstr(now, "generation 6's population"))
            fail_msg("B offered '%.40s' but the banner now says '%s'", says, now);
        assert_true(gs_bool(r.line[1], "finished"));
    } else {
        fail_msg("the banner offers %s, which this test does not know: '%s'", k, banner);
    }
    gs_free(&r);
}

static void each_offered_key_works(const char *args)
{
    gs_run r;
    jump_past_the_limit(&r, args, "at 300 state\nat 301 quit\n");
    ended_at_the_target(r.line[0]);
    ended_at_the_target(r.line[1]); // and stays there
    char keys[8][16];
    int n = offered_keys(gs_str(r.line[0], "banner"), keys, 8);
    if (n < 2) fail_msg("the banner offers %d keys: '%s'", n, gs_str(r.line[0], "banner"));
    for (int i = 0; i < n; ++i)
        key_does_what_the_banner_says(args, keys[i], gs_str(r.line[0], "banner"));
    gs_free(&r);
}

static void strings_end_at_the_target_offering_keys_that_work(void **state)
{
    (void)state;
    each_offered_key_works(strings_args);
}

static void ants_end_at_the_target_offering_keys_that_work(void **state)
{
    (void)state;
    each_offered_key_works(ants_args);
}

// While the jump runs the strip says where it goes; once it is there the
// strip says it was reached, not that it is still on its way.
static void the_jump_message_goes_when_the_jump_is_done(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 2 key f\nat gen 3 key j\nat gen 3 type \"12\"\nat gen 3 key return\nat gen 8 state\n"
              "at gen 12 state\nat gen 12 quit\n",
              strings_args, 2);
    assert_non_null(strstr(gs_str(r.line[0], "message"), "to generation 12"));
    const char *msg = gs_str(r.line[1], "message");
    if (strstr(msg, "to generation 12") || !strstr(msg, "reached generation 12"))
        fail_msg("the jump is done at generation 12, but the strip says '%s'", msg);
    gs_free(&r);
}

// At 720x480 the ants' TARGET REACHED banner keeps the keys it offers in
// sight (it wrapped to three lines and cut "B: genera..." with E gone):
// what the world shows goes first. (Space: at the START of this fix the
// target was reached only by it; now it pauses the world, the banner kept.)
static void the_target_banner_keeps_its_keys_in_a_small_window(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r,
              "at 1 resize 720 480\nat 2 key f\nat gen 3 key j\nat gen 3 type \"6\"\nat gen 3 key return\n"
              "at gen 6 key space\nat gen 6 state\nat gen 6 quit\n",
              ants_args, 1);
    const char *banner = gs_str(r.line[0], "banner"), *b = gs_find(r.line[0], "badges");
    assert_int_equal((int)gs_num(r.line[0], "window.width"), 720);
    assert_non_null(b);
    if (strncmp(banner, "TARGET REACHED", 14) != 0 || gs_bool(b + 1, "cut") || !strstr(banner, "E: evolve on") ||
        !strstr(banner, "B: "))
        fail_msg("at 720x480 the banner is cut (%d) or lost its keys: '%s'", gs_bool(b + 1, "cut"), banner);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strings_end_at_the_target_offering_keys_that_work),
        cmocka_unit_test(ants_end_at_the_target_offering_keys_that_work),
        cmocka_unit_test(the_jump_message_goes_when_the_jump_is_done),
        cmocka_unit_test(the_target_banner_keeps_its_keys_in_a_small_window),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
