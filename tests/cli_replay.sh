#!/bin/bash
# alife replay: runs of every module, finished and interrupted, with hostile
# but valid config values, replay bit for bit (--check says "identical",
# exit 0); one tampered stored value is reported with exit 1; runs that
# cannot be replayed (another version, edited by hand, nothing stored) are
# refused with exit 2 and the reason. Also: why a run stopped (output and
# runs.stop_reason), and store failures reaching the user.
# usage: bash tests/cli_replay.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

DB=$TMP/runs.db
q() { sqlite3 "$DB" "$1"; }
E=$SRC/experiments
last_id() { q "SELECT max(id) FROM runs"; }

expect_exit 0 "replay --help" -- "$ALIFE" replay --help
expect_output "--check" "replay --help names --check"
expect_output "cannot be replayed" "replay --help says which runs cannot be replayed"
expect_exit 0 "alife --help" -- "$ALIFE" --help
expect_output "replay" "alife --help lists replay"

# ---- every module, finished runs -------------------------------------------------
check_identical() { # check_identical DESCRIPTION RUN [extra args]
    local what=$1 run=$2
    shift 2
    expect_exit 0 "$what: replay --check" -- "$ALIFE" replay "$run" --check --db "$DB" "$@"
    expect_output "identical" "$what: replay --check says identical"
}
run_and_check() { # run_and_check DESCRIPTION CONFIG [run args]
    local what=$1 cfg=$2
    shift 2
    expect_exit 0 "$what: run" -- "$ALIFE" run "$cfg" --db "$DB" --quiet "$@"
    check_identical "$what" "$(last_id)"
}

run_and_check "estrings hello (solved)" "$E/estrings/hello.ini"
run_and_check "estrings weasel, 2 threads" "$E/estrings/weasel.ini" --generations 30 --threads 2
check_identical "estrings weasel replayed with 1 thread" "$(last_id)" --threads 1
run_and_check "estrings stalled" "$E/estrings/hello.ini" --set ga.stall_generations=3 --set ga.mutation_rate=0
for f in boids seek path obstacles_walls fish; do
    run_and_check "steering $f" "$E/steering/$f.ini" --generations 3
done
run_and_check "steering with a tick limit" "$E/steering/wander.ini" --steps 150
run_and_check "ants default" "$E/ants/default.ini" --generations 3
run_and_check "ants mines" "$E/ants/mines.ini" --generations 2 --threads 2
check_identical "ants mines replayed with 1 thread" "$(last_id)" --threads 1

