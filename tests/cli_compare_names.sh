#!/usr/bin/env bash
# What a teacher types to compare (issue 10): --sweep takes the name part
# before the hash ("hello" for "hello-5e1c80f0"), an ambiguous or unknown
# prefix lists the candidates; a sweep's group without overrides and params
# that do not differ between groups are said in words; `alife show` gives
# the same run name as `alife runs`.
# usage: bash tests/cli_compare_names.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
DB="$TMP/runs.db"
cat >"$TMP/hello.ini" <<'INI'
[run]
module = estrings
generations = 5
[estrings]
target = Hi there
population = 30
INI
cp "$TMP/hello.ini" "$TMP/hellish.ini"

# A sweep of seeds only: one group, no overrides, named by the config's stem.
expect_exit 0 "a sweep of seeds" -- "$ALIFE" sweep "$TMP/hello.ini" --seeds 1-2 --db "$DB"
SWEEP=$(sqlite3 -batch -noheader "$DB" "SELECT DISTINCT value FROM params WHERE key='run.sweep'")
case "$SWEEP" in hello-????????) ;; *) fail "sweep named stem-hash: '$SWEEP'" ;; esac

expect_exit 0 "--sweep by its full name" -- "$ALIFE" compare --sweep "$SWEEP" --db "$DB"
cp "$TMP/out" "$TMP/full.out"
# item 4: the group of a sweep of seeds only is "no overrides", not "(empty)"
expect_output "no overrides" "a group without overrides says so"
expect_true "no '(empty)' label" -- sh -c "! grep -qF '(empty)' '$TMP/out'"

# item 4: nothing differs between the groups: no empty heading over nothing
expect_true "no empty 'params that differ' heading" -- awk '
    /^params that differ between.*:$/ { h = NR; next }
    h && NR == h + 1 && !/^  [a-z]+\.[a-z_]+ / { bad = 1 }
    END { exit bad }' "$TMP/out"

expect_exit 0 "--sweep by the name before the hash" -- "$ALIFE" compare --sweep hello --db "$DB"
expect_true "the prefix shows the same comparison" -- cmp -s "$TMP/out" "$TMP/full.out"
# A second sweep whose name also starts with "hel": ambiguous, both listed.
expect_exit 0 "a second sweep" -- "$ALIFE" sweep "$TMP/hellish.ini" --seeds 1 --db "$DB"
SWEEP2=$(sqlite3 -batch -noheader "$DB" "SELECT DISTINCT value FROM params WHERE key='run.sweep' AND value LIKE 'hellish-%'")
expect_exit 2 "an ambiguous prefix is a usage error" -- "$ALIFE" compare --sweep hel --db "$DB"
expect_output "$SWEEP" "the ambiguous error lists the first candidate"
expect_output "$SWEEP2" "the ambiguous error lists the second candidate"
expect_exit 0 "a prefix unique again" -- "$ALIFE" compare --sweep hello --db "$DB"
expect_exit 2 "an unknown sweep is a usage error" -- "$ALIFE" compare --sweep nosuch --db "$DB"
expect_output "nosuch" "the error names what was typed"
expect_output "$SWEEP2" "the error lists the sweeps there"

# item 5: show and runs agree on the name (run.name unset: the config's stem)
expect_exit 0 "a plain run" -- "$ALIFE" run "$TMP/hello.ini" --db "$TMP/one.db" --quiet
expect_exit 0 "runs" -- "$ALIFE" runs --db "$TMP/one.db"
expect_output " hello " "runs shows the config's stem as the name"
expect_exit 0 "show" -- "$ALIFE" show 1 --db "$TMP/one.db"
expect_output "run 1: hello " "show's title has the name"
expect_true "show's run.name is not empty" -- sh -c "! grep -qE '^  run\.name = *$' '$TMP/out'"
expect_output "run.name = hello" "show's run.name is the name runs shows"
# Run names are never cut without a sign (trial7: "gui-ants-from-33:3" read
# "gui-ants-from-33"): whole in a pipe, whatever their length; cut in the
# middle with "…" only to fit a terminal too narrow.
N1="gui-ants-from-33:3" N2="a-long-run-name-that-goes-on-and-on-past-any-column-xyz:12"
expect_exit 0 "a run named $N1" -- "$ALIFE" run "$TMP/hello.ini" --db "$TMP/names.db" --quiet --name "$N1"
expect_exit 0 "a run named $N2" -- "$ALIFE" run "$TMP/hello.ini" --db "$TMP/names.db" --quiet --name "$N2" --seed 2
expect_exit 0 "compare of the two" -- "$ALIFE" compare 1 2 --db "$TMP/names.db"
expect_true "the runs table has $N1 whole" -- grep -qE "^ +1  $N1 " "$TMP/out"
expect_true "the runs table has $N2 whole" -- grep -qE "^ +2  $N2 " "$TMP/out"
expect_exit 0 "a sweep grouped by a long label" -- "$ALIFE" sweep "$TMP/hello.ini" --seeds 1-2 --db "$TMP/names.db" \
    --set "estrings.target=a target long enough to pass sixty characters, which the group column cut" \
    --set "estrings.target=a second target"
expect_exit 0 "compare of the sweep" -- "$ALIFE" compare --sweep hello --db "$TMP/names.db"
expect_output "estrings.target=a target long enough to pass sixty characters, which the group column cut " \
    "the group label is whole"
if command -v script >/dev/null 2>&1; then
    expect_exit 0 "compare in an 80-column terminal" -- \
        script -qec "stty cols 80 rows 50; '$ALIFE' compare 1 2 --db '$TMP/names.db'" /dev/null
    expect_output "gui-ants-from-33:3" "a short name stays whole in a narrow terminal"
    expect_true "a long name is cut in the middle with a sign" -- grep -qE "^ +2  a-long-[^ ]*…[^ ]*xyz:12 " "$TMP/out"
fi
finish
