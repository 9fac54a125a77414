#!/bin/bash
# sweep --set lists (issue 11 hole 2, issue 12 item 4 in part): text values
# (estrings.target, run.name) are never split at commas; a list is given by
# repeating the key, or with commas for other keys, or both; a value given
# twice is an error that runs nothing. --help says so.
# usage: bash tests/cli_sweep_set.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

CFG=$SRC/experiments/estrings/hello.ini
DB=$TMP/sw.db
groups() { grep -c '^group ' "$TMP/out"; }
plan() { expect_exit 0 "plan: $*" -- "$ALIFE" sweep "$CFG" --seeds 1-2 --db "$DB" --dry-run "$@"; }

# Caught: 'estrings.target=Hello, Grace' became two groups, "Hello" and " Grace".
plan --set 'estrings.target=Hello, Grace'
expect_equal "$(groups)" "1" "one text value with a comma is one group"
expect_output "group (all)" "a fixed override, not an axis"
plan --set 'estrings.target=Hello, Grace' --set 'estrings.target=Hello, World!'
expect_equal "$(groups)" "2" "two targets with commas, by repeating the key: two groups"
expect_output "group estrings.target=Hello, Grace " "the first group keeps its comma"
expect_output "group estrings.target=Hello, World! " "the default target can be swept"
plan --set ga.mutation_rate=0.05,0.1
expect_equal "$(groups)" "2" "numbers still list with commas"
plan --set ga.mutation_rate=0.01,0.05 --set ga.mutation_rate=0.1 --set 'estrings.target=a,b' --set 'estrings.target=c'
expect_equal "$(groups)" "6" "commas and repetition combine (3 rates x 2 targets)"
expect_output "group ga.mutation_rate=0.01 estrings.target=a,b " "axes keep the order their keys were first given"

# Duplicates are an error and run nothing.
expect_exit 2 "a number given twice" -- "$ALIFE" sweep "$CFG" --seeds 1 --db "$DB" --set ga.mutation_rate=0.05,5e-2
expect_output "given twice" "says the value is given twice"
expect_exit 2 "a text value given twice" -- "$ALIFE" sweep "$CFG" --seeds 1 --db "$DB" \
    --set 'estrings.target=Hi, you' --set 'estrings.target=Hi, you'
expect_output "'Hi, you' is given twice" "names the value"
expect_exit 2 "a single value repeated" -- "$ALIFE" sweep "$CFG" --seeds 1 --db "$DB" --set ga.elitism=1 --set ga.elitism=1
[ -e "$DB" ] && fail "a refused sweep created the database"

# A real sweep stores each target whole, and compare groups by it.
expect_exit 0 "a sweep of two targets with commas" -- "$ALIFE" sweep "$CFG" --seeds 1-2 --db "$DB" --generations 3 \
    --jobs 1 --name T --set 'estrings.target=Hello, Grace' --set 'estrings.target=Hello, World!'
expect_equal "$(sqlite3 "$DB" "SELECT group_concat(v, '|') FROM (SELECT DISTINCT value AS v FROM params
    WHERE key = 'estrings.target' ORDER BY value)")" "Hello, Grace|Hello, World!" "the runs' targets are stored whole"
expect_exit 0 "compare the sweep" -- "$ALIFE" compare --sweep T --db "$DB"
expect_output "2 groups by run.group" "compare finds the two groups"

expect_exit 0 "sweep --help" -- "$ALIFE" sweep --help
expect_output "--set K=V1 --set K=V2" "--help shows the repeated form"
expect_output "never split" "--help says text values are never split"
expect_output "is an error" "--help says a value given twice is an error"

finish
