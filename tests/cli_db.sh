#!/usr/bin/env bash
# The run database through the alife program, as a user drives it:
#   bash tests/cli_db.sh /path/to/alife /path/to/source
# Part 1 needs no module: bad files are refused with exit 2 and left byte for
# byte unchanged, reads never create the database, --help tells the truth.
# Part 2 needs a module and a config in experiments/: `alife run` logs to the
# default results/runs.db (creating the folder), Ctrl-C (SIGINT) keeps every
# finished generation and marks the run interrupted, kill -9 leaves a run
# that `alife runs` shows as interrupted. (tests/test_session_log.c checks
# the same through the session with a test module, in every tree.)
set -u
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
TMP=$(mktemp -d /tmp/alife-cli-db-XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
failures=0

. "$SRC/tests/lib_expect.sh"

fingerprint() { echo "$(sha256sum <"$1") $(stat -c '%s %Y.%y' "$1")"; }

# ---- part 1: no module needed ----------------------------------------------------

printf 'gen,best\n0,1\nnot a database at all\n' >x.db
before=$(fingerprint x.db)
for cmd in "runs" "runs --json" "show 1" "export 1 --csv o.csv" "compare 1 2"; do
    # shellcheck disable=SC2086
    if expect_exit 2 "$ALIFE" $cmd --db x.db; then
        grep -q "x.db: not an alife run database" err || fail "$cmd: unclear message: $(cat err)"
    fi
done
# The writer refuses it too, before writing anything.
if ls "$SRC"/experiments/*/*.ini >/dev/null 2>&1; then
    cfg=$(ls "$SRC"/experiments/*/*.ini | head -1)
    expect_exit 2 "$ALIFE" run "$cfg" --db x.db --generations 1 --quiet &&
        grep -q "not an alife run database" err || fail "alife run --db x.db: $(cat err)"
fi
[ "$(fingerprint x.db)" = "$before" ] && ok "text file x.db refused, unchanged" ||
    fail "x.db was modified"
[ -e o.csv ] && fail "export created o.csv for a refused database"

expect_exit 2 "$ALIFE" runs && grep -q "results/runs.db: no such database" err ||
    fail "runs without a database: $(cat err)"
expect_exit 2 "$ALIFE" show 3 --db some/where.db
# A module that does not exist is a usage error, not "no foo runs" (exit 0).
expect_exit 0 "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --generations 2 --db m.db --quiet
expect_exit 2 "$ALIFE" runs --module foo --db m.db &&
    grep -q "unknown module 'foo' (allowed: steering, estrings, ants, xor, pole)" err ||
    fail "runs --module foo: $(cat err)"
[ -e results ] || [ -e some ] && fail "a read command created a folder or file"
ok "missing database reported, nothing created"

for cmd in runs show export compare; do
    expect_exit 0 "$ALIFE" "$cmd" --help && grep -q -- "--db PATH" out ||
        fail "$cmd --help lacks --db"
    expect_exit 2 "$ALIFE" "$cmd" --frobnicate
done
ok "help and bad options"

# ---- part 2: with a real module -------------------------------------------------------

