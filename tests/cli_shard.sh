#!/bin/bash
# alife sweep --shard K/N and Slurm job arrays (issue 14): the shards of a
# sweep, each in its own database, merged, equal the unsharded sweep: every
# cell once, every statistic bit for bit; merging again adds nothing; bad
# shard specs are usage errors that run nothing; SLURM_ARRAY_TASK_* give the
# shard when --shard is not given.
# usage: bash tests/cli_shard.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
. "$SRC/tests/lib_sweep.sh"
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN

CFG=$SRC/experiments/estrings/hello.ini
# 2 groups x 4 seeds = 8 cells: shards of 3, 3 and 2 cells.
sweep() { "$ALIFE" sweep "$CFG" --seeds 1-4 --set ga.mutation_rate=0.02,0.05 --generations 6 --jobs 2 "$@"; }

expect_exit 0 "the unsharded sweep" -- sweep --db "$TMP/full.db"
expect_equal "$(count "$TMP/full.db" "SELECT count(*) FROM runs WHERE status = 'finished'")" "8" \
    "the unsharded sweep finished 8 cells"
for k in 1 2 3; do
    expect_exit 0 "shard $k/3" -- sweep --db "$TMP/s$k.db" --shard $k/3
    expect_output "shard $k/3" "the shard says which it is"
done
expect_equal "$(count "$TMP/s1.db" "SELECT count(*) FROM runs")" "3" "shard 1/3 ran 3 cells"
expect_equal "$(count "$TMP/s2.db" "SELECT count(*) FROM runs")" "3" "shard 2/3 ran 3 cells"
expect_equal "$(count "$TMP/s3.db" "SELECT count(*) FROM runs")" "2" "shard 3/3 ran 2 cells"
# Cell i = group * nseeds + seed index; shard k holds i % 3 == k - 1.
expect_equal "$(cells "$TMP/s2.db" | tr '\n' ' ')" \
    "ga.mutation_rate=0.02|2|finished ga.mutation_rate=0.05|1|finished ga.mutation_rate=0.05|4|finished " \
    "shard 2/3 holds cells 1, 4 and 7 of the stable enumeration"
expect_exit 0 "a shard run again" -- sweep --db "$TMP/s1.db" --shard 1/3
expect_output "3 already finished, 0 to run" "a shard resumes within its own cells"

expect_exit 0 "merge the shards" -- "$ALIFE" db merge "$TMP/s1.db" "$TMP/s2.db" "$TMP/s3.db" --into "$TMP/merged.db"
sweep_dump "$TMP/full.db" >"$TMP/full.dump"
sweep_dump "$TMP/merged.db" >"$TMP/merged.dump"
[ "$(grep -c '^gen|' "$TMP/full.dump")" -ge 8 ] || fail "the dump holds no generations"
grep -q '^genome|' "$TMP/full.dump" || fail "the dump holds no genomes"
expect_true "merged shards equal the unsharded sweep, statistic for statistic" -- \
    cmp -s "$TMP/full.dump" "$TMP/merged.dump"
cmp -s "$TMP/full.dump" "$TMP/merged.dump" || diff "$TMP/full.dump" "$TMP/merged.dump" | head -5
expect_equal "$(cells "$TMP/merged.db" | sort | uniq -d)" "" "no cell twice in the merged database"

expect_exit 0 "merge the shards again" -- "$ALIFE" db merge "$TMP/s1.db" "$TMP/s2.db" "$TMP/s3.db" --into "$TMP/merged.db"
expect_equal "$(count "$TMP/merged.db" "SELECT count(*) FROM runs")" "8" "merging twice adds no run"
expect_equal "$(count "$TMP/merged.db" "SELECT count(*) FROM generations")" \
    "$(count "$TMP/full.db" "SELECT count(*) FROM generations")" "merging twice adds no generation"

