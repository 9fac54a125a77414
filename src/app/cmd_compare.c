// alife compare: runs side by side (the aggregation is src/store/compare.c;
// this file only parses options and prints).
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/runcompare.h"
#include "cli.h"
#include "db_cli.h"
#include "json_out.h"

static void help(void)
{
    printf("usage: alife compare RUN... [--db PATH] [--csv FILE] [--json]\n"
           "\n"
           "Compares runs side by side: for each run its module, status, generations\n"
           "logged and the best and mean of its last generation, then only the\n"
           "parameters whose values differ between the runs. RUN is a run's number\n"
           "or a prefix of its uuid; give each run once.\n"
           "\n"
           "options:\n"
           "      --db PATH    run database (default " AL_DEFAULT_DB ")\n"
           "      --csv FILE   also write one row per run (id, name, module, status,\n"
           "                   generations, last_best, last_mean, differing params);\n"
           "                   FILE '-' is stdout (the table is then not printed)\n"
           "      --json       print a JSON object {\"differing_keys\": [...], \"runs\":\n"
           "                   [run objects with \"differing\": {key: value}]} instead\n"
           "  -h, --help       this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static void print_table(const alComparison *cmp)
{
    int n = cmp->run_count, wkey = 12;
    for (int k = 0; k < cmp->diff_count; ++k) {
        int w = (int)strlen(cmp->diff_keys[k]);
        if (w > wkey) wkey = w;
    }
    // One column per run, wide enough for its longest cell.
    int *w = calloc((size_t)n, sizeof *w);
    if (!w) return;
    char buf[64];
    for (int i = 0; i < n; ++i) {
        const alRunInfo *r = &cmp->runs[i]->info;
        w[i] = 12;
        int lens[] = {(int)strlen(r->name), (int)strlen(r->module), (int)strlen(r->status)};
        for (int j = 0; j < 3; ++j)
            if (lens[j] > w[i]) w[i] = lens[j];
        for (int k = 0; k < cmp->diff_count; ++k) {
            const char *v = cmp->diff_values[i * cmp->diff_count + k];
            int l = v ? (int)strlen(v) : 1;
            if (l > w[i]) w[i] = l;
        }
        if (w[i] > 40) w[i] = 40;
    }
    printf("%-*s", wkey, "");
    for (int i = 0; i < n; ++i) {
        snprintf(buf, sizeof buf, "run %lld", (long long)cmp->runs[i]->info.id);
        printf("  %*s", w[i], buf);
    }
    printf("\n");
#define ROW(label, expr)                                                                           \
    do {                                                                                           \
        printf("%-*s", wkey, label);                                                               \
        for (int i = 0; i < n; ++i) {                                                              \
            const alRunInfo *r = &cmp->runs[i]->info;                                              \
            (void)r;                                                                               \
            printf("  %*.*s", w[i], w[i], (expr));                                                 \
        }                                                                                          \
        printf("\n");                                                                              \
    } while (0)
    char text[256];
    ROW("name", r->name[0] ? db_cli_text(text, sizeof text, r->name) : "-");
    ROW("module", db_cli_text(text, sizeof text, r->module));
    ROW("status", r->status);
    ROW("generations", (snprintf(buf, sizeof buf, "%lld", (long long)r->generation_count), buf));
    ROW("last best", db_cli_num(buf, sizeof buf, r->last_best));
    ROW("last mean", db_cli_num(buf, sizeof buf, r->last_mean));
#undef ROW
    if (n > 1 && cmp->diff_count == 0)
        printf("\nthe runs have the same parameters\n");
    else if (cmp->diff_count > 0)
        printf("\nparameters that differ (- = not set in that run):\n");
    for (int k = 0; k < cmp->diff_count; ++k) {
        printf("%-*s", wkey, cmp->diff_keys[k]);
        for (int i = 0; i < n; ++i) {
            const char *v = cmp->diff_values[i * cmp->diff_count + k];
            printf("  %*.*s", w[i], w[i], v ? db_cli_text(text, sizeof text, v) : "-");
        }
        printf("\n");
    }
    free(w);
}

static void print_json(const alComparison *cmp)
{
    fputs("{\"differing_keys\":[", stdout);
    for (int k = 0; k < cmp->diff_count; ++k) {
        if (k) fputc(',', stdout);
        json_string(stdout, cmp->diff_keys[k]);
    }
    fputs("],\n\"runs\":[", stdout);
    for (int i = 0; i < cmp->run_count; ++i) {
        fputs(i ? ",\n{" : "\n{", stdout);
        db_cli_json_run_fields(stdout, &cmp->runs[i]->info);
        fputs(",\"differing\":{", stdout);
        int first = 1;
        for (int k = 0; k < cmp->diff_count; ++k) {
            json_key(stdout, cmp->diff_keys[k], &first);
            json_string(stdout, cmp->diff_values[i * cmp->diff_count + k]);
        }
        fputs("}}", stdout);
    }
    fputs("\n]}\n", stdout);
}

static bool write_csv(FILE *out, const void *ctx)
{
    const alComparison *cmp = ctx;
    fputs("id,name,module,status,generations,last_best,last_mean", out);
    for (int k = 0; k < cmp->diff_count; ++k) {
        fputc(',', out);
        csv_field(out, cmp->diff_keys[k]);
    }
    fputs("\r\n", out);
    for (int i = 0; i < cmp->run_count; ++i) {
        const alRunInfo *r = &cmp->runs[i]->info;
        fprintf(out, "%lld,", (long long)r->id);
        csv_field(out, r->name);
        fputc(',', out);
        csv_field(out, r->module);
        fprintf(out, ",%s,%lld,", r->status, (long long)r->generation_count);
        csv_number(out, r->last_best);
        fputc(',', out);
        csv_number(out, r->last_mean);
        for (int k = 0; k < cmp->diff_count; ++k) {
            const char *v = cmp->diff_values[i * cmp->diff_count + k];
            fputc(',', out);
            if (v) csv_field(out, v);
        }
        fputs("\r\n", out);
    }
    return !ferror(out);
}

int cmd_compare(int argc, char **argv)
{
    enum { O_DB = 1000, O_CSV, O_JSON };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"csv", required_argument, 0, O_CSV},
                                         {"json", no_argument, 0, O_JSON},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *csv = NULL;
    bool json = false;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB:
            db = optarg;
            break;
        case O_CSV:
            csv = optarg;
            break;
        case O_JSON:
            json = true;
            break;
        case 'h':
            help();
            return 0;
        default:
            return cli_usage_error("compare", "bad option");
        }
    }
    int n = argc - optind;
    if (n < 1) return cli_usage_error("compare", "which runs? e.g. alife compare 1 2 3");
    if (json && csv && strcmp(csv, "-") == 0)
        return cli_usage_error("compare", "--json and --csv - both want stdout");
    alRunLog *log;
    int status = db_cli_open("compare", db, &log);
    if (status) return status;
    int64_t *ids = malloc((size_t)n * sizeof *ids);
    if (!ids) {
        alRunLog_Close(log);
        fprintf(stderr, "alife compare: out of memory\n");
        return 1;
    }
    alError err = {0};
    for (int i = 0; i < n && status == 0; ++i) {
        if (alRunLog_FindRun(log, argv[optind + i], &ids[i], &err) != AL_OK) {
            status = db_cli_fail("compare", &err);
            break;
        }
        for (int j = 0; j < i; ++j)
            if (ids[j] == ids[i]) {
                status = cli_usage_error("compare", "run %lld is given twice", (long long)ids[i]);
                break;
            }
    }
    alComparison *cmp = NULL;
    if (status == 0 && alRunLog_Compare(log, ids, n, &cmp, &err) != AL_OK)
        status = db_cli_fail("compare", &err);
    alRunLog_Close(log);
    free(ids);
    if (status) return status;
    if (json)
        print_json(cmp);
    else if (!csv || strcmp(csv, "-") != 0)
        print_table(cmp);
    if (csv && !db_cli_write_file(csv, write_csv, cmp)) {
        fprintf(stderr, "alife compare: cannot write %s: %s\n", csv, strerror(errno));
        status = 1;
    }
    alDestroyComparison(cmp);
    return status ? status : db_cli_finish("compare");
}
