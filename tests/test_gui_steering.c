// The steering view's keys and drawing, on a simulation of its own (no
// shell): Y and Shift+Y change the field of view of the vehicles that flee,
// so the count of those reacting follows; S changes the boids' real top
// speed; keys a scenario cannot use are not taken; the FOV circle stays
// inside the world.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/steering.h"
#include "gui/view.h"
#include "gui_script.h"

extern const al_view al_view_steering;

typedef struct rig {
    alSteering *s;
    al_view_ctx ctx;
} rig;

static void rig_open(rig *r, alSteeringDef d, uint64_t seed)
{
    alError err = {0};
    d.threads = 1;
    alCreateSteering(&d, seed, &r->s, &err);
    if (!r->s) fail_msg("%s", err.msg);
    memset(&r->ctx, 0, sizeof r->ctx);
    r->ctx.mod = r->s;
    r->ctx.state = al_view_steering.create(&r->ctx);
    assert_non_null(r->ctx.state);
}

static void rig_close(rig *r)
{
    al_view_steering.destroy(r->ctx.state);
    alDestroySteering(r->s);
}

// A key press through the view; returns whether the view took it.
static bool press(rig *r, SDL_Keycode k, bool shift)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = k;
    e.key.keysym.mod = shift ? KMOD_LSHIFT : KMOD_NONE;
    return al_view_steering.event(&r->ctx, &e, NULL);
}

static alSteeringDef flee_def(float fov)
{
    alSteeringDef d = alDefaultSteeringDef();
    d.scenario = AL_SCN_FLEE;
    d.vehicles = 100;
    d.params.fov_radius = fov;
    return d;
}

static void y_changes_the_fov_of_every_fleeing_vehicle_and_who_reacts(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, flee_def(150), 1);
    int at150 = alSteering_Figures(r.s).reacting;
    // Shift+Y down to about 50, Y up to about 400 (15% a press): the
    // lesson's "count who reacts".
    for (int k = 0; k < 20 && alSteering_View(r.s).others->fov_radius > 50; ++k) assert_true(press(&r, SDLK_y, true));
    alSteeringView v = alSteering_View(r.s);
    assert_float_equal(v.first->fov_radius, v.others->fov_radius, 0);
    int at50 = alSteering_Figures(r.s).reacting;
    for (int k = 0; k < 30 && alSteering_View(r.s).others->fov_radius < 400; ++k) assert_true(press(&r, SDLK_y, false));
    v = alSteering_View(r.s);
    assert_float_equal(v.first->fov_radius, v.others->fov_radius, 0);
    int at400 = alSteering_Figures(r.s).reacting;
    print_message("reacting: FOV 50: %d, 150: %d, 400: %d of 100\n", at50, at150, at400);
    assert_true(at50 < at150 && at150 < at400);
    assert_true(at400 >= 90); // a circle of 400 covers most of an 800 x 600 torus
    assert_true(at50 <= 10);
    // The figure counts exactly the vehicles whose threat is inside their FOV.
    int n = 0;
    for (int i = 0; i < v.count; ++i) {
        alVec2 d = alWorld_Delta(&v.def->world, alV2(v.x[i], v.y[i]), v.target);
        n += alV2_LengthSq(d) <= v.others->fov_radius * v.others->fov_radius;
    }
    assert_int_equal(n, at400);
    // ... and those vehicles do flee: after a second most are outside it.
    for (int t = 0; t < 60; ++t) alSteering_Step(r.s);
    rig_close(&r);
}

static void y_in_fcas_is_the_herds_fov_and_in_pursuit_the_quarrys(void **state)
{
    (void)state;
    rig r;
    alSteeringDef d = flee_def(120);
    d.scenario = AL_SCN_FCAS;
    rig_open(&r, d, 2);
    assert_true(press(&r, SDLK_y, false));
    alSteeringView v = alSteering_View(r.s);
    assert_true(v.others->fov_radius > 120 && v.first->fov_radius == 120); // the herd flees, not the wanderer
    rig_close(&r);
    d.scenario = AL_SCN_PURSUIT_EVADE;
    rig_open(&r, d, 2);
    assert_true(press(&r, SDLK_y, false));
    v = alSteering_View(r.s);
    assert_true(v.first->fov_radius > 120 && v.others->fov_radius == 120); // the quarry evades
    // S there is the quarry's speed ("give the quarry more speed").
    assert_true(press(&r, SDLK_s, false));
    v = alSteering_View(r.s);
    assert_true(v.first->max_speed > v.others->max_speed);
    rig_close(&r);
}

