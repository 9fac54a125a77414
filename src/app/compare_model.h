// compare_model.h — what `alife compare` and the GUI compare view show: a set
// of runs loaded from the database, grouped (by a param, or one group per
// run), with each run's curve figures and each group's summaries over its
// runs. The numbers come from the core (stats.h, curves.h); this file only
// arranges them. Text, CSV, JSON and the plot are written from this model.
#ifndef ALIFE_APP_COMPARE_MODEL_H
#define ALIFE_APP_COMPARE_MODEL_H

#include <stdbool.h>

#include "alife/curves.h"
#include "alife/runset.h"
#include "alife/stats.h"

typedef enum al_compare_test {
    AL_TEST_FINAL, ///< compare the metric's final values
    AL_TEST_AUC,   ///< compare the areas under the metric's curves
} al_compare_test;

typedef struct al_compare_opts {
    const char *metric;    ///< "best" (default), "mean", "worst", "stddev" or a figure name
    const char *group_by;  ///< param key or run column to group by; NULL: one group per run
    bool use_threshold;
    double threshold;
    bool below;            ///< a figure metric is better when lower (fitness metrics follow the module)
    al_compare_test test;
} al_compare_opts;

typedef struct al_compare_run {
    const alRunRecord *rec;
    int group;
    alCurveFigures m;      ///< figures of the chosen metric
    double final_best, final_mean;
} al_compare_run;

typedef struct al_compare_group {
    char label[260];
    int *members;          ///< indices into runs
    int n;
    alSummary final_best, final_mean, final_metric, auc;
    int reached;           ///< runs that reached the threshold
    double km_median;      ///< Kaplan-Meier median generation to reach it, -1 if not reached
    alSummary reach_gen;   ///< over the runs that reached it (n = reached; zeroed if none)
} al_compare_group;

typedef struct al_compare_model {
    alRunSet set;
    al_compare_opts opts;
    const char *module;
    bool lower_is_better;  ///< direction of the chosen metric
    bool module_known;     ///< the module is part of this build (else direction assumed)
    bool grouped;          ///< groups by a key (else one per run)
    double horizon;        ///< last generation of the longest run
    al_compare_run *runs;  ///< set.n of them
    al_compare_group *groups;
    int ngroups;
} al_compare_model;

/// Loads the runs q selects and computes every figure. Errors (exit 2 for
/// all of them): those of alRunSet_Load; runs of different modules
/// (AL_ERR_USAGE, naming two runs and their modules); with grouping, a group
/// holding a single run (AL_ERR_USAGE: no band or spread can be computed).
/// The model must be freed with al_compare_free, also after a failure.
alResult al_compare_build(al_compare_model *m, const char *db, const alRunQuery *q,
                          const al_compare_opts *opts, alError *err);

/// Summary over a group's runs of the metric at generation g (each run held
/// at its last value past its end): mean, 95% CI, median, quartiles; all
/// zero (n = 0) when out of memory.
alSummary al_compare_at(const al_compare_model *m, int group, double g);

/// Mann-Whitney U of group a against group b on the test statistic
/// (final value or area of the metric). False when out of memory.
bool al_compare_test_groups(const al_compare_model *m, int a, int b, alMannWhitney *out);

/// The per-run value that --test compares.
double al_compare_test_value(const al_compare_model *m, int run);

/// "large", "medium", "small" or "negligible" for a Cliff's delta
/// (thresholds 0.474, 0.33, 0.147 of Romano et al. 2006).
const char *al_compare_effect_label(double delta);

void al_compare_free(al_compare_model *m);

#endif
