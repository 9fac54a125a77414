// db_cli.h — what the commands that read the run database share.
#ifndef ALIFE_APP_DB_CLI_H
#define ALIFE_APP_DB_CLI_H

#include <stdio.h>

#include "alife/runquery.h"

/// Prints "alife CMD: <message>" and returns the exit status of err.
int db_cli_fail(const char *cmd, const alError *err);
/// Opens path read-only for command cmd; on failure prints why and returns
/// the exit status (2: missing or not an alife database, 1: I/O), else 0.
int db_cli_open(const char *cmd, const char *path, alRunLog **log);
/// The one way a command reads one run: opens db read-only, resolves ref
/// (run id or uuid prefix), loads the run (its genomes too when genomes) into
/// *run (the caller destroys it), and closes db. Prints nothing: warning
/// (NULL: not wanted) gets the database's damage warning, "" when none.
/// A missing default database's error says to run an experiment first.
alResult db_cli_read_run(const char *db, const char *ref, bool genomes, alRunData **run,
                         char *warning, size_t cap, alError *err);
/// db_cli_read_run for command cmd: prints the warning and any failure and
/// returns the exit status, else 0.
int db_cli_load_run(const char *cmd, const char *db, const char *ref, bool genomes,
                    alRunData **run);
/// Whether ref names a run in db, for command cmd, before the command's own
/// usage errors: the first error a user reads is the one that matters most
/// (a missing database or run). Prints the failure and returns its exit
/// status, else 0 (printing nothing: the load that follows warns).
int db_cli_check_run(const char *cmd, const char *db, const char *ref);
/// Writes one run's fields and params as the members of a JSON object
/// (without the braces): id, uuid, module, name, seed, status, stale,
/// started, finished, version, host, pid, generation_count, last_best,
/// last_mean, stop_reason, edit_count, first_edit, params.
void db_cli_json_run_fields(FILE *out, const alRunInfo *r);
/// The run's best over all its generations: the highest generation best, the
/// lowest where its module's fitness is an error (estrings); NaN without one.
double db_cli_run_best(const alRunInfo *r);
/// s with control characters (tab, escape, ...) replaced by '?', into buf
/// (truncated to cap), so names cannot garble a table or the terminal.
const char *db_cli_text(char *buf, size_t cap, const char *s);
/// Writes a file whole or not at all: emit(f, ctx) into PATH.tmpPID beside
/// it, then rename. PATH "-" writes to stdout. False (errno set) on failure.
bool db_cli_write_file(const char *path, bool (*emit)(FILE *f, const void *ctx), const void *ctx);
/// "%.6g", or "-" for NaN; into buf.
const char *db_cli_num(char *buf, size_t cap, double v);
/// The key of a module figure in JSON and CSV: its name, or "figure_NAME"
/// (into buf) if the name is one of the fixed columns (gen, best, mean,
/// worst, stddev, ticks, wall_s, evaluations), so it cannot shadow them.
const char *db_cli_figure_key(char *buf, size_t cap, const char *name);
/// "2026-11-30T07:26:11Z" -> "2026-11-30 07:26:11" (into buf) for tables;
/// NULL gives "-".
const char *db_cli_short_time(char *buf, size_t cap, const char *iso);
/// Exit-status paragraph shared by the --help texts.
#define DB_CLI_EXIT_HELP                                                                           \
    "exit status: 0 success; 1 runtime failure (database or file I/O);\n"                          \
    "2 usage error, unknown run, missing database, or a file that is not a usable\n"              \
    "alife run database (not SQLite, another program's database, a newer schema,\n"               \
    "or damaged).\n"                                                                              \
    "Reading never creates or changes the database file (SQLite may leave its\n"                   \
    "-wal and -shm companion files beside it).\n"

/// The terminal's width in columns when stdout is one (0: a pipe or a file):
/// a table cuts names (al_name_cut) only to fit a terminal too narrow.
int db_cli_terminal_columns(void);

#endif
