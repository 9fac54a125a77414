#!/bin/bash
# alife show lists the params a run reads: its module's and its algorithm's
# (the schema says which part reads what), not the other algorithms' keys
# that every stored config carries (a pole run under CMA-ES stores [ga] too,
# so that replay and resume read the same config). One line says how many
# are hidden; --all-params shows them; --json and --config keep them all.
# usage: bash tests/cli_show.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

DB="$TMP/show.db"
POLE="$SRC/experiments/pole/single.ini"
expect_exit 0 "a pole run under cmaes" -- "$ALIFE" run "$POLE" --db "$DB" --generations 1 --quiet \
    --set run.algorithm=cmaes --set ga.mutation_rate=0.05
expect_exit 0 "a pole run under ga" -- "$ALIFE" run "$POLE" --db "$DB" --generations 1 --quiet \
    --set run.algorithm=ga

expect_exit 0 "show the cmaes run" -- "$ALIFE" show 1 --db "$DB"
expect_output "  cmaes.sigma0 = " "the algorithm's own params are shown"
expect_output "  pole.variant = " "the module's params are shown"
expect_output "  run.seed = " "the run's params are shown"
expect_true "no [ga] param under cmaes" -- bash -c "! grep -q '^  ga\.' '$TMP/out'"
expect_output "stored params of [ga]" "the hidden params are named by their part"
n_shown=$(grep -c '^  [a-z_]*\.' "$TMP/out")
n_hidden=$(sed -n 's/^  (\([0-9]*\) stored params.*/\1/p' "$TMP/out")
expect_exit 0 "show --all-params counts" -- "$ALIFE" show 1 --db "$DB" --all-params
n_all=$(grep -c '^  [a-z_]*\.' "$TMP/out")
expect_equal "$((n_shown + n_hidden))" "$n_all" "shown + hidden = every stored param"
expect_exit 0 "show the cmaes run again" -- "$ALIFE" show 1 --db "$DB"
expect_output "1 of them not at its default" "a hidden param set away from its default is told"
expect_output "--all-params" "the line says how to see them"

expect_exit 0 "show the ga run" -- "$ALIFE" show 2 --db "$DB"
expect_output "  ga.selection = " "the ga run shows [ga]"
expect_true "no [cmaes] param under ga" -- bash -c "! grep -q '^  cmaes\.' '$TMP/out'"
expect_output "[cmaes]" "the ga run hides [cmaes]"

expect_exit 0 "show --all-params" -- "$ALIFE" show 1 --db "$DB" --all-params
expect_output "  ga.mutation_rate = 0.05" "--all-params shows the hidden ones"
expect_true "no hidden line with --all-params" -- bash -c "! grep -q 'stored param' '$TMP/out'"

expect_exit 0 "show --json" -- "$ALIFE" show 1 --db "$DB" --json
expect_output '"ga.selection":' "the JSON keeps every stored param"
expect_exit 0 "show --config" -- "$ALIFE" show 1 --db "$DB" --config
expect_output "mutation_rate = 0.05" "the config to replay keeps every key"

expect_exit 0 "an xor run" -- "$ALIFE" run "$SRC/experiments/xor/xor.ini" --db "$DB" --generations 1 --quiet
expect_exit 0 "show the xor run" -- "$ALIFE" show 3 --db "$DB"
expect_output "  neat.population = " "the xor run shows [neat]"
expect_true "nothing of xor's is hidden" -- bash -c "! grep -q 'stored param' '$TMP/out'"

expect_exit 0 "show --help" -- "$ALIFE" show --help
expect_output "--all-params" "the help names the flag"
finish
