#!/bin/bash
# sweep checks every cell's config with the module's own checks before it
# launches anything (issue 10, second teacher trial): a target outside the
# estrings alphabet passed the schema, all 3 runs started and each failed,
# reported under a group named ''.
# usage: bash tests/cli_sweep_validate.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

CFG=$SRC/experiments/estrings/hello.ini
DB=$TMP/sw.db

# Caught: exit 1 after 3 failed runs, and the database made.
expect_exit 2 "a target outside the alphabet is refused before any run" -- \
    "$ALIFE" sweep "$CFG" --seeds 1-3 --db "$DB" --set 'estrings.target=Hi,José'
expect_output "'Hi,José'" "the error names the cell's value"
expect_output "not in the alphabet" "and says what is wrong with it"
[ -e "$DB" ] && fail "a refused sweep created the database"
if grep -q "failed (exit" "$TMP/out"; then fail "a run was launched"; fi

# One bad cell of an axis: the group is named, nothing runs.
expect_exit 2 "one bad cell of two" -- "$ALIFE" sweep "$CFG" --seeds 1-2 --db "$DB" \
    --set estrings.alphabet=latin1,printable --set 'estrings.target=José'
expect_output "sweep group 'estrings.alphabet=printable'" "names the cell's group"
[ -e "$DB" ] && fail "a refused sweep created the database"
expect_exit 2 "--dry-run checks the cells too" -- "$ALIFE" sweep "$CFG" --seeds 1 --db "$DB" --dry-run \
    --set 'estrings.target=José'

# The good cells still run.
expect_exit 0 "an alphabet that has it" -- "$ALIFE" sweep "$CFG" --seeds 1 --db "$DB" --generations 2 \
    --set estrings.alphabet=latin1 --set 'estrings.target=José'

expect_exit 2 "a reversed seed range" -- "$ALIFE" sweep "$CFG" --seeds 5-1 --db "$DB"
expect_output "reversed (did you mean 1-5?)" "a reversed seed range is said so"
finish