# Every lesson of every module, two generations each.
for f in "$E"/*/*.ini; do
    run_and_check "lesson $(basename "$(dirname "$f")")/$(basename "$f")" "$f" --generations 2
done

# Without --check: a re-run that prints its summary and writes nothing.
before=$(q "SELECT count(*) FROM runs")
expect_exit 0 "replay without --check" -- "$ALIFE" replay 1 --db "$DB"
expect_output "replayed run 1" "replay prints what it replayed"
expect_output "Hello, World!" "replay of the solved run solves it again"
expect_equal "$(q "SELECT count(*) FROM runs")" "$before" "replay writes no run to the database"

# ---- hostile but valid values ---------------------------------------------------
# Each must survive the run -> database -> replay path exactly.
hostile=('a=b=c' ' leading spaces' 'trailing spaces  ' '"in quotes"' 'say "hi" twice' '#hash first'
    'x # y' ';semicolon first' 'Hello, Grace' "it's" '[section]' '~!@$%^&*()_+{}|:<>?`-=\\')
for t in "${hostile[@]}"; do
    run_and_check "target '$t'" "$E/estrings/hello.ini" --generations 4 --set "estrings.target=$t"
    # the stored param is the value given (quotes around the whole value are
    # INI syntax and not part of it)
    want=$t
    [ "${t:0:1}" = '"' ] && [ "${t: -1}" = '"' ] && want=${t:1:${#t}-2}
    expect_equal "$(q "SELECT value FROM params WHERE run = $(last_id) AND key = 'estrings.target'")" "$want" \
        "target '$t' is stored as given"
done
run_and_check "steering with a hostile name" "$E/steering/seek.ini" --generations 2 --name 'n;a#m=e "x"'
run_and_check "ants with a hostile name" "$E/ants/default.ini" --generations 2 --name ' a = b # c, "d" '

# Values that did not read back from the stored INI before helper config's
# round trip fix (issue 11 hole 1): ' ; ' inside a value, and a 4,096-character
# target, longer than an INI line used to be.
long=$(printf 'abcdefghij%.0s' $(seq 1 409))abcdef # 4,096 characters, the maximum
for t in 'Hi ; there' 'a ;b; c ;' "$long" " $long"; do
    t=${t:0:4096}
    run_and_check "target '${t:0:20}' (${#t} characters)" "$E/estrings/hello.ini" --generations 3 --set "estrings.target=$t"
    expect_equal "$(q "SELECT value FROM params WHERE run = $(last_id) AND key = 'estrings.target'")" "$t" \
        "target '${t:0:20}' is stored as given"
done

# ---- interrupted runs: replayed up to the last stored generation --------------------
gens_of() { q "SELECT count(*) FROM generations WHERE run = $1"; }
interrupt_run() { # interrupt_run SIGNAL CONFIG: a long run stopped after >= 3 generations
    local before pid id=""
    before=$(last_id)
    "$ALIFE" run "$2" --generations 100000000 --db "$DB" --quiet >"$TMP/run.out" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do
        sleep 0.05
        id=$(last_id)
        [ "$id" != "$before" ] && [ "$(gens_of "$id")" -ge 3 ] 2>/dev/null && break
    done
    kill -"$1" $pid
    wait $pid
    echo "$id"
}
id=$(interrupt_run INT "$E/steering/boids.ini")
expect_equal "$(q "SELECT status || ' ' || stop_reason FROM runs WHERE id = $id")" "interrupted interrupted" \
    "a SIGINT run is interrupted, and says why"
check_identical "interrupted steering run" "$id"
expect_output "up to the last stored generation" "the interrupted run is replayed up to its last stored generation"
id=$(interrupt_run KILL "$E/ants/default.ini")
check_identical "ants run killed with -9" "$id"

# ---- tampering: one stored value changed is reported, exit 1 ------------------------------
tamper() { # tamper DESCRIPTION RUN SQL WANT
    local what=$1 run=$2
    cp "$DB" "$TMP/t.db"
    sqlite3 "$TMP/t.db" "$3"
    expect_exit 1 "$what: replay --check" -- "$ALIFE" replay "$run" --check --db "$TMP/t.db"
    expect_output "different" "$what: says different"
    expect_output "$4" "$what: names generation and field"
}
tamper "a mean 1 ulp off" 1 "UPDATE generations SET mean = mean * (1 + 2.3e-16) WHERE run = 1 AND gen = 5" \
    "generation 5, mean: stored"
tamper "a best genome byte" 1 "UPDATE genomes SET genome = CAST('Hellp' || substr(CAST(genome AS TEXT), 6) AS BLOB)
    WHERE run = 1 AND gen = (SELECT max(gen) FROM generations WHERE run = 1)" "best genome: byte 4"
steer=$(q "SELECT min(id) FROM runs WHERE module = 'steering'")
tamper "a steering figure" "$steer" "UPDATE figures SET value = value + 0.5 WHERE run = $steer AND gen = 1 AND
    name = (SELECT min(name) FROM figures WHERE run = $steer)" "generation 1, figure"
ants=$(q "SELECT min(id) FROM runs WHERE module = 'ants'")
tamper "an ants evaluation count" "$ants" "UPDATE generations SET evaluations = evaluations + 1 WHERE run = $ants AND gen = 2" \
    "generation 2, evaluations: stored"
tamper "a generation dropped from a finished run" 1 \
    "DELETE FROM generations WHERE run = 1 AND gen = (SELECT max(gen) FROM generations WHERE run = 1)" "the replay goes on"

# A GUI run that went on past run.generations (E: evolve on) replays as far
# as it went: as if a run of 3 generations had been made with a limit of 2.
cp "$DB" "$TMP/t.db"
sqlite3 "$TMP/t.db" "UPDATE runs SET config = replace(config, char(10) || 'generations = 3', char(10) || 'generations = 2') WHERE id = $ants;
    UPDATE params SET value = '2' WHERE run = $ants AND key = 'run.generations'"
expect_equal "$(sqlite3 "$TMP/t.db" "SELECT count(*) FROM generations WHERE run = $ants")" "3" "the ants run has 3 generations"
check_identical "a run that went past its stored generation limit" "$ants" --db "$TMP/t.db"

# ---- runs that cannot be replayed: exit 2 with the reason ---------------------------
refused() { # refused DESCRIPTION RUN SQL WANT
    cp "$DB" "$TMP/t.db"
    [ -n "$3" ] && sqlite3 "$TMP/t.db" "$3"
    expect_exit 2 "$1" -- "$ALIFE" replay "$2" --check --db "$TMP/t.db"
    expect_output "$4" "$1: says why"
}
refused "another version" 1 "UPDATE runs SET version = '0.0.9' WHERE id = 1" "made by alife 0.0.9"
refused "edited by hand in the window" "$steer" \
    "INSERT INTO edits(run, gen, tick, what) VALUES($steer, 1, 77, 'target moved')" "changed by hand"
expect_output "generation 1, tick 77: target moved" "the edit's when and what are named"
expect_exit 0 "show the edited run" -- "$ALIFE" show "$steer" --db "$TMP/t.db"
expect_output "edited    by hand in the window, 1 time, first at generation 1, tick 77: target moved" \
    "show says it was edited, when and what"
refused "nothing stored" 1 "DELETE FROM generations WHERE run = 1" "no generation stored"
refused "an unknown run" 999 "" "no run 999"
expect_exit 2 "no run given" -- "$ALIFE" replay --db "$DB"
expect_exit 2 "a missing database" -- "$ALIFE" replay 1 --check --db "$TMP/none.db"
[ -e "$TMP/none.db" ] && fail "replay created a missing database"

# ---- a version 1 database (before stop_reason and edits) --------------------------------
V1=$TMP/v1.db
cp "$DB" "$V1"
sqlite3 "$V1" "DROP VIEW run_summary; DROP VIEW run_status; DROP VIEW generations_wide;
    DROP TABLE claims; DROP TABLE edits; DROP INDEX generations_by_gen; DROP INDEX params_by_key;
    DROP INDEX runs_by_sweep; ALTER TABLE runs DROP COLUMN stop_reason;
    ALTER TABLE runs DROP COLUMN sweep; ALTER TABLE runs DROP COLUMN sweep_group;
    ALTER TABLE runs DROP COLUMN heartbeat; ALTER TABLE params DROP COLUMN num;
    PRAGMA user_version = 1"
expect_exit 0 "a version 1 database is read without migrating it" -- "$ALIFE" runs --db "$V1"
check_identical "a run of a version 1 database" 1 --db "$V1"
expect_equal "$(sqlite3 "$V1" "PRAGMA user_version")" "1" "reading did not migrate it"
expect_exit 0 "logging into a version 1 database" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$V1" --quiet
expect_equal "$(sqlite3 "$V1" "PRAGMA user_version")" "3" "logging migrated it to version 3"
expect_equal "$(sqlite3 "$V1" "SELECT count(*) FROM edits")" "0" "with an edits table"
expect_equal "$(sqlite3 "$V1" "SELECT stop_reason FROM runs WHERE id = (SELECT max(id) FROM runs)")" "solved" \
    "and a stop_reason column"

# ---- why a run stopped (issue 11 hole 3) ------------------------------------------------------
# Caught: a stalled, unsolved string run printed "goal reached".
expect_exit 0 "a stalled run" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$DB" --set ga.stall_generations=3 \
    --set ga.mutation_rate=0
expect_output "stopped: stalled" "a stalled run says it stalled"
checks=$((checks + 1))
grep -q "goal reached" "$TMP/out" && fail "a stalled, unsolved run says 'goal reached': $(cat "$TMP/out")"
expect_equal "$(q "SELECT stop_reason FROM runs WHERE id = $(last_id)")" "stalled" "runs.stop_reason: stalled"
expect_exit 0 "show the stalled run" -- "$ALIFE" show "$(last_id)" --db "$DB"
expect_output "stopped   stalled" "show says why it stopped"
expect_exit 0 "a solved run" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$DB"
expect_output "stopped: solved, goal reached" "a solved run says solved"
expect_equal "$(q "SELECT stop_reason FROM runs WHERE id = $(last_id)")" "solved" "runs.stop_reason: solved"
expect_exit 0 "a run to its generation limit" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$DB" --generations 4
expect_output "stopped: generation limit" "a run at its generation limit says so"
expect_equal "$(q "SELECT stop_reason FROM runs WHERE id = $(last_id)")" "generations" "runs.stop_reason: generations"
expect_exit 0 "a run to its tick limit" -- "$ALIFE" run "$E/steering/seek.ini" --db "$DB" --steps 100
expect_output "stopped: tick limit" "a run at its tick limit says so"
expect_equal "$(q "SELECT stop_reason FROM runs WHERE id = $(last_id)")" "steps" "runs.stop_reason: steps"

# ---- store failures reach the user (issue 11 hole 4) ----------------------------------------------
# Caught: a failed insert part-way through generation 3 left its generations
# row in the batch, committed at the end; a failed end-of-run write exited 0.
F=$TMP/fault.db
expect_exit 0 "a database for the faults" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$F" --quiet --generations 1
sqlite3 "$F" "CREATE TRIGGER fault_fig BEFORE INSERT ON figures WHEN NEW.gen = 3
    BEGIN SELECT RAISE(ABORT, 'injected figure fault'); END;"
expect_exit 1 "a figure insert fails in generation 3" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$F" --quiet
expect_output "injected figure fault" "the store's error reaches the user"
expect_output "generation 3" "the error names the generation"
id=$(sqlite3 "$F" "SELECT max(id) FROM runs")
expect_equal "$(sqlite3 "$F" "SELECT count(*) || ' ' || max(gen) FROM generations WHERE run = $id")" "3 2" \
    "generations 0..2 are stored whole, nothing of generation 3"
expect_equal "$(sqlite3 "$F" "SELECT count(*) FROM genomes WHERE run = $id AND gen >= 3")" "0" "no genome of generation 3"
expect_equal "$(sqlite3 "$F" "SELECT status || ' ' || stop_reason FROM runs WHERE id = $id")" "failed failed" \
    "the run is marked failed"
check_identical "the failed run's stored generations" "$id" --db "$F"
sqlite3 "$F" "DROP TRIGGER fault_fig; CREATE TRIGGER fault_end BEFORE UPDATE OF status ON runs
    WHEN NEW.status = 'finished' BEGIN SELECT RAISE(ABORT, 'injected end fault'); END;"
expect_exit 1 "the end-of-run write fails" -- "$ALIFE" run "$E/estrings/hello.ini" --db "$F" --quiet
expect_output "injected end fault" "the end-of-run failure reaches the user"
expect_output "NOT fully stored" "the summary does not claim the run is stored"

finish
