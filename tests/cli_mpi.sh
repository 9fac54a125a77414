#!/bin/bash
# mpirun -np 3 alife sweep (issue 14): rank 0 stores, two workers run the
# cells of a 2-value x 4-seed estrings sweep and an ants sweep. Every cell
# once, every statistic bit for bit that of the local sweep and of alife run;
# the same command again runs nothing; SIGTERM to mpirun midway keeps the
# finished cells, marks the running ones interrupted, and a rerun completes
# the sweep with no cell finished twice. Run by ctest only in a build with
# -DALIFE_MPI=ON; skipped, visibly (exit 77), where mpirun is absent.
# usage: bash tests/cli_mpi.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
. "$SRC/tests/lib_sweep.sh"
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN
if ! command -v mpirun >/dev/null 2>&1; then
    echo "SKIP: mpirun not found, the MPI sweep is NOT tested (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
MPIRUN=(mpirun --allow-run-as-root --oversubscribe -np 3)

EST=(sweep "$SRC/experiments/estrings/hello.ini" --seeds 1-4 --set ga.mutation_rate=0.02,0.05 --generations 8)
ANTS=(sweep "$SRC/experiments/ants/default.ini" --seeds 1-4 --set ga.mutation_rate=0.1,0.2 --generations 3
      --set ants.ticks=300)

for s in EST ANTS; do
    eval "args=(\"\${$s[@]}\")"
    expect_exit 0 "local $s sweep" -- "$ALIFE" "${args[@]}" --jobs 2 --db "$TMP/local.db"
    expect_exit 0 "MPI $s sweep" -- "${MPIRUN[@]}" "$ALIFE" "${args[@]}" --db "$TMP/mpi.db"
    expect_output "(MPI, 3 ranks" "the sweep ran as MPI ranks"
    expect_output "[mpi 2 workers] 8/8 done" "rank 0 draws the progress line"
done
expect_equal "$(count "$TMP/mpi.db" "SELECT count(*) FROM runs WHERE status = 'finished'")" "16" "16 cells finished"
expect_equal "$(cells "$TMP/mpi.db" | sort | uniq -d)" "" "no cell twice"
expect_equal "$(count "$TMP/mpi.db" "SELECT count(DISTINCT module) FROM runs")" "2" "both modules ran"
sweep_dump "$TMP/local.db" >"$TMP/local.dump"
sweep_dump "$TMP/mpi.db" >"$TMP/mpi.dump"
grep -q '^fig|' "$TMP/mpi.dump" || fail "the ants figures are stored"
grep -q '^genome|' "$TMP/mpi.dump" || fail "the genomes are stored"
expect_true "MPI statistics bit for bit those of the local sweep" -- cmp -s "$TMP/local.dump" "$TMP/mpi.dump"
cmp -s "$TMP/local.dump" "$TMP/mpi.dump" || diff "$TMP/local.dump" "$TMP/mpi.dump" | head -5

# One cell by alife run, as the sweep's child would run it.
sweep_id=$(count "$TMP/mpi.db" "SELECT DISTINCT p.value FROM params p JOIN runs r ON r.id = p.run WHERE p.key = 'run.sweep' AND r.module = 'ants'")
expect_exit 0 "alife run of one ants cell" -- "$ALIFE" run "$SRC/experiments/ants/default.ini" --seed 3 --threads 1 \
    --generations 3 --set run.sweep="$sweep_id" --set run.group=ga.mutation_rate=0.2 --set ants.ticks=300 \
    --set ga.mutation_rate=0.2 --db "$TMP/run.db" --quiet
sweep_dump "$TMP/run.db" >"$TMP/run.dump"
grep "|ga.mutation_rate=0.2|3|" "$TMP/mpi.dump" >"$TMP/cell.dump"
[ "$(wc -l <"$TMP/cell.dump")" -ge 4 ] || fail "the MPI dump holds the cell"
expect_true "the MPI cell equals alife run" -- cmp -s "$TMP/run.dump" "$TMP/cell.dump"

# Resume: nothing left to run.
expect_exit 0 "MPI sweep again" -- "${MPIRUN[@]}" "$ALIFE" "${EST[@]}" --db "$TMP/mpi.db"
expect_output "8 already finished, 0 to run" "the same command again runs nothing"
expect_equal "$(count "$TMP/mpi.db" "SELECT count(*) FROM runs")" "16" "and adds no run"

