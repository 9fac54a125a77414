#!/bin/bash
# EStrings from the command line: a lesson runs, solves and logs every
# generation with its best string as the genome; bad inputs exit 2 with a
# message naming the problem and write nothing to the database.
# usage: bash tests/cli_estrings.sh /path/to/alife /path/to/source
ALIFE=$1
SRC=$2
. "$SRC/tests/lib_cli.sh"

DB=$TMP/runs.db
q() { sqlite3 "$DB" "$1"; }

# ---- the default lesson solves and logs every generation ---------------------------
expect_exit 0 "hello.ini runs" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --db "$DB"
expect_output "goal reached" "hello.ini reaches its goal"
expect_output "solved after" "the summary says when it was solved"
expect_output "Hello, World!" "the summary shows the solved string"
gens=$(q "SELECT COUNT(*) FROM generations WHERE run = 1")
last=$(q "SELECT MAX(gen) FROM generations WHERE run = 1")
expect_equal "$((last + 1))" "$gens" "every generation 0..last is stored"
# One count everywhere: the summary counts generations as the header, the
# run line ("finished: N generations") and `alife show` do.
expect_output "finished: $gens generations" "the run line counts the stored generations"
expect_output "solved after $gens generations" "the summary counts them the same way"
expect_equal "$(q "SELECT COUNT(*) FROM genomes WHERE run = 1 AND rank = 0")" "$gens" "one best genome per generation"
expect_equal "$(q "SELECT CAST(genome AS TEXT) FROM genomes WHERE run = 1 AND gen = $last AND rank = 0")" "Hello, World!" \
    "the last generation's genome is the target"
expect_equal "$(q "SELECT best FROM generations WHERE run = 1 AND gen = $last")" "0.0" "the last best error is 0"
expect_equal "$(q "SELECT COUNT(*) FROM generations g JOIN genomes b ON b.run = g.run AND b.gen = g.gen
            WHERE g.run = 1 AND b.fitness <> g.best")" "0" "each stored genome carries the generation's best error"
expect_equal "$(q "SELECT COUNT(*) FROM generations WHERE run = 1 AND gen > 0 AND best > (SELECT best FROM generations p WHERE p.run = 1 AND p.gen = generations.gen - 1)")" \
    "0" "the best error never rises (elitism)"
expect_equal "$(q "SELECT status || ' ' || module FROM runs WHERE id = 1")" "finished estrings" "the run is finished"
expect_equal "$(q "SELECT value FROM params WHERE run = 1 AND key = 'estrings.target'")" "Hello, World!" "the target is a param"
evals=$(q "SELECT evaluations FROM generations WHERE run = 1 AND gen = $last")
[ "$evals" -gt 24 ] 2>/dev/null || fail "evaluations are counted (got '$evals')"

# The same seed gives the same generations; another seed differs.
expect_exit 0 "hello.ini again" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --db "$DB" --quiet
expect_equal "$(q "SELECT group_concat(best || '/' || mean, ' ') FROM generations WHERE run = 2")" \
    "$(q "SELECT group_concat(best || '/' || mean, ' ') FROM generations WHERE run = 1")" "same seed, same statistics"
expect_exit 0 "two threads" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --db "$DB" --quiet --threads 2 \
    --set estrings.population=2000
expect_exit 0 "one thread" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --db "$DB" --quiet --threads 1 \
    --set estrings.population=2000
# Bit for bit: the doubles' IEEE bits, not SQLite's 15-digit text of them.
bits() { q "SELECT group_concat(gen || ':' || hex(ieee754_to_blob(best)) || hex(ieee754_to_blob(mean)) ||
                 hex(ieee754_to_blob(worst)) || hex(ieee754_to_blob(stddev)), ' ') FROM generations WHERE run = $1"; }
expect_equal "$(bits 3)" "$(bits 4)" "1 and 2 threads give the same statistics, bit for bit"
checks=$((checks + 1))
[ "$(q "SELECT count(*) FROM generations WHERE run = 3")" -gt 1 ] || { echo "FAIL: run 3 logged too little"; failures=$((failures + 1)); }

