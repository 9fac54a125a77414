#!/bin/bash
# compare's differing params are compared as typed values, and keys results
# do not depend on (run.threads) are left out (issue 10, second teacher
# trial: ga.crossover_rate was listed as differing "1 | 1 | 1.0 | 1.0", and
# run.threads beside it).
# usage: bash tests/cli_compare_values.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

CFG=$SRC/experiments/estrings/hello.ini
DB=$TMP/cv.db
run() { expect_exit 0 "run $*" -- "$ALIFE" run "$CFG" --db "$DB" --generations 3 --quiet "$@"; }
run --set ga.crossover_rate=1 --set run.threads=1
run --set ga.crossover_rate=1.0 --set run.threads=2
run --set ga.crossover_rate=1e0 --set ga.mutation_rate=0.02

expect_exit 0 "compare three runs" -- "$ALIFE" compare 1 2 3 --db "$DB"
expect_output "ga.mutation_rate" "a real difference is listed"
if grep -q "ga.crossover_rate" "$TMP/out"; then fail "1, 1.0 and 1e0 are one value (ga.crossover_rate listed)"; fi
if grep -q "run.threads" "$TMP/out"; then fail "run.threads cannot change results, but is listed"; fi
expect_exit 0 "compare the two equal runs" -- "$ALIFE" compare 1 2 --db "$DB"
expect_output "all runs have the same config" "1 vs 1.0, threads 1 vs 2: the same config"
expect_exit 0 "compare --json" -- "$ALIFE" compare 1 2 3 --db "$DB" --json
keys=$(grep -o '"differing_keys":\[[^]]*\]' "$TMP/out")
expect_equal "$keys" '"differing_keys":["ga.mutation_rate"]' "the JSON's differing keys"

finish
