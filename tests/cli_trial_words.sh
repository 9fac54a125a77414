#!/bin/bash
# What the last fresh-eyed trial (issue 10) found the command line and the
# compare picker saying wrong, each on bad input as a user meets it:
#  - C in a --no-log window ignored --db, though its own hint suggests --db;
#  - the picker's "best" was the last generation's, `alife runs`' the run's;
#  - `gui --from` a steering run spoke of generations and genomes;
#  - `--from` a pole run said "module pole cannot resume";
#  - E past the limit and E again was stored "generation limit";
#  - a read-only database said "attempt to write a readonly database";
#  - `--from :3` said "no run  in DB";
#  - `alife run nope.ini` said "alife:", other commands "alife CMD:";
#  - counts said "1 runs", "1 generations";
#  - `bench estrings --converge` ignored --pop.
# usage: bash tests/cli_trial_words.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$SRC" || exit 1
export SDL_VIDEODRIVER=offscreen

# One form for every error: "alife CMD: ..." (run said "alife: ...").
expect_exit 2 "run of a missing config" -- "$ALIFE" run "$TMP/nope.ini" --db "$TMP/x.db"
expect_true "run's error says 'alife run:'" -- grep -q "^alife run: .*nope.ini: cannot open config file" "$TMP/out"
expect_exit 2 "config of a missing file" -- "$ALIFE" config "$TMP/nope.ini"
expect_true "config's error says 'alife config:'" -- grep -q "^alife config: " "$TMP/out"
expect_exit 2 "bench estrings of a missing config" -- "$ALIFE" bench estrings --converge --config "$TMP/nope.ini"
expect_true "bench's error says 'alife bench estrings:'" -- grep -q "^alife bench estrings: " "$TMP/out"
expect_exit 2 "show of a missing database" -- "$ALIFE" show 1 --db "$TMP/none.db"
expect_true "show's error says 'alife show:'" -- grep -q "^alife show: " "$TMP/out"

# Counts: "1 run added", "1 generation added".
ONE=$TMP/one.db
expect_exit 0 "a run of one generation" -- "$ALIFE" run experiments/estrings/hello.ini --generations 1 --db "$ONE" --quiet
expect_exit 0 "merge of one database" -- "$ALIFE" db merge "$ONE" --into "$TMP/merged.db"
expect_output "merged 1 database into" "one database"
expect_output ": 1 run added," "one run"
expect_output ", 1 generation added" "one generation"
expect_true "no '1 runs' or '1 generations'" -- bash -c "! grep -q '\b1 runs\|\b1 generations' '$TMP/out'"

expect_exit 0 "bench pole of one seed" -- "$ALIFE" bench pole --seeds 1
expect_output "pole double: 1 seed from 1," "one seed"
expect_exit 0 "bench cmaes of one seed" -- "$ALIFE" bench cmaes --seeds 1
expect_output ", 1 seed from 1" "one seed"

# bench estrings --converge --pop N runs population N (it ran the config's).
expect_exit 1 "converge with --pop 7" -- \
    "$ALIFE" bench estrings --converge --pop 7 --seeds 1 --generations 2 --set estrings.target=Hello_World_Hello
expect_output "population 7," "--converge honours --pop"
expect_exit 0 "bench estrings --help" -- "$ALIFE" bench estrings --help
expect_output "--converge the config's" "--help says --pop's default for --converge"

# A read-only database: a writer says it cannot write, and what to do.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    AS=(setpriv --reuid=65534 --regid=65534 --clear-groups) # root writes any file: as nobody
else
    AS=()
