#!/bin/bash
# A run started in the window with `alife gui --from RUN[:GEN]` is stored by
# one rule (src/app/from_run.h): it records the run it continues and GEN,
# stores only the generations it evolves itself, GEN on, numbered as in that
# run, and no run at all when the window closes before one finished. Every
# command honours it: show says where it starts, replay --check replays it
# from the stored run's population at GEN, export states the range it has,
# compare says its curve starts at GEN. Skipped in a build without the GUI.
# usage: bash tests/cli_gui_from.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
cd "$SRC" || exit 1

runs() { sqlite3 "$1" "SELECT count(*) FROM runs"; }
gens() { sqlite3 "$1" "SELECT group_concat(gen, ',') FROM (SELECT gen FROM generations WHERE run = $2 ORDER BY gen)"; }

# The stored run: 15 ants generations, a population stored with each.
ANTS=$TMP/ants.db
expect_exit 0 "an ants run of 15 generations" -- \
    "$ALIFE" run experiments/ants/default.ini --set run.generations=15 --db "$ANTS" --quiet

# 1. --from 1:10, one generation (Shift+N), quit: the run holds generation
# 10 alone, continues run 1 there, and replays, shows and exports as such.
printf 'at 2 key shift+n\nat gen 11 quit\n' >"$TMP/one.txt"
expect_exit 0 "--from 1:10, one generation" -- \
    "$ALIFE" gui --from 1:10 --db "$ANTS" --offscreen --script "$TMP/one.txt"
expect_equal "$(gens "$ANTS" 2)" "10" "the continued run stores the generation it evolved, numbered as in run 1"
expect_equal "$(sqlite3 "$ANTS" "SELECT from_run || ':' || from_gen FROM runs WHERE id = 2")" "1:10" \
    "the run records where it starts"
expect_exit 0 "show of the continued run" -- "$ALIFE" show 2 --db "$ANTS"
expect_output "continues run 1 from generation 10" "show says where it starts"
expect_exit 0 "replay --check of the continued run" -- "$ALIFE" replay 2 --check --db "$ANTS"
expect_output "identical: run 2" "it replays exactly"
expect_output "from the stored population of generation 10" "from run 1's stored population at 10"
expect_exit 2 "export of a generation before the continued run's start" -- \
    "$ALIFE" export 2 --genome 9 --out "$TMP/b9.txt" --db "$ANTS"
expect_output "allowed: 10 to 10" "export states the range the run has"
expect_output "export generation 9 from run 1" "and where generation 9 is"
expect_exit 0 "export of the continued run's own generation" -- \
    "$ALIFE" export 2 --genome 10 --out "$TMP/b10.txt" --db "$ANTS"

# 2. Opened after run 1's last generation (plain RUN, and RUN:15) and closed
# without evolving one: nothing stored, no copy of run 1's generation 14.
printf 'at 2 state\nat gen 15 quit\n' >"$TMP/none.txt"
expect_exit 0 "--from 1, closed at once" -- \
    "$ALIFE" gui --from 1 --db "$ANTS" --offscreen --script "$TMP/none.txt"
expect_exit 0 "--from 1:15, closed at once" -- \
    "$ALIFE" gui --from 1:15 --db "$ANTS" --offscreen --script "$TMP/none.txt"
expect_equal "$(runs "$ANTS")" "2" "a window closed before evolving a generation stores no run"
# ... and with one generation past the limit: generation 15 only (J to 16:
# at the limit Shift+N refuses as F does, test_gui_limit_shift_n).
printf 'at gen 15 key j\nat gen 15 type "16"\nat gen 15 key return\nat gen 16 quit\n' >"$TMP/past.txt"
expect_exit 0 "--from 1:15, one generation" -- \
    "$ALIFE" gui --from 1:15 --db "$ANTS" --offscreen --script "$TMP/past.txt"
