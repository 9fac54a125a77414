// The flock pass's neighbour search and group sums. One query per vehicle
// gathers separation, cohesion and alignment together. Neighbours are the
// nearest ones (at most max) in (distance, index) order, so the grid and the
// brute-force scan find the same list and every sum comes out bit-identical.
#include <math.h>
#include <stdbool.h>

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
        // Slots index the grid's cell-ordered positions. Velocities are read
        // by agent: a cell-ordered copy cost two passes a tick (each a fork
        // and join of the threads) to save little, as big flocks are
        // renumbered in cell order anyway (reorder_by_cell). The relative
        // positions are alWorld_Delta's, its world read once (the stores
        // into *out could change it for all the compiler knows).
        const float *sx = g->sx, *sy = g->sy, *vx = s->cur.vx, *vy = s->cur.vy;
        const int *order = g->order;
        float W = w->width, H = w->height, hw = 0.5f * W, hh = 0.5f * H;
        bool wrap = w->edge == AL_EDGE_WRAP;
        for (int k = 0; k < out->n; ++k) {
            int slot = got[k], j = order[slot];
            float dx = sx[slot] - p.x, dy = sy[slot] - p.y;
            if (wrap) {
                if (dx > hw) dx -= W;
                else if (dx < -hw) dx += W;
                if (dy > hh) dy -= H;
                else if (dy < -hh) dy += H;
            }
            out->idx[k] = j;
            out->dpos[k] = alV2(dx, dy);
            out->vel[k] = alV2(vx[j], vy[j]);
        }
    }
}

// The cosine of half a field of view; all round lets everything through.
static float cone(float angle) { return angle >= 6.2831f ? -2.0f : alDet_Cosf(0.5f * angle); }

alFlockForces steer_flock(const alSteering *s, int i, const neighbours *nb)
{
    const alVehicleParams *P = params_of(s, i);
    alVec2 vel = vel_of(&s->cur, i), heading = heading_of(&s->cur, i);
    const alSteeringDef *def = &s->def;
    float rs = def->separation_radius, rs2 = rs * rs, ra2 = def->alignment_radius * def->alignment_radius;
    // cos of half of each field of view; -2 (all round) lets everything through
    float cs = cone(def->view_separation), cc = cone(def->view_cohesion), ca = cone(def->view_alignment);
    alVec2 sep = {0, 0}, centre = {0, 0}, avg_vel = {0, 0};
    int ncoh = 0, nali = 0, nsep = 0;
    for (int k = 0; k < nb->n; ++k) {
        alVec2 d = nb->dpos[k];
        float d2 = nb->d2[k];
        // How far ahead the neighbour lies, as a cosine (1 when on top of us).
        float ahead = d2 > 0 ? alV2_Dot(d, heading) / sqrtf(d2) : 1.0f;
        if (ahead >= cc) {
            ncoh++;
            centre = alV2_Add(centre, d);
        }
        if (d2 <= ra2 && ahead >= ca) {
            nali++;
            avg_vel = alV2_Add(avg_vel, nb->vel[k]);
        }
        if (d2 < rs2 && ahead >= cs) {
            nsep++;
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
    alFlockForces f = {{0, 0}, {0, 0}, {0, 0}, nb->n};
    if (nsep > 0) f.separation = alV2_Scale(sep, P->max_force);
    // Cohesion seeks the centre of mass (relative to us, so edges wrap).
    if (ncoh > 0) f.cohesion = alSteer_Seek(alV2(0, 0), vel, alV2_Scale(centre, 1.0f / (float)ncoh), P->max_speed);
    if (nali > 0) f.alignment = alV2_Sub(alV2_Scale(avg_vel, 1.0f / (float)nali), vel);
    return f;
}
