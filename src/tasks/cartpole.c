// The cart-pole simulator: Wieland's equations integrated by RK4, written
// after the benchmark code of Gruau et al. that NEAT and ESP ship (so the
// trajectories, and so the evaluation counts, are comparable with theirs).
#include "alife/cartpole.h"

#include <math.h>

#include "alife/detmath.h"

alCartPoleDef alDefaultCartPoleDef(void)
{
    return (alCartPoleDef){
        .poles = 2,
        .track = 4.8,
        .cart_mass = 1.0,
        .pole_length = {1.0, 0.1},
        .pole_mass = {0.1, 0.01},
        .hinge_friction = 0.000002,
        .gravity = 9.8,
        .force = 10.0,
        .dt = 0.01,
        .substeps = 2,
        .fail_angle = 36.0 * 3.14159265358979323846 / 180.0,
    };
}

static alResult bad(alError *err, const char *prefix, const char *field, double v, const char *range)
{
    return alError_Set(err, AL_ERR_CONFIG, "%s%s = %g: out of range (allowed: %s)", prefix ? prefix : "", field, v,
                       range);
}

alResult alCartPoleDef_Validate(const alCartPoleDef *d, const char *prefix, alError *err)
{
    if (d->poles < 1 || d->poles > 2) return bad(err, prefix, "poles", d->poles, "1 or 2");
    if (!(d->track > 0) || !isfinite(d->track)) return bad(err, prefix, "track", d->track, "> 0");
    if (!(d->cart_mass > 0) || !isfinite(d->cart_mass)) return bad(err, prefix, "cart_mass", d->cart_mass, "> 0");
    static const char *const len_name[2] = {"long_pole_length", "short_pole_length"};
    static const char *const mass_name[2] = {"long_pole_mass", "short_pole_mass"};
    for (int i = 0; i < d->poles; ++i) {
        if (!(d->pole_length[i] > 0) || !isfinite(d->pole_length[i]))
            return bad(err, prefix, len_name[i], d->pole_length[i], "> 0");
        if (!(d->pole_mass[i] > 0) || !isfinite(d->pole_mass[i]))
            return bad(err, prefix, mass_name[i], d->pole_mass[i], "> 0");
    }
    if (!(d->hinge_friction >= 0) || !isfinite(d->hinge_friction))
        return bad(err, prefix, "hinge_friction", d->hinge_friction, ">= 0");
    if (!(d->gravity > 0) || !isfinite(d->gravity)) return bad(err, prefix, "gravity", d->gravity, "> 0");
    if (!(d->force > 0) || !isfinite(d->force)) return bad(err, prefix, "force", d->force, "> 0");
    if (!(d->dt > 0) || !(d->dt <= 1)) return bad(err, prefix, "dt", d->dt, "(0, 1] s");
    if (d->substeps < 1 || d->substeps > 1000) return bad(err, prefix, "substeps", d->substeps, "1 .. 1000");
    if (!(d->fail_angle > 0) || !(d->fail_angle < 3.2))
        return bad(err, prefix, "fail_angle", d->fail_angle, "(0, pi) rad");
    return AL_OK;
}

void alCartPole_Derivs(const alCartPoleDef *d, const double st[6], double force, double out[6])
{
    double fsum = 0, msum = 0, cth[2] = {0, 0}, gsin[2] = {0, 0}, fric[2] = {0, 0}, half[2];
    for (int i = 0; i < d->poles; ++i) {
        double th = st[2 + 2 * i], w = st[3 + 2 * i], m = d->pole_mass[i];
        half[i] = 0.5 * d->pole_length[i];
        double ml = m * half[i], s = alDet_Sin(th);
        cth[i] = alDet_Cos(th);
        gsin[i] = -d->gravity * s; // the benchmark code's GRAVITY is -9.8
        fric[i] = d->hinge_friction * w / ml;
        fsum += ml * w * w * s + 0.75 * m * cth[i] * (fric[i] + gsin[i]);
        msum += m * (1.0 - 0.75 * cth[i] * cth[i]);
    }
    double acc = (force + fsum) / (msum + d->cart_mass);
    out[0] = st[1];
    out[1] = acc;
    out[2] = out[3] = out[4] = out[5] = 0;
    for (int i = 0; i < d->poles; ++i) {
        out[2 + 2 * i] = st[3 + 2 * i];
        out[3 + 2 * i] = -0.75 * (acc * cth[i] + gsin[i] + fric[i]) / half[i];
    }
}

void alCartPole_Rk4(const alCartPoleDef *d, const double y[6], double force, double out[6])
{
    double k1[6], k2[6], k3[6], k4[6], yt[6];
    double h = d->dt, hh = 0.5 * h;
    alCartPole_Derivs(d, y, force, k1);
    for (int i = 0; i < 6; ++i) yt[i] = y[i] + hh * k1[i];
    alCartPole_Derivs(d, yt, force, k2);
    for (int i = 0; i < 6; ++i) yt[i] = y[i] + hh * k2[i];
    alCartPole_Derivs(d, yt, force, k3);
    for (int i = 0; i < 6; ++i) yt[i] = y[i] + h * k3[i];
    alCartPole_Derivs(d, yt, force, k4);
    for (int i = 0; i < 6; ++i) out[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

bool alCartPole_Failed(const alCartPoleDef *d, const alCartPoleState *st)
{
    if (fabs(st->s[0]) > 0.5 * d->track) return true;
    for (int i = 0; i < d->poles; ++i)
        if (fabs(st->s[2 + 2 * i]) > d->fail_angle) return true;
    return false;
}

bool alCartPole_Step(const alCartPoleDef *d, alCartPoleState *st, double action)
{
    if (!(action >= -1.0)) action = -1.0; // NaN too: a broken controller pushes left
    if (action > 1.0) action = 1.0;
    double f = action * d->force;
    for (int k = 0; k < d->substeps; ++k) alCartPole_Rk4(d, st->s, f, st->s);
    return !alCartPole_Failed(d, st);
}
