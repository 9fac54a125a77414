// The compare model: runs, groups and their figures. See compare_model.h.
#include "compare_model.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/config.h"
#include "alife/module.h"

void al_compare_free(al_compare_model *m)
{
    if (!m) return;
    for (int g = 0; g < m->ngroups; ++g) free(m->groups[g].members);
    free(m->groups);
    free(m->runs);
    alRunSet_Free(&m->set);
    memset(m, 0, sizeof *m);
}

// The value of key for run r: a run field or a param; "(unset)" if absent.
static const char *key_value(const alRunRecord *r, const char *key, char *buf, size_t cap)
{
    const alRunInfo *info = r->info;
    if (strcmp(key, "module") == 0) return info->module;
    if (strcmp(key, "name") == 0) return info->name;
    if (strcmp(key, "status") == 0) return info->status;
    if (strcmp(key, "uuid") == 0) return info->uuid;
    if (strcmp(key, "id") == 0) {
        snprintf(buf, cap, "%lld", (long long)info->id);
        return buf;
    }
    if (strcmp(key, "seed") == 0) {
        snprintf(buf, cap, "%llu", (unsigned long long)info->seed);
        return buf;
    }
    const char *v = alRunRecord_Param(r, key);
    return v ? v : "(unset)";
}

// Natural order: runs of digits compare as numbers, so "rate=0.5" sorts
// after "rate=0.05" and "n=10" after "n=9".
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        bool na = isdigit((unsigned char)*a) || (*a == '.' && isdigit((unsigned char)a[1]));
        bool nb = isdigit((unsigned char)*b) || (*b == '.' && isdigit((unsigned char)b[1]));
        if (na && nb) {
            char *ea, *eb;
            double x = strtod(a, &ea), y = strtod(b, &eb);
            if (x != y) return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b) return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        ++a;
        ++b;
    }
    return (*a != 0) - (*b != 0);
}

static int cmp_group(const void *x, const void *y)
{
    return natural_cmp(((const al_compare_group *)x)->label, ((const al_compare_group *)y)->label);
}

// Describes values[0..n) into *out; sorts a scratch copy.
static bool describe(const double *values, int n, double *scratch, alSummary *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0) return true;
    memcpy(scratch, values, (size_t)n * sizeof *scratch);
    *out = alStats_Describe(scratch, n);
    return true;
}

double al_compare_test_value(const al_compare_model *m, int run)
{
    return m->opts.test == AL_TEST_AUC ? m->runs[run].m.auc : m->runs[run].m.final;
}

static alResult summarise(al_compare_model *m, alError *err)
{
    int n = m->set.n;
    double *v = malloc((size_t)(4 * n + 1) * sizeof *v);
    double *scratch = v + n, *t = v + 2 * n;
    bool *ev = malloc((size_t)n + 1);
    if (!v || !ev) {
        free(v);
        free(ev);
        return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    }
    for (int g = 0; g < m->ngroups; ++g) {
        al_compare_group *G = &m->groups[g];
        const int *mem = G->members;
        for (int i = 0; i < G->n; ++i) v[i] = m->runs[mem[i]].final_best;
        describe(v, G->n, scratch, &G->final_best);
        for (int i = 0; i < G->n; ++i) v[i] = m->runs[mem[i]].final_mean;
        describe(v, G->n, scratch, &G->final_mean);
        for (int i = 0; i < G->n; ++i) v[i] = m->runs[mem[i]].m.final;
        describe(v, G->n, scratch, &G->final_metric);
        for (int i = 0; i < G->n; ++i) v[i] = m->runs[mem[i]].m.auc;
        describe(v, G->n, scratch, &G->auc);
        G->reached = 0;
        for (int i = 0; i < G->n; ++i) {
            const alCurveFigures *f = &m->runs[mem[i]].m;
            ev[i] = f->reach >= 0;
            t[i] = ev[i] ? f->reach : f->observed;
            if (ev[i]) v[G->reached++] = f->reach;
        }
        describe(v, G->reached, scratch, &G->reach_gen);
        G->km_median = m->opts.use_threshold ? alStats_KaplanMeierMedian(t, ev, G->n) : -1;
    }
    free(v);
    free(ev);
    return AL_OK;
}