# compare sees one sweep: both groups, 4 runs each.
sweep_id=$(count "$TMP/merged.db" "SELECT DISTINCT value FROM params WHERE key = 'run.sweep'")
expect_equal "$(echo "$sweep_id" | wc -l)" "1" "all shards share one sweep id"
# The same table and tests as for the unsharded sweep (the run ids differ, the
# database name in the first line too).
"$ALIFE" compare --sweep "$sweep_id" --db "$TMP/merged.db" 2>&1 | sed 1d >"$TMP/cmp.txt"
"$ALIFE" compare --sweep "$sweep_id" --db "$TMP/full.db" 2>&1 | sed 1d >"$TMP/cmpfull.txt"
grep -q "Mann-Whitney" "$TMP/cmp.txt" || fail "compare of the merged shards tests the two groups"
expect_true "compare of the merged shards equals compare of the unsharded sweep" -- cmp -s "$TMP/cmp.txt" "$TMP/cmpfull.txt"
expect_exit 0 "compare table" -- "$ALIFE" compare --sweep "$sweep_id" --db "$TMP/merged.db"
expect_output "ga.mutation_rate=0.02" "compare shows the first group"
expect_output "ga.mutation_rate=0.05" "compare shows the second group"

# Bad specs: exit 2, a message naming the spec, nothing run or created.
for spec in 0/3 4/3 x/y 1/0 "" 1/ /3 -1/3 1/3x 3 "1/3/3" " 1/3"; do
    expect_exit 2 "--shard '$spec'" -- sweep --db "$TMP/bad.db" --shard "$spec"
    expect_output "--shard '$spec'" "the error names the spec '$spec'"
done
sweep --db "$TMP/bad.db" --shard 4/3 2>&1 | grep -q "must be 1..3" || fail "4/3 says K must be 1..3"
[ -e "$TMP/bad.db" ] && fail "a bad shard spec created the database"

# Slurm job arrays: --array=4-6 gives ids 4, 5, 6, MIN 4, COUNT 3: id 5 is shard 2/3.
expect_exit 0 "a Slurm array task" -- env SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=3 \
    "$ALIFE" sweep "$CFG" --seeds 1-4 --set ga.mutation_rate=0.02,0.05 --generations 6 --jobs 2 --db "$TMP/slurm.db"
expect_output "shard 2/3 from SLURM_ARRAY_TASK_ID=5" "stderr says the shard came from Slurm"
expect_equal "$(cells "$TMP/slurm.db")" "$(cells "$TMP/s2.db")" "the Slurm task ran shard 2/3's cells"
expect_exit 0 "no MIN: ids from 0" -- env SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=3 \
    "$ALIFE" sweep "$CFG" --seeds 1-4 --set ga.mutation_rate=0.02,0.05 --generations 6 --dry-run --db "$TMP/slurm0.db"
expect_output "shard 1/3" "SLURM_ARRAY_TASK_ID=0 without MIN is shard 1/3"
expect_exit 0 "--shard wins over the environment" -- env SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=3 \
    "$ALIFE" sweep "$CFG" --seeds 1-4 --set ga.mutation_rate=0.02,0.05 --generations 6 --jobs 2 --db "$TMP/s3b.db" --shard 3/3
expect_equal "$(cells "$TMP/s3b.db")" "$(cells "$TMP/s3.db")" "--shard 3/3 ran shard 3's cells despite SLURM_*"
expect_exit 2 "an id outside the array" -- env SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=3 \
    "$ALIFE" sweep "$CFG" --seeds 1-4 --db "$TMP/bad.db"
expect_output "SLURM_ARRAY_TASK_ID=7 is outside" "names the bad id"
expect_exit 2 "an id without a count" -- env SLURM_ARRAY_TASK_ID=1 "$ALIFE" sweep "$CFG" --seeds 1-4 --db "$TMP/bad.db"
expect_output "SLURM_ARRAY_TASK_COUNT is not" "says the count is missing"
expect_exit 2 "a count that is not a number" -- env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=x "$ALIFE" sweep "$CFG" --seeds 1-4 --db "$TMP/bad.db"
[ -e "$TMP/bad.db" ] && fail "a bad Slurm environment created the database"

# Started by mpirun, an alife without MPI must not run the whole sweep once per
# rank: it says so and runs nothing.
if "$ALIFE" sweep --help | grep -q "this build has not"; then
    expect_exit 2 "a build without MPI under mpirun" -- env OMPI_COMM_WORLD_SIZE=3 \
        "$ALIFE" sweep "$CFG" --seeds 1-4 --db "$TMP/bad.db"
    expect_output "built without MPI" "says MPI is not built in"
    [ -e "$TMP/bad.db" ] && fail "a build without MPI under mpirun created the database"
fi
finish