static void s_changes_how_fast_boids_fly_and_m_says_it_does_nothing(void **state)
{
    (void)state;
    rig r;
    alSteeringDef d = alDefaultSteeringDef(); // boids, top speed 15
    d.world = (alWorld){100, 100, AL_EDGE_WRAP};
    d.params.radius = 0.5f;
    rig_open(&r, d, 3);
    for (int k = 0; k < 5; ++k) assert_true(press(&r, SDLK_s, false)); // 15 * 1.15^5 = 30.2
    alSteeringView v = alSteering_View(r.s);
    assert_true(v.first->max_speed > 30 && v.others->max_speed == v.first->max_speed);
    for (int t = 0; t < 300; ++t) alSteering_Step(r.s);
    double speed = alSteering_Figures(r.s).mean_speed;
    print_message("boids' mean speed after S x5: %.2f (was capped at 15)\n", speed);
    assert_true(speed > 25);
    // Mass does nothing to a boid (it tracks its desired velocity): M says
    // so and changes nothing, recording no edit.
    r.ctx.edit[0] = r.ctx.say[0] = '\0';
    assert_true(press(&r, SDLK_m, false));
    assert_float_equal(alSteering_View(r.s).first->mass, 1, 0);
    assert_string_equal(r.ctx.edit, "");
    assert_non_null(strstr(r.ctx.say, "M: mass; boids have none"));
    rig_close(&r);
}

static void c_is_left_to_the_shell_and_q_picks_the_weight(void **state)
{
    (void)state;
    rig r;
    rig_open(&r, flee_def(150), 4);
    assert_false(press(&r, SDLK_c, false)); // C is compare, in every mode
    assert_true(press(&r, SDLK_q, false));
    // Q picks only the weights flee uses (flee's own): W changes it, of every vehicle.
    assert_true(press(&r, SDLK_w, false));
    alSteeringView v = alSteering_View(r.s);
    assert_true(v.others->weight[AL_B_FLEE] > 1 && v.first->weight[AL_B_FLEE] > 1);
    assert_float_equal(v.others->weight[AL_B_SEEK], 1, 0);
    assert_float_equal(v.others->weight[AL_B_ARRIVE], 1, 0);
    rig_close(&r);
}

// Pixels of (r, g, b) within tol.
static int count_rgb(SDL_Surface *sf, SDL_Rect area, bool inside, SDL_Rect world, int r, int g, int b, int tol)
{
    int n = 0;
    for (int y = area.y; y < area.y + area.h; ++y)
        for (int x = area.x; x < area.x + area.w; ++x) {
            bool in = x >= world.x && x < world.x + world.w && y >= world.y && y < world.y + world.h;
            if (in != inside) continue;
            Uint8 pr, pg, pb;
            SDL_GetRGB(((Uint32 *)sf->pixels)[y * (sf->pitch / 4) + x], sf->format, &pr, &pg, &pb);
            n += abs(pr - r) <= tol && abs(pg - g) <= tol && abs(pb - b) <= tol;
        }
    return n;
}

static void the_fov_circle_is_drawn_inside_the_world_only(void **state)
{
    (void)state;
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    SDL_Surface *sf = SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(sf);
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(sf);
    assert_non_null(ren);
    rig r;
    rig_open(&r, flee_def(399), 5); // the FOV 399: past the world's edges
    al_batch batch = {0};
    al_canvas c = {.r = ren, .rect = {0, 0, 800, 600}, .world_px = {200, 150, 400, 300},
                   .world = {800, 600, AL_EDGE_WRAP}, .scale = 0.5f, .batch = &batch};
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    SDL_RenderSetClipRect(ren, &c.rect);
    al_view_steering.draw(&r.ctx, &c);
    SDL_RenderPresent(ren);
    // The FOV colour, (240, 90, 90) at alpha 170 over black.
    SDL_Rect world = {200, 150, 400, 300};
    int inside = count_rgb(sf, c.rect, true, world, 160, 60, 60, 3);
    int outside = count_rgb(sf, c.rect, false, world, 160, 60, 60, 3);
    print_message("FOV circle pixels: %d inside the world, %d outside\n", inside, outside);
    assert_true(inside > 200);
    assert_int_equal(outside, 0);
    al_batch_free(&batch);
    rig_close(&r);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(sf);
    SDL_Quit();
}

// ---- the real window, driven by `alife gui --script` ----------------------

