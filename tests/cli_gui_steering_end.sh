#!/bin/bash
# How the window's steering runs end (issue 10): steering has no end in the
# window, so a steering run the user closes (Esc, a scenario switch, ...) is
# logged finished however few report periods it did, with stop reason
# 'closed' (it was 'interrupted' unless it happened to pass run.generations);
# `alife runs`, `alife show`, `alife replay --check` and the compare picker
# agree with that. A window stopped by SIGTERM leaves its run interrupted and
# exits 1, as `alife run` does. Skipped in a build without the GUI.
# usage: bash tests/cli_gui_steering_end.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
cd "$SRC" || exit 1
CFG=experiments/steering/seek.ini # run.generations = 20
DB=$TMP/w.db
q() { sqlite3 "$DB" "$1"; }

# 1. Run 1 left by a scenario switch after 3 report periods, run 2 (the next
# scenario) closed with Esc after 2; run 3 after 12 (10 and more: a run worth
# comparing).
# (The state line waits for the next scenario's run: without it, 'at gen 2'
# would be due at once, before the switch.)
printf 'at gen 3 key ]\nat gen 1 state\nat gen 2 key escape\n' >"$TMP/two.txt"
expect_exit 0 "a scenario switch, then Esc" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/two.txt" --db "$DB"
printf 'at 1 key +\nat 2 key +\nat gen 12 key escape\n' >"$TMP/long.txt"
expect_exit 0 "Esc after 12 report periods" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/long.txt" --db "$DB"
expect_equal "$(q "SELECT group_concat(id || ' ' || status || ' ' || stop_reason || ' ' ||
                   (SELECT count(*) FROM generations g WHERE g.run = runs.id), ', ') FROM runs")" \
    "1 finished closed 3, 2 finished closed 2, 3 finished closed 12" \
    "runs closed by the user are finished, stop reason closed, with the periods they did"

# 2. The CLI says the same.
expect_exit 0 "alife runs" -- "$ALIFE" runs --db "$DB"
expect_true "alife runs lists no run interrupted" -- bash -c "! grep -q interrupted '$TMP/out'"
expect_exit 0 "alife show 1" -- "$ALIFE" show 1 --db "$DB"
expect_output "status    finished" "show: finished"
expect_output "closed in the window after 3 report periods" "show: why, and after how many periods"
expect_true "show says nothing of 3 of 20" -- bash -c "! grep -q '3 of 20' '$TMP/out'"
expect_exit 0 "alife replay --check of a run closed after 3 periods" -- "$ALIFE" replay 1 --check --db "$DB"
expect_output "identical" "the replay goes as far as the run went (it went on to 20 and differed)"
expect_output "up to the last stored generation" "and says so"

# 3. The compare picker hides runs left after a few periods (as it hides
# interrupted window runs) and lists the long one.
printf 'at 3 key c\nat 6 state\nat 7 quit\n' >"$TMP/pick.txt"
expect_exit 0 "the compare picker in steering" -- \
    "$ALIFE" gui "$CFG" --offscreen --script "$TMP/pick.txt" --db "$DB"
expect_output '"compare":{"listed":1,"hidden":2,' "one run listed, the two short ones hidden"

# 4. SIGTERM: the window closes, its run interrupted, exit 1.
printf 'at gen 2 state\nat gen 100000 quit\n' >"$TMP/wait.txt"
"$ALIFE" gui "$CFG" --offscreen --script "$TMP/wait.txt" --db "$DB" >"$TMP/sig.out" 2>"$TMP/sig.err" &
PID=$!
for _ in $(seq 600); do grep -q '^{' "$TMP/sig.out" 2>/dev/null && break; sleep 0.1; done
kill -TERM "$PID"
wait "$PID"
expect_equal "$?" 1 "a window stopped by SIGTERM exits 1"
expect_true "it says why" -- grep -q "stopped by signal 15" "$TMP/sig.err"
expect_equal "$(q "SELECT status || ' ' || stop_reason FROM runs ORDER BY id DESC LIMIT 1")" "interrupted interrupted" \
    "its run is interrupted"
finish
