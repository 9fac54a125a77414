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

# ---- 5. reading needs no write access ----------------------------------------
# As root, chmod does not stop us: read as nobody (setpriv) from a folder
# nobody cannot write, and through a read-only bind mount (unshare -rm).
mkdir -p ro/db wout
"$ALIFE" run "$CFG" --generations 3 --quiet --db ro/db/r.db >/dev/null 2>&1
"$ALIFE" run "$CFG" --generations 3 --seed 2 --quiet --db ro/db/r.db >/dev/null 2>&1
chmod 755 "$TMP" ro
chmod 777 wout
chmod 555 ro/db
chmod 444 ro/db/r.db
readers() { # $1: a prefix command (or ""), $2: description
    local pre=$1 what=$2
    # shellcheck disable=SC2086
    expect_exit 0 "$what: runs" -- $pre "$ALIFE" runs --db ro/db/r.db
    expect_output "finished" "$what: runs lists the runs"
    # shellcheck disable=SC2086
    expect_exit 0 "$what: show" -- $pre "$ALIFE" show 1 --db ro/db/r.db
    # shellcheck disable=SC2086
    expect_exit 0 "$what: export" -- $pre "$ALIFE" export 1 --db ro/db/r.db --csv wout/e.csv
    # shellcheck disable=SC2086
    expect_exit 0 "$what: compare" -- $pre "$ALIFE" compare 1 2 --db ro/db/r.db
    rm -f wout/m.db*
    # shellcheck disable=SC2086
    expect_exit 0 "$what: merge from it" -- $pre "$ALIFE" db merge ro/db/r.db --into wout/m.db
    expect_output "2 runs added" "$what: merge copied both runs"
}
if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
    # the test is real only if nobody indeed cannot write there
    if $NOBODY touch ro/db/probe 2>/dev/null; then
        fail "nobody can write ro/db: the read-only test proves nothing"
    else
        readers "$NOBODY" "read-only folder"
    fi
else
    echo "SKIP: setpriv cannot switch to nobody: read-only folder not tested"
fi
chmod 755 ro/db
if unshare -rm true 2>/dev/null; then
    cat >ro.sh <<EOS
mount --bind -o ro "$TMP/ro/db" "$TMP/ro/db" || exit 99
touch "$TMP/ro/db/probe" 2>/dev/null && exit 98
exec "\$@"
EOS
    MNT="unshare -rm bash $TMP/ro.sh"
    $MNT true
    case $? in
    0) readers "$MNT" "read-only mount" ;;
    *) echo "SKIP: cannot make a read-only bind mount here" ;;
    esac
else
    echo "SKIP: unshare -rm unavailable: read-only mount not tested"
fi

finish