expect_equal "$(gens "$ANTS" 3)" "15" "from the last generation: only the one evolved"
expect_exit 0 "replay --check from the population before GEN" -- "$ALIFE" replay 3 --check --db "$ANTS"
expect_output "identical: run 3" "it replays exactly (from generation 14's population, one generation on)"
expect_exit 0 "compare of run 1 and the continued run" -- "$ALIFE" compare 1 3 --db "$ANTS"
expect_output "run 3 continues run 1 from generation 15" "compare says the curve starts at GEN"

# A version 2 database (before from_run and from_gen): --from migrates it
# and records where its run starts.
V2=$TMP/v2.db
sqlite3 "$ANTS" ".backup '$V2'"
sqlite3 "$V2" "PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id > 1; ALTER TABLE runs DROP COLUMN from_run;
    ALTER TABLE runs DROP COLUMN from_gen; PRAGMA user_version = 2"
expect_exit 0 "show of a version 2 database" -- "$ALIFE" show 1 --db "$V2"
expect_exit 0 "--from 1:10 into a version 2 database" -- \
    "$ALIFE" gui --from 1:10 --db "$V2" --offscreen --script "$TMP/one.txt"
expect_equal "$(sqlite3 "$V2" "PRAGMA user_version")" "3" "it was migrated to version 3"
expect_equal "$(sqlite3 "$V2" "SELECT from_run || ':' || from_gen FROM runs WHERE id > 1")" "1:10" \
    "and its run records where it starts"

# 3. A module that cannot resume from a stored population (estrings): the
# window re-simulates from the seed, and stores none of that way there.
STR=$TMP/str.db
expect_exit 0 "an estrings run of 8 generations" -- \
    "$ALIFE" run experiments/estrings/hello.ini --set run.generations=8 --db "$STR" --quiet
printf 'at gen 5 key shift+n\nat gen 6 quit\n' >"$TMP/str.txt"
expect_exit 0 "--from 1:5 of estrings, one generation" -- \
    "$ALIFE" gui --from 1:5 --db "$STR" --offscreen --script "$TMP/str.txt"
expect_equal "$(gens "$STR" 2)" "5" "the re-simulated generations 0-4 are not stored again"
expect_exit 0 "replay --check of the re-simulated continuation" -- "$ALIFE" replay 2 --check --db "$STR"
expect_output "identical: run 2" "it replays exactly, from the seed as the window did"
# 4. The run it continues is gone: deleted, or left out of a merge (which
# leaves from_run NULL). replay says the start is missing (exit 2, a run
# that cannot be replayed), not that the replay differs (or crashes).
GONE=$TMP/gone.db
sqlite3 "$STR" ".backup '$GONE'"
sqlite3 "$GONE" "PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = 1"
expect_exit 2 "replay --check of a run whose parent was deleted" -- "$ALIFE" replay 2 --check --db "$GONE"
expect_output "run 1 is not in" "it says the parent run is missing"
expect_true "no difference claimed" -- sh -c "! grep -q 'different' '$TMP/out'"
MERGED=$TMP/merged.db
expect_exit 0 "a merge of the continued run without its parent" -- "$ALIFE" db merge "$GONE" --into "$MERGED"
expect_equal "$(sqlite3 "$MERGED" "SELECT ifnull(from_run, 'NULL') || ':' || from_gen FROM runs")" "NULL:5" \
    "the merge leaves from_run NULL"
expect_exit 2 "replay --check of a merged run without its parent" -- "$ALIFE" replay 1 --check --db "$MERGED"
expect_output "that run is not in this database" "it says the parent run is missing"
expect_true "no difference claimed" -- sh -c "! grep -q 'different' '$TMP/out'"
expect_exit 0 "show of it" -- "$ALIFE" show 1 --db "$MERGED"
expect_output "continues from generation 5 another run, not in this database" "show says where it starts"
expect_exit 2 "replay of it without --check" -- "$ALIFE" replay 1 --db "$MERGED"
expect_output "its start cannot be had" "plain replay says so too"
finish
