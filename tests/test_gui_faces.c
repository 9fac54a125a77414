// The strings and steering faces as a teacher found them (issue 10), each
// complaint one scripted window (`alife gui --offscreen --script`) checked
// on its `state` lines and, where it is about what is drawn, its pixels:
// accented names and plain errors, one fully shown message for an empty
// target, a fleeing count that is the one drawn, Y recorded as everyone's
// edit, the lesson's figure plotted from the start, a single point drawn,
// F counting what steering has, tick labels inside the plot, and every key
// parameter changed by the wheel or a drag on its value.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>
#include <png.h>

#include <SDL_ttf.h>

#include "gui_font.h"
#include "gui/plot.h"
#include "gui/view.h"
#include "gui_script.h"

// Pixels of colour (r, g, b) within tol inside rect of a PNG.
static int png_count(const char *path, SDL_Rect rect, int r, int g, int b, int tol)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) fail_msg("cannot read %s", path);
    pi.format = PNG_FORMAT_RGBA;
    uint8_t *px = malloc(PNG_IMAGE_SIZE(pi));
    assert_non_null(px);
    assert_true(png_image_finish_read(&pi, NULL, px, 0, NULL));
    int n = 0;
    for (int y = rect.y; y < rect.y + rect.h && y < (int)pi.height; ++y)
        for (int x = rect.x; x < rect.x + rect.w && x < (int)pi.width; ++x) {
            const uint8_t *q = px + 4 * ((size_t)y * pi.width + (size_t)x);
            n += abs(q[0] - r) <= tol && abs(q[1] - g) <= tol && abs(q[2] - b) <= tol;
        }
    free(px);
    return n;
}

static SDL_Rect section(const char *line, const char *name)
{
    int x = 0, y = 0, w = 0, h = 0;
    bool cut;
    if (!gs_section(line, name, &x, &y, &w, &h, &cut)) fail_msg("no section '%s' in %s", name, line);
    return (SDL_Rect){x, y, w, h};
}

// ---- 1. accented names, errors in plain words ---------------------------------------
static void the_name_lesson_evolves_jose_as_typed(void **state)
{
    (void)state;
    gs_run r;
    gt_script(&r, "at 2 key t\nat 3 type \"José\"\nat 4 key return\nat 30 state\nat 31 quit\n",
                  "--no-log experiments/estrings/name.ini", 1);
    assert_string_equal(gs_str(r.line[0], "scenario"), "José"); // the new run's target
    assert_string_equal(gs_str(r.line[0], "view_note"), "");
    assert_string_equal(gs_str(r.line[0], "message"), "");
    assert_true(gs_num(r.line[0], "generation") < 30); // a new run
    gs_free(&r);
}

static void a_refused_character_is_named_as_typed_in_characters(void **state)
{
    (void)state;
    gs_run r;
    // (José gets the latin1 alphabet: test_gui_alphabet; the euro sign is in none)
    gt_script(&r, "at 2 key t\nat 3 type \"Jos€\"\nat 4 key return\nat 6 state\nat 7 quit\n",
                  "--no-log experiments/estrings/hello.ini", 1);
    const char *note = gs_str(r.line[0], "view_note");
    if (!strstr(note, "Target not used: '€', character 4 of 'Jos€' is not in any alphabet"))
        fail_msg("note: %s", note);
    assert_non_null(strstr(note, "the largest, latin1")); // what the widest holds
    assert_null(strstr(note, "byte"));
    assert_null(strstr(note, "--set"));
    assert_string_equal(gs_str(r.line[0], "scenario"), "Hello, World!"); // the run goes on
    gs_free(&r);
}

