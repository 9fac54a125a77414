#!/usr/bin/env bash
# The run database under hostile conditions (issue 12):
#   bash tests/cli_store.sh /path/to/alife /path/to/source
# in-memory paths refused at once (no hang), ...
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
CFG=$SRC/experiments/estrings/hello.ini

# ---- 1. a database that cannot be WAL: a clear error, never a hang -----------
for db in "" ":memory:" "file:x?mode=memory"; do
    expect_exit 2 "run --db '$db' ends with a usage error" -- \
        timeout -k 5 20 "$ALIFE" run "$CFG" --generations 2 --quiet --db "$db"
    expect_output "in-memory" "run --db '$db' says why"
    expect_exit 2 "sweep --db '$db' ends with a usage error" -- \
        timeout -k 5 20 "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db "$db"
    expect_output "in-memory" "sweep --db '$db' says why"
done
# timeout sends SIGTERM: the sweep must end by itself within its 5 s.
timeout -k 5 5 "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db "" >out 2>&1
rc=$?
checks=$((checks + 1))
[ "$rc" != 124 ] && [ "$rc" != 137 ] || fail "timeout 5 alife sweep --db '' did not end (exit $rc)"

finish
