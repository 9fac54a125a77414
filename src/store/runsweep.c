// Sweep membership, through the store's read API: the runs whose param
// run.sweep is the sweep, with their group (run.group), seed and status as
// shown (a 'running' row whose process is gone reads as interrupted).
#include "alife/runsweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/runlog.h"
#include "alife/runquery.h"

static const char *param(const alRunInfo *r, const char *key)
{
    for (int i = 0; i < r->param_count; ++i)
        if (strcmp(r->params[i].key, key) == 0) return r->params[i].value;
    return NULL;
}

alResult alRunLog_ListSweep(const char *db_path, const char *sweep, alSweepRun **out, int *n,
                            alError *err)
{
    *out = NULL;
    *n = 0;
    if (access(db_path, F_OK) != 0) return AL_OK;
    alRunLog *log = NULL;
    alRunList *list = NULL;
    alResult r = alRunLog_OpenReadOnly(db_path, &log, err);
    if (r == AL_OK) r = alRunLog_ListRuns(log, NULL, &list, err);
    int count = list ? alRunList_Count(list) : 0;
    if (r == AL_OK && count > 0 && !(*out = calloc((size_t)count, sizeof **out)))
        r = alError_Set(err, AL_ERR_NOMEM, "out of memory");
    for (int i = 0; r == AL_OK && i < count; ++i) {
        const alRunInfo *info = alRunList_Get(list, i);
        const char *s = param(info, "run.sweep"), *g = param(info, "run.group");
        if (!s || strcmp(s, sweep) != 0) continue;
        alSweepRun *x = &(*out)[(*n)++];
        x->id = info->id;
        x->seed = (int64_t)info->seed;
        snprintf(x->group, sizeof x->group, "%s", g ? g : "");
        snprintf(x->status, sizeof x->status, "%s", info->status);
    }
    alDestroyRunList(list);
    alRunLog_Close(log);
    if (r != AL_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return r;
}
