#!/bin/bash
# alife bench cmaes: the acceptance figures come out (runs solved, median
# evaluations, time per generation), the same for 1 and 2 threads, and bad
# options exit 2 naming the option and the allowed values.
# usage: bash tests/cli_bench_cmaes.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

expect_exit 0 "sphere 10-D, 3 seeds, all solved" -- "$ALIFE" bench cmaes --fn sphere --dim 10 --seeds 3
expect_output "3 of 3 reached f < 1e-08" "every run reaches the target"
expect_output "lambda 10" "the default population of 10-D is 4 + floor(3 ln 10)"
expect_output "time per generation" "the time per generation is printed"

expect_exit 0 "rosenbrock --json" -- "$ALIFE" bench cmaes --fn rosenbrock --dim 10 --seeds 2 --json
expect_output '"solved": 2' "both Rosenbrock runs solved"
one=$(sed 's/"median_s_per_generation.*//' "$TMP/out")
expect_exit 0 "rosenbrock --json on 2 threads" -- "$ALIFE" bench cmaes --fn rosenbrock --dim 10 --seeds 2 --json --threads 2
two=$(sed 's/"median_s_per_generation.*//' "$TMP/out")
expect_equal "$two" "$one" "the same evaluations with 1 and 2 threads"

expect_exit 1 "a budget too small to solve exits 1" -- "$ALIFE" bench cmaes --fn sphere --seeds 2 --max-evals 100
expect_output "0 of 2 reached" "no run reached the target"

expect_exit 2 "unknown function" -- "$ALIFE" bench cmaes --fn rastrigin
expect_output "--fn (sphere, rosenbrock or ellipsoid)" "the allowed functions are named"
expect_exit 2 "sigma0 0" -- "$ALIFE" bench cmaes --sigma0 0
expect_output "--sigma0 (a number > 0)" "the allowed range of sigma0 is named"
expect_exit 2 "dimension 0" -- "$ALIFE" bench cmaes --dim 0
expect_output "--dim (1 to 2048)" "the allowed range of dim is named"
expect_exit 2 "lambda 1" -- "$ALIFE" bench cmaes --lambda 1
expect_output "cmaes.lambda = 1" "the core's message names the field and value"

finish
