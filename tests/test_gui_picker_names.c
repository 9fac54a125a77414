// The compare picker (C) shows a run's name whole: the trial read
// "gui-ants-defau" (names were cut at 14 characters, issue 10). A name
// longer than 40 characters is cut in the middle, keeping the end that
// tells runs apart (name_cut.h); `state` lists each row's name as drawn.
#include "store_fixtures.h"
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

static const char *const names[] = {"gui-ants-default", "gui-steering-pursuit_evasion",
                                    "gui-ants-from-experiments/ants/a-very-long-file-name-v2"};

static void the_picker_shows_names_whole(void **state)
{
    (void)state;
    alRunLog *log;
    alError err = {0};
    assert_int_equal(alRunLog_Open(fx_path("names.db"), &log, &err), AL_OK);
    for (int i = 0; i < 3; ++i) {
        alConfig *c = fx_config("estrings", NULL);
        fx_log_run(log, c, names[i], (uint64_t)i + 1, 0, 20, "finished");
        alDestroyConfig(c);
    }
    alRunLog_Close(log);
    gs_run r;
    gt_script(&r, "at 5 key c\nat 8 state\nat 9 quit\n", gt_fmt("--db '%s' --mode estrings", fx_path("names.db")), 1);
    const char *l = r.line[0], *list = strstr(l, "\"names\":[");
    assert_int_equal((int)gs_num(l, "compare.listed"), 3);
    if (!list) fail_msg("no picker names in %s", l);
    for (int i = 0; i < 2; ++i)
        if (!strstr(list, gt_fmt("\"%s\"", names[i]))) fail_msg("'%s' not listed whole: %.300s", names[i], list);
    // 55 characters: 40 shown, the head and the distinguishing tail kept
    if (!strstr(list, "\"gui-ants-from-exper\xe2\x80\xa6" "ry-long-file-name-v2\""))
        fail_msg("the long name not cut in the middle: %.300s", list);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_picker_shows_names_whole, fx_setup, fx_teardown),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
