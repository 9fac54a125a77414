#!/bin/bash
# The pole-balancing module from the command line: the three lessons run and
# are solved, bench pole prints solved counts and median/min/max evaluations,
# the same with 1 and 2 threads, and bad input (a variant that does not exist,
# sigma <= 0 in a file or by --set, a bad bench option) exits 2 naming the
# key, the value and the allowed values.
# usage: bash tests/cli_pole.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$SRC" || exit 1

for l in single double double_novel; do
    expect_exit 0 "lesson $l runs" -- "$ALIFE" run experiments/pole/$l.ini --db "$TMP/runs.db" -q
    expect_output "stopped: solved" "lesson $l is solved"
    expect_output "$l pole solved at generation" "the summary names the variant and the generation"
done
expect_output "generalisation: " "double_novel's summary gives the generalisation score"
expect_output " of 625 starts" "the score is out of the 625 starts"

expect_exit 0 "bench pole, 3 seeds" -- "$ALIFE" bench pole --seeds 3
expect_output "pole double: 3 seeds from 1" "the bench names the variant and seeds"
expect_output "3 of 3 solved; evaluations to solve: median" "every run is solved, the median printed"
expect_output "6 weights" "Igel's single-layer net has six weights"
expect_exit 0 "bench pole --json" -- "$ALIFE" bench pole --seeds 3 --json
one=$(sed 's/"seconds.*//' "$TMP/out")
expect_output '"solved": 3' "the JSON says all solved"
expect_exit 0 "bench pole --json on 2 threads" -- "$ALIFE" bench pole --seeds 3 --json --threads 2
two=$(sed 's/"seconds.*//' "$TMP/out")
expect_equal "$two" "$one" "the same evaluations with 1 and 2 threads"
expect_exit 1 "a budget too small exits 1" -- "$ALIFE" bench pole --seeds 2 --max-evals 16
expect_output "0 of 2 solved" "no run solved within 16 evaluations"

expect_exit 2 "a variant that does not exist" -- "$ALIFE" run experiments/pole/double.ini --set pole.variant=triple --db "$TMP/runs.db"
expect_output "pole.variant = 'triple'" "the key and the value are named"
expect_output "single|double|double_novel" "the allowed variants are named"
expect_exit 2 "sigma 0 by --set" -- "$ALIFE" run experiments/pole/double.ini --set cmaes.sigma0=0 --db "$TMP/runs.db"
expect_output "cmaes.sigma0 = '0': out of range" "sigma 0 is out of range"
sed 's/^sigma0 = 1$/sigma0 = -0.5/' experiments/pole/double.ini >"$TMP/neg.ini"
line=$(grep -n '^sigma0 = -0.5$' "$TMP/neg.ini" | cut -d: -f1)
expect_exit 2 "sigma < 0 in a file" -- "$ALIFE" run "$TMP/neg.ini" --db "$TMP/runs.db"
expect_output "neg.ini:$line: cmaes.sigma0 = '-0.5': out of range" "the file, line, key and value are named"
expect_exit 2 "bench pole with a bad variant" -- "$ALIFE" bench pole --variant triple
expect_output "pole.variant" "the bench's error names the key"
expect_exit 2 "bench pole with a bad option value" -- "$ALIFE" bench pole --seeds 0
expect_output "--seeds (1 to 100000)" "the allowed range is named"
expect_exit 2 "config of a GUI mode that does not exist" -- "$ALIFE" gui --mode cartpole
expect_output "steering, estrings, ants, xor, pole" "the allowed modes include pole"

finish
