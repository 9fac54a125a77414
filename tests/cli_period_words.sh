#!/bin/bash
# One wording for a run's end and count in run, show and replay (issue 10
# trial 2): replay ended "stopped: generations" (the stored word) where run
# and show said "generation limit (run.generations = 1)", and a steering
# run printed "1 generation, 60 ticks" and show "generations 1" where the
# window says report periods. Steering says report periods in all three.
# usage: bash tests/cli_period_words.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
E=$SRC/experiments

expect_exit 0 "an ants run" -- "$ALIFE" run "$E/ants/default.ini" --set run.generations=1 --set ants.ticks=50 --db r.db
expect_output "1 generation, 50 ticks" "run counts an ants run's generations"
expect_output "stopped: generation limit (run.generations = 1)" "run says the ants run's end"
expect_exit 0 "its replay" -- "$ALIFE" replay 1 --db r.db
expect_output "1 generation, 50 ticks" "replay counts its generations"
expect_output "stopped: generation limit (run.generations = 1)" "replay says the end as run does"
grep -q "stopped: generations" "$TMP/out" && fail "replay still says the stored word: $(cat "$TMP/out")"

expect_exit 0 "a steering run" -- "$ALIFE" run "$E/steering/seek.ini" --set run.generations=1 --db r.db
expect_output "1 report period, 60 ticks" "run counts a steering run's report periods"
expect_output "stopped: report period limit (run.generations = 1)" "run says the steering run's end"
grep -q "generation" <(head -1 "$TMP/out" | sed 's/run\.generations//g') && fail "run says generation: $(head -1 "$TMP/out")"
expect_exit 0 "show the steering run" -- "$ALIFE" show 2 --db r.db
expect_output "  report periods 1," "show counts report periods"
expect_output "stopped   report period limit (run.generations = 1)" "show says the steering run's end"
expect_exit 0 "replay the steering run" -- "$ALIFE" replay 2 --db r.db
expect_output "1 report period, 60 ticks" "replay counts report periods"
expect_output "stopped: report period limit (run.generations = 1)" "replay says the steering run's end"
finish
