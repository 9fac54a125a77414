// Flow-field following (Reynolds 1999): the desired velocity is read from a
// grid of directions laid over the world.
#include "alife/steering.h"

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
