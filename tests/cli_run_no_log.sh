#!/bin/bash
# `alife run CFG --no-log` is a try-out run: it runs as `alife run` does,
# prints its progress and summary, and writes nothing (no results/runs.db,
# no --db file). `gui` took --no-log while `run` answered "unknown option
# '--no-log'" (cli2). --no-log with --db is a contradiction, said so.
# usage: bash tests/cli_run_no_log.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"

HELLO="$SRC/experiments/estrings/hello.ini"
mkdir "$TMP/try" && cd "$TMP/try" || exit 1
expect_exit 0 "run --no-log" -- "$ALIFE" run "$HELLO" --no-log --generations 5
expect_output "run (not logged) " "the summary says the run was not logged"
expect_output "not stored (--no-log)" "the summary says nothing was stored"
expect_output "5 generations" "it ran its generations"
expect_equal "$(find . | wc -l)" 1 "run --no-log wrote nothing (no results/runs.db)"
expect_exit 0 "run --no-log --quiet" -- "$ALIFE" run "$HELLO" --no-log --quiet --generations 2
expect_true "--quiet: no progress lines" -- bash -c "! grep -q '^gen \|^alife: ' '$TMP/out'"
expect_equal "$(find . | wc -l)" 1 "run --no-log --quiet wrote nothing"
expect_exit 2 "run --no-log --db" -- "$ALIFE" run "$HELLO" --no-log --db x.db
expect_output "--no-log stores nothing, --db names where to store" "the contradiction is named"
expect_equal "$(find . | wc -l)" 1 "run --no-log --db wrote nothing"
expect_exit 0 "run --help" -- "$ALIFE" run --help
expect_output "--no-log" "run --help lists --no-log"
finish