configs=$(ls "$SRC"/experiments/*/*.ini 2>/dev/null)
runnable=""
for cfg in $configs; do
    if "$ALIFE" run "$cfg" --generations 2 --db probe.db --quiet >/dev/null 2>&1; then
        runnable="$runnable $cfg"
    fi
done
if [ -z "$runnable" ]; then
    echo "part 2 skipped: no experiments/*/*.ini runs in this tree (see test_session_log)"
    [ $failures -eq 0 ] && exit 0 || exit 1
fi

# The default path: results/runs.db, folder created.
cfg=$(echo $runnable | cut -d' ' -f1)
expect_exit 0 "$ALIFE" run "$cfg" --generations 3 --quiet
[ -f results/runs.db ] && ok "alife run created results/runs.db" || fail "no results/runs.db"
expect_exit 0 "$ALIFE" runs && grep -q finished out || fail "runs does not show the run: $(cat out)"
expect_exit 0 "$ALIFE" export 1 --csv one.csv
gens=$(grep -o '"generation_count":[0-9]*' <("$ALIFE" show 1 --json) | cut -d: -f2)
[ "$(($(wc -l <one.csv) - 1))" = "$gens" ] || fail "export rows != $gens generations"

# Two alife processes logging into one database at the same time.
"$ALIFE" run "$cfg" --generations 40 --db two.db --quiet --name first >first.out 2>&1 &
p1=$!
"$ALIFE" run "$cfg" --generations 40 --db two.db --quiet --name second --seed 2 >second.out 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
if [ $r1 -ne 0 ] || [ $r2 -ne 0 ]; then
    fail "concurrent runs exited $r1 and $r2: $(cat first.out second.out)"
else
    before_failures=$failures
    for id in 1 2; do
        json=$("$ALIFE" show $id --db two.db --json)
        name=$(echo "$json" | grep -o '"name":"[a-z]*"' | head -1 | cut -d'"' -f4)
        n=$(echo "$json" | grep -o '"generation_count":[0-9]*' | cut -d: -f2)
        status=$(echo "$json" | grep -o '"status":"[a-z]*"' | cut -d'"' -f4)
        said=$(grep -o '[0-9]* generations' "$name.out" 2>/dev/null | head -1 | cut -d' ' -f1)
        [ -n "$said" ] && [ "$n" = "$said" ] && [ "$status" = finished ] ||
            fail "concurrent run $id ($name): $status, $n generations in the database, $said reported"
    done
    [ $failures -eq $before_failures ] && ok "two concurrent alife run processes both logged everything"
fi

gen_count() { "$ALIFE" show "$1" --db sig.db --json 2>/dev/null | grep -o '"generation_count":[0-9]*' | cut -d: -f2; }
status_of() { "$ALIFE" show "$1" --db sig.db --json 2>/dev/null | grep -o '"status":"[a-z]*"' | cut -d'"' -f4; }

last_id() { "$ALIFE" runs --db sig.db --json 2>/dev/null | grep -o '"id":[0-9]*' | tail -1 | cut -d: -f2; }

# Starts a long run; waits until it has logged 2 generations. Sets pid and id.
start_long_run() {
    local before
    before=$(last_id)
    "$ALIFE" run "$1" --generations 100000000 --db sig.db --quiet >run.out 2>run.err &
    pid=$!
    id=""
    for _ in $(seq 1 600); do
        sleep 0.05
        id=$(last_id)
        [ -n "$id" ] && [ "$id" != "$before" ] && [ "$(gen_count "$id")" -ge 2 ] 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || return 1 # ended by itself (goal reached)
    done
    kill "$pid" 2>/dev/null # never logged 2 generations in time (a loaded machine):
    return 1                # stop it, or the caller's wait would hang for ever
}

# Stops a long run of one of the configs with signal $1 while it is still
# going (a config may reach its goal first: then the next one is tried).
# Sets id and rc; returns 1 if every config ended by itself first.
stop_a_run() {
    for cfg in $runnable; do
        start_long_run "$cfg" || { wait "$pid" 2>/dev/null; continue; }
        if ! kill -"$1" "$pid" 2>/dev/null; then
            wait "$pid" 2>/dev/null
            continue
        fi
        wait "$pid" 2>/dev/null
        rc=$?
        grep -q "finished:" run.out && continue # reached its goal before the signal
        return 0
    done
    return 1
}

if stop_a_run INT; then
    [ "$rc" -eq 1 ] || fail "alife run after SIGINT exited $rc, want 1"
    kept=$(grep -o '[0-9]* generations' run.out | head -1 | cut -d' ' -f1)
    [ "$(status_of "$id")" = interrupted ] || fail "run $id after SIGINT is $(status_of "$id")"
    [ "$(gen_count "$id")" = "$kept" ] && ok "SIGINT: run $id interrupted, all $kept finished generations kept" ||
        fail "SIGINT: database has $(gen_count "$id") generations, the run reported $kept"
else
    echo "SIGINT part skipped: every config reached its goal before the signal"
fi
if stop_a_run KILL; then
    [ "$(status_of "$id")" = interrupted ] && ok "kill -9: run $id shown interrupted" ||
        fail "kill -9: run $id shown $(status_of "$id")"
    [ "$(gen_count "$id")" -ge 2 ] || fail "kill -9: run $id kept $(gen_count "$id") generations"
    "$ALIFE" runs --db sig.db | grep -q running && fail "a dead run is listed as running"
else
    echo "kill -9 part skipped: every config reached its goal before the signal"
fi

[ $failures -eq 0 ] && echo "all passed" && exit 0
echo "$failures failure(s)"
exit 1
