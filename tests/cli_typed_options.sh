#!/bin/bash
# An option that sets a config key (run --generations, bench ants --ants,
# bench pole --variant, bench estrings --pop) and gets a bad value: the error
# names the option as typed, as every other usage error does ("alife run:
# --generations 0: ... (see: alife run --help)"), never a --set the user did
# not type (it said "--set run.generations=0: ..."). A real --set is still
# named as a --set.
# usage: bash tests/cli_typed_options.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"
CFG=$SRC/experiments/estrings/hello.ini

# names CMD "OPTION VALUE": exit 2, the first line "alife CMD: OPTION VALUE: ...",
# the --help hint, and no --set anywhere
names() {
    local cmd=$1 opt=$2 value=$3
    shift 3
    expect_exit 2 "$cmd $opt $value" -- "$@"
    local first
    first=$(head -1 "$TMP/out")
    case $first in
    "alife $cmd: $opt $value: "*) ;;
    *) fail "$cmd $opt $value: the error '$first' does not start by naming '$opt $value'" ;;
    esac
    expect_output "(see: alife $cmd --help)" "$cmd $opt $value: the --help hint"
    if grep -q -- "--set" "$TMP/out"; then fail "$cmd $opt $value names a --set: $(tr '\n' '|' <"$TMP/out")"; fi
}

names run --generations 0 "$ALIFE" run "$CFG" --generations 0 --db "$TMP/r.db"
expect_output "out of range (allowed: an integer from 1" "run --generations 0: the range allowed"
names run --seed -1 "$ALIFE" run "$CFG" --seed -1 --db "$TMP/r.db"
names run --steps -5 "$ALIFE" run "$CFG" --steps -5 --db "$TMP/r.db"
names run --threads 999 "$ALIFE" run "$CFG" --threads 999 --db "$TMP/r.db"
names "bench ants" --ants 0 "$ALIFE" bench ants --ants 0
expect_output "out of range (allowed: an integer from 2" "bench ants --ants 0: the range allowed"
names "bench ants" --ticks 0 "$ALIFE" bench ants --ticks 0
names "bench ants" --food -1 "$ALIFE" bench ants --food -1
names "bench ants" --world everywhere "$ALIFE" bench ants --world everywhere
expect_output "allowed: one of shared|own" "bench ants --world: the choices"
names "bench pole" --variant triple "$ALIFE" bench pole --variant triple
names "bench estrings" --pop 9999999 "$ALIFE" bench estrings --pop 9999999 --generations 1
# a check across keys that the option broke names it too
names "bench estrings" --pop 2 "$ALIFE" bench estrings --pop 2 --len 8 --generations 1
expect_output "leaves no room for children" "bench estrings --pop 2: why"

# What the user did type as a --set is still named so.
expect_exit 2 "run --set run.generations=0" -- "$ALIFE" run "$CFG" --set run.generations=0 --db "$TMP/r.db"
expect_output "--set run.generations=0: run.generations = '0': out of range" "a --set is named as typed"
finish
