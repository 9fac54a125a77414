# Helpers for the shell-level CLI tests; sourced by tests/cli_*.sh.
# Usage in a test: ALIFE=$1 SRC=$2; . "$SRC/tests/lib_cli.sh"
set -u
failures=0
checks=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/alife-cli.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# expect_exit CODE DESCRIPTION -- CMD...: runs CMD, checks its exit status;
# its stdout+stderr is left in $TMP/out for expect_output.
expect_exit() {
    local want=$1 what=$2
    shift 3
    checks=$((checks + 1))
    "$@" >"$TMP/out" 2>&1
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: exit $got, wanted $want: $*"
        sed 's/^/    /' "$TMP/out" | head -20
        failures=$((failures + 1))
    fi
}

# expect_output TEXT DESCRIPTION: the last command's output contains TEXT.
expect_output() {
    checks=$((checks + 1))
    if ! grep -qF -- "$1" "$TMP/out"; then
        echo "FAIL: $2: output lacks '$1'"
        sed 's/^/    /' "$TMP/out" | head -20
        failures=$((failures + 1))
    fi
}

# expect_equal GOT WANT DESCRIPTION
expect_equal() {
    checks=$((checks + 1))
    if [ "$1" != "$2" ]; then
        echo "FAIL: $3: got '$1', wanted '$2'"
        failures=$((failures + 1))
    fi
}

# fail DESCRIPTION: a check written in the test itself failed.
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# expect_true DESCRIPTION -- CMD...: CMD must succeed.
expect_true() {
    local what=$1
    shift 2
    checks=$((checks + 1))
    if ! "$@"; then
        echo "FAIL: $what: $*"
        failures=$((failures + 1))
    fi
}

# has_gui: whether $ALIFE was built with the GUI (`alife gui --help` says
# "has no GUI" in a build configured with -DALIFE_GUI=OFF).
has_gui() {
    ! "$ALIFE" gui --help 2>&1 | grep -q "has no GUI"
}

# skip_without_gui: in a build without the GUI, says SKIP and ends the test
# (exit 0: nothing of it can run there).
skip_without_gui() {
    has_gui && return 0
    echo "SKIP: built without the GUI"
    exit 0
}

finish() {
    echo "$((checks - failures)) passed, $failures failed"
    [ "$failures" = 0 ]
}
