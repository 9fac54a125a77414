#!/bin/bash
# The steering figures fleeing, target_distance and contacts are columns of
# the generations_wide view (schema version 3), as the older figures are;
# they were stored in figures but missing from the view. A version 2 file
# (as the binaries before it wrote it) is read as it is and gains the
# columns, its rows kept, the first time it is opened for logging.
# usage: bash tests/cli_db_steering_figures.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$SRC" || exit 1
E=experiments/steering
DB=$TMP/runs.db
q() { sqlite3 "$1" "$2" 2>&1; }

# 1. A new file: every steering figure stored is a column of the view.
expect_exit 0 "collision" -- "$ALIFE" run $E/collision.ini --set run.generations=3 --db "$DB" --quiet
expect_exit 0 "pursuit" -- "$ALIFE" run $E/pursuit_evade.ini --set run.generations=3 --db "$DB" --quiet
expect_exit 0 "flee" -- "$ALIFE" run $E/flee.ini --set run.generations=3 --db "$DB" --quiet
expect_equal "$(q "$DB" "PRAGMA user_version")" "3" "the schema is version 3"
expect_equal "$(q "$DB" "SELECT group_concat(w.gen || '=' || w.contacts, ' ') FROM generations_wide w WHERE run = 1")" \
    "$(q "$DB" "SELECT group_concat(gen || '=' || value, ' ') FROM figures WHERE run = 1 AND name = 'contacts'")" \
    "contacts: the view's column is the stored figure"
expect_equal "$(q "$DB" "SELECT count(*) FROM generations_wide WHERE run = 2 AND target_distance > 0")" "3" \
    "target_distance of pursuit's 3 generations"
expect_equal "$(q "$DB" "SELECT count(*) FROM generations_wide WHERE run = 3 AND fleeing IS NOT NULL")" "3" \
    "fleeing of flee's 3 generations"
expect_equal "$(q "$DB" "SELECT count(*) FROM generations_wide WHERE run = 1 AND target_distance IS NULL")" "3" \
    "NULL where the scenario has no such figure"

# 2. A version 2 file, its view and runs table as version 2 made them (no
# from_run, from_gen): read without a change,
# migrated by the first logging run, its old runs in the new columns.
V2=$TMP/v2.db
cp "$DB" "$V2"
VIEW2=$(q "$DB" "SELECT sql FROM sqlite_master WHERE name = 'generations_wide'" |
    sed -e 's/, *(SELECT f.value[^)]*fleeing'"'"') AS "fleeing"//' \
        -e 's/, *(SELECT f.value[^)]*target_distance'"'"') AS "target_distance"//' \
        -e 's/, *(SELECT f.value[^)]*contacts'"'"') AS "contacts"//')
q "$V2" "DROP VIEW generations_wide; $VIEW2; ALTER TABLE runs DROP COLUMN from_run;
    ALTER TABLE runs DROP COLUMN from_gen; PRAGMA user_version = 2" >/dev/null
expect_equal "$(q "$V2" "PRAGMA user_version")" "2" "the copy is a version 2 file"
expect_true "its view lacks contacts" -- bash -c "! sqlite3 '$V2' 'SELECT contacts FROM generations_wide' 2>/dev/null"
expect_exit 0 "alife runs reads a version 2 file" -- "$ALIFE" runs --db "$V2"
expect_equal "$(q "$V2" "PRAGMA user_version")" "2" "reading did not migrate it"
expect_exit 0 "logging into a version 2 file" -- "$ALIFE" run $E/collision.ini --set run.generations=2 --db "$V2" --quiet
expect_equal "$(q "$V2" "PRAGMA user_version")" "3" "logging migrated it to version 3"
expect_equal "$(q "$V2" "SELECT count(*) FROM generations_wide WHERE contacts IS NOT NULL")" "5" \
    "contacts of the old run's 3 generations and the new run's 2"
expect_equal "$(q "$V2" "SELECT count(*) FROM generations_wide WHERE target_distance IS NOT NULL")" "3" \
    "target_distance of the old pursuit run"
expect_equal "$(q "$V2" "SELECT count(*) FROM runs")" "4" "the old runs kept"
finish
