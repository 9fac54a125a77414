// alife config: list every key of the schema, or resolve a config and print it.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alife/algorithm_factory.h"
#include "alife/ants.h"
#include "alife/pole.h"
#include "alife/config.h"
#include "alife/estrings.h"
#include "alife/steering.h"
#include "cli.h"
#include "options.h"

static void help(void)
{
    printf("usage: alife config --list [--module M]\n"
           "       alife config [CONFIG] [--module M] [--set section.key=value]...\n"
           "\n"
           "--list prints every config key with its type, default, allowed range and\n"
           "description (only those module M uses with --module). Otherwise the config\n"
           "is resolved (defaults, the file, the overrides), checked as 'alife run'\n"
           "checks it (without running anything), and printed as INI.\n"
           "\n"
           "The file: a regular text file (no NUL bytes, lines up to 65535 bytes) of\n"
           "'[section]' lines, 'key = value' lines and comments (';' or '#' first on\n"
           "the line, or ' ;' after a value). Indentation means nothing. A value in\n"
           "double quotes is kept exactly, with the escapes \\\" \\\\ \\n \\t \\r \\xHH;\n"
           "an unquoted one ends at ' ;' and loses its surrounding spaces. A --set value\n"
           "is taken literally unless it starts with '\"' (then it is read as quoted).\n"
           "Numbers are decimal only: 42, -3, 0.25, 1e-3 (no hex, inf, nan or '1,5');\n"
           "spaces around a number, boolean or choice are ignored, in the file and in\n"
           "--set alike; a value too large for a double, or a non-zero one too small\n"
           "(rounding to 0), is out of range.\n"
           "\n"
           "exit status: 0 printed, 1 the output could not be written, 2 a config error.\n"
           "\n"
           "options:\n"
           "  -l, --list         list the keys\n"
           "  -m, --module M     steering, estrings, ants, xor or pole\n"
           "  -s, --set K=V      override one key (repeatable)\n"
           "  -h, --help         this help\n");
}

static const char *type_name(alType t)
{
    static const char *const names[] = {"int", "float", "bool", "string", "enum"};
    return names[t];
}

static void list_keys(const char *module)
{
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p) {
        for (int i = 0; i < parts[p].key_count; ++i) {
            const alKeyDef *k = &parts[p].keys[i];
            if (module && !alSchema_KeyInModule(k, module)) continue;
            char full[128], range[128];
            snprintf(full, sizeof full, "%s.%s", k->section, k->name);
            switch (k->type) {
            case AL_TYPE_INT: snprintf(range, sizeof range, "%.0f..%.0f", k->min, k->max); break;
            case AL_TYPE_FLOAT: snprintf(range, sizeof range, "%g..%g", k->min, k->max); break;
            case AL_TYPE_BOOL: snprintf(range, sizeof range, "true|false"); break;
            case AL_TYPE_STRING:
                snprintf(range, sizeof range, "%.0f..%.0f chars", k->min, k->max);
                break;
            case AL_TYPE_ENUM: snprintf(range, sizeof range, "%s", k->choices); break;
            }
            printf("%-30s %-6s default %-12s range %-28s [%s]\n    %s\n", full, type_name(k->type),
                   k->def[0] ? k->def : "\"\"", range, parts[p].module, k->help);
        }
    }
}

// The module's own checks (values it parses, rules across keys), as `alife
// run` makes them, without creating a world: config FILE is a dry run.
static alResult check_module(const alConfig *cfg, alError *err)
{
    const char *m = alConfig_Module(cfg);
    if (strcmp(m, "steering") == 0) {
        alSteeringDef d;
        return alSteeringDef_FromConfig(&d, cfg, err);
    }
    if (strcmp(m, "estrings") == 0) {
        alEStringsDef d;
        return alEStringsDef_FromConfig(&d, cfg, err);
    }
    if (strcmp(m, "xor") == 0) { // the xor task takes NEAT genomes only
        alAlgorithmTask task = {.name = "xor", .accepted = AL_CANDIDATE_BIT(AL_CANDIDATE_NEAT),
                                .length = 1, .inputs = 2, .outputs = 1};
        alAlgorithmDef ad;
        return alAlgorithmDef_FromConfig(&ad, cfg, &task, err);
    }
    if (strcmp(m, "pole") == 0) return alPole_CheckConfig(cfg, err);
    alAntsDef d;
    return alAntsDef_FromConfig(&d, cfg, err);
}

int cmd_config(int argc, char **argv)
{
    static const struct option opts[] = {{"list", no_argument, 0, 'l'},
                                          {"module", required_argument, 0, 'm'},
                                          {"set", required_argument, 0, 's'},
                                          {"help", no_argument, 0, 'h'},
                                          {0, 0, 0, 0}};
    bool list = false;
    const char *module = NULL;
    al_sets sets = {0};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":lm:s:h", opts, NULL)) != -1) {
        switch (c) {
        case 'l': list = true; break;
        case 'm': module = optarg; break;
        case 's': al_sets_add(&sets, optarg); break;
        case 'h': help(); al_sets_free(&sets); return 0;
        default: al_sets_free(&sets); return cli_option_error("config", argv, c);
        }
    }
    if (module) {
        int n;
        const char *const *mods = alSchema_Modules(&n);
        bool ok = false;
        for (int i = 0; i < n; ++i) ok |= strcmp(mods[i], module) == 0;
        if (!ok) {
            al_sets_free(&sets);
            return cli_usage_error("config", "unknown module '%s' (allowed: steering, estrings, ants, xor, pole)",
                                   module);
        }
    }
    if (list) {
        al_sets_free(&sets);
        list_keys(module);
        return 0;
    }
    if (optind < argc - 1) {
        al_sets_free(&sets);
        return cli_usage_error("config", "one config file at most");
    }
    alError err = {0};
    alConfig *cfg = al_sets_config(optind < argc ? argv[optind] : NULL, module, &sets, &err);
    if (!cfg) return cli_fail("config", &err);
    if (check_module(cfg, &err) != AL_OK) {
        alDestroyConfig(cfg);
        return cli_fail("config", &err);
    }
    bool ok = alConfig_WriteIni(cfg, stdout);
    alDestroyConfig(cfg);
    return ok ? 0 : 1;
}
