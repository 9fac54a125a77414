// Subcommand dispatch, --help and --version.
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"gui", cmd_gui, "open the window (every module, keys 1 to 5)"},
    {"run", cmd_run, "run an experiment headless and log it to the database"},
    {"runs", cmd_runs, "list the runs in the database"},
    {"show", cmd_show, "show one run: its config, params and generations"},
    {"export", cmd_export, "export a run's generations as CSV"},
    {"compare", cmd_compare, "compare runs side by side"},
    {"replay", cmd_replay, "re-run a stored run; --check: bit for bit as stored"},
    {"sweep", cmd_sweep, "run a config over many seeds and value combinations"},
    {"db", cmd_db, "merge run databases (alife db merge A.db B.db --into C.db)"},
    {"bench", cmd_bench, "measure the speed of a module"},
    {"config", cmd_config, "list every config key, or resolve and print a config"},
    {"screenshot", cmd_screenshot, "render the window offscreen into a PNG"},
};
enum { NCOMMANDS = (int)(sizeof commands / sizeof commands[0]) };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: alife [COMMAND] [OPTIONS]\n"
            "\n"
            "alife is an artificial-life evolution workbench with five modules:\n"
            "steering (steering behaviours), estrings (a string-evolving genetic\n"
            "algorithm), ants (neural ant foragers, their brains evolved by the GA,\n"
            "CMA-ES or NEAT), xor (XOR solved by NEAT, which evolves the network's\n"
            "topology) and pole (pole balancing, one pole or two, by neuroevolution\n"
            "with the GA, CMA-ES or NEAT). run.algorithm chooses the algorithm.\n"
            "With no command it opens the GUI on the ants module.\n"
            "\n"
            "commands:\n");
    for (int i = 0; i < NCOMMANDS; ++i)
        fprintf(out, "  %-11s %s\n", commands[i].name, commands[i].summary);
    fprintf(out,
            "\n"
            "options:\n"
            "  -h, --help     this help; 'alife COMMAND --help' for a command's own\n"
            "  -V, --version  print the version\n"
            "\n"
            "exit status: 0 success, 1 runtime failure, 2 usage or config error.\n");
}

int cli_fail(const char *cmd, const alError *err)
{
    fprintf(stderr, "alife %s: %s\n", cmd, err->msg);
    return alResult_ExitCode(err->code);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "alife %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see: alife %s --help)\n", cmd);
    va_end(ap);
    return 2;
}

int cli_option_error(const char *cmd, char **argv, int c)
{
    const char *opt = optind > 0 ? argv[optind - 1] : "?";
    if (c == ':') return cli_usage_error(cmd, "%s needs a value", opt);
    // an unknown short option in a cluster ("-qz") is named by its letter
    if (optopt && opt[0] == '-' && opt[1] != '-') return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    return cli_usage_error(cmd, "unknown option '%s'", opt);
}

int cli_config_fail(const char *cmd, const alError *err)
{
    if (err->code == AL_ERR_CONFIG && strncmp(err->msg, "--", 2) == 0 && strncmp(err->msg, "--set ", 6) != 0)
        return cli_usage_error(cmd, "%s", err->msg);
    return cli_fail(cmd, err);
}

// Every command's output is checked once at the end, here and nowhere else:
// a full disk or a closed pipe turns a success into exit 1 (`alife config
// x.ini > /dev/full`). cmd names the command, NULL for alife's own output.
static int output_checked(const char *cmd, int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
    fprintf(stderr, "alife%s%s: cannot write the output: %s\n", cmd ? " " : "", cmd ? cmd : "",
            errno ? strerror(errno) : "write error");
    return rc ? rc : 1;
}

int al_cli_main(int argc, char **argv)
{
    if (argc < 2) {
        char *gui_argv[] = {"gui", NULL};
        return cmd_gui(1, gui_argv);
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return output_checked(NULL, 0);
    }
    if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
        printf("alife %s\n", ALIFE_VERSION);
        return output_checked(NULL, 0);
    }
    for (int i = 0; i < NCOMMANDS; ++i)
        if (strcmp(name, commands[i].name) == 0)
            return output_checked(name, commands[i].fn(argc - 1, argv + 1));
    fprintf(stderr, "alife: unknown command '%s'\n\n", name);
    usage(stderr);
    return 2;
}

const char *cli_a_module(const char *module)
{
    static char buf[96];
    bool vowel = module[0] && strchr("aeiouAEIOU", module[0]);
    // "xor" is said "ex-or"
    snprintf(buf, sizeof buf, "%s %s", vowel || strcmp(module, "xor") == 0 ? "an" : "a", module);
    return buf;
}
