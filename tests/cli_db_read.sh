#!/bin/bash
# The commands that read one stored run (show, export, replay, export
# --genome) read it the one same way (db_cli_read_run): the same refusal of
# an unknown run, the same hint when the default database is missing, and
# the same check of their output at the end (a full disk is exit 1, named
# after the command).
# usage: bash tests/cli_db_read.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"

cd "$TMP" || exit 1
HELLO="$SRC/experiments/estrings/hello.ini"
expect_exit 0 "a short strings run" -- "$ALIFE" run "$HELLO" --db one.db --generations 3 --quiet

# No results/runs.db here: every reader says how to make one.
for cmd in "runs" "show 1" "export 1 --csv o.csv" "replay 1" "export 1 --genome 0 --out b.txt"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$cmd without a database" -- "$ALIFE" $cmd
    expect_output "results/runs.db" "$cmd names the missing database"
    expect_output "run an experiment first (alife run CONFIG) or give --db PATH" "$cmd: the hint"
    expect_true "$cmd created nothing" -- test ! -e results
done

# An unknown run: exit 2, the command and the run named.
for cmd in "show 99" "replay 99" "export 99 --csv o.csv"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$cmd: an unknown run" -- "$ALIFE" $cmd --db one.db
    expect_output "alife ${cmd%% *}: " "$cmd names itself"
    expect_output "99" "$cmd names the run"
done

# The run read: show and export agree on its generations.
expect_exit 0 "show the run" -- "$ALIFE" show 1 --db one.db --json
expect_output '"generation_count":3' "show reads the three generations"
expect_exit 0 "export the run" -- "$ALIFE" export 1 --db one.db --csv o.csv
expect_equal "$(wc -l <o.csv)" 4 "export writes a header and three generations"

# Output checked once, at the end, for every command: exit 1, named.
if [ -w /dev/full ]; then
    for cmd in "runs" "show 1" "show 1 --json" "export 1 --csv -" "replay 1"; do
        expect_exit 1 "$cmd > /dev/full" -- sh -c "\"\$1\" $cmd --db one.db >/dev/full" sh "$ALIFE"
        expect_output "alife ${cmd%% *}: cannot write the output" "$cmd names itself"
    done
fi

finish