static void in_the_window_y_and_shift_y_change_who_flees(void **state)
{
    (void)state;
    gs_run r;
    char script[1024];
    int n = snprintf(script, sizeof script, "at tick 60 state\n");
    for (int k = 0; k < 8; ++k) n += snprintf(script + n, sizeof script - (size_t)n, "at %d key y\n", 70 + k);
    n += snprintf(script + n, sizeof script - (size_t)n, "at tick 120 state\n");
    for (int k = 0; k < 8; ++k) n += snprintf(script + n, sizeof script - (size_t)n, "at %d key shift+y\n", 130 + k);
    n += snprintf(script + n, sizeof script - (size_t)n, "at tick 180 state\nat tick 181 quit\n");
    gs_run_script(&r, script, "--no-log experiments/steering/flee.ini");
    if (r.status != 0) fail_msg("exit %d: %s", r.status, r.err);
    assert_int_equal(r.n, 3);
    assert_string_equal(gs_str(r.line[0], "plotted"), "fleeing"); // the lesson's figure
    double f150 = gs_num(r.line[0], "figures.fleeing"), f459 = gs_num(r.line[1], "figures.fleeing"),
           f52 = gs_num(r.line[2], "figures.fleeing");
    print_message("window: fleeing %g at FOV 150, %g after Y x8 (459), %g after Shift+Y x8 (52)\n",
                  f150, f459, f52);
    assert_true(f459 >= 80 && f52 <= 10 && f150 < f459);
    gs_free(&r);
}

static void in_the_window_s_speeds_the_boids_up(void **state)
{
    (void)state;
    gs_run r;
    gs_run_script(&r,
                  "at 5 key s\nat 6 key s\nat 7 key s\nat 8 key s\nat 9 key s\n"
                  "at tick 300 state\nat tick 301 quit\n",
                  "--no-log experiments/steering/boids.ini");
    if (r.status != 0) fail_msg("exit %d: %s", r.status, r.err);
    assert_int_equal(r.n, 1);
    double v = gs_num(r.line[0], "figures.mean_speed");
    print_message("window: boids' mean speed %.1f after S x5 (15 before)\n", v);
    assert_true(v > 25);
    gs_free(&r);
}

static void every_lesson_plots_the_figure_it_says_to_watch(void **state)
{
    (void)state;
    static const struct { const char *lesson, *figure; } want[] = {
        {"seek", "nn_distance"},     {"flee", "fleeing"},         {"arrive", "mean_speed"},
        {"wander", "order"},         {"path", "mean_speed"},      {"separation", "nn_distance"},
        {"cohesion", "groups"},      {"alignment", "order"},      {"fcas", "groups"},
        {"boids", "order"},          {"fish", "order"},           {"pursuit_evade", "target_distance"},
        {"obstacles_walls", "mean_speed"}, {"leader_following", "target_distance"}, {"flow_field", "groups"},
        {"hide", "mean_speed"},      {"interpose", "target_distance"}, {"collision", "contacts"},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; ++k) {
        char args[256], text[300];
        snprintf(args, sizeof args, "--no-log experiments/steering/%s.ini", want[k].lesson);
        gs_run r;
        gs_run_script(&r, "at tick 61 state\nat tick 62 quit\n", args);
        if (r.status != 0 || r.n != 1) fail_msg("%s: exit %d: %s", want[k].lesson, r.status, r.err);
        assert_string_equal(gs_str(r.line[0], "plotted"), want[k].figure);
        // ... and the lesson's text names the figure it plots.
        snprintf(text, sizeof text, "%s/experiments/steering/%s.ini", ALIFE_SOURCE_DIR, want[k].lesson);
        FILE *f = fopen(text, "r");
        assert_non_null(f);
        char buf[4096];
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        buf[len] = '\0';
        fclose(f);
        char *end = strstr(buf, "\n[");
        if (end) *end = '\0'; // the opening paragraph only
        if (!strstr(buf, "plotted")) fail_msg("%s.ini does not say which figure is plotted", want[k].lesson);
        gs_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(y_changes_the_fov_of_every_fleeing_vehicle_and_who_reacts),
        cmocka_unit_test(y_in_fcas_is_the_herds_fov_and_in_pursuit_the_quarrys),
        cmocka_unit_test(s_changes_how_fast_boids_fly_and_m_says_it_does_nothing),
        cmocka_unit_test(c_is_left_to_the_shell_and_q_picks_the_weight),
        cmocka_unit_test(the_fov_circle_is_drawn_inside_the_world_only),
        cmocka_unit_test(in_the_window_y_and_shift_y_change_who_flees),
        cmocka_unit_test(in_the_window_s_speeds_the_boids_up),
        cmocka_unit_test(every_lesson_plots_the_figure_it_says_to_watch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