# Every lesson file is valid and solves.
for f in "$SRC"/experiments/estrings/*.ini; do
    expect_exit 0 "$(basename "$f") runs" -- "$ALIFE" run "$f" --db "$TMP/lessons.db" --quiet
    expect_output "goal reached" "$(basename "$f") solves"
done

# A long target via --set (an INI line is limited), and a name.
long=$(printf 'abcdefghij%.0s' $(seq 1 20))
expect_exit 0 "a 200-character target via --set" -- "$ALIFE" run "$SRC/experiments/estrings/name.ini" --db "$TMP/l.db" \
    --quiet --generations 3 --set "estrings.target=$long"

# ---- bad input: exit 2, the problem named, nothing written ------------------------------
runs_before=$(q "SELECT COUNT(*) FROM runs")
bad() { # bad DESCRIPTION TEXT... -- ARGS...
    local what=$1
    shift
    local needles=()
    while [ "$1" != "--" ]; do
        needles+=("$1")
        shift
    done
    shift
    expect_exit 2 "$what exits 2" -- "$ALIFE" run "$SRC/experiments/estrings/hello.ini" --db "$DB" "$@"
    for n in "${needles[@]}"; do expect_output "$n" "$what names the problem"; done
}
bad "an empty target" "estrings.target" "1 to 4096" -- --set estrings.target=
bad "a non-ASCII character" "'é', character 4 of 'café'" "printable ASCII" "latin1 has it" -- --set "estrings.target=café"
checks=$((checks + 1))
! grep -q "byte" "$TMP/out" || fail "the bad character is named without bytes or offsets"
bad "a target over 4096 characters" "estrings.target" "4096" -- --set "estrings.target=$(head -c 4097 /dev/zero | tr '\0' x)"
bad "a population of 1" "estrings.population" "2 to" -- --set estrings.population=1
bad "a mutation rate above 1" "ga.mutation_rate" "0 to 1" -- --set ga.mutation_rate=1.5
bad "a negative crossover rate" "ga.crossover_rate" "0 to 1" -- --set ga.crossover_rate=-0.1
bad "elites filling the population" "ga.elites = 24" "estrings.population = 24" "elites x copies < population" -- --set ga.elites=24
bad "a float mutation for strings" "ga.mutation = 'gaussian'" "reset|creep" -- --set ga.mutation=gaussian
expect_equal "$(q "SELECT COUNT(*) FROM runs")" "$runs_before" "bad inputs write no run"
printf '[run]\nmodule = estrings\n[estrings]\ntarget = "naïve"\n' >"$TMP/bad.ini"
expect_exit 2 "a bad target in a file exits 2" -- "$ALIFE" run "$TMP/bad.ini" --db "$TMP/new.db"
expect_output "'ï'" "the file's bad character is named"
checks=$((checks + 1))
[ ! -e "$TMP/new.db" ] || fail "a refused config must not create the database"

# ---- the name lesson takes accented names ------------------------------------------------
expect_exit 0 "name.ini evolves José" -- "$ALIFE" run "$SRC/experiments/estrings/name.ini" --db "$TMP/name.db" --set estrings.target=José
expect_output "solved after" "José is solved"
expect_output "'José'" "the solved string reads as typed"
expect_equal "$(sqlite3 "$TMP/name.db" "SELECT length(genome) FROM genomes WHERE rank = 0 LIMIT 1")" "4" \
    "one gene per character: José is 4 genes"
expect_exit 2 "name.ini refuses the euro sign" -- "$ALIFE" run "$SRC/experiments/estrings/name.ini" --db "$TMP/name.db" --set "estrings.target=5 €"
expect_output "'€', character 3 of '5 €'" "the euro sign is named as typed, counted in characters"

# ---- the benchmark -------------------------------------------------------------------------
expect_exit 0 "bench estrings --json" -- "$ALIFE" bench estrings --pop 200 --len 32 --generations 50 --json
for k in '"pop": 200' '"len": 32' '"generations_per_s"' '"chars_per_s"' '"threads"'; do expect_output "$k" "bench JSON has $k"; done
expect_exit 0 "bench estrings --converge" -- "$ALIFE" bench estrings --converge --seeds 5 --json
expect_output '"all_converged": true' "five seeds converge"
expect_output '"evaluations_median"' "convergence JSON has the median"
expect_exit 2 "bench estrings bad --pop" -- "$ALIFE" bench estrings --pop 1
expect_output "--pop" "the bad option is named"

# Caught: a target outside the alphabet printed its context (the --set and the
# file line of estrings.alphabet) twice before the message.
expect_exit 2 "a target outside the alphabet" -- "$ALIFE" run "$SRC/experiments/estrings/name.ini" \
    --set 'estrings.target=A€B' --db "$TMP/ctx.db" --quiet
expect_output "is not in the alphabet" "the message says why"
expect_equal "$(grep -o -- '--set estrings.target=A€B' "$TMP/out" | wc -l)" 1 "the --set is named once"
expect_equal "$(grep -o -- 'name.ini:[0-9]*' "$TMP/out" | wc -l)" 1 "the file line is named once"

finish
