// The registry of module views. A module's view lives in view_<module>.c;
// list it here with one extern line and one entry (see view.h).
#include <string.h>

#include "view.h"

extern const al_view al_view_steering; // view_steering.c
extern const al_view al_view_estrings; // view_estrings.c
extern const al_view al_view_ants;     // view_ants.c
extern const al_view al_view_xor;      // view_xor.c
static const al_view *const views[] = {
    NULL, // keeps the array non-empty while views are being added
    &al_view_steering,
    &al_view_estrings,
    &al_view_ants,
    &al_view_xor,
};

const al_view *al_view_find(const char *module)
{
    for (size_t i = 0; i < sizeof views / sizeof views[0]; ++i)
        if (views[i] && strcmp(views[i]->module, module) == 0) return views[i];
    return NULL;
}
