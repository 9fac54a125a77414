#!/bin/bash
# A window stopped by SIGTERM says what became of its runs (trial 8): a
# brain file's replay (alife gui --brain) logs nothing, yet it said "the
# window's runs are marked interrupted". Now it says nothing unfinished was
# logged; a window whose run was logged still says its runs are marked
# interrupted. Both exit 1. Skipped in a build without the GUI.
# usage: bash tests/cli_gui_brain_signal.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
cd "$SRC" || exit 1
DB=$TMP/b.db
expect_exit 0 "a short ants run to export" -- "$ALIFE" run experiments/ants/default.ini --set ants.ticks=150 \
    --set ants.count=12 --generations 3 --db "$DB" --quiet
expect_exit 0 "its generation 2 as a brain file" -- "$ALIFE" export 1 --genome 2 --out "$TMP/b.brain" --db "$DB"

# (The scripts wait on a far frame, not a far generation: a generation the
# run will not reach runs its line at once.)
# stop_window NAME SCRIPT ARGS...: a window opened with ARGS playing SCRIPT,
# its first state line awaited, then SIGTERM; its exit status in $rc, its
# stderr in $TMP/NAME.err.
stop_window() {
    local name=$1
    printf '%s' "$2" >"$TMP/$name.script"
    shift 2
    "$ALIFE" gui "$@" --offscreen --script "$TMP/$name.script" >"$TMP/$name.out" 2>"$TMP/$name.err" &
    local pid=$!
    for _ in $(seq 600); do grep -q '^{' "$TMP/$name.out" 2>/dev/null && break; sleep 0.1; done
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
}

stop_window brain $'at 3 state\nat 100000000 quit\n' --brain "$TMP/b.brain" --db "$DB"
expect_equal "$rc" 1 "a brain window stopped by SIGTERM exits 1"
expect_true "it says it stopped" -- grep -q "stopped by signal 15" "$TMP/brain.err"
expect_true "and that nothing unfinished was logged" -- grep -q "nothing unfinished was logged" "$TMP/brain.err"
expect_true "not that runs are marked interrupted" -- bash -c "! grep -q 'runs are marked interrupted' '$TMP/brain.err'"
expect_equal "$(sqlite3 "$DB" "SELECT count(*) FROM runs")" 1 "the replay added no run"

# A logged run that has stored a generation is marked interrupted, and said so.
stop_window live $'at gen 1 state\nat 100000000 quit\n' --mode xor --db "$DB"
expect_equal "$rc" 1 "a logging window stopped by SIGTERM exits 1"
expect_true "it says its runs are marked interrupted" -- grep -q "runs are marked interrupted" "$TMP/live.err"
expect_equal "$(sqlite3 "$DB" "SELECT status FROM runs ORDER BY id DESC LIMIT 1")" interrupted "the xor run is interrupted"
finish
