#!/bin/bash
# `alife --help` tells the truth about which algorithms evolve each module:
# it said pole is solved "by neuroevolution with CMA-ES or the GA" while
# pole (and ants) also run under NEAT. What each module takes is asked of
# the program (`alife config --module M --set run.algorithm=A` accepts or
# refuses the pair), not written here: a module that takes any algorithm
# but the default GA names every one it takes, and no module's description
# names one it refuses. `alife gui --help` names the keys a newcomer needs.
# usage: bash tests/cli_help_algorithms.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

expect_exit 0 "config --list" -- "$ALIFE" config --list
modules=$(awk '$1 == "run.module" { for (i = 1; i < NF; ++i) if ($i == "range") print $(i + 1) }' "$TMP/out")
algorithms=$(awk '$1 == "run.algorithm" { for (i = 1; i < NF; ++i) if ($i == "range") print $(i + 1) }' "$TMP/out")
IFS='|' read -r -a mods <<<"$modules"
IFS='|' read -r -a algos <<<"$algorithms"
expect_true "several algorithms ($algorithms)" -- [ "${#algos[@]}" -ge 3 ]

expect_exit 0 "alife --help" -- "$ALIFE" --help
# The description paragraph as one line.
desc=$(awk '/^alife is /,/^$/' "$TMP/out" | tr '\n' ' ' | tr -s ' ')
expect_true "the help describes the modules" -- [ -n "$desc" ]

# What the help calls each algorithm (a regular expression).
words() {
    case $1 in
    ga) echo '(\bGA\b|genetic algorithm)' ;;
    neat) echo '\bNEAT\b' ;;
    cmaes) echo '\bCMA-ES\b' ;;
    *) echo "\\b$1\\b" ;;
    esac
}

# Module m's words in the description: from "m (" to the next module's "name (".
module_text() {
    local m=$1
    DESC=$desc MODS=$modules M=$m perl -e '
        my ($d, $m) = ($ENV{DESC}, $ENV{M});
        my $next = join("|", grep { $_ ne $m } split(/\|/, $ENV{MODS}));
        print $1 if $d =~ /\b\Q$m\E \((.*?)(?=\b(?:$next) \(|$)/s;'
}

for m in "${mods[@]}"; do
    text=$(module_text "$m")
    expect_true "the help describes module $m" -- [ -n "$text" ]
    takes=()
    for a in "${algos[@]}"; do
        if "$ALIFE" config --module "$m" --set "run.algorithm=$a" >/dev/null 2>&1; then takes+=("$a"); fi
    done
    expect_true "module $m takes some algorithm" -- [ "${#takes[@]}" -ge 1 ]
    for a in "${algos[@]}"; do
        w=$(words "$a")
        if [[ " ${takes[*]} " == *" $a "* ]]; then
            if [ "${takes[*]}" != "ga" ]; then
                expect_true "the help says $m runs under $a (it does): '$text'" -- grep -Eq -- "$w" <<<"$text"
            fi
        else
            expect_true "the help does not say $m runs under $a (it refuses it): '$text'" -- \
                bash -c '! grep -Eq -- "$1" <<<"$2"' _ "$w" "$text"
        fi
    done
done
# the case that was wrong: pole under NEAT, taken and said
expect_exit 0 "pole takes NEAT" -- "$ALIFE" config --module pole --set run.algorithm=neat
text=$(module_text pole)
expect_true "pole's description names NEAT: '$text'" -- grep -q NEAT <<<"$text"

if "$ALIFE" gui --help >"$TMP/out" 2>&1; then
    # the keys line names the keys a newcomer needs, as the help overlay does
    expect_output "H, F1 or ? every key" "gui --help: H, F1 and ? show every key"
    expect_output "L the lesson" "gui --help: L shows the lesson"
    expect_output "N one tick, Shift+N one generation" "gui --help: N is one tick, Shift+N a generation"
    expect_output "E evolve on" "gui --help: E evolves on past the limit"
    expect_output "C compare" "gui --help: C compares runs"
    expect_output "each keeps its run" "gui --help: a mode key keeps the mode's run"
    expect_output "Tab plots the next" "gui --help: the plot shows a figure, Tab the next"
else
    echo "note: built without the GUI; gui --help not checked"
fi

finish
