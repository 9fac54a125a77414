#!/bin/bash
# One rule for a database file that cannot be used: exit 2, as for a missing
# database, whether the file is not SQLite at all or is a damaged alife
# database (a runtime failure, exit 1, is one met while working: a write
# that fails, a full disk). A damaged file exited 1 and a non-SQLite file 2
# (cli2). Every command says what is wrong and leaves the file unchanged.
# usage: bash tests/cli_bad_db.sh /path/to/alife /path/to/source
ALIFE=$(realpath "$1")
SRC=$(realpath "$2")
. "$SRC/tests/lib_cli.sh"
cd "$TMP" || exit 1

HELLO="$SRC/experiments/estrings/hello.ini"
"$ALIFE" run "$HELLO" --generations 2 --quiet --db good.db >/dev/null 2>&1 || fail "no good.db"
"$ALIFE" run "$HELLO" --generations 2 --seed 2 --quiet --db good.db >/dev/null 2>&1 || fail "no 2nd run"
sqlite3 good.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null 2>&1
# damaged: the schema table's page type byte (page 1, after the 100-byte
# file header) overwritten, so that no table can be read
cp good.db damaged.db
printf '\377' | dd of=damaged.db bs=1 seek=100 conv=notrunc 2>/dev/null
[ "$(sqlite3 damaged.db 'PRAGMA quick_check(1)' 2>&1)" != ok ] || fail "the damage did not take"
head -c 4096 /dev/urandom | tr -d '\0' >not_sqlite.db
printf 'SQLite? no: a text file\n' >>not_sqlite.db

for f in damaged.db not_sqlite.db; do
    sum=$(sha256sum <"$f")
    for args in "runs" "show 1" "export 1 --csv out.csv" "replay 1 --check" "compare 1 2"; do
        # shellcheck disable=SC2086 # the words are the command's arguments
        expect_exit 2 "$args on $f" -- "$ALIFE" $args --db "$f"
        expect_output "$f: " "$args on $f names the file"
    done
    expect_exit 2 "run into $f" -- "$ALIFE" run "$HELLO" --generations 2 --quiet --db "$f"
    expect_exit 2 "sweep into $f" -- "$ALIFE" sweep "$HELLO" --seeds 1-2 --generations 2 --db "$f"
    expect_exit 2 "merge from $f" -- "$ALIFE" db merge "$f" --into merged.db
    expect_exit 2 "merge into $f" -- "$ALIFE" db merge good.db --into "$f"
    expect_equal "$(sha256sum <"$f")" "$sum" "$f was not changed"
done
expect_exit 2 "run into the damaged file" -- "$ALIFE" run "$HELLO" --generations 2 --quiet --db damaged.db
expect_output "damaged" "run says the file is damaged"
expect_exit 0 "runs --help" -- "$ALIFE" runs --help
expect_output "damaged" "runs --help says a damaged file exits 2 too"
expect_exit 0 "run --help" -- "$ALIFE" run --help
expect_output "damaged" "run --help says a damaged file exits 2 too"
finish
