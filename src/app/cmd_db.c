// alife db: maintenance of run databases. For now one verb, merge, which
// brings databases from several machines together by run uuid.
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "alife/runlog.h"
#include "alife/runmerge.h"
#include "alife/counted.h"
#include "cli.h"

static void help(void)
{
    printf("usage: alife db merge A.db [B.db ...] --into C.db\n"
           "\n"
           "Merges run databases, e.g. from several machines that each ran part of a\n"
           "sweep, into C.db (created if missing; it may also be an existing database).\n"
           "Runs are matched by their uuid, never by their id: each new run gets a fresh\n"
           "id in C.db, so ids never clash, and a run C.db already has is not copied\n"
           "again: merging the same database twice adds nothing. A run's params,\n"
           "generations, module figures and genomes come with it. A run C.db holds\n"
           "unfinished (running, or interrupted as a copy taken mid-run reads once its\n"
           "process has ended) that a source holds ended is completed from the source:\n"
           "its status, finish time and missing generations and genomes.\n"
           "\n"
           "The sources are only read. Every file is checked before anything is written:\n"
           "a missing file, a file that is not an alife database, a newer schema or a\n"
           "damaged database stops the merge with nothing changed.\n"
           "\n"
           "options:\n"
           "      --into PATH  the database to merge into (required)\n"
           "  -h, --help       this help\n"
           "\n"
           "exit status: 0 merged, 1 a write failed, 2 usage error or a bad input file.\n");
}

static int db_merge(int argc, char **argv)
{
    enum { O_INTO = 1000 };
    static const struct option opts[] = {
        {"into", required_argument, 0, O_INTO}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    const char *into = NULL;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case O_INTO: into = optarg; break;
        case 'h': help(); return 0;
        default: return cli_option_error("db merge", argv, c);
        }
    }
    if (!into) return cli_usage_error("db merge", "--into PATH is required");
    if (optind >= argc) return cli_usage_error("db merge", "which databases? e.g. alife db merge "
                                                           "a.db b.db --into all.db");
    alMergeCounts k;
    alError err = {0};
    alResult r = alRunLog_Merge(into, (const char *const *)argv + optind, argc - optind, &k, &err);
    if (r != AL_OK) {
        fprintf(stderr, "alife db merge: %s\n", err.msg);
        // A bad input file is the user's to fix (2); a failing write is not (1).
        return r == AL_ERR_NOMEM || r == AL_ERR_IO ? 1 : 2;
    }
    char dbs[48], added[48], gens[48]; // counted: it said "1 runs added", "1 generations added"
    printf("merged %s into %s: %s added, %lld already there (%lld completed), %s added\n",
           alCounted(dbs, sizeof dbs, argc - optind, "database", NULL), into,
           alCounted(added, sizeof added, k.runs_added, "run", NULL), (long long)k.runs_present,
           (long long)k.runs_updated, alCounted(gens, sizeof gens, k.generations_added, "generation", NULL));
    return 0;
}

int cmd_db(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        help();
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "merge") == 0) return db_merge(argc - 1, argv + 1);
    return cli_usage_error("db", "unknown verb '%s' (known: merge)", argv[1]);
}