// ---- 2. an empty target: one message, all of it shown ---------------------------------
static void an_empty_target_replaces_the_last_error_and_shows_whole(void **state)
{
    (void)state;
    const char *shot = gs_path("empty.png");
    char script[512];
    snprintf(script, sizeof script,
             "at 2 key t\nat 3 type \"Jos€\"\nat 4 key return\nat 6 state\n"
             "at 7 key escape\nat 8 key t\nat 9 key return\nat 10 state\nat 11 shot %s\nat 12 quit\n", shot);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/estrings/hello.ini", 2);
    const char *note = gs_str(r.line[1], "view_note");
    assert_non_null(strstr(note, "The target is empty"));
    assert_null(strstr(note, "Jos€"));
    // Said once: the Target section is in sight, so the strip says nothing
    // (it says the error only when the section is scrolled out of sight),
    // and no second, older message.
    assert_string_equal(gs_str(r.line[1], "message"), "");
    assert_string_equal(gs_str(r.line[1], "message_in_section"), "Target");
    int x = 0, y = 0, w = 0, h = 0;
    bool cut = true;
    assert_true(gs_section(r.line[1], "Target", &x, &y, &w, &h, &cut));
    assert_false(cut); // nothing of it cut with "..."
    // The message's red (AL_COL_BAD) lies inside the Target section only.
    SDL_Rect all = {0, 0, 1280, 800}, target = {x, y, w, h};
    int in = png_count(shot, target, AL_COL_BAD.r, AL_COL_BAD.g, AL_COL_BAD.b, 30),
        any = png_count(shot, all, AL_COL_BAD.r, AL_COL_BAD.g, AL_COL_BAD.b, 30);
    print_message("red message pixels: %d in the Target section, %d in the window\n", in, any);
    assert_true(in > 50);
    assert_int_equal(any, in);
    gs_free(&r);
}

// ---- 3. flee: the count drawn, and Y recorded as everyone's ----------------------------
static void fleeing_is_counted_now_and_y_is_an_edit_of_all_vehicles(void **state)
{
    (void)state;
    char script[2048];
    int n = snprintf(script, sizeof script, "at tick 30 state\n");
    for (int k = 0; k < 25; ++k) n += snprintf(script + n, sizeof script - (size_t)n, "at %d key y\n", 40 + k);
    // 1.15^25 x 150: the whole world inside everyone's field of view, now;
    // no report has come since (report_every is 1000 ticks).
    snprintf(script + n, sizeof script - (size_t)n, "at tick 75 state\nat tick 76 quit\n");
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/flee.ini --set steering.report_every=1000", 2);
    double f0 = gs_num(r.line[0], "figures.fleeing"), f1 = gs_num(r.line[1], "figures.fleeing");
    print_message("fleeing %g at tick 30, %g after Y x25 (before any report)\n", f0, f1);
    assert_true(f0 >= 0 && f0 < 100);
    assert_int_equal((int)f1, 100);
    const char *edit = gs_str(r.line[1], "last_edit");
    assert_non_null(strstr(edit, "field of view"));
    assert_non_null(strstr(edit, "all vehicles"));
    assert_null(strstr(edit, "first vehicle"));
    gs_free(&r);
}

// ---- 4. the plot: the lesson's figure from the start, one point drawn ---------------
static void the_plot_names_the_lessons_figure_before_the_first_report(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at 2 state\nat 3 quit\n", "--no-log experiments/steering/flee.ini");
    assert_int_equal(r.n, 1);
    assert_string_equal(gs_str(r.line[0], "plotted"), "fleeing");
    gs_free(&r);
}

static void a_single_point_is_drawn(void **state)
{
    (void)state;
    const char *shot = gs_path("one_point.png");
    char script[512];
    // path.ini reports every 60 ticks: one point after the first report.
    snprintf(script, sizeof script, "at tick 70 state\nat tick 70 shot %s\nat tick 71 quit\n", shot);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/path.ini", 1);
    assert_int_equal((int)gs_num(r.line[0], "generation"), 1);
    SDL_Rect plot = section(r.line[0], "Plot");
    plot.y += 30; // below the title and the legend's swatch
    plot.h -= 30;
    int n = png_count(shot, plot, AL_COL_BEST.r, AL_COL_BEST.g, AL_COL_BEST.b, 30);
    print_message("plot pixels of the one point: %d\n", n);
    assert_true(n >= 16);
    gs_free(&r);
}

