#!/bin/bash
# The first error is the one that matters most: a command given a run that
# does not exist (or a database that does not exist) says so before any
# complaint about its other options. `alife export 999` asked "where to?"
# (no --csv) before saying there is no run 999 (cli2).
# usage: bash tests/cli_first_error.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"

DB="$TMP/one.db"
"$ALIFE" run "$SRC/experiments/estrings/hello.ini" --generations 2 --quiet --db "$DB" >/dev/null 2>&1 ||
    fail "the one run could not be stored"

# first_line_says WANT DESCRIPTION -- CMD...: CMD exits 2 and its first line says WANT
first_line_says() {
    local want=$1 what=$2
    shift 2
    expect_exit 2 "$what" "$@"
    case $(head -1 "$TMP/out") in
    *"$want"*) ;;
    *) fail "$what: the first line '$(head -1 "$TMP/out")' does not say '$want'" ;;
    esac
}

for args in "export 999" "export 999 --genome 1" "export 999 --genome x --out b.brain" \
    "show 999 --json --config" "compare 999 --plot curves.txt" "replay 999"; do
    # shellcheck disable=SC2086 # the words are the command's arguments
    first_line_says "no run 999 in" "alife $args" -- "$ALIFE" $args --db "$DB"
done
for args in "export 1" "show 1 --json --config"; do
    # shellcheck disable=SC2086
    first_line_says "no such database" "alife $args on a missing database" -- "$ALIFE" $args --db "$TMP/none.db"
done
# with the run there, the usage error is what is left to say
first_line_says "where to?" "export 1 without --csv" -- "$ALIFE" export 1 --db "$DB"
first_line_says "exclude each other" "show 1 --json --config" -- "$ALIFE" show 1 --json --config --db "$DB"
first_line_says "must end in .png" "compare 1 --plot curves.txt" -- "$ALIFE" compare 1 --plot curves.txt --db "$DB"
finish
