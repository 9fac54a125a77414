#!/usr/bin/env bash
# A stopped sweep ends even when a run ignores the stop (issue 12): after
# SIGINT/SIGTERM the sweep passes the stop on to its runs; a run that has not
# ended --kill-after seconds later (default 10) is killed with SIGKILL, the
# sweep names its cell, and its row is recorded as interrupted (not left
# 'running'). The run that cannot react is made so by the test: SIGSTOP
# freezes it, as a run stuck in the kernel or a hung disk would be.
#   bash tests/cli_sweep_stop.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
ANTS=$SRC/experiments/ants/default.ini

expect_exit 0 "sweep --help" -- "$ALIFE" sweep --help
expect_output "--kill-after" "sweep --help names --kill-after"
expect_output "default 10" "sweep --help gives the default grace"
for bad in -1 x 1e400 nan 100000; do
    expect_exit 2 "--kill-after $bad is a usage error" -- \
        "$ALIFE" sweep "$ANTS" --seeds 1 --db bad.db --kill-after "$bad"
    expect_output "--kill-after" "--kill-after $bad: the error names the option"
done
[ -e bad.db ] && fail "a refused sweep created its database"

# Two runs at once; seed 1's run is frozen, seed 2's stops as asked.
# Not under timeout(1): its SIGTERM goes to the whole process group and is
# followed by a SIGCONT, which would thaw the frozen run. A watchdog instead.
"$ALIFE" sweep "$ANTS" --seeds 1-2 --generations 100000 -j 2 --db s.db --name s \
    --kill-after 1 >sweep.out 2>sweep.err &
sweep=$!
(for _ in $(seq 900); do sleep 0.1; kill -0 "$sweep" || exit 0; done; kill -9 "$sweep") \
    >/dev/null 2>&1 &
for _ in $(seq 1 300); do # until both runs are logging
    n=$(sqlite3 s.db "SELECT count(*) FROM runs WHERE status = 'running'" 2>/dev/null)
    [ "${n:-0}" -ge 2 ] && break
    sleep 0.1
done
frozen=$(sqlite3 s.db "SELECT pid FROM runs WHERE status = 'running' AND seed = 1")
other=$(sqlite3 s.db "SELECT pid FROM runs WHERE status = 'running' AND seed = 2")
checks=$((checks + 1))
if [ -z "$frozen" ] || [ -z "$other" ]; then
    fail "the two runs never started: $(cat sweep.err)"
    kill -9 "$sweep" 2>/dev/null
    finish
    exit 1
fi
# Frozen outside a write: a run frozen while it commits would hold the
# database's write lock, and seed 2 would then wait on it (busy timeout 10 s)
# past the grace and be killed too, rightly but not what this test is about.
for _ in $(seq 1 100); do
    kill -STOP "$frozen"
    sqlite3 -cmd ".timeout 200" s.db "BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1 && break
    kill -CONT "$frozen"
    sleep 0.05
done
kill -TERM "$sweep"
wait "$sweep"
rc=$?
expect_equal "$rc" 1 "a stopped sweep ends (exit 1: interrupted), not 137 (hung until the watchdog)"
checks=$((checks + 1))
if kill -0 "$frozen" 2>/dev/null; then
    fail "the frozen run is still alive after its sweep ended"
    kill -9 "$frozen"
fi
cp sweep.err "$TMP/out"
expect_output "seed 1" "the message names the killed run's cell"
expect_output "killed" "the message says the run was killed"
expect_output "1 s" "the message gives the grace it waited"
checks=$((checks + 1))
if grep "killed" sweep.err | grep -q "seed 2"; then fail "seed 2 stopped by itself, yet was said killed"; fi
expect_equal "$(sqlite3 s.db "SELECT status || '/' || stop_reason FROM runs WHERE seed = 1")" \
    "interrupted/interrupted" "the killed run is recorded as interrupted"
expect_equal "$(sqlite3 s.db "SELECT status FROM runs WHERE seed = 2")" interrupted \
    "the run that stopped by itself is interrupted"
expect_equal "$(sqlite3 s.db "SELECT count(*) FROM runs WHERE status = 'running'")" 0 \
    "no row is left 'running'"
expect_equal "$(sqlite3 s.db "SELECT count(*) FROM claims")" 0 "no claim left behind"
finish
