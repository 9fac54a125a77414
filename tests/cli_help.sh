#!/bin/bash
# Every help text tells the truth about the modules: `alife --help`,
# `alife gui --help` (its --mode choices and its mode keys) and
# `alife screenshot --help` name every module alife knows, taken from
# run.module's choices in `alife config --list` (the module registry), not
# from a list written here; the README's mode keys count them all too.
# usage: bash tests/cli_help.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

expect_exit 0 "config --list" -- "$ALIFE" config --list
modules=$(awk '$1 == "run.module" { for (i = 1; i < NF; ++i) if ($i == "range") print $(i + 1) }' "$TMP/out")
expect_true "run.module's choices are listed ($modules)" -- [ -n "$modules" ]
IFS='|' read -r -a mods <<<"$modules"
n=${#mods[@]}
expect_true "several modules ($n)" -- [ "$n" -ge 5 ]

expect_exit 0 "alife --help" -- "$ALIFE" --help
for m in "${mods[@]}"; do
    expect_true "alife --help names module $m" -- grep -qw -- "$m" "$TMP/out"
done

if "$ALIFE" gui --help >"$TMP/out" 2>&1; then
    expect_output "--mode $modules]" "gui --help's usage line lists every mode"
    for m in "${mods[@]}"; do
        expect_true "gui --help's --mode line names $m" -- grep -E -q -- "--mode M .*\b$m\b" "$TMP/out"
    done
    expect_output "keys: 1..$n mode" "gui --help: one mode key per module"
    "$ALIFE" screenshot --help >"$TMP/out" 2>&1
    for m in "${mods[@]}"; do
        expect_true "screenshot --help's --mode line names $m" -- grep -E -q -- "--mode M .*\b$m\b" "$TMP/out"
    done
    # Every mode the help lists is one gui takes.
    for m in "${mods[@]}"; do
        expect_exit 0 "screenshot --mode $m" -- "$ALIFE" screenshot --mode "$m" --out "$TMP/$m.png" --width 720 --height 480
    done
else
    echo "note: built without the GUI; gui --help not checked"
fi

# The README's window keys: 1 .. n switch the n modules.
keys=$(grep -o '^In the window: .*' "$SRC/README.md")
expect_true "README's mode keys go up to $n ($keys)" -- grep -q "\`1\` .. \`$n\` switch" "$SRC/README.md"

# A bad run.module names every module in its allowed list.
expect_exit 2 "a bad run.module" -- "$ALIFE" config --set run.module=bees
expect_output "$modules" "the error lists every module"

finish
