// alife — entry point: hands the command line to the subcommand table.
#include "cli.h"

int main(int argc, char **argv) { return al_cli_main(argc, argv); }
