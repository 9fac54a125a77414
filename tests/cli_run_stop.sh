#!/usr/bin/env bash
# Ctrl-C stops `alife run` and `alife sweep` promptly, not at the end of the
# generation (trial item 9: `timeout -s INT 3 alife run mines.ini` printed
# "stopping..." and exited 13.7 s later). The generation under way is
# dropped, not logged half done; the run is interrupted; the stored
# generations replay exactly. The sweep's progress does not count the
# stopped runs as done (trial item 10: "4/8 running 0" with none finished).
#   bash tests/cli_run_stop.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
ANTS=$SRC/experiments/ants/default.ini
# A generation whose end is long: 8 ants in their own worlds, then 20,000
# greedy foragers as its baseline (several seconds even on a quiet machine).
SLOW=(--set ants.world=own --set ants.count=8 --set ants.baseline_ants=20000 --set run.threads=1)

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# stop_when NAME UNTIL SECONDS PAUSE DESCRIPTION -- CMD...: starts CMD in
# the background (stdout NAME.out, stderr NAME.err, its pid in $pid); polls
# the shell text UNTIL every 0.1 s (it may use $pid) until it succeeds, at
# most SECONDS (a run that never gets there fails the test); waits PAUSE
# seconds more, sends SIGINT and waits for CMD to end: sets rc, and fails
# the test when it took 5 s or more. A watchdog kills a CMD that ignores the
# stop after 60 s. $stopped keeps DESCRIPTION for the checks that follow.
stop_when() {
    local name=$1 until=$2 seconds=$3 pause=$4 what=$5 t0 dog
    shift 6
    stopped=$what
    "$@" >"$name.out" 2>"$name.err" &
    pid=$!
    checks=$((checks + 1))
    for _ in $(seq $((seconds * 10))); do
        eval "$until" && break
        sleep 0.1
    done
    eval "$until" || fail "$what: never got to '$until' in $seconds s: $(tail -5 "$name.err")"
    sleep "$pause"
    t0=$(now)
    kill -INT "$pid"
    (sleep 60; kill -9 "$pid") >/dev/null 2>&1 &
    dog=$!
    wait "$pid"
    rc=$?
    kill "$dog" 2>/dev/null
    took=$(elapsed "$t0")
    checks=$((checks + 1))
    awk -v t="$took" 'BEGIN { exit !(t < 5) }' || fail "$what: took $took s to stop after SIGINT (wanted < 5 s)"
}

# expect_interrupted DB RUNS: the command last stopped exited 1 and DB holds
# RUNS runs, each interrupted (its status and its stop reason).
expect_interrupted() {
    local want=interrupted/interrupted
    for _ in $(seq 2 "$2"); do want=$want,interrupted/interrupted; done
    expect_equal "$rc" 1 "$stopped: an interrupted run exits 1"
    expect_equal "$(sqlite3 "$1" "SELECT group_concat(status || '/' || stop_reason) FROM runs")" "$want" \
        "$stopped: the runs of $1 are marked interrupted"
}

# 1. A stop during a generation's end (its greedy baseline): the run ends at
# once; the unfinished generation 0 is not logged.
stop_when a "grep -q 'logging to' a.err" 30 1 "a stop in the baseline" -- \
    "$ALIFE" run "$ANTS" "${SLOW[@]}" --generations 3 --db a.db
expect_interrupted a.db 1
expect_equal "$(sqlite3 a.db "SELECT count(*) FROM generations")" 0 \
    "the unfinished generation is not logged"

# 2. After the first generation line: generation 0 is kept whole, the one
# under way dropped, and the kept one replays exactly.
stop_when b "grep -q '^gen 0 ' b.err" 120 0.3 "a stop after the first generation" -- \
    "$ALIFE" run "$ANTS" "${SLOW[@]}" --set ants.baseline_ants=4000 --generations 50 --db b.db
expect_interrupted b.db 1
kept=$(sqlite3 b.db "SELECT count(*) FROM generations")
expect_equal "$(sqlite3 b.db "SELECT max(gen) + 1 FROM generations")" "$kept" \
    "the kept generations are 0 .. n-1, whole"
checks=$((checks + 1))
[ "$kept" -ge 1 ] && [ "$kept" -lt 50 ] || fail "kept $kept generations: wanted some, not all"
expect_exit 0 "the kept generations replay exactly" -- "$ALIFE" replay 1 --db b.db --check

# 3. The trial's case: mines.ini (the shared world, two threads), stopped
# after its first generation.
stop_when c "grep -q '^gen 0 ' c.err" 120 0.2 "mines.ini stopped mid-generation" -- \
    "$ALIFE" run "$SRC/experiments/ants/mines.ini" --threads 2 --db c.db
expect_interrupted c.db 1
expect_exit 0 "mines.ini's kept generations replay exactly" -- "$ALIFE" replay 1 --db c.db --check

# 4. A sweep stopped while its runs are in a long generation's end: it ends
# promptly, and its progress says none finished, both interrupted.
running() { [ "$(sqlite3 "$1" "SELECT count(*) FROM runs WHERE status = 'running'" 2>/dev/null)" -ge "$2" ] 2>/dev/null; }
stop_when d "running d.db 2" 30 1 "a sweep stopped" -- \
    "$ALIFE" sweep "$ANTS" "${SLOW[@]}" --seeds 1-2 --generations 3 -j 2 --db d.db
expect_interrupted d.db 2
cp d.err "$TMP/out"
expect_output "0/2 finished" "the progress counts no stopped run as finished"
expect_output "interrupted 2" "the progress shows the stopped runs apart"
checks=$((checks + 1))
if grep -q "2/2" d.err; then fail "the progress said 2/2 with none finished: $(cat d.err)"; fi

# 5. The benchmark stops at once too. (A background job of a script starts
# with SIGINT ignored, and may inherit it blocked; Ctrl-C in a terminal finds
# it at its default: python resets both, then becomes alife.)
stop_when e '[ "$(readlink /proc/$pid/exe)" = "$ALIFE" ]' 30 1 "a benchmark stopped" -- \
    python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
os.execv(sys.argv[1], sys.argv[1:])' "$ALIFE" bench ants --generations 100000
checks=$((checks + 1))
[ "$rc" -ne 0 ] || fail "a stopped benchmark exited 0"
finish
