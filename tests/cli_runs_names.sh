#!/usr/bin/env bash
# `alife runs` prints run names whole (the trial read "gui-steering-pursuit_..."
# in a pipe: names were cut at 24 characters, issue 10). Only a terminal too
# narrow for the table cuts a name, in the middle, keeping its end.
# usage: bash tests/cli_runs_names.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
DB="$TMP/runs.db"
LONG=gui-steering-pursuit_evasion-from-experiments-pursuit-v2 # 56 characters (64 allowed)
for name in gui-steering-pursuit_evasion "$LONG" "gui-ants-défaut"; do
    expect_exit 0 "a run named $name" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --name "$name" \
        --db "$DB" --quiet --set run.generations=2
done

# a pipe: no terminal width, every name whole, the columns after it aligned
expect_exit 0 "runs into a pipe" -- "$ALIFE" runs --db "$DB"
expect_output " gui-steering-pursuit_evasion " "a 28-character name whole"
expect_output " $LONG " "a 56-character name whole"
# the column as wide as the longest name, padded by characters (not bytes):
# the seed (width 10) after 56 - length + 2 spaces and 9 of its own
expect_output " gui-steering-pursuit_evasion$(printf '%39s' '')1  finished" "the seed column after a name"
expect_output " gui-ants-défaut$(printf '%52s' '')1  finished" "the seed column after a UTF-8 name"

# a terminal 100 columns wide: the long name cut in the middle, its end kept
if command -v script >/dev/null; then
    expect_exit 0 "runs in a 100-column terminal" -- script -qec "stty cols 100; '$ALIFE' runs --db '$DB'" /dev/null
    expect_output " gui-steering-pursuit_evasion " "a 28-character name whole in a terminal"
    expect_true "the long name's end kept, after the cut mark" -- grep -qE "…[a-z_-]*ts-pursuit-v2 " "$TMP/out"
    expect_true "the long name cut" -- sh -c "! grep -qF '$LONG' '$TMP/out'"
fi
finish
