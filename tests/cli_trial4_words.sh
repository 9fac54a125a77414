#!/bin/bash
# What a teacher's fourth trial (issue 10) found the command line saying
# badly, each as a user meets it:
#  - `alife export RUN --out FILE` without --genome said only "a brain needs
#    both --genome GEN and --out FILE", though the user wanted the table:
#    it now says what --out writes and points to --csv FILE;
#  - `alife compare`'s params table ran its values together ("run 1 | run 2"
#    over "5 | 7") and an empty value was a blank: the columns now line up
#    under their runs (UTF-8 counted as characters) and an empty value reads
#    "(empty)".
# usage: bash tests/cli_trial4_words.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$SRC" || exit 1

DB=$TMP/t.db
expect_exit 0 "run 1" -- "$ALIFE" run experiments/estrings/hello.ini --generations 3 --db "$DB" --quiet
expect_exit 0 "run 2, another target and a group" -- "$ALIFE" run experiments/estrings/hello.ini \
    --generations 4 --set estrings.alphabet=latin1 --set "estrings.target=Grüße" --set run.group=g1 \
    --db "$DB" --quiet

# export --out without --genome.
expect_exit 2 "export --out without --genome" -- "$ALIFE" export 1 --out "$TMP/b.csv" --db "$DB"
expect_true "it says --out writes a brain and needs --genome" -- \
    grep -q "alife export: --out '.*b.csv' writes one brain and needs --genome GEN" "$TMP/out"
expect_true "it points to --csv for the table" -- grep -q "for the statistics table use --csv .*b.csv" "$TMP/out"
expect_true "nothing was written" -- test ! -e "$TMP/b.csv"
expect_exit 2 "export --genome without --out" -- "$ALIFE" export 1 --genome 0 --db "$DB"
expect_output "a brain needs both --genome GEN and --out FILE" "--genome alone still asks for --out"

# compare's params table: aligned columns, "(empty)".
expect_exit 0 "compare 1 2" -- "$ALIFE" compare 1 2 --db "$DB"
sed -n '/^params that differ/,/^$/p' "$TMP/out" >"$TMP/params"
head -c 2000 "$TMP/params"
expect_true "the empty group reads (empty)" -- grep -qE '^  run\.group +\(empty\) +\| g1$' "$TMP/params"
expect_true "the target row holds both targets" -- grep -qE '^  estrings\.target +Hello, World! \| Grüße$' "$TMP/params"
# Every row's bar stands in the same column as the header's (in characters).
expect_true "the bars line up under the header's" -- python3 -c '
import sys
rows = [l for l in open(sys.argv[1], encoding="utf-8").read().splitlines()[1:] if l.strip()]
cols = {l.index("|") for l in rows}
print(rows, cols)
sys.exit(0 if len(rows) >= 4 and len(cols) == 1 else 1)' "$TMP/params"
finish