alResult al_compare_build(al_compare_model *m, const char *db, const alRunQuery *q,
                          const al_compare_opts *opts, alError *err)
{
    memset(m, 0, sizeof *m);
    m->opts = *opts;
    if (!m->opts.metric) m->opts.metric = "best";
    alRunQuery query = *q;
    query.metric = m->opts.metric;
    query.group_by = m->opts.group_by; // each (group, seed) counted once unless asked
    alResult r = alRunSet_Load(db, &query, &m->set, err);
    if (r != AL_OK) return r;
    int n = m->set.n;
    const alRunRecord *runs = m->set.runs;
    for (int i = 1; i < n; ++i)
        if (strcmp(runs[i].info->module, runs[0].info->module) != 0)
            return alError_Set(err, AL_ERR_USAGE,
                               "run %lld is of module %s but run %lld of module %s: their '%s' "
                               "cannot be compared; compare one module at a time "
                               "(e.g. --where module=%s)",
                               (long long)runs[0].info->id, runs[0].info->module,
                               (long long)runs[i].info->id, runs[i].info->module, m->opts.metric,
                               runs[0].info->module);
    m->module = runs[0].info->module;
    const alModuleClass *cls = alModule_Find(m->module);
    m->module_known = cls != NULL;
    bool fitness = strcmp(m->opts.metric, "best") == 0 || strcmp(m->opts.metric, "mean") == 0 ||
                   strcmp(m->opts.metric, "worst") == 0;
    m->lower_is_better = fitness && cls ? cls->lower_is_better : m->opts.below;

    m->horizon = 0;
    for (int i = 0; i < n; ++i)
        if (runs[i].gen[runs[i].ngens - 1] > m->horizon) m->horizon = runs[i].gen[runs[i].ngens - 1];
    m->runs = calloc((size_t)n, sizeof *m->runs);
    m->groups = calloc((size_t)n, sizeof *m->groups);
    if (!m->runs || !m->groups) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
    m->grouped = m->opts.group_by != NULL;
    if (m->grouped) { // a misspelt key would put every run in one "(unset)" group
        static const char *const fields[] = {"module", "name", "status", "uuid", "id", "seed"};
        bool known = alSchema_Find(m->opts.group_by) != NULL;
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f)
            known |= strcmp(m->opts.group_by, fields[f]) == 0;
        for (int i = 0; i < n && !known; ++i) known = alRunRecord_Param(&runs[i], m->opts.group_by);
        if (!known)
            return alError_Set(err, AL_ERR_USAGE,
                               "--group-by %s: unknown key (allowed: a config key, see alife "
                               "config --list, or one of module, name, status, uuid, id, seed)",
                               m->opts.group_by);
    }
    for (int i = 0; i < n; ++i) {
        const alRunRecord *rec = &runs[i];
        al_compare_run *cr = &m->runs[i];
        cr->rec = rec;
        cr->m = alCurve_Figures(rec->gen, rec->metric, rec->ngens, m->horizon,
                                m->opts.use_threshold, m->opts.threshold, m->lower_is_better);
        cr->final_best = rec->best[rec->ngens - 1];
        cr->final_mean = rec->mean[rec->ngens - 1];
        char label[260], buf[32];
        if (m->grouped) {
            const char *v = key_value(rec, m->opts.group_by, buf, sizeof buf);
            // A sweep's group without overrides (a sweep of seeds only) is the
            // config as written; any other key left unset is said so too.
            const char *none = strcmp(m->opts.group_by, "run.group") == 0 ? "no overrides" : "not set";
            snprintf(label, sizeof label, "%s", v[0] ? v : none);
        }
        else {
            snprintf(label, sizeof label, "run %lld", (long long)rec->info->id);
        }
        int g = 0;
        while (g < m->ngroups && strcmp(m->groups[g].label, label) != 0) ++g;
        if (g == m->ngroups) {
            snprintf(m->groups[g].label, sizeof m->groups[g].label, "%s", label);
            m->groups[g].members = malloc((size_t)n * sizeof(int));
            if (!m->groups[g].members) return alError_Set(err, AL_ERR_NOMEM, "out of memory");
            m->ngroups++;
        }
        m->groups[g].members[m->groups[g].n++] = i;
    }
    if (m->grouped) qsort(m->groups, (size_t)m->ngroups, sizeof *m->groups, cmp_group);
    for (int g = 0; g < m->ngroups; ++g)
        for (int i = 0; i < m->groups[g].n; ++i) m->runs[m->groups[g].members[i]].group = g;
    return summarise(m, err);
}

alSummary al_compare_at(const al_compare_model *m, int group, double g)
{
    const al_compare_group *G = &m->groups[group];
    alSummary s;
    memset(&s, 0, sizeof s);
    // On the heap: a group can hold 100,000 seeds, too many for the stack.
    double *v = G->n > 0 ? malloc((size_t)G->n * sizeof *v) : NULL;
    if (!v) return s;
    for (int i = 0; i < G->n; ++i) {
        const alRunRecord *r = m->runs[G->members[i]].rec;
        v[i] = alCurve_At(r->gen, r->metric, r->ngens, g);
    }
    s = alStats_Describe(v, G->n);
    free(v);
    return s;
}

bool al_compare_test_groups(const al_compare_model *m, int a, int b, alMannWhitney *out)
{
    const al_compare_group *A = &m->groups[a], *B = &m->groups[b];
    double *x = malloc((size_t)(A->n + B->n) * sizeof *x), *y = x ? x + A->n : NULL;
    if (!x) return false;
    for (int i = 0; i < A->n; ++i) x[i] = al_compare_test_value(m, A->members[i]);
    for (int i = 0; i < B->n; ++i) y[i] = al_compare_test_value(m, B->members[i]);
    bool ok = alStats_MannWhitney(x, A->n, y, B->n, out);
    free(x);
    return ok;
}

const char *al_compare_effect_label(double delta)
{
    double d = delta < 0 ? -delta : delta;
    if (d >= 0.474) return "large";
    if (d >= 0.33) return "medium";
    if (d >= 0.147) return "small";
    return "negligible";
}