fi
if [ "$(id -u)" != 0 ] || [ ${#AS[@]} -gt 0 ]; then
    mkdir -p "$TMP/ro" && cp "$ONE" "$TMP/ro/ro.db" && chmod 444 "$TMP/ro/ro.db" && chmod 755 "$TMP/ro"
    chmod 755 "$TMP"
    [ ${#AS[@]} -gt 0 ] && chown -R 65534 "$TMP/ro" && chmod 444 "$TMP/ro/ro.db"
    expect_exit 1 "run into a read-only database" -- \
        "${AS[@]}" "$ALIFE" run experiments/estrings/hello.ini --db "$TMP/ro/ro.db" --quiet
    expect_output "ro.db: cannot write the database: the file is read-only" "says it cannot write, and why"
    expect_output "chmod u+w" "and what to do"
    expect_true "no SQLite jargon" -- bash -c "! grep -q 'attempt to write' '$TMP/out'"
    expect_equal "$(sqlite3 "$TMP/ro/ro.db" 'SELECT count(*) FROM runs')" 1 "nothing was written"
    # The trial's case: a writable file in a folder that cannot hold its
    # -wal and -shm files ("cannot read the database: attempt to write").
    mkdir -p "$TMP/rof" && cp "$ONE" "$TMP/rof/w.db" && chmod 644 "$TMP/rof/w.db"
    if [ ${#AS[@]} -gt 0 ]; then chown 65534 "$TMP/rof/w.db"; else chmod 555 "$TMP/rof"; fi
    expect_exit 1 "run into a database in a read-only folder" -- \
        "${AS[@]}" "$ALIFE" run experiments/estrings/hello.ini --db "$TMP/rof/w.db" --quiet
    expect_output "w.db: cannot write the database: the folder holding it" "says the folder is read-only"
    expect_true "not 'cannot read ... attempt to write'" -- bash -c "! grep -q 'cannot read\|attempt to write' '$TMP/out'"
    chmod 755 "$TMP/rof"
else
    echo "SKIP: the read-only database (root, and no setpriv to drop it)"
fi

has_gui || { finish; exit; }

# --from :3 (no run before the colon): a clear usage error.
expect_exit 2 "--from :3" -- "$ALIFE" gui --from :3 --db "$ONE" --offscreen --script /dev/null
expect_output "--from :3: no run before the ':'" "names what is missing"

# --from a steering run: a plain refusal that says why.
ST=$TMP/steer.db
expect_exit 0 "a steering run" -- "$ALIFE" run experiments/steering/boids.ini --generations 2 --db "$ST" --quiet
printf 'at 2 state\nat 3 quit\n' >"$TMP/q.txt"
expect_exit 2 "--from a steering run" -- "$ALIFE" gui --from 1 --db "$ST" --no-log --offscreen --script "$TMP/q.txt"
expect_output "run 1 is a steering run, and steering has no generations or population to open at" "says why"
expect_true "no genome words" -- bash -c "! grep -q 'genome\|re-simulated' '$TMP/out'"

# --from a pole run: says exactly what is restored and why not loaded.
PO=$TMP/pole.db
expect_exit 0 "a pole run" -- "$ALIFE" run experiments/pole/single.ini --generations 3 --db "$PO" --quiet
expect_exit 0 "--from a pole run" -- "$ALIFE" gui --from 1:2 --db "$PO" --no-log --offscreen --script "$TMP/q.txt"
expect_output "generations 0 to 1 run again" "what is restored: the way there, run again"
expect_output "a pole run stores each generation's best genome only, not the population" "why it is not loaded"
expect_true "not 'cannot resume'" -- bash -c "! grep -q 'cannot resume' '$TMP/out'"

# E past the limit, then E again: the run ends where it is, stored as E's end.
EE=$TMP/e.db
printf 'at 1 key e\nat gen 8 key e\nat 400 state\nat 401 quit\n' >"$TMP/e.txt"
expect_exit 0 "E, then E again at 8 of 5" -- "$ALIFE" gui experiments/estrings/hello.ini \
    --set estrings.target=An_evolved_string_takes_time_to_be_found --set run.generations=5 \
    --db "$EE" --offscreen --script "$TMP/e.txt"
expect_output '"banner":"ENDED BY E: 8 generations' "the window says E ended it"
expect_equal "$(sqlite3 "$EE" 'SELECT stop_reason FROM runs')" "limit_again" "the stored reason is E's"
expect_exit 0 "show of it" -- "$ALIFE" show 1 --db "$EE"
expect_output "ended at generation 8 when E brought back its limit (run.generations = 5)" "show says what ended it"
expect_true "not 'generation limit'" -- bash -c "! grep -q 'stopped   generation limit' '$TMP/out'"
expect_exit 0 "replay --check of it" -- "$ALIFE" replay 1 --check --db "$EE"
expect_output "identical: run 1" "it replays to the same end"

# C in a --no-log window lists --db's runs; its "best" is the run's best
# over all generations, as 'alife runs' says (here 8, the last is 6).
AN=$TMP/ants.db
expect_exit 0 "an ants run" -- "$ALIFE" run experiments/ants/default.ini --set run.generations=4 --set ants.ticks=200 \
    --db "$AN" --quiet
RUNBEST=$(sqlite3 "$AN" 'SELECT max(best) FROM generations')
LASTBEST=$(sqlite3 "$AN" 'SELECT best FROM generations ORDER BY gen DESC LIMIT 1')
[ "$RUNBEST" != "$LASTBEST" ] || fail "the fixture's last best ($LASTBEST) should differ from its run best"
printf 'at 5 key c\nat 6 state\nat 7 quit\n' >"$TMP/c.txt"
expect_exit 0 "C with --no-log --db" -- "$ALIFE" gui experiments/ants/default.ini --no-log --db "$AN" \
    --offscreen --script "$TMP/c.txt"
expect_output '"compare":{"listed":1,' "C lists --db's run without logging"
expect_exit 0 "C with --db" -- "$ALIFE" gui experiments/ants/default.ini --db "$AN" --offscreen --script "$TMP/c.txt"
expect_output "best ${RUNBEST%.0}  " "the picker's best is the run's best"
expect_exit 0 "runs" -- "$ALIFE" runs --db "$AN"
expect_true "runs says the same best" -- bash -c "grep -q ' ${RUNBEST%.0} ' '$TMP/out'"
finish
