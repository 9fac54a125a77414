// One wheel gesture on a panel value is one edit of the run (issue 10, a
// classroom trial): eleven notches on boids' max speed, one every other
// frame across the first second's end, were stored as two edits (one per
// generation) and `alife show` said "2 times". A gesture spans what it
// spans; two gestures are two edits, keys pressed in two generations too.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <string.h>

// Where boids' max speed is in the panel (1280 x 800): x, y of its middle.
static void max_speed_at(int *x, int *y)
{
    gs_run r;
    gt_script(&r, "at 1 state\nat 2 quit\n", "--no-log experiments/steering/boids.ini", 1);
    gt_value_box v = gt_value(r.line[0], "max_speed");
    *x = v.x + v.w / 2;
    *y = v.y + v.h / 2;
    gs_free(&r);
}

// Runs script (then quit at frame `end`) on boids logged to a fresh db;
// returns the stored edits of max speed.
static int max_speed_edits(const char *name, const char *script, int end, char *db, size_t cap)
{
    gt_fresh_db(db, cap, name);
    gs_run r;
    gt_script(&r, gt_fmt("%sat %d quit\n", script, end), gt_fmt("--db '%s' experiments/steering/boids.ini", db), 0);
    gs_free(&r);
    return (int)gt_db_number(db, "SELECT count(*) FROM edits WHERE what LIKE 'max speed%'");
}

// Notches up at (x, y) on frames from, from + 2, ... to.
static const char *notches(int x, int y, int from, int to)
{
    static char s[2048];
    size_t len = 0;
    s[0] = '\0';
    for (int f = from; f <= to; f += 2) len += (size_t)snprintf(s + len, sizeof s - len, "at %d scroll %d %d 1\n", f, x, y);
    return s;
}

static void one_wheel_gesture_across_a_generation_is_one_edit(void **state)
{
    (void)state;
    int x, y;
    max_speed_at(&x, &y);
    char db[512], out[64];
    // A generation is 60 ticks: frames 50 .. 70 cross the first one's end.
    assert_int_equal(max_speed_edits("gesture.db", notches(x, y, 50, 70), 80, db, sizeof db), 1);
    assert_int_equal((int)gt_db_number(db, "SELECT gen FROM edits"), 0);
    snprintf(out, sizeof out, "show.txt");
    assert_int_equal(gt_alife(gt_fmt("show 1 --db '%s'", db), out), 0);
    FILE *f = fopen(gs_path(out), "r");
    assert_non_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *edited = strstr(text, "by hand in the window");
    if (!edited || strstr(edited, "times")) fail_msg("alife show: %s", text);
}

static void two_gestures_are_two_edits(void **state)
{
    (void)state;
    int x, y;
    max_speed_at(&x, &y);
    char db[512], script[4096];
    // The wheel idle for more than half a second between them (the gesture's end).
    snprintf(script, sizeof script, "%s", notches(x, y, 20, 26));
    snprintf(script + strlen(script), sizeof script - strlen(script), "%s", notches(x, y, 90, 96));
    assert_int_equal(max_speed_edits("two.db", script, 100, db, sizeof db), 2);
    // Keys are no gesture: S in two generations is two edits, as before.
    assert_int_equal(max_speed_edits("keys.db", "at 20 key s\nat 90 key s\n", 100, db, sizeof db), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_wheel_gesture_across_a_generation_is_one_edit),
        cmocka_unit_test(two_gestures_are_two_edits),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
