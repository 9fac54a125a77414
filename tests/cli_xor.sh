#!/bin/bash
# The XOR task through the command line: the lesson runs to a solution and
# is logged like every module (runs, generations with the species figure,
# the best genome in NEAT's stored format), bench neat prints the acceptance
# figures (the same with 1 and 2 threads), and bad values exit 2 naming the
# key and the allowed range.
# usage: bash tests/cli_xor.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

DB="$TMP/xor.db"
expect_exit 0 "the XOR lesson runs" -- "$ALIFE" run "$SRC/experiments/xor/xor.ini" --db "$DB" --seed 3 --quiet
expect_output "stopped: solved" "the run stops when XOR is solved"
expect_output "solved after" "the generations to the first solver are counted"
expect_output "evaluations): outputs " "the outputs are not read as hidden nodes"
expect_output " hidden nodes" "the hidden nodes are counted apart"
expect_exit 0 "the run is in the database" -- "$ALIFE" runs --db "$DB" --module xor
expect_output "xor" "runs lists the xor run"
if command -v sqlite3 >/dev/null; then
    gens=$(sqlite3 "$DB" "select count(*) from generations")
    expect_true "generations are logged ($gens)" -- [ "$gens" -ge 1 ]
    sp=$(sqlite3 "$DB" "select count(*) from figures where name = 'species'")
    expect_equal "$sp" "$gens" "a species count per generation"
    magic=$(sqlite3 "$DB" "select distinct substr(cast(genome as text), 1, 4) from genomes")
    expect_equal "$magic" "NEAT" "the stored genomes are in NEAT's format"
fi

expect_exit 0 "config reads the lesson as an xor file (not as ants)" -- "$ALIFE" config "$SRC/experiments/xor/xor.ini"
expect_output "algorithm = neat" "the module's default algorithm is neat"
expect_exit 0 "bench neat, 3 seeds" -- "$ALIFE" bench neat --seeds 3 --config "$SRC/experiments/xor/xor.ini" --json
expect_output '"solved": 3' "all three runs solve XOR"
one=$(grep "^{" "$TMP/out" | sed 's/"median_s_per_generation.*//')
expect_exit 0 "bench neat on 2 threads" -- "$ALIFE" bench neat --seeds 3 --config "$SRC/experiments/xor/xor.ini" --json --threads 2
two=$(grep "^{" "$TMP/out" | sed 's/"median_s_per_generation.*//')
expect_equal "$two" "$one" "the same evaluations with 1 and 2 threads"
expect_exit 1 "a budget too small exits 1" -- "$ALIFE" bench neat --seeds 2 --max-gens 1
expect_output "0 of 2 solved" "no run solved in one generation"

expect_exit 2 "population 1" -- "$ALIFE" run "$SRC/experiments/xor/xor.ini" --db "$DB" --set neat.population=1
expect_output "neat.population" "the key is named"
expect_output "from 2 to" "the allowed range is named"
expect_exit 2 "target species above the population" -- "$ALIFE" run "$SRC/experiments/xor/xor.ini" --db "$DB" --set neat.target_species=500
expect_output "neat.target_species = 500" "the cross-key check names key and value"
expect_exit 2 "an algorithm that makes no networks" -- "$ALIFE" run "$SRC/experiments/xor/xor.ini" --db "$DB" --set run.algorithm=cmaes
expect_output "run.algorithm = cmaes makes float vectors; task 'xor' takes NEAT genomes" "both are named"
expect_exit 2 "bench neat --set a bad value" -- "$ALIFE" bench neat --set neat.c3=-1
expect_output "neat.c3" "bench names the key"

# Caught: bench neat refused its config given positionally (bench pole's form).
"$ALIFE" bench neat --config "$SRC/experiments/xor/xor.ini" --seeds 1 --max-gens 3 --json >"$TMP/by_option" 2>&1
by_option=$?
expect_exit "$by_option" "bench neat CONFIG" -- "$ALIFE" bench neat "$SRC/experiments/xor/xor.ini" --seeds 1 --max-gens 3 --json
expect_equal "$(grep -o '"solved": [0-9]*' "$TMP/out")" "$(grep -o '"solved": [0-9]*' "$TMP/by_option")" \
    "bench neat CONFIG and --config CONFIG agree"
expect_true "bench neat ran ($by_option)" -- [ "$by_option" -le 1 ]
expect_exit 2 "bench neat, two configs" -- "$ALIFE" bench neat "$SRC/experiments/xor/xor.ini" \
    --config "$SRC/experiments/xor/xor.ini"
expect_output "two configs" "two configs are refused"

finish