# SIGTERM to mpirun midway, then the same command again. Each cell runs for about
# a second or two, so the signal lands while cells are still running.
KILL=(sweep "$SRC/experiments/ants/default.ini" --seeds 1-4 --set ga.mutation_rate=0.05,0.2 --generations 150
      --set ants.ticks=1000)
"${MPIRUN[@]}" "$ALIFE" "${KILL[@]}" --db "$TMP/kill.db" >"$TMP/kill.out" 2>&1 &
pid=$!
for _ in $(seq 600); do
    n=$([ -s "$TMP/kill.db" ] && sqlite3 -readonly "$TMP/kill.db" "SELECT count(*) FROM runs WHERE status = 'finished'" 2>/dev/null)
    [ "${n:-0}" -ge 1 ] && break
    sleep 0.1
done
kill -TERM $pid
wait $pid
expect_equal "$?" "1" "mpirun stopped by SIGTERM exits 1"
grep -q "stopped by signal" "$TMP/kill.out" || { fail "rank 0 reports the stop"; cat "$TMP/kill.out"; }
fin=$(count "$TMP/kill.db" "SELECT count(*) FROM runs WHERE status = 'finished'")
[ "$fin" -ge 1 ] && [ "$fin" -lt 8 ] || fail "killed midway: $fin of 8 finished"
expect_equal "$(count "$TMP/kill.db" "SELECT count(*) FROM runs WHERE status = 'running'")" "0" \
    "no run left 'running': the running cells are marked interrupted"
[ "$(count "$TMP/kill.db" "SELECT count(*) FROM runs WHERE status = 'interrupted'")" -ge 1 ] ||
    fail "a cell that was running is marked interrupted"
expect_exit 0 "the killed sweep again" -- "${MPIRUN[@]}" "$ALIFE" "${KILL[@]}" --db "$TMP/kill.db"
expect_output "$fin already finished, $((8 - fin)) to run" "the rerun runs only what is missing"
expect_equal "$(count "$TMP/kill.db" "SELECT count(*) FROM runs WHERE status = 'finished'")" "8" "complete after the rerun"
expect_equal "$(count "$TMP/kill.db" "SELECT count(*) FROM (SELECT r.seed, p.value FROM runs r JOIN params p ON p.run = r.id AND p.key = 'run.group' WHERE r.status = 'finished' GROUP BY 1, 2 HAVING count(*) > 1)")" \
    "0" "no cell finished twice"
expect_exit 0 "the killed sweep, locally" -- "$ALIFE" "${KILL[@]}" --jobs 2 --db "$TMP/killlocal.db"
sweep_dump "$TMP/kill.db" finished >"$TMP/kill.dump"
sweep_dump "$TMP/killlocal.db" finished >"$TMP/killlocal.dump"
expect_true "killed and resumed: the statistics of the local sweep" -- cmp -s "$TMP/kill.dump" "$TMP/killlocal.dump"

# A local sweep and an MPI sweep of the same cells at once, into one
# database: they share the cells out through the claims, none runs twice.
BOTH=(sweep "$SRC/experiments/ants/default.ini" --seeds 1-6 --set ga.mutation_rate=0.05,0.2 --generations 4
      --set ants.ticks=500)
"$ALIFE" "${BOTH[@]}" --jobs 1 --db "$TMP/both.db" >"$TMP/both-local.out" 2>&1 &
lpid=$!
"${MPIRUN[@]}" "$ALIFE" "${BOTH[@]}" --db "$TMP/both.db" >"$TMP/both-mpi.out" 2>&1
mrc=$?
wait $lpid
lrc=$?
[ "$mrc" -le 1 ] && [ "$lrc" -le 1 ] || fail "concurrent sweeps: exit $mrc (MPI) and $lrc (local)"
# One of them may have left cells to the other (exit 1): the same command completes them.
"${MPIRUN[@]}" "$ALIFE" "${BOTH[@]}" --db "$TMP/both.db" >"$TMP/both-again.out" 2>&1 || fail "the rerun after concurrent sweeps"
expect_equal "$(count "$TMP/both.db" "SELECT count(*) FROM runs WHERE status = 'finished'")" "12" \
    "concurrent local and MPI sweeps: 12 cells finished, none twice"
expect_equal "$(count "$TMP/both.db" "SELECT count(*) FROM claims")" "0" "no claim left behind"

# One rank (mpirun -np 1) is the local sweep.
expect_exit 0 "mpirun -np 1" -- mpirun --allow-run-as-root -np 1 "$ALIFE" "${EST[@]}" --jobs 2 --db "$TMP/one.db"
expect_output "8 to run with 2 jobs" "one rank runs the local sweep"
finish
