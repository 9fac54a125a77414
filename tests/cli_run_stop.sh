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
# wait_for FILE TEXT SECONDS: until FILE holds TEXT
wait_for() {
    for _ in $(seq $((${3} * 10))); do
        grep -q -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}
# stop_run DESCRIPTION PID: sends SIGINT, waits; sets rc and took (seconds).
stop_run() {
    local t0
    t0=$(now)
    kill -INT "$2"
    # a watchdog: a run that ignores the stop is killed after 60 s
    (sleep 60; kill -9 "$2") >/dev/null 2>&1 &
    local dog=$!
    wait "$2"
    rc=$?
    kill "$dog" 2>/dev/null
    took=$(elapsed "$t0")
    checks=$((checks + 1))
    if awk -v t="$took" 'BEGIN { exit !(t < 5) }'; then :; else
        fail "$1: took $took s to stop after SIGINT (wanted < 5 s)"
    fi
}

# 1. A stop during a generation's end (its greedy baseline): the run ends at
# once; the unfinished generation 0 is not logged.
"$ALIFE" run "$ANTS" "${SLOW[@]}" --generations 3 --db a.db >a.out 2>a.err &
pid=$!
wait_for a.err "logging to" 30 || fail "the run never started: $(cat a.err)"
sleep 1
stop_run "a stop in the baseline" "$pid"
expect_equal "$rc" 1 "an interrupted run exits 1"
expect_equal "$(sqlite3 a.db "SELECT status || '/' || stop_reason FROM runs")" \
    "interrupted/interrupted" "the run is marked interrupted"
expect_equal "$(sqlite3 a.db "SELECT count(*) FROM generations")" 0 \
    "the unfinished generation is not logged"

# 2. After the first generation line: generation 0 is kept whole, the one
# under way dropped, and the kept one replays exactly.
"$ALIFE" run "$ANTS" "${SLOW[@]}" --set ants.baseline_ants=4000 --generations 50 --db b.db \
    >b.out 2>b.err &
pid=$!
wait_for b.err "^gen 0 " 120 || fail "no first generation line: $(cat b.err)"
sleep 0.3
stop_run "a stop after the first generation" "$pid"
expect_equal "$rc" 1 "an interrupted run exits 1"
expect_equal "$(sqlite3 b.db "SELECT status FROM runs")" interrupted "the run is interrupted"
kept=$(sqlite3 b.db "SELECT count(*) FROM generations")
expect_equal "$(sqlite3 b.db "SELECT max(gen) + 1 FROM generations")" "$kept" \
    "the kept generations are 0 .. n-1, whole"
checks=$((checks + 1))
[ "$kept" -ge 1 ] && [ "$kept" -lt 50 ] || fail "kept $kept generations: wanted some, not all"
expect_exit 0 "the kept generations replay exactly" -- "$ALIFE" replay 1 --db b.db --check

# 3. The trial's case: mines.ini (the shared world, two threads), stopped
# after its first generation.
"$ALIFE" run "$SRC/experiments/ants/mines.ini" --threads 2 --db c.db >c.out 2>c.err &
pid=$!
wait_for c.err "^gen 0 " 120 || fail "no first generation line: $(cat c.err)"
sleep 0.2
stop_run "mines.ini stopped mid-generation" "$pid"
expect_equal "$rc" 1 "an interrupted run exits 1"
expect_equal "$(sqlite3 c.db "SELECT status FROM runs")" interrupted "the run is interrupted"
expect_exit 0 "mines.ini's kept generations replay exactly" -- "$ALIFE" replay 1 --db c.db --check

# 4. A sweep stopped while its runs are in a long generation's end: it ends
# promptly, and its progress says none finished, both interrupted.
"$ALIFE" sweep "$ANTS" "${SLOW[@]}" --seeds 1-2 --generations 3 -j 2 --db d.db >d.out 2>d.err &
pid=$!
for _ in $(seq 300); do
    n=$(sqlite3 d.db "SELECT count(*) FROM runs WHERE status = 'running'" 2>/dev/null)
    [ "${n:-0}" -ge 2 ] && break
    sleep 0.1
done
sleep 1
stop_run "a sweep stopped" "$pid"
expect_equal "$rc" 1 "a stopped sweep exits 1"
expect_equal "$(sqlite3 d.db "SELECT group_concat(status) FROM runs")" "interrupted,interrupted" \
    "both runs are interrupted"
cp d.err out
expect_output "0/2 finished" "the progress counts no stopped run as finished"
expect_output "interrupted 2" "the progress shows the stopped runs apart"
checks=$((checks + 1))
if grep -q "2/2" d.err; then fail "the progress said 2/2 with none finished: $(cat d.err)"; fi

# 5. The benchmark stops at once too. (A background job of a script starts
# with SIGINT ignored, and may inherit it blocked; Ctrl-C in a terminal finds
# it at its default.)
python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
os.execv(sys.argv[1], sys.argv[1:])' "$ALIFE" bench ants --generations 100000 >e.out 2>e.err &
pid=$!
for _ in $(seq 300); do # until python has become alife
    [ "$(readlink /proc/$pid/exe)" = "$ALIFE" ] && break
    sleep 0.1
done
sleep 1
stop_run "a benchmark stopped" "$pid"
checks=$((checks + 1))
[ "$rc" -ne 0 ] || fail "a stopped benchmark exited 0"
finish
