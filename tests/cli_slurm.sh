#!/bin/bash
# The Slurm templates (issue 14), run here with stand-ins for sbatch and srun
# that do what Slurm would: scripts/slurm/sweep-array.sbatch submits itself as
# an array and a merge job that depends on it (afterok), each task sweeps its
# shard (from SLURM_ARRAY_TASK_*) and copies its database out, and the merge
# gives the unsharded sweep's statistics; submitted again it resumes and adds
# nothing. scripts/slurm/sweep-mpi.sbatch (with an MPI build and mpirun)
# gives the same statistics.
# usage: bash tests/cli_slurm.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
. "$SRC/tests/lib_sweep.sh"
unset SLURM_JOB_ID SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN SLURM_TMPDIR

mkdir -p "$TMP/bin" "$TMP/scratch"
# sbatch: logs its arguments; an --array job runs the script once per task,
# one after the other, as Slurm would; a --wrap job runs the command.
cat >"$TMP/bin/sbatch" <<'STUB'
#!/bin/bash
echo "sbatch $*" >>"$STUB_LOG"
array="" wrap="" script=""
for a in "$@"; do
    case $a in
    --array=*) array=${a#--array=} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
    --*) ;;
    *) script=$a ;;
    esac
done
if [ -n "$array" ]; then
    lo=${array%-*} hi=${array#*-}
    for i in $(seq "$lo" "$hi"); do
        SLURM_JOB_ID=$((1000 + i)) SLURM_ARRAY_JOB_ID=1000 SLURM_ARRAY_TASK_ID=$i \
            SLURM_ARRAY_TASK_MIN=$lo SLURM_ARRAY_TASK_COUNT=$((hi - lo + 1)) \
            bash "$script" >>"$STUB_LOG.tasks" 2>&1 || echo "task $i failed" >>"$STUB_LOG"
    done
    echo 1000
else
    bash -c "$wrap" >>"$STUB_LOG.merge" 2>&1 || echo "merge failed" >>"$STUB_LOG"
    echo 2000
fi
STUB
chmod +x "$TMP/bin/sbatch"
export STUB_LOG=$TMP/sbatch.log TMPDIR=$TMP/scratch
export ALIFE CONFIG=$SRC/experiments/estrings/hello.ini SEEDS=1-5 GENERATIONS=6 SHARDS=3 OUT=$TMP/arrayout
export SWEEP_SETS="--set ga.mutation_rate=0.02,0.05"

expect_exit 0 "submit the array template" -- env PATH="$TMP/bin:$PATH" bash "$SRC/scripts/slurm/sweep-array.sbatch"
expect_output "submitted array job 1000 (3 tasks) and merge job 2000" "says what it submitted"
grep -q -- "--array=0-2" "$STUB_LOG" || fail "the array has 3 tasks: $(cat "$STUB_LOG")"
grep -q -- "--dependency=afterok:1000" "$STUB_LOG" || fail "the merge waits for the array: $(cat "$STUB_LOG")"
grep -q "failed" "$STUB_LOG" && { fail "a task or the merge failed"; cat "$STUB_LOG.tasks" "$STUB_LOG.merge"; }
grep -q "shard 2/3 from SLURM_ARRAY_TASK_ID=1" "$STUB_LOG.tasks" || fail "task 1 ran shard 2/3"
for i in 0 1 2; do [ -s "$OUT/shard-$i.db" ] || fail "task $i copied its database out"; done
expect_equal "$(count "$OUT/shard-2.db" "SELECT count(*) FROM runs")" "3" "shard 3/3 holds 3 of the 10 cells"

expect_exit 0 "the same sweep, unsharded" -- "$ALIFE" sweep "$CONFIG" --seeds 1-5 --set ga.mutation_rate=0.02,0.05 \
    --generations 6 --jobs 1 --db "$TMP/full.db"
# MPI ranks run with run.threads=1: compare the statistics, not the config text.
strip() { grep -v '^run|'; }
sweep_dump "$TMP/full.db" | strip >"$TMP/full.dump"
sweep_dump "$OUT/sweep.db" | strip >"$TMP/array.dump"
[ "$(grep -c '^gen|' "$TMP/full.dump")" -ge 10 ] || fail "the dump holds the generations"
expect_true "the merged array equals the unsharded sweep" -- cmp -s "$TMP/full.dump" "$TMP/array.dump"
expect_equal "$(cells "$OUT/sweep.db" | grep -c finished)" "10" "every cell once, finished"

expect_exit 0 "submit again" -- env PATH="$TMP/bin:$PATH" bash "$SRC/scripts/slurm/sweep-array.sbatch"
grep -q "3 already finished, 0 to run" "$STUB_LOG.tasks" || fail "a resubmitted task resumes from its database"
expect_equal "$(count "$OUT/sweep.db" "SELECT count(*) FROM runs")" "10" "submitting again adds no run"

# The MPI template, with srun standing for mpirun -np 3.
if "$ALIFE" sweep --help | grep -q "this build has MPI" && command -v mpirun >/dev/null 2>&1; then
    cat >"$TMP/bin/srun" <<'STUB'
#!/bin/bash
[ "${1#--mpi=}" != "$1" ] && shift
exec mpirun --allow-run-as-root --oversubscribe -np 3 "$@"
STUB
    chmod +x "$TMP/bin/srun"
    expect_exit 0 "the MPI template" -- env PATH="$TMP/bin:$PATH" SLURM_JOB_ID=3000 OUT="$TMP/mpiout" \
        bash "$SRC/scripts/slurm/sweep-mpi.sbatch"
    expect_output "(MPI, 3 ranks" "it ran as MPI ranks"
    sweep_dump "$TMP/mpiout/sweep.db" | strip >"$TMP/mpi.dump"
    expect_true "the MPI template's database equals the local sweep" -- cmp -s "$TMP/full.dump" "$TMP/mpi.dump"
else
    echo "note: this alife has no MPI (or mpirun is absent): sweep-mpi.sbatch not run"
fi
finish