// ---- 5. F counts what steering has; tick labels stay inside the plot --------------
static void f_counts_report_periods_in_steering_and_generations_elsewhere(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r, "at 3 key f\nat 20 state\nat 21 key f\nat 22 quit\n",
                  "--no-log experiments/steering/seek.ini");
    assert_int_equal(r.n, 1);
    const char *fl = gs_str(r.line[0], "fast_line");
    print_message("steering: %s\n", fl);
    assert_non_null(strstr(fl, "report periods"));
    assert_null(strstr(fl, "generation"));
    gs_free(&r);
    gs_run_script(&r, "at 3 key f\nat 5 state\nat 6 quit\n",
                  "--no-log experiments/ants/default.ini");
    assert_int_equal(r.n, 1);
    assert_non_null(strstr(gs_str(r.line[0], "fast_line"), "fast-forward: generation"));
    gs_free(&r);
}

static void the_last_x_label_lies_inside_the_plots_area(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 400, 200);
    double y[1001];
    for (int i = 0; i < 1001; ++i)
        y[i] = i % 7;
    al_series se = {"order", AL_COL_BEST, y, 1001, false, false};
    SDL_Rect area = {0, 0, 300, 150}; // the x axis ends at 1000: a wide last label
    al_plot_draw(c.ren, c.font, area, "seconds", "order", &se, 1);
    int outside = gf_pixels_right_of(&c, area.x + area.w);
    print_message("pixels drawn right of the plot's area: %d\n", outside);
    assert_int_equal(outside, 0);
    gf_close(&c);
}

// ---- 6. parameters with the mouse: the wheel and a drag on a value, in every mode ----
typedef struct value_at {
    int x, y, w, h;
    double value;
} value_at;

// The value named name in the state's "values" (al_panel_value), or fails.
static value_at value_of(const char *line, const char *name)
{
    const char *vals = strstr(line, "\"values\":[");
    char q[96];
    snprintf(q, sizeof q, "{\"name\":\"%s\",", name);
    const char *p = vals ? strstr(vals, q) : NULL;
    if (!p) fail_msg("no value '%s' in %s", name, vals ? vals : line);
    p += strlen(q);
    return (value_at){(int)gs_num(p, "x"), (int)gs_num(p, "y"), (int)gs_num(p, "w"),
                      (int)gs_num(p, "h"), gs_num(p, "value")};
}

static void near(double got, double want, const char *what)
{
    if (!(fabs(got - want) <= 1e-3 * fabs(want) + 1e-9)) fail_msg("%s: %g, wanted %g", what, got, want);
}

static void steering_values_change_by_wheel_and_drag_and_keys(void **state)
{
    (void)state;
    gs_run r0;
    gs_run_script(&r0, "at 3 state\nat 4 quit\n", "--no-log experiments/steering/flee.ini");
    assert_int_equal(r0.n, 1);
    value_at fov = value_of(r0.line[0], "fov_radius"), veh = value_of(r0.line[0], "vehicles"),
             wf = value_of(r0.line[0], "weight_flee");
    gs_free(&r0);
    char script[1024];
    snprintf(script, sizeof script,
             "at 3 state\n"
             "at 4 scroll %d %d 2\n"          // two notches up on the field of view
             "at 6 drag %d %d %d %d\n"        // 36 px left on the vehicles: three times less
             "at 8 drag %d %d %d %d\n"        // 24 px right on the flee weight: twice more
             "at 10 state\n"
             "at 11 key shift+y\n"            // the key still works
             "at 13 state\nat 14 quit\n",
             fov.x + fov.w / 2, fov.y + fov.h / 2, veh.x + veh.w / 2, veh.y + veh.h / 2,
             veh.x + veh.w / 2 - 36, veh.y + veh.h / 2, wf.x + 40, wf.y + wf.h / 2, wf.x + 64,
             wf.y + wf.h / 2);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/flee.ini", 3);
    value_at f0 = value_of(r.line[0], "fov_radius"), f1 = value_of(r.line[1], "fov_radius"),
             f2 = value_of(r.line[2], "fov_radius");
    near(f1.value, f0.value * 1.15 * 1.15, "fov after two notches");
    near(f2.value, f1.value / 1.15, "fov after Shift+Y");
    near(value_of(r.line[1], "vehicles").value, 76, "vehicles after a drag of 3 steps left (100 91 83 76)");
    near(gs_num(r.line[1], "settings.agents"), 76, "the world's vehicles");
    near(value_of(r.line[1], "weight_flee").value, value_of(r.line[0], "weight_flee").value * 1.15 * 1.15,
         "flee weight after a drag of 2 steps right");
    gs_free(&r);
}

