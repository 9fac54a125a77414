#!/bin/bash
# What compare counts (issue 11 holes 5 and 6): after `db merge` of two
# machines that ran overlapping seeds of one sweep, each (group, seed) is
# counted once (the note names the duplicates; --keep-duplicates counts all);
# a run changed by hand in the window is left out of --sweep/--where (with a
# note; --include-edited keeps it) and naming it is an error. The merge keeps
# the edits and stop reasons.
# usage: bash tests/cli_compare_counting.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

CFG=$SRC/experiments/estrings/hello.ini
sweep() { # sweep DB SEEDS
    expect_exit 0 "sweep seeds $2 into $(basename "$1")" -- "$ALIFE" sweep "$CFG" --seeds "$2" --name S \
        --generations 6 --set ga.mutation_rate=0.05,0.1 --db "$1" --jobs 1
}
sweep "$TMP/a.db" 1-3
sweep "$TMP/b.db" 2-4
expect_exit 0 "merge the two machines' databases" -- "$ALIFE" db merge "$TMP/a.db" "$TMP/b.db" --into "$TMP/c.db"
C=$TMP/c.db
expect_equal "$(sqlite3 "$C" "SELECT count(*) FROM runs")" "12" "the merge keeps both copies of seeds 2 and 3"
expect_equal "$(sqlite3 "$C" "SELECT count(*) FROM runs WHERE stop_reason = 'generations'")" "12" \
    "the merge keeps why each run stopped"

# group sizes from compare --json: "label:n label:n"
sizes() {
    "$ALIFE" compare "$@" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join("%s:%d" % (g["label"], len(g["runs"])) for g in d["groups"]))'
}
# Caught: without the fix each group of the merged sweep had n = 6 (seeds 2
# and 3 twice).
expect_equal "$(sizes --sweep S --db "$C")" "ga.mutation_rate=0.05:4 ga.mutation_rate=0.1:4" \
    "each (group, seed) counted once after the merge"
expect_equal "$(sizes --sweep S --db "$C" --keep-duplicates)" "ga.mutation_rate=0.05:6 ga.mutation_rate=0.1:6" \
    "--keep-duplicates counts every run"
expect_equal "$(sizes --where module=estrings --group-by ga.mutation_rate --db "$C")" "0.05:4 0.1:4" \
    "--where --group-by counts each (group, seed) once too"
expect_exit 0 "compare the merged sweep" -- "$ALIFE" compare --sweep S --db "$C"
expect_output "each group and seed counted once: 4 duplicate runs left out" "the table says so"
expect_output "--keep-duplicates" "and how to keep them"
dups=$("$ALIFE" compare --sweep S --db "$C" --json | python3 -c '
import json, sys
print(" ".join("%d=%d" % (x["id"], x["same_as"]) for x in json.load(sys.stdin)["left_out_duplicates"]))')
expect_equal "$(echo "$dups" | wc -w)" "4" "the JSON names the 4 duplicates"
for pair in $dups; do
    a=${pair%=*} b=${pair#*=}
    expect_equal "$(sqlite3 "$C" "SELECT seed || ' ' || (SELECT value FROM params WHERE run = $a AND key = 'run.group') FROM runs WHERE id = $a")" \
        "$(sqlite3 "$C" "SELECT seed || ' ' || (SELECT value FROM params WHERE run = $b AND key = 'run.group') FROM runs WHERE id = $b")" \
        "duplicate $a has the seed and group of run $b"
done
# Same seed and group but another config is not a duplicate.
expect_exit 0 "a run of the group with another population" -- "$ALIFE" run "$CFG" --db "$C" --quiet --generations 6 \
    --seed 1 --set ga.mutation_rate=0.05 --set estrings.population=300
expect_equal "$(sizes --where module=estrings --group-by ga.mutation_rate --db "$C")" "0.05:5 0.1:4" \
    "a run with another config is counted, not taken for a duplicate"

# ---- runs changed by hand (hole 5) --------------------------------------------------------
# Caught: without the fix an edited run was averaged in like the others.
edited=$(sqlite3 "$C" "SELECT min(id) FROM runs r WHERE EXISTS (SELECT 1 FROM params p WHERE p.run = r.id
    AND p.key = 'run.group' AND p.value = 'ga.mutation_rate=0.1')")
sqlite3 "$C" "INSERT INTO edits(run, gen, tick, what) VALUES($edited, 2, 3, 'target moved')"
expect_equal "$(sizes --sweep S --db "$C")" "ga.mutation_rate=0.05:4 ga.mutation_rate=0.1:3" \
    "an edited run is left out"
expect_exit 0 "compare with an edited run" -- "$ALIFE" compare --sweep S --db "$C"
expect_output "left out: 1 run changed by hand in the window: $edited" "the note names it"
expect_equal "$(sizes --sweep S --db "$C" --include-edited)" "ga.mutation_rate=0.05:4 ga.mutation_rate=0.1:4" \
    "--include-edited keeps it"
other=$(sqlite3 "$C" "SELECT max(id) FROM runs WHERE id != $edited AND module = 'estrings'")
expect_exit 2 "naming an edited run" -- "$ALIFE" compare "$edited" "$other" --db "$C"
expect_output "changed by hand" "says why"
expect_output "generation 2, tick 3: target moved" "names the edit"
expect_exit 0 "naming it with --include-edited" -- "$ALIFE" compare "$edited" "$other" --db "$C" --include-edited

# The edit survives a merge into another database.
expect_exit 0 "merge the edited run on" -- "$ALIFE" db merge "$C" --into "$TMP/d.db"
expect_equal "$(sqlite3 "$TMP/d.db" "SELECT count(*) || ' ' || min(what) FROM edits")" "1 target moved" \
    "the merge keeps the edit"
expect_equal "$(sizes --sweep S --db "$TMP/d.db")" "ga.mutation_rate=0.05:4 ga.mutation_rate=0.1:3" \
    "and the merged database still leaves the edited run out"

finish
