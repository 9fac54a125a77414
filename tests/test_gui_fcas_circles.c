// The FCAS lesson's circles (issue 10 trial): three circles in the world,
// the lesson's text silent about them and the legend naming "red outline"
// and "vehicle 2", a vehicle nothing marks. The lesson says what each
// circle is, and each circle's legend line says round what it is drawn and
// which radius it is.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <string.h>

static void the_lesson_and_the_legend_say_what_the_circles_are(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 60 key l\nat 62 state\nat 63 quit\n", "experiments/steering/fcas.ini --no-log", 1);
    const char *l = r.line[0];
    char text[4096];
    gs_text(l, "lesson_view.text", text, sizeof text);
    gt_needs("the lesson", text, "What the circles are:");
    gt_needs("the lesson", text, "the red one round the wanderer is the herd's field");
    gt_needs("the lesson", text, "neighbour radius (K)");
    gt_needs("the lesson", text, "separation radius");
    char marks[4096];
    gs_text(l, "marks", marks, sizeof marks);
    int circles = 0;
    for (const char *m = marks; *m;) {
        const char *nl = strchr(m, '\n');
        size_t n = nl ? (size_t)(nl - m) : strlen(m);
        char line[400];
        snprintf(line, sizeof line, "%.*s", (int)n, m);
        const char *gap = strstr(line, "  ");
        if (gap && strstr(line, "circle") && strstr(line, "circle") < gap) { // a circle's line
            circles++;
            if (!strstr(gap, "round") && !strstr(gap, "body radius") && !strstr(gap, "wander circle"))
                fail_msg("the legend's '%s' does not say round what it is drawn", line);
            if (strstr(line, "vehicle 2")) fail_msg("the legend's '%s' names a vehicle nothing marks", line);
        }
        m += n + (nl ? 1 : 0);
    }
    assert_true(circles >= 3); // field of view, the radii, the body (and the wander circle)
    gt_needs("the legend", marks, "red circle  round the threat, the field of view's radius (Y)");
    gt_needs("the legend", marks, "blue / green circles  round one vehicle (the second), standing for all");
    gs_free(&r);
}

// The wanderer's wander circle was "light green", nearly the green of the
// separation circle beside it (trial 2): no word of its colour is another
// circle's, and the lesson names it by that colour.
static void the_wander_circle_has_a_colour_of_its_own(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 60 key l\nat 62 state\nat 63 quit\n", "experiments/steering/fcas.ini --no-log", 1);
    char marks[4096], text[4096], wander[400] = "", others[1024] = "";
    gs_text(r.line[0], "marks", marks, sizeof marks);
    gs_text(r.line[0], "lesson_view.text", text, sizeof text);
    for (const char *m = marks; *m;) { // each circle line's colour words, before "circle"
        const char *nl = strchr(m, '\n');
        size_t n = nl ? (size_t)(nl - m) : strlen(m);
        char line[400];
        snprintf(line, sizeof line, "%.*s", (int)n, m);
        char *circ = strstr(line, " circle");
        const char *gap = strstr(line, "  ");
        if (circ && gap && circ < gap) {
            *circ = '\0';
            if (strstr(gap + 2, "wander circle")) snprintf(wander, sizeof wander, "%s", line);
            else if (strlen(others) + strlen(line) + 4 < sizeof others) strcat(strcat(strcat(others, " "), line), " /");
        }
        m += n + (nl ? 1 : 0);
    }
    if (!wander[0]) fail_msg("no wander circle in the legend: %s", marks);
    for (char *w = strtok(wander, " "); w; w = strtok(NULL, " ")) {
        char word[80];
        snprintf(word, sizeof word, " %s ", w);
        if (strcmp(w, "light") != 0 && strstr(others, word))
            fail_msg("the wander circle's colour '%s' is another circle's too:%s", w, others);
        if (strcmp(w, "light") != 0 && !strstr(text, w)) fail_msg("the lesson does not name the %s circle", w);
    }
    gs_free(&r);
}

// In pursuit_evade the red circle is drawn round the quarry, its own field
// of view, and the orange triangle is the quarry seeing a pursuer; the
// legend said "round the threat ... sees the threat and flees" (fourth
// trial), words for flee, where the others see a threat.
static void the_pursuit_legend_names_the_quarrys_circle(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 60 key l\nat 62 state\nat 63 quit\n", "experiments/steering/pursuit_evade.ini --no-log", 1);
    char marks[4096];
    gs_text(r.line[0], "marks", marks, sizeof marks);
    gt_needs("the legend", marks, "red circle  round the quarry, its field of view's radius (Y)");
    gt_needs("the legend", marks, "orange triangle  the quarry while it sees a pursuer and evades");
    if (strstr(marks, "round the threat")) fail_msg("the legend speaks of a threat: %s", marks);
    if (strstr(marks, "vehicles that see their threat")) fail_msg("the legend speaks of a threat: %s", marks);
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_lesson_and_the_legend_say_what_the_circles_are),
        cmocka_unit_test(the_wander_circle_has_a_colour_of_its_own),
        cmocka_unit_test(the_pursuit_legend_names_the_quarrys_circle),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