static void strings_mutation_rate_and_population_by_wheel_drag_and_keys(void **state)
{
    (void)state;
    gs_run r0;
    gs_run_script(&r0, "at 3 state\nat 4 quit\n", "--no-log experiments/estrings/hello.ini");
    assert_int_equal(r0.n, 1);
    value_at mr = value_of(r0.line[0], "mutation_rate"), pop = value_of(r0.line[0], "population");
    gs_free(&r0);
    char script[1024];
    snprintf(script, sizeof script,
             "at 3 state\n"
             "at 4 scroll %d %d 1\n"          // one notch up on the mutation rate
             "at 6 state\n"
             "at 7 drag %d %d %d %d\n"        // 24 px left on the population: twice less
             "at 9 state\n"
             "at 10 key p\n"                  // the key still works
             "at 12 state\nat 13 quit\n",
             mr.x + mr.w / 2, mr.y + mr.h / 2, pop.x + pop.w / 2, pop.y + pop.h / 2,
             pop.x + pop.w / 2 - 24, pop.y + pop.h / 2);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/estrings/hello.ini", 4);
    double m0 = value_of(r.line[0], "mutation_rate").value, m1 = value_of(r.line[1], "mutation_rate").value;
    near(m1, m0 * 1.15, "mutation rate after a notch");
    assert_true(gs_num(r.line[1], "generation") < gs_num(r.line[0], "generation") + 3); // a new run
    double p0 = value_of(r.line[1], "population").value, p1 = value_of(r.line[2], "population").value,
           p2 = value_of(r.line[3], "population").value;
    near(p1, floor(floor(p0 / 1.15) / 1.15), "population after a drag of 2 steps left");
    near(gs_num(r.line[2], "settings.agents"), p1, "the run's strings");
    near(p2, floor(p1 * 1.15 + 0.5), "population after P");
    near(value_of(r.line[3], "mutation_rate").value, m1, "the rate kept across runs");
    gs_free(&r);
}

static void the_neighbour_radius_changes_by_wheel_and_k(void **state)
{
    (void)state;
    gs_run r0;
    gs_run_script(&r0, "at 3 state\nat 4 quit\n", "--no-log experiments/steering/boids.ini");
    assert_int_equal(r0.n, 1);
    value_at nr = value_of(r0.line[0], "neighbour_radius");
    gs_free(&r0);
    char script[512];
    snprintf(script, sizeof script,
             "at 3 state\nat 4 scroll %d %d 2\nat 6 state\nat 7 key shift+k\nat 9 state\nat 10 quit\n",
             nr.x + nr.w / 2, nr.y + nr.h / 2);
    gs_run r;
    gt_script(&r, script, "--no-log experiments/steering/boids.ini", 3);
    double a = value_of(r.line[0], "neighbour_radius").value, b = value_of(r.line[1], "neighbour_radius").value,
           c = value_of(r.line[2], "neighbour_radius").value;
    near(b, a * 1.15 * 1.15, "neighbour radius after two notches");
    near(c, b / 1.15, "after Shift+K");
    assert_non_null(strstr(gs_str(r.line[2], "last_edit"), "neighbour radius"));
    gs_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_name_lesson_evolves_jose_as_typed),
        cmocka_unit_test(a_refused_character_is_named_as_typed_in_characters),
        cmocka_unit_test(an_empty_target_replaces_the_last_error_and_shows_whole),
        cmocka_unit_test(fleeing_is_counted_now_and_y_is_an_edit_of_all_vehicles),
        cmocka_unit_test(the_plot_names_the_lessons_figure_before_the_first_report),
        cmocka_unit_test(a_single_point_is_drawn),
        cmocka_unit_test(f_counts_report_periods_in_steering_and_generations_elsewhere),
        cmocka_unit_test(the_last_x_label_lies_inside_the_plots_area),
        cmocka_unit_test(steering_values_change_by_wheel_and_drag_and_keys),
        cmocka_unit_test(strings_mutation_rate_and_population_by_wheel_drag_and_keys),
        cmocka_unit_test(the_neighbour_radius_changes_by_wheel_and_k),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
