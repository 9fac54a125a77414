// The lesson overlay's marks (L) listed what every steering scenario might
// draw, by hand: the fish lesson named yellow, red and orange vehicles that
// fish do not have and left out the goal ring they follow. The legend is
// now made from what the world shows (scene_marks): in every lesson of
// experiments/steering/ each mark listed is drawn and each mark drawn is
// listed (the state's marks_listed and marks_drawn, bits of one list), with
// trails, forces and the grid switched on too.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <dirent.h>
#include <stdio.h>
#include <string.h>

// The state line's lesson_marks (the legend's first columns) joined by '|'.
static const char *lesson_marks(const char *l)
{
    static char out[1024];
    out[0] = '\0';
    const char *p = strstr(l, "\"lesson_marks\":[");
    if (!p) return out;
    p += strlen("\"lesson_marks\":[");
    for (; *p == '"';) {
        const char *end = strchr(p + 1, '"');
        size_t n = strlen(out);
        snprintf(out + n, sizeof out - n, "%s%.*s", n ? "|" : "", (int)(end - p - 1), p + 1);
        p = end + 1;
        if (*p == ',') p++;
    }
    return out;
}

// Paused, the marks the legend lists are the marks the last frame drew;
// keys are pressed first (t d g: trails, forces, grid).
static void listed_is_drawn(const char *file, const char *keys, char *marks, size_t cap)
{
    gs_run r;
    gt_script(
        &r, gt_fmt("%sat 30 key space\nat 33 state\nat 34 key l\nat 36 state\nat 37 quit\n", keys),
        gt_fmt("--no-log %s", file), 2);
    const char *l = r.line[0];
    double listed = gs_num(l, "figures.marks_listed"), drawn = gs_num(l, "figures.marks_drawn");
    if (!gs_find(l, "figures.marks_listed") || !gs_find(l, "figures.marks_drawn"))
        fail_msg("%s: the state has no marks_listed / marks_drawn", file);
    if (listed != drawn || listed <= 0)
        fail_msg("%s%s: the legend lists marks 0x%lx, the world drew 0x%lx", file,
                 keys[0] ? " (t d g)" : "", (unsigned long)listed, (unsigned long)drawn);
    snprintf(marks, cap, "%s", lesson_marks(r.line[1]));
    if (!marks[0]) fail_msg("%s: the lesson lists no marks", file);
    gs_free(&r);
}

static void every_scenario_lists_what_it_draws(void **state)
{
    (void)state;
    DIR *d = opendir(ALIFE_SOURCE_DIR "/experiments/steering");
    assert_non_null(d);
    int files = 0;
    char marks[1024];
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".ini") != 0) continue;
        const char *file = gt_fmt("experiments/steering/%s", e->d_name);
        listed_is_drawn(file, "", marks, sizeof marks);
        files++;
        if (strcmp(e->d_name, "fish.ini") == 0) {
            if (!strstr(marks, "green ring"))
                fail_msg("fish: no goal ring in the legend: %s", marks);
            if (strstr(marks, "red") || strstr(marks, "orange"))
                fail_msg("fish: red or orange vehicles in the legend: %s", marks);
        }
    }
    closedir(d);
    assert_true(files >= 18);
    // The toggles' marks come and go with them.
    listed_is_drawn("experiments/steering/boids.ini", "at 3 key t\nat 4 key d\nat 5 key g\n", marks,
                    sizeof marks);
    if (!strstr(marks, "trails") && !strstr(marks, "lines"))
        fail_msg("boids with trails and forces: %s", marks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_scenario_lists_what_it_draws),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
