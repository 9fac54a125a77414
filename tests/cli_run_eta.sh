#!/bin/bash
# alife run's progress line shows an eta only with enough behind it to
# estimate from (issue 10, second teacher trial: pole single.ini printed
# "eta 72s", then "eta 181s", and finished in 0.29 s).
# usage: bash tests/cli_run_eta.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

expect_exit 0 "a fast pole run" -- "$ALIFE" run "$SRC/experiments/pole/single.ini" --db "$TMP/p.db"
grep '^gen ' "$TMP/out" > "$TMP/progress"
expect_true "progress lines are printed" -- test -s "$TMP/progress"
expect_equal "$(head -1 "$TMP/progress" | grep -c eta)" 0 "no eta from the first generation alone"
expect_equal "$(tail -1 "$TMP/progress" | grep -c eta)" 0 "no eta on the last line (the run is done)"
expect_output "finished" "the run finishes"

finish
