// The flock pass's neighbour search and group sums. One query per vehicle
// gathers separation, cohesion and alignment together. Neighbours are the
// nearest ones (at most max) in (distance, index) order, so the grid and the
// brute-force scan find the same list and every sum comes out bit-identical.
#include <math.h>

#include "steer_internal.h"

void steer_neighbours(const alSteering *s, int i, float radius, int max, neighbours *out)
{
    const alWorld *w = &s->def.world;
    alVec2 p = pos_of(&s->cur, i);
    int got[AL_GRID_MAX_K];
    if (max > AL_GRID_MAX_K) max = AL_GRID_MAX_K;
    if (s->def.brute_force || !s->grid_fresh) {
        out->n = alGrid_BruteNearestK(w, s->cur.x, s->cur.y, s->n, p, radius, i, max, got, out->d2);
        for (int k = 0; k < out->n; ++k) {
            int j = got[k];
            out->idx[k] = j;
            out->dpos[k] = alWorld_Delta(w, p, pos_of(&s->cur, j));
            out->vel[k] = vel_of(&s->cur, j);
        }
    } else {
        const alGrid *g = s->grid;
        out->n = alGrid_NearestK(g, p, radius, i, max, got, out->d2);
        // Slots index the grid's cell-ordered copies: neighbours of one cell
        // sit together in memory.
        for (int k = 0; k < out->n; ++k) {
            int slot = got[k];
            out->idx[k] = g->order[slot];
            out->dpos[k] = alWorld_Delta(w, p, alV2(g->sx[slot], g->sy[slot]));
            out->vel[k] = alV2(s->svx[slot], s->svy[slot]);
        }
    }
}

alFlockForces steer_flock(const alSteering *s, int i, const neighbours *nb)
{
    const alVehicleParams *P = params_of(s, i);
    alVec2 vel = vel_of(&s->cur, i), heading = heading_of(&s->cur, i);
    float rs = s->def.separation_radius, rs2 = rs * rs;
    bool all_round = s->def.view_angle >= 6.2831f;
    float cos_half = cosf(0.5f * s->def.view_angle);
    alVec2 sep = {0, 0}, centre = {0, 0}, avg_vel = {0, 0};
    int count = 0;
    for (int k = 0; k < nb->n; ++k) {
        alVec2 d = nb->dpos[k];
        float d2 = nb->d2[k];
        if (!all_round && d2 > 0) {
            // Outside the view cone: not seen.
            if (alV2_Dot(d, heading) < cos_half * sqrtf(d2)) continue;
        }
        count++;
        centre = alV2_Add(centre, d);
        avg_vel = alV2_Add(avg_vel, nb->vel[k]);
        if (d2 < rs2) {
            // 1/r weighting (seed 002): unit(away) * rs / r, so a neighbour at
            // the edge of the radius pushes with max_force. Exactly on top of
            // us there is no "away": split by index, never divide by zero.
            float dist = sqrtf(d2);
            alVec2 away = dist > 1e-6f ? alV2_Scale(d, -1.0f / dist)
                                       : alV2(i < nb->idx[k] ? -1.0f : 1.0f, 0.0f);
            float r = fmaxf(dist, 0.05f * rs);
            sep = alV2_Add(sep, alV2_Scale(away, rs / r));
        }
    }
    alFlockForces f = {{0, 0}, {0, 0}, {0, 0}, count};
    if (count == 0) return f;
    float inv = 1.0f / (float)count;
    f.separation = alV2_Scale(sep, P->max_force);
    // Cohesion seeks the centre of mass (relative to us, so edges wrap).
    f.cohesion = alSteer_Seek(alV2(0, 0), vel, alV2_Scale(centre, inv), P->max_speed);
    f.alignment = alV2_Sub(alV2_Scale(avg_vel, inv), vel);
    return f;
}
