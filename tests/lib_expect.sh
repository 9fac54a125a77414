# Helpers shared by the CLI tests that run commands into ./out and ./err in
# their own temporary folder; sourced after `cd "$TMP"` and `failures=0`.

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# expect_exit CODE CMD... : runs CMD, output into out/err, checks the status.
expect_exit() {
    local want=$1
    shift
    "$@" >out 2>err
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "'$*' exited $got, want $want; stderr: $(head -c 300 err)"
        return 1
    fi
    return 0
}
