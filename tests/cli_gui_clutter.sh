#!/bin/bash
# The window logs experiments, not looking around: a run that finished no
# generation (modes shown and left, a steering scenario switched away from
# before its first report, a steering run closed at once) leaves no row in
# the run database, and a brain replay (--brain) logs nothing; a run with a
# finished generation is kept (as interrupted when the window closes).
# A quarter of an hour of window use had logged 18 runs. Skipped in a build
# without the GUI.
# usage: bash tests/cli_gui_clutter.sh /path/to/alife /path/to/source
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
skip_without_gui
cd "$SRC" || exit 1

runs() { sqlite3 "$1" "SELECT count(*) FROM runs"; }

# 1. Plain window (ants), steering and XOR shown for a few frames, none
# finishing a generation (strings and the pole finish one within a frame or two).
printf 'at 2 key 1\nat 4 key 4\nat 6 key 3\nat 8 quit\n' >"$TMP/modes.txt"
expect_exit 0 "a tour of the modes" -- \
    "$ALIFE" gui --offscreen --script "$TMP/modes.txt" --db "$TMP/modes.db"
expect_equal "$(runs "$TMP/modes.db")" 0 "modes shown and left without a generation leave no run"

# 2. A steering run closed before its first report period.
printf 'at 5 quit\n' >"$TMP/quit.txt"
expect_exit 0 "a steering window closed at once" -- \
    "$ALIFE" gui experiments/steering/seek.ini --offscreen --script "$TMP/quit.txt" --db "$TMP/s.db"
expect_equal "$(runs "$TMP/s.db")" 0 "a steering run with 0 report periods leaves no run"

# 3. A scenario switched away from at once, the next one watched for 2 reports.
printf 'at 3 key ]\nat gen 2 quit\n' >"$TMP/switch.txt"
expect_exit 0 "a scenario switch" -- \
    "$ALIFE" gui experiments/steering/boids.ini --offscreen --script "$TMP/switch.txt" --db "$TMP/sw.db"
expect_equal "$(runs "$TMP/sw.db")" 1 "only the scenario that ran is logged"
sc=$(sqlite3 "$TMP/sw.db" "SELECT value FROM params WHERE key = 'steering.scenario'")
[ -n "$sc" ] && [ "$sc" != boids ] || fail "the logged run is the scenario switched to, not boids (got '$sc')"
expect_equal "$(sqlite3 "$TMP/sw.db" "SELECT count(*) FROM generations")" 2 "with its 2 report periods"

# 4. A run with a finished generation stays, interrupted.
printf 'at gen 1 quit\n' >"$TMP/gen1.txt"
expect_exit 0 "an ants window closed after a generation" -- \
    "$ALIFE" gui --offscreen --script "$TMP/gen1.txt" --db "$TMP/a.db" --set ants.ticks=60
expect_equal "$(sqlite3 "$TMP/a.db" "SELECT status || ' ' || (SELECT count(*) FROM generations) FROM runs")" \
    "interrupted 1" "a run with a finished generation is kept"

# 5. A brain replay logs no run, however long it is watched.
expect_exit 0 "a run to take a brain from" -- \
    "$ALIFE" run experiments/ants/default.ini --set ants.ticks=60 --generations 2 --db "$TMP/b.db" --quiet
expect_exit 0 "exporting its best ant" -- \
    "$ALIFE" export 1 --genome -1 --out "$TMP/ant.brain" --db "$TMP/b.db"
# (a brain replay evolves nothing: the script counts frames, not generations)
printf 'at 120 quit\n' >"$TMP/watch.txt"
expect_exit 0 "replaying the brain" -- \
    "$ALIFE" gui --brain "$TMP/ant.brain" --offscreen --script "$TMP/watch.txt" --db "$TMP/r.db"
expect_equal "$( [ -f "$TMP/r.db" ] && runs "$TMP/r.db" || echo 0)" 0 "a brain replay logs no run"
finish
