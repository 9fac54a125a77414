// Flow-field following (Reynolds 1999): the desired velocity is read from a
// grid of directions laid over the world. The field's angle is smooth value
// noise (a faded blend over a coarse lattice of random angles): neighbouring
// cells point almost the same way, so currents converge into streams and
// sinks instead of the vehicles spreading evenly over noise.
#include <math.h>

#include "steer_internal.h"

alVec2 alFlowField_At(const alFlowField *f, alVec2 pos)
{
    int cx = (int)floorf(pos.x / f->cell_w), cy = (int)floorf(pos.y / f->cell_h);
    cx = cx < 0 ? 0 : cx >= f->cols ? f->cols - 1 : cx;
    cy = cy < 0 ? 0 : cy >= f->rows ? f->rows - 1 : cy;
    return f->dir[cy * f->cols + cx];
}

alVec2 alSteer_FollowFlow(const alFlowField *f, alVec2 pos, alVec2 vel, float max_speed)
{
    return alV2_Sub(alV2_Scale(alFlowField_At(f, pos), max_speed), vel);
}

// The unit vector at angle a (any finite a) without libm: reduce to
// [-pi/2, pi/2] (mirroring through the y axis beyond), then Taylor series to
// degree 11 / 10 (error < 6e-8 there); renormalised.
static alVec2 unit_at(float a)
{
    const float pi = 3.14159265f, two_pi = 6.2831853f;
    float k = floorf(a / two_pi + 0.5f);
    float x = a - k * two_pi; // [-pi, pi]
    float cs = 1.0f;
    if (x > 0.5f * pi) x = pi - x, cs = -1.0f;
    else if (x < -0.5f * pi) x = -pi - x, cs = -1.0f;
    float x2 = x * x;
    float s = x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))));
    float c = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56 * (1 - x2 / 90))));
    return alV2_Normalize(alV2(cs * c, s));
}

// The smoothstep fade: 0 and 1 at the ends with zero slope there, so the
// angle is smooth across lattice cells (its steepest slope, 1.5, is lower
// than Perlin's quintic's 1.875: gentler turns between cells).
static float fade(float t) { return t * t * (3 - 2 * t); }

void flow_fill(alFlowField *f, const alWorld *w, float scale, alRng *rng)
{
    // A lattice of random angles about scale world units apart; on a torus it
    // tiles (whole number of lattice cells, indices wrap) so the currents run
    // on across the edges.
    enum { LMAX = 64 };
    bool wrap = w->edge == AL_EDGE_WRAP;
    int lx = (int)floorf(w->width / scale + 0.5f), ly = (int)floorf(w->height / scale + 0.5f);
    lx = lx < 1 ? 1 : lx > LMAX - 1 ? LMAX - 1 : lx;
    ly = ly < 1 ? 1 : ly > LMAX - 1 ? LMAX - 1 : ly;
    int nx = wrap ? lx : lx + 1, ny = wrap ? ly : ly + 1; // distinct lattice points
    float lat[LMAX * LMAX];
    for (int k = 0; k < nx * ny; ++k) lat[k] = alRng_Range(rng, 0.0f, 6.2831853f);
    for (int r = 0; r < f->rows; ++r)
        for (int c = 0; c < f->cols; ++c) {
            // The cell's centre in lattice units.
            float u = ((float)c + 0.5f) / (float)f->cols * (float)lx;
            float v = ((float)r + 0.5f) / (float)f->rows * (float)ly;
            int i0 = (int)floorf(u), j0 = (int)floorf(v);
            float tu = fade(u - (float)i0), tv = fade(v - (float)j0);
            int i1 = i0 + 1, j1 = j0 + 1;
            if (wrap) i1 %= nx, j1 %= ny;
            else i1 = i1 >= nx ? nx - 1 : i1, j1 = j1 >= ny ? ny - 1 : j1;
            float a00 = lat[j0 * nx + i0], a10 = lat[j0 * nx + i1];
            float a01 = lat[j1 * nx + i0], a11 = lat[j1 * nx + i1];
            float top = a00 + (a10 - a00) * tu, bot = a01 + (a11 - a01) * tu;
            f->dir[r * f->cols + c] = unit_at(top + (bot - top) * tv);
        }
}
