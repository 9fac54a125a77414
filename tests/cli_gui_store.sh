#!/bin/bash
# The window's store failures reach the user: when closing the window cannot
# record how the run ended (the row would keep saying 'running'), or the end
# of a run that reached its limit cannot be stored, `alife gui` says so on
# stderr (the database, what failed, the store's reason) and exits 1.
# A database trigger makes the final status update fail, as a full or
# vanished disk would. Skipped in a build without the GUI.
# usage: bash tests/cli_gui_store.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
cd "$SRC" || exit 1
CFG=$SRC/experiments/estrings/hello.ini

# A database alife made, then armed: updating a run's status to $1 fails.
armed_db() {
    rm -f "$2" "$2-wal" "$2-shm"
    "$ALIFE" run "$CFG" --db "$2" --generations 1 --quiet >/dev/null 2>&1 ||
        fail "making $2 failed"
    sqlite3 "$2" "CREATE TRIGGER t BEFORE UPDATE OF status ON runs WHEN NEW.status = '$1'
                  BEGIN SELECT RAISE(ABORT, 'disk gone'); END;" || fail "arming $2 failed"
}

# 1. Quit while the run goes on (after a generation: a window run with none
# leaves no row): the GUI records it as 'interrupted'.
printf "at gen 1 quit\n" >"$TMP/quit.txt"
armed_db interrupted "$TMP/q.db"
expect_exit 1 "closing the window when its run's end cannot be stored" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/quit.txt" --db "$TMP/q.db"
expect_output "$TMP/q.db" "the message names the database"
expect_output "disk gone" "the message gives the store's reason"
expect_output "interrupted" "the message says which end was not recorded"
expect_output "not recorded" "the message says what failed"
expect_equal "$(sqlite3 "$TMP/q.db" "SELECT status FROM runs ORDER BY id DESC LIMIT 1")" running \
    "the trigger really kept the row 'running' (what the message warns of)"

# The same window with a sound database: exit 0, the run interrupted.
rm -f "$TMP/ok.db"
expect_exit 0 "closing the window with a sound database" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/quit.txt" --db "$TMP/ok.db"
expect_equal "$(sqlite3 "$TMP/ok.db" "SELECT status FROM runs")" interrupted \
    "a window closed mid-run is recorded as interrupted"

# 2. A run that reaches its generation limit in the window: its 'finished'
# cannot be stored; the window goes on, and quitting exits 1.
printf 'at gen 2 state\nat gen 2 quit\n' >"$TMP/fin.txt"
armed_db finished "$TMP/f.db"
expect_exit 1 "a run whose finish cannot be stored" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/fin.txt" --db "$TMP/f.db" \
    --set run.generations=2
expect_output "$TMP/f.db" "the finish message names the database"
expect_output "disk gone" "the finish message gives the store's reason"
finish
