#!/bin/bash
# `alife runs`' best column (and --json's "run_best", `alife show`'s "best") is
# the run's best over all its generations, as the help says: it showed the
# last generation's best (an ants run that reached 5 and ended on 4 read 4).
# Lower is better for estrings (an error): its best is the lowest.
# usage: bash tests/cli_runs_best.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$SRC" || exit 1
DB=$TMP/runs.db
q() { sqlite3 "$DB" "$1"; }
expect_exit 0 "an ants run" -- "$ALIFE" run experiments/ants/default.ini --set run.generations=20 \
    --set ants.ticks=120 --set ants.count=12 --db "$DB" --quiet
expect_exit 0 "a strings run" -- "$ALIFE" run experiments/estrings/hello.ini --set run.generations=5 --db "$DB" --quiet
# The runs this test needs: the ants run's last best is below its best.
expect_equal "$(q "SELECT max(best) > (SELECT best FROM generations WHERE run = 1 ORDER BY gen DESC LIMIT 1)
                   FROM generations WHERE run = 1")" "1" "the ants run ends below its best"
ANTS=$(q "SELECT max(best) FROM generations WHERE run = 1")
STR=$(q "SELECT min(best) FROM generations WHERE run = 2")
ANTS=${ANTS%.0} STR=${STR%.0}

expect_exit 0 "alife runs" -- "$ALIFE" runs --db "$DB"
expect_equal "$(awk '$1 == 1 { print $7 }' "$TMP/out")" "$ANTS" "ants: the best column is the run's best"
expect_equal "$(awk '$1 == 2 { print $7 }' "$TMP/out")" "$STR" "estrings: the lowest error"
expect_exit 0 "alife runs --json" -- "$ALIFE" runs --db "$DB" --json
expect_output "\"generation_count\":20,\"run_best\":$ANTS,\"last_best\":" "--json: the run's best beside its last"
expect_exit 0 "alife show 1" -- "$ALIFE" show 1 --db "$DB"
expect_output "generations 20, best $ANTS, last best" "show: the run's best"
expect_exit 0 "alife runs --help" -- "$ALIFE" runs --help
expect_output "best (the run's best" "the help says what the column is"
finish
