// cli.h — the command line: one function per subcommand, each returning the
// process exit status (0 ok, 1 runtime failure, 2 usage or config error).
#ifndef ALIFE_APP_CLI_H
#define ALIFE_APP_CLI_H

#include <stdio.h>
#include "alife/error.h"

int al_cli_main(int argc, char **argv);

int cmd_run(int argc, char **argv);
int cmd_config(int argc, char **argv);
int cmd_runs(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_gui(int argc, char **argv);
int cmd_screenshot(int argc, char **argv);

/// Prints "alife CMD: <message>" to stderr (CMD as typed, "bench ants"), the
/// one form of every command's error, and returns the exit status for err.
int cli_fail(const char *cmd, const alError *err);
/// Prints "alife CMD: <fmt>" and a hint to see --help; returns 2.
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// The usage error for what getopt_long returned as c, ':' (an option
/// without its value) or '?' (an option CMD does not take), naming the
/// option as typed; the option string must start with ':' so that getopt
/// prints nothing of its own. Returns 2.
int cli_option_error(const char *cmd, char **argv, int c);
/// A config error of CMD: one that starts with an option the user typed
/// ("--generations 0: ...", al_sets_add_option) is a usage error of CMD, as
/// cli_usage_error says it; any other is cli_fail's. Returns the exit status.
int cli_config_fail(const char *cmd, const alError *err);

/// The module's name with its article, for a sentence: "an estrings",
/// "a pole" ("run 3 is an xor run").
const char *cli_a_module(const char *module);

#endif
