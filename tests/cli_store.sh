#!/usr/bin/env bash
# The run database under hostile conditions (issue 12):
#   bash tests/cli_store.sh /path/to/alife /path/to/source
# in-memory paths refused at once (no hang), ...
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1
CFG=$SRC/experiments/estrings/hello.ini

# ---- 1. a database that cannot be WAL: a clear error, never a hang -----------
for db in "" ":memory:" "file:x?mode=memory"; do
    expect_exit 2 "run --db '$db' ends with a usage error" -- \
        timeout -k 5 20 "$ALIFE" run "$CFG" --generations 2 --quiet --db "$db"
    expect_output "in-memory" "run --db '$db' says why"
    expect_exit 2 "sweep --db '$db' ends with a usage error" -- \
        timeout -k 5 20 "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db "$db"
    expect_output "in-memory" "sweep --db '$db' says why"
done
# A filesystem without shared memory cannot hold a WAL database: SQLite's
# unix-none VFS behaves so anywhere (journal_mode=WAL answers 'delete').
expect_exit 1 "a file that cannot be WAL: a runtime error" -- \
    timeout -k 5 20 "$ALIFE" run "$CFG" --generations 2 --quiet --db "file:nowal.db?vfs=unix-none"
expect_output "cannot use WAL journal mode" "no WAL: says why"
# timeout sends SIGTERM: the sweep must end by itself within its 5 s.
timeout -k 5 5 "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db "" >out 2>&1
rc=$?
checks=$((checks + 1))
[ "$rc" != 124 ] && [ "$rc" != 137 ] || fail "timeout 5 alife sweep --db '' did not end (exit $rc)"

# ---- 5. reading needs no write access ----------------------------------------
# As root, chmod does not stop us: read as nobody (setpriv) from a folder
# nobody cannot write, and through a read-only bind mount (unshare -rm).
mkdir -p ro/db wout
"$ALIFE" run "$CFG" --generations 3 --quiet --db ro/db/r.db >/dev/null 2>&1
"$ALIFE" run "$CFG" --generations 3 --seed 2 --quiet --db ro/db/r.db >/dev/null 2>&1
chmod 755 "$TMP" ro
chmod 777 wout
chmod 555 ro/db
chmod 444 ro/db/r.db
readers() { # $1: a prefix command (or ""), $2: description
    local pre=$1 what=$2
    # shellcheck disable=SC2086
    expect_exit 0 "$what: runs" -- $pre "$ALIFE" runs --db ro/db/r.db
    expect_output "finished" "$what: runs lists the runs"
    # shellcheck disable=SC2086
    expect_exit 0 "$what: show" -- $pre "$ALIFE" show 1 --db ro/db/r.db
    # shellcheck disable=SC2086
    expect_exit 0 "$what: export" -- $pre "$ALIFE" export 1 --db ro/db/r.db --csv wout/e.csv
    # shellcheck disable=SC2086
    expect_exit 0 "$what: compare" -- $pre "$ALIFE" compare 1 2 --db ro/db/r.db
    rm -f wout/m.db*
    # shellcheck disable=SC2086
    expect_exit 0 "$what: merge from it" -- $pre "$ALIFE" db merge ro/db/r.db --into wout/m.db
    expect_output "2 runs added" "$what: merge copied both runs"
}
# Merging INTO a database that cannot be written is a runtime failure (1),
# not a usage error, and the message names the target (issue 12 item 15).
"$ALIFE" run "$CFG" --generations 2 --seed 7 --quiet --db s.db >/dev/null 2>&1
chmod 644 s.db
merge_into_ro() { # $1: a prefix command (or ""), $2: description, $3: target
    local pre=$1 what=$2 into=$3
    # shellcheck disable=SC2086
    expect_exit 1 "$what: merge into it" -- $pre "$ALIFE" db merge s.db --into "$into"
    expect_output "$into" "$what: the merge failure names the target"
    expect_output "read-only" "$what: the merge failure says the target cannot be written"
}
if [ "$(id -u)" != 0 ]; then
    "$ALIFE" run "$CFG" --generations 2 --quiet --db rofile.db >/dev/null 2>&1
    chmod 444 rofile.db
    merge_into_ro "" "read-only file" rofile.db
    expect_equal "$(sqlite3 rofile.db 'SELECT count(*) FROM runs')" 1 "nothing merged into it"
fi
if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
    # the test is real only if nobody indeed cannot write there
    if $NOBODY touch ro/db/probe 2>/dev/null; then
        fail "nobody can write ro/db: the read-only test proves nothing"
    else
        readers "$NOBODY" "read-only folder"
        merge_into_ro "$NOBODY" "read-only file in a read-only folder" ro/db/r.db
        merge_into_ro "$NOBODY" "a new file in a read-only folder" ro/db/new.db
        # nobody's own file, but its folder cannot hold the WAL's -wal file
        chmod 755 ro/db && cp s.db ro/db/own.db && chown 65534 ro/db/own.db && chmod 555 ro/db
        expect_exit 1 "merge into a writable file in a read-only folder" -- \
            $NOBODY "$ALIFE" db merge s.db --into ro/db/own.db
        expect_output "cannot merge into ro/db/own.db" "the WAL failure names the target"
    fi
