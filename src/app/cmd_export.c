// alife export: one run's generations as CSV, or one stored brain as a file.
#include <errno.h>

#include "alife/counted.h"
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "brain_file.h"
#include "cli.h"
#include "db_cli.h"
#include "json_out.h"
#include "options.h"

static void export_help(void)
{
    printf("usage: alife export RUN --csv FILE [--db PATH]\n"
           "       alife export RUN --genome GEN --out FILE [--db PATH]\n"
           "\n"
           "With --genome: writes the best ant of stored generation GEN (-1: the last)\n"
           "as a brain file that 'alife gui --brain FILE' replays exactly: its genome\n"
           "(weights, or a NEAT genome in NEAT's stored format) and, in the shared world,\n"
           "its generation's other ants (its score was theirs too). Ants runs of every\n"
           "algorithm (ga, cmaes, neat); other modules have no brains (exit 2).\n"
           "\n"
           "Writes one run's generations as CSV (RFC 4180), one row per generation:\n"
           "  gen,best,mean,worst,stddev,evaluations,ticks,wall_s,<module figures...>\n"
           "Numbers read back exactly; a figure a generation lacks is an empty field;\n"
           "a figure named like a fixed column is given as figure_NAME.\n"
           "RUN is the run's number or a prefix of its uuid. FILE '-' is stdout.\n"
           "The file is written whole or not at all (written beside, then renamed).\n"
           "\n"
           "options:\n"
           "      --csv FILE   where to write (required, unless --genome)\n"
           "      --genome GEN with --out FILE: one brain (ants runs)\n"
           "      --db PATH    run database (default " AL_DEFAULT_DB ")\n"
           "  -h, --help       this help\n"
           "\n" DB_CLI_EXIT_HELP);
}

static bool write_csv(FILE *out, const void *ctx)
{
    const alRunData *run = ctx;
    fputs("gen,best,mean,worst,stddev,evaluations,ticks,wall_s", out);
    for (int k = 0; k < run->figure_count; ++k) {
        fputc(',', out);
        char key[128];
        csv_field(out, db_cli_figure_key(key, sizeof key, run->figure_names[k]));
    }
    fputs("\r\n", out);
    for (int64_t i = 0; i < run->gen_count; ++i) {
        const alRunGen *g = &run->gens[i];
        fprintf(out, "%lld,", (long long)g->gen);
        csv_number(out, g->best);
        fputc(',', out);
        csv_number(out, g->mean);
        fputc(',', out);
        csv_number(out, g->worst);
        fputc(',', out);
        csv_number(out, g->stddev);
        fprintf(out, ",%lld,%lld,", (long long)g->evaluations, (long long)g->ticks);
        csv_number(out, g->wall_s);
        for (int k = 0; k < run->figure_count; ++k) {
            fputc(',', out);
            csv_number(out, g->figures[k]);
        }
        fputs("\r\n", out);
    }
    return !ferror(out);
}

// --genome GEN --out FILE: one brain (brain_file.c).
static int export_brain(const char *db, const char *run, const char *genome, const char *out)
{
    int64_t gen;
    if (!genome)
        return cli_usage_error("export",
                               "--out '%s' writes one brain and needs --genome GEN (-1: the "
                               "last stored generation); for the statistics table use --csv %s",
                               out, out);
    if (!out) return cli_usage_error("export", "a brain needs both --genome GEN and --out FILE");
    if (!al_parse_int(genome, -1, INT64_MAX, &gen))
        return cli_usage_error("export",
                               "--genome '%s': not a generation number (0 or more; -1: "
                               "the last stored)",
                               genome);
    alError err = {0};
    al_brain info;
    if (al_brain_export(db, run, gen, out, &info, &err) != AL_OK) return db_cli_fail("export", &err);
    char what[96];
    if (info.weights) snprintf(what, sizeof what, "%d weights", info.weights);
    else snprintf(what, sizeof what, "a NEAT genome of %d nodes, %d connections", info.nodes, info.conns);
    printf("wrote %s: the best ant of generation %lld (fitness %.6g, %s%s); replay it "
           "with: alife gui --brain %s\n",
           out, (long long)info.gen, info.fitness, what,
           info.genomes > 1 ? ", with the other ants of its shared world" : "", out);
    return 0;
}

int cmd_export(int argc, char **argv)
{
    enum { O_DB = 1000, O_CSV, O_GENOME, O_OUT };
    static const struct option opts[] = {{"db", required_argument, 0, O_DB},
                                         {"csv", required_argument, 0, O_CSV},
                                         {"genome", required_argument, 0, O_GENOME},
                                         {"out", required_argument, 0, O_OUT},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *db = AL_DEFAULT_DB, *csv = NULL, *genome = NULL, *brain_out = NULL;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_DB:
            db = optarg;
            break;
        case O_CSV:
            csv = optarg;
            break;
        case O_GENOME:
            genome = optarg;
            break;
        case O_OUT:
            brain_out = optarg;
            break;
        case 'h':
            export_help();
            return 0;
        default:
            return cli_option_error("export", argv, c);
        }
    }
    if (optind >= argc)
        return cli_usage_error("export", "which run? e.g. alife export 1 --csv run1.csv");
    if (optind != argc - 1) return cli_usage_error("export", "one run only");
    int status = db_cli_check_run("export", db, argv[optind]);
    if (status) return status;
    if (genome || brain_out) return export_brain(db, argv[optind], genome, brain_out);
    if (!csv) return cli_usage_error("export", "where to? give --csv FILE (or --csv - for stdout)");
    alRunData *run;
    status = db_cli_load_run("export", db, argv[optind], false, &run);
    if (status) return status;
    bool ok = db_cli_write_file(csv, write_csv, run);
    if (!ok)
        fprintf(stderr, "alife export: cannot write %s: %s\n", csv, strerror(errno));
    else if (strcmp(csv, "-") != 0) {
        char gens[48];
        fprintf(stderr, "alife export: run %lld, %s -> %s\n", (long long)run->info.id,
                alCounted(gens, sizeof gens, run->gen_count, "generation", NULL), csv);
    }
    alDestroyRunData(run);
    return ok ? 0 : 1;
}
