#!/bin/bash
# Bad options, as a user mistypes them: every command answers an unknown
# option or a missing value with one line that names the option as typed
# (no getopt line of its own, no bare "bad option"), and a bad bench value
# with the values allowed (trial8: `bench steering --boids 0` gave none).
# usage: bash tests/cli_options.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

# one error line naming the option, then the --help hint, and nothing else
one_line_naming() {
    local what=$1 opt=$2 words=$3
    local first
    first=$(head -1 "$TMP/out")
    case $first in
    *"$words '$opt'"* | *"$opt $words"*) ;;
    *) fail "$what: the first line '$first' does not say \"$words\" of '$opt'" ;;
    esac
    expect_equal "$(grep -c . "$TMP/out")" 2 "$what: one error line and the --help hint"
    if grep -q "unrecognized\|bad option\|requires an argument" "$TMP/out"; then
        fail "$what: getopt's own words or a bare 'bad option': $(tr '\n' '|' <"$TMP/out")"
    fi
}

commands=("run" "runs" "show" "replay" "export" "compare" "sweep" "config" "db merge"
    "bench ants" "bench estrings" "bench steering" "bench neat" "bench cmaes" "bench pole" "bench store")
for c in "${commands[@]}"; do
    # shellcheck disable=SC2086 # the command is two words for bench and db
    expect_exit 2 "$c --bogus" -- "$ALIFE" $c --bogus
    one_line_naming "alife $c --bogus" "--bogus" "unknown option"
    expect_output "alife $c: " "alife $c --bogus names the command"
done
# an option that takes a value, given none (last on the line)
for cv in "run --set" "config --set" "sweep --set" "bench ants --generations" "bench estrings --pop" \
    "bench steering --boids" "runs --module" "show --db"; do
    # shellcheck disable=SC2086
    expect_exit 2 "$cv without its value" -- "$ALIFE" $cv
    one_line_naming "alife $cv (no value)" "${cv##* }" "needs a value"
done
# a short option the command does not take
expect_exit 2 "run -z" -- "$ALIFE" run -z
one_line_naming "alife run -z" "-z" "unknown option"

# bad bench values say what is allowed
for bv in "steering --boids 0|1 to 2000000" "steering --think 20|0 to 10" "steering --threads 999|0 (all) to 256" \
    "ants --generations x|1 to 1000000" "ants --seeds 0|1 to 1000" "estrings --pop 0|2 or more"; do
    args=${bv%%|*} allowed=${bv#*|}
    # shellcheck disable=SC2086
    expect_exit 2 "bench $args" -- "$ALIFE" bench $args
    expect_output "$allowed" "bench $args names the values allowed"
done

if has_gui; then
    expect_exit 2 "gui --bogus" -- "$ALIFE" gui --bogus
    one_line_naming "alife gui --bogus" "--bogus" "unknown option"
    expect_exit 2 "gui --width" -- "$ALIFE" gui --width
    one_line_naming "alife gui --width (no value)" "--width" "needs a value"
    # a picture is the window's: no smaller than its 720x480 minimum, where
    # a 400x320 one was all panel and no world (trial8)
    expect_exit 2 "screenshot 400x320" -- "$ALIFE" screenshot --width 400 --height 320 --out "$TMP/s.png"
    expect_output "allowed: 720 to 8192" "a too narrow screenshot names the minimum"
    expect_true "nothing written for a refused screenshot" -- test ! -e "$TMP/s.png"
    expect_exit 2 "screenshot height 320" -- "$ALIFE" screenshot --height 320 --out "$TMP/s.png"
    expect_output "allowed: 480 to 8192" "a too low screenshot names the minimum"
fi
finish