else
    echo "SKIP: setpriv cannot switch to nobody: read-only folder not tested"
fi
chmod 755 ro/db
if unshare -rm true 2>/dev/null; then
    cat >ro.sh <<EOS
mount --bind -o ro "$TMP/ro/db" "$TMP/ro/db" || exit 99
touch "$TMP/ro/db/probe" 2>/dev/null && exit 98
exec "\$@"
EOS
    MNT="unshare -rm bash $TMP/ro.sh"
    $MNT true
    case $? in
    0)
        readers "$MNT" "read-only mount"
        merge_into_ro "$MNT" "read-only mount" ro/db/r.db
        merge_into_ro "$MNT" "a new file on a read-only mount" ro/db/new.db
        ;;
    *) echo "SKIP: cannot make a read-only bind mount here" ;;
    esac
else
    echo "SKIP: unshare -rm unavailable: read-only mount not tested"
fi

# ---- 2. each sweep cell runs once ---------------------------------------------
ANTS=$SRC/experiments/ants/default.ini
expect_exit 2 "a value listed twice is an error" -- \
    "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db dup.db --set ga.mutation_rate=0.1,0.1
expect_output "given twice" "duplicate value: says why"
expect_exit 2 "0.1 and 0.10 are one value" -- \
    "$ALIFE" sweep "$CFG" --seeds 1-2 --generations 2 --db dup.db \
    --set ga.mutation_rate=0.05,0.1,0.10
[ -e dup.db ] && fail "a refused sweep created its database"

# Two identical sweeps started at once: every cell finished exactly once.
for i in 1 2; do
    # (a wide bound: under ASan on a busy machine 300 s was too short)
    timeout -k 5 1200 "$ALIFE" sweep "$ANTS" --seeds 1-4 --generations 30 -j 1 --db two.db \
        --set ga.mutation_rate=0.05,0.1 >"two$i.out" 2>&1 &
done
wait
cells=$(sqlite3 two.db "SELECT count(*) FROM (SELECT DISTINCT sweep_group, seed FROM runs)")
runs=$(sqlite3 two.db "SELECT count(*) FROM runs")
finished=$(sqlite3 two.db "SELECT count(*) FROM runs WHERE status = 'finished'")
expect_equal "$cells" 8 "two concurrent sweeps: 2 groups x 4 seeds"
expect_equal "$runs" 8 "two concurrent sweeps: each cell run once (runs: $runs)"
expect_equal "$finished" 8 "two concurrent sweeps: all finished"
expect_equal "$(sqlite3 two.db 'SELECT count(*) FROM claims')" 0 "no claim left behind"

# kill -9 of the sweep: its children end with it, the rerun completes the
# sweep without running any cell twice.
SWEEP_K=("$ALIFE" sweep "$ANTS" --seeds 1-4 --generations 120 -j 2 --db k.db --name k)
"${SWEEP_K[@]}" >k1.out 2>&1 &
parent=$!
for _ in $(seq 1 300); do # until both first runs are logging
    n=$(sqlite3 k.db "SELECT count(*) FROM runs WHERE status = 'running'" 2>/dev/null)
    [ "${n:-0}" -ge 2 ] && break
    sleep 0.1
done
pids=$(sqlite3 k.db "SELECT pid FROM runs WHERE status = 'running'")
kill -9 "$parent"
wait "$parent" 2>/dev/null
alive=""
for _ in $(seq 1 50); do # the kernel delivers the parent-death signal at once
    alive=""
    for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
    [ -z "$alive" ] && break
    sleep 0.1
done
checks=$((checks + 1))
[ -n "$pids" ] || fail "kill -9 test: no run was running"
[ -z "$alive" ] || { fail "kill -9 of the sweep left children running:$alive"; kill -9 $alive; }
# The dead sweep's claims are still there: the rerun must take them over.
left=$(sqlite3 k.db "SELECT count(*) FROM claims")
checks=$((checks + 1))
[ "${left:-0}" -ge 1 ] || fail "kill -9 test: the killed sweep left no claim to take over"
expect_exit 0 "rerun after kill -9 completes the sweep" -- timeout -k 5 300 "${SWEEP_K[@]}"
dups=$(sqlite3 k.db "SELECT count(*) FROM (SELECT seed FROM runs WHERE status = 'finished'
                     GROUP BY seed HAVING count(*) > 1)")
expect_equal "$dups" 0 "rerun after kill -9: no cell finished twice"
expect_equal "$(sqlite3 k.db "SELECT count(DISTINCT seed) FROM runs WHERE status = 'finished'")" 4 \
    "rerun after kill -9: every cell finished"
expect_equal "$(sqlite3 k.db "SELECT count(*) FROM run_status WHERE status = 'running'")" 0 \
    "rerun after kill -9: nothing reads running"

# ---- 4. a damaged database is never written into -----------------------------
"$ALIFE" run "$CFG" --generations 20 --quiet --db dmg.db >/dev/null 2>&1
"$ALIFE" run "$CFG" --generations 20 --seed 2 --quiet --db dmg.db >/dev/null 2>&1
[ -e dmg.db-checked ] || fail "a clean close left no dmg.db-checked"
expect_exit 0 "a sound database is written into" -- \
    "$ALIFE" run "$CFG" --generations 2 --seed 3 --quiet --db dmg.db
# Deterministic damage: the cell count of the genomes table's root page set
# to 0xffff (runs does not read that table, so it can still list).
ps=$(sqlite3 dmg.db "PRAGMA page_size")
root=$(sqlite3 dmg.db "SELECT rootpage FROM sqlite_master WHERE name = 'genomes'")
cp -p dmg.db dmg.ref
printf '\377\377' | dd of=dmg.db bs=1 seek=$(((root - 1) * ps + 3)) conv=notrunc 2>/dev/null
touch -r dmg.ref dmg.db # even with its mtime put back
[ "$(sqlite3 dmg.db 'PRAGMA quick_check(1)')" != ok ] || fail "the damage did not take"
sum=$(sha256sum <dmg.db)
expect_exit 2 "run refuses a damaged database (a bad file: exit 2, cli_bad_db.sh)" -- \
    "$ALIFE" run "$CFG" --generations 2 --quiet --db dmg.db
expect_output "damaged" "run: says the database is damaged"
expect_output "nothing was written" "run: says nothing was written"
expect_exit 2 "sweep refuses a damaged database" -- \
    "$ALIFE" sweep "$CFG" --seeds 5-6 --generations 2 --db dmg.db
expect_output "damaged" "sweep: says the database is damaged"
expect_equal "$(sha256sum <dmg.db)" "$sum" "the damaged database was not written"
expect_exit 0 "runs lists a damaged database" -- "$ALIFE" runs --db dmg.db
expect_output "warning: dmg.db: the database is damaged" "runs warns"
expect_exit 0 "show reads a damaged database" -- "$ALIFE" show 1 --db dmg.db
expect_output "warning" "show warns"
expect_exit 0 "compare reads a damaged database" -- "$ALIFE" compare 1 2 --db dmg.db
expect_output "warning: dmg.db: the database is damaged" "compare warns"

# ---- 7. docs/database.md's examples hold on a real sweep ------------------------
"$ALIFE" sweep "$CFG" --seeds 1-3 --set ga.mutation_rate=0.02,0.1 --generations 20 \
    --db demo.db >/dev/null 2>&1
example() { # the code block after <!-- example: $1 --> in docs/database.md
    awk -v want="<!-- example: $1 -->" '
        $0 == want { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }' "$SRC/docs/database.md"
}
example sqlite3 >ex.sql
[ -s ex.sql ] || fail "docs/database.md lacks the sqlite3 example"
expect_exit 0 "the sqlite3 shell example runs" -- sqlite3 demo.db -init ex.sql .quit
expect_output "best_string" "sqlite3 example: the genome query"
expect_output "mean_final_best" "sqlite3 example: the group query"
PY=/usr/bin/python3 # Debian's, with python3-pandas (scripts/deps.sh)
[ -x "$PY" ] || PY=$(command -v python3)
if [ -n "$PY" ]; then
    example python-sqlite3 >ex1.py
    expect_exit 0 "the Python sqlite3 example runs" -- "$PY" ex1.py demo.db
    expect_output "ga.mutation_rate=0.02: 3 runs, mean final best" "Python example: per group"
    expect_output "best string:" "Python example: genome decoded"
    if "$PY" -c "import pandas" 2>/dev/null; then
        example python-pandas >ex2.py
        expect_exit 0 "the pandas example runs" -- "$PY" ex2.py demo.db
        expect_output "ga.mutation_rate=0.1" "pandas example: the groups"
    else
        echo "SKIP: pandas is not installed ($PY): the pandas example of docs/database.md is not run"
    fi
else
    echo "SKIP: no python3: the Python examples of docs/database.md are not run"
fi

# ---- a --db in a missing folder ----------------------------------------------
# The folder that holds the file is made when missing (results/ in a fresh
# folder), one level only: a typo further up is an error, not a new tree.
expect_exit 0 "--db in a new folder of an existing one" -- \
    "$ALIFE" run "$CFG" --generations 2 --quiet --db newdir/n.db
[ -f newdir/n.db ] || fail "the database in the new folder was not written"
checks=$((checks + 1))
expect_exit 2 "--db two missing folders deep is a usage error" -- \
    "$ALIFE" run "$CFG" --generations 2 --quiet --db nonexist/dir/x.db
expect_output "nonexist/dir does not exist" "the error names the missing folder"
[ -e nonexist ] && fail "a refused --db created the folder nonexist"
checks=$((checks + 1))

finish
